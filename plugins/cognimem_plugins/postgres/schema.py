"""The PostgreSQL schema of a cognimem store: its versions and the migrations between them.

Everything lives in one PostgreSQL schema (the store option ``schema``, default
``cognimem``): the records (memories, edges, accesses, events, graves, embeddings, meta),
the lexical index (``lexical``, a ``tsvector`` per memory with a GIN index;
``lexical_postings``, one row per term and memory; and the term statistics BM25 needs) and
the vector index (``vectors``, a pgvector column with one index per dimension, see
:mod:`.vectors`).

The derived tables follow the records inside the writer's own transaction: triggers on
``memories`` and ``embeddings`` keep ``lexical`` and ``vectors`` equal to them, and
triggers on ``lexical`` keep the postings, the document frequencies and the total length.
All are statement-level: a batch of memories is derived by one statement, not one per row.
So a daemon killed between a commit and its index update leaves nothing to repair, and a
reader on another machine never sees a memory in the records but not in the indexes.

A store records its version in ``schema_version``. Opening runs every migration from its
version up to :data:`CURRENT_VERSION` in one transaction under an advisory lock (two
daemons opening at once migrate once); a store from a *newer* version is refused,
untouched. To change the schema: add a function to :data:`MIGRATIONS` and raise
:data:`CURRENT_VERSION` (version n's statements stay as they were released). The runner is
:class:`cognimem.migrations.SchemaVersions` (:data:`VERSIONS`), shared with other backends.

Versions:

1. The first release: the tables, indexes and triggers of :data:`V1_DDL`.
2. Every column holding a memory id compares bytes (``COLLATE "C"``), as ``memories.id``
   does: joins between the records and the derived tables (the triggers' among them) were
   comparing ids of two collations, which no index serves, so each scanned a whole table;
   and the postings' primary key carries what BM25 reads (tf, length, archived, scope), so
   a search reads the index alone (:data:`V2_STEPS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cognimem.migrations import SchemaVersions

#: The schema version this code reads and writes.
CURRENT_VERSION = 2

#: The memories columns, in table order (the same fields as the DuckDB store's).
MEMORY_COLUMNS: tuple[str, ...] = (
    "id", "content", "kind", "layer", "tier", "title", "tags", "scope_project", "scope_agent",
    "scope_user", "source_file", "source_line", "source_url", "source_session", "provenance",
    "valid_from", "valid_until", "importance", "confidence", "protected", "supersedes",
    "superseded_by", "meta", "created_at", "updated_at", "last_accessed_at", "access_count",
    "content_hash", "embedding_model", "embedding_dim", "archived", "version",
)

#: The text search configuration of the lexical index (English stemming and stop words).
TS_CONFIG = "english"

# Which lexical rows an UPDATE changed for the postings (not a version bump alone).
_MOVED = ("WHERE (o.doc, o.archived, o.scope_project, o.scope_agent, o.scope_user) IS DISTINCT "
          "FROM (n.doc, n.archived, n.scope_project, n.scope_agent, n.scope_user)")


def _lexical_remove(rows: str) -> str:
    """One statement taking ``rows`` (lexical rows) out of the postings and statistics."""
    return f"""WITH gone AS ({rows}),
            postings AS (DELETE FROM lexical_postings p USING (SELECT u.lexeme, g.id
                FROM gone g, unnest(g.doc) u) d WHERE p.term = d.lexeme AND p.id = d.id),
            terms AS (UPDATE lexical_terms t SET df = t.df - d.n FROM (SELECT u.lexeme,
                count(*) AS n FROM gone g, unnest(g.doc) u GROUP BY u.lexeme) d
                WHERE t.term = d.lexeme)
            UPDATE lexical_totals SET docs = docs - c.n, length = length - c.total
                FROM (SELECT count(*) AS n, coalesce(sum(length), 0) AS total FROM gone) c"""


def _lexical_add(rows: str) -> str:
    """One statement putting ``rows`` (lexical rows) into the postings and statistics."""
    return f"""WITH come AS ({rows}),
            postings AS (INSERT INTO lexical_postings SELECT u.lexeme, c.id,
                coalesce(cardinality(u.positions), 1), c.length, c.archived, c.scope_project,
                c.scope_agent, c.scope_user FROM come c, unnest(c.doc) u),
            terms AS (INSERT INTO lexical_terms (term, df) SELECT u.lexeme, count(*)
                FROM come c, unnest(c.doc) u GROUP BY u.lexeme ORDER BY u.lexeme
                ON CONFLICT (term) DO UPDATE SET df = lexical_terms.df + excluded.df)
            UPDATE lexical_totals SET docs = docs + c.n, length = length + c.total
                FROM (SELECT count(*) AS n, coalesce(sum(length), 0) AS total FROM come) c"""


V1_DDL: list[str] = [
    """CREATE TABLE schema_version (
        version INTEGER NOT NULL,
        written_by TEXT NOT NULL,
        written_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )""",
    """CREATE TABLE memories (
        id TEXT COLLATE "C" PRIMARY KEY, content TEXT NOT NULL, kind TEXT NOT NULL,
        layer TEXT NOT NULL,
        tier TEXT NOT NULL, title TEXT, tags TEXT[] NOT NULL, scope_project TEXT,
        scope_agent TEXT, scope_user TEXT, source_file TEXT, source_line INTEGER,
        source_url TEXT, source_session TEXT, provenance TEXT[] NOT NULL,
        valid_from TIMESTAMPTZ, valid_until TIMESTAMPTZ, importance DOUBLE PRECISION NOT NULL,
        confidence DOUBLE PRECISION NOT NULL, protected BOOLEAN NOT NULL, supersedes TEXT,
        superseded_by TEXT, meta TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL, last_accessed_at TIMESTAMPTZ,
        access_count INTEGER NOT NULL, content_hash TEXT NOT NULL, embedding_model TEXT,
        embedding_dim INTEGER, archived BOOLEAN NOT NULL, version INTEGER NOT NULL
    )""",
    "CREATE INDEX memories_content_hash ON memories (content_hash)",
    """CREATE TABLE edges (
        source TEXT COLLATE "C" NOT NULL, target TEXT COLLATE "C" NOT NULL,
        type TEXT COLLATE "C" NOT NULL, weight DOUBLE PRECISION NOT NULL,
        confidence DOUBLE PRECISION NOT NULL,
        created_at TIMESTAMPTZ, last_used_at TIMESTAMPTZ, use_count INTEGER NOT NULL,
        provenance TEXT[] NOT NULL, valid_from TIMESTAMPTZ, valid_until TIMESTAMPTZ,
        meta TEXT NOT NULL, PRIMARY KEY (source, target, type)
    )""",
    "CREATE INDEX edges_target ON edges (target)",
    """CREATE TABLE accesses (
        memory_id TEXT NOT NULL, accessed_at TIMESTAMPTZ NOT NULL, agent TEXT, query TEXT
    )""",
    "CREATE INDEX accesses_memory ON accesses (memory_id, accessed_at)",
    # ids and edge keys sort by code point (COLLATE "C"), as everywhere else in cognimem
    # ``at_iso`` keeps the exact text the event hash was computed over (offset included).
    """CREATE TABLE events (
        seq BIGINT PRIMARY KEY, happened_at TIMESTAMPTZ NOT NULL, at_iso TEXT NOT NULL,
        op TEXT NOT NULL, target TEXT, agent TEXT, payload TEXT NOT NULL,
        prev_hash TEXT NOT NULL, hash TEXT NOT NULL
    )""",
    """CREATE TABLE graves (
        memory_id TEXT PRIMARY KEY, archived_at TIMESTAMPTZ NOT NULL, reason TEXT NOT NULL,
        score DOUBLE PRECISION, memory TEXT NOT NULL
    )""",
    """CREATE TABLE embeddings (
        memory_id TEXT PRIMARY KEY, model TEXT NOT NULL, dim INTEGER NOT NULL,
        vector vector NOT NULL
    )""",
    """CREATE TABLE meta (
        namespace TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
        PRIMARY KEY (namespace, key)
    )""",
    # -- the lexical index ------------------------------------------------------------------
    """CREATE TABLE lexical (
        id TEXT PRIMARY KEY, version INTEGER NOT NULL, archived BOOLEAN NOT NULL,
        scope_project TEXT, scope_agent TEXT, scope_user TEXT,
        doc TSVECTOR NOT NULL, length INTEGER NOT NULL
    )""",
    "CREATE INDEX lexical_doc ON lexical USING gin (doc)",
    "CREATE TABLE lexical_terms (term TEXT PRIMARY KEY, df INTEGER NOT NULL)",
    # one row per (term, memory): BM25 reads the postings of the query's terms only
    """CREATE TABLE lexical_postings (
        term TEXT NOT NULL, id TEXT NOT NULL, tf INTEGER NOT NULL, length INTEGER NOT NULL,
        archived BOOLEAN NOT NULL, scope_project TEXT, scope_agent TEXT, scope_user TEXT,
        PRIMARY KEY (term, id)
    )""",
    """CREATE TABLE lexical_totals (
        one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one), docs BIGINT NOT NULL,
        length BIGINT NOT NULL
    )""",
    "INSERT INTO lexical_totals VALUES (true, 0, 0)",
    # title and tags count twice, as in the in-process BM25 index
    f"""CREATE FUNCTION lexical_document(title TEXT, content TEXT, tags TEXT[])
        RETURNS TSVECTOR LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT to_tsvector('{TS_CONFIG}', coalesce(title, '')) ||
               to_tsvector('{TS_CONFIG}', coalesce(title, '')) ||
               to_tsvector('{TS_CONFIG}', content) ||
               to_tsvector('{TS_CONFIG}', array_to_string(tags, ' ')) ||
               to_tsvector('{TS_CONFIG}', array_to_string(tags, ' '))
    $$""",
    """CREATE FUNCTION lexical_length(doc TSVECTOR) RETURNS INTEGER
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(sum(coalesce(cardinality(positions), 1)), 0)::INTEGER FROM unnest(doc)
    $$""",
    # statement-level: one batch of documents updates the postings and statistics once
    f"""CREATE FUNCTION lexical_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'DELETE' THEN
            {_lexical_remove("SELECT * FROM old_rows")};
        ELSIF TG_OP = 'UPDATE' THEN
            {_lexical_remove(f"SELECT o.* FROM old_rows o JOIN new_rows n USING (id) {_MOVED}")};
            {_lexical_add(f"SELECT n.* FROM new_rows n JOIN old_rows o USING (id) {_MOVED}")};
        ELSE
            {_lexical_add("SELECT * FROM new_rows")};
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER lexical_count_insert AFTER INSERT ON lexical
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lexical_count()""",
    """CREATE TRIGGER lexical_count_update AFTER UPDATE ON lexical
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION lexical_count()""",
    """CREATE TRIGGER lexical_count_delete AFTER DELETE ON lexical
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lexical_count()""",
    # -- the vector index (HNSW indexes per dimension are made by the vectors component) ----
    """CREATE TABLE vectors (
        id TEXT PRIMARY KEY, version INTEGER NOT NULL, archived BOOLEAN NOT NULL,
        scope_project TEXT, scope_agent TEXT, scope_user TEXT, dim INTEGER NOT NULL,
        embedding vector NOT NULL
    )""",
    # -- the records keep the derived tables in step, inside the writer's transaction ------
    # statement-level too: a batch of memories is indexed by one INSERT ... SELECT; an UPDATE
    # re-indexes only rows whose indexed fields changed (not the access counters)
    """CREATE FUNCTION memories_derive() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'DELETE' THEN
            DELETE FROM lexical l USING old_rows o WHERE l.id = o.id;
            DELETE FROM vectors v USING old_rows o WHERE v.id = o.id;
        ELSIF TG_OP = 'INSERT' THEN
            INSERT INTO lexical (id, version, archived, scope_project, scope_agent,
                                 scope_user, doc, length)
                SELECT t.id, t.version, t.archived, t.scope_project, t.scope_agent,
                       t.scope_user, d.doc, lexical_length(d.doc)
                FROM new_rows t, lexical_document(t.title, t.content, t.tags) AS d(doc)
                ORDER BY t.id
                ON CONFLICT (id) DO UPDATE SET version = excluded.version,
                    archived = excluded.archived, scope_project = excluded.scope_project,
                    scope_agent = excluded.scope_agent, scope_user = excluded.scope_user,
                    doc = excluded.doc, length = excluded.length;
        ELSE
            INSERT INTO lexical (id, version, archived, scope_project, scope_agent,
                                 scope_user, doc, length)
                SELECT t.id, t.version, t.archived, t.scope_project, t.scope_agent,
                       t.scope_user, d.doc, lexical_length(d.doc)
                FROM new_rows t JOIN old_rows o USING (id),
                     lexical_document(t.title, t.content, t.tags) AS d(doc)
                WHERE (t.content, t.title, t.tags, t.version, t.archived, t.scope_project,
                       t.scope_agent, t.scope_user)
                  IS DISTINCT FROM (o.content, o.title, o.tags, o.version, o.archived,
                                    o.scope_project, o.scope_agent, o.scope_user)
                ORDER BY t.id
                ON CONFLICT (id) DO UPDATE SET version = excluded.version,
                    archived = excluded.archived, scope_project = excluded.scope_project,
                    scope_agent = excluded.scope_agent, scope_user = excluded.scope_user,
                    doc = excluded.doc, length = excluded.length;
            UPDATE vectors v SET version = t.version, archived = t.archived,
                    scope_project = t.scope_project, scope_agent = t.scope_agent,
                    scope_user = t.scope_user
                FROM new_rows t JOIN old_rows o USING (id)
                WHERE v.id = t.id AND (t.version, t.archived, t.scope_project, t.scope_agent,
                                       t.scope_user)
                  IS DISTINCT FROM (o.version, o.archived, o.scope_project, o.scope_agent,
                                    o.scope_user);
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER memories_derive_insert AFTER INSERT ON memories
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION memories_derive()""",
    """CREATE TRIGGER memories_derive_update AFTER UPDATE ON memories
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION memories_derive()""",
    """CREATE TRIGGER memories_derive_delete AFTER DELETE ON memories
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION memories_derive()""",
    """CREATE FUNCTION embeddings_derive() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'DELETE' THEN
            DELETE FROM vectors v USING old_rows o WHERE v.id = o.memory_id;
            RETURN NULL;
        END IF;
        INSERT INTO vectors AS v (id, version, archived, scope_project, scope_agent,
                                  scope_user, dim, embedding)
            SELECT m.id, m.version, m.archived, m.scope_project, m.scope_agent, m.scope_user,
                   n.dim, n.vector
            FROM new_rows n JOIN memories m ON m.id = n.memory_id ORDER BY m.id
            ON CONFLICT (id) DO UPDATE SET version = excluded.version,
                archived = excluded.archived, scope_project = excluded.scope_project,
                scope_agent = excluded.scope_agent, scope_user = excluded.scope_user,
                dim = excluded.dim, embedding = excluded.embedding;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER embeddings_derive_insert AFTER INSERT ON embeddings
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION embeddings_derive()""",
    """CREATE TRIGGER embeddings_derive_update AFTER UPDATE ON embeddings
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION embeddings_derive()""",
    """CREATE TRIGGER embeddings_derive_delete AFTER DELETE ON embeddings
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION embeddings_derive()""",
]

#: Version 1 to 2: memory ids in byte order everywhere (the indexes are rebuilt); a covering
#: primary key of the postings.
V2_STEPS: list[str] = [
    f'ALTER TABLE {table} ALTER COLUMN {column} TYPE TEXT COLLATE "C"'
    for table, column in (("accesses", "memory_id"), ("graves", "memory_id"),
                          ("embeddings", "memory_id"), ("lexical", "id"),
                          ("lexical_postings", "id"), ("vectors", "id"))
] + ["ALTER TABLE lexical_postings DROP CONSTRAINT lexical_postings_pkey, ADD PRIMARY KEY "
     "(term, id) INCLUDE (tf, length, archived, scope_project, scope_agent, scope_user)"]

#: The statements that build the current version from nothing.
CURRENT_DDL: list[str] = [*V1_DDL, *V2_STEPS]

Connection = Any  # psycopg.Connection (kept loose: it is generic over its row type)


def quote_ident(name: str) -> str:
    """``name`` as a quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def read_version(con: Connection, schema: str) -> int | None:
    """The version recorded in ``schema``, or None when it holds no cognimem store."""
    row = con.execute("SELECT to_regclass(%s)", [f"{quote_ident(schema)}.schema_version"]
                      ).fetchone()
    if row is None or row[0] is None:
        return None
    found = con.execute(f"SELECT max(version) FROM {quote_ident(schema)}.schema_version"
                        ).fetchone()
    return None if found is None or found[0] is None else int(found[0])


def stamp(con: Connection, version: int, written_by: str) -> None:
    """Record that the schema is now at ``version``."""
    con.execute("INSERT INTO schema_version (version, written_by) VALUES (%s, %s)",
                [version, written_by])


def _migrate_1_to_2(con: Connection) -> None:
    """Memory ids in byte order in every table (see the module docstring)."""
    for statement in V2_STEPS:
        con.execute(statement)


#: ``MIGRATIONS[n]`` turns a version-n schema into version n+1.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _migrate_1_to_2}


#: The store's versions: built by :data:`CURRENT_DDL`, upgraded by :data:`MIGRATIONS`.
VERSIONS: SchemaVersions[Connection] = SchemaVersions(
    current=CURRENT_VERSION, statements=CURRENT_DDL, steps=MIGRATIONS, stamp=stamp)
