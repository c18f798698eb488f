"""``lancedb``: a cosine vector index in a LanceDB table, exact while small, ANN past a size.

One table (``memories``) holds each memory's id, the version it was indexed at, the archived
flag, the three scope fields and the vector. Scope and archived filters are a prefilter of
the search (applied before the nearest neighbours are chosen), so the top ``k`` are the
nearest ``k`` *admitted* memories.

Search is exact (a flat scan) until the table holds ``ann_threshold`` rows; then an ANN
index is built (``index_type``, IVF_SQ by default: measured recall@10 ~0.99 on MiniLM
vectors, where IVF_PQ and the HNSW variants lose a quarter to two thirds of the true
neighbours). Rows added after the index was built are searched exactly until the next
:meth:`LanceVectors.optimize` folds them in (:mod:`.ann`).

Every LanceDB write makes a new fragment and table version, and search slows as fragments
pile up, so writes come in batches (one per engine call), and the table is compacted (and
old versions removed) by :meth:`~LanceVectors.optimize` — in maintenance, and automatically
after ``compact_every`` writes.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import logging
import shutil
import sys
import tempfile
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np
from pydantic import Field

from cognimem.components import Options, VectorIndex
from cognimem.context import Context
from cognimem.errors import StoreError
from cognimem.models import Candidate, Memory, Query
from cognimem.sharedlock import SharedLock

from ..locking import locked
from .ann import AnnIndex

if TYPE_CHECKING:  # lancedb and pyarrow load on first use: importing lancedb takes seconds
    import pyarrow as pa
    from lancedb.expr import Expr

log = logging.getLogger("cognimem.lancedb")

TABLE: Final = "memories"
SCOPE_FIELDS: Final = ("project", "agent", "user")
#: Ids per delete statement.
_DELETE_CHUNK: Final = 1000
REINDEX_HINT: Final = "the embedder changed: run `cognimem reindex` to re-embed every memory"


def import_lancedb() -> Any:
    """Import lancedb, leaving out the REST client that only remote namespaces use.

    ``import lancedb`` imports ``lance_namespace_urllib3_client``, whose package ``__init__``
    loads a generated REST API client: hundreds of pydantic ``validate_call`` methods, about
    half of lancedb's import time (0.6 of 1.1 s of CPU, measured here). A local store never
    calls it, so the package is registered unexecuted (its ``models`` subpackage, which
    lancedb does use, imports as usual) and runs its ``__init__`` on first attribute access.
    """
    if "lancedb" not in sys.modules:
        _defer_package_init("lance_namespace_urllib3_client")
    import lancedb

    return lancedb


def _defer_package_init(name: str) -> None:
    """Put ``name`` in ``sys.modules`` without running its ``__init__`` until an attribute of
    the package itself is first read (submodules import normally)."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or not spec.submodule_search_locations:
        return
    module = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def __getattr__(attr: str) -> Any:  # the module-level hook of PEP 562
        module.__dict__.pop("__getattr__", None)
        loader.exec_module(module)
        return getattr(module, attr)

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = module


def table_schema(dim: int) -> pa.Schema:
    """The table's arrow schema for vectors of ``dim`` dimensions."""
    import pyarrow as pa

    return pa.schema([
        pa.field("id", pa.string(), nullable=False),
        pa.field("version", pa.int64(), nullable=False),
        pa.field("archived", pa.bool_(), nullable=False),
        *(pa.field(name, pa.string()) for name in SCOPE_FIELDS),
        pa.field("vector", pa.list_(pa.float32(), dim), nullable=False),
    ])



