"""The graveyard of a SQL record store: archived memories, whole, with why and when."""

from __future__ import annotations

from cognimem.components import GraveEntry

from .. import sql_rows as rows
from .session import SqlPart


class Graves(SqlPart):
    """``add_grave``, ``graves`` and ``remove_grave`` (the same SQL in both stores)."""

    def add_grave(self, entry: GraveEntry) -> None:
        """Record (or replace) the graveyard entry of a memory."""
        with self.db.writing():
            self.db.execute(self.q(
                "INSERT INTO graves (memory_id, archived_at, reason, score, memory) VALUES "
                "(?, ?, ?, ?, ?) ON CONFLICT (memory_id) DO UPDATE SET archived_at = "
                "excluded.archived_at, reason = excluded.reason, score = excluded.score, "
                "memory = excluded.memory"), rows.grave_params(entry))

    def graves(self) -> list[GraveEntry]:
        """Every graveyard entry, newest first."""
        found = self.db.rows("SELECT memory_id, archived_at, reason, score, memory FROM graves "
                             "ORDER BY archived_at DESC, memory_id")
        return [rows.grave_from_row(r) for r in found]

    def remove_grave(self, memory_id: str) -> None:
        """Forget the graveyard entry of ``memory_id``."""
        with self.db.writing():
            self.db.execute(self.q("DELETE FROM graves WHERE memory_id = ?"), [memory_id])
