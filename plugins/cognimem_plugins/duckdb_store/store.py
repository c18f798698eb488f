"""``duckdb``: the persistent record store, the source of truth of an embedded cognimem.

The profile's ``path`` is the store directory; the database is ``<path>/records.duckdb``
and the ownership lock ``<path>/owner.lock`` (see :mod:`.lock`). Opening a store:

1. inspects the directory without changing anything: a path that is a file, a directory
   holding other things but no ``records.duckdb``, or a ``records.duckdb`` that is not a
   DuckDB database is refused with :class:`~cognimem.errors.StoreError`;
2. takes the ownership lock (:class:`~cognimem.errors.StoreLocked` when someone has it);
3. creates a new database atomically (built under a temporary name, then renamed), or
   opens the existing one, refuses one written by a newer schema version and migrates an
   older one in a single transaction (:mod:`.schema`).

Every write runs in a DuckDB transaction. :meth:`DuckDBStore.transaction` nests: an inner
transaction joins the outer one, and if an inner block fails, the outer one rolls back
even when the failure was caught in between. DuckDB errors (a full disk, a corrupt file)
surface as :class:`~cognimem.errors.StoreError` after the transaction was rolled back.
A ``path`` of ``:memory:`` (or none) gives an in-memory DuckDB database, for tests.

Reads: DuckDB fetches scattered rows slowly (~0.1 ms per row however few are asked for),
while search loads every fused candidate, so committed memory rows are kept decoded in an
LRU cache (option ``cache_size``), filled by ``iter_memories`` (which the engine runs on
open) and ``get_memories``, and updated only when a transaction commits. This process is
the store's only writer (see ownership), so the cache cannot go stale.
"""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import os
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import duckdb
import numpy as np
import pyarrow as pa
from pydantic import Field

from cognimem.accesses import tally
from cognimem.components import GraveEntry, Options, RecordStore
from cognimem.errors import StoreError, StoreLocked
from cognimem.models import Access, Edge, EmbeddingSignature, Event, Memory
from cognimem.stores import json_field

from .. import sql_rows as rows
from . import schema
from .lock import LOCK_NAME, OwnerLock
from .reading import ConcurrentReads
from .shared import SharedMemories
from .tally import SEARCH_FOLD_CAP, AccessTally, bumped
from .warm import CacheWarming

if TYPE_CHECKING:
    from cognimem.context import Context

log = logging.getLogger("cognimem.duckdb")

#: The database file inside the store directory.
STORE_FILE = "records.duckdb"
#: The temporary name a new database is built under before it is renamed into place.
INIT_FILE = STORE_FILE + ".init"
#: A compacted copy on its way to replace the store file.
COMPACT_FILE = STORE_FILE + ".compact"
#: Directory entries that do not make a directory "foreign".
_IGNORABLE = {LOCK_NAME, "exports", INIT_FILE, INIT_FILE + ".wal", COMPACT_FILE,
              COMPACT_FILE + ".wal", ".DS_Store"}
_MAGIC = b"DUCK"
_MEMORY_COLUMNS = ", ".join(schema.MEMORY_COLUMNS)
_EDGE_COLUMNS = ", ".join(rows.EDGE_COLUMNS)
_EVENT_SELECT = ", ".join(rows.EVENT_COLUMNS)
_PAGE = 4096
#: Memories kept built for searches (:mod:`.shared`; ~2 KB each), at most ``cache_size``.
SHARED_MEMORIES = 8192
_UNSET: Any = object()


