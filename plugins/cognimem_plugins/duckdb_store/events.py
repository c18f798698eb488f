"""The event log of a DuckDB store: events appended in a transaction are kept back and
written in one statement when it commits (or before events are read): one INSERT per
event cost ~1.5 ms each."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from cognimem.models import Event

from .. import sql_rows as rows
from ..sql_parts.events import EventReads
from .connection import Database

_COLUMNS = ", ".join(rows.EVENT_COLUMNS)
_UNSET: Any = object()


class Events(EventReads):
    """``append_event(s)``, ``last_event`` and ``iter_events``."""

    db: Database
    page = 4096

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._kept: list[Event] = []  # appended by the open transaction, not written yet
        self._last: Event | None = _UNSET  # the newest event, once read

    def append_event(self, event: Event) -> None:
        """Append one event (its ``seq`` must be new); written when the transaction commits."""
        self.append_events([event])

    def append_events(self, events: Sequence[Event]) -> None:
        """Append events; they are written in one statement when the transaction commits."""
        if not events:
            return
        for event in events:
            rows.dump_json(event.payload, f"event {event.seq} payload")  # refuse it now
        with self.db.transaction():
            self._kept.extend(events)
            self._last = events[-1]

    def flush(self) -> None:
        """Write the transaction's kept-back events (inside it)."""
        if not self._kept:
            return
        table = rows.event_table(self._kept)
        self._kept = []
        with self.db.arrow(table) as view:
            self.db.execute(f"INSERT INTO events ({_COLUMNS}) SELECT {_COLUMNS} FROM {view}")

    def rolled_back(self) -> None:
        """Forget the open transaction's events (and the newest, read again when asked)."""
        self._kept = []
        self._last = _UNSET

    def last_event(self) -> Event | None:
        """The newest event (cached; the cache is dropped on rollback)."""
        with self.db.guard:
            if self._last is _UNSET:
                self._last = self.stored_last_event()
            event: Event | None = self._last
            return event

    def iter_events(self, after_seq: int = 0) -> Iterator[Event]:
        """Events with ``seq > after_seq``, oldest first, read in pages."""
        with self.db.readers.hold():
            if self.db.depth and self.db.readers.cursor() is None:
                self.flush()
        yield from self.stored_events(after_seq)
