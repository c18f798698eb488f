"""``postgres``: the record store on a PostgreSQL server that many daemons share.

The profile's ``dsn`` (or ``$COGNIMEM_POSTGRES_DSN``) names the server and ``schema`` the
store inside it (see :mod:`.connect`); the store folder (``path``) only holds what each
daemon keeps for itself. There is no owner lock: any number of processes on any number of
machines open the same store, and every write transaction takes the schema's writers' lock
(:mod:`.session`), so the event chain, the records and the indexes (kept in step by
triggers, :mod:`.schema`) stay consistent. Nothing is cached in process: every read sees
every commit made before it, by whichever daemon.

A store without a folder (``path = ":memory:"``) gets a private schema dropped at close.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import numpy as np
from psycopg.types.json import Jsonb

from cognimem.accesses import tally
from cognimem.components import GraveEntry, RecordStore
from cognimem.errors import InvalidInput, StoreError
from cognimem.models import Access, Edge, EmbeddingSignature, Event, Memory
from cognimem.stores import json_field

from .. import sql_rows as rows
from .connect import StoreOptions, describe_options
from .schema import MEMORY_COLUMNS
from .session import Session

if TYPE_CHECKING:
    from cognimem.context import Context

_COLUMNS = ", ".join(MEMORY_COLUMNS)
# One statement per batch (the index triggers run once per statement): the rows travel as
# one JSON array, turned into memories rows by the server.
_UPSERT = (f"INSERT INTO memories ({_COLUMNS}) SELECT {_COLUMNS} FROM "
           "jsonb_populate_recordset(NULL::memories, %s) ON CONFLICT (id) DO UPDATE SET "
           + ", ".join(f"{c} = excluded.{c}" for c in MEMORY_COLUMNS[1:]))
_EDGE_COLUMNS = ", ".join(rows.EDGE_COLUMNS)
_EDGE_UPSERT = (f"INSERT INTO edges ({_EDGE_COLUMNS}) VALUES "
                f"({', '.join(['%s'] * len(rows.EDGE_COLUMNS))}) "
                "ON CONFLICT (source, target, type) DO UPDATE SET "
                + ", ".join(f"{c} = excluded.{c}" for c in rows.EDGE_COLUMNS[3:]))
_EVENT_COLUMNS = ", ".join(rows.EVENT_COLUMNS)
_PAGE = 2048
_HASH = MEMORY_COLUMNS.index("content_hash")


class PostgresStore(RecordStore):
    """Memories, edges, accesses, events, graveyard, embeddings and metadata in PostgreSQL."""

    name = "postgres"
    persistent: ClassVar[bool] = True

    class Options(StoreOptions):
        """Where the database is."""

    options: PostgresStore.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.session: Session | None = None
        # Events appended in the open transaction (with their row parameters), written in
        # one statement before it commits or before events are read: one INSERT per event
        # cost a round trip each.
        self._events: list[tuple[Event, list[Any]]] = []

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "options": describe_options(self.options)}

    def open(self, ctx: Context) -> None:
        """Connect, and create or migrate the schema (see :mod:`.schema`)."""
        session = Session(self.options.dsn, self.options.schema_, ctx.path)
        session.open()
        session.before_commit = self._flush_events
        session.on_rollback = self._events.clear
        self.session = session

    def close(self) -> None:
        session, self.session = self.session, None
        if session is not None:
            session.close()

    @property
    def migrated(self) -> list[int]:
        """Schema versions passed through when the store was opened."""
        return self._s.migrated

    @property
    def _s(self) -> Session:
        if self.session is None:
            raise StoreError("the postgres record store is not open (or was closed)")
        return self.session

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._s.transaction():
            yield

    # memories ----------------------------------------------------------------------------------

    def put_memories(self, memories: Sequence[Memory]) -> None:
        if not memories:
            return
        latest = sorted({m.id: m for m in memories}.values(), key=lambda m: m.id)
        for m in latest:
            if "\x00" in m.content or "\x00" in (m.title or ""):
                raise InvalidInput(f"memory {m.id}: its text holds a NUL character, which "
                                   "PostgreSQL cannot store; remove it")
        batch = [{column: value.isoformat() if isinstance(value, datetime) else value
                  for column, value in zip(MEMORY_COLUMNS, rows.memory_row(m), strict=True)}
                 for m in latest]
        with self._s.writing():
            self._s.execute(_UPSERT, [Jsonb(batch)])

    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        found = {r[0]: r for r in self._s.rows(
            f"SELECT {_COLUMNS} FROM memories WHERE id = ANY(%s)", [wanted])}
        return {i: rows.memory_from_row(found[i]) for i in wanted if i in found}

    def delete_memories(self, ids: Sequence[str]) -> None:
        doomed = sorted(set(ids))
        if not doomed:
            return
        with self._s.writing():
            self._s.execute("DELETE FROM memories WHERE id = ANY(%s)", [doomed])
            self._s.execute("DELETE FROM edges WHERE source = ANY(%s) OR target = ANY(%s)",
                            [doomed, doomed])
            self._s.execute("DELETE FROM accesses WHERE memory_id = ANY(%s)", [doomed])
            self._s.execute("DELETE FROM embeddings WHERE memory_id = ANY(%s)", [doomed])

    def iter_memories(self) -> Iterator[Memory]:
        """Every memory in id order, read in pages (writes between pages are seen)."""
        last = ""
        while True:
            page = self._s.rows(f"SELECT {_COLUMNS} FROM memories WHERE id > %s ORDER BY id "
                                f"LIMIT {_PAGE}", [last])
            memories = [rows.memory_from_row(r) for r in page]
            yield from memories
            if len(page) < _PAGE:
                return
            last = page[-1][0]

    def count_memories(self) -> int:
        return int(self._s.rows("SELECT count(*) FROM memories")[0][0])

    def find_by_hash(self, content_hash: str) -> list[Memory]:
        found = self._s.rows(f"SELECT {_COLUMNS} FROM memories WHERE content_hash = %s "
                             "ORDER BY id", [content_hash])
        return [rows.memory_from_row(r) for r in found]

    def find_by_hashes(self, hashes: Iterable[str]) -> dict[str, list[Memory]]:
        """Memories by content hash for a whole write batch, in one query."""
        wanted = list(dict.fromkeys(hashes))
        out: dict[str, list[Memory]] = {h: [] for h in wanted}
        if wanted:
            for r in self._s.rows(f"SELECT {_COLUMNS} FROM memories WHERE content_hash = "
                                  "ANY(%s) ORDER BY id", [wanted]):
                out[r[_HASH]].append(rows.memory_from_row(r))
        return out

    def memory_versions(self) -> dict[str, int]:
        """Every memory's id and version, cheaply (for reconciling indexes)."""
        return dict(self._s.rows("SELECT id, version FROM memories"))

    def ids_not_embedded_with(self, signature: EmbeddingSignature) -> list[str]:
        """Ids of memories whose embedding signature is not ``signature``, in id order."""
        found = self._s.rows(
            "SELECT id FROM memories WHERE embedding_model IS DISTINCT FROM %s "
            "OR embedding_dim IS DISTINCT FROM %s ORDER BY id", [signature.model, signature.dim])
        return [r[0] for r in found]

    # edges -------------------------------------------------------------------------------------

    def put_edges(self, edges: Sequence[Edge]) -> None:
        if not edges:
            return
        latest = sorted({e.key: e for e in edges}.values(), key=lambda e: e.key)
        params = [[e.source, e.target, e.type, e.weight, e.confidence, e.created_at,
                   e.last_used_at, e.use_count, list(e.provenance), e.valid_from, e.valid_until,
                   rows.dump_json(e.meta, f"edge {e.key} field `meta`") if e.meta else "{}"]
                  for e in latest]
        with self._s.writing():
            self._s.executemany(_EDGE_UPSERT, params)

    def delete_edges(self, keys: Sequence[tuple[str, str, str]]) -> None:
        if not keys:
            return
        with self._s.writing():
            self._s.execute(
                "DELETE FROM edges e USING unnest(%s::text[], %s::text[], %s::text[]) "
                "AS k(source, target, type) WHERE e.source = k.source AND e.target = k.target "
                "AND e.type = k.type",
                [[k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys]])

    def edges_of(self, node: str, direction: Literal["out", "in", "both"] = "both") -> list[Edge]:
        where = {"out": "source = %s", "in": "target = %s",
                 "both": "(source = %s OR target = %s)"}[direction]
        params = [node, node] if direction == "both" else [node]
        found = self._s.rows(f"SELECT {_EDGE_COLUMNS} FROM edges WHERE {where} "
                             "ORDER BY source, target, type", params)
        return [rows.edge_from_row(r) for r in found]

    def iter_edges(self) -> Iterator[Edge]:
        last = ("", "", "")
        while True:
            page = self._s.rows(
                f"SELECT {_EDGE_COLUMNS} FROM edges WHERE (source, target, type) > "
                f"(%s, %s, %s) ORDER BY source, target, type LIMIT {_PAGE}", list(last))
            yield from [rows.edge_from_row(r) for r in page]
            if len(page) < _PAGE:
                return
            last = (page[-1][0], page[-1][1], page[-1][2])

    # accesses ----------------------------------------------------------------------------------

    def add_accesses(self, accesses: Sequence[Access]) -> None:
        if not accesses:
            return
        with self._s.writing():
            self._s.execute(
                "INSERT INTO accesses SELECT * FROM unnest(%s::text[], %s::timestamptz[], "
                "%s::text[], %s::text[])",
                [[a.memory_id for a in accesses], [_utc(a.at) for a in accesses],
                 [a.agent for a in accesses], [a.query for a in accesses]])

    def record_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals and bump the memories' counters in place (one UPDATE)."""
        if not accesses:
            return
        bumps = tally(accesses)
        ids = sorted(bumps)
        with self._s.writing():
            self.add_accesses(accesses)
            self._s.execute(
                "UPDATE memories m SET access_count = m.access_count + b.n, last_accessed_at = "
                "greatest(coalesce(m.last_accessed_at, b.at), b.at) FROM unnest(%s::text[], "
                "%s::int[], %s::timestamptz[]) AS b(id, n, at) WHERE m.id = b.id",
                [ids, [bumps[i][0] for i in ids], [_utc(bumps[i][1]) for i in ids]])

    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]:
        wanted = list(dict.fromkeys(ids))
        out: dict[str, list[datetime]] = {i: [] for i in wanted}
        if wanted:
            for memory_id, at in self._s.rows(
                    "SELECT memory_id, accessed_at FROM accesses WHERE memory_id = ANY(%s) "
                    "ORDER BY memory_id, accessed_at", [wanted]):
                out[memory_id].append(at)
        return out

    # events ------------------------------------------------------------------------------------

    def append_event(self, event: Event) -> None:
        self.append_events([event])

    def append_events(self, events: Sequence[Event]) -> None:
        """Append events that continue the chain from its head (inside a transaction they
        are written, in one statement, when it commits or events are read).

        :raises StoreError: the first event does not follow the newest stored one (another
            writer appended meanwhile: read ``last_event()`` inside the transaction).
        """
        if not events:
            return
        params = [rows.event_params(e) for e in events]
        with self._s.writing():
            head = self.last_event()
            want = (head.seq + 1, head.hash) if head else (1, "0" * 64)
            if (events[0].seq, events[0].prev_hash) != want:
                raise StoreError(
                    f"event {events[0].seq} does not follow the newest event in the log "
                    f"(#{want[0] - 1}): another writer appended meanwhile; nothing was written")
            self._events.extend(zip(events, params, strict=True))

    def _flush_events(self) -> None:
        """Write the events kept back in the open transaction (one statement)."""
        if not self._events:
            return
        columns = list(zip(*(p for _, p in self._events), strict=True))
        self._events.clear()
        self._s.execute(
            f"INSERT INTO events ({_EVENT_COLUMNS}) SELECT * FROM unnest(%s::bigint[], "
            "%s::timestamptz[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[], "
            "%s::text[], %s::text[])", [list(c) for c in columns])

    def last_event(self) -> Event | None:
        """The newest event; inside a transaction, after taking the writers' lock, so the
        transaction's own appends continue from it."""
        if self._s.in_transaction:
            self._s.lock_writes()
            if self._events:
                return self._events[-1][0]
        found = self._s.rows(f"SELECT {_EVENT_COLUMNS} FROM events ORDER BY seq DESC LIMIT 1")
        return rows.event_from_row(found[0]) if found else None

    def iter_events(self, after_seq: int = 0) -> Iterator[Event]:
        if self._events:  # this transaction's own, kept back: written first
            with self._s.writing():
                self._flush_events()
        after = after_seq
        while True:
            page = self._s.rows(f"SELECT {_EVENT_COLUMNS} FROM events WHERE seq > %s "
                                f"ORDER BY seq LIMIT {_PAGE}", [after])
            yield from [rows.event_from_row(r) for r in page]
            if len(page) < _PAGE:
                return
            after = page[-1][0]

    # graveyard ---------------------------------------------------------------------------------

    def add_grave(self, entry: GraveEntry) -> None:
        with self._s.writing():
            self._s.execute(
                "INSERT INTO graves (memory_id, archived_at, reason, score, memory) VALUES "
                "(%s, %s, %s, %s, %s) ON CONFLICT (memory_id) DO UPDATE SET archived_at = "
                "excluded.archived_at, reason = excluded.reason, score = excluded.score, "
                "memory = excluded.memory", rows.grave_params(entry))

    def graves(self) -> list[GraveEntry]:
        found = self._s.rows("SELECT memory_id, archived_at, reason, score, memory FROM graves "
                             "ORDER BY archived_at DESC, memory_id")
        return [rows.grave_from_row(r) for r in found]

    def remove_grave(self, memory_id: str) -> None:
        with self._s.writing():
            self._s.execute("DELETE FROM graves WHERE memory_id = %s", [memory_id])

    # embeddings --------------------------------------------------------------------------------

    def put_embeddings(self, vectors: dict[str, np.ndarray], signature: EmbeddingSignature) -> None:
        """Store embeddings (pgvector, float32: exact) with their signature.

        :raises InvalidInput: a vector of the wrong dimension or not finite (nothing written).
        """
        if not vectors:
            return
        params = []
        for memory_id in sorted(vectors):
            array = np.asarray(vectors[memory_id], dtype=np.float32).reshape(-1)
            if array.shape[0] != signature.dim:
                raise InvalidInput(
                    f"the embedding of memory {memory_id!r} has {array.shape[0]} dimensions, "
                    f"but its signature ({signature.model}) says {signature.dim}: the "
                    "embedder's `dimension` does not match its output")
            if not np.isfinite(array).all():
                raise InvalidInput(f"the embedding of memory {memory_id!r} holds NaN or infinity")
            params.append((memory_id, array))
        with self._s.writing():  # vectors travel in pgvector's binary form (~15x faster)
            self._s.execute(
                "INSERT INTO embeddings (memory_id, model, dim, vector) SELECT i, %s, %s, v FROM "
                "unnest(%s::text[], %b::vector[]) AS u(i, v) ON CONFLICT (memory_id) DO UPDATE "
                "SET model = excluded.model, dim = excluded.dim, vector = excluded.vector",
                [signature.model, signature.dim, [p[0] for p in params], [p[1] for p in params]])

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        found = self._s.rows("SELECT memory_id, vector FROM embeddings WHERE memory_id = ANY(%s)",
                             [wanted], binary=True)
        return {r[0]: np.asarray(r[1].to_numpy(), dtype=np.float32).copy() for r in found}

    def embedding_signatures(self) -> dict[tuple[str, int], int]:
        """How many stored embeddings each (model, dim) signature has."""
        found = self._s.rows("SELECT model, dim, count(*) FROM embeddings GROUP BY model, dim")
        return {(r[0], int(r[1])): int(r[2]) for r in found}

    # metadata ----------------------------------------------------------------------------------

    def set_meta(self, namespace: str, key: str, value: Any) -> None:
        with self._s.writing():
            if value is None:
                self._s.execute("DELETE FROM meta WHERE namespace = %s AND key = %s",
                                [namespace, key])
                return
            text = rows.dump_json(value, f"meta value {namespace}/{key}")
            self._s.execute("INSERT INTO meta VALUES (%s, %s, %s) ON CONFLICT (namespace, key) "
                            "DO UPDATE SET value = excluded.value", [namespace, key, text])

    def get_meta(self, namespace: str, key: str, default: Any = None) -> Any:
        found = self._s.rows("SELECT value FROM meta WHERE namespace = %s AND key = %s",
                             [namespace, key])
        return json.loads(found[0][0]) if found else default

    def meta_items(self, namespace: str) -> dict[str, Any]:
        found = self._s.rows("SELECT key, value FROM meta WHERE namespace = %s ORDER BY key",
                             [namespace])
        return {k: json.loads(v) for k, v in found}

    def meta_items_where(self, namespace: str, fields: Sequence[str],
                         values: Collection[str]) -> dict[str, Any]:
        """The entries whose value holds one of ``values`` under one of ``fields``, filtered
        by PostgreSQL (a recall's conflicts: no parse of every logged conflict)."""
        wanted = list(dict.fromkeys(values))
        if not wanted or not fields:
            return {}
        params: list[Any] = [namespace]
        for name in fields:
            params += [json_field(name), wanted]
        condition = " OR ".join(["(value::jsonb ->> %s) = ANY(%s)"] * len(fields))
        found = self._s.rows(f"SELECT key, value FROM meta WHERE namespace = %s AND "
                             f"({condition}) ORDER BY key", params)
        return {k: json.loads(v) for k, v in found}

    def schema_version(self) -> int:
        """The schema version of the open store."""
        return int(self._s.rows("SELECT max(version) FROM schema_version")[0][0] or 0)


def _utc(at: datetime) -> datetime:
    """An aware UTC datetime (naive ones are taken as UTC)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