class DuckDBStore(ConcurrentReads, CacheWarming, AccessTally, RecordStore):
    """Memories, edges, accesses, events, graveyard, embeddings and metadata in DuckDB."""

    reads_beside_writes = True  # in reading(): see .reading

    name = "duckdb"
    persistent: ClassVar[bool] = True

    class Options(Options):
        """DuckDB resource limits (defaults: DuckDB's own)."""

        threads: int | None = Field(default=None, ge=1, description="DuckDB worker threads")
        memory_limit: str | None = Field(default=None, description="e.g. '2GB'")
        cache_size: int = Field(
            default=100_000, ge=0,
            description="memories kept decoded in process memory (0: none); DuckDB fetches "
                        "scattered rows slowly (~0.1 ms each), so search reads from this cache",
        )
        warm_cache: bool = Field(
            default=True,
            description="after opening, read the most recently used memories (up to "
                        "cache_size) into the cache in a background thread")
        fold_at: int = Field(
            default=4096, ge=1, le=10_000_000,
            description="access counts appended before they are folded into the memories' "
                        "counters in one go (see the tally module)")

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.directory: Path | None = None
        self.file: Path | None = None
        #: Schema versions passed through by migration when the store was opened.
        self.migrated: list[int] = []
        self._con: Any = None
        self._owner: OwnerLock | None = None
        self._guard = threading.RLock()
        self._depth = 0
        self._doomed = False
        # a superset of the stored content hashes, read at the first lookup (not at open:
        # a search never needs it, and at 100k it is a quarter of a second)
        self._hashes: set[str] | None = None
        self._last_event: Event | None = _UNSET
        # Committed memory rows by id (LRU); writes of the open transaction wait in
        # _pending (None = deleted) and reach the cache only when it commits.
        self._cache: OrderedDict[str, rows.MemoryRow] = OrderedDict()
        self._pending: dict[str, rows.MemoryRow | None] = {}
        self._generation = 0  # bumped by every commit that changed memories
        # memories built from cached rows, shared by the searches that load them
        self._shared = SharedMemories(min(self.options.cache_size, SHARED_MEMORIES))
        # what the open transaction writes: namespace -> key -> JSON text (None: deleted)
        self._meta_touched: dict[str, dict[str, str | None]] = {}
        self._meta_versions: dict[str, int] = {}  # bumped by every commit that wrote them
        #: per namespace, what each recent commit wrote (version after it, key -> JSON text
        #: or None, its characters), and the characters all of them hold (_META_LOG_CHARS)
        self._meta_log: dict[str, deque[tuple[int, dict[str, str | None], int]]] = {}
        self._meta_log_chars: dict[str, int] = {}
        self._meta_lock = threading.Lock()
        # Events appended in the open transaction, written in one statement before it
        # commits (or before events are read): one INSERT per event cost ~1.5 ms each.
        self._events: list[Event] = []
        self._init_reading()  # searches beside a write (see .reading)
        self._init_warming()  # the cache filled in the background after open (see .warm)
        self._init_tally()  # access counts appended, folded later (see .tally)

    # lifecycle ---------------------------------------------------------------------------------

    def open(self, ctx: Context) -> None:
        """Open (or create) the store in ``ctx.path``; see the module docstring."""
        if ctx.path is None:
            self._con = self._connect(":memory:")
            self._in_transaction(lambda: schema.VERSIONS.create(self._con))
            self._init_tally()
            return
        directory = Path(ctx.path).expanduser()
        inspect_directory(directory)
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"cannot create the store directory {str(directory)!r}: {exc.strerror or exc}"
            ) from exc
        owner = OwnerLock(directory)
        owner.acquire()
        try:
            self.directory, self.file = directory, directory / STORE_FILE
            if not self.file.exists():
                self._create(self.file)
            self._con = self._connect(str(self.file))
            self._prepare_schema()
            self._init_tally()
            self._load_tally()
        except BaseException:
            if self._con is not None:
                _close_connection(self._con)
                self._con = None
            owner.release()
            raise
        self._owner = owner
        self._start_warming()

    def publish_owner(self, address: str) -> None:
        """Write ``address`` into ``owner.lock`` (not a secret), so "store in use" errors
        name where the owner serves the store."""
        if self._owner is None:
            raise StoreError("publish_owner: the store is not open")
        self._owner.set_address(address)

    def close(self) -> None:
        """Fold the access counts, checkpoint, close the database and release ownership
        (safe to call twice)."""
        self._stop_warming()
        with self._guard:
            if self._con is not None and self._unfolded:
                try:
                    self.fold_accesses()
                except StoreError as exc:  # they stay in access_tally, read at the next open
                    log.warning("folding the access counts at close failed: %s", exc)
            self._close_readers()
            con, self._con = self._con, None
            owner, self._owner = self._owner, None
            try:
                if con is not None:
                    _close_connection(con)
            finally:
                if owner is not None:
                    owner.release()

    def compact(self) -> None:
        """Copy the database into a fresh file and put it in place of the old one, so rows
        deleted before leave nothing in free pages (DuckDB reuses them without clearing).

        The copy is made beside the store and renamed over it: a crash before the rename
        leaves the old file whole (the copy is removed at the next compaction)."""
        if self.file is None:
            return
        self._stop_warming()  # its cursor belongs to the connection closed below
        with self._guard:
            if self._depth:
                raise StoreError("cannot compact the store inside a transaction")
            tmp = self.file.with_name(COMPACT_FILE)
            for leftover in (tmp, tmp.with_name(COMPACT_FILE + ".wal")):
                leftover.unlink(missing_ok=True)
            try:
                self._con.execute("CHECKPOINT")
                name = self._con.execute("SELECT current_database()").fetchone()[0]
                self._con.execute("ATTACH ? AS cognimem_compacted", [str(tmp)])
                self._con.execute(f'COPY FROM DATABASE "{name}" TO cognimem_compacted')
                self._con.execute("DETACH cognimem_compacted")
            except duckdb.Error as exc:
                with contextlib.suppress(duckdb.Error):
                    self._con.execute("DETACH DATABASE IF EXISTS cognimem_compacted")
                tmp.unlink(missing_ok=True)
                raise _write_error(self.file, exc) from exc
            self._close_readers()  # cursors of the old file
            _close_connection(self._con)
            self._con = None
            try:
                if self.file.with_name(STORE_FILE + ".wal").exists():  # never pair a WAL
                    tmp.unlink(missing_ok=True)  # with a file it was not written for
                    log.warning("%s was not compacted: its write-ahead log was still there "
                                "after a checkpoint", self.file.name)
                else:
                    os.replace(tmp, self.file)
                    _fsync_directory(self.file.parent)
            finally:
                self._con = self._connect(str(self.file))

    def _connect(self, target: str) -> Any:
        config: dict[str, Any] = {"autoinstall_known_extensions": False}
        for key in ("threads", "memory_limit"):
            value = getattr(self.options, key, None)
            if value:
                config[key] = value
        try:
            con = duckdb.connect(target, config=config)
            con.execute("SET TimeZone = 'UTC'")
        except duckdb.Error as exc:
            raise _open_error(Path(target), exc) from exc
        return con

    def _create(self, file: Path) -> None:
        """Build a new database under a temporary name, then rename it into place, so a
        crash while creating never leaves a half-made store."""
        tmp = file.with_name(INIT_FILE)
        for leftover in (tmp, tmp.with_name(INIT_FILE + ".wal")):
            leftover.unlink(missing_ok=True)
        con = self._connect(str(tmp))
        try:
            con.begin()
            schema.VERSIONS.create(con)
            con.commit()
            con.execute("CHECKPOINT")
        except duckdb.Error as exc:
            raise _write_error(file, exc) from exc
        finally:
            _close_connection(con)
        os.replace(tmp, file)
        _fsync_directory(file.parent)

    def _prepare_schema(self) -> None:
        version = schema.read_version(self._con)
        if version is None:
            raise StoreError(
                f"{str(self.file)!r} is a DuckDB database but not a cognimem store (it has no "
                "schema_version table); it was left untouched: move it away or choose "
                "another store path"
            )
        where = f"the store at {str(self.directory)!r}"
        schema.VERSIONS.refuse_newer(version, where)
        if version < schema.CURRENT_VERSION:
            log.warning("migrating the store at %s from schema version %d to %d",
                        self.directory, version, schema.CURRENT_VERSION)
            try:
                self.migrated = self._in_transaction(
                    lambda: schema.VERSIONS.upgrade(self._con, version, where))
            except duckdb.Error as exc:
                cause = _write_error(self.file, exc)
                raise StoreError(
                    f"upgrading the store at {str(self.directory)!r} from schema version "
                    f"{version} to {schema.CURRENT_VERSION} failed, so it was rolled back and "
                    f"left at version {version}: {cause}"
                ) from exc

    def _known_hashes(self) -> set[str]:
        if self._hashes is None:
            found = self._rows("SELECT DISTINCT content_hash FROM memories")
            self._hashes = {r[0] for r in found}
        return self._hashes

    # transactions ------------------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A DuckDB transaction; nested use joins the outermost one."""
        with self._guard:
            if self._depth:
                self._depth += 1
                try:
                    yield
                except BaseException:
                    self._doomed = True
                    raise
                finally:
                    self._depth -= 1
                return
            self._sql("BEGIN TRANSACTION")
            self._depth, self._doomed = 1, False
            try:
                yield
            except BaseException:
                self._depth = 0
                self._rollback()
                raise
            self._depth = 0
            if not self._doomed:
                try:
                    self._flush_events()
                except StoreError:
                    self._rollback()
                    raise
            if self._doomed:
                self._rollback()
                raise StoreError(
                    "a write inside this transaction failed (its error was caught before the "
                    "transaction ended), so the whole transaction was rolled back"
                )
            try:
                self._execute("COMMIT")
            except duckdb.Error as exc:
                self._rollback()
                raise _write_error(self.file, exc) from exc
            self._publish()

    def _publish(self) -> None:
        """Move the committed transaction's memory rows into the cache; count the change of
        every metadata namespace it wrote."""
        if self._meta_touched:
            with self._meta_lock:
                for namespace, written in self._meta_touched.items():
                    self._log_meta_commit(namespace, written)
            self._meta_touched = {}
        write_unit = self._tally_write_unit
        if self._tally_open or self._tally_dropped or write_unit:
            with self._cache_lock:
                self._tally_committed()
        if not self._pending:
            return
        with self._cache_lock:
            self._generation += 1
            self._warming_changed(self._pending)
            for memory_id, row in self._pending.items():
                self._cache.pop(memory_id, None)
                if row is not None:
                    self._remember(memory_id, row)
        self._pending = {}
        if write_unit:  # a write of memories folds the access counts waiting (see .tally)
            self._maybe_fold()

    def _log_meta_commit(self, namespace: str, written: dict[str, str | None]) -> None:
        """Count a commit that wrote ``namespace`` and keep what it wrote, within
        :data:`_META_LOG` commits and :data:`_META_LOG_CHARS` characters (meta lock held)."""
        version = self._meta_versions.get(namespace, 0) + 1
        self._meta_versions[namespace] = version
        log = self._meta_log.setdefault(namespace, deque())
        size = sum(len(k) + len(v or "") for k, v in written.items())
        chars = self._meta_log_chars.get(namespace, 0) + size
        log.append((version, written, size))
        while log and (len(log) > _META_LOG or chars > _META_LOG_CHARS):
            chars -= log.popleft()[2]
        self._meta_log_chars[namespace] = chars

    def _remember(self, memory_id: str, row: rows.MemoryRow) -> None:
        limit = getattr(self.options, "cache_size", 0)
        if not limit:
            return
        with self._cache_lock:
            self._cache[memory_id] = row
            self._cache.move_to_end(memory_id)
            while len(self._cache) > limit:
                self._cache.popitem(last=False)

    def _rollback(self) -> None:
        self._last_event = _UNSET
        self._pending = {}
        self._meta_touched = {}
        self._events = []
        self._tally_ended()
        with suppress(duckdb.Error):  # DuckDB may have ended a transaction that failed
            self._execute("ROLLBACK")

    def _in_transaction(self, work: Callable[[], Any]) -> Any:
        with self.transaction():
            return work()

    # SQL helpers -------------------------------------------------------------------------------

    def _connection(self) -> Any:
        reader = self._reading_cursor()
        if reader is not None:
            return reader
        if self._con is None:
            raise StoreError("the duckdb record store is not open (or was closed)")
        return self._con

    def _execute(self, sql: str, params: Sequence[Any] | None = None) -> Any:
        """Run one statement; every SQL of the store goes through here."""
        return self._connection().execute(sql, params)

    def _sql(self, sql: str, params: Sequence[Any] | None = None) -> Any:
        try:
            return self._execute(sql, params)
        except duckdb.Error as exc:
            raise _write_error(self.file, exc) from exc

    def _rows(self, sql: str, params: Sequence[Any] | None = None) -> list[Any]:
        with self._hold():
            result: list[Any] = self._sql(sql, params).fetchall()
            return result

    @contextmanager
    def _arrow(self, table: pa.Table) -> Iterator[str]:
        """Expose an Arrow table to SQL under a temporary view name."""
        name = f"_incoming_{id(table):x}"
        self._connection().register(name, table)
        try:
            yield name
        finally:
            with suppress(duckdb.Error):
                self._connection().unregister(name)

    # memories ----------------------------------------------------------------------------------

    def put_memories(self, memories: Sequence[Memory]) -> None:
        """Insert or replace memories by id (the last one wins when an id repeats)."""
        if not memories:
            return
        latest = list({m.id: m for m in memories}.values())
        table = rows.memory_table(latest)
        with self.transaction(), self._arrow(table) as view:
            # DELETE + INSERT: measured ~8x faster than INSERT OR REPLACE in DuckDB
            self._sql(f"DELETE FROM memories WHERE id IN (SELECT id FROM {view})")
            self._sql(f"INSERT INTO memories ({_MEMORY_COLUMNS}) "
                      f"SELECT {_MEMORY_COLUMNS} FROM {view}")
            self._drop_tally(m.id for m in latest)
            if self._hashes is not None:
                self._hashes.update(m.content_hash for m in latest)
            for m in latest:
                self._pending[m.id] = rows.memory_row(m)

    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids: from the cache, the rest in one query."""
        return self._memories(ids, rows.memory_from_stored_row)

    def shared_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        """:meth:`get_memories`, but a memory may be the object handed to an earlier call
        (:mod:`.shared`): read it, never change it (the engine's search loads its candidates
        so, and hands its hits on as private copies)."""
        return self._memories(ids, self._shared.of)

    def _memories(self, ids: Iterable[str],
                  build: Callable[[rows.MemoryRow], Memory]) -> dict[str, Memory]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        if self._reading_cursor() is not None:
            return self._committed_memories(wanted, build)
        with self._guard, self._cache_lock:
            found: dict[str, rows.MemoryRow] = {}
            missing = []
            for memory_id in wanted:
                if memory_id in self._pending:
                    row = self._pending[memory_id]
                    if row is not None:
                        found[memory_id] = row
                elif memory_id in self._cache:
                    self._cache.move_to_end(memory_id)
                    found[memory_id] = self._cache[memory_id]
                else:
                    missing.append(memory_id)
            if missing:
                fetched = self._fetch_memories(
                    f"SELECT {rows.MEMORY_SELECT} FROM memories "
                    f"WHERE {rows.ids_where('id', len(missing))}", [missing])
                for row in fetched:
                    found[row[0]] = row
                    self._remember(row[0], row)
        self._warming_may_start()
        return {i: build(found[i]) for i in wanted if i in found}

    def _fetch_memories(self, sql: str, params: Sequence[Any] | None = None,
                        con: Any = None) -> list[rows.MemoryRow]:
        """Run a SELECT of :data:`rows.MEMORY_SELECT` and decode its rows (their unfolded
        access counts added)."""
        def read() -> list[Any]:
            if con is None:
                return self._rows(sql, params)
            try:
                found: list[Any] = con.execute(sql, params).fetchall()
            except duckdb.Error as exc:
                raise _write_error(self.file, exc) from exc
            return found

        raw, view = self._tally_for_read(read)
        return self._decode(raw, view)

    def _decode(self, raw: Sequence[Sequence[Any]],
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
            lists = self._rows(f"SELECT {rows.LISTS_SELECT} FROM memories "
                               f"WHERE {rows.ids_where('id', len(unsplit))}",
                               [list(unsplit)])
            for memory_id, tags, provenance in lists:
                at = unsplit[memory_id]
                out[at] = rows.with_lists(out[at], tags, provenance)
        return self._with_tally(out, self._tally_view() if view is None else view)

    def delete_memories(self, ids: Sequence[str]) -> None:
        """Remove memories with their edges, accesses and embeddings."""
        doomed = list(dict.fromkeys(ids))
        if not doomed:
            return
        with self.transaction():
            sub = "(SELECT unnest(?::VARCHAR[]))"
            self._sql(f"DELETE FROM memories WHERE id IN {sub}", [doomed])
            self._sql(f"DELETE FROM edges WHERE source IN {sub} OR target IN {sub}",
                      [doomed, doomed])
            self._sql(f"DELETE FROM accesses WHERE memory_id IN {sub}", [doomed])
            self._sql(f"DELETE FROM embeddings WHERE memory_id IN {sub}", [doomed])
            self._drop_tally(doomed)
            for memory_id in doomed:
                self._pending[memory_id] = None

    def iter_memories(self) -> Iterator[Memory]:
        """Every memory in id order.

        Outside a transaction this streams one snapshot through a separate cursor, so the
        caller may read and write the store while iterating; inside one it reads the
        transaction's own view in one go. Rows read fill the cache.
        """
        with self._guard:
            if self._depth:
                snapshot = self._fetch_memories(
                    f"SELECT {rows.MEMORY_SELECT} FROM memories ORDER BY id")
                cursor = None
            else:
                cursor = self._cursor()
                generation = self._generation
                view = self._tally_view()  # the guard held: no fold before the snapshot
                try:
                    cursor.execute(f"SELECT {rows.MEMORY_SELECT} FROM memories ORDER BY id")
                except duckdb.Error as exc:
                    cursor.close()
                    raise _write_error(self.file, exc) from exc
        if cursor is None:
            for row in snapshot:
                yield rows.memory_from_row(row)
            return
        try:
            while True:
                with self._guard, _gc_paused():
                    try:
                        raw = cursor.fetchmany(_PAGE)
                    except duckdb.Error as exc:
                        raise _write_error(self.file, exc) from exc
                    page = self._decode(raw, view)
                    if generation == self._generation:  # nothing committed since: fresh
                        for row in page:
                            self._remember(row[0], row)
                    memories = [rows.memory_from_row(row) for row in page]
                yield from memories
                if len(raw) < _PAGE:
                    return
        finally:
            with suppress(duckdb.Error):
                cursor.close()

    def _cursor(self) -> Any:
        """A second connection to the database: its own snapshot, its own results."""
        cursor = self._connection().cursor()
        cursor.execute("SET TimeZone = 'UTC'")
        return cursor

    def count_memories(self) -> int:
        """How many memories are stored."""
        return int(self._rows("SELECT count(*) FROM memories")[0][0])

    def memory_counts(self) -> dict[str, Any]:
        """Counts by layer, archived and superseded, in one query."""
        found = self._rows("SELECT layer, count(*), count(*) FILTER (WHERE archived), "
                           "count(superseded_by) FROM memories GROUP BY layer ORDER BY layer")
        return {"memories": sum(int(r[1]) for r in found),
                "archived": sum(int(r[2]) for r in found),
                "superseded": sum(int(r[3]) for r in found),
                "layers": {r[0]: int(r[1]) for r in found}}

    def count_edges(self) -> int:
        """How many edges are stored."""
        return int(self._rows("SELECT count(*) FROM edges")[0][0])

    def find_by_hash(self, content_hash: str) -> list[Memory]:
        """Memories with this content hash, in id order (indexed; unknown hashes cost no
        query at all)."""
        if content_hash not in self._known_hashes():
            return []
        found = self._fetch_memories(
            f"SELECT {rows.MEMORY_SELECT} FROM memories WHERE content_hash = ? ORDER BY id",
            [content_hash],
        )
        return [rows.memory_from_row(r) for r in found]

    def memory_versions(self) -> dict[str, int]:
        """Every memory's id and version, cheaply (for reconciling indexes)."""
        return dict(self._rows("SELECT id, version FROM memories"))

    def ids_not_embedded_with(self, signature: EmbeddingSignature) -> list[str]:
        """Ids of memories whose embedding signature is not ``signature``, in id order."""
        found = self._rows(
            "SELECT id FROM memories WHERE embedding_model IS DISTINCT FROM ? "
            "OR embedding_dim IS DISTINCT FROM ? ORDER BY id", [signature.model, signature.dim])
        return [r[0] for r in found]

    # edges -------------------------------------------------------------------------------------

    def put_edges(self, edges: Sequence[Edge]) -> None:
        """Insert or replace edges by (source, target, type)."""
        if not edges:
            return
        table = rows.edge_table(list({e.key: e for e in edges}.values()))
        with self.transaction(), self._arrow(table) as view:
            self._sql(f"DELETE FROM edges USING {view} k WHERE edges.source = k.source "
                      "AND edges.target = k.target AND edges.type = k.type")
            self._sql(f"INSERT INTO edges ({_EDGE_COLUMNS}) SELECT {_EDGE_COLUMNS} FROM {view}")

    def delete_edges(self, keys: Sequence[tuple[str, str, str]]) -> None:
        """Remove the edges with these keys (unknown keys are ignored)."""
        if not keys:
            return
        table = pa.table({"source": [k[0] for k in keys], "target": [k[1] for k in keys],
                          "type": [k[2] for k in keys]})
        with self.transaction(), self._arrow(table) as view:
            self._sql(f"DELETE FROM edges USING {view} k WHERE edges.source = k.source "
                      "AND edges.target = k.target AND edges.type = k.type")

    def edges_of(self, node: str, direction: Literal["out", "in", "both"] = "both") -> list[Edge]:
        """Edges leaving, entering or touching ``node``, in key order."""
        where = {"out": "source = ?", "in": "target = ?",
                 "both": "(source = ? OR target = ?)"}[direction]
        params = [node, node] if direction == "both" else [node]
        found = self._rows(
            f"SELECT {rows.EDGE_SELECT} FROM edges WHERE {where} ORDER BY source, target, type",
            params,
        )
        return [rows.edge_from_row(r) for r in found]

    def iter_edges(self) -> Iterator[Edge]:
        """Every edge in key order, read in pages."""
        last: tuple[str, str, str] | None = None
        while True:
            if last is None:
                page = self._rows(f"SELECT {rows.EDGE_SELECT} FROM edges "
                                  f"ORDER BY source, target, type LIMIT {_PAGE}")
            else:
                page = self._rows(
                    f"SELECT {rows.EDGE_SELECT} FROM edges WHERE source > ? OR (source = ? AND "
                    "(target > ? OR (target = ? AND type > ?))) "
                    f"ORDER BY source, target, type LIMIT {_PAGE}",
                    [last[0], last[0], last[1], last[1], last[2]],
                )
            for r in page:
                yield rows.edge_from_row(r)
            if len(page) < _PAGE:
                return
            last = (page[-1][0], page[-1][1], page[-1][2])

    # accesses ----------------------------------------------------------------------------------

    def add_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals to the access history."""
        if not accesses:
            return
        table = rows.access_table([(a.memory_id, a.at, a.agent, a.query) for a in accesses])
        with self.transaction(), self._arrow(table) as view:
            self._sql("INSERT INTO accesses SELECT memory_id, accessed_at, agent, query "
                      f"FROM {view}")

    def record_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals and their counts (:mod:`.tally`): ``access_count`` and
        ``last_accessed_at`` read as bumped from the commit on, at a cost that follows the
        batch (the memories table is not updated until the counts are folded). Cached rows
        get the change when the transaction commits."""
        if not accesses:
            return
        bumps = {i: (n, _utc(at)) for i, (n, at) in tally(accesses).items()}
        with self.transaction():
            self.add_accesses(accesses)
            self._append_tally(bumps)
            for memory_id, (count, at) in bumps.items():
                with self._cache_lock:
                    row = (self._pending[memory_id] if memory_id in self._pending
                           else self._cache.get(memory_id))
                if row is None:
                    continue  # deleted in this transaction, or not cached: read from DuckDB
                self._pending[memory_id] = bumped(row, count, at)
        self._maybe_fold(cap=SEARCH_FOLD_CAP)

    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]:
        """Retrieval times per memory, oldest first (absent ids map to [])."""
        wanted = list(dict.fromkeys(ids))
        out: dict[str, list[datetime]] = {i: [] for i in wanted}
        if not wanted:
            return out
        found = self._rows(
            "SELECT memory_id, accessed_at FROM accesses WHERE "
            f"{rows.ids_where('memory_id', len(wanted))} ORDER BY memory_id, accessed_at",
            [wanted],
        )
        for memory_id, at in found:
            out[memory_id].append(at)
        return out

    # events ------------------------------------------------------------------------------------

    def append_event(self, event: Event) -> None:
        """Append one event (its ``seq`` must be new); written when the transaction commits."""
        self.append_events([event])

    def append_events(self, events: Sequence[Event]) -> None:
        """Append events; they are written in one statement when the transaction commits."""
        if not events:
            return
        for event in events:
            rows.dump_json(event.payload, f"event {event.seq} payload")  # refuse it now
        with self.transaction():
            self._events.extend(events)
            self._last_event = events[-1]

    def _flush_events(self) -> None:
        """Write the transaction's buffered events (inside it)."""
        if not self._events:
            return
        table = rows.event_table(self._events)
        self._events = []
        with self._arrow(table) as view:
            self._sql(f"INSERT INTO events ({_EVENT_SELECT}) SELECT {_EVENT_SELECT} FROM {view}")

    def last_event(self) -> Event | None:
        """The newest event (cached; the cache is dropped on rollback)."""
        with self._guard:
            if self._last_event is _UNSET:
                found = self._rows(
                    f"SELECT {_EVENT_SELECT} FROM events ORDER BY seq DESC LIMIT 1")
                self._last_event = rows.event_from_row(found[0]) if found else None
            event: Event | None = self._last_event
            return event

    def iter_events(self, after_seq: int = 0) -> Iterator[Event]:
        """Events with ``seq > after_seq``, oldest first, read in pages."""
        after = after_seq
        with self._hold():
            if self._depth and self._reading_cursor() is None:
                self._flush_events()
        while True:
            page = self._rows(
                f"SELECT {_EVENT_SELECT} FROM events WHERE seq > ? ORDER BY seq LIMIT {_PAGE}",
                [after],
            )
            for r in page:
                yield rows.event_from_row(r)
            if len(page) < _PAGE:
                return
            after = page[-1][0]

    # graveyard ---------------------------------------------------------------------------------

    def add_grave(self, entry: GraveEntry) -> None:
        """Record (or replace) the graveyard entry of a memory."""
        with self.transaction():
            self._sql("INSERT OR REPLACE INTO graves (memory_id, archived_at, reason, score, "
                      "memory) VALUES (?, ?, ?, ?, ?)", rows.grave_params(entry))

    def graves(self) -> list[GraveEntry]:
        """Every graveyard entry, newest first."""
        found = self._rows("SELECT memory_id, archived_at, reason, score, memory FROM graves "
                           "ORDER BY archived_at DESC, memory_id")
        return [rows.grave_from_row(r) for r in found]

    def remove_grave(self, memory_id: str) -> None:
        """Forget the graveyard entry of ``memory_id``."""
        with self.transaction():
            self._sql("DELETE FROM graves WHERE memory_id = ?", [memory_id])

    # embeddings --------------------------------------------------------------------------------

    def put_embeddings(self, vectors: dict[str, np.ndarray], signature: EmbeddingSignature) -> None:
        """Store embeddings (float32 bytes) with their signature.

        :raises InvalidInput: a vector of the wrong dimension (nothing is written).
        """
        if not vectors:
            return
        table = rows.embedding_table(vectors, signature)
        with self.transaction(), self._arrow(table) as view:
            self._sql(f"DELETE FROM embeddings WHERE memory_id IN (SELECT memory_id FROM {view})")
            self._sql(f"INSERT INTO embeddings (memory_id, model, dim, vector) "
                      f"SELECT memory_id, model, dim, vector FROM {view}")

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]:
        """The stored embeddings of these ids (missing ones are absent)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        found = self._rows(
            f"SELECT memory_id, vector FROM embeddings WHERE "
            f"{rows.ids_where('memory_id', len(wanted))}",
            [wanted],
        )
        return {r[0]: rows.vector_from_blob(r[1]) for r in found}

    def embedding_signatures(self) -> dict[tuple[str, int], int]:
        """How many stored embeddings each (model, dim) signature has."""
        found = self._rows("SELECT model, dim, count(*) FROM embeddings GROUP BY model, dim")
        return {(r[0], int(r[1])): int(r[2]) for r in found}

    # metadata ----------------------------------------------------------------------------------

    def set_meta(self, namespace: str, key: str, value: Any) -> None:
        """Store a JSON value under (namespace, key); ``None`` deletes it."""
        self.set_metas(namespace, {key: value})

    def set_metas(self, namespace: str, values: Mapping[str, Any]) -> None:
        """Many keys in one DELETE and one INSERT (``INSERT OR REPLACE`` row by row costs a
        few ms per key)."""
        if not values:
            return
        keys = list(values)
        kept = [k for k in keys if values[k] is not None]
        texts = [rows.dump_json(values[k], f"meta value {namespace}/{k}") for k in kept]
        with self.transaction():
            written = self._meta_touched.setdefault(namespace, {})
            written.update(dict.fromkeys(keys))
            written.update(zip(kept, texts, strict=True))
            self._sql("DELETE FROM meta WHERE namespace = ? AND list_contains(?::VARCHAR[], key)",
                      [namespace, keys])
            if kept:
                self._sql("INSERT INTO meta SELECT ?, unnest(?::VARCHAR[]), "
                          "unnest(?::VARCHAR[])", [namespace, kept, texts])

    def get_meta(self, namespace: str, key: str, default: Any = None) -> Any:
        """The value stored under (namespace, key), or ``default``."""
        found = self._rows("SELECT value FROM meta WHERE namespace = ? AND key = ?",
                           [namespace, key])
        return json.loads(found[0][0]) if found else default

    def get_metas(self, namespace: str, keys: Collection[str]) -> dict[str, Any]:
        """The values under these keys, in one statement."""
        if not keys:
            return {}
        found = self._rows("SELECT key, value FROM meta WHERE namespace = ? AND "
                           "list_contains(?::VARCHAR[], key)", [namespace, list(keys)])
        return {k: json.loads(v) for k, v in found}

    def meta_items(self, namespace: str) -> dict[str, Any]:
        """Every key and value of a namespace."""
        found = self._rows("SELECT key, value FROM meta WHERE namespace = ? ORDER BY key",
                           [namespace])
        return {k: json.loads(v) for k, v in found}

    def meta_version(self, namespace: str) -> int | None:
        """Changes at every commit that wrote the namespace (this process is the store's
        only writer: it holds the store's lock)."""
        return self._meta_versions.get(namespace, 0)

    def meta_changes(self, namespace: str, since: int) -> tuple[int, dict[str, Any] | None]:
        """The namespace's version and what the commits after version ``since`` wrote, as
        they committed it (None when this process no longer remembers them all: read the
        namespace again). Kept in memory at each commit, so reading them costs no query."""
        with self._meta_lock:
            version = self._meta_versions.get(namespace, 0)
            if since == version:
                return version, {}
            log = self._meta_log.get(namespace)
            if since > version or not log or log[0][0] > since + 1:
                return version, None
            latest: dict[str, str | None] = {}
            for at, written, _ in log:
                if at > since:
                    latest.update(written)
        return version, {k: None if text is None else json.loads(text)
                         for k, text in latest.items()}

    def meta_items_where(self, namespace: str, fields: Sequence[str],
                         values: Collection[str]) -> dict[str, Any]:
        """The entries whose value holds one of ``values`` under one of ``fields``, filtered
        by DuckDB (a recall's conflicts: no parse of every logged conflict)."""
        wanted = list(dict.fromkeys(values))
        if not wanted or not fields:
            return {}
        names = [json_field(name) for name in fields]
        if len(wanted) <= 64:  # a substring scan first (~10x cheaper than parsing each value)
            condition = " OR ".join(["contains(value, ?)"] * len(wanted))
            params: list[Any] = [namespace, *wanted]
        else:
            condition = " OR ".join(
                ["list_contains(?::VARCHAR[], json_extract_string(value, ?))"] * len(names))
            params = [namespace]
            for name in names:
                params += [wanted, "$." + name]
        found = self._rows(f"SELECT key, value FROM meta WHERE namespace = ? AND ({condition}) "
                           "ORDER BY key", params)
        chosen = set(wanted)
        out = {}
        for key, text in found:
            value = json.loads(text)
            if isinstance(value, dict) and any(value.get(n) in chosen for n in names):
                out[key] = value
        return out

    def schema_version(self) -> int:
        """The schema version of the open database."""
        version = schema.read_version(self._connection())
        return int(version or 0)


# helpers -------------------------------------------------------------------------------------

_META_LOG = 256  # commits per namespace whose writes are remembered (meta_changes)
_META_LOG_CHARS = 4_000_000  # and at most this many characters of their values


def inspect_directory(directory: Path) -> None:
    """Refuse a store path that is not (and cannot become) a cognimem store; changes nothing.

    :raises StoreError: the path is a file; the directory holds other things but no
        ``records.duckdb``; or ``records.duckdb`` is not a DuckDB database.
    """
    if not directory.exists():
        return
    if not directory.is_dir():
        raise StoreError(
            f"the store path {str(directory)!r} is a file, not a directory: the profile's "
            "`path` (or --store) names the directory that holds a store; choose another path"
        )
    file = directory / STORE_FILE
    if file.exists() or file.is_symlink():
        if not file.is_file():
            raise StoreError(f"{str(file)!r} is not a regular file: this is not a cognimem "
                             "store; move it away or choose another store path")
        try:
            with open(file, "rb") as handle:
                head = handle.read(12)
        except OSError as exc:
            raise StoreError(f"cannot read {str(file)!r}: {exc.strerror or exc}; check its "
                             "permissions") from exc
        if head[8:12] != _MAGIC:
            what = "is empty" if not head else "is not a DuckDB database"
            raise StoreError(
                f"{str(file)!r} {what}, so this is not a cognimem store; it was left untouched: "
                "move it away or choose another store path"
            )
        return
    try:
        entries = sorted(os.listdir(directory))
    except OSError as exc:
        raise StoreError(f"cannot list the store directory {str(directory)!r}: "
                         f"{exc.strerror or exc}") from exc
    if STORE_FILE + ".wal" in entries:
        raise StoreError(
            f"{str(directory)!r} holds {STORE_FILE}.wal but no {STORE_FILE}: the database file "
            "was removed; restore it, or move the .wal away to start a new store"
        )
    foreign = [e for e in entries if e not in _IGNORABLE]
    if foreign:
        shown = ", ".join(foreign[:5]) + (", ..." if len(foreign) > 5 else "")
        raise StoreError(
            f"{str(directory)!r} is not a cognimem store: it holds {len(foreign)} other "
            f"entr{'y' if len(foreign) == 1 else 'ies'} ({shown}) and no {STORE_FILE}; choose an "
            "empty or new directory for the store"
        )


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


def _utc(at: datetime) -> datetime:
    """An aware UTC datetime (naive ones are taken as UTC, as the tables store them)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _close_connection(con: Any) -> None:
    try:
        con.close()
    except duckdb.Error:
        log.exception("closing the DuckDB connection failed")


def _fsync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _open_error(file: Path, exc: duckdb.Error) -> StoreError:
    text = str(exc)
    lowered = text.lower()
    if "lock" in lowered and ("conflicting" in lowered or "could not set" in lowered):
        return StoreLocked(
            f"{str(file)!r} is held by another process that is not a cognimem owner ({text}): "
            "stop that process and retry"
        )
    if "version" in lowered and ("storage" in lowered or "newer" in lowered):
        return StoreError(
            f"{str(file)!r} was written by a newer DuckDB than this cognimem uses ({text}); "
            "it was left untouched: upgrade cognimem (`pip install -U cognimem`)"
        )
    if "not a valid duckdb database" in lowered:
        return StoreError(f"{str(file)!r} is not a DuckDB database, so this is not a cognimem "
                          "store; it was left untouched: move it away or choose another path")
    return StoreError(f"cannot open the record store {str(file)!r}: {text}")


def _write_error(file: Path | None, exc: duckdb.Error) -> StoreError:
    text = str(exc)
    where = repr(str(file)) if file else "(in memory)"
    lowered = text.lower()
    if "no space left" in lowered or "disk is full" in lowered or "file too large" in lowered:
        return StoreError(
            f"the disk holding the store {where} is full ({text}); the transaction was rolled "
            "back and nothing was written: free some space and retry"
        )
    if "invalidated" in lowered:
        return StoreError(
            f"the record store {where} stopped after an earlier fatal error ({text}); close "
            "it and open it again (committed data is safe)"
        )
    return StoreError(f"the record store {where} failed: {text}")
