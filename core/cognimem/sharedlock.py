"""A readers-writer lock: many holders share it, or one holds it alone.

Used where reads run beside one another but a rare operation must have the thing to itself
(the store daemon's searches against maintenance; the LanceDB index's searches against the
clean-up that deletes old table versions). Writer-preferring: once an exclusive holder waits,
new shared holders wait too, so a steady stream of reads cannot starve it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class SharedLock:
    """Shared (:meth:`shared`) or exclusive (:meth:`exclusive`) holding; neither re-entrant
    across kinds (a shared holder must not ask for it exclusively)."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._writer = False
        self._waiting = 0  # exclusive holders waiting
        self._waiting_shared = 0  # shared holders waiting

    @property
    def holders(self) -> int:
        """How many hold it shared now."""
        return self._readers

    @property
    def waiting(self) -> int:
        """How many wait to hold it shared now (an exclusive holder that took turns with
        them lets them in first: the daemon's jobs)."""
        return self._waiting_shared

    @contextmanager
    def shared(self) -> Iterator[None]:
        """Hold it beside other shared holders."""
        with self._cond:
            if self._writer or self._waiting:
                self._waiting_shared += 1
                try:
                    while self._writer or self._waiting:
                        self._cond.wait()
                finally:
                    self._waiting_shared -= 1
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                if not self._readers:
                    self._cond.notify_all()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold it alone: waits for the shared holders to leave."""
        with self._cond:
            self._waiting += 1
            try:
                while self._writer or self._readers:
                    self._cond.wait()
            finally:
                self._waiting -= 1
            self._writer = True
        try:
            yield
        finally:
            with self._cond:
                self._writer = False
                self._cond.notify_all()
