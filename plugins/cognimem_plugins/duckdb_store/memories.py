"""The memory rows of a DuckDB store: writing, deleting and reading them, through the
decoded-row cache (:mod:`.cache`), with their unfolded access counts (:mod:`.tally`)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import datetime
from typing import Any

import duckdb

from cognimem.models import Memory

from .. import sql_rows as rows
from ..sql_parts.memories import MemoryCounts
from . import packed, schema
from .cache import RowCache
from .connection import Database
from .directory import write_error
from .rowfile import RowFile
from .tally import AccessTally

_COLUMNS = ", ".join(schema.MEMORY_COLUMNS)
_PAGE = 4096


class MemoryRows(MemoryCounts):
    """``put_memories``, ``get_memories``, ``iter_memories`` and the rest of the memories'
    contract for a DuckDB store."""

    db: Database

    def __init__(self, db: Database, cache: RowCache, tally: AccessTally,
                 copy: RowFile) -> None:
        super().__init__(db)
        self.cache = cache
        self.tally = tally
        self.copy = copy
        #: told when a search has loaded its rows (the warming thread may start)
        self.loaded: Callable[[], None] = lambda: None
        # a superset of the stored content hashes, read at the first lookup (not at open:
        # a search never needs it, and at 100k it is a quarter of a second)
        self._hashes: set[str] | None = None

    # writes ------------------------------------------------------------------------------------

    def put_memories(self, memories: Sequence[Memory]) -> None:
        """Insert or replace memories by id (the last one wins when an id repeats)."""
        if not memories:
            return
        latest = list({m.id: m for m in memories}.values())
        table = rows.memory_table(latest)
        with self.db.transaction(), self.db.arrow(table) as view:
            # DELETE + INSERT: measured ~8x faster than INSERT OR REPLACE in DuckDB
            self.db.execute(f"DELETE FROM memories WHERE id IN (SELECT id FROM {view})")
            self.db.execute(f"INSERT INTO memories ({_COLUMNS}) SELECT {_COLUMNS} FROM {view}")
            self.tally.drop(m.id for m in latest)
            if self._hashes is not None:
                self._hashes.update(m.content_hash for m in latest)
            written = {m.id: rows.memory_row(m) for m in latest}
            self.cache.pending.update(written)
            self.copy.stage(written)

    def delete_memories(self, ids: Sequence[str]) -> None:
        """Remove memories with their edges, accesses and embeddings."""
        doomed = list(dict.fromkeys(ids))
        if not doomed:
            return
        with self.db.transaction():
            sub = "(SELECT unnest(?::VARCHAR[]))"
            self.db.execute(f"DELETE FROM memories WHERE id IN {sub}", [doomed])
            self.db.execute(f"DELETE FROM edges WHERE source IN {sub} OR target IN {sub}",
                            [doomed, doomed])
            self.db.execute(f"DELETE FROM accesses WHERE memory_id IN {sub}", [doomed])
            self.db.execute(f"DELETE FROM embeddings WHERE memory_id IN {sub}", [doomed])
            self.tally.drop(doomed)
            for memory_id in doomed:
                self.cache.pending[memory_id] = None
            self.copy.stage(dict.fromkeys(doomed))

    # reads by id -------------------------------------------------------------------------------

    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids: from the cache, the rest in one query."""
        return self.load(ids, rows.memory_from_stored_row)

    def shared_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        """:meth:`get_memories`, but a memory may be the object handed to an earlier call
        (:mod:`.shared`): read it, never change it (the engine's search loads its candidates
        so, and hands its hits on as private copies)."""
        return self.load(ids, self.cache.shared.of)

    def load(self, ids: Iterable[str],
             build: Callable[[rows.MemoryRow], Memory]) -> dict[str, Memory]:
        """The memories with these ids, each built from its row by ``build``."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        if self.db.readers.cursor() is not None:
            return self.committed_memories(wanted, build)
        with self.db.guard, self.cache.lock:
            found, missing = self.cache.lookup(wanted)
            if missing:
                for row in self.fetch_ids(missing):
                    found[row[0]] = row
                    self.cache.remember(row[0], row)
        self.loaded()
        return {i: build(found[i]) for i in wanted if i in found}

    def committed_memories(self, wanted: list[str],
                           build: Callable[[rows.MemoryRow], Memory]) -> dict[str, Memory]:
        """:meth:`load` for a reader beside a write (:mod:`.reading`): cached committed rows,
        the rest from its cursor, cached only if no commit changed memories meanwhile."""
        cache = self.cache
        generation = cache.generation
        with cache.lock:
            found = {i: cache.rows[i] for i in wanted if i in cache.rows}
        missing = [i for i in wanted if i not in found]
        if missing:
            fetched = self.fetch_ids(missing)
            with cache.lock:
                fresh = generation == cache.generation
                for row in fetched:
                    found[row[0]] = row
                    if fresh:
                        cache.remember(row[0], row)
        self.loaded()
        return {i: build(found[i]) for i in wanted if i in found}

    def find_by_hash(self, content_hash: str) -> list[Memory]:
        """Memories with this content hash, in id order (indexed; unknown hashes cost no
        query at all)."""
        if content_hash not in self._known_hashes():
            return []
        found = self.fetch(
            f"SELECT {rows.MEMORY_SELECT} FROM memories WHERE content_hash = ? ORDER BY id",
            [content_hash],
        )
        return [rows.memory_from_row(r) for r in found]

    def _known_hashes(self) -> set[str]:
        if self._hashes is None:
            found = self.db.rows("SELECT DISTINCT content_hash FROM memories")
            self._hashes = {r[0] for r in found}
        return self._hashes

    # decoding ----------------------------------------------------------------------------------

    def fetch_ids(self, ids: list[str]) -> list[rows.MemoryRow]:
        """The stored rows of these ids, each read as one value (:mod:`.packed`) from the
        rows' copy (:mod:`.rowfile`) or, for those it does not hold, from DuckDB; their
        unfolded access counts added."""
        raw, view = self.tally.for_read(lambda: self._packed_rows(ids))
        return self.tally.added([packed.unpack(r) for r in raw], view)

    def _packed_rows(self, ids: list[str]) -> list[Any]:
        found, missing = self.copy.read(ids)
        if missing:
            sql = (f"SELECT {packed.PACKED_SELECT} FROM memories "
                   f"WHERE {rows.ids_where('id', len(missing))}")
            found += self.db.rows(sql, [missing])
        return found

    def fetch(self, sql: str, params: Sequence[Any] | None = None) -> list[rows.MemoryRow]:
        """Run a SELECT of :data:`rows.MEMORY_SELECT` and decode its rows (their unfolded
        access counts added)."""
        raw, view = self.tally.for_read(lambda: self.db.rows(sql, params))
        return self.decode(raw, view)

    def decode(self, raw: Sequence[Sequence[Any]],
               view: Mapping[str, tuple[int, datetime]] | None = None) -> list[rows.MemoryRow]:
        """Decode rows of :data:`rows.MEMORY_SELECT`, adding the unfolded access counts of
        ``view`` (those of now when not given)."""
        out: list[rows.MemoryRow] = []
        unsplit: dict[str, int] = {}
        for r in raw:
            row = rows.decode_memory(r)
            if row is None:  # a tag or provenance entry holds the separator: read natively
                unsplit[r[0]] = len(out)
                out.append(tuple(r))
            else:
                out.append(row)
        if unsplit:
            lists = self.db.rows(f"SELECT {rows.LISTS_SELECT} FROM memories "
                                 f"WHERE {rows.ids_where('id', len(unsplit))}",
                                 [list(unsplit)])
            for memory_id, tags, provenance in lists:
                at = unsplit[memory_id]
                out[at] = rows.with_lists(out[at], tags, provenance)
        return self.tally.added(out, self.tally.view() if view is None else view)

    # every memory ------------------------------------------------------------------------------

    def iter_memories(self) -> Iterator[Memory]:
        """Every memory in id order.

        Outside a transaction this streams one snapshot through a separate cursor, so the
        caller may read and write the store while iterating; inside one it reads the
        transaction's own view in one go. Rows read fill the cache.
        """
        with self.db.guard:
            if self.db.depth:
                snapshot = self.fetch(f"SELECT {rows.MEMORY_SELECT} FROM memories ORDER BY id")
                cursor = None
            else:
                cursor = self.db.cursor()
                generation = self.cache.generation
                view = self.tally.view()  # the guard held: no fold before the snapshot
                try:
                    cursor.execute(f"SELECT {rows.MEMORY_SELECT} FROM memories ORDER BY id")
                except duckdb.Error as exc:
                    cursor.close()
                    raise write_error(self.db.file, exc) from exc
        if cursor is None:
            for row in snapshot:
                yield rows.memory_from_row(row)
            return
        try:
            while True:
                with self.db.guard, _gc_paused():
                    try:
                        raw = cursor.fetchmany(_PAGE)
                    except duckdb.Error as exc:
                        raise write_error(self.db.file, exc) from exc
                    page = self.decode(raw, view)
                    if generation == self.cache.generation:  # nothing committed since: fresh
                        for row in page:
                            self.cache.remember(row[0], row)
                    memories = [rows.memory_from_row(row) for row in page]
                yield from memories
                if len(raw) < _PAGE:
                    return
        finally:
            with suppress(duckdb.Error):
                cursor.close()


@contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a page of rows becomes objects: the objects are
    acyclic, and the collections their allocations trigger cost more than the decoding
    (measured: 100k memories, 4.3 s -> 1.7 s of CPU)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
