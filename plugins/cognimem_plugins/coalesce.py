"""Concurrent small encode calls share one forward pass.

A transformer's forward pass over a few tokens is bound by reading its weights (MiniLM reads
about 40 MB of them per pass), not by arithmetic: eight short queries in one pass cost little
more than one. The owner daemon runs its clients' searches (and their write groups) side by
side in threads, each embedding a query of a few tokens. Here the first caller to arrive runs
the pass (the leader); callers that arrive meanwhile queue, and when the pass ends the next
leader takes everything queued, up to ``max_texts`` texts, in one pass. Nothing waits on a
timer: a lone call runs at once, and a queued one waits at most for the pass before it.
The next leader is a caller that is still waiting: once a leader's own call is served it
hands its lane to the first queued caller (waking its thread) and returns, rather than
running other callers' passes while its own caller waits for them (under 32 agents that
held 6% of the searches back by more than 40 ms after their vectors were ready).

Calls of one text (a search's query) go first: a pass takes the queued queries, and only
when none is queued the calls of several texts (a write group's memories), never both in
one pass, so a query waits behind at most one pass, never for the memories queued before
it (with 32 agents, recall p50 fell by a third; docs/benchmarks.md, "Many agents").

Up to ``lanes`` passes run at once (the embedders' ``lanes`` option, default 2), each led by
a caller. numpy releases the interpreter lock inside its matrix products, so a second lane
is a second core at work; one lane is then kept for queries (calls of several texts run in
at most ``lanes - 1`` passes at a time) and queries queued together are shared out over the
lanes that are not in a write group's pass (with the other lane in one, a pass takes every
queued query rather than leave half of them waiting for that lane's piece to end). Smaller
passes cost more CPU per text, so on a machine whose cores are already busy a second lane
trades write latency for query latency.

A pass of several texts runs in pieces of ``piece`` texts, and between two pieces its leader
runs the queries queued meanwhile first: a query waits behind at most one piece of a write
group's memories, not the whole group (a pass of 8 costs ~4% more CPU per text than one of 16).

Large calls (more than ``max_texts`` texts: an import, a re-index) bypass the queue and run on
their own, so a search never waits behind a bulk load's whole embedding.

This serves passes run in the calling process. In the owner daemon, once the embedder's
worker processes are up, its calls go to them directly and each worker batches the calls it
receives the same way (:mod:`cognimem_plugins.encoder_worker`).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


@dataclass
class _Request:
    texts: Sequence[str]
    done: threading.Event = field(default_factory=threading.Event)
    result: Vectors | None = None
    error: BaseException | None = None
    heir: bool = False  # woken to take over a lane (its caller leads next)


def _served(request: _Request) -> bool:
    return request.result is not None or request.error is not None


class Coalescer:
    """Call ``encode`` with the texts of calls that overlap in time, in one pass.

    :param max_texts: texts per pass (larger calls run on their own, at once).
    :param lanes: passes that may run at once. Calls of one text (a search's query) come
        first; with two or more lanes one is theirs: calls of several texts (a write group's
        memories) run in at most ``lanes - 1`` passes at a time, so a query never waits
        behind a group's pass, only behind other queries.
    :param piece: texts per piece of a pass of several texts; the queries queued meanwhile
        run between two pieces.
    """

    def __init__(self, encode: Callable[[Sequence[str]], Vectors], max_texts: int = 64,
                 lanes: int = 1, piece: int = 8) -> None:
        if max_texts < 1:
            raise ValueError(f"max_texts must be >= 1, got {max_texts}")
        if lanes < 1:
            raise ValueError(f"lanes must be >= 1, got {lanes}")
        if piece < 1:
            raise ValueError(f"piece must be >= 1, got {piece}")
        self._encode = encode
        self.max_texts = max_texts
        self.lanes = lanes
        self.piece = piece
        self._lock = threading.Lock()
        self._queue: deque[_Request] = deque()  # calls of one text
        self._wide: deque[_Request] = deque()  # calls of several texts
        self._leaders = 0  # passes under way or about to be (at most ``lanes``)
        self._wide_passes = 0  # of them, passes of the wide queue
        #: passes run and calls served by them (how much sharing happened)
        self.passes = 0
        self.calls = 0

    def __call__(self, texts: Sequence[str]) -> Vectors:
        if len(texts) > self.max_texts:
            return self._encode(texts)
        request = _Request(texts)
        with self._lock:
            if len(texts) > 1:
                self._wide.append(request)
            else:
                self._queue.append(request)
            lead = self._leaders < self.lanes
            if lead:
                self._leaders += 1
        if lead:
            self._lead(request)
        while True:
            request.done.wait()
            with self._lock:
                if not request.heir:
                    break
                request.heir = False  # woken to lead: the lane is this caller's now
                request.done.clear()
                if _served(request):  # a pass served it meanwhile (it sets done after)
                    request.done.set()
            self._lead(request)
        if request.error is not None:
            raise request.error
        assert request.result is not None
        return request.result

    def _next_batch(self, queries_only: bool = False) -> tuple[list[_Request], bool]:
        """The next pass's calls (lock held): one-text calls first, then wide ones when a
        lane is free for them (never with ``queries_only``); and whether it is a wide pass."""
        for queue, wide in ((self._queue, False), (self._wide, True)):
            if not queue or (wide and (queries_only or not self._wide_lane_free())):
                continue
            # one-text calls queued together are shared out over the lanes that run queries
            # (a burst of fifteen queries is two passes of eight side by side, not one of
            # fifteen); a lane in a wide pass takes none until its piece ends, so with the
            # other lane there, this pass takes them all (the queue holds one text a call)
            room = self.max_texts if wide else min(
                self.max_texts, -(-len(queue) // self._query_lanes(queries_only)))
            batch: list[_Request] = []
            size = 0
            while queue and (not batch or size + len(queue[0].texts) <= room):
                request = queue.popleft()
                batch.append(request)
                size += len(request.texts)
            return batch, wide
        return [], False

    def _hand_over(self) -> bool:
        """Wake the caller of the call the next pass would take first, as the lane's
        leader (lock held); False when this lane may take no queued call."""
        for queue, wide in ((self._queue, False), (self._wide, True)):
            if queue and not (wide and not self._wide_lane_free()):
                # one lane per caller at a time: a caller already woken to lead is skipped
                heir = next((r for r in queue if not r.heir), None)
                if heir is None:
                    return False
                heir.heir = True
                heir.done.set()
                return True
        return False

    def _wide_lane_free(self) -> bool:
        """Whether a pass of several texts may start (lock held): they run in at most
        ``lanes - 1`` lanes at a time (one with a single lane)."""
        return self._wide_passes < max(1, self.lanes - 1)

    def _query_lanes(self, in_wide_pass: bool) -> int:
        """Lanes that may run the queued queries now (lock held): those not in a wide
        pass, and the caller's own when it runs them between two pieces of one."""
        return max(1, self.lanes - self._wide_passes + (1 if in_wide_pass else 0))

    def _lead(self, own: _Request) -> None:
        """Run passes until nothing is left that this lane may take, then give up the
        lane; or, once the caller's own call (``own``) is served, hand the lane to a caller
        waiting for a pass it can run (its thread leads next), so a caller never waits for
        passes of other callers' texts after its own. Whatever interrupts the leader (a
        KeyboardInterrupt between passes) fails what it took and what is queued, and gives
        up the lane, so no caller waits for a pass that will not run."""
        batch: list[_Request] = []
        wide = False
        try:
            while True:
                with self._lock:
                    if wide:
                        self._wide_passes -= 1
                    if _served(own) and self._hand_over():
                        return
                    batch, wide = self._next_batch()
                    if not batch:
                        self._leaders -= 1
                        return
                    if wide:
                        self._wide_passes += 1
                    self.passes += 1
                    self.calls += len(batch)
                self._run(batch)
        except BaseException as exc:
            with self._lock:
                left = [*batch, *self._queue, *self._wide]
                self._queue.clear()
                self._wide.clear()
                self._leaders -= 1
                if wide:
                    self._wide_passes -= 1
            for request in left:
                if not _served(request):  # a woken heir is not served yet
                    request.error = exc
                    request.done.set()
            raise

    def _run(self, batch: list[_Request]) -> None:
        texts = [t for request in batch for t in request.texts]
        wide = len(batch[0].texts) > 1  # a pass holds calls of one text or of several, not both
        try:
            vectors = self._run_wide(texts) if wide else self._encode(texts)
        except BaseException as exc:  # every caller of the pass sees its failure
            for request in batch:
                request.error = exc
                request.done.set()
            return
        start = 0
        for request in batch:
            request.result = vectors[start : start + len(request.texts)]
            start += len(request.texts)
            request.done.set()

    def _run_wide(self, texts: list[str]) -> Vectors:
        """A wide pass's vectors, piece by piece, running the queued queries between pieces
        (each such pass of queries fails only its own callers)."""
        if len(texts) <= self.piece:
            return self._encode(texts)
        parts: list[Vectors] = []
        for start in range(0, len(texts), self.piece):
            if start:
                self._run_queued_queries()
            parts.append(self._encode(texts[start : start + self.piece]))
        return np.concatenate(parts)

    def _run_queued_queries(self) -> None:
        while True:
            with self._lock:
                batch, _ = self._next_batch(queries_only=True)
                if not batch:
                    return
                self.passes += 1
                self.calls += len(batch)
            self._run(batch)
