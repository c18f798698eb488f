"""The DuckDB schema of the record store: its versions and the migrations between them.

A store records its schema version in ``schema_version`` (one row per version it has been
at, the newest last). Opening a store runs every migration from its version up to
:data:`CURRENT_VERSION` in one transaction (all or nothing); a store from a *newer*
version is refused, untouched.

Versions:

1. The first released shape: a memory's ``source`` is one JSON column, and embeddings are
   stored without the signature (model, dimension) they were made with.
2. ``source`` is split into ``source_file``, ``source_line``, ``source_url`` and
   ``source_session`` (so the vault indexer can find a file's memories with a plain
   predicate), and every embedding carries its ``model`` and ``dim``, backfilled from the
   memory that owns it.
3. ``access_tally`` holds the access counts not yet folded into the memories' counters
   (:mod:`.tally`); a store upgraded to it starts with none.

To change the schema: write the new shape as ``CURRENT_DDL``, keep the old statements as a
``V<n>_DDL`` constant (the tests build a store of that version from them), add a function
to :data:`MIGRATIONS` and raise :data:`CURRENT_VERSION`. The runner is
:class:`cognimem.migrations.SchemaVersions` (:data:`VERSIONS`), shared with other backends.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from cognimem.migrations import SchemaVersions

from ..sql_rows import MEMORY_COLUMNS

#: The schema version this code reads and writes.
CURRENT_VERSION = 3

#: Tables every cognimem store has (at any version).
TABLES = ("schema_version", "memories", "edges", "accesses", "events", "graves", "embeddings",
          "meta")

_MEMORY_HEAD = """
    id VARCHAR PRIMARY KEY,
    content VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    layer VARCHAR NOT NULL,
    tier VARCHAR NOT NULL,
    title VARCHAR,
    tags VARCHAR[] NOT NULL,
    scope_project VARCHAR,
    scope_agent VARCHAR,
    scope_user VARCHAR,
"""

_MEMORY_TAIL = """
    provenance VARCHAR[] NOT NULL,
    valid_from TIMESTAMPTZ,
    valid_until TIMESTAMPTZ,
    importance DOUBLE NOT NULL,
    confidence DOUBLE NOT NULL,
    protected BOOLEAN NOT NULL,
    supersedes VARCHAR,
    superseded_by VARCHAR,
    meta VARCHAR NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    last_accessed_at TIMESTAMPTZ,
    access_count INTEGER NOT NULL,
    content_hash VARCHAR NOT NULL,
    embedding_model VARCHAR,
    embedding_dim INTEGER,
    archived BOOLEAN NOT NULL,
    version INTEGER NOT NULL
