"""The embeddings of a PostgreSQL store (pgvector, float32: exact)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from cognimem.errors import InvalidInput
from cognimem.models import EmbeddingSignature

from ..sql_parts.embeddings import EmbeddingCounts
from .session import Session


class PgEmbeddings(EmbeddingCounts):
    """``put_embeddings``, ``get_embeddings`` and ``embedding_signatures``."""

    db: Session

    def put_embeddings(self, vectors: dict[str, np.ndarray], signature: EmbeddingSignature) -> None:
        """Store embeddings (pgvector, float32: exact) with their signature.

        :raises InvalidInput: a vector of the wrong dimension or not finite (nothing written).
        """
        if not vectors:
            return
        params = []
        for memory_id in sorted(vectors):
            array = np.asarray(vectors[memory_id], dtype=np.float32).reshape(-1)
            if array.shape[0] != signature.dim:
                raise InvalidInput(
                    f"the embedding of memory {memory_id!r} has {array.shape[0]} dimensions, "
                    f"but its signature ({signature.model}) says {signature.dim}: the "
                    "embedder's `dimension` does not match its output")
            if not np.isfinite(array).all():
                raise InvalidInput(f"the embedding of memory {memory_id!r} holds NaN or infinity")
            params.append((memory_id, array))
        with self.db.writing():  # vectors travel in pgvector's binary form (~15x faster)
            self.db.execute(
                "INSERT INTO embeddings (memory_id, model, dim, vector) SELECT i, %s, %s, v FROM "
                "unnest(%s::text[], %b::vector[]) AS u(i, v) ON CONFLICT (memory_id) DO UPDATE "
                "SET model = excluded.model, dim = excluded.dim, vector = excluded.vector",
                [signature.model, signature.dim, [p[0] for p in params], [p[1] for p in params]])

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]:
        """The stored embeddings of these ids (missing ones are absent)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        found = self.db.rows("SELECT memory_id, vector FROM embeddings WHERE memory_id = ANY(%s)",
                             [wanted], binary=True)
        return {r[0]: np.asarray(r[1].to_numpy(), dtype=np.float32).copy() for r in found}
