"""How the two PostgreSQL indexes find their tables: beside a ``postgres`` record store, or alone.

*Attached* (the profile's records are ``postgres`` on the same server and schema, the usual
case): the index reads the tables the records' triggers keep in step, in the records' own
transactions (:mod:`.schema`). Its ``upsert`` then re-derives rows from the records, never
from the memories it is handed, which may be older than what another daemon committed
since; its ``delete`` removes only rows whose memory is gone.

*Alone* (any other record store): the index owns a schema of its own (the same tables,
the records' ones empty) and writes the memories it is handed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from cognimem.components import Options

from .connect import DEFAULT_SCHEMA
from .session import Session
from .store import PostgresStore, describe_options

if TYPE_CHECKING:
    from cognimem.context import Context


class IndexOptions(Options):
    """Where the index lives: by default beside the ``postgres`` record store."""

    dsn: str | None = Field(
        default=None,
        description="PostgreSQL connection string; default: the postgres record store's, else "
                    "$COGNIMEM_POSTGRES_DSN")
    schema_: str | None = Field(
        default=None, alias="schema",
        description="the PostgreSQL schema; default: the postgres record store's, else "
                    f"'{DEFAULT_SCHEMA}'")


def open_session(ctx: Context, options: IndexOptions) -> tuple[Session, bool]:
    """The index's own connection, and whether it is attached to the records' tables."""
    records = getattr(ctx, "records", None)
    store = records.session if isinstance(records, PostgresStore) else None
    if store is not None and options.dsn in (None, store.dsn) and options.schema_ in (
            None, store.schema):
        session = Session(store.dsn, store.schema, ctx.path, owner=False)
        session.open()
        return session, True
    session = Session(options.dsn, options.schema_ or DEFAULT_SCHEMA, ctx.path)
    session.open()
    return session, False


class PostgresIndex:
    """What both PostgreSQL indexes share: their own connection, attached to the records'
    tables or alone, and the writes that do not depend on what they index.

    Mixed in before :class:`~cognimem.stores.LexicalIndex` or
    :class:`~cognimem.stores.VectorIndex`; a subclass names its ``table``, the records'
    table (and column) whose rows keep an entry alive when attached (``kept_by``), and the
    statements that empty it when alone (``emptied_by``).
    """

    name: ClassVar[str]
    kind: ClassVar[str]
    #: The index's table (one row per memory, keyed by ``id``).
    table: ClassVar[str]
    #: Attached: (records' table, its memory id column); an entry whose memory has a row
    #: there is kept by ``delete`` (another daemon wrote it again since).
    kept_by: ClassVar[tuple[str, str]]
    #: Alone: the statements that empty the index.
    emptied_by: ClassVar[tuple[str, ...]]

    options: IndexOptions
    session: Session | None = None
    attached: bool = False

    def describe(self) -> dict[str, Any]:
        """Name, kind and options, the DSN without its password."""
        return {"name": self.name, "kind": self.kind,
                "options": describe_options(self.options)}

    def open(self, ctx: Context) -> None:
        self.session, self.attached = open_session(ctx, self.options)

    def close(self) -> None:
        session, self.session = self.session, None
        if session is not None:
            session.close()

    @property
    def _s(self) -> Session:
        if self.session is None:
            raise RuntimeError(f"the {self.name} {self.kind} index is not open")
        return self.session

    def delete(self, ids: Sequence[str]) -> None:
        doomed = sorted(set(ids))
        if not doomed:
            return
        alive = ""
        if self.attached:  # the records are the truth: keep what they still hold
            records, column = self.kept_by
            alive = (f" AND NOT EXISTS (SELECT 1 FROM {records} r "
                     f"WHERE r.{column} = {self.table}.id)")
        with self._s.writing():
            self._s.execute(f"DELETE FROM {self.table} WHERE id = ANY(%s){alive}", [doomed])

    def clear(self) -> None:
        if self.attached:  # only what the records no longer hold
            self.delete(list(self.versions()))
            return
        with self._s.writing():
            for statement in self.emptied_by:
                self._s.execute(statement)

    def versions(self) -> dict[str, int]:
        return dict(self._s.rows(f"SELECT id, version FROM {self.table}"))
