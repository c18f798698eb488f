"""The ``hnsw`` index's memory ids by key and the key of each live id, held in numpy arrays.

At a million memories a Python list of the id strings and a dict of them to their keys took
~130 MiB (#45 wave 8, tracemalloc: 70 MiB the strings and the list, 60 the dict). Here the
ids are one fixed-width bytes array (UTF-8, as wide as the longest id: 16 bytes for the
engine's ids) and the map an open-addressing hash table of keys (8 bytes a slot, at most
half of them used): ~48 MiB at a million. A lookup stays O(1) on average: the id's hash
picks a slot and linear probing walks to its key (or to an empty slot: not there).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np

#: A slot never used (ends a probe) and a slot whose key was removed (a probe walks on).
EMPTY: Final = -1
GONE: Final = -2
#: The fewest slots a table has.
_SMALLEST: Final = 64


def encoded(ids: np.ndarray) -> np.ndarray:
    """``ids`` (a str array, as a snapshot saves them) as UTF-8 bytes of a fixed width."""
    try:
        out: np.ndarray = ids.astype(np.bytes_)  # ASCII (every id the engine makes): fast
    except UnicodeEncodeError:
        out = np.char.encode(ids, "utf-8")
    return out


class Names:
    """Each key's memory id, as bytes in one array that grows by doubling.

    A reader without the writer's lock may look up keys already handed out: the array is
    replaced whole (never changed in place below :attr:`size`) when it grows or widens.
    """

    def __init__(self, data: np.ndarray | None = None) -> None:
        self.data = data if data is not None else np.zeros(0, dtype="S1")
        self.size = len(self.data)

    def append(self, ids: Sequence[str]) -> None:
        """Add ``ids`` as the next keys' ids."""
        new = np.array([i.encode() for i in ids], dtype=np.bytes_)
        need = self.size + len(new)
        data = self.data
        width = max(data.dtype.itemsize, new.dtype.itemsize)
        if need > len(data) or width > data.dtype.itemsize:
            grown = np.zeros(max(need, 2 * len(data), 64), dtype=f"S{width}")
            grown[: self.size] = data[: self.size]
            data = grown
        data[self.size : need] = new
        self.data, self.size = data, need

    def of(self, keys: Sequence[int] | np.ndarray) -> list[str]:
        """The ids of ``keys``."""
        return [b.decode() for b in self.data[keys].tolist()]

    def get(self, key: int) -> bytes:
        """The id of ``key``, as bytes."""
        found: bytes = self.data[key]
        return found

    def strings(self) -> np.ndarray:
        """Every key's id as a str array (the snapshot's form)."""
        return np.char.decode(self.data[: self.size], "utf-8")


def _duplicated(names: list[bytes], hashes: np.ndarray) -> bool:
    """Whether an id repeats in ``names`` (their ``hashes`` given: only ids of a hash that
    repeats are compared)."""
    ordered = np.sort(hashes)
    repeated = ordered[1:][ordered[1:] == ordered[:-1]]
    if not len(repeated):
        return False
    suspects = [n for n, h in zip(names, np.isin(hashes, repeated).tolist(), strict=True) if h]
    return len(set(suspects)) != len(suspects)


class KeyMap:
    """Each live id's key: an open-addressing hash table over :class:`Names`.

    :param names: the ids by key.
    :param keys: the live keys (:attr:`duplicated` says whether two of them hold one id).
    """

    def __init__(self, names: Names, keys: np.ndarray) -> None:
        self.names = names
        self._build(keys)

    def _build(self, keys: np.ndarray) -> None:
        """Place ``keys`` in a table of at least twice as many slots, all at once: each round,
        every key not placed yet takes its slot if it is empty (the first one asking, if
        several do) or moves to the next slot (so no empty slot lies between a key and the
        slot its hash picked, which is what a lookup relies on)."""
        keys = np.asarray(keys, dtype=np.int64)
        size = _SMALLEST
        while size < 2 * len(keys):
            size *= 2
        slots = np.full(size, EMPTY, dtype=np.int64)
        mask = size - 1
        names = self.names.data[keys].tolist()
        hashes = np.fromiter(map(hash, names), dtype=np.int64, count=len(keys))
        self.duplicated = _duplicated(names, hashes)
        slot = hashes & mask
        waiting = np.arange(len(keys))
        while len(waiting):
            at = slot[waiting]
            free = slots[at] == EMPTY
            _, first = np.unique(at[free], return_index=True)
            placed = waiting[free][first]
            slots[slot[placed]] = keys[placed]
            left = np.ones(len(keys), dtype=bool)
            left[placed] = False
            waiting = waiting[left[waiting]]
            slot[waiting] = (slot[waiting] + 1) & mask
        self.slots, self.used, self.count = slots, len(keys), len(keys)

    def __len__(self) -> int:
        return self.count

    def _find(self, name: bytes) -> int:
        """The slot holding ``name``'s key, or -1."""
        slots, names = self.slots, self.names
        mask = len(slots) - 1
        at = hash(name) & mask
        while True:
            key = int(slots[at])
            if key == EMPTY:
                return -1
            if key >= 0 and names.get(key) == name:
                return at
            at = (at + 1) & mask

    def get(self, memory_id: str) -> int | None:
        """The key of ``memory_id`` if it is live."""
        at = self._find(memory_id.encode())
        return None if at < 0 else int(self.slots[at])

    def put(self, memory_id: str, key: int) -> None:
        """Make ``key`` the key of ``memory_id`` (not live: the caller retired it first)."""
        if 2 * (self.used + 1) > len(self.slots):
            self._build(np.append(self.slots[self.slots >= 0], key))  # grown, GONE cleared
            return
        slots = self.slots
        mask = len(slots) - 1
        at = hash(memory_id.encode()) & mask
        while slots[at] >= 0:
            at = (at + 1) & mask
        self.used += int(slots[at]) == EMPTY
        slots[at] = key
        self.count += 1

    def pop(self, memory_id: str) -> int | None:
        """Remove ``memory_id``; its key if it was live."""
        at = self._find(memory_id.encode())
        if at < 0:
            return None
        key = int(self.slots[at])
        self.slots[at] = GONE
        self.count -= 1
        return key

    def keys(self) -> Iterable[int]:
        """Every live key (in no order)."""
        return self.slots[self.slots >= 0].tolist()
