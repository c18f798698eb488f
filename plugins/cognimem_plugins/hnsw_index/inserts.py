"""The graph's inserts on a thread of their own, one batch at a time, in the order written.

usearch's ``add`` gives up the interpreter lock while it inserts, so a batch's insert can run
on a second core while the writer goes on with the next batch's other work (guards, the
records' transaction, the lexical index): at a million memories the insert is most of a
write's CPU (#45). One thread and at most one batch pending keep the inserts in the order
the writes came, each as it would run in the writer: **the same writes give the same
graph** (docs/retrieval.md).

A failure of a batch is kept and raised by the next :meth:`Inserts.settle` (the next write,
search or maintenance of the index), once; :attr:`Inserts.failed` stays set, so the index
no longer vouches for its content (its fingerprint is None: the next open compares it with
the records and re-indexes what is missing).

usearch's ``add`` takes the interpreter lock back after each vector it inserts (to check for
signals), so while the writer runs Python the inserting thread waits for the lock once a
vector: at the interpreter's default switch interval (5 ms) an insert of 1,000 vectors beside
a writer busy in Python took 5.3-7.1 s of wall for 1.4-2.0 s of CPU. While a job runs, the
switch interval is held at :data:`SWITCH_S` at most (:class:`Handoffs`; restored when no job
runs), which brought the same insert to 1.5-1.7 s, with the writer's own rate unchanged
(`lab/cognimem-lab/scripts/insert_handoff.py`).
"""

from __future__ import annotations

import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from cognimem.errors import StoreError

#: The longest interpreter switch interval while a background insert runs (seconds).
SWITCH_S = 0.0001


class Handoffs:
    """The process's switch interval held at ``SWITCH_S`` at most while any job of any
    :class:`Inserts` runs, and put back as it was when the last one ends (unless someone
    else changed it meanwhile)."""

    _lock = threading.Lock()
    _running = 0
    _saved: float | None = None
    _set: float | None = None

    @classmethod
    def enter(cls) -> None:
        with cls._lock:
            cls._running += 1
            if cls._running == 1:
                cls._saved = sys.getswitchinterval()
                sys.setswitchinterval(min(cls._saved, SWITCH_S))
                cls._set = sys.getswitchinterval()  # as kept (in microseconds)

    @classmethod
    def leave(cls) -> None:
        with cls._lock:
            cls._running -= 1
            if cls._running == 0:
                if cls._saved is not None and sys.getswitchinterval() == cls._set:
                    sys.setswitchinterval(cls._saved)
                cls._saved = cls._set = None


class Inserts:
    """Jobs run in order on one background thread (one pending at most with
    :meth:`submit`; up to a bound of memories with :meth:`queue`); a failure kept for the
    caller."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._pool: ThreadPoolExecutor | None = None
        self._pending: Future[None] | None = None  # the last job: the others run before it
        self._queued: deque[tuple[Future[None], int]] = deque()  # jobs and their memories
        self._failure: BaseException | None = None
        self._failure_lock = threading.Lock()
        #: a job failed since :meth:`reset`: what the index holds is no longer vouched for
        self.failed = False
        #: CPU seconds the thread spent in jobs (what a second core takes off the writer)
        self.cpu_s = 0.0

    def submit(self, job: Callable[[], None]) -> None:
        """Run ``job`` on the thread once the pending one is done (its failure raised
        first, and ``job`` then not run)."""
        self.settle()
        self._start(job)

    def queue(self, job: Callable[[], None], size: int, bound: int) -> None:
        """Run ``job`` (of ``size`` memories) on the thread after the jobs before it,
        returning once at most ``bound`` memories wait or run before it (earlier failures
        kept for :meth:`settle`, and ``job`` run all the same)."""
        queued = self._queued
        while queued and (queued[0][0].done() or sum(n for _, n in queued) > bound):
            queued.popleft()[0].result()  # _run never raises
        self._start(job)
        queued.append((self._pending, size))  # type: ignore[arg-type]

    def _start(self, job: Callable[[], None]) -> None:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix=self._name)
        self._pending = self._pool.submit(self._run, job)

    def check(self) -> None:
        """Raise the failure of a job finished since the last :meth:`settle`, without
        waiting for the pending one.

        :raises StoreError: a finished job failed (its memories were left out)."""
        with self._failure_lock:
            failure, self._failure = self._failure, None
        if failure is not None:
            raise _failed(self._name, failure) from failure

    def _run(self, job: Callable[[], None]) -> None:
        started = time.thread_time()
        Handoffs.enter()
        try:
            job()
        except BaseException as exc:  # kept for the caller; a thread's failure is lost else
            with self._failure_lock:
                self._failure = self._failure or exc
            self.failed = True
        finally:
            Handoffs.leave()
            self.cpu_s += time.thread_time() - started

    def wait(self) -> None:
        """Return once the pending job, if any, has finished (its failure kept)."""
        pending = self._pending
        if pending is not None:
            pending.result()  # _run never raises

    def settle(self) -> None:
        """:meth:`wait`, then raise the failure of a job finished since the last call.

        :raises StoreError: a job failed (its memories were left out of the index).
        """
        self.wait()
        with self._failure_lock:
            failure, self._failure = self._failure, None
        if failure is not None:
            raise _failed(self._name, failure) from failure

    def reset(self) -> None:
        """Forget a kept failure (the index was emptied or opened anew)."""
        self.wait()
        with self._failure_lock:
            self._failure = None
        self.failed = False

    def shutdown(self) -> None:
        """Wait for the pending job and stop the thread (a later submit starts another)."""
        self.wait()
        pool, self._pool, self._pending = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=True)


def _failed(name: str, failure: BaseException) -> StoreError:
    return StoreError(f"{name}: a background insert failed, its memories were left out of "
                      f"the index: {failure}")
