"""Turns at the store between a job's units: the daemon's engine lock, counting who waits.

A job (:mod:`.jobs`) holds the store for one unit, then lets go; before it takes the store
again it lets in every caller who was waiting for it (a search for the read gate, a write
group or any other call for the engine lock), and lets the searches under way finish (they
run beside an import's units but share the interpreter with them), so a caller waits for at
most one unit of a job, never for the whole of it.
"""

from __future__ import annotations

import threading
import time
from typing import Any

#: The longest a job stands aside for waiting callers before taking its next unit (a
#: steady stream of callers cannot stop it).
MAX_STAND_ASIDE = 1.0


class WaitedLock:
    """A lock that knows how many threads wait for it (used as ``threading.Lock``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = threading.Lock()
        self._waiting = 0

    @property
    def waiting(self) -> int:
        """Threads blocked in :meth:`acquire` now."""
        return self._waiting

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        """As ``threading.Lock.acquire``."""
        if self._lock.acquire(False):
            return True
        if not blocking:
            return False
        with self._count:
            self._waiting += 1
        try:
            return self._lock.acquire(True, timeout)
        finally:
            with self._count:
                self._waiting -= 1

    def release(self) -> None:
        """As ``threading.Lock.release``."""
        self._lock.release()

    def locked(self) -> bool:
        """Whether someone holds it."""
        return self._lock.locked()

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *exc: Any) -> None:
        self.release()


def stand_aside(*waiters: Any, limit: float = MAX_STAND_ASIDE) -> None:
    """Wait (at most ``limit`` seconds) until nobody waits for any of ``waiters`` (objects
    with a ``waiting`` count): each of them got its turn."""
    deadline = time.monotonic() + limit
    while any(w.waiting for w in waiters) and time.monotonic() < deadline:
        time.sleep(0.005)
