"""The ``hnsw`` vector index: filtered search against exact search, its snapshot on disk
(private files, atomic generations, kept across a kill) and the engine's repair of it."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.models import Memory, Query, Scope
from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.exact_vectors import ExactVectors
from cognimem_plugins.hnsw_index.index import HnswVectors
from cognimem_plugins.hnsw_index.snapshot import CURRENT, FOLDER

DIM = 32
N = 3000


def corpus(n: int = N) -> tuple[list[Memory], np.ndarray]:
    """``n`` memories over skewed projects (p0 has 1%), two agents, every 20th archived; and
    clustered vectors (neighbours are not all equally far, as with a real model)."""
    rng = np.random.default_rng(3)
    centres = unit_vectors(40, DIM, seed=11)
    vectors = centres[rng.integers(0, 40, n)] + 0.35 * unit_vectors(n, DIM, seed=12)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    memories = [mem(f"m{i:05d}", "-", archived=(i % 20 == 19),
                    scope=Scope(project="p0" if i % 100 == 0 else f"p{1 + i % 3}",
                                agent="a" if i % 2 else None)) for i in range(n)]
    return memories, vectors.astype(np.float32)


def ids(found: list[Any]) -> list[str]:
    return [c.id for c in found]


@pytest.mark.parametrize("scope", [Scope(), Scope(project="p0"), Scope(project="p2"),
                                   Scope(project="p1", agent="a")],
                         ids=["all", "rare", "third", "third-and-half"])
@pytest.mark.parametrize("include_archived", [False, True])
def test_filtered_search_finds_what_exact_search_finds(scope: Scope,
                                                       include_archived: bool) -> None:
    """Graph search (exact_below=0), post-filtered and widened, against the exact index:
    every result is admitted and the top 10 overlap almost entirely."""
    memories, vectors = corpus()
    hnsw = opened(HnswVectors, None, exact_below=0, flat_below=0)
    exact = opened(ExactVectors, None)
    hnsw.upsert(memories, vectors)
    exact.upsert(memories, vectors)
    admitted = {m.id for m in memories if (include_archived or not m.archived)
                and all(getattr(scope, f) in (None, getattr(m.scope, f))
                        for f in ("project", "agent", "user"))}
    overlap = []
    for probe in unit_vectors(30, DIM, seed=21):
        query = Query(text="x", scope=scope, include_archived=include_archived)
        found = hnsw.search(probe, query, 10)
        want = exact.search(probe, query, 10)
        assert len(found) == len(want) == min(10, len(admitted))
        assert set(ids(found)) <= admitted
        assert [c.rank for c in found] == list(range(1, len(found) + 1))
        overlap.append(len(set(ids(found)) & set(ids(want))) / len(want))
    assert float(np.mean(overlap)) >= 0.95


@pytest.mark.parametrize(("n", "scope"), [(N, Scope(project="p0")), (1500, Scope()),
                                          (1500, Scope(project="p2")),
                                          (1500, Scope(project="p1", agent="a"))],
                         ids=["rare-read-out", "all-scanned", "third-scanned", "sixth-scanned"])
@pytest.mark.parametrize("include_archived", [False, True])
@pytest.mark.parametrize("flat_below", [0, 8192], ids=["graph", "copy"])
def test_small_filters_search_exactly(n: int, scope: Scope, include_archived: bool,
                                      flat_below: int) -> None:
    """A filter admitting at most exact_below memories gives exactly the exact index's order,
    whether the admitted vectors are read out (a small share) or the whole graph is scanned
    by usearch and filtered (a store of a few thousand memories); the lock-free copy of a
    small index gives the same."""
    memories, vectors = corpus(n)
    hnsw = opened(HnswVectors, None, dtype="f32", flat_below=flat_below)
    exact = opened(ExactVectors, None)
    hnsw.upsert(memories, vectors)
    exact.upsert(memories, vectors)
    hnsw.delete(["m00003", "m00004"])
    exact.delete(["m00003", "m00004"])
    query = Query(text="x", scope=scope, include_archived=include_archived)
    for probe in unit_vectors(5, DIM, seed=4):
        found = hnsw.search(probe, query, 20)
        want = exact.search(probe, query, 20)
        assert ids(found) == ids(want)
        assert [c.score for c in found] == pytest.approx([c.score for c in want], abs=1e-5)


def test_snapshot_survives_reopen_with_private_files(tmp_path: Path) -> None:
    memories, vectors = corpus(500)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories, vectors)
    index.delete(["m00001"])
    before = ids(index.search(vectors[7], Query(text="x"), 10))
    index.close()
    folder = tmp_path / FOLDER
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    files = sorted(p.name for p in folder.iterdir())
    assert files == [CURRENT, "graph-1.usearch", "rows-1.npz"]
    for file in folder.iterdir():
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file.name
    again = opened(HnswVectors, tmp_path)
    assert again.versions() == {m.id: 1 for m in memories if m.id != "m00001"}
    assert ids(again.search(vectors[7], Query(text="x"), 10)) == before
    again.upsert([memories[1]], vectors[1:2])
    again.close()
    assert sorted(p.name for p in folder.iterdir()) == [CURRENT, "graph-2.usearch",
                                                        "rows-2.npz"]


def test_a_kill_leaves_the_last_whole_generation(tmp_path: Path) -> None:
    """Writes after the last save are not on disk (the engine re-indexes them from the
    records); a save interrupted before CURRENT moved leaves files that are ignored and
    removed at the next save."""
    memories, vectors = corpus(300)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories[:200], vectors[:200])
    index.optimize()  # saves generation 1
    index.upsert(memories[200:], vectors[200:])  # never saved: the process "dies"
    folder = tmp_path / FOLDER
    (folder / "graph-2.usearch").write_bytes(b"half written")
    (folder / "rows-2.npz").write_bytes(b"")
    reopened = opened(HnswVectors, tmp_path)
    assert set(reopened.versions()) == {m.id for m in memories[:200]}
    reopened.upsert(memories[200:], vectors[200:])
    reopened.close()
    assert json.loads((folder / CURRENT).read_text())["generation"] == 2
    assert len(opened(HnswVectors, tmp_path).versions()) == 300


def test_saves_after_save_every_changes(tmp_path: Path) -> None:
    memories, vectors = corpus(100)
    index = opened(HnswVectors, tmp_path, save_every=40)
    index.upsert(memories[:30], vectors[:30])
    index.stats()  # waits for the pending insert (and the save it may make)
    assert not (tmp_path / FOLDER / CURRENT).exists()
    index.upsert(memories[30:50], vectors[30:50])
    index.stats()
    assert (tmp_path / FOLDER / CURRENT).exists()
    assert len(opened(HnswVectors, tmp_path).versions()) == 50


@pytest.mark.parametrize("damage", ["pointer", "graph", "rows", "count"])
def test_a_damaged_snapshot_is_ignored(tmp_path: Path, damage: str,
                                       caplog: pytest.LogCaptureFixture) -> None:
    memories, vectors = corpus(200)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories, vectors)
    index.close()
    folder = tmp_path / FOLDER
    if damage == "pointer":
        (folder / CURRENT).write_text("{not json")
    elif damage == "graph":
        (folder / "graph-1.usearch").write_bytes(os.urandom(64))
    elif damage == "rows":
        (folder / "rows-1.npz").write_bytes(b"PK nothing")
    else:  # rows of another generation: counts disagree with the graph
        other = opened(HnswVectors, tmp_path / "other")
        other.upsert(memories[:10], vectors[:10])
        other.close()
        (tmp_path / "other" / FOLDER / "rows-1.npz").replace(folder / "rows-1.npz")
    assert opened(HnswVectors, tmp_path).versions() == {}
    assert "ignoring the snapshot" in caplog.text


def test_another_dtype_or_embedder_ignores_the_snapshot(tmp_path: Path) -> None:
    memories, vectors = corpus(50)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories, vectors)
    index.close()
    assert opened(HnswVectors, tmp_path, dtype="i8").versions() == {}
    assert len(opened(HnswVectors, tmp_path).versions()) == 50


def test_optimize_rebuilds_after_many_replacements(tmp_path: Path) -> None:
    memories, vectors = corpus(2000)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories, vectors)
    moved = [m.model_copy(update={"version": 2}) for m in memories[:1500]]
    index.upsert(moved, vectors[500:2000])
    index.delete([m.id for m in memories[1500:1600]])
    assert index.stats()["retired"] == 1600
    probe = vectors[900]
    before = index.search(probe, Query(text="x", include_archived=True), 5)
    index.optimize()
    assert index.stats()["retired"] == 0
    want = {m.id: 2 for m in moved} | {m.id: 1 for m in memories[1600:]}
    assert index.versions() == want
    assert ids(index.search(probe, Query(text="x", include_archived=True), 5)) == ids(before)
    assert opened(HnswVectors, tmp_path).versions() == want


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_compact_leaves_a_deleted_vector_in_no_file(tmp_path: Path, dtype: str) -> None:
    """A permanent delete compacts the index: the graph is rebuilt without the removed
    node and saved, so the deleted memory's vector bytes leave the snapshot."""
    memories, vectors = corpus(300)
    marked = np.zeros(DIM, dtype=np.float32)
    marked[:4] = (0.5, -0.5, 0.5, 0.5)  # a unit vector exact in both 16-bit formats
    vectors[5] = marked
    index = opened(HnswVectors, tmp_path, dtype=dtype)
    index.upsert(memories, vectors)
    index.optimize()  # saved, the vector with it
    needle = (vectors[5].astype(np.float16).tobytes() if dtype == "f16"
              else (vectors[5].view(np.uint32) >> 16).astype(np.uint16).tobytes())

    def holds_needle() -> bool:
        return any(needle in f.read_bytes() for f in (tmp_path / FOLDER).iterdir())

    assert holds_needle()
    index.delete(["m00005"])
    index.optimize()  # one retired node: below the rebuild threshold, still in the graph
    assert holds_needle()
    index.compact()
    assert not holds_needle()
    assert index.stats()["retired"] == 0
    assert "m00005" not in index.versions() and len(index.versions()) == 299
    index.delete([m.id for m in memories])
    index.compact()
    assert not (tmp_path / FOLDER).exists() or not holds_needle()


