"""``hnsw``: cosine nearest neighbours in an in-process usearch HNSW graph.

Vectors live in a usearch :class:`~usearch.index.Index` (16 bits a value: ``bf16`` where the
CPU computes on it, else ``f16``, and a saved graph keeps its own; see :func:`resolve_dtype`
and ``docs/benchmarks.md`` for the recall that chose them), under integer keys handed out in order;
:class:`~.rows.Rows` keeps each key's memory id, version, archived flag and scope codes.

The scope and archived filters hold exactly, with the search chosen by how many memories
they admit (estimated from per-value counts, without a scan):

- few (at most ``exact_below``): an exact scan of just the admitted memories' vectors;
- otherwise the graph is searched for ``k`` divided by the admitted share (plus a margin)
  neighbours, with ``expansion_search`` divided by that share as its breadth, and the
  neighbours are then filtered; if fewer than ``k`` survive, the search widens, and
  past ``max_candidates`` falls back to the exact scan. So the top ``k`` are the nearest
  ``k`` admitted memories up to the graph's own recall.

Persistence (:mod:`.snapshot`): the graph and rows are saved under ``<store>/hnsw/`` at
close, at maintenance and after ``save_every`` changes, and loaded at open: the graph as a
read-only view of its file (usearch maps it; a search reads only the pages it touches, so a
million-memory graph of ~0.8 GB opens without being read), read whole before the first
change (:meth:`HnswVectors._own`). The records
are the truth: the engine's reconciliation at open (and ``cognimem check``) re-indexes
memories whose version differs and drops orphans, so a save older than the records (a
kill) costs only re-indexing the difference. :meth:`HnswVectors.fingerprint` names the
content (a random id of the index and a revision counted up by every change, both saved
with it), so a store closed cleanly opens without that comparison.

Searches run beside writes (``reads_beside_writes``). usearch's calls from Python share
one thread context, so the graph and its rows are guarded by one lock (``_graph_lock``):
a search of the graph holds it for its whole look-up (about a millisecond or two at
100,000), a write for one chunk of ``write_chunk`` inserts at a time, so a search waits at
most for a chunk, never for a whole batch or the rest of the engine's write (embedding, the
records' transaction, the lexical index). Writers take ``_lock`` first: one at a time.
With ``overlap`` (the default) the batch is inserted on one thread of its own
(:mod:`.inserts`), in one call (a chunk at a time, each chunk would wait for the
interpreter lock again: at 100,000 the overlap then gained nothing), in the order
written, while the engine goes on with the next batch; every read and change of the index
first waits for the pending inserts, so a search after a write finds it, and a search
beside a write may wait for them. Past ``flat_below``, with ``defer`` (:mod:`.staged`), a
batch is held until the next write group's near-duplicate check (:meth:`search_many`) has
searched it exactly, or a later write hands it on, and up to ``backlog`` memories may wait
for the inserting thread when a write returns: the insert keeps going while the guards
screen the next call's memories (a call's memories are all screened before its first
batch is written), instead of waiting for the writer each batch.
While the index has handed out at most ``flat_below`` keys, searches read a plain copy of
the vectors instead (:mod:`.flat`), exactly and without the lock: every change under the
lock counts a change counter up before and after (``_seq``), and a search that saw it odd,
or changed by the time it finished, searches the graph under the lock instead.
:meth:`HnswVectors.search_many` (a write group's near-duplicate check, one vector per new
memory) asks usearch once for all its rows under one hold of the lock, not once a row: each
hold ends with a wait for the interpreter lock, which usearch gives up while it searches.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import secrets
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final, Literal

import numpy as np
from pydantic import Field

from cognimem.components import Options, VectorIndex
from cognimem.context import Context
from cognimem.errors import StoreError
from cognimem.models import Candidate, Memory, Query

from ..locking import locked
from .backlog import Backlog
from .flat import Flat
from .hugepages import HugePages
from .inserts import Inserts
from .rows import Rows
from .snapshot import FOLDER, Folder, restore
from .staged import Part

log = logging.getLogger("cognimem.hnsw")

REINDEX_HINT: Final = "run `cognimem reindex` after changing the embedder"
#: Extra neighbours asked of the graph beyond k / (admitted share), for the filter's misses.
_MARGIN: Final = 1.1
#: The same under a scope filter, past the choice of an exact scan (made with ``_MARGIN``):
#: the admitted neighbours of k / share * 1.1 fall short of k often enough (15 of 100
#: project-scoped searches of a million memories, a tenth of them admitted) that each of
#: those searched again with four times the neighbours: CPU p95 23 ms. Asking for twice
#: k / share: none searched again, p95 11 ms, the mean the same, recall@50 0.70 -> 0.75
#: (lab/cognimem-lab/EXPERIMENTS.md, #45).
_SCOPED_MARGIN: Final = 2.0
#: An exact search scans the whole graph with usearch (SIMD over the stored halves, ~0.21 us
#: a vector at 384 dimensions) rather than reading the admitted vectors out (~2.25 us each)
#: while the live memories are at most this many times the admitted ones: 2,000 vectors
#: took 0.43 ms scanned against 4.5 ms read out and compared in numpy.
_SCAN_ALL_RATIO: Final = 10


def _per_row(found: Any, rows: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each query row's keys and distances from usearch's answer to ``rows`` rows (one
    row's answer has no per-row counts)."""
    if not hasattr(found, "counts"):
        return [(np.asarray(found.keys, dtype=np.int64),
                 np.asarray(found.distances, dtype=np.float64))]
    return [(np.asarray(found.keys[i][: found.counts[i]], dtype=np.int64),
             np.asarray(found.distances[i][: found.counts[i]], dtype=np.float64))
            for i in range(rows)]


