"""Concurrent small encode calls share one forward pass.

A transformer's forward pass over a few tokens is bound by reading its weights (MiniLM reads
about 40 MB of them per pass), not by arithmetic: eight short queries in one pass cost little
more than one. The owner daemon runs its clients' searches (and their write groups) side by
side in threads, each embedding a query of a few tokens. Here the first caller to arrive runs
the pass (the leader); callers that arrive meanwhile queue, and when the pass ends the next
leader takes everything queued, up to ``max_texts`` texts, in one pass. Nothing waits on a
timer: a lone call runs at once, and a queued one waits at most for the pass before it.

Large calls (more than ``max_texts`` texts: an import, a re-index) bypass the queue and run on
their own, so a search never waits behind a bulk load's whole embedding.
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


class Coalescer:
    """Call ``encode`` with the texts of calls that overlap in time, in one pass."""

    def __init__(self, encode: Callable[[Sequence[str]], Vectors], max_texts: int = 64) -> None:
        if max_texts < 1:
            raise ValueError(f"max_texts must be >= 1, got {max_texts}")
        self._encode = encode
        self.max_texts = max_texts
        self._lock = threading.Lock()
        self._queue: deque[_Request] = deque()
        self._leading = False
        #: passes run and calls served by them (how much sharing happened)
        self.passes = 0
        self.calls = 0

    def __call__(self, texts: Sequence[str]) -> Vectors:
        if len(texts) > self.max_texts:
            return self._encode(texts)
        request = _Request(texts)
        with self._lock:
            self._queue.append(request)
            if self._leading:
                lead = False
            else:
                self._leading = lead = True
        if lead:
            self._lead()
        request.done.wait()
        if request.error is not None:
            raise request.error
        assert request.result is not None
        return request.result

    def _lead(self) -> None:
        """Run passes until the queue is empty, then give up the lead. Whatever interrupts
        the leader (a KeyboardInterrupt between passes) fails what it took and what is
        queued, and gives up the lead, so no caller waits for a pass that will not run."""
        batch: list[_Request] = []
        try:
            while True:
                with self._lock:
                    batch = []
                    size = 0
                    while self._queue and (not batch or size + len(self._queue[0].texts)
                                           <= self.max_texts):
                        request = self._queue.popleft()
                        batch.append(request)
                        size += len(request.texts)
                    if not batch:
                        self._leading = False
                        return
                    self.passes += 1
                    self.calls += len(batch)
                self._run(batch)
        except BaseException as exc:
            with self._lock:
                left = [*batch, *self._queue]
                self._queue.clear()
                self._leading = False
            for request in left:
                if not request.done.is_set():
                    request.error = exc
                    request.done.set()
            raise

    def _run(self, batch: list[_Request]) -> None:
        texts = [t for request in batch for t in request.texts]
        try:
            vectors = self._encode(texts)
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
