"""Reading a SQL record store's event log (the statements both stores share)."""

from __future__ import annotations

from collections.abc import Iterator

from cognimem.models import Event

from .. import sql_rows as rows
from .session import SqlPart

_SELECT = ", ".join(rows.EVENT_COLUMNS)


class EventReads(SqlPart):
    """The newest stored event and the log read in pages of :attr:`page` events."""

    page = 2048

    def stored_last_event(self) -> Event | None:
        """The newest event written to the log (not one kept back by an open transaction)."""
        found = self.db.rows(f"SELECT {_SELECT} FROM events ORDER BY seq DESC LIMIT 1")
        return rows.event_from_row(found[0]) if found else None

    def stored_events(self, after_seq: int = 0) -> Iterator[Event]:
        """The written events with ``seq > after_seq``, oldest first, read in pages."""
        after = after_seq
        while True:
            page = self.db.rows(self.q(f"SELECT {_SELECT} FROM events WHERE seq > ? "
                                       f"ORDER BY seq LIMIT {self.page}"), [after])
            for r in page:
                yield rows.event_from_row(r)
            if len(page) < self.page:
                return
            after = page[-1][0]