# --- in the engine ---------------------------------------------------------------------------

TEXTS = ["the nightly database backup runs at 02:00", "alice prefers tabs over spaces",
         "the deploy script lives in tools/deploy.sh", "backups are kept for 30 days",
         "billing is owned by the payments team"]


def engine(store: Path, clock: ManualClock) -> Engine:
    return Engine.from_profile("test", clock=clock, overrides={
        "path": str(store), "records": {"use": "duckdb"}, "vectors": {"use": "hnsw"}})


def test_check_finds_and_repairs_missing_and_stale_entries(tmp_path: Path,
                                                           clock: ManualClock) -> None:
    with engine(tmp_path / "store", clock) as e:
        written = e.add_many(TEXTS)
        assert e.vectors is not None
        first, second = written[0].id, written[1].id
        e.vectors.delete([first])
        stale = e.get(second).model_copy(update={"version": 0})
        e.vectors.upsert([stale], np.ones((1, e.vectors.stats()["dim"]), dtype=np.float32))
        report = e.check()
        vectors = next(r for r in report.indexes if r.index == "vectors:hnsw")
        assert vectors.missing == [first] and vectors.stale == [second]
        e.check(repair=True)
        assert e.check().ok
        assert e.search("database backup", k=1).hits[0].id == first


def test_reopen_after_unsaved_writes_reindexes_from_the_records(tmp_path: Path,
                                                                clock: ManualClock) -> None:
    """As after a kill -9: the snapshot on disk is older than the records."""
    store = tmp_path / "store"
    with engine(store, clock) as e:
        e.add_many(TEXTS[:3])
    folder = store / FOLDER
    saved = {p.name: p.read_bytes() for p in folder.iterdir()}
    with engine(store, clock) as e:
        e.add_many(TEXTS[3:])
        e.delete(e.search("tabs spaces", k=1).hits[0].id)
    for p in folder.iterdir():
        p.unlink()
    for name, data in saved.items():  # put the older generation back
        (folder / name).write_bytes(data)
    with engine(store, clock) as e:
        assert e.check().ok
        assert e.vectors is not None and len(e.vectors.versions()) == len(TEXTS) - 1
        assert "billing" in e.search("payments billing", k=1).hits[0].memory.content


