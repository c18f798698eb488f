"""``exact``: brute-force cosine search with numpy, in memory, rebuilt from the records."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from cognimem import hookimpl
from cognimem.components import VectorIndex
from cognimem.models import Candidate, Memory, Query, Scope
from cognimem.registry import Register


class ExactVectors(VectorIndex):
    """A dense matrix of normalised vectors; search is one matrix-vector product."""

    name = "exact"

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._ids: list[str] = []
        self._row: dict[str, int] = {}
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._info: list[tuple[int, Scope, bool]] = []
        self._live = np.zeros(0, dtype=bool)

    def upsert(self, memories: Sequence[Memory], vectors: np.ndarray) -> None:
        if not memories:
            return
        vectors = np.asarray(vectors, dtype=np.float32)
        if self._matrix.shape[0] == 0:
            self._matrix = np.zeros((0, vectors.shape[1]), dtype=np.float32)
        if vectors.shape[1] != self._matrix.shape[1]:
            raise ValueError(
                f"vector dimension {vectors.shape[1]} does not match the index's "
                f"{self._matrix.shape[1]}: run `cognimem reindex` after changing the embedder"
            )
        new_rows = []
        for memory, vector in zip(memories, vectors, strict=True):
            info = (memory.version, memory.scope, memory.archived)
            row = self._row.get(memory.id)
            if row is not None:
                self._matrix[row] = vector
                self._info[row] = info
                self._live[row] = True
            else:
                self._row[memory.id] = len(self._ids) + len(new_rows)
                new_rows.append((memory.id, vector, info))
        if new_rows:
            self._ids.extend(r[0] for r in new_rows)
            self._matrix = np.vstack([self._matrix, np.stack([r[1] for r in new_rows])])
            self._info.extend(r[2] for r in new_rows)
            self._live = np.concatenate([self._live, np.ones(len(new_rows), dtype=bool)])

    def delete(self, ids: Sequence[str]) -> None:
        for memory_id in ids:
            row = self._row.pop(memory_id, None)
            if row is not None:
                self._live[row] = False
        if len(self._ids) > 64 and self._live.sum() < len(self._ids) / 2:
            self._compact()

    def _compact(self) -> None:
        keep = np.flatnonzero(self._live)
        self._ids = [self._ids[i] for i in keep]
        self._matrix = self._matrix[keep]
        self._info = [self._info[i] for i in keep]
        self._live = np.ones(len(keep), dtype=bool)
        self._row = {memory_id: i for i, memory_id in enumerate(self._ids)}

    def search(self, vector: np.ndarray, query: Query, k: int) -> list[Candidate]:
        if not self._row:
            return []
        scores = self._matrix @ np.asarray(vector, dtype=np.float32)
        mask = self._live.copy()
        if query.scope != Scope() or not query.include_archived:
            for row in np.flatnonzero(mask):
                _version, scope, archived = self._info[row]
                if (archived and not query.include_archived) or not query.scope.matches(scope):
                    mask[row] = False
        scores = np.where(mask, scores, -np.inf)
        top = min(k, int(mask.sum()))
        if top == 0:
            return []
        best = np.argpartition(-scores, top - 1)[:top]
        best = best[np.lexsort((best, -scores[best]))]
        return [Candidate(id=self._ids[i], score=float(scores[i]), rank=r)
                for r, i in enumerate(best, 1)]

    def versions(self) -> dict[str, int]:
        return {memory_id: self._info[row][0] for memory_id, row in self._row.items()}


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register the exact numpy vector index."""
    register(ExactVectors)
