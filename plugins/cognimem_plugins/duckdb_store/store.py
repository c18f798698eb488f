"""``duckdb``: the persistent record store, the source of truth of an embedded cognimem.

The profile's ``path`` is the store directory; the database is ``<path>/records.duckdb``
and the ownership lock ``<path>/owner.lock`` (see :mod:`.lock`). Opening a store:

1. inspects the directory without changing anything: a path that is a file, a directory
   holding other things but no ``records.duckdb``, or a ``records.duckdb`` that is not a
   DuckDB database is refused with :class:`~cognimem.errors.StoreError` (:mod:`.directory`);
2. takes the ownership lock (:class:`~cognimem.errors.StoreLocked` when someone has it);
3. creates a new database atomically (built under a temporary name, then renamed), or
   opens the existing one, refuses one written by a newer schema version and migrates an
   older one in a single transaction (:mod:`.schema`, :mod:`.connection`).

A ``path`` of ``:memory:`` (or none) gives an in-memory DuckDB database, for tests.

:class:`DuckDBStore` is a facade: each of its members is the method of the part that does
the job (:mod:`cognimem.delegation`), one class per job and module: the connection and its
transactions (:mod:`.connection`), the memory rows (:mod:`.memories`) and their decoded-row
cache (:mod:`.cache`) warmed in the background (:mod:`.warm`), the access history and its
unfolded counts (:mod:`.tally`), edges (:mod:`.edges`), events (:mod:`.events`), metadata
(:mod:`.meta`), embeddings (:mod:`.embeddings`) and the graveyard
(:mod:`cognimem_plugins.sql_parts.graves`, shared with the ``postgres`` store). Reads
beside a write: :mod:`.reading`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from cognimem.components import Options, RecordStore
from cognimem.delegation import delegate

from ..sql_parts.graves import Graves
from .budget import BLOCK_BUDGET, INGEST_BUDGET, MemoryBudget
from .cache import RowCache
from .connection import Database
from .directory import STORE_FILE
from .edges import Edges
from .embeddings import Embeddings
from .events import Events
from .memories import MemoryRows
from .meta import Meta
from .reading import Readers
from .rowfile import RowFile, fingerprint_of
from .tally import AccessTally
from .warm import CacheWarming

if TYPE_CHECKING:
    from cognimem.context import Context

__all__ = ["STORE_FILE", "DuckDBStore"]


class DuckDBStore(RecordStore):
    """Memories, edges, accesses, events, graveyard, embeddings and metadata in DuckDB."""

    reads_beside_writes = True  # in reading(): see .reading

    name = "duckdb"
    persistent: ClassVar[bool] = True

    class Options(Options):
        """DuckDB resource limits (defaults: DuckDB's own)."""

        threads: int | None = Field(default=None, ge=1, description="DuckDB worker threads")
        memory_limit: str | None = Field(
            default=None,
            description="DuckDB's memory, e.g. '2GB' or '25%' (of RAM); unset: on disk, what "
                        f"it must hold (its indexes) plus {BLOCK_BUDGET // 2**20} MiB of cached "
                        f"table blocks ({INGEST_BUDGET // 2**20} while it ingests; more while a "
                        "large transaction writes: see the budget module); in memory, DuckDB's "
                        "own (80% "
                        "of RAM)")
        cache_size: int = Field(
            default=100_000, ge=0,
            description="memories kept decoded in process memory (0: none); DuckDB fetches "
                        "scattered rows slowly (~0.1 ms each), so search reads from this cache",
        )
        warm_cache: bool = Field(
            default=True,
            description="after opening, read the most recently used memories (up to "
                        "cache_size) into the cache in a background thread")
        row_file: bool = Field(
            default=True,
            description="keep a read-optimised copy of the memory rows beside the database "
                        "(rows/, ~520 bytes a memory), so that a search reads the rows the "
                        "cache misses without a DuckDB statement (see the rowfile module)")
        fold_at: int = Field(
            default=4096, ge=1, le=10_000_000,
            description="access counts appended before they are folded into the memories' "
                        "counters in one go (see the tally module)")

    options: DuckDBStore.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.db = db = Database(self.options)
        self.cache = cache = RowCache(self.options.cache_size)
        self.tally = AccessTally(db, cache, self.options.fold_at)
        self.copy = RowFile(db.readers, enabled=self.options.row_file)
        self.memories = MemoryRows(db, cache, self.tally, self.copy)
        self.warming = CacheWarming(db.readers, cache, enabled=self.options.warm_cache,
                                    decode=self.memories.decode, counts=self.tally.view)
        self.edges = Edges(db)
        self.events = Events(db)
        self.meta = Meta(db)
        self.graveyard = Graves(db)
        self.embeddings = Embeddings(db)
        self.budget = MemoryBudget(db, self.options.memory_limit)
        cache.changed = self.warming.changed
        self.memories.loaded = self.warming.may_start
        self.tally.folding = self.copy.forget
        db.on_open += [self.tally.load, self.budget.start]
        db.before_commit.append(self.events.flush)
        # the copy after the tally: a row appended there is read with the tally of after
        # the commit (the written rows carry their counts)
        db.after_commit += [self.meta.committed, self.tally.committed, cache.committed,
                            self.budget.committed, self.copy.committed]
        db.on_rollback += [self.events.rolled_back, cache.rolled_back, self.meta.rolled_back,
                           self.tally.ended, self.budget.ended, self.copy.rolled_back]
        db.before_write.append(self.budget.writing)

    # lifecycle: the parts in turn ----------------------------------------------------------

    def open(self, ctx: Context) -> None:
        """Open (or create) the store in ``ctx.path``; see the module docstring."""
        self.db.open(ctx.path)
        if self.db.file is not None:
            self.copy.open(self.db.directory, self._fingerprint)
            self.warming.start()

    def _fingerprint(self) -> list[Any]:
        with self.db.guard:
            return fingerprint_of(self.db.con)

    def close(self) -> None:
        """Fold the access counts, close the database and release ownership (safe to call
        twice)."""
        self.warming.stop()
        self.budget.stop()
        with self.db.guard:
            self.tally.fold_before_close()
            if self.db.con is not None:
                self.copy.close(self._fingerprint)
            self.db.close()

    def compact(self) -> None:
        """Rewrite the database file without the free pages deleted rows left
        (:meth:`.connection.Database.compact`)."""
        if self.db.file is not None:
            self.warming.stop()  # its cursor belongs to the connection compaction closes
            self.copy.discard()  # it may hold the rows of deleted memories: removed
            self.db.compact()
            self.copy.rebuild()

    @property
    def directory(self) -> Path | None:
        """The store directory (None in memory)."""
        return self.db.directory

    @property
    def file(self) -> Path | None:
        """The database file (None in memory)."""
        return self.db.file

    @property
    def migrated(self) -> list[int]:
        """Schema versions passed through by migration when the store was opened."""
        return self.db.migrated

    # the connection ----------------------------------------------------------------------------
    transaction = delegate(Database.transaction, to="db")
    reading = delegate(Readers.reading, to="readers")
    publish_owner = delegate(Database.publish_owner, to="db")
    schema_version = delegate(Database.schema_version, to="db")

    @property
    def readers(self) -> Readers:
        """The reading mode's cursors (:mod:`.reading`)."""
        return self.db.readers

    # memories ----------------------------------------------------------------------------------
    put_memories = delegate(MemoryRows.put_memories, to="memories")
    get_memories = delegate(MemoryRows.get_memories, to="memories")
    shared_memories = delegate(MemoryRows.shared_memories, to="memories")
    delete_memories = delegate(MemoryRows.delete_memories, to="memories")
    iter_memories = delegate(MemoryRows.iter_memories, to="memories")
    count_memories = delegate(MemoryRows.count_memories, to="memories")
    memory_counts = delegate(MemoryRows.memory_counts, to="memories")
    memory_versions = delegate(MemoryRows.memory_versions, to="memories")
    ids_not_embedded_with = delegate(MemoryRows.ids_not_embedded_with, to="memories")
    find_by_hash = delegate(MemoryRows.find_by_hash, to="memories")

    # edges -------------------------------------------------------------------------------------
    put_edges = delegate(Edges.put_edges, to="edges")
    delete_edges = delegate(Edges.delete_edges, to="edges")
    edges_of = delegate(Edges.edges_of, to="edges")
    iter_edges = delegate(Edges.iter_edges, to="edges")
    count_edges = delegate(Edges.count_edges, to="edges")

    # accesses ----------------------------------------------------------------------------------
    add_accesses = delegate(AccessTally.add_accesses, to="tally")
    record_accesses = delegate(AccessTally.record_accesses, to="tally")
    access_times = delegate(AccessTally.access_times, to="tally")
    fold_accesses = delegate(AccessTally.fold_accesses, to="tally")

    # events ------------------------------------------------------------------------------------
    append_event = delegate(Events.append_event, to="events")
    append_events = delegate(Events.append_events, to="events")
    last_event = delegate(Events.last_event, to="events")
    iter_events = delegate(Events.iter_events, to="events")

    # graveyard ---------------------------------------------------------------------------------
    add_grave = delegate(Graves.add_grave, to="graveyard")
    graves = delegate(Graves.graves, to="graveyard")
    remove_grave = delegate(Graves.remove_grave, to="graveyard")

    # embeddings --------------------------------------------------------------------------------
    put_embeddings = delegate(Embeddings.put_embeddings, to="embeddings")
    get_embeddings = delegate(Embeddings.get_embeddings, to="embeddings")
    embedding_signatures = delegate(Embeddings.embedding_signatures, to="embeddings")

    # metadata ----------------------------------------------------------------------------------
    set_meta = delegate(Meta.set_meta, to="meta")
    set_metas = delegate(Meta.set_metas, to="meta")
    get_meta = delegate(Meta.get_meta, to="meta")
    get_metas = delegate(Meta.get_metas, to="meta")
    meta_items = delegate(Meta.meta_items, to="meta")
    meta_version = delegate(Meta.meta_version, to="meta")
    meta_changes = delegate(Meta.meta_changes, to="meta")
    meta_items_where = delegate(Meta.meta_items_where, to="meta")