# --- the fingerprint of the open seal ----------------------------------------------------------


def test_fingerprint_moves_with_every_change_and_survives_a_clean_reopen(
        tmp_path: Path) -> None:
    memories, vectors = corpus(100)
    assert opened(HnswVectors, None).fingerprint() is None  # no store folder: no seal
    index = opened(HnswVectors, tmp_path)
    assert index.fingerprint() == "empty"
    seen = []
    index.upsert(memories[:50], vectors[:50])
    seen.append(index.fingerprint())
    index.upsert(memories[50:], vectors[50:])
    seen.append(index.fingerprint())
    index.upsert([memories[3].model_copy(update={"version": 2})], vectors[4:5])  # same count
    seen.append(index.fingerprint())
    index.delete(["m00007"])
    seen.append(index.fingerprint())
    index.delete(["never-indexed"])  # nothing changed
    assert index.fingerprint() == seen[-1]
    assert len(set(seen)) == len(seen)
    index.close()
    again = opened(HnswVectors, tmp_path)
    assert again.fingerprint() == seen[-1]
    again.clear()
    assert again.fingerprint() == "empty"
    again.upsert(memories[:50], vectors[:50])  # the same writes as at first: another index
    assert again.fingerprint() != seen[0]


def test_a_snapshot_left_before_the_last_changes_has_another_fingerprint(
        tmp_path: Path) -> None:
    memories, vectors = corpus(60)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories[:30], vectors[:30])
    index.optimize()  # saved
    index.upsert([memories[0].model_copy(update={"version": 2})], vectors[1:2])
    in_memory = index.fingerprint()  # what a seal written now would hold; then a kill
    assert opened(HnswVectors, tmp_path).fingerprint() != in_memory