class LanceVectors(VectorIndex):
    """Cosine nearest neighbours in LanceDB with prefiltered scope and archived filters."""

    reads_beside_writes = True  # reads are snapshots; see _files

    name = "lancedb"

    class Options(Options):
        """When to switch to an ANN index and how it searches; when to compact."""

        ann_threshold: int = Field(
            default=10_000, ge=0,
            description="rows at which an ANN index is built (0: never; search stays exact)",
        )
        retrain_growth: float = Field(
            default=2.0, ge=1.1,
            description="rebuild the ANN index when the table has grown this many times "
                        "since it was trained (its partitions were sized for fewer rows)",
        )
        index_type: Literal["IVF_SQ", "IVF_RQ", "IVF_FLAT", "IVF_PQ", "IVF_HNSW_SQ"] = Field(
            default="IVF_SQ", description="the ANN index LanceDB builds past ann_threshold")
        num_partitions: int | None = Field(
            default=None, ge=1, description="IVF partitions (default: rows / 1024, at least 16)")
        nprobes: int = Field(default=20, ge=1, description="IVF partitions searched per query")
        refine_factor: int | None = Field(
            default=None, ge=1, description="re-rank refine_factor * k ANN candidates exactly")
        compact_every: int = Field(
            default=32, ge=1, description="compact automatically after this many writes")

    options: Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._lock = threading.RLock()
        # searches share it; what deletes files a search may be reading (the clean-up of old
        # table versions, dropping the table) holds it alone
        self._files = SharedLock()
        self._db: Any = None
        self._table: Any = None
        self._dir: Path | None = None
        self._temporary = False
        self._versions: dict[str, int] = {}
        self._archived: set[str] = set()  # archived ids: no archived filter while empty
        self._dim: int | None = None
        self._writes = 0
        self.ann = AnnIndex(self.options, (*SCOPE_FIELDS, "archived"))  # past ann_threshold

    # lifecycle -----------------------------------------------------------------------------

    def open(self, ctx: Context) -> None:
        """Open ``<store>/vectors/``; without a store path, a temporary directory."""
        if ctx.path is None:
            self._dir = Path(tempfile.mkdtemp(prefix="cognimem-lancedb-"))
            self._temporary = True
        else:
            self._dir = Path(ctx.path) / "vectors"
            self._check_dir(self._dir)
        try:
            lancedb = import_lancedb()
            self._db = lancedb.connect(str(self._dir))
            if TABLE in self._table_names():
                self._table = self._db.open_table(TABLE)
                self._dim = _vector_dim(self._table.schema)
                self._load_versions()
                self.ann.read(self._table)
        except StoreError:
            raise
        except Exception as exc:
            raise StoreError(
                f"cannot open the LanceDB vector index at {self._dir}: {exc}. It is derived "
                "data: delete the folder and reopen the store to rebuild it from the records"
            ) from exc
        embedder = ctx.embedder
        if self._dim is not None and embedder is not None and embedder.dimension != self._dim:
            log.warning("the vector index holds %d-dimensional vectors but the embedder makes "
                        "%d: %s", self._dim, embedder.dimension, REINDEX_HINT)

    @staticmethod
    def _check_dir(path: Path) -> None:
        try:
            path.mkdir(parents=True, exist_ok=True)
            foreign = sorted(p.name for p in path.iterdir() if p.name != f"{TABLE}.lance")
        except OSError as exc:
            raise StoreError(f"cannot use {path} for the LanceDB vector index: {exc}") from exc
        if foreign:
            raise StoreError(
                f"{path} holds files that are not a cognimem LanceDB index "
                f"({', '.join(foreign[:5])}); move them away or choose another store path"
            )

    def _table_names(self) -> list[str]:
        listed = self._db.list_tables()
        names = getattr(listed, "tables", listed)
        return [str(n) for n in names]

    def _load_versions(self) -> None:
        rows = self._table.search().select(["id", "version", "archived"]).to_arrow()
        ids = rows.column("id").to_pylist()
        self._versions = dict(zip(ids, rows.column("version").to_pylist(), strict=True))
        self._archived = {i for i, a in zip(ids, rows.column("archived").to_pylist(),
                                             strict=True) if a}

    @locked
    def close(self) -> None:
        """Release the table; a temporary directory is removed (safe to call twice)."""
        self._table = None
        self._db = None
        if self._temporary and self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None

    # writes --------------------------------------------------------------------------------

    @locked
    def upsert(self, memories: Sequence[Memory], vectors: np.ndarray) -> None:
        """Insert or replace rows by id in one write; may compact or build the ANN index."""
        if not memories:
            return
        matrix = np.asarray(vectors, dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape[0] != len(memories):
            raise ValueError(f"expected {len(memories)} vectors, got an array of shape "
                             f"{matrix.shape}")
        self._require_open()
        if self._dim is not None and matrix.shape[1] != self._dim:
            raise StoreError(
                f"vectors of dimension {matrix.shape[1]} cannot go into the vector index, which "
                f"holds dimension {self._dim}: {REINDEX_HINT}"
            )
        last = {m.id: i for i, m in enumerate(memories)}  # a repeated id: the last one wins
        order = sorted(last.values())
        rows = [memories[i] for i in order]
        data = self._arrow(rows, matrix[order])
        try:
            if self._table is None:
                self._table = self._db.create_table(TABLE, data=data)
                self._dim = matrix.shape[1]
            elif any(m.id in self._versions for m in rows):
                (self._table.merge_insert("id").when_matched_update_all()
                 .when_not_matched_insert_all().execute(data))
            else:
                self._table.add(data)
        except Exception:
            self._resync()
            raise
        for memory in rows:
            self._versions[memory.id] = memory.version
            if memory.archived:
                self._archived.add(memory.id)
            else:
                self._archived.discard(memory.id)
        self._after_write()

    @staticmethod
    def _arrow(memories: Sequence[Memory], matrix: np.ndarray) -> pa.Table:
        import pyarrow as pa

        dim = matrix.shape[1]
        columns: dict[str, Any] = {
            "id": [m.id for m in memories],
            "version": [m.version for m in memories],
            "archived": [m.archived for m in memories],
        }
        for field in SCOPE_FIELDS:
            columns[field] = [getattr(m.scope, field) for m in memories]
        flat = pa.array(np.ascontiguousarray(matrix).ravel(), type=pa.float32())
        columns["vector"] = pa.FixedSizeListArray.from_arrays(flat, dim)
        return pa.table(columns, schema=table_schema(dim))

    @locked
    def delete(self, ids: Sequence[str]) -> None:
        """Delete rows by id (unknown ids are ignored; nothing to delete writes nothing)."""
        known = sorted({i for i in ids if i in self._versions})
        if not known:
            return
        table = self._require_table()
        from lancedb.expr import col

        try:
            for start in range(0, len(known), _DELETE_CHUNK):
                table.delete(col("id").isin(known[start : start + _DELETE_CHUNK]))
        except Exception:
            self._resync()
            raise
        for memory_id in known:
            self._versions.pop(memory_id, None)
            self._archived.discard(memory_id)
        self._after_write()

    @locked
    def clear(self) -> None:
        """Drop the table (the next write may use another dimension, as after a reindex)."""
        self._require_open()
        if TABLE in self._table_names():
            with self._files.exclusive():
                self._db.drop_table(TABLE)
        self._table = None
        self._dim = None
        self._versions = {}
        self._archived = set()
        self._writes = 0
        self.ann.trained = None

    def _after_write(self) -> None:
        self._writes += 1
        if self._writes >= self.options.compact_every:
            self.optimize()
        elif self.ann.due(len(self._versions)):
            self.ann.build(self._require_table(), len(self._versions))

    def _resync(self) -> None:
        """After a failed write, re-read what the table really holds."""
        try:
            if self._table is not None:
                self._table.checkout_latest()
                self._load_versions()
        except Exception:  # pragma: no cover - the original error is the one to report
            log.exception("lancedb: re-reading the table after a failed write failed")

    # maintenance ---------------------------------------------------------------------------

    @locked
    def optimize(self) -> None:
        """Compact fragments, fold new rows into the ANN index, drop old table versions; build
        the ANN index if the table has passed ``ann_threshold``."""
        self._writes = 0
        if self._table is None:
            return
        if self.ann.due(len(self._versions)):
            self.ann.build(self._table, len(self._versions))
        with warnings.catch_warnings():
            # cleanup_older_than=0 warns about concurrent readers: this process owns the store
            warnings.simplefilter("ignore")
            with self._files.exclusive():  # no search is reading a version it deletes
                self._table.optimize(cleanup_older_than=dt.timedelta(0))

    def compact(self) -> None:
        """Rewrite fragments without deleted rows and drop old table versions."""
        self.optimize()

    def has_ann_index(self) -> bool:
        """Whether the table has a vector index (searches are then approximate)."""
        return self._table is not None and self.ann.trained is not None

    def stats(self) -> dict[str, Any]:
        """Rows, fragments, whether an ANN index exists, and writes since the last compaction."""
        if self._table is None:
            return {"rows": 0, "fragments": 0, "ann_index": False, "writes": self._writes}
        fragments = self._table.stats()["fragment_stats"]["num_fragments"]
        return {"rows": len(self._versions), "fragments": fragments,
                "ann_index": self.has_ann_index(), "writes": self._writes}

    # reads ---------------------------------------------------------------------------------

    def search(self, vector: np.ndarray, query: Query, k: int) -> list[Candidate]:
        """The ``k`` nearest admitted memories by cosine similarity (score = 1 - distance)."""
        self._require_open()
        with self._files.shared():
            return self._search(vector, query, k)

    def search_many(self, vectors: np.ndarray, query: Query, k: int) -> list[list[Candidate]]:
        """:meth:`search` of every row in one LanceDB query (13 rows: ~9 ms against ~100 ms
        one by one, measured at 2,000 rows)."""
        self._require_open()
        rows = np.asarray(vectors, dtype=np.float32)
        if rows.ndim != 2 or rows.shape[0] == 0:
            return [[] for _ in range(rows.shape[0] if rows.ndim == 2 else 0)]
        with self._files.shared():
            if self._table is None or not self._versions:
                return [[] for _ in range(rows.shape[0])]
            if rows.shape[0] == 1:
                return [self._search(rows[0], query, k)]
            found = self._query(list(self._checked(rows)), query, k)
        by_row: list[list[tuple[float, str]]] = [[] for _ in range(rows.shape[0])]
        for row, i, d in zip(found.column("query_index").to_pylist(),
                             found.column("id").to_pylist(),
                             found.column("_distance").to_pylist(), strict=True):
            by_row[row].append((1.0 - float(d), i))
        return [_ranked(pairs) for pairs in by_row]

    def _checked(self, rows: np.ndarray) -> np.ndarray:
        if rows.shape[-1] != self._dim:
            raise StoreError(
                f"the query vector has dimension {rows.shape[-1]} but the vector index holds "
                f"dimension {self._dim}: {REINDEX_HINT}"
            )
        return rows

    def _query(self, q: Any, query: Query, k: int) -> Any:
        """The Arrow result of one LanceDB search of ``q`` (a vector or a list of them)."""
        assert self._table is not None
        builder = (self._table.search(q, vector_column_name="vector")
                   .distance_type("cosine").limit(k).select(["id", "_distance"]))
        where = self._filter(query)
        if where is not None:
            builder = builder.where(where, prefilter=True)
        if self.has_ann_index():
            builder = builder.nprobes(self.options.nprobes)
            if self.options.refine_factor:
                builder = builder.refine_factor(self.options.refine_factor)
        return builder.to_arrow()

    def _search(self, vector: np.ndarray, query: Query, k: int) -> list[Candidate]:
        if self._table is None or not self._versions:
            return []
        q = self._checked(np.asarray(vector, dtype=np.float32).ravel())
        found = self._query(q, query, k)
        return _ranked([(1.0 - float(d), i) for i, d in zip(found.column("id").to_pylist(),
                                                           found.column("_distance").to_pylist(),
                                                           strict=True)])

    def _filter(self, query: Query) -> Expr | str | None:
        """The prefilter: scope fields, and ``archived = false`` unless the query includes
        archived memories or the table holds none (a filter costs ~2.5 ms at 100k rows).
        A project with its global memories (``include_global``) is SQL: the expression
        builder has no ``IS NULL``."""
        from lancedb.expr import col, lit

        parts: list[Expr] = []
        if not query.include_archived and self._archived:
            parts.append(col("archived") == lit(False))
        either: str | None = None
        for field in SCOPE_FIELDS:
            value = getattr(query.scope, field)
            if value is not None and field == "project" and query.include_global:
                # this project's memories or those of no project (global ones)
                either = f"({(col(field) == lit(value)).to_sql()} OR {field} IS NULL)"
            elif value is not None:
                parts.append(col(field) == lit(value))
        if either is not None:
            return " AND ".join([either, *(p.to_sql() for p in parts)])
        if not parts:
            return None
        combined = parts[0]
        for part in parts[1:]:
            combined = combined & part
        return combined

    def fingerprint(self) -> str | None:
        """The table's version (LanceDB makes a new one on every write) and its rows."""
        if self._db is None or self._temporary:
            return None
        if self._table is None:
            return "empty"
        return f"{self._table.version}:{len(self._versions)}"

    def versions(self) -> dict[str, int]:
        """Every indexed id with its indexed version (kept in memory, read at open)."""
        return dict(self._versions)

    # helpers -------------------------------------------------------------------------------

    def _require_open(self) -> None:
        if self._db is None:
            raise StoreError("the LanceDB vector index is not open (open() was not called or "
                             "close() was)")

    def _require_table(self) -> Any:
        self._require_open()
        if self._table is None:
            raise StoreError("the LanceDB vector index has no table yet")
        return self._table


def _vector_dim(schema: pa.Schema) -> int:
    field_type = schema.field("vector").type
    size = getattr(field_type, "list_size", None)
    if not isinstance(size, int) or size <= 0:
        raise StoreError(f"the LanceDB table's `vector` column has type {field_type}, not a "
                         "fixed-size list of floats: delete the vectors folder to rebuild it")
    return size


def _ranked(pairs: list[tuple[float, str]]) -> list[Candidate]:
    """(score, id) pairs as candidates, best first (ties by id), ranked from 1."""
    pairs.sort(key=lambda pair: (-pair[0], pair[1]))
    return [Candidate(id=i, score=s, rank=r) for r, (s, i) in enumerate(pairs, 1)]
