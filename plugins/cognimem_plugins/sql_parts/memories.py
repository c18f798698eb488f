"""Counting a SQL record store's memories (the statements both stores share)."""

from __future__ import annotations

from typing import Any

from cognimem.models import EmbeddingSignature

from .session import SqlPart


class MemoryCounts(SqlPart):
    """The fast paths over memories that read no memory whole (opening a 100,000-memory
    store must not decode every memory)."""

    def count_memories(self) -> int:
        """How many memories are stored."""
        return int(self.db.rows("SELECT count(*) FROM memories")[0][0])

    def memory_counts(self) -> dict[str, Any]:
        """Counts by layer, archived and superseded, in one query."""
        found = self.db.rows("SELECT layer, count(*), count(*) FILTER (WHERE archived), "
                             "count(superseded_by) FROM memories GROUP BY layer ORDER BY layer")
        return {"memories": sum(int(r[1]) for r in found),
                "archived": sum(int(r[2]) for r in found),
                "superseded": sum(int(r[3]) for r in found),
                "layers": {r[0]: int(r[1]) for r in found}}

    def memory_versions(self) -> dict[str, int]:
        """Every memory's id and version, cheaply (for reconciling indexes)."""
        return dict(self.db.rows("SELECT id, version FROM memories"))

    def ids_not_embedded_with(self, signature: EmbeddingSignature) -> list[str]:
        """Ids of memories whose embedding signature is not ``signature``, in id order."""
        found = self.db.rows(self.q(
            "SELECT id FROM memories WHERE embedding_model IS DISTINCT FROM ? "
            "OR embedding_dim IS DISTINCT FROM ? ORDER BY id"), [signature.model, signature.dim])
        return [r[0] for r in found]
