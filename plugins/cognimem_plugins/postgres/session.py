"""One connection to a cognimem schema: opening it, transactions, the writers' lock, errors.

Many processes (daemons on several machines) write one schema at once. Every write
transaction first takes one transaction-scoped advisory lock of the schema
(:meth:`Session.lock_writes`), so writes are serialised across every process: the
hash-chained event log always grows from the true head (the engine reads
``last_event()`` inside its transaction, after the lock), memory ids derived from the
event sequence never collide, and row locks are never taken in conflicting orders, so
writers cannot deadlock. Readers take no lock (MVCC): a search never waits for a writer,
and sees every transaction committed before it started.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import psycopg

from cognimem.errors import StoreError

from ..sql_parts.nesting import Nesting
from . import schema
from .connect import advisory_key, connect, ensure_schema, redact, resolve_dsn, schema_name
from .schema import quote_ident

log = logging.getLogger("cognimem.postgres")

#: Statement parameters: positional (``%s``) or named (``%(name)s``).
Params = Sequence[Any] | Mapping[str, Any] | None


class Session(Nesting):
    """A connection to one schema, with nested transactions and the writers' lock."""

    placeholder = "%s"  # how a statement marks a parameter (see cognimem_plugins.sql_parts)

    def __init__(self, dsn: str | None, schema_template: str, path: Path | None, *,
                 owner: bool = True) -> None:
        super().__init__()
        self.dsn = resolve_dsn(dsn)
        #: A store without a folder (tests, ``:memory:``) gets a schema of its own, dropped
        #: when its owner closes, like an in-memory DuckDB.
        self.ephemeral = path is None and owner
        self.schema = (f"cognimem_tmp_{uuid.uuid4().hex[:16]}" if self.ephemeral
                       else schema_name(schema_template, path))
        self.where = f"schema {self.schema!r} on {redact(self.dsn)}"
        self.migrated: list[int] = []
        self._con: psycopg.Connection[Any] | None = None
        self._guard = threading.RLock()
        self._locked = False
        self._write_key = advisory_key(self.schema, "writers")
        #: Called inside the outermost transaction just before it commits (writes kept back
        #: until then, e.g. the event log's), and when it rolls back.
        self.before_commit: Callable[[], None] | None = None
        self.on_rollback: Callable[[], None] | None = None

    # lifecycle ---------------------------------------------------------------------------------

    def open(self) -> None:
        """Connect, then create or migrate the schema (once, whoever opens it first)."""
        self._con = connect(self.dsn, self.schema)
        try:
            ensure_schema(self._con, self.schema)
            with self.transaction():
                self.execute("SELECT pg_advisory_xact_lock(%s)",
                             [advisory_key(self.schema, "migrate")])
                self._prepare()
        except BaseException:
            self._close_connection()
            raise

    def _prepare(self) -> None:
        con = self.connection()
        version = schema.read_version(con, self.schema)
        if version is None:
            found = self.rows("SELECT count(*) FROM pg_tables WHERE schemaname = %s",
                              [self.schema])
            if found[0][0]:
                raise StoreError(
                    f"the PostgreSQL {self.where} holds tables but no cognimem store (no "
                    "schema_version table); it was left untouched: choose another `schema`")
            schema.VERSIONS.create(con)
            return
        if version < schema.CURRENT_VERSION:
            log.warning("migrating the %s from schema version %d to %d", self.where, version,
                        schema.CURRENT_VERSION)
        self.migrated = schema.VERSIONS.upgrade(con, version, f"the {self.where}")

    def close(self) -> None:
        """Drop an ephemeral schema and close the connection (safe to call twice)."""
        with self._guard:
            if self._con is not None and self.ephemeral and not self._con.closed:
                with suppress(psycopg.Error):
                    self._con.execute(f"DROP SCHEMA IF EXISTS {quote_ident(self.schema)} "
                                      "CASCADE")
            self._close_connection()

    def _close_connection(self) -> None:
        con, self._con = self._con, None
        if con is not None:
            with suppress(psycopg.Error):
                con.close()

    def connection(self) -> psycopg.Connection[Any]:
        """The open connection; a broken one is replaced between transactions (a server
        restart or a dropped network link costs the calls that were running, no more)."""
        con = self._con
        if con is None:
            raise StoreError("the postgres store is not open (or was closed)")
        if con.broken and not self.depth and not self.ephemeral:
            log.warning("the connection to the %s was lost; reconnecting", self.where)
            with suppress(psycopg.Error):
                con.close()
            self._con = con = connect(self.dsn, self.schema)
        return con

    # transactions ------------------------------------------------------------------------------

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open on this session."""
        return self.depth > 0

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A transaction; nested use joins the outermost one, and a failure inside any of
        them (even one caught in between) rolls the whole of it back."""
        with self._guard:
            if self.depth:
                with self.joined():
                    yield
                return
            self.execute("BEGIN")
            self.depth, self.doomed, self._locked = 1, False, False
            try:
                yield
            except BaseException:
                self._end("ROLLBACK")
                raise
            if self.doomed:
                self._end("ROLLBACK")
                raise StoreError(
                    "a write inside this transaction failed (its error was caught before the "
                    "transaction ended), so the whole transaction was rolled back")
            try:
                if self.before_commit is not None:
                    self.before_commit()
                self.execute("COMMIT")
            except BaseException:
                self._end("ROLLBACK")
                raise
            finally:
                self.depth, self._locked = 0, False

    def _end(self, statement: str) -> None:
        self.depth, self._locked = 0, False
        if self.on_rollback is not None:
            self.on_rollback()
        con = self._con
        if con is not None and not con.closed:
            with suppress(psycopg.Error):
                con.execute(statement)

    def lock_writes(self) -> None:
        """Take the schema's writers' lock for the rest of the open transaction."""
        if not self.depth:
            raise RuntimeError("lock_writes() outside a transaction")
        if not self._locked:
            self.execute("SELECT pg_advisory_xact_lock(%s)", [self._write_key])
            self._locked = True

    @contextmanager
    def writing(self) -> Iterator[None]:
        """A transaction (or the open one) holding the writers' lock."""
        with self._guard, self.transaction():
            self.lock_writes()
            yield

    # statements --------------------------------------------------------------------------------

    def execute(self, sql: str, params: Params = None) -> psycopg.Cursor[Any]:
        """Run one statement; PostgreSQL errors become :class:`StoreError`."""
        with self._guard:
            try:
                return self.connection().execute(sql, params)
            except psycopg.Error as exc:
                if self.depth:
                    self.doomed = True
                raise self.error(exc) from exc

    def rows(self, sql: str, params: Params = None, *, binary: bool = False) -> list[Any]:
        """The rows of one query (``binary``: results in binary form, e.g. vectors)."""
        if not binary:
            with self._guard:
                return self.execute(sql, params).fetchall()
        with self._guard:
            try:
                with self.connection().cursor(binary=True) as cursor:
                    return cursor.execute(sql, params).fetchall()
            except psycopg.Error as exc:
                if self.depth:
                    self.doomed = True
                raise self.error(exc) from exc

    def executemany(self, sql: str, params: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each parameter row (pipelined)."""
        if not params:
            return
        with self._guard:
            try:
                with self.connection().cursor() as cursor:
                    cursor.executemany(sql, params)
            except psycopg.Error as exc:
                if self.depth:
                    self.doomed = True
                raise self.error(exc) from exc

    def error(self, exc: psycopg.Error) -> StoreError:
        """A :class:`StoreError` that says what failed and what to do."""
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if isinstance(exc, psycopg.errors.DiskFull):
            return StoreError(f"the PostgreSQL server's disk is full ({text}); the transaction "
                              f"was rolled back and nothing was written ({self.where})")
        if isinstance(exc, psycopg.OperationalError):
            return StoreError(f"the connection to the PostgreSQL {self.where} failed ({text}); "
                              "nothing of the failed call was committed: check the server and "
                              "retry")
        return StoreError(f"the PostgreSQL {self.where} failed: {text}")


class NoSession:
    """What the store's parts hold while it is not open: any use is a :class:`StoreError`."""

    def __getattr__(self, name: str) -> Any:
        raise StoreError("the postgres record store is not open (or was closed)")


#: The one :class:`NoSession`.
NO_SESSION: Any = NoSession()
