"""A recall's conflicts on a DuckDB store: the open conflicts by memory are kept between
changes of the log (the store counts its commits to a namespace) and always match the log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.engine.conflicts import NAMESPACE
from cognimem.profile import load_profile


@pytest.fixture
def disk_engine(tmp_path: Path, clock: ManualClock) -> Iterator[Engine]:
    profile = load_profile("test", overrides={"path": str(tmp_path / "store"),
                                              "records": {"use": "duckdb"}})
    with Engine.from_profile(profile, clock=clock) as engine:
        yield engine


def _slow_path(engine: Engine, ids: list[str]) -> dict[str, list[str]]:
    """What the log itself says, read without the kept index."""
    out: dict[str, list[str]] = {}
    for conflict in engine.conflicts():
        for side in (conflict.a, conflict.b):
            if side in ids:
                out.setdefault(side, []).append(conflict.id)
    return out


def test_the_store_counts_commits_to_a_namespace_not_rollbacks(disk_engine: Engine) -> None:
    records = disk_engine._records
    before = records.meta_version("plugin.x")
    assert before is not None
    records.set_meta("plugin.x", "k", 1)
    after = records.meta_version("plugin.x")
    assert after != before
    assert records.meta_version("plugin.other") == records.meta_version("plugin.other")
    with pytest.raises(RuntimeError), records.transaction():
        records.set_meta("plugin.x", "k", 2)
        raise RuntimeError("the write fails")
    assert records.meta_version("plugin.x") == after  # rolled back: nothing changed
    assert records.get_meta("plugin.x", "k") == 1


def test_recall_conflicts_follow_every_change_of_the_log(disk_engine: Engine,
                                                         clock: ManualClock) -> None:
    engine = disk_engine
    ids = [engine.add(f"the latency budget of service {i} is {100 * i} ms").id
           for i in range(1, 5)]
    assert engine.in_open_conflict(ids) == {}
    first = engine.record_conflict(ids[0], ids[1])
    assert first is not None
    assert engine.in_open_conflict(ids) == _slow_path(engine, ids) == {
        ids[0]: [first.id], ids[1]: [first.id]}
    assert engine.in_open_conflict(ids) == _slow_path(engine, ids)  # kept: same answer
    clock.advance(hours=1)
    second = engine.record_conflict(ids[1], ids[2])
    assert second is not None
    assert engine.in_open_conflict([ids[1]]) == {ids[1]: [second.id, first.id]}  # newest first
    engine.resolve_conflict(first.id, "keep_both")
    assert engine.in_open_conflict(ids) == _slow_path(engine, ids) == {
        ids[1]: [second.id], ids[2]: [second.id]}
    engine._records.set_meta(NAMESPACE, second.id, None)  # a write to the log from outside
    assert engine.in_open_conflict(ids) == {}


def test_the_store_tells_what_each_commit_wrote(disk_engine: Engine) -> None:
    records = disk_engine._records
    start = records.meta_version("plugin.y")
    assert start is not None
    records.set_meta("plugin.y", "a", {"n": 1})
    records.set_meta("plugin.y", "c", 3)
    middle = records.meta_version("plugin.y")
    assert middle is not None
    with records.transaction():
        records.set_meta("plugin.y", "b", [2])
        records.set_meta("plugin.y", "a", {"n": 4})  # the later write wins
        records.set_meta("plugin.y", "c", None)
    version, written = records.meta_changes("plugin.y", start)
    assert version == records.meta_version("plugin.y")
    assert written == {"a": {"n": 4}, "b": [2], "c": None}
    assert records.meta_changes("plugin.y", middle) == (version, written)
    assert records.meta_changes("plugin.y", version) == (version, {})
    with pytest.raises(RuntimeError), records.transaction():  # rolled back: no change
        records.set_meta("plugin.y", "d", 5)
        raise RuntimeError("abandon the transaction")
    assert records.meta_changes("plugin.y", version) == (version, {})
    for i in range(300):  # more commits than the store remembers: it says it cannot tell
        records.set_meta("plugin.y", f"k{i}", i)
    assert records.meta_changes("plugin.y", version)[1] is None


def test_the_store_forgets_a_commit_too_large_to_keep(disk_engine: Engine) -> None:
    records = disk_engine._records
    start = records.meta_version("plugin.z")
    assert start is not None
    records.set_metas("plugin.z", {f"k{i}": "x" * 1000 for i in range(4_500)})  # ~4.5 MB
    version, written = records.meta_changes("plugin.z", start)
    assert version == start + 1 and written is None  # read the namespace again
    records.set_meta("plugin.z", "small", 1)
    assert records.meta_changes("plugin.z", version) == (version + 1, {"small": 1})


def test_many_commits_between_two_recalls_read_the_log_again(disk_engine: Engine) -> None:
    engine = disk_engine
    ids = [engine.add(f"the retry limit of queue {i} is {i} attempts").id for i in range(26)]
    first = engine.record_conflict(ids[0], ids[1])
    assert first is not None and engine.in_open_conflict(ids[:2]) == {
        ids[0]: [first.id], ids[1]: [first.id]}
    pairs = [(a, b) for a in ids[2:] for b in ids[2:] if a < b][:280]
    for a, b in pairs:  # one commit each: more than the store's record of written keys
        engine.record_conflict(a, b)
    assert engine.in_open_conflict(ids) == _slow_path(engine, ids)
