"""Accesses of searches are held and written together: never lost by a call that follows,
always visible to rankers and readers, written at close."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.models import Hit


def build(clock: ManualClock, **search: Any) -> Engine:
    engine = Engine.from_profile("test", clock=clock, overrides={"search": search})
    engine.add_many(["the nightly database backup runs at 02:00",
                     "alice prefers tabs over spaces",
                     "the deploy script lives in tools/deploy.sh"])
    return engine


def stored_accesses(engine: Engine, memory_id: str) -> int:
    """Access rows in the record store itself (no engine call, so nothing is flushed)."""
    return len(engine.store.access_times([memory_id])[memory_id])


def test_search_holds_accesses_until_the_next_call(clock: ManualClock) -> None:
    with build(clock) as engine:
        hit = engine.search("database backup", k=1).hits[0]
        assert hit.memory.access_count == 1, "the returned hit already counts this retrieval"
        assert engine.held_accesses == 1 and stored_accesses(engine, hit.id) == 0
        assert engine.get(hit.id).access_count == 1  # any other call writes them first
        assert engine.held_accesses == 0 and stored_accesses(engine, hit.id) == 1


def test_batch_of_one_writes_every_search(clock: ManualClock) -> None:
    with build(clock, access_batch=1) as engine:
        hit = engine.search("database backup", k=1).hits[0]
        assert engine.held_accesses == 0 and stored_accesses(engine, hit.id) == 1


def test_a_full_batch_is_written(clock: ManualClock) -> None:
    with build(clock, access_batch=3) as engine:
        engine.search("alice tabs", k=2)
        assert engine.held_accesses == 2
        engine.search("deploy script", k=3)  # 3 >= 3: written
        assert engine.held_accesses == 0
        assert sum(stored_accesses(engine, m.id) for m in engine.list_memories()) == 5


def search_three_times(engine: Engine, clock: ManualClock) -> tuple[list[Any], Hit]:
    """ACT-R's presentations of one memory over three searches an hour apart."""
    presentations = []
    for _ in range(3):
        clock.advance(hours=1)
        hit = engine.search("database backup", k=1, explain=True).hits[0]
        step = next(s for s in hit.trail if s.name == "actr")
        presentations.append(step.detail["presentations"])
    return presentations, hit


def test_a_search_sees_the_accesses_it_would_rank_by(clock: ManualClock) -> None:
    engine = Engine.from_profile("test", clock=clock, overrides={
        "rank": [{"use": "actr", "spreading": False}]})
    with engine:
        memory = engine.add("the nightly database backup runs at 02:00").memory
        presentations, hit = search_three_times(engine, clock)
        # creation, then one more retrieval each time: the held ones were written first
        assert presentations == [1, 2, 3]
        assert hit.id == memory.id and hit.memory.access_count == 3


def test_rankers_of_memory_rows_see_held_accesses_unwritten(clock: ManualClock) -> None:
    engine = Engine.from_profile("test", clock=clock, overrides={
        "rank": [{"use": "actr", "spreading": False, "base_level": "counts"}]})
    with engine:
        memory = engine.add("the nightly database backup runs at 02:00").memory
        presentations, hit = search_three_times(engine, clock)
        assert presentations == [1, 2, 3]
        assert engine.held_accesses == 3, "nothing had to be written for the ranker"
        assert stored_accesses(engine, memory.id) == 0
        assert hit.memory.access_count == 3
        assert hit.memory.last_accessed_at == clock.now()
        assert engine.get(memory.id).access_count == 3 and stored_accesses(engine, memory.id) == 3


def test_close_writes_held_accesses(clock: ManualClock, tmp_path: Path) -> None:
    overrides = {"path": str(tmp_path / "store"), "records": {"use": "duckdb"}}
    engine = Engine.from_profile("test", clock=clock, overrides=overrides)
    memory = engine.add("the nightly database backup runs at 02:00").memory
    engine.search("database backup", k=1)
    assert engine.held_accesses == 1
    engine.close()
    with Engine.from_profile("test", clock=clock, overrides=overrides) as reopened:
        assert reopened.get(memory.id).access_count == 1
        assert stored_accesses(reopened, memory.id) == 1


def test_flush_older_than_waits_for_age(clock: ManualClock) -> None:
    with build(clock) as engine:
        engine.search("database backup", k=1)
        assert engine.flush_accesses(older_than=3600) == 0 and engine.held_accesses == 1
        assert engine.flush_accesses(older_than=0) == 1 and engine.held_accesses == 0


def test_no_access_recorded_when_the_query_says_so(clock: ManualClock) -> None:
    with build(clock) as engine:
        hit = engine.search("database backup", k=1, record_access=False).hits[0]
        assert engine.held_accesses == 0 and hit.memory.access_count == 0


def test_an_add_leaves_them_held_and_a_merge_keeps_every_count(clock: ManualClock) -> None:
    """A write group is one transaction: the held accesses are not written before it, and
    one that lands on a memory the add merges into is still counted once written."""
    with build(clock) as engine:
        hit = engine.search("database backup", k=1).hits[0]
        engine.add("the deploy pipeline runs on every merge to main")
        assert engine.held_accesses == 1 and stored_accesses(engine, hit.id) == 0
        merged = engine.add(hit.memory.content)  # the exact text again: the same memory
        assert merged.memory.id == hit.id
        assert engine.get(hit.id).access_count == 1
        assert engine.held_accesses == 0 and stored_accesses(engine, hit.id) == 1
