"""A batch held out of the ``hnsw`` graph until the next near-duplicate check (``defer``,
#45): the check finds it exactly and does not wait for its insert; nothing else sees a
difference."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import StoreError
from cognimem.models import Memory, Query, Scope
from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.hnsw_index.index import HnswVectors
from cognimem_plugins.hnsw_index.staged import as_stored

DIM = 32


def corpus(n: int, **fields: Any) -> tuple[list[Memory], np.ndarray]:
    return [mem(f"m{i:05d}", "-", **fields) for i in range(n)], unit_vectors(n, DIM, seed=5)


def deferring(**options: Any) -> HnswVectors:
    index: HnswVectors = opened(HnswVectors, None, flat_below=0, exact_below=0, dtype="f32",
                                **options)
    return index


def blocked(index: HnswVectors) -> threading.Event:
    """The index's inserts held until the returned event is set."""
    go = threading.Event()
    insert = index._insert

    def slow(*args: Any) -> None:
        assert go.wait(30)
        insert(*args)

    index._insert = slow  # type: ignore[method-assign,assignment]
    return go


def test_a_batch_is_held_until_the_next_check_which_finds_it_exactly() -> None:
    memories, vectors = corpus(300)
    index = deferring()
    index.upsert(memories[:200], vectors[:200])
    index.upsert(memories[200:], vectors[200:])  # the first batch goes in, this one is held
    assert sum(map(len, index._backlog.held)) == 100
    assert index._graph.size == 200
    found = index.search_many(vectors[250:260], Query(text="check"), 3)
    assert [row[0].id for row in found] == [f"m{i:05d}" for i in range(250, 260)]
    assert all(row[0].score == pytest.approx(1.0, abs=1e-5) for row in found)
    assert [c.rank for c in found[0]] == [1, 2, 3]
    assert not index._backlog.held  # handed to the inserting thread by the check
    assert len(index.versions()) == 300 and index._graph.size == 300


def test_the_check_does_not_wait_for_the_held_batchs_insert() -> None:
    memories, vectors = corpus(300)
    index = deferring()
    index.upsert(memories[:100], vectors[:100])
    index.upsert(memories[100:200], vectors[100:200])  # held
    go = blocked(index)
    index.search_many(vectors[:1], Query(text="check"), 1)  # hands the held batch on
    index.upsert(memories[200:], vectors[200:])  # returns with that insert still pending
    assert index._backlog.held and index._inserts._pending is not None
    assert not index._inserts._pending.done()
    go.set()
    assert len(index.versions()) == 300


def test_a_held_memorys_new_version_replaces_the_graphs_once() -> None:
    memories, vectors = corpus(200)
    index = deferring()
    index.upsert(memories, vectors)
    index.upsert(memories[:1], vectors[:1])  # the first batch inserted
    moved = unit_vectors(1, DIM, seed=77)
    index.upsert([memories[150].model_copy(update={"version": 2})], moved)  # held
    found = index.search_many(np.vstack([moved, vectors[150:151]]), Query(text="c"), 5)
    assert found[0][0].id == "m00150" and found[0][0].score == pytest.approx(1.0, abs=1e-5)
    for row in found:
        assert [c.id for c in row].count("m00150") <= 1  # never the old and the new
    assert index.versions()["m00150"] == 2


def test_a_held_batch_keeps_the_scope_and_archived_filters() -> None:
    index = deferring()
    base, vectors = corpus(200)
    index.upsert(base, vectors)
    index.upsert(base[:1], vectors[:1])
    held = [mem("alpha", "-", scope=Scope(project="a")), mem("beta", "-", archived=True),
            mem("gamma", "-", scope=Scope(project="b"))]
    near = unit_vectors(3, DIM, seed=123)
    index.upsert(held, near)
    assert index._backlog.held
    in_b = Query(text="x", scope=Scope(project="b"))
    assert [c.id for c in index.search_many(near[:1], in_b, 3)[0]] == ["gamma"]
    index.upsert([mem("delta", "-", scope=Scope(project="a"))], near[2:3])  # held again
    everything = index.search_many(near[1:2], Query(text="x"), 1)[0]
    assert everything[0].id != "beta"  # archived: left out unless asked
    assert index.search_many(near[1:2], Query(text="x", include_archived=True),
                             1)[0][0].id == "beta"


def test_any_other_read_or_change_inserts_the_held_batch_first(tmp_path: Path) -> None:
    memories, vectors = corpus(300)
    index: HnswVectors = opened(HnswVectors, tmp_path, flat_below=0, dtype="f32")
    index.upsert(memories[:200], vectors[:200])
    index.upsert(memories[200:], vectors[200:])
    assert index._backlog.held
    assert index.search(vectors[260], Query(text="x"), 1)[0].id == "m00260"
    assert not index._backlog.held and index._graph.size == 300
    index.upsert(memories[:10], vectors[:10])
    index.delete(["m00005"])  # a held memory deleted: inserted, then removed
    assert "m00005" not in index.versions() and len(index.versions()) == 299
    index.upsert(memories[20:30], vectors[20:30])
    fingerprint = index.fingerprint()
    assert not index._backlog.held and fingerprint is not None
    index.close()
    reopened: HnswVectors = opened(HnswVectors, tmp_path, flat_below=0, dtype="f32")
    assert reopened.fingerprint() == fingerprint and len(reopened.versions()) == 299


