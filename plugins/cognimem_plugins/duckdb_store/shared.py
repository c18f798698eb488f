"""Memories built once per stored row and shared by the searches that load them.

A search loads its fused candidates (thirty for a ``recall`` of three) to rank them, and
building a Memory from a cached row costs ~7 us (four pydantic objects, the lists copied,
``meta`` parsed): a fifth of a search's CPU in the store daemon, where a burst of searches
shares the interpreter lock (docs/benchmarks.md, "Many agents"). The store's
``shared_memories`` hands out the Memory built from a row the last time that same row was
asked for, so a memory that many searches rank is built once; the engine only reads these
and hands its hits on as private copies (:meth:`~cognimem.models.Memory.private_copy`);
the near-duplicate guard reads a write's stored neighbours the same way
(:func:`cognimem.stores.memories_to_read`).

An entry is valid while the row it was built from is the row the store holds (the same
object: a commit that changes a memory puts a new row in the cache), so a changed memory is
never served from here. At most ``limit`` entries are kept, the oldest built dropped first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from cognimem.models import Memory

from .. import sql_rows as rows


class SharedMemories:
    """Memories by id, each with the row it was built from.

    :param limit: entries kept (0: none; every call builds a new memory).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._built: OrderedDict[str, tuple[rows.MemoryRow, Memory]] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, row: rows.MemoryRow) -> Memory:
        """The memory of ``row``: the one built from this very row before, else a new one."""
        kept = self._built.get(row[0])
        if kept is not None and kept[0] is row:
            return kept[1]
        memory = rows.memory_from_stored_row(row)
        if self.limit:
            with self._lock:
                self._built[row[0]] = (row, memory)
                while len(self._built) > self.limit:
                    self._built.popitem(last=False)
        return memory

    def clear(self) -> None:
        with self._lock:
            self._built.clear()

    def __len__(self) -> int:
        return len(self._built)
