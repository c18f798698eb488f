"""Counting a SQL record store's embeddings (the statement both stores share)."""

from __future__ import annotations

from .session import SqlPart


class EmbeddingCounts(SqlPart):
    """How many stored embeddings each signature has."""

    def embedding_signatures(self) -> dict[tuple[str, int], int]:
        """How many stored embeddings each (model, dim) signature has."""
        found = self.db.rows("SELECT model, dim, count(*) FROM embeddings GROUP BY model, dim")
        return {(r[0], int(r[1])): int(r[2]) for r in found}
