"""A plain copy of a small ``hnsw`` index's vectors, searched without the graph's lock.

usearch's calls from Python share one thread context, so every search of the graph holds
the index's lock, and each hold ends with a wait for the interpreter lock (usearch gives
it up while it searches): with 32 agents searching at once, a search's p95 was ~20 ms of
waiting for a lookup of well under one (docs/benchmarks.md, "Many agents"). While the
index is small, a copy of its vectors as one float32 matrix (row = key, unit rows) answers
exactly with one matrix-vector product (2,048 vectors of 384 dimensions: ~0.05 ms; 8,192:
~0.25 ms) that needs no lock at all.

A :class:`Flat` is never changed once searchers can see it, except in rows past its
``count``: a write puts the new keys' vectors there and publishes a new :class:`Flat` (the
matrix is shared, and copied only when it grows). The :class:`~.rows.Rows` it refers to do
change (a retired key's live flag, new keys), which is why the index's searchers check a
change counter around the search and take the locked path when a write ran meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cognimem.models import Query

from .rows import Rows

_NONE = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64))


def unit_rows(matrix: np.ndarray) -> np.ndarray:
    """float32 rows of length 1 (a zero row stays zero), as the graph's cosine sees them."""
    rows = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.maximum(norms, np.float32(1e-12))


@dataclass(frozen=True, slots=True)
class Flat:
    """The unit vectors of keys ``0..count-1`` (``vectors[key]``; a retired key's row is
    left as it was, a failed insert's stays zero: the rows' live flags leave both out)."""

    rows: Rows
    vectors: np.ndarray  # (capacity, dimension) float32
    count: int

    @classmethod
    def empty(cls, rows: Rows, dimension: int) -> Flat:
        return cls(rows, np.zeros((0, dimension), dtype=np.float32), 0)

    @property
    def dimension(self) -> int:
        return int(self.vectors.shape[1])

    def with_keys(self, rows: Rows, keys: np.ndarray, vectors: np.ndarray) -> Flat:
        """A copy that also holds ``vectors`` at ``keys`` (keys at or past ``count``:
        no searcher of this one reads them), the matrix grown by doubling when full."""
        if not len(keys):
            return Flat(rows, self.vectors, self.count)
        need = int(keys.max()) + 1
        store = self.vectors
        if need > store.shape[0]:
            store = np.zeros((max(need, 2 * store.shape[0], 256), store.shape[1]),
                             dtype=np.float32)
            store[: self.count] = self.vectors[: self.count]
        store[keys.astype(np.int64)] = unit_rows(vectors)
        return Flat(rows, store, max(need, self.count))

    def nearest(self, matrix: np.ndarray, query: Query, wanted: dict[str, int],
                k: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """Each row's ``k`` most similar admitted keys and their cosine similarities, by
        an exact scan."""
        every = np.arange(self.count, dtype=np.int64)
        admitted = every[self.rows.admits(every, query, wanted)]
        if not len(admitted):
            return [_NONE] * len(matrix)
        scores = self.vectors[: self.count] @ unit_rows(matrix).T  # (count, rows)
        top = min(k, len(admitted))
        out = []
        for column in range(scores.shape[1]):
            mine = scores[admitted, column]
            best = (np.argpartition(-mine, top - 1)[:top] if top < len(admitted)
                    else np.arange(top))
            out.append((admitted[best], mine[best].astype(np.float64)))
        return out
