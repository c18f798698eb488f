"""The access history of a PostgreSQL store (counters bumped in place)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from cognimem.accesses import tally
from cognimem.models import Access

from .session import Session


class PgAccesses:
    """``add_accesses``, ``record_accesses`` and ``access_times``."""

    def __init__(self, db: Session) -> None:
        self.db = db

    def add_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals to the access history."""
        if not accesses:
            return
        with self.db.writing():
            self.db.execute(
                "INSERT INTO accesses SELECT * FROM unnest(%s::text[], %s::timestamptz[], "
                "%s::text[], %s::text[])",
                [[a.memory_id for a in accesses], [_utc(a.at) for a in accesses],
                 [a.agent for a in accesses], [a.query for a in accesses]])

    def record_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals and bump the memories' counters in place (one UPDATE)."""
        if not accesses:
            return
        bumps = tally(accesses)
        ids = sorted(bumps)
        with self.db.writing():
            self.add_accesses(accesses)
            self.db.execute(
                "UPDATE memories m SET access_count = m.access_count + b.n, last_accessed_at = "
                "greatest(coalesce(m.last_accessed_at, b.at), b.at) FROM unnest(%s::text[], "
                "%s::int[], %s::timestamptz[]) AS b(id, n, at) WHERE m.id = b.id",
                [ids, [bumps[i][0] for i in ids], [_utc(bumps[i][1]) for i in ids]])

    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]:
        """Retrieval times per memory, oldest first (absent ids map to [])."""
        wanted = list(dict.fromkeys(ids))
        out: dict[str, list[datetime]] = {i: [] for i in wanted}
        if wanted:
            for memory_id, at in self.db.rows(
                    "SELECT memory_id, accessed_at FROM accesses WHERE memory_id = ANY(%s) "
                    "ORDER BY memory_id, accessed_at", [wanted]):
                out[memory_id].append(at)
        return out


def _utc(at: datetime) -> datetime:
    """An aware UTC datetime (naive ones are taken as UTC)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
