"""The store's connection: opening (and creating or migrating) the database, transactions,
compaction, and the statements every other part runs through (:meth:`Database.execute`).

Every write runs in a DuckDB transaction. :meth:`Database.transaction` nests: an inner
transaction joins the outer one, and if an inner block fails, the outer one rolls back
even when the failure was caught in between. DuckDB errors (a full disk, a corrupt file)
surface as :class:`~cognimem.errors.StoreError` after the transaction was rolled back.
The other parts learn how a transaction ended through :attr:`Database.before_commit`,
:attr:`Database.after_commit` and :attr:`Database.on_rollback`; and of the size of the rows a
transaction is about to write in bulk through :attr:`Database.before_write`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from cognimem.errors import StoreError

from ..sql_parts.nesting import Nesting
from . import schema
from .budget import OPENING_LIMIT
from .directory import (
    COMPACT_FILE,
    INIT_FILE,
    STORE_FILE,
    close_connection,
    fsync_directory,
    inspect_directory,
    open_error,
    write_error,
)
from .lock import OwnerLock
from .reading import Readers

log = logging.getLogger("cognimem.duckdb")

#: What a part does when a transaction ends.
Hook = Callable[[], None]
#: What a part does before a transaction's bulk write, given the bytes of its rows so far.
SizeHook = Callable[[int], None]


class Database(Nesting):
    """One DuckDB database (a file in a store directory, or in memory) and its owner lock."""

    placeholder = "?"

    def __init__(self, options: Any) -> None:
        super().__init__()
        self.options = options
        self.directory: Path | None = None
        self.file: Path | None = None
        #: Schema versions passed through by migration when the store was opened.
        self.migrated: list[int] = []
        self.con: Any = None
        self.owner: OwnerLock | None = None
        #: Held by a write for its whole transaction (readers never take it).
        self.guard = threading.RLock()
        self.readers = Readers(lambda: self.con, self.guard)
        #: Run inside the outermost transaction before it commits (kept-back writes).
        self.before_commit: list[Hook] = []
        #: Run after it committed, in order; and when it rolled back.
        self.after_commit: list[Hook] = []
        self.on_rollback: list[Hook] = []
        #: Run before each bulk write (:meth:`arrow`) with the Arrow bytes the open
        #: transaction has written in bulk so far, this write's included.
        self.before_write: list[SizeHook] = []
        self._written = 0
        #: Run once the database is open, before the store counts as open.
        self.on_open: list[Hook] = []

    # lifecycle ---------------------------------------------------------------------------------

    def open(self, path: Path | str | None) -> None:
        """Open (or create) the database in the store directory ``path`` (None: in memory)."""
        if path is None:
            self.con = self._connect(":memory:")
            with self.transaction():
                schema.VERSIONS.create(self.con)
            self._opened()
            return
        directory = Path(path).expanduser()
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
            self.con = self._connect(str(self.file))
            self._prepare_schema()
            self._opened()
        except BaseException:
            if self.con is not None:
                close_connection(self.con)
                self.con = None
            owner.release()
            raise
        self.owner = owner

    def _opened(self) -> None:
        for hook in self.on_open:
            hook()

    def publish_owner(self, address: str) -> None:
        """Write ``address`` into ``owner.lock`` (not a secret), so "store in use" errors
        name where the owner serves the store."""
        if self.owner is None:
            raise StoreError("publish_owner: the store is not open")
        self.owner.set_address(address)

    def close(self) -> None:
        """Close the database and release ownership (safe to call twice)."""
        with self.guard:
            self.readers.close()
            con, self.con = self.con, None
            owner, self.owner = self.owner, None
            try:
                if con is not None:
                    close_connection(con)
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
        with self.guard:
            if self.depth:
                raise StoreError("cannot compact the store inside a transaction")
            tmp = self.file.with_name(COMPACT_FILE)
            for leftover in (tmp, tmp.with_name(COMPACT_FILE + ".wal")):
                leftover.unlink(missing_ok=True)
            try:
                self.con.execute("CHECKPOINT")
                name = self.con.execute("SELECT current_database()").fetchone()[0]
                self.con.execute("ATTACH ? AS cognimem_compacted", [str(tmp)])
                self.con.execute(f'COPY FROM DATABASE "{name}" TO cognimem_compacted')
                self.con.execute("DETACH cognimem_compacted")
            except duckdb.Error as exc:
                with contextlib.suppress(duckdb.Error):
                    self.con.execute("DETACH DATABASE IF EXISTS cognimem_compacted")
                tmp.unlink(missing_ok=True)
                raise write_error(self.file, exc) from exc
            self.readers.close()  # cursors of the old file
            close_connection(self.con)
            self.con = None
            try:
                if self.file.with_name(STORE_FILE + ".wal").exists():  # never pair a WAL
                    tmp.unlink(missing_ok=True)  # with a file it was not written for
                    log.warning("%s was not compacted: its write-ahead log was still there "
                                "after a checkpoint", self.file.name)
                else:
                    os.replace(tmp, self.file)
                    fsync_directory(self.file.parent)
            finally:
                self.con = self._connect(str(self.file))

    def _connect(self, target: str) -> Any:
        config: dict[str, Any] = {"autoinstall_known_extensions": False}
        if target != ":memory:":  # then budgeted (.budget): a file's blocks can be evicted
            config["memory_limit"] = OPENING_LIMIT
        for key in ("threads", "memory_limit"):
            value = getattr(self.options, key, None)
            if value:
                config[key] = value
        try:
            con = duckdb.connect(target, config=config)
            con.execute("SET TimeZone = 'UTC'")
        except duckdb.Error as exc:
            raise open_error(Path(target), exc) from exc
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
            raise write_error(file, exc) from exc
        finally:
            close_connection(con)
        os.replace(tmp, file)
        fsync_directory(file.parent)

    def _prepare_schema(self) -> None:
        version = schema.read_version(self.con)
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
                with self.transaction():
                    self.migrated = schema.VERSIONS.upgrade(self.con, version, where)
            except duckdb.Error as exc:
                cause = write_error(self.file, exc)
                raise StoreError(
                    f"upgrading the store at {str(self.directory)!r} from schema version "
                    f"{version} to {schema.CURRENT_VERSION} failed, so it was rolled back and "
                    f"left at version {version}: {cause}"
                ) from exc

    def schema_version(self) -> int:
        """The schema version of the open database."""
        version = schema.read_version(self.connection())
        return int(version or 0)

    # transactions ------------------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A DuckDB transaction; nested use joins the outermost one."""
        with self.guard:
            if self.depth:
                with self.joined():
                    yield
                return
            self.execute("BEGIN TRANSACTION")
            self.depth, self.doomed, self._written = 1, False, 0
            try:
                yield
            except BaseException:
                self.depth = 0
                self._rollback()
                raise
            self.depth = 0
            self._commit()

    writing = transaction  # what the shared SQL parts write in (see cognimem_plugins.sql_parts)

    def _commit(self) -> None:
        if not self.doomed:
            try:
                for hook in self.before_commit:
                    hook()
            except StoreError:
                self._rollback()
                raise
        if self.doomed:
            self._rollback()
            raise StoreError(
                "a write inside this transaction failed (its error was caught before the "
                "transaction ended), so the whole transaction was rolled back"
            )
        try:
            self.run("COMMIT")
        except duckdb.Error as exc:
            self._rollback()
            raise write_error(self.file, exc) from exc
        for hook in self.after_commit:
            hook()

    def _rollback(self) -> None:
        for hook in self.on_rollback:
            hook()
        with suppress(duckdb.Error):  # DuckDB may have ended a transaction that failed
            self.run("ROLLBACK")

    # statements --------------------------------------------------------------------------------

    def connection(self) -> Any:
        """This thread's reading cursor inside :meth:`Readers.reading`, else the connection."""
        reader = self.readers.cursor()
        if reader is not None:
            return reader
        if self.con is None:
            raise StoreError("the duckdb record store is not open (or was closed)")
        return self.con

    def run(self, sql: str, params: Sequence[Any] | None = None) -> Any:
        """Run one statement; every SQL of the store goes through here."""
        return self.connection().execute(sql, params)

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> Any:
        """:meth:`run`, DuckDB's errors as :class:`StoreError`."""
        try:
            return self.run(sql, params)
        except duckdb.Error as exc:
            raise write_error(self.file, exc) from exc

    def rows(self, sql: str, params: Sequence[Any] | None = None) -> list[Any]:
        """The rows of one query (under the guard, except for a reader)."""
        with self.readers.hold():
            result: list[Any] = self.execute(sql, params).fetchall()
            return result

    @contextmanager
    def arrow(self, table: pa.Table) -> Iterator[str]:
        """Expose an Arrow table to SQL under a temporary view name (for a bulk write:
        :attr:`before_write` runs first)."""
        if self.depth:
            self._written += table.nbytes
            for hook in self.before_write:
                hook(self._written)
        name = f"_incoming_{id(table):x}"
        self.connection().register(name, table)
        try:
            yield name
        finally:
            with suppress(duckdb.Error):
                self.connection().unregister(name)

    def cursor(self) -> Any:
        """A second connection to the database: its own snapshot, its own results."""
        cursor = self.connection().cursor()
        cursor.execute("SET TimeZone = 'UTC'")
        return cursor