# --- searches beside writes --------------------------------------------------------------------


def test_a_search_runs_between_the_chunks_of_a_write(tmp_path: Path) -> None:
    """Without ``overlap``, a search waits for one chunk of inserts at most, not for a
    whole upsert: with the writer stopped before its second chunk, a search returns and sees
    the first chunk only. (With it, an upsert has returned, and a search waits for the
    whole pending batch: see test_overlap.py.)"""
    import threading

    memories, vectors = corpus(64)
    index = opened(HnswVectors, tmp_path, write_chunk=16, flat_below=0, overlap=False)
    index.upsert(memories[:1], vectors[:1])
    between, release = threading.Event(), threading.Event()

    class Gated:
        """The graph lock, stopping the writer before it takes it a second time."""

        def __init__(self, lock: Any) -> None:
            self.lock, self.writer_holds = lock, 0

        def __enter__(self) -> None:
            if threading.current_thread() is writer:
                self.writer_holds += 1
                if self.writer_holds == 2:
                    between.set()
                    assert release.wait(30)
            self.lock.acquire()

        def __exit__(self, *exc: object) -> None:
            self.lock.release()

    index._graph_lock = Gated(index._graph_lock)
    writer = threading.Thread(target=index.upsert, args=(memories[16:48], vectors[16:48]))
    writer.start()
    try:
        assert between.wait(30)
        first = index.search(vectors[20], Query(text="x"), 1)  # the writer is mid-upsert
        second = index.search(vectors[40], Query(text="x"), 1)
        assert ids(first) == ["m00020"] and ids(second) != ["m00040"]
        assert len(index.versions()) == 17
    finally:
        release.set()
        writer.join(30)
    assert ids(index.search(vectors[40], Query(text="x"), 1)) == ["m00040"]
    assert len(index.versions()) == 33


def test_a_store_written_with_lancedb_opens_on_hnsw(tmp_path: Path, clock: ManualClock) -> None:
    """The upgrade path of a store made when LanceDB was the default: the graph is built
    from the stored embeddings at the first open, and searches find the same memories."""
    store = tmp_path / "store"
    overrides = {"path": str(store), "records": {"use": "duckdb"}, "vectors": {"use": "lancedb"}}
    with Engine.from_profile("test", clock=clock, overrides=overrides) as e:
        e.add_many(TEXTS)
        before = [h.id for h in e.search("where do the backups go", k=3).hits]
        assert e.vectors is not None
        lance = dict(e.vectors.versions())
    assert not (store / FOLDER).exists()
    with engine(store, clock) as e:
        assert e.vectors is not None and e.vectors.name == "hnsw"
        assert e.vectors.versions() == lance
        assert e.check().ok
        assert [h.id for h in e.search("where do the backups go", k=3).hits] == before
    assert (store / FOLDER / CURRENT).exists()


