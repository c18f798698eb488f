"""What the ``hnsw`` index keeps beside the graph: for each key, the memory it holds.

A key is the usearch key of one indexed vector; keys are handed out in order and never
reused, so a key is also the row of the per-key arrays (id, version, archived flag, scope
codes, live flag). Replacing a memory's vector retires its key and takes a new one. Scope
values are interned per field as small integer codes, and the live rows per code are
counted, so a search can estimate how many memories its filter admits without a scan.

The ids and the id -> key map are numpy arrays (:mod:`.ids`: ~48 MiB at a million memories
where a list of strings and a dict took ~130, #45 wave 8). Rows read from a snapshot keep
their ids as the saved array until a write needs the map (or :meth:`Rows.versions`), so an
index of a million memories opens without building it (#45: about half a second of CPU);
a search reads only its hits' ids (:meth:`Rows.ids_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np

from cognimem.errors import StoreError
from cognimem.models import Memory, Query

from .ids import KeyMap, Names, encoded

SCOPE_FIELDS: Final = ("project", "agent", "user")
#: The code of an unset scope field.
UNSET: Final = 0
#: The code of a scope value never indexed (matches no memory).
NOWHERE: Final = -1


def _global_too(query: Query, field: str) -> bool:
    """Whether memories of no ``field`` value are in the query's scope too (a project's
    query with ``include_global``: global memories have no project)."""
    return field == "project" and query.include_global


class Rows:
    """Per-key arrays that grow by doubling, and the id -> key map."""

    def __init__(self) -> None:
        self.size = 0  # keys handed out (live or retired)
        self._names: Names | None = Names()
        self._saved_ids: np.ndarray | None = None  # the snapshot's ids until _names is made
        self._key: KeyMap | None = KeyMap(self._names, np.zeros(0, dtype=np.int64))
        self._live = 0
        self.version = np.zeros(0, dtype=np.int64)
        self.archived = np.zeros(0, dtype=bool)
        self.live = np.zeros(0, dtype=bool)
        self.codes = {field: np.zeros(0, dtype=np.int32) for field in SCOPE_FIELDS}
        self.interned: dict[str, dict[str, int]] = {field: {} for field in SCOPE_FIELDS}
        self.counts: dict[str, dict[int, int]] = {field: {} for field in SCOPE_FIELDS}
        self.archived_live = 0

    def __len__(self) -> int:
        """Live memories."""
        return self._live

    @property
    def retired(self) -> int:
        """Keys handed out whose memory was since replaced or deleted."""
        return self.size - self._live

    @property
    def names(self) -> Names:
        """Each key's memory id (made from the snapshot's array on first use)."""
        names = self._names
        if names is None:
            assert self._saved_ids is not None
            names = self._names = Names(encoded(self._saved_ids))  # set before the array is
            self._saved_ids = None  # let go: a lock-free reader always finds one of the two
        return names

    @property
    def key(self) -> KeyMap:
        """Each live memory's key (made on first use).

        :raises StoreError: a snapshot with an id live under two keys.
        """
        if self._key is None:
            made = KeyMap(self.names, np.flatnonzero(self.live[: self.size]))
            if made.duplicated:
                raise StoreError("the hnsw snapshot has an id live under two keys: run "
                                 "`cognimem reindex`")
            self._key = made
        return self._key

    def ids_of(self, keys: list[int]) -> list[str]:
        """The memory ids of ``keys``."""
        names, saved = self._names, self._saved_ids
        if names is None and saved is not None:
            found: list[str] = saved[keys].tolist()
            return found
        return self.names.of(keys)

    # writes ----------------------------------------------------------------------------------

    def _reserve(self, rows: int) -> None:
        need = self.size + rows
        capacity = self.version.shape[0]
        if need <= capacity:
            return
        grown = max(need, 2 * capacity, 64)

        def grow(array: np.ndarray) -> np.ndarray:
            out = np.zeros(grown, dtype=array.dtype)
            out[: self.size] = array[: self.size]
            return out

        self.version, self.archived, self.live = (
            grow(self.version), grow(self.archived), grow(self.live))
        self.codes = {field: grow(codes) for field, codes in self.codes.items()}

    def _code(self, field: str, value: str | None) -> int:
        if value is None:
            return UNSET
        table = self.interned[field]
        code = table.get(value)
        if code is None:
            code = table[value] = len(table) + 1
        return code

    def add(self, memories: Sequence[Memory]) -> np.ndarray:
        """New keys for ``memories`` (distinct ids, none of them live)."""
        self._reserve(len(memories))
        first = self.size
        known = self.key
        self.names.append([memory.id for memory in memories])  # before a reader sees the keys
        for memory in memories:
            key = self.size
            known.put(memory.id, key)
            self._live += 1
            self.size += 1
            self.version[key] = memory.version
            self.archived[key] = memory.archived
            self.archived_live += memory.archived
            self.live[key] = True
            for field in SCOPE_FIELDS:
                code = self.codes[field][key] = self._code(field, getattr(memory.scope, field))
                self.counts[field][code] = self.counts[field].get(code, 0) + 1
        return np.arange(first, self.size, dtype=np.uint64)

    def retire(self, ids: Sequence[str]) -> list[int]:
        """Retire the keys of the live ``ids`` (others are ignored); returns those keys."""
        keys = []
        known = self.key
        for memory_id in ids:
            key = known.pop(memory_id)
            if key is None:
                continue
            keys.append(key)
            self._live -= 1
            self.live[key] = False
            self.archived_live -= bool(self.archived[key])
            for field in SCOPE_FIELDS:
                code = int(self.codes[field][key])
                self.counts[field][code] -= 1
        return keys

    # reads -----------------------------------------------------------------------------------

    def versions(self) -> dict[str, int]:
        """Every live id with the version it was indexed at."""
        keys = np.sort(np.asarray(list(self.key.keys()), dtype=np.int64))
        return dict(zip(self.names.of(keys), self.version[keys].tolist(), strict=True))

    def filter_codes(self, query: Query) -> dict[str, int] | None:
        """The scope codes the query requires, or None when a value was never indexed (a
        project never indexed still admits global memories with ``include_global``: its
        code is then :data:`NOWHERE`)."""
        wanted: dict[str, int] = {}
        for field in SCOPE_FIELDS:
            value = getattr(query.scope, field)
            if value is not None:
                code = self.interned[field].get(value)
                if code is None and _global_too(query, field):
                    code = NOWHERE
                if code is None:
                    return None
                wanted[field] = code
        return wanted

    def estimate(self, query: Query, wanted: Mapping[str, int]) -> int:
        """An upper bound of the live memories the query admits (no scan)."""
        bound = len(self) - (0 if query.include_archived else self.archived_live)
        for field, code in wanted.items():
            count = self.counts[field].get(code, 0)
            if _global_too(query, field):
                count += self.counts[field].get(UNSET, 0)
            bound = min(bound, count)
        return max(bound, 0)

    def admits(self, keys: np.ndarray, query: Query, wanted: Mapping[str, int]) -> np.ndarray:
        """Which of ``keys`` the query admits: live, not archived unless asked, in scope
        (with ``include_global``, a memory of no project is in any project's scope)."""
        mask = self.live[keys]
        if not query.include_archived and self.archived_live:
            mask &= ~self.archived[keys]
        for field, code in wanted.items():
            codes = self.codes[field][keys]
            if _global_too(query, field):
                mask &= (codes == code) | (codes == UNSET)
            else:
                mask &= codes == code
        return mask

    def admitted_keys(self, query: Query, wanted: Mapping[str, int]) -> np.ndarray:
        """Every key the query admits (one vectorised pass over the rows)."""
        every = np.arange(self.size, dtype=np.int64)
        return every[self.admits(every, query, wanted)]

    # snapshot --------------------------------------------------------------------------------

    def arrays(self) -> dict[str, np.ndarray]:
        """The rows as arrays for a snapshot (:meth:`from_arrays` reads them back)."""
        n = self.size
        out: dict[str, np.ndarray] = {
            "ids": (self._saved_ids if self._saved_ids is not None and self._names is None
                    else self.names.strings()),
            "version": self.version[:n],
            "archived": self.archived[:n], "live": self.live[:n]}
        for field in SCOPE_FIELDS:
            out[f"codes_{field}"] = self.codes[field][:n]
            out[f"values_{field}"] = np.array(list(self.interned[field]), dtype=str)
        return out

    def compacted(self) -> tuple[Rows, np.ndarray]:
        """A copy holding only the live keys, renumbered from 0 in key order, and the old key
        of each new one."""
        live = np.flatnonzero(self.live[: self.size])
        data = self.arrays()
        for name in ("ids", "version", "archived", "live",
                     *(f"codes_{field}" for field in SCOPE_FIELDS)):
            data[name] = data[name][live]
        return Rows.from_arrays(data), live

    @classmethod
    def from_arrays(cls, data: Mapping[str, np.ndarray]) -> Rows:
        """Rows from :meth:`arrays`' output.

        :raises ValueError: arrays of different lengths or codes without values.
        """
        rows = cls()
        saved = np.asarray(data["ids"], dtype=str)
        n = len(saved)
        rows._names, rows._saved_ids, rows._key, rows.size = None, saved, None, n
        rows.version = np.asarray(data["version"], dtype=np.int64)
        rows.archived = np.asarray(data["archived"], dtype=bool)
        rows.live = np.asarray(data["live"], dtype=bool)
        for field in SCOPE_FIELDS:
            codes = rows.codes[field] = np.asarray(data[f"codes_{field}"], dtype=np.int32)
            values = [str(v) for v in data[f"values_{field}"]]
            rows.interned[field] = {v: code for code, v in enumerate(values, 1)}
            if len(codes) and (codes.min() < 0 or codes.max() > len(values)):
                raise ValueError(f"scope codes of {field!r} outside its {len(values)} values")
        sizes = {len(rows.version), len(rows.archived), len(rows.live),
                 *(len(c) for c in rows.codes.values())}
        if sizes != {n}:
            raise ValueError("snapshot arrays of different lengths")
        live = np.flatnonzero(rows.live)
        rows._live = len(live)
        rows.archived_live = int(rows.archived[live].sum())
        for field in SCOPE_FIELDS:
            found, counts = np.unique(rows.codes[field][live], return_counts=True)
            rows.counts[field] = {int(c): int(m) for c, m in zip(found, counts, strict=True)}
        return rows
