"""The unit of work: one engine operation, one record-store transaction.

Every mutation the engine makes runs inside a unit. The first ``begin()`` of a thread opens
the record store's transaction; a ``begin()`` inside it (an operation made of others, as
``supersede`` is an ``add`` and a link, or an ingest group of adds, updates and archives)
joins it, so the operation commits once, with every record, event and derived row it wrote.

What must not run before the commit is handed to :meth:`Unit.after`: index upkeep (the
indexes are derived; a failure leaves them to reconciliation) and the lifecycle hooks
(``cognimem_memory_added`` / ``_updated`` / ``_deleted``: notifications, which see only
committed state). They run in order once the outermost transaction has committed, and are
dropped if it rolls back: nothing is announced that was not stored.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..models import Event, Memory

if TYPE_CHECKING:
    import numpy as np

    from ..components import RecordStore

log = logging.getLogger("cognimem")


class Unit:
    """The open operation: the events it logged (the hash chain continues from the last)
    and what runs after its commit."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        #: What the operation changed in the derived indexes, by memory id (the last change
        #: of each wins): a memory and its vector (None: the vector is unchanged) to upsert,
        #: or None to delete. Applied once, in batches, after the commit.
        self.indexed: dict[str, tuple[Memory, np.ndarray | None] | None] = {}
        self._upkeep: list[Callable[[], None]] = []
        self._after: list[Callable[[], None]] = []
        self._undo: list[Callable[[], None]] = []

    def after(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the operation has committed (never if it rolls back)."""
        self._after.append(action)

    def upkeep(self, action: Callable[[], None]) -> None:
        """Run ``action`` after the commit, before the notifications (index upkeep)."""
        self._upkeep.append(action)

    def on_rollback(self, action: Callable[[], None]) -> None:
        """Run ``action`` if the operation rolls back (to drop in-process derived state)."""
        self._undo.append(action)


class UnitOfWork:
    """Opens units over one record store; one open unit per thread."""

    def __init__(self, records: RecordStore) -> None:
        self._records = records
        self._local = threading.local()

    @property
    def current(self) -> Unit | None:
        """The unit open in this thread, or None."""
        return getattr(self._local, "unit", None)

    @contextmanager
    def begin(self) -> Iterator[Unit]:
        """Open a unit (or join the one open in this thread)."""
        outer = self.current
        if outer is not None:
            yield outer
            return
        unit = Unit()
        self._local.unit = unit
        try:
            with self._records.transaction():
                yield unit
        except BaseException:
            for undo in reversed(unit._undo):
                try:
                    undo()
                except Exception:
                    log.exception("undoing derived state after a rollback failed")
            raise
        finally:
            self._local.unit = None
        for action in [*unit._upkeep, *unit._after]:  # committed: upkeep, then notifications
            action()

    def after(self, action: Callable[[], None]) -> None:
        """Run ``action`` after the open unit commits, or now when none is open."""
        unit = self.current
        if unit is None:
            action()
        else:
            unit.after(action)