@pytest.mark.parametrize("exact_below", [0, 100_000], ids=["graph", "exact"])
def test_search_many_asks_the_graph_once_for_all_rows(exact_below: int) -> None:
    """A write group's near-duplicate check (one vector per new memory) is one usearch call
    under one hold of the lock, with each row's answer what a search of it gives."""
    memories, vectors = corpus(1500)
    hnsw = opened(HnswVectors, None, exact_below=exact_below, flat_below=0)
    hnsw.upsert(memories, vectors)
    graph = hnsw._graph
    calls: list[int] = []

    class Counting:
        def __getattr__(self, name: str) -> Any:
            return getattr(graph, name)

        def __setattr__(self, name: str, value: Any) -> None:
            setattr(graph, name, value)

        def search(self, *args: Any, **kwargs: Any) -> Any:
            calls.append(len(np.atleast_2d(args[0])))
            return graph.search(*args, **kwargs)

    probes = unit_vectors(6, DIM, seed=8)
    query = Query(text="x")
    one_by_one = [hnsw.search(p, query, 10) for p in probes]
    hnsw._graph = Counting()
    many = hnsw.search_many(probes, query, 10)
    assert calls == [6]
    assert [ids(f) for f in many] == [ids(f) for f in one_by_one]
    assert [[c.score for c in f] for f in many] == [[c.score for c in f] for f in one_by_one]


@pytest.mark.parametrize("include_archived", [False, True])
def test_an_unfiltered_scan_asks_the_graph_for_the_best_few(include_archived: bool) -> None:
    """A small store's search without a scope filter asks usearch's exact scan for k plus
    the memories it leaves out (archived ones), not for every memory, and still gives the
    exact index's order."""
    memories, vectors = corpus(1500)
    hnsw = opened(HnswVectors, None, dtype="f32", flat_below=0)
    exact = opened(ExactVectors, None)
    hnsw.upsert(memories, vectors)
    exact.upsert(memories, vectors)
    asked: list[int] = []
    graph = hnsw._graph
    original = graph.search

    def search(vectors: Any, count: int, **options: Any) -> Any:
        asked.append(count)
        return original(vectors, count, **options)

    graph.search = search
    query = Query(text="x", include_archived=include_archived)
    archived = sum(m.archived for m in memories)
    for probe in unit_vectors(5, DIM, seed=8):
        assert ids(hnsw.search(probe, query, 10)) == ids(exact.search(probe, query, 10))
    assert asked == [10 + (0 if include_archived else archived)] * 5


def _search_in_thread(index: HnswVectors, vector: np.ndarray,
                      query: Query) -> tuple[Any, list[Any]]:
    import threading

    found: list[Any] = []
    thread = threading.Thread(target=lambda: found.append(index.search(vector, query, 5)))
    thread.start()
    return thread, found


@pytest.mark.parametrize("flat_below", [0, 8192], ids=["graph", "copy"])
def test_a_small_index_is_searched_without_the_graphs_lock(flat_below: int) -> None:
    """With the lock-free copy a search returns while another thread holds the graph's
    lock; without it (``flat_below = 0``) the search waits for the lock."""
    memories, vectors = corpus(500)
    index = opened(HnswVectors, None, flat_below=flat_below)
    index.upsert(memories, vectors)
    assert index.stats()["lock_free_copy"] is bool(flat_below)
    with index._graph_lock:
        thread, found = _search_in_thread(index, vectors[7], Query(text="x"))
        thread.join(0.5)
        assert thread.is_alive() is not bool(flat_below)
    thread.join(30)
    assert ids(found[0])[0] == "m00007"


def test_a_search_beside_a_change_searches_the_graph_under_the_lock() -> None:
    """A change under way (the counter odd) or one that ran during the scan sends the
    search to the graph, under the lock, with the same answer."""
    memories, vectors = corpus(500)
    index = opened(HnswVectors, None, dtype="f32")
    index.upsert(memories, vectors)
    query = Query(text="x")
    want = ids(index.search(vectors[9], query, 5))
    with index._changing():  # a write holds the lock: the search waits for it
        thread, found = _search_in_thread(index, vectors[9], query)
        thread.join(0.5)
        assert thread.is_alive()
    thread.join(30)
    assert ids(found[0]) == want
    flat = index._flat
    assert flat is not None
    scans: list[int] = []

    class Raced:
        """The copy, with a write counted during each scan."""

        def __getattr__(self, name: str) -> Any:
            return getattr(flat, name)

        def nearest(self, *args: Any) -> Any:
            scans.append(1)
            with index._changing():
                pass
            return flat.nearest(*args)  # type: ignore[union-attr]

    index._flat = Raced()  # type: ignore[assignment]
    graph, asked = index._graph, []
    original = graph.search
    graph.search = lambda *a, **kw: asked.append(1) or original(*a, **kw)
    assert ids(index.search(vectors[9], query, 5)) == want
    assert scans == [1] and asked  # scanned, then answered by the graph