def test_a_failed_insert_of_a_held_batch_surfaces_at_the_next_write() -> None:
    memories, vectors = corpus(300)
    index = deferring()
    index.upsert(memories[:100], vectors[:100])
    index.upsert(memories[100:200], vectors[100:200])  # held
    graph = index._graph

    class Failing:
        def add(self, *args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("no room")

        def __getattr__(self, name: str) -> Any:
            return getattr(graph, name)

    index._graph = Failing()
    index.search_many(vectors[:1], Query(text="c"), 1)  # hands it on; it fails there
    index._inserts.wait()
    index._graph = graph
    with pytest.raises(StoreError, match="no room"):
        index.upsert(memories[200:], vectors[200:])
    assert len(index.versions()) == 100 and index.fingerprint() is None


@pytest.mark.parametrize("dtype", ["bf16", "f16", "f32"])
def test_a_held_vector_is_compared_as_the_graph_stores_it(dtype: str) -> None:
    vectors = unit_vectors(50, 384, seed=3) * 3.7
    index: HnswVectors = opened(HnswVectors, None, flat_below=0, dtype=dtype)
    index.upsert([mem(f"v{i}", "-") for i in range(50)], vectors)
    index.settle()
    stored = np.stack(index._graph.get(np.arange(50, dtype=np.uint64), dtype=np.float32))
    assert np.array_equal(as_stored(vectors, dtype), stored)


def test_a_write_group_checks_against_the_held_batch_in_an_engine(
        tmp_path: Path, clock: ManualClock) -> None:
    with Engine.from_profile("test", clock=clock, overrides={
            "path": str(tmp_path / "store"), "records": {"use": "duckdb"},
            "vectors": {"use": "hnsw", "flat_below": 0},
            "guard": [{"use": "near_duplicates"}]}) as e:
        first = e.add_many([f"note {i} on the {w} service's runbook" for i, w in
                            enumerate(["billing", "search", "auth"] * 4)])
        second = e.add_many(["the billing service's runbook lives in the wiki"])
        assert isinstance(e.vectors, HnswVectors) and e.vectors._backlog.held
        again = e.add_many(["the billing service's runbook lives in the wiki"])  # the held
        assert again[0].outcome == "duplicate"
        near = e.add_many(["the billing service's runbook lives in the wiki!"])
        assert near[0].outcome == "merged" and near[0].memory.id == second[0].memory.id
        assert e.search("billing runbook wiki", k=1).hits[0].id == second[0].memory.id
        assert len(first) == 12 and e.check().ok


def test_a_groups_merged_memories_join_its_held_batch_and_the_last_version_wins() -> None:
    memories, vectors = corpus(400)
    index = deferring()
    index.upsert(memories[:200], vectors[:200])
    index.upsert(memories[200:300], vectors[200:300])  # held
    moved = unit_vectors(1, DIM, seed=41)
    index.upsert([memories[250].model_copy(update={"version": 2})], moved)  # joins it
    assert len(index._backlog.held) == 2
    assert index._inserts._pending is None or index._inserts._pending.done()
    found = index.search_many(np.vstack([moved, vectors[250:251]]), Query(text="c"), 3)
    assert found[0][0].id == "m00250" and found[0][0].score == pytest.approx(1.0, abs=1e-5)
    assert "m00250" not in [c.id for c in found[1]]  # its first version is gone
    index.upsert(memories[300:350], vectors[300:350])
    index.upsert(memories[350:], vectors[350:])  # joins
    index.upsert(memories[:1], vectors[:1])  # a third: the two held go to the thread
    assert len(index._backlog.held) == 1
    assert index.versions()["m00250"] == 2 and len(index.versions()) == 400


def test_a_search_beside_a_bulk_import_does_not_wait_for_the_backlog() -> None:
    """Another thread's search sees the batches handed to the inserting thread and not
    inserted yet, exactly, and waits for none of them; the writer's own search waits."""
    memories, vectors = corpus(500)
    index = deferring(backlog=10_000)
    index.upsert(memories[:100], vectors[:100])
    go = blocked(index)
    for start in range(100, 500, 100):  # two held, then handed on: none inserted yet
        index.upsert(memories[start : start + 100], vectors[start : start + 100])
    assert index._backlog._released and index._backlog.held
    found: list[list[str]] = []
    reader = threading.Thread(target=lambda: found.extend(
        [c.id for c in index.search(vectors[i], Query(text="x"), 1)] for i in (50, 150, 450)))
    reader.start()
    reader.join(30)
    assert not reader.is_alive()  # the inserts are still blocked: it waited for none
    assert found == [["m00050"], ["m00150"], ["m00450"]]
    go.set()
    assert index.search(vectors[350], Query(text="x"), 1)[0].id == "m00350"  # the writer's
    assert not index._backlog.held and index._graph.size == 500