"""

_SHARED_DDL = [
    """CREATE TABLE schema_version (
        version INTEGER NOT NULL,
        written_by VARCHAR NOT NULL,
        written_at TIMESTAMPTZ NOT NULL
    )""",
    """CREATE TABLE edges (
        source VARCHAR NOT NULL,
        target VARCHAR NOT NULL,
        type VARCHAR NOT NULL,
        weight DOUBLE NOT NULL,
        confidence DOUBLE NOT NULL,
        created_at TIMESTAMPTZ,
        last_used_at TIMESTAMPTZ,
        use_count INTEGER NOT NULL,
        provenance VARCHAR[] NOT NULL,
        valid_from TIMESTAMPTZ,
        valid_until TIMESTAMPTZ,
        meta VARCHAR NOT NULL,
        PRIMARY KEY (source, target, type)
    )""",
    """CREATE TABLE accesses (
        memory_id VARCHAR NOT NULL,
        accessed_at TIMESTAMPTZ NOT NULL,
        agent VARCHAR,
        query VARCHAR
    )""",
    # ``at_iso`` keeps the exact text the event hash was computed over (offset included).
    """CREATE TABLE events (
        seq BIGINT PRIMARY KEY,
        happened_at TIMESTAMPTZ NOT NULL,
        at_iso VARCHAR NOT NULL,
        op VARCHAR NOT NULL,
        target VARCHAR,
        agent VARCHAR,
        payload VARCHAR NOT NULL,
        prev_hash VARCHAR NOT NULL,
        hash VARCHAR NOT NULL
    )""",
    """CREATE TABLE graves (
        memory_id VARCHAR PRIMARY KEY,
        archived_at TIMESTAMPTZ NOT NULL,
        reason VARCHAR NOT NULL,
        score DOUBLE,
        memory VARCHAR NOT NULL
    )""",
    """CREATE TABLE meta (
        namespace VARCHAR NOT NULL,
        key VARCHAR NOT NULL,
        value VARCHAR NOT NULL,
        PRIMARY KEY (namespace, key)
    )""",
]

#: Version 1, exactly as released: the shape users upgrade from.
V1_DDL: list[str] = [
    _SHARED_DDL[0],
    f"CREATE TABLE memories ({_MEMORY_HEAD}    source VARCHAR NOT NULL,{_MEMORY_TAIL})",
    "CREATE INDEX memories_content_hash ON memories (content_hash)",
    *_SHARED_DDL[1:],
    """CREATE TABLE embeddings (
        memory_id VARCHAR PRIMARY KEY,
        vector BLOB NOT NULL
    )""",
]

_V2_MEMORIES = f"""({_MEMORY_HEAD}
    source_file VARCHAR,
    source_line INTEGER,
    source_url VARCHAR,
    source_session VARCHAR,{_MEMORY_TAIL})"""

_V2_EMBEDDINGS = """(
    memory_id VARCHAR PRIMARY KEY,
    model VARCHAR NOT NULL,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL
)"""

#: Version 2, exactly as released.
V2_DDL: list[str] = [
    _SHARED_DDL[0],
    f"CREATE TABLE memories {_V2_MEMORIES}",
    "CREATE INDEX memories_content_hash ON memories (content_hash)",
    *_SHARED_DDL[1:],
    f"CREATE TABLE embeddings {_V2_EMBEDDINGS}",
]

#: Version 3's new table: per access batch and memory, how many accesses and the latest.
_V3_TALLY = """CREATE TABLE access_tally (
    memory_id VARCHAR NOT NULL,
    n INTEGER NOT NULL,
    latest TIMESTAMPTZ NOT NULL
)"""

#: The current version's schema.
CURRENT_DDL: list[str] = [*V2_DDL, _V3_TALLY]

#: The memories columns of the current version, in table order.

Connection = Any  # duckdb.DuckDBPyConnection (kept loose: duckdb ships no type stubs)


def stamp(con: Connection, version: int, written_by: str) -> None:
    """Record that the database is now at ``version``."""
    con.execute("INSERT INTO schema_version VALUES (?, ?, ?)",
                [version, written_by, datetime.now(UTC)])


def tables(con: Connection) -> set[str]:
    """The names of the tables in the main schema."""
    rows = con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main'"
    ).fetchall()
    return {r[0] for r in rows}


def read_version(con: Connection) -> int | None:
    """The schema version recorded in the database, or None when it is no cognimem store."""
    if "schema_version" not in tables(con):
        return None
    row = con.execute("SELECT max(version) FROM schema_version").fetchone()
    return None if row is None or row[0] is None else int(row[0])


def _migrate_1_to_2(con: Connection) -> None:
    """Split ``source`` into columns; give every embedding its model and dimension."""
    head = MEMORY_COLUMNS[:10]
    tail = MEMORY_COLUMNS[14:]
    con.execute(f"CREATE TABLE memories_v2 {_V2_MEMORIES}")
    con.execute(
        f"INSERT INTO memories_v2 ({', '.join(MEMORY_COLUMNS)}) SELECT {', '.join(head)}, "
        "json_extract_string(source, '$.file'), "
        "TRY_CAST(json_extract_string(source, '$.line') AS INTEGER), "
        "json_extract_string(source, '$.url'), json_extract_string(source, '$.session'), "
        f"{', '.join(tail)} FROM memories"
    )
    con.execute("DROP INDEX memories_content_hash")
    con.execute("DROP TABLE memories")
    con.execute("ALTER TABLE memories_v2 RENAME TO memories")
    con.execute("CREATE INDEX memories_content_hash ON memories (content_hash)")
    con.execute(f"CREATE TABLE embeddings_v2 {_V2_EMBEDDINGS}")
    con.execute(
        "INSERT INTO embeddings_v2 SELECT e.memory_id, coalesce(m.embedding_model, 'unknown'), "
        "coalesce(m.embedding_dim, (octet_length(e.vector) // 4)::INTEGER), e.vector "
        "FROM embeddings e LEFT JOIN memories m ON m.id = e.memory_id"
    )
    con.execute("DROP TABLE embeddings")
    con.execute("ALTER TABLE embeddings_v2 RENAME TO embeddings")


def _migrate_2_to_3(con: Connection) -> None:
    """Add the (empty) table of unfolded access counts."""
    con.execute(_V3_TALLY)


#: ``MIGRATIONS[n]`` turns a version-n database into version n+1.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _migrate_1_to_2, 2: _migrate_2_to_3}


#: The store's versions: built by :data:`CURRENT_DDL`, upgraded by :data:`MIGRATIONS`.
VERSIONS: SchemaVersions[Connection] = SchemaVersions(
    current=CURRENT_VERSION, statements=CURRENT_DDL, steps=MIGRATIONS, stamp=stamp)
