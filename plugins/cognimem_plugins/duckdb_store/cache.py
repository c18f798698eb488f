"""The decoded-row cache: committed memory rows by id, and the open transaction's own.

DuckDB fetches scattered rows slowly (~0.1 ms per row however few are asked for), while
search loads every fused candidate, so committed memory rows are kept decoded in an LRU
cache (option ``cache_size``), filled by ``iter_memories`` (which the engine runs on open),
``get_memories`` and the warming thread (:mod:`.warm`), and updated only when a transaction
commits. This process is the store's only writer (see ownership), so the cache cannot go
stale. The memories built from its rows for searches are kept in :attr:`RowCache.shared`
(:mod:`.shared`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable

from .. import sql_rows as rows
from .shared import SharedMemories

#: Memories kept built for searches (:mod:`.shared`; ~2 KB each), at most ``cache_size``.
SHARED_MEMORIES = 8192


class RowCache:
    """Committed rows (LRU, at most ``limit``) and the open transaction's writes.

    :param limit: rows kept (0: none).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        #: committed memory rows by id, least recently used first
        self.rows: OrderedDict[str, rows.MemoryRow] = OrderedDict()
        #: rows written by the open transaction (None: deleted), cached when it commits
        self.pending: dict[str, rows.MemoryRow | None] = {}
        #: bumped by every commit that changed memories (a reader's fetch from before it
        #: must not be cached)
        self.generation = 0
        #: guards the cache, which readers beside a write share (and the tally's state)
        self.lock = threading.RLock()
        #: memories built from cached rows, shared by the searches that load them
        self.shared = SharedMemories(min(limit, SHARED_MEMORIES))
        #: told which memories each commit changed (the warming thread keeps none of them)
        self.changed: Callable[[Iterable[str]], None] = lambda ids: None

    def remember(self, memory_id: str, row: rows.MemoryRow) -> None:
        """Cache a committed row as the most recently used one."""
        if not self.limit:
            return
        with self.lock:
            self.rows[memory_id] = row
            self.rows.move_to_end(memory_id)
            while len(self.rows) > self.limit:
                self.rows.popitem(last=False)

    def lookup(self, wanted: Iterable[str]) -> tuple[dict[str, rows.MemoryRow], list[str]]:
        """The rows of ``wanted`` the open transaction wrote or the cache holds, and the ids
        to fetch (a deleted one is neither)."""
        found: dict[str, rows.MemoryRow] = {}
        missing = []
        with self.lock:
            for memory_id in wanted:
                if memory_id in self.pending:
                    row = self.pending[memory_id]
                    if row is not None:
                        found[memory_id] = row
                elif memory_id in self.rows:
                    self.rows.move_to_end(memory_id)
                    found[memory_id] = self.rows[memory_id]
                else:
                    missing.append(memory_id)
        return found, missing

    def latest(self, memory_id: str) -> rows.MemoryRow | None:
        """The open transaction's row of a memory, else its cached one (None: neither)."""
        with self.lock:
            if memory_id in self.pending:
                return self.pending[memory_id]
            return self.rows.get(memory_id)

    def committed(self) -> None:
        """The open transaction committed: its rows replace the cached ones."""
        if not self.pending:
            return
        with self.lock:
            self.generation += 1
            self.changed(self.pending)
            for memory_id, row in self.pending.items():
                self.rows.pop(memory_id, None)
                if row is not None:
                    self.remember(memory_id, row)
        self.pending = {}

    def rolled_back(self) -> None:
        """The open transaction rolled back: its rows go."""
        self.pending = {}