def test_the_copy_stops_past_flat_below_and_comes_back_with_a_compaction() -> None:
    memories, vectors = corpus(300)
    index = opened(HnswVectors, None, dtype="f32", flat_below=200)
    exact = opened(ExactVectors, None)
    index.upsert(memories[:150], vectors[:150])
    assert index.stats()["lock_free_copy"]
    index.upsert(memories[150:], vectors[150:])  # 300 keys: past 200
    assert not index.stats()["lock_free_copy"]
    gone = [m.id for m in memories[:200]]
    index.delete(gone)
    index.compact()  # renumbered: 100 keys
    assert index.stats()["lock_free_copy"]
    exact.upsert(memories[200:], vectors[200:])
    for probe in unit_vectors(5, DIM, seed=5):
        found = index.search(probe, Query(text="x"), 10)
        assert ids(found) == ids(exact.search(probe, Query(text="x"), 10))
        assert not set(ids(found)) & set(gone)


def test_a_reopened_index_has_its_copy(tmp_path: Path) -> None:
    memories, vectors = corpus(400)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories, vectors)
    index.delete(["m00002"])
    before = [ids(index.search(v, Query(text="x"), 10)) for v in vectors[:5]]
    index.close()
    again = opened(HnswVectors, tmp_path)
    assert again.stats()["lock_free_copy"]
    assert [ids(again.search(v, Query(text="x"), 10)) for v in vectors[:5]] == before
    assert "m00002" not in {i for found in before for i in found}


def test_searches_beside_writes_see_whole_writes() -> None:
    """Readers of the copy while a writer adds, replaces and deletes: every answer is
    ranked, holds no id twice, and no memory deleted before the search began."""
    import threading

    memories, vectors = corpus(2000)
    index = opened(HnswVectors, None, write_chunk=8)
    index.upsert(memories[:200], vectors[:200])
    deleted: set[str] = set()
    stop = threading.Event()
    problems: list[str] = []

    def write() -> None:
        for start in range(200, 2000, 40):
            index.upsert(memories[start : start + 40], vectors[start : start + 40])
            index.upsert(memories[start - 100 : start - 90],  # replaced: new keys
                         vectors[start - 90 : start - 80])
            gone = [m.id for m in memories[start - 200 : start - 195]]
            index.delete(gone)
            deleted.update(gone)
        stop.set()

    def read(seed: int) -> None:
        probes = unit_vectors(50, DIM, seed=seed)
        n = 0
        while not stop.is_set():
            before = set(deleted)
            found = index.search(probes[n % 50], Query(text="x"), 10)
            n += 1
            got = ids(found)
            if len(got) != len(set(got)):
                problems.append(f"an id twice: {got}")
            if set(got) & before:
                problems.append(f"deleted: {set(got) & before}")
            if [c.score for c in found] != sorted((c.score for c in found), reverse=True):
                problems.append("not ranked")

    readers = [threading.Thread(target=read, args=(seed,)) for seed in range(3)]
    for reader in readers:
        reader.start()
    write()
    for reader in readers:
        reader.join(30)
    assert problems == []
    assert index.stats()["lock_free_copy"]


def test_a_scoped_search_asks_the_graph_once() -> None:
    """Under a scope filter the graph is asked for twice k / (admitted share) neighbours, so
    k of them pass the filter at the first search instead of a search again with four times
    as many (#45: at a million memories those were the tail of the search's time)."""
    memories, vectors = corpus()
    hnsw = opened(HnswVectors, None, exact_below=0, flat_below=0)
    exact = opened(ExactVectors, None)
    hnsw.upsert(memories, vectors)
    exact.upsert(memories, vectors)
    graph, asked = hnsw._graph, []
    original = graph.search

    def search(vectors: Any, count: int, **options: Any) -> Any:
        asked.append(count)
        return original(vectors, count, **options)

    graph.search = search
    query = Query(text="x", scope=Scope(project="p2"))
    overlap = []
    for probe in unit_vectors(40, DIM, seed=31):
        found, want = hnsw.search(probe, query, 10), exact.search(probe, query, 10)
        assert len(found) == 10
        overlap.append(len(set(ids(found)) & set(ids(want))) / 10)
    assert len(asked) == 40  # no search again
    share = sum(m.scope.project == "p2" for m in memories) / len(memories)
    assert set(asked) == {int(np.ceil(10 / share * 2.0)) + 8}
    assert float(np.mean(overlap)) >= 0.95
