"""The event log of a PostgreSQL store, which many processes append to: an append must
continue the chain from its true head, read after the writers' lock (:mod:`.session`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from cognimem.errors import StoreError
from cognimem.models import Event

from .. import sql_rows as rows
from ..sql_parts.events import EventReads
from .session import Session

_COLUMNS = ", ".join(rows.EVENT_COLUMNS)


class PgEvents(EventReads):
    """``append_event(s)``, ``last_event`` and ``iter_events``.

    Events appended in the open transaction (with their row parameters) are written in one
    statement before it commits or before events are read: one INSERT per event cost a
    round trip each.
    """

    db: Session

    def __init__(self, db: Session) -> None:
        super().__init__(db)
        self.kept: list[tuple[Event, list[Any]]] = []

    def append_event(self, event: Event) -> None:
        """Append one event (see :meth:`append_events`)."""
        self.append_events([event])

    def append_events(self, events: Sequence[Event]) -> None:
        """Append events that continue the chain from its head (inside a transaction they
        are written, in one statement, when it commits or events are read).

        :raises StoreError: the first event does not follow the newest stored one (another
            writer appended meanwhile: read ``last_event()`` inside the transaction).
        """
        if not events:
            return
        params = [rows.event_params(e) for e in events]
        with self.db.writing():
            head = self.last_event()
            want = (head.seq + 1, head.hash) if head else (1, "0" * 64)
            if (events[0].seq, events[0].prev_hash) != want:
                raise StoreError(
                    f"event {events[0].seq} does not follow the newest event in the log "
                    f"(#{want[0] - 1}): another writer appended meanwhile; nothing was written")
            self.kept.extend(zip(events, params, strict=True))

    def flush(self) -> None:
        """Write the events kept back in the open transaction (one statement)."""
        if not self.kept:
            return
        columns = list(zip(*(p for _, p in self.kept), strict=True))
        self.kept.clear()
        self.db.execute(
            f"INSERT INTO events ({_COLUMNS}) SELECT * FROM unnest(%s::bigint[], "
            "%s::timestamptz[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[], "
            "%s::text[], %s::text[])", [list(c) for c in columns])

    def last_event(self) -> Event | None:
        """The newest event; inside a transaction, after taking the writers' lock, so the
        transaction's own appends continue from it."""
        if self.db.in_transaction:
            self.db.lock_writes()
            if self.kept:
                return self.kept[-1][0]
        return self.stored_last_event()

    def iter_events(self, after_seq: int = 0) -> Iterator[Event]:
        """Events with ``seq > after_seq``, oldest first, read in pages."""
        if self.kept:  # this transaction's own, kept back: written first
            with self.db.writing():
                self.flush()
        yield from self.stored_events(after_seq)
