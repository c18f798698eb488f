"""Batches written to a large ``hnsw`` index and not in its graph yet, searched exactly
(``defer`` and ``backlog``, #45).

A write group checks its memories against the store (the near-duplicate guard's
:meth:`~.index.HnswVectors.search_many`) before anything of it is written, so that check
needs the previous group in the index. With the previous group's insert still running, the
check had to wait for it, and the insert ran beside only the little the writer does between
its own index update and the next check. Held here instead, the last group's batches are
searched exactly beside the graph (everything written before them), then handed to the
inserting thread, which inserts them beside the writer's transaction, lexical index and
next group's guards. The graph gets the same batches in the same order: the same writes
give the same graph.

A search from another thread than the writer's (a daemon's reader beside a bulk import)
does not wait for the batches handed to the inserting thread either: it searches the graph
as it stands and, exactly, every batch the graph does not hold yet
(:func:`search_parts`), so it waits for one batch's insert at most.

A :class:`Part` never changes but for its ``inserted`` flag, which the inserting thread
sets under the graph's lock in the same hold as the insert; its exact search builds a small
:class:`~.rows.Rows` and :class:`~.flat.Flat` of its own on first use, which apply the same
scope and archived filters as the index's rows.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from cognimem.models import Candidate, Memory, Query

from .flat import Flat
from .rows import Rows


class Part:
    """One batch (ids distinct) and its float32 vectors as written, searched exactly."""

    def __init__(self, batch: Sequence[Memory], vectors: np.ndarray, dtype: str) -> None:
        self.batch = list(batch)
        self.vectors = vectors  # what the graph is given at the insert
        self.dtype = dtype
        self.ids = frozenset(m.id for m in self.batch)
        self.inserted = False  # set under the graph's lock by the insert that puts it there
        self._made: tuple[Rows, Flat] | None = None
        self._making = threading.Lock()

    def __len__(self) -> int:
        return len(self.batch)

    def _parts(self) -> tuple[Rows, Flat]:
        with self._making:
            if self._made is None:
                rows = Rows()
                keys = rows.add(self.batch)
                flat = Flat.empty(rows, int(self.vectors.shape[1]))
                self._made = rows, flat.with_keys(rows, keys, as_stored(self.vectors,
                                                                       self.dtype))
            return self._made

    def search(self, matrix: np.ndarray, query: Query, k: int) -> list[list[Candidate]]:
        """Each row's ``k`` most similar admitted memories of the batch, exactly."""
        rows, flat = self._parts()
        wanted = rows.filter_codes(query)
        if wanted is None or k <= 0:
            return [[] for _ in range(len(matrix))]
        out = []
        for keys, scores in flat.nearest(as_stored(matrix, self.dtype), query, wanted, k):
            names = rows.ids_of(keys.tolist())
            out.append([Candidate(i, s, 0) for i, s in zip(names, scores.tolist(),
                                                           strict=True)])
        return out


def search_parts(parts: Sequence[Part], matrix: np.ndarray, query: Query,
                 k: int) -> list[list[Candidate]]:
    """Each row's ``k`` best of ``parts`` (in the order written: a later part's version of
    an id replaces an earlier one's), unranked."""
    out: list[list[Candidate]] = [[] for _ in range(len(matrix))]
    later: frozenset[str] = frozenset()
    for part in reversed(parts):
        replaced = len(part.ids & later) if later else 0
        for row, found in zip(out, part.search(matrix, query, k + replaced), strict=True):
            row.extend(c for c in found if c.id not in later)
        later |= part.ids
    return out


def merged(graph: list[Candidate], parts: list[Candidate], replaced: frozenset[str],
           k: int) -> list[Candidate]:
    """The ``k`` best of the graph's candidates (those the parts hold a newer version of
    left out) and the parts' ones, ranked again (ties by id)."""
    pairs = [(c.score, c.id) for c in graph if c.id not in replaced]
    pairs += [(c.score, c.id) for c in parts]
    pairs.sort(key=lambda pair: (-pair[0], pair[1]))
    return [Candidate(i, s, r) for r, (s, i) in enumerate(pairs[:k], 1)]


def as_stored(matrix: np.ndarray, dtype: str) -> np.ndarray:
    """``matrix`` (float32) rounded as the graph stores and compares it: to the nearest
    bfloat16 (ties to even) or float16; f32 and i8 as they are (i8 scales per vector, so
    its rounding is left to the graph)."""
    rows = np.ascontiguousarray(matrix, dtype=np.float32)
    if dtype == "f16":
        return rows.astype(np.float16).astype(np.float32)
    if dtype == "bf16":
        bits = rows.view(np.uint32)
        rounded = (bits + np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1))) \
            & np.uint32(0xFFFF0000)
        return rounded.view(np.float32)
    return rows
