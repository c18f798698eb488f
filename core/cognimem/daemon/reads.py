"""Reads beside writes: the daemon's searches do not wait for a write group.

The engine lock serialises writes (a group of adds is one call, :mod:`.group`). Searches do
not take it: each runs under :meth:`ReadGate.search` on a snapshot of what was committed
(the record store's reading mode: a cursor of its own, never the write's open transaction;
Tantivy searchers and LanceDB reads are snapshots too), and holds the gate shared. Every
other engine call holds the engine lock and the gate alone (:meth:`ReadGate.alone`), so
maintenance, imports, re-indexing and atomic tools never run beside a search, except
``in_open_conflict`` (a recall's second step), which reads the records the way a search
does (:meth:`ReadGate.read`). Held accesses of
searches are written with the next write or by the daemon's timer (:mod:`.server`).

Searches fall back to the lock, as before, unless every component of the read path says
it may run beside writes (``reads_beside_writes``: the lexical and vector indexes, the
embedder, retrievers, fuser and rankers), no ranker reads the access history, no plugin
implements ``cognimem_search_finished``, and the record store has a reading mode. The
``cognimem_memories_accessed`` hooks of such searches run when their accesses are written,
under the engine lock.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from ..models.summary import SearchSummary, summarize
from ..sharedlock import SharedLock

if TYPE_CHECKING:
    from ..engine import Engine

log = logging.getLogger("cognimem.daemon")

T = TypeVar("T")


def reads_beside_writes(engine: Engine) -> bool:
    """Whether this engine's searches can run beside its writes (see the module)."""
    parts = [engine.lexical, engine.vectors, engine.embedder, engine.fuser,
             engine.calibrator, *engine.retrievers, *engine.rankers]
    return (callable(getattr(engine._records, "reading", None))
            and all(p.reads_beside_writes for p in parts if p is not None)
            and not any(r.reads_access_history for r in engine.rankers)
            and not engine.hook.cognimem_search_finished.get_hookimpls())


class ReadGate:
    """Runs searches beside writes, everything else alone.

    :param engine: the daemon's engine (its ``concurrent_reads`` is set when searches run
        beside writes).
    :param lock: the engine lock (writes hold it).
    """

    def __init__(self, engine: Engine, lock: AbstractContextManager[Any]) -> None:
        self.engine = engine
        self._lock = lock
        self._gate = SharedLock()
        self.concurrent = reads_beside_writes(engine)
        engine.concurrent_reads = self.concurrent
        self.searches_beside = 0  # searches run without the engine lock (for the status)
        self._count_lock = threading.Lock()

    @property
    def waiting(self) -> int:
        """Searches under way: running beside writes, or waiting for a call that holds the
        store alone (a job's unit) to end. A job stands aside for them between its units
        (they share the interpreter with it)."""
        return self._gate.waiting + self._gate.holders

    @contextmanager
    def alone(self) -> Iterator[None]:
        """Hold the engine lock with no search running."""
        with self._lock, self._gate.exclusive():
            yield

    def search(self, args: list[Any], kwargs: dict[str, Any]) -> Any:
        """``engine.search(*args, **kwargs)``, beside writes when the profile allows."""
        engine = self.engine
        if not self.concurrent:
            with self.alone():
                return engine.search(*args, **kwargs)
        if engine.needs_repair:  # a failed index update: repair before searching
            with self.alone():
                engine.repair()
        with self._gate.shared(), engine._records.reading():  # type: ignore[attr-defined]
            with self._count_lock:
                self.searches_beside += 1
            return engine.search(*args, **kwargs)

    def search_summary(self, args: list[Any], kwargs: dict[str, Any]) -> SearchSummary:
        """``engine.search_summary(*args, **kwargs)``: the search as :meth:`search` runs
        it, then the hits' open conflicts as :meth:`read` runs a read."""
        result = self.search(args, kwargs)
        ids = [h.id for h in result.hits]
        disputed = self.read(lambda: self.engine.in_open_conflict(ids))
        return summarize(result, disputed)

    def read(self, read: Callable[[], T]) -> T:
        """``read()``, beside writes when searches run there, else alone. ``read`` must only
        read, and the record store only (its committed data, as a search does)."""
        if not self.concurrent:
            with self.alone():
                return read()
        with self._gate.shared(), self.engine._records.reading():  # type: ignore[attr-defined]
            return read()

    def flush_held(self) -> None:
        """Write the accesses searches left held for a second or more, beside searches (a
        hard kill of the daemon then loses at most two seconds of retrieval history)."""
        if not self.engine.held_accesses:
            return
        try:
            with self._lock:
                self.engine.flush_accesses(older_than=1.0)
        except Exception:  # never let the idle watcher die
            log.exception("writing held accesses failed")
