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
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from cognimem.errors import StoreError


class Inserts:
    """At most one job pending on one background thread; its failure kept for the caller."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._pool: ThreadPoolExecutor | None = None
        self._pending: Future[None] | None = None
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
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix=self._name)
        self._pending = self._pool.submit(self._run, job)

    def _run(self, job: Callable[[], None]) -> None:
        started = time.thread_time()
        try:
            job()
        except BaseException as exc:  # kept for the caller; a thread's failure is lost else
            with self._failure_lock:
                self._failure = self._failure or exc
            self.failed = True
        finally:
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
            raise StoreError(f"{self._name}: a background insert failed, its memories were "
                             f"left out of the index: {failure}") from failure

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