class HnswVectors(VectorIndex):
    """An HNSW graph (usearch) with exact scope and archived filters, saved in the store."""

    reads_beside_writes = True  # the graph and rows are read under _graph_lock; see the module

    name = "hnsw"

    class Options(Options):
        """The graph's precision and shape, its search breadth, and when it is saved."""

        dtype: Literal["auto", "f32", "f16", "bf16", "i8"] = Field(
            default="auto",
            description="how vectors are stored in the graph: f16 and bf16 halve the memory "
                        "of f32, i8 quarters it; auto: bf16 for a new graph where usearch "
                        "runs it in hardware (AVX512-BF16, Arm BF16), else f16, and a saved "
                        "graph keeps its own (an explicit dtype rebuilds one saved with "
                        "another)")
        connectivity: int = Field(default=16, ge=4, le=64,
                                  description="graph edges per node (HNSW M)")
        expansion_add: int = Field(default=128, ge=8, le=1024,
                                   description="candidates considered per insert")
        expansion_search: int = Field(
            default=64, ge=8, le=4096,
            description="candidates considered per search (at least the neighbours asked)")
        exact_below: int = Field(
            default=2048, ge=0,
            description="search exactly when the filter admits at most this many memories")
        max_candidates: int = Field(
            default=4096, ge=16,
            description="most neighbours asked of the graph before falling back to an "
                        "exact scan of the admitted memories")
        save_every: int = Field(
            default=50_000, ge=1,
            description="save the graph after this many changes (and a quarter of its size) "
                        "since the last save; it is also saved at close and maintenance")
        threads: int = Field(
            default=1, ge=0,
            description="threads for batch inserts (0: one per core); with more than one the "
                        "graph, and so the results, depend on thread timing")
        write_chunk: int = Field(
            default=32, ge=1,
            description="inserts per hold of the graph: the longest a search waits for a "
                        "write (without ``overlap``; with it a search waits for the batch)")
        flat_below: int = Field(
            default=8192, ge=0,
            description="while the index has handed out at most this many keys (memories "
                        "indexed, replaced ones included), search an exact copy of the "
                        "vectors that needs no lock, so searches never wait for each other "
                        "or a write (4 bytes a dimension a key in memory; 0: never)")
        overlap: bool = Field(
            default=True,
            description="insert into the graph on a thread of its own, a batch at a time in "
                        "the order written, while the write goes on (the same graph as "
                        "without; a search, save or maintenance waits for the pending batch)")
        backlog: int = Field(
            default=4096, ge=0,
            description="with ``defer``: memories handed to the inserting thread that a "
                        "write may leave waiting or running before it returns, so the insert "
                        "keeps going while the next writes are prepared (the guard screens a "
                        "whole call's memories before its first batch); the writer's search, a "
                        "save or maintenance waits for them, another thread's search does "
                        "not (0: one batch at a time)")
        defer: bool = Field(
            default=True,
            description="with ``overlap``, past ``flat_below``: hold each batch out of the "
                        "graph until the next write group's near-duplicate check has "
                        "searched it exactly, so its insert runs beside that group's "
                        "transaction instead of before its check (the same graph; any other "
                        "search, save or maintenance first inserts it)")
        huge_pages: bool = Field(
            default=True,
            description="ask the kernel (Linux, THP mode madvise or always) to back the "
                        "graph's memory with 2 MiB pages as it grows: an insert at 200,000 "
                        "memories costs ~16 % less CPU; the process's other large anonymous "
                        "mappings are asked too (a no-op where the kernel has no THP)")

    options: Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._lock = threading.RLock()  # one writer at a time
        self._graph_lock = threading.Lock()  # the graph and rows: a search or one write step
        self._graph: Any = None
        self._viewed: Path | None = None  # the file the graph is a read-only view of
        self._rows = Rows()
        self._flat: Flat | None = None  # the vectors' lock-free copy while the index is small
        self._seq = 0  # odd while a change is under way (see the module)
        self._dim: int | None = None
        self._folder: Folder | None = None
        self._stamp: dict[str, Any] = {}
        self._unsaved = 0
        # what the content is: a random id of this index and a counter of its changes
        self._identity = secrets.token_hex(8)
        self._revision = 0
        self._dtype: str = self.options.dtype  # resolved at open (``auto``: see the option)
        self._inserts = Inserts("hnsw")  # the pending batch's insert (``overlap``)
        self._pages = HugePages()  # ``huge_pages``: the graph's memory as it grows
        # ``defer``: the batches not in the graph yet
        self._backlog = Backlog(self._inserts, self._graph_lock, lambda part: self._insert(
            part.batch, part.vectors, max(1, len(part)), part))

    # lifecycle -------------------------------------------------------------------------------

    @locked
    def open(self, ctx: Context) -> None:
        """Load ``<store>/hnsw/`` if it holds a snapshot of vectors from this embedder."""
        self._inserts.reset()
        self._backlog.clear()
        embedder = getattr(ctx, "embedder", None)
        signature = getattr(embedder, "signature", None)
        self._dtype = resolve_dtype(self.options.dtype)
        self._stamp = {"embedder": signature.model_dump() if signature is not None else None,
                       "dtype": self._dtype}
        if ctx.path is None:
            return
        self._folder = Folder(Path(ctx.path).expanduser() / FOLDER)
        try:
            loaded = self._folder.load(_usearch_index_cls(), view=True, **self._settings())
        except (OSError, ValueError, KeyError, RuntimeError) as exc:
            log.warning("hnsw: ignoring the snapshot in %s (%s); rebuilding it from the records",
                        self._folder.path, exc)
            return
        if loaded is None:
            return
        stamp, graph, rows = loaded
        if self.options.dtype == "auto" and stamp.get("dtype") in _SAVED_DTYPES:
            # a saved graph keeps its dtype: another would rebuild it (~40 min at 1M)
            self._dtype = self._stamp["dtype"] = stamp["dtype"]
        if any(stamp.get(key) != value for key, value in self._stamp.items()):
            log.info("hnsw: the snapshot was made with another embedder or dtype; rebuilding")
            return
        self._graph, self._rows, self._dim = graph, rows, int(graph.ndim)
        self._viewed = self._folder.graph_file(int(stamp["generation"]))
        if len(rows) == 0:
            self._graph, self._dim, self._viewed = None, None, None
        else:
            live = np.flatnonzero(rows.live[: rows.size])
            self._flat = self._copy(rows, int(graph.ndim), live,
                                    lambda keys: _stored(graph, keys))
        if isinstance(stamp.get("identity"), str) and isinstance(stamp.get("revision"), int):
            self._identity, self._revision = stamp["identity"], stamp["revision"]

    @locked
    def close(self) -> None:
        """Save the snapshot (an on-disk store), then release the graph; safe twice. A
        failed background insert is logged (the fingerprint is then None: the next open
        compares the index with the records and re-indexes what it misses)."""
        try:
            self.settle()
        except StoreError as exc:
            log.error("%s", exc)
        self._inserts.shutdown()
        if self._folder is not None and self._unsaved:
            self._save()
        with self._changing():
            self._folder = None
            self._graph, self._viewed = None, None
            self._flat = None

    def _settings(self) -> dict[str, Any]:
        """usearch's settings that are not saved in its file."""
        return {"expansion_add": self.options.expansion_add,
                "expansion_search": self.options.expansion_search}

    def _own(self) -> None:
        """Before a change (writer lock held): a graph opened as a view of its file, which
        usearch cannot change, is read whole in its place.

        :raises StoreError: the file can no longer be read (the graph stays the view).
        """
        if self._viewed is None:
            return
        try:
            graph = restore(_usearch_index_cls(), self._viewed, **self._settings())
        except (OSError, ValueError, RuntimeError) as exc:
            raise StoreError(f"hnsw: could not read {self._viewed} to change it: {exc}"
                             ) from exc
        with self._changing():
            self._graph, self._viewed = graph, None
        if self.options.huge_pages:
            self._pages.follow(self._rows.size, now=True)

    def _save(self) -> None:
        assert self._folder is not None
        self._own()
        stamp = {**self._stamp, "identity": self._identity, "revision": self._revision}
        try:
            with self._graph_lock:
                if self._graph is None or not len(self._rows):
                    self._folder.remove()
                else:
                    self._folder.save(self._graph, self._rows, stamp)
            self._unsaved = 0
        except (OSError, RuntimeError) as exc:  # the records are the truth: rebuilt at open
            log.warning("hnsw: could not save the snapshot in %s: %s", self._folder.path, exc)

    def settle(self) -> None:
        """Insert the held batch (``defer``) and wait for the pending insert; raise its
        failure (once).

        :raises StoreError: it failed (its memories were left out of the index).
        """
        self._backlog.flushed(self._lock, self.options.backlog)
        self._inserts.settle()

    def _changed(self, count: int) -> None:
        if not count:
            return
        self._unsaved += count
        self._revision += 1
        if self.options.huge_pages:
            self._pages.follow(self._rows.size)
        due = max(self.options.save_every, len(self._rows) // 4)
        if self._folder is not None and self._unsaved >= due:
            self._save()

    def fingerprint(self) -> str | None:
        """The index's random id, its revision (one more at every change; both are saved in
        the snapshot) and its live memories; None without a store folder. Stable across a
        clean close and open; any change, a rebuild, or a snapshot older than the last
        change (a kill, a failed save) gives another. None after a failed background
        insert: the index no longer vouches for its content."""
        self._backlog.flushed(self._lock, self.options.backlog)
        if self._folder is None or self._inserts.failed:
            return None
        with self._graph_lock:
            if not len(self._rows):
                return "empty"
            return f"{self._identity}:{self._revision}:{len(self._rows)}"

    # writes ----------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _changing(self) -> Iterator[None]:
        """Hold the graph's lock for a change, the change counter odd meanwhile."""
        with self._graph_lock:
            self._seq += 1
            try:
                yield
            finally:
                self._seq += 1

    def _copy(self, rows: Rows, dim: int, keys: np.ndarray,
              vectors: Any) -> Flat | None:
        """The lock-free copy of ``keys``' vectors (``vectors(keys)`` reads them, a chunk
        at a time), or None when the rows are past ``flat_below``."""
        if rows.size > self.options.flat_below:
            return None
        flat = Flat.empty(rows, dim)
        for start in range(0, len(keys), 8192):
            part = keys[start : start + 8192]
            flat = flat.with_keys(rows, part, vectors(part))
        return flat

    def _new_graph(self, dim: int) -> Any:
        opts = self.options
        return _usearch_index_cls()(ndim=dim, metric="cos", dtype=self._dtype,
                                    connectivity=opts.connectivity,
                                    expansion_add=opts.expansion_add,
                                    expansion_search=opts.expansion_search)

    @locked
    def upsert(self, memories: Sequence[Memory], vectors: np.ndarray) -> None:
        """Index memories (a repeated id: the last one wins); a known id gets a new key.
        With ``overlap``, the graph's insert runs on the inserting thread after the pending
        one, and this returns once it has started; with ``defer`` too (past ``flat_below``)
        the batch is held until the next near-duplicate check or write (:mod:`.staged`).

        :raises StoreError: an earlier insert failed (this batch is then not indexed).
        """
        opts = self.options
        if not (opts.overlap and opts.defer and self._graph is not None and self._flat is None):
            self.settle()
        self._inserts.check()
        if not memories:
            return
        matrix = np.asarray(vectors, dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape[0] != len(memories):
            raise ValueError(f"expected {len(memories)} vectors, got shape {matrix.shape}")
        if self._dim is not None and matrix.shape[1] != self._dim:
            raise StoreError(f"vector dimension {matrix.shape[1]} does not match the index's "
                             f"{self._dim}: {REINDEX_HINT}")
        if not np.isfinite(matrix).all():
            raise ValueError("vectors must be finite (no NaN or infinity)")
        last = {m.id: i for i, m in enumerate(memories)}
        order = sorted(last.values())
        batch = [memories[i] for i in order]
        rows = np.ascontiguousarray(matrix[order])
        if self._graph is None:
            with self._changing():
                self._graph = self._new_graph(matrix.shape[1])
                self._dim = matrix.shape[1]
                self._flat = self._copy(self._rows, self._dim, np.zeros(0, np.int64), None)
        self._own()
        if opts.overlap and opts.defer and self._flat is None:  # held after a batch no check
            # has taken yet (a group's merged memories indexed after its new ones)
            self._backlog.hold(Part(batch, rows, self._dtype), opts.backlog)
        elif opts.overlap:  # one call: a search waits for the whole batch in any
            # case, and each chunk would wait for the interpreter lock again (a stall a chunk)
            self._inserts.submit(lambda: self._insert(batch, rows, max(1, len(batch))))
        else:
            self._insert(batch, rows, self.options.write_chunk)

    def _insert(self, batch: Sequence[Memory], rows: np.ndarray, step: int,
                part: Part | None = None) -> None:
        """Put ``batch`` (ids unique) with its ``rows`` in the graph, ``step`` inserts per
        hold of the lock, ``part`` marked inserted in the last hold; a failed chunk is left
        out (:func:`_drop_failed`) and raised."""
        try:
            for start in range(0, len(batch), step):  # a search waits for one chunk at most
                chunk = batch[start : start + step]
                with self._changing():
                    self._retire([m.id for m in chunk])
                    keys = self._rows.add(chunk)
                    try:
                        self._graph.add(keys, rows[start : start + step],
                                        threads=self.options.threads)
                    except BaseException:
                        _drop_failed(self._rows, self._graph, chunk, keys)
                        raise
                    if self._flat is not None:
                        self._flat = (self._flat.with_keys(self._rows, keys,
                                                           rows[start : start + step])
                                      if self._rows.size <= self.options.flat_below else None)
                    if part is not None and start + step >= len(batch):
                        part.inserted = True
        finally:
            self._changed(len(batch))

    def _retire(self, ids: Sequence[str]) -> int:
        keys = self._rows.retire(ids)
        if keys:
            self._graph.remove(np.asarray(keys, dtype=np.uint64))
        return len(keys)

    @locked
    def delete(self, ids: Sequence[str]) -> None:
        """Remove memories (unknown ids are ignored)."""
        self.settle()
        if self._graph is not None:
            self._own()
            with self._changing():
                removed = self._retire(ids)
            self._changed(removed)

    @locked
    def clear(self) -> None:
        """Drop everything, on disk too (the next write may use another dimension)."""
        self._backlog.clear()
        self._inserts.reset()
        with self._changing():
            self._graph, self._dim, self._rows, self._unsaved = None, None, Rows(), 0
            self._viewed = None
            self._flat = None
            self._identity, self._revision = secrets.token_hex(8), 0
            self._dtype = self._stamp["dtype"] = resolve_dtype(self.options.dtype)
            if self._folder is not None:
                self._folder.remove()

    @locked
    def optimize(self) -> None:
        """Rebuild the graph when retired keys outnumber a quarter of the live ones (removed
        nodes stay in a usearch graph as tombstones), then save the snapshot."""
        self.settle()
        if self._graph is not None and self._rows.retired > max(1024, len(self._rows) // 4):
            self._rebuild()
        if self._folder is not None and self._unsaved:
            self._save()

    @locked
    def compact(self) -> None:
        """After a permanent delete: rebuild the graph without the nodes of removed memories
        (usearch keeps a removed node's vector in the graph and its saved file) and save it,
        older generations deleted, so a deleted memory's vector is in none of the files."""
        self.settle()
        if self._graph is not None and self._rows.retired:
            self._rebuild()
        if self._folder is not None:
            self._save()

    def _rebuild(self) -> None:
        """A new graph of the live memories, built beside the old one (searches go on; the
        writer lock keeps the old one unchanged), then swapped in."""
        old_graph = self._graph
        with self._graph_lock:
            rows, old_keys = self._rows.compacted()
        graph = self._new_graph(int(old_graph.ndim))
        # the copy is kept up from the vectors read for the new graph (None when too large)
        flat = self._copy(rows, int(graph.ndim), np.zeros(0, np.int64), None)
        chunk = 8192
        for start in range(0, len(old_keys), chunk):
            part = old_keys[start : start + chunk]
            with self._graph_lock:
                vectors = _stored(old_graph, part)
            new_keys = np.arange(start, start + len(part), dtype=np.uint64)
            graph.add(new_keys, vectors, threads=self.options.threads)
            if self.options.huge_pages:
                self._pages.follow(start + len(part))
            if flat is not None:
                flat = flat.with_keys(rows, new_keys, vectors)
        with self._changing():
            self._graph, self._rows, self._flat, self._viewed = graph, rows, flat, None
        self._changed(len(rows))
        log.info("hnsw: rebuilt the graph over %d memories", len(rows))

    # reads -----------------------------------------------------------------------------------

    def search(self, vector: np.ndarray, query: Query, k: int) -> list[Candidate]:
        """The ``k`` nearest admitted memories by cosine similarity (score = 1 - distance),
        once the pending insert is done (a search after a write finds it).

        A search from another thread than the last write's, beside a bulk import
        (``defer``), waits for one batch's insert at most: it searches the graph and,
        exactly, the batches not in it yet (:mod:`.staged`).

        :raises StoreError: the pending insert failed (once; see :mod:`.inserts`).
        """
        row = np.asarray(vector, dtype=np.float32).reshape(1, -1)
        if self._backlog.beside_a_writer():
            self._inserts.check()
            return self._backlog.beside(self._search_rows, lambda: self._rows, row, query,
                                        k)[0]
        self.settle()
        found = self._search_flat(row, query, k)
        if found is not None:
            return found[0]
        with self._graph_lock:
            return self._search_rows(row, query, k)[0]


    def search_many(self, vectors: np.ndarray, query: Query, k: int) -> list[list[Candidate]]:
        """:meth:`search` of each row, with one hold of the lock and one usearch call for
        all of them (a write group's near-duplicate check: one vector per new memory).

        A held batch (``defer``) is searched exactly beside the graph, then handed to the
        inserting thread: the check does not wait for its insert (:mod:`.staged`)."""
        self._inserts.settle()
        held = self._backlog.held
        matrix = np.asarray(vectors, dtype=np.float32)
        if not len(matrix):
            return []
        matrix = matrix.reshape(len(matrix), -1)
        if not held:
            found = self._search_flat(matrix, query, k)
            if found is not None:
                return found
            with self._graph_lock:
                return self._search_rows(matrix, query, k)
        out = self._backlog.beside(self._search_rows, lambda: self._rows, matrix, query, k,
                                   held)
        if self._lock.acquire(blocking=False):  # a writer mid-upsert hands them on itself
            try:
                if self._backlog.held is held:
                    self._backlog.release(self.options.backlog)
            finally:
                self._lock.release()
        return out

    def _search_flat(self, matrix: np.ndarray, query: Query,
                     k: int) -> list[list[Candidate]] | None:
        """Each row's search in the lock-free copy, or None: no copy (the index is past
        ``flat_below``), or a change ran during the search (the caller searches the graph
        under the lock)."""
        seq, flat = self._seq, self._flat
        if flat is None or seq % 2:
            return None
        none: list[list[Candidate]] = [[] for _ in range(len(matrix))]
        if not flat.count or not len(flat.rows) or k <= 0:
            out = none
        else:
            if matrix.shape[1] != flat.dimension:
                raise StoreError(f"the query vector has dimension {matrix.shape[1]} but the "
                                 f"index holds {flat.dimension}: {REINDEX_HINT}")
            wanted = flat.rows.filter_codes(query)
            out = none if wanted is None else [
                _candidates(flat.rows, keys, scores, k)
                for keys, scores in flat.nearest(matrix, query, wanted, k)]
        return out if self._seq == seq else None

    def _search_rows(self, matrix: np.ndarray, query: Query, k: int) -> list[list[Candidate]]:
        """Each row's search (lock held): the filters' plan once, the graph asked once."""
        none: list[list[Candidate]] = [[] for _ in range(len(matrix))]
        if self._graph is None or not len(self._rows) or k <= 0:
            return none
        if matrix.shape[1] != self._dim:
            raise StoreError(f"the query vector has dimension {matrix.shape[1]} but the index "
                             f"holds {self._dim}: {REINDEX_HINT}")
        wanted = self._rows.filter_codes(query)
        if wanted is None:
            return none
        admitted = self._rows.estimate(query, wanted)
        if admitted == 0:
            return none
        live = len(self._rows)
        share = admitted / live
        count = min(live, math.ceil(k / share * _MARGIN) + 8)
        if admitted <= self.options.exact_below or count > self.options.max_candidates:
            return self._exact(matrix, query, wanted, k, admitted)
        if wanted:  # a scope filter: ask for more, so that k pass it at the first search
            count = min(live, max(count, min(math.ceil(k / share * _SCOPED_MARGIN) + 8,
                                             self.options.max_candidates)))
        filtered = admitted < live
        # the graph's breadth among admitted memories stays expansion_search
        breadth = math.ceil(self.options.expansion_search / share)
        self._graph.expansion_search = max(breadth, count)
        out = []
        for i, (keys, distances) in enumerate(
                _per_row(self._graph.search(matrix, count, threads=1), len(matrix))):
            if filtered:
                keep = self._rows.admits(keys, query, wanted)
                keys, distances = keys[keep], distances[keep]
            if len(keys) >= k or count >= live:
                out.append(_candidates(self._rows, keys, 1.0 - distances, k))
            else:  # the filter left fewer than k: this row's search widens
                out.append(self._widen(matrix[i], query, wanted, k, admitted, breadth,
                                       count * 4))
        return out

    def _widen(self, q: np.ndarray, query: Query, wanted: dict[str, int], k: int,
               admitted: int, breadth: int, count: int) -> list[Candidate]:
        """One row's filtered search asked for ``count`` neighbours, four times more each
        time fewer than ``k`` pass the filter, past ``max_candidates`` an exact scan."""
        live = len(self._rows)
        while True:
            if count > self.options.max_candidates:
                return self._exact(q.reshape(1, -1), query, wanted, k, admitted)[0]
            self._graph.expansion_search = max(breadth, count)
            keys, distances = _per_row(self._graph.search(q, count, threads=1), 1)[0]
            keep = self._rows.admits(keys, query, wanted)
            keys, distances = keys[keep], distances[keep]
            if len(keys) >= k or count >= live:
                return _candidates(self._rows, keys, 1.0 - distances, k)
            count *= 4

    def _exact(self, matrix: np.ndarray, query: Query, wanted: dict[str, int],
               k: int, admitted: int) -> list[list[Candidate]]:
        """Cosine similarity of each row against every admitted memory's stored vector: by
        usearch's own scan of the whole graph when the admitted memories are not a small
        share of it (every search of a store of a few thousand memories), else by reading
        the admitted vectors out of the graph."""
        live = len(self._rows)
        if live <= _SCAN_ALL_RATIO * admitted:
            # without a scope filter the admitted count is exact, so the nearest k plus the
            # live memories the query leaves out (archived ones) hold the k best admitted
            ask = live if wanted else min(live, k + live - admitted)
            while True:
                found = self._graph.search(matrix, ask, exact=True, threads=1)
                out = []
                for keys, distances in _per_row(found, len(matrix)):
                    keep = self._rows.admits(keys, query, wanted)
                    out.append(_best(self._rows, keys[keep], 1.0 - distances[keep], k))
                if ask >= live or all(len(row) >= min(k, admitted) for row in out):
                    return out
                ask = live  # the graph gave back fewer than it holds: scan it all
        keys = self._rows.admitted_keys(query, wanted)
        if not len(keys):
            return [[] for _ in range(len(matrix))]
        stored = _stored(self._graph, keys)
        stored_norms = np.linalg.norm(stored, axis=1)
        out = []
        for q in matrix:
            norms = stored_norms * max(float(np.linalg.norm(q)), 1e-12)
            scores = np.einsum("ij,j->i", stored, q) / np.maximum(norms, 1e-12)
            out.append(_best(self._rows, keys, scores, k))
        return out

    def versions(self) -> dict[str, int]:
        """Every indexed id with the version it was indexed at (the pending insert done;
        a failed one's memories are missing, so reconciliation re-indexes them)."""
        self._backlog.flushed(self._lock, self.options.backlog)
        with self._graph_lock:
            return self._rows.versions()

    def stats(self) -> dict[str, Any]:
        """Live memories, retired keys, the dimension, changes since the last save,
        whether the graph is still the read-only view of its file (``mapped``), and the CPU
        seconds the inserting thread spent (``overlap``: what it took off the writer)."""
        self._backlog.flushed(self._lock, self.options.backlog)
        with self._graph_lock:
            return {"rows": len(self._rows), "retired": self._rows.retired, "dim": self._dim,
                    "unsaved": self._unsaved, "dtype": self._dtype,
                    "revision": self._revision, "lock_free_copy": self._flat is not None,
                    "mapped": self._viewed is not None,
                    "insert_thread_cpu_s": round(self._inserts.cpu_s, 3)}


def _drop_failed(rows: Rows, graph: Any, chunk: Sequence[Memory], keys: np.ndarray) -> None:
    """A failed insert: its memories are left out (missing, so the engine's repair
    re-indexes them), with whatever part of it reached the graph."""
    rows.retire([m.id for m in chunk])
    try:
        graph.remove(keys)
    except (RuntimeError, ValueError):  # keys that never reached the graph
        log.debug("hnsw: removing the keys of a failed insert", exc_info=True)


def _best(rows: Rows, keys: np.ndarray, scores: np.ndarray, k: int) -> list[Candidate]:
    """The ``k`` best of ``keys`` by ``scores`` (unordered input), as candidates."""
    if not len(keys):
        return []
    top = min(k, len(keys))
    best = np.argpartition(-scores, top - 1)[:top] if top < len(keys) else np.arange(top)
    return _candidates(rows, keys[best], scores[best], k)


def _candidates(rows: Rows, keys: np.ndarray, scores: np.ndarray, k: int) -> list[Candidate]:
    """The ``k`` best of ``keys`` as ranked candidates (ties by id), named through ``rows``."""
    ids = rows.ids_of(keys.tolist())
    # tolist(): Python numbers at once, not a numpy scalar per element
    pairs = sorted(((s, i) for i, s in zip(ids, scores.tolist(), strict=True)),
                   key=lambda pair: (-pair[0], pair[1]))[:k]
    return [Candidate(i, s, r) for r, (s, i) in enumerate(pairs, 1)]


def _stored(graph: Any, keys: np.ndarray) -> np.ndarray:
    """The float32 vectors ``graph`` holds under ``keys`` (all present), row by row."""
    return np.stack(graph.get(keys.astype(np.uint64), dtype=np.float32))


#: The stored precisions a snapshot may name (``auto`` opens any of them as it is).
_SAVED_DTYPES: Final = ("f32", "f16", "bf16", "i8")
#: usearch's (SimSIMD's) kernels that compute on bf16 in hardware: AVX512-BF16 (genoa,
#: turin; sapphire, sapphireamx) and Arm's BF16 dot products. Others convert each value.
_NATIVE_BF16: Final = frozenset({"genoa", "turin", "sapphire", "sapphireamx",
                                 "neonbfdot", "svebfdot"})


@functools.cache
def resolve_dtype(dtype: str) -> str:
    """``dtype`` as the graph stores it: ``auto`` is ``bf16`` where usearch reports a
    hardware bf16 kernel for cosine (on AVX512-BF16 it costs 26-38 % less CPU an insert
    than ``f16``, which converts each half; recall: docs/benchmarks.md), else ``f16``."""
    if dtype != "auto":
        return dtype
    try:
        kernel = _usearch_index_cls()(ndim=384, metric="cos", dtype="bf16").hardware_acceleration
    except (RuntimeError, ValueError):  # pragma: no cover - a usearch without bf16
        return "f16"
    return "bf16" if str(kernel) in _NATIVE_BF16 else "f16"


def _usearch_index_cls() -> Any:
    """usearch's Index class (imported on first use)."""
    try:
        from usearch.index import Index
    except ImportError as exc:  # pragma: no cover - a dependency of cognimem
        raise StoreError("the hnsw vector index needs the usearch package: "
                         "pip install usearch") from exc
    return Index
