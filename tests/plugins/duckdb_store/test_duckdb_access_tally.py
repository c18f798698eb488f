"""The duckdb store's access counts, appended per batch and folded later (#45): ACT-R's
figures stay those of counters bumped in place, through folds, reopens and a crash."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.models import Memory
from cognimem.profile import load_profile
from cognimem_plugins.cognitive.actr import ACTR
from cognimem_plugins.duckdb_store.store import DuckDBStore
from cognimem_plugins.duckdb_store.tally import AccessTally

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
WORDS = ("deploy", "cache", "schema", "index", "vector", "token", "retry", "queue", "lock",
         "shard", "replica", "budget")
ACTR_RANK = {"use": "actr", "blend": "gain", "activation_scale": 40, "base_level": "counts"}


def _engine(records: dict[str, Any], clock: ManualClock, path: Path | None) -> Engine:
    overrides: dict[str, Any] = {"records": records, "rank": [ACTR_RANK],
                                 "search": {"access_batch": 4}}
    if path is not None:
        overrides["path"] = str(path)
    return Engine.from_profile(load_profile(overrides=overrides, base="test"), clock=clock)


def _texts(rng: random.Random, count: int) -> list[str]:
    return [" ".join(rng.sample(WORDS, 4)) + f" note {i}" for i in range(count)]


def _base_level(memory: Memory, now: datetime) -> float:
    return ACTR(ACTR.Options(**{k: v for k, v in ACTR_RANK.items() if k != "use"})
                ).base_level_from_counts(memory, now)[0]


def test_a_replayed_history_ranks_as_with_counters_bumped_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same searches on the duckdb store (small cache, folds after 7 tally rows at a
    write and 56 at a batch, a reopen, and a crash that never folds) and on the in-memory
    store, whose counters are rewritten with each batch as before: every search returns the
    same hits with the same scores, and each memory's counters and ACT-R base level equal
    those recomputed from the replayed history."""
    rng = random.Random(45)
    texts = _texts(rng, 24)
    queries = [" ".join(rng.sample(WORDS, 2)) for _ in range(60)]
    clock = ManualClock(T0)
    disk = tmp_path / "store"
    duck = {"use": "duckdb", "cache_size": 3, "fold_at": 7, "warm_cache": False}
    reference = _engine({"use": "memory"}, clock, None)
    tallied = _engine(duck, clock, disk)
    history: dict[str, list[datetime]] = {}
    try:
        ids = [w.id for w in reference.add_many(texts)]
        assert [w.id for w in tallied.add_many(texts)] == ids
        for n, query in enumerate(queries):
            clock.advance(minutes=rng.randint(1, 90))
            if n == 20:  # a clean reopen: the counts were folded at close
                tallied.close()
                tallied = _engine(duck, clock, disk)
            if n == 30:  # a write folds the counts waiting
                extra = "a deploy budget note added midway"
                assert tallied.add(extra).id == reference.add(extra).id
            if n == 40:  # a crash after a batch: nothing folded, read back at open
                tallied.flush_accesses()
                monkeypatch.setattr(AccessTally, "fold_accesses", lambda self: 0)
                tallied.close()
                monkeypatch.undo()
                tallied = _engine(duck, clock, disk)
            want = reference.search(query, k=5)
            got = tallied.search(query, k=5)
            assert [(h.id, h.score) for h in got.hits] == [(h.id, h.score) for h in want.hits]
            for hit in want.hits:
                history.setdefault(hit.id, []).append(clock.now())
        reference.flush_accesses()
        tallied.flush_accesses()
        now = clock.advance(minutes=5)
        stored = tallied.store.get_memories(ids)
        for memory_id in ids:
            times = history.get(memory_id, [])
            recomputed = stored[memory_id].model_copy(update={
                "access_count": len(times), "last_accessed_at": max(times, default=None)})
            assert stored[memory_id].access_count == len(times), memory_id
            assert stored[memory_id].last_accessed_at == recomputed.last_accessed_at
            assert _base_level(stored[memory_id], now) == _base_level(recomputed, now)
        assert sum(len(t) for t in history.values()) == 60 * 5
    finally:
        reference.close()
        tallied.close()


def test_counts_survive_a_crash_before_any_fold(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Acknowledged batches are in access_tally: a store closed without folding them (as a
    kill would leave it) reads them back, and folds them at its next close."""
    clock = ManualClock(T0)
    disk = tmp_path / "store"
    duck = {"use": "duckdb", "cache_size": 0, "fold_at": 1000}
    engine = _engine(duck, clock, disk)
    first = engine.add("the deploy uses a blue green switch").id
    for _ in range(3):
        clock.advance(minutes=10)
        engine.search("deploy", k=1)
    engine.flush_accesses()
    monkeypatch.setattr(AccessTally, "fold_accesses", lambda self: 0)
    engine.close()
    monkeypatch.undo()
    for _ in range(2):  # reopened twice: folded at the first close, counted once
        engine = _engine(duck, clock, disk)
        memory = engine._records.get_memories([first])[first]
        engine.close()
        assert memory.access_count == 3 and memory.last_accessed_at == clock.now()


def test_a_memory_written_whole_keeps_its_counts_once(tmp_path: Path) -> None:
    """An update rewrites the memory's row with the counts it read: its unfolded counts are
    dropped with it, so a later fold does not add them twice."""
    clock = ManualClock(T0)
    engine = _engine({"use": "duckdb", "cache_size": 0, "fold_at": 1000}, clock,
                     tmp_path / "store")
    try:
        first = engine.add("the deploy uses a blue green switch").id
        engine.search("deploy", k=1)
        engine.search("deploy", k=1)
        engine.flush_accesses()
        engine.update(first, importance=0.9)
        assert isinstance(engine._records, DuckDBStore)
        assert engine._records.fold_accesses() == 0  # the update took them along
        assert engine._records.get_memories([first])[first].access_count == 2
    finally:
        engine.close()
