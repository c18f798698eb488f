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

from typing import TYPE_CHECKING, Any

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


def describe_index(component: Any) -> dict[str, Any]:
    """Name, kind and options, the DSN without its password."""
    return {"name": component.name, "kind": component.kind,
            "options": describe_options(component.options)}
