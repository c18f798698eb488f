"""The embeddings of a DuckDB store (kept so indexes can be rebuilt without re-embedding)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from cognimem.models import EmbeddingSignature

from .. import sql_rows as rows
from ..sql_parts.embeddings import EmbeddingCounts
from .connection import Database


class Embeddings(EmbeddingCounts):
    """``put_embeddings``, ``get_embeddings`` and ``embedding_signatures``."""

    db: Database

    def put_embeddings(self, vectors: dict[str, np.ndarray], signature: EmbeddingSignature) -> None:
        """Store embeddings (float32 bytes) with their signature.

        :raises InvalidInput: a vector of the wrong dimension (nothing is written).
        """
        if not vectors:
            return
        table = rows.embedding_table(vectors, signature)
        with self.db.transaction(), self.db.arrow(table) as view:
            self.db.execute(
                f"DELETE FROM embeddings WHERE memory_id IN (SELECT memory_id FROM {view})")
            self.db.execute("INSERT INTO embeddings (memory_id, model, dim, vector) "
                            f"SELECT memory_id, model, dim, vector FROM {view}")

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]:
        """The stored embeddings of these ids (missing ones are absent)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        found = self.db.rows(
            f"SELECT memory_id, vector FROM embeddings WHERE "
            f"{rows.ids_where('memory_id', len(wanted))}",
            [wanted],
        )
        return {r[0]: rows.vector_from_blob(r[1]) for r in found}
