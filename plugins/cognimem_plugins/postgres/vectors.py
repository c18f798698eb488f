"""``pgvector``: nearest-neighbour search in PostgreSQL with the pgvector extension.

Vectors live in the ``vectors`` table (kept in step with the records' embeddings by a
trigger when the records are ``postgres``, see :mod:`.attach`). The column holds any
dimension, so each dimension gets its own partial index on ``embedding::vector(DIM)``
(cosine distance), made when the index first meets that dimension.

``index = "ivfflat"`` (the default) clusters the vectors into about sqrt(n) lists once a
dimension has ``ivf_threshold`` of them (an exact scan before), searches ``probes`` lists
with pgvector's iterative scan (so scope filters still return ``k`` hits), and is rebuilt by
maintenance (``cognimem maintain`` calls ``optimize``) when the vectors have quadrupled.
``hnsw`` builds a graph (``m``, ``ef_construction``) that every insert extends, searched
with ``ef_search`` candidates; ``exact`` scans every row. ivfflat was chosen over HNSW by
recall@10 against the exact scan, then speed: at equal recall HNSW inserts cost ~20 times
as much here (docs/benchmarks.md).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import Field

from cognimem.components import VectorIndex
from cognimem.errors import StoreError
from cognimem.models import Candidate, Memory, Query

from .attach import IndexOptions, PostgresIndex
from .connect import advisory_key

if TYPE_CHECKING:
    from cognimem.context import Context

log = logging.getLogger("cognimem.postgres")

_FROM_RECORDS = (
    "INSERT INTO vectors (id, version, archived, scope_project, scope_agent, scope_user, dim, "
    "embedding) SELECT m.id, m.version, m.archived, m.scope_project, m.scope_agent, "
    "m.scope_user, e.dim, e.vector FROM memories m JOIN embeddings e ON e.memory_id = m.id "
    "WHERE m.id = ANY(%s) AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.id = m.id AND "
    "v.version = m.version AND v.archived = m.archived AND v.embedding = e.vector) "
    "ON CONFLICT (id) DO UPDATE SET version = excluded.version, archived = excluded.archived, "
    "scope_project = excluded.scope_project, scope_agent = excluded.scope_agent, "
    "scope_user = excluded.scope_user, dim = excluded.dim, embedding = excluded.embedding")
# Attached: which of these memories' vectors are missing or behind the records (the
# triggers keep them in step, so usually none: one read, no write).
_STALE = ("SELECT m.id FROM memories m JOIN embeddings e ON e.memory_id = m.id LEFT JOIN "
          "vectors v ON v.id = m.id WHERE m.id = ANY(%s) AND (v.id IS NULL OR v.version <> "
          "m.version OR v.archived <> m.archived OR NOT v.embedding = e.vector)")
_UPSERT = (
    "INSERT INTO vectors (id, version, archived, scope_project, scope_agent, scope_user, dim, "
    "embedding) VALUES (%s, %s, %s, %s, %s, %s, %s, %b) ON CONFLICT (id) DO UPDATE SET "
    "version = excluded.version, archived = excluded.archived, scope_project = "
    "excluded.scope_project, scope_agent = excluded.scope_agent, scope_user = "
    "excluded.scope_user, dim = excluded.dim, embedding = excluded.embedding")


class PgVectors(PostgresIndex, VectorIndex):
    """Cosine nearest neighbours in PostgreSQL (pgvector HNSW, IVFFlat or an exact scan)."""

    name = "pgvector"
    table = "vectors"
    kept_by = ("embeddings", "memory_id")
    emptied_by = ("TRUNCATE vectors",)

    class Options(IndexOptions):
        """Where the index lives, which index pgvector builds, and its search effort."""

        index: Literal["ivfflat", "hnsw", "exact"] = Field(
            default="ivfflat", description="ivfflat (built once there are `ivf_threshold` "
                                           "vectors), hnsw, or exact (no index)")
        ivf_threshold: int = Field(
            default=5000, ge=1000,
            description="ivfflat: vectors of one dimension at which the index is built (an "
                        "exact scan before); maintenance rebuilds it when they quadrupled")
        m: int = Field(default=16, ge=2, le=100, description="HNSW links per node")
        ef_construction: int = Field(default=64, ge=4, le=1000,
                                     description="HNSW candidates while building")
        ef_search: int = Field(default=100, ge=1, le=1000,
                               description="HNSW candidates while searching (raised to k)")
        probes: int = Field(default=20, ge=1, le=1000, description="ivfflat lists searched")

    options: PgVectors.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._indexed: set[int] = set()

    def open(self, ctx: Context) -> None:
        super().open(ctx)
        opts = self.options
        self._s.execute(f"SET hnsw.ef_search = {int(opts.ef_search)}")
        self._s.execute("SET hnsw.iterative_scan = relaxed_order")
        self._s.execute(f"SET ivfflat.probes = {int(opts.probes)}")
        self._s.execute("SET ivfflat.iterative_scan = relaxed_order")
        if ctx.embedder is not None and ctx.embedder.dimension and opts.index == "hnsw":
            self._ensure_index(ctx.embedder.dimension)

    def _index_name(self, dim: int) -> str:
        return f"vectors_{self.options.index}_{int(dim)}"

    def _ensure_index(self, dim: int, *, lists: int | None = None) -> None:
        """Create the index of one dimension when missing (once, whoever comes first)."""
        if dim in self._indexed or self.options.index == "exact":
            return
        name, opts = self._index_name(dim), self.options
        if opts.index == "hnsw":
            method = (f"hnsw ((embedding::vector({int(dim)})) vector_cosine_ops) WITH "
                      f"(m = {int(opts.m)}, ef_construction = {int(opts.ef_construction)})")
        elif lists is not None:
            method = (f"ivfflat ((embedding::vector({int(dim)})) vector_cosine_ops) WITH "
                      f"(lists = {int(lists)})")
        else:
            return
        with self._s.transaction():
            self._s.execute("SELECT pg_advisory_xact_lock(%s)",
                            [advisory_key(self._s.schema, f"index {name}")])
            if not self._s.rows("SELECT to_regclass(%s)", [name])[0][0]:
                log.info("pgvector: building %s", name)
                self._s.execute(f"CREATE INDEX {name} ON vectors USING {method} "
                                f"WHERE dim = {int(dim)}")
        self._indexed.add(dim)

    def upsert(self, memories: Sequence[Memory], vectors: np.ndarray) -> None:
        if not memories:
            return
        array = np.asarray(vectors, dtype=np.float32)
        if array.ndim != 2 or array.shape[0] != len(memories):
            raise ValueError(f"expected {len(memories)} vectors, got shape {array.shape}")
        held = self._stored_dimension()
        if held is not None and held != array.shape[1]:
            raise StoreError(
                f"vector dimension {array.shape[1]} does not match the index's {held}: run "
                "`cognimem reindex` after changing the embedder")
        if self.options.index == "hnsw":
            self._ensure_index(array.shape[1])
        latest = {m.id: (m, row) for m, row in zip(memories, array, strict=True)}
        ids = sorted(latest)
        if self.attached:  # the records are the truth (they may be newer than these)
            stale = [r[0] for r in self._s.rows(_STALE, [ids])]
            if stale:
                with self._s.writing():
                    self._s.execute(_FROM_RECORDS, [stale])
        else:
            with self._s.writing():
                self._s.executemany(_UPSERT, [
                    [m.id, m.version, m.archived, m.scope.project, m.scope.agent, m.scope.user,
                     int(row.shape[0]), row] for m, row in (latest[i] for i in ids)])
        self._maybe_build(int(array.shape[1]))

    def _stored_dimension(self) -> int | None:
        """The dimension of the stored vectors (one row read), None when empty."""
        found = self._s.rows("SELECT dim FROM vectors LIMIT 1")
        return int(found[0][0]) if found else None

    def optimize(self) -> None:
        """ivfflat: build each dimension's index once it has ``ivf_threshold`` vectors, and
        rebuild it when they have quadrupled since (its lists were clustered on the data at
        build time)."""
        if self.options.index == "ivfflat":
            for dim, count in self._s.rows("SELECT dim, count(*) FROM vectors GROUP BY dim"):
                self._ivfflat(int(dim), int(count), rebuild=True)

    def _ivfflat(self, dim: int, count: int, *, rebuild: bool = False) -> None:
        """Build (or, grown fourfold, rebuild) the ivfflat index of one dimension: about
        sqrt(n) lists, as pgvector advises."""
        if count < self.options.ivf_threshold:
            return
        name = self._index_name(dim)
        found = self._s.rows("SELECT c.reloptions FROM pg_class c WHERE c.oid = to_regclass(%s)",
                             [name])
        if found:
            lists = next((int(o.split("=")[1]) for o in found[0][0] or []
                          if o.startswith("lists=")), 0)
            if not rebuild or count < 4 * lists * lists:
                self._indexed.add(dim)
                return
            self._s.execute(f"DROP INDEX IF EXISTS {name}")
            self._indexed.discard(dim)
        self._ensure_index(dim, lists=max(1, int(math.sqrt(count))))

    def _maybe_build(self, dim: int) -> None:
        """ivfflat: build the index once the table's estimated size passes the threshold
        (the estimate is PostgreSQL's statistics: no count on every write)."""
        if self.options.index != "ivfflat" or dim in self._indexed:
            return
        estimate = self._s.rows("SELECT greatest(reltuples, 0)::bigint FROM pg_class "
                                "WHERE oid = 'vectors'::regclass")[0][0]
        if estimate >= self.options.ivf_threshold or estimate == 0:
            count = self._s.rows("SELECT count(*) FROM vectors WHERE dim = %s", [dim])[0][0]
            self._ivfflat(dim, int(count))

    def search(self, vector: np.ndarray, query: Query, k: int) -> list[Candidate]:
        q = np.asarray(vector, dtype=np.float32).reshape(-1)
        dim = int(q.shape[0])
        if not np.isfinite(q).all():
            raise StoreError("the query vector holds NaN or infinity")
        params: dict[str, Any] = {"q": q, "k": k}
        where = [f"dim = {dim}"]
        if not query.include_archived:
            where.append("NOT archived")
        for field in ("project", "agent", "user"):
            value = getattr(query.scope, field)
            if value is not None and field == "project" and query.include_global:
                # the project's memories and the global ones (no project)
                where.append("(scope_project = %(project)s OR scope_project IS NULL)")
                params[field] = value
            elif value is not None:
                where.append(f"scope_{field} = %({field})s")
                params[field] = value
        sql = (f"SELECT id, (embedding::vector({dim})) <=> %(q)b::vector({dim}) AS d "
               f"FROM vectors WHERE {' AND '.join(where)} ORDER BY d LIMIT %(k)s")
        if k > self.options.ef_search:
            with self._s.transaction():
                self._s.execute(f"SET LOCAL hnsw.ef_search = {min(int(k), 1000)}")
                found = self._s.rows(sql, params)
        else:
            found = self._s.rows(sql, params)
        if not found:
            held = self._stored_dimension()
            if held is not None and held != dim:
                raise StoreError(
                    f"the query vector has dimension {dim} but the index holds {held}: run "
                    "`cognimem reindex` after changing the embedder")
        found.sort(key=lambda r: (r[1], r[0]))  # iterative scans may return slightly unordered
        return [Candidate(id=r[0], score=1.0 - float(r[1]), rank=i)
                for i, r in enumerate(found, start=1)]
