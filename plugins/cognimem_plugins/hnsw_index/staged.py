"""The last batch written to a large ``hnsw`` index, held out of the graph until the next
write group's near-duplicate check has searched it exactly (``defer``, #45).

A write group checks its memories against the store (the near-duplicate guard's
:meth:`~.index.HnswVectors.search_many`) before anything of it is written, so that check
needs the previous group in the index. With the previous group's insert still running, the
check had to wait for it: at a million memories each batch's insert then ran beside only
the little the writer does between its own index update and the next check, and the
writer waited for it (EXPERIMENTS.md, "#45 wave 12"). Holding the batch here instead, the
check searches the graph (everything written before it) and this batch exactly, then hands
the batch to the inserting thread, which inserts it beside the writer's transaction,
lexical index and next group's guards. The graph gets the same batches in the same order:
the same writes give the same graph.

A :class:`Staged` never changes: its exact search builds a small :class:`~.rows.Rows` and
:class:`~.flat.Flat` of its own on first use, which apply the same scope and archived
filters as the index's rows.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from cognimem.models import Candidate, Memory, Query

from .flat import Flat
from .rows import Rows


class Staged:
    """Batches written since the graph's last insert, in order (ids distinct within each;
    a later batch's version of an id replaces an earlier one's), searched exactly."""

    def __init__(self, parts: Sequence[tuple[Sequence[Memory], np.ndarray]],
                 dtype: str) -> None:
        self.parts = [(list(batch), vectors) for batch, vectors in parts]
        self.dtype = dtype
        self.ids = frozenset(m.id for batch, _ in self.parts for m in batch)
        self._made: tuple[Rows, Flat] | None = None
        self._making = threading.Lock()

    def __len__(self) -> int:
        return sum(len(batch) for batch, _ in self.parts)

    def joined(self, batch: Sequence[Memory], vectors: np.ndarray) -> Staged:
        """These batches and then ``batch`` (the graph will get them in that order)."""
        return Staged([*self.parts, (batch, vectors)], self.dtype)

    def _parts(self) -> tuple[Rows, Flat]:
        with self._making:
            if self._made is None:
                latest: list[Memory] = []
                rows_of: list[np.ndarray] = []
                seen: set[str] = set()
                for batch, vectors in reversed(self.parts):  # the last version of each id
                    mine = [i for i, m in enumerate(batch) if m.id not in seen]
                    seen.update(batch[i].id for i in mine)
                    latest.extend(batch[i] for i in mine)
                    rows_of.append(vectors[mine])
                rows = Rows()
                keys = rows.add(latest)
                flat = Flat.empty(rows, int(self.parts[0][1].shape[1]))
                self._made = rows, flat.with_keys(rows, keys, as_stored(np.vstack(rows_of),
                                                                       self.dtype))
            return self._made

    def search(self, matrix: np.ndarray, query: Query, k: int) -> list[list[Candidate]]:
        """Each row's ``k`` most similar admitted memories of the batches, exactly."""
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


def merged(graph: list[Candidate], staged: list[Candidate], replaced: frozenset[str],
           k: int) -> list[Candidate]:
    """The ``k`` best of the graph's candidates (those the staged batch replaces left out:
    the batch holds their newer version) and the staged ones, ranked again (ties by id)."""
    pairs = [(c.score, c.id) for c in graph if c.id not in replaced]
    pairs += [(c.score, c.id) for c in staged]
    pairs.sort(key=lambda pair: (-pair[0], pair[1]))
    return [Candidate(i, s, r) for r, (s, i) in enumerate(pairs[:k], 1)]
