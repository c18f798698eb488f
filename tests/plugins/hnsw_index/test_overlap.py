"""The ``hnsw`` graph's inserts on a thread of their own (``overlap``, #45): the same graph as
without, a search after a write finds it, and a failed insert surfaces and is repaired."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import StoreError
from cognimem.models import Memory, Query
from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.hnsw_index.index import HnswVectors
from cognimem_plugins.hnsw_index.snapshot import CURRENT, FOLDER

DIM = 32


def corpus(n: int) -> tuple[list[Memory], np.ndarray]:
    return [mem(f"m{i:05d}", "-") for i in range(n)], unit_vectors(n, DIM, seed=5)


def ids(found: list[Any]) -> list[str]:
    return [c.id for c in found]


def write_all(index: HnswVectors, memories: list[Memory], vectors: np.ndarray) -> None:
    """Batches of 100, each checked first as a write group's near-duplicate check does,
    every fifth memory of each batch replaced in the next, and deletes."""
    for start in range(0, len(memories), 100):
        index.search_many(vectors[start : start + 100], Query(text="check"), 5)
        index.upsert(memories[start : start + 100], vectors[start : start + 100])
        if start:
            again = [m.model_copy(update={"version": 2})
                     for m in memories[start - 100 : start : 5]]
            index.upsert(again, vectors[start : start + len(again)])
            index.delete([memories[start - 50].id])


MODES = {"in the write": {"overlap": False}, "overlap": {"overlap": True, "defer": False},
         "overlap, deferred": {"overlap": True, "defer": True}}


@pytest.mark.parametrize("chunk", [32, 7])
def test_the_same_writes_give_the_same_graph(tmp_path: Path, chunk: int) -> None:
    memories, vectors = corpus(1500)
    probes = unit_vectors(60, DIM, seed=9)
    found, saved = {}, {}
    for mode, options in MODES.items():
        path = tmp_path / mode.replace(" ", "_")
        index = opened(HnswVectors, path, flat_below=0, exact_below=0, write_chunk=chunk,
                       dtype="f32", **options)
        write_all(index, memories, vectors)
        found[mode] = [[(c.id, round(c.score, 6)) for c in index.search(p, Query(text="x"),
                                                                        10)]
                       for p in probes]
        index.close()
        generation = json.loads((path / FOLDER / CURRENT).read_text())["generation"]
        saved[mode] = (path / FOLDER / f"graph-{generation}.usearch").read_bytes()
    assert found["overlap"] == found["in the write"] == found["overlap, deferred"]
    assert saved["overlap"] == saved["in the write"] == saved["overlap, deferred"]


@pytest.mark.parametrize("defer", [False, True])
def test_a_search_after_a_write_waits_for_its_insert_and_finds_it(defer: bool) -> None:
    """The pending insert held before it begins (the graph's lock free): only the wait for
    it keeps a search after the write from missing the write. A batch held out of the
    graph (``defer``) is handed to the inserting thread by the search, which waits for it."""
    memories, vectors = corpus(40)
    index = opened(HnswVectors, None, flat_below=0, exact_below=0, defer=defer)
    index.upsert(memories[:20], vectors[:20])
    index.stats()
    began, go = threading.Event(), threading.Event()
    insert = index._insert

    def held(*args: Any) -> None:
        began.set()
        assert go.wait(30)
        insert(*args)

    index._insert = held
    index.upsert(memories[20:], vectors[20:])  # returns with the insert pending or held
    assert began.wait(0.3) is not defer  # held: not begun until something needs it
    found: list[list[str]] = []
    searcher = threading.Thread(
        target=lambda: found.append(ids(index.search(vectors[30], Query(text="x"), 1))))
    searcher.start()
    if defer:  # another thread's search finds the held batch exactly, waiting for nothing
        searcher.join(30)
        assert found == [["m00030"]] and not began.is_set()
        found.clear()

        def as_the_writer() -> None:  # the writing thread's search inserts it and waits
            index._backlog._writer = threading.get_ident()
            found.append(ids(index.search(vectors[30], Query(text="x"), 1)))

        searcher = threading.Thread(target=as_the_writer)
        searcher.start()
    assert began.wait(30)
    searcher.join(0.3)
    assert searcher.is_alive() and not found  # it waits for the pending insert
    go.set()
    searcher.join(30)
    assert found == [["m00030"]]
    assert len(index.versions()) == 40


class Failing:
    """A graph whose ``add`` raises ``message``."""

    def __init__(self, graph: Any, message: str) -> None:
        self.graph, self.message = graph, message

    def add(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(self.message)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.graph, name)


def test_a_failed_insert_surfaces_once_and_leaves_its_memories_missing(
        tmp_path: Path) -> None:
    memories, vectors = corpus(60)
    index = opened(HnswVectors, tmp_path)
    index.upsert(memories[:20], vectors[:20])
    assert index.fingerprint() is not None
    graph = index._graph
    index._graph = Failing(graph, "disk on fire")
    index.upsert(memories[20:40], vectors[20:40])  # acknowledged; fails on the thread
    with pytest.raises(StoreError, match="disk on fire"):
        index.search(vectors[0], Query(text="x"), 1)
    assert ids(index.search(vectors[0], Query(text="x"), 1)) == ["m00000"]  # raised once
    assert sorted(index.versions()) == [m.id for m in memories[:20]]  # the failed: missing
    assert index.fingerprint() is None  # no seal: the next open compares with the records
    index._graph = graph
    index.upsert(memories[40:], vectors[40:])
    assert len(index.versions()) == 40


def test_the_next_write_raises_a_failed_insert() -> None:
    memories, vectors = corpus(30)
    index = opened(HnswVectors, None)
    index.upsert(memories[:10], vectors[:10])
    index.stats()
    original = index._graph
    index._graph = Failing(original, "broken")
    index.upsert(memories[10:20], vectors[10:20])
    index.stats()  # waits for it, keeps the failure
    index._graph = original
    with pytest.raises(StoreError, match="broken"):
        index.upsert(memories[20:], vectors[20:])  # not indexed: the engine repairs it
    assert len(index.versions()) == 10


def test_the_engine_repairs_a_failed_insert_before_the_next_search(
        tmp_path: Path, clock: ManualClock) -> None:
    with Engine.from_profile("test", clock=clock, overrides={
            "path": str(tmp_path / "store"), "records": {"use": "duckdb"},
            "vectors": {"use": "hnsw"}}) as e:
        e.add_many(["the deploy runbook lives in the wiki"])
        assert isinstance(e.vectors, HnswVectors)
        e.search("deploy", k=1)
        graph = e.vectors._graph
        e.vectors._graph = Failing(graph, "no room")
        written = e.add_many(["database backups run nightly at two"])[0]
        e.vectors.stats()  # the insert has failed
        e.vectors._graph = graph
        assert written.id not in e.vectors.versions()
        hits = e.search("database backups nightly", k=1).hits  # repaired first
        assert hits[0].id == written.id
        assert written.id in e.vectors.versions()
        assert e.check().ok


CHILD = textwrap.dedent("""
    import json, os, signal, sys, threading
    from cognimem.engine import Engine
    from cognimem_plugins.hnsw_index.index import HnswVectors

    store = sys.argv[1]
    original = HnswVectors._insert
    calls = []

    def insert(self, *args):
        calls.append(1)
        if len(calls) >= 2:  # the second batch's insert never ends: killed pending
            threading.Event().wait(600)
        original(self, *args)

    HnswVectors._insert = insert
    engine = Engine.from_profile("test", overrides={
        "path": store, "records": {"use": "duckdb"}, "vectors": {"use": "hnsw"}})
    first = [m.id for m in engine.add_many([f"first batch note {i}" for i in range(5)])]
    engine.search("note", k=1)
    second = [m.id for m in engine.add_many([f"second batch memo {i}" for i in range(5)])]
    print(json.dumps(first + second), flush=True)  # acknowledged
    os.kill(os.getpid(), signal.SIGKILL)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_with_an_insert_pending_loses_nothing_acknowledged(tmp_path: Path) -> None:
    store = tmp_path / "store"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", CHILD, str(store)], capture_output=True,
                          text=True, timeout=120, env=env, check=False)
    assert done.returncode == -signal.SIGKILL, done.stderr
    acknowledged = json.loads(done.stdout.strip().splitlines()[-1])
    with Engine.from_profile("test", overrides={
            "path": str(store), "records": {"use": "duckdb"}, "vectors": {"use": "hnsw"}}) as e:
        assert e.vectors is not None
        assert set(e.vectors.versions()) == set(acknowledged)
        assert e.check().ok
        assert e.search("second batch memo 3", k=1).hits[0].id == acknowledged[-2]


@pytest.mark.parametrize("overlap", [True, False])
def test_the_inserting_threads_cpu_is_counted(overlap: bool) -> None:
    memories, vectors = corpus(3000)
    index = opened(HnswVectors, None, overlap=overlap, flat_below=0)
    index.upsert(memories, vectors)
    spent = index.stats()["insert_thread_cpu_s"]
    assert (spent > 0) if overlap else (spent == 0)
