"""The batches written to a large ``hnsw`` index and not in its graph yet (``defer`` and
``backlog``, #45): which are held for the next near-duplicate check, which were handed to
the inserting thread, and the search of the graph beside them.

See :mod:`.staged` for why a batch is held and how it is searched. The writer holds a
batch (:meth:`Backlog.hold`), hands the held ones to the inserting thread after a check or
a third write (:meth:`Backlog.release`), and a search from another thread than the
writer's searches the graph and every batch not in it yet (:meth:`Backlog.beside`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Final

import numpy as np

from cognimem.models import Candidate, Query

from .inserts import Inserts
from .rows import Rows
from .staged import Part, merged, search_parts

#: Batches held out of the graph at most: a write group's new memories, then the merged
#: ones it indexes again; a third write hands them to the inserting thread.
HELD_PARTS: Final = 2

#: The graph's own search, under its lock: (rows of queries, query, neighbours wanted) ->
#: each row's candidates.
GraphSearch = Callable[[np.ndarray, Query, int], list[list[Candidate]]]


class Backlog:
    """Held and released batches of one index, its inserting thread and graph lock."""

    def __init__(self, inserts: Inserts, graph_lock: threading.Lock,
                 insert: Callable[[Part], None]) -> None:
        self._inserts = inserts
        self._graph_lock = graph_lock
        self._insert = insert  # one part into the graph, marked inserted in that hold
        self.held: list[Part] = []  # since the last check, in the order written
        self._released: list[Part] = []  # handed on, perhaps not inserted yet
        self._writer: int | None = None  # the thread of the last held write

    def clear(self) -> None:
        self.held, self._released = [], []

    def hold(self, part: Part, backlog: int) -> None:
        """Hold ``part`` (writer lock held), the held ones handed on first if there are
        :data:`HELD_PARTS` already."""
        self._writer = threading.get_ident()
        if len(self.held) >= HELD_PARTS:
            self.release(backlog)
        self.held = [*self.held, part]

    def release(self, backlog: int) -> None:
        """Hand the held batches to the inserting thread, after those before them (writer
        lock held; returns once at most ``backlog`` memories wait before them); a kept
        failure stays kept."""
        held = self.held
        if held:  # released before no longer held: a reader sees them in one or both
            self._released = [p for p in self._released if not p.inserted] + held
            self.held = []
            self._inserts.queue(lambda: self._insert_parts(held), sum(map(len, held)),
                                backlog)

    def flushed(self, writer_lock: threading.RLock, backlog: int) -> None:
        """Every batch handed on and inserted (a failure kept, not raised)."""
        if self.held:  # read unlocked: a batch held meanwhile is a write beside this call,
            with writer_lock:  # which it may or may not see
                self.release(backlog)
        self._inserts.wait()

    def _insert_parts(self, parts: Sequence[Part]) -> None:
        """The batches' inserts, in the order written (a failed one ends the job; the rest
        are marked inserted all the same: left out, repaired from the records)."""
        try:
            for part in parts:
                self._insert(part)
        finally:
            with self._graph_lock:
                for part in parts:
                    part.inserted = True

    def beside_a_writer(self) -> bool:
        """This thread is not the writer's and some batch may not be in the graph."""
        return (self._writer is not None and self._writer != threading.get_ident()
                and bool(self.held or self._released))

    def beside(self, graph: GraphSearch, rows: Callable[[], Rows], matrix: np.ndarray,
               query: Query, k: int, parts: list[Part] | None = None) -> list[list[Candidate]]:
        """Each row's ``k`` best of the graph (whose ``rows()``) and, exactly, of ``parts``
        (None: every batch not in the graph as its lock shows them)."""
        with self._graph_lock:
            if parts is None:
                parts = [p for p in (*self._released, *self.held) if not p.inserted]
            replaced: frozenset[str] = frozenset().union(*(p.ids for p in parts))
            known = rows().key if replaced else None  # their older versions are left out
            ask = k + sum(known.get(i) is not None for i in replaced) if known else k
            out = graph(matrix, query, ask)
        if not parts:
            return out
        return [merged(mine, theirs, replaced, k) for mine, theirs in
                zip(out, search_parts(parts, matrix, query, k), strict=True)]
