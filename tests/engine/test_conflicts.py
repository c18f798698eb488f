"""The engine's conflict log: record, list, resolve; kept across reopen; every change an
event."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import InvalidInput, NotFound


def test_a_conflict_is_logged_once_and_listed(engine: Engine) -> None:
    a = engine.add("the latency budget is 500 ms").id
    b = engine.add("the latency budget is 900 ms").id
    first = engine.record_conflict(a, b, differs=["500 ms -> 900 ms"], found_by="test")
    again = engine.record_conflict(b, a)
    assert first is not None and again is not None and again.id == first.id
    assert [c.id for c in engine.conflicts()] == [first.id]
    assert engine.in_open_conflict([a, "other"]) == {a: [first.id]}
    assert [e.op for e in engine.events()].count("conflict") == 1


def test_keep_newer_supersedes_the_older(engine: Engine, clock: ManualClock) -> None:
    old = engine.add("deploys run on Fridays").id
    clock.advance(hours=1)
    new = engine.add("deploys run on Mondays").id
    conflict = engine.record_conflict(old, new)
    assert conflict is not None
    done = engine.resolve_conflict(conflict.id, "keep_newer", agent="alice")
    assert done.status == "resolved" and done.resolved_by == "alice"
    assert engine.get(old).superseded_by == new and engine.get(new).superseded_by is None
    assert engine.conflicts() == [] and len(engine.conflicts(status="resolved")) == 1
    with pytest.raises(InvalidInput, match="already resolved"):
        engine.resolve_conflict(conflict.id, "keep_a")


def test_keep_both_is_never_asked_again(engine: Engine) -> None:
    a = engine.add("the api uses port 8080").id
    b = engine.add("the admin ui uses port 9090").id
    conflict = engine.record_conflict(a, b)
    assert conflict is not None
    engine.resolve_conflict(conflict.id, "keep_both")
    assert engine.record_conflict(a, b) is None
    assert engine.get(a).superseded_by is None and engine.get(b).superseded_by is None


def test_bad_resolutions_change_nothing(engine: Engine) -> None:
    a, b = engine.add("x is 1").id, engine.add("x is 2").id
    conflict = engine.record_conflict(a, b)
    assert conflict is not None
    seq = engine.store.last_event()
    with pytest.raises(InvalidInput, match="keep_newer"):
        engine.resolve_conflict(conflict.id, "keep_all")
    with pytest.raises(NotFound, match="cognimem conflicts"):
        engine.resolve_conflict("cnope", "keep_a")
    with pytest.raises(NotFound):
        engine.record_conflict(a, "m-missing")
    assert engine.store.last_event() == seq


def test_conflicts_survive_reopen(tmp_path: Path) -> None:
    disk = {"path": str(tmp_path / "s"), "records": {"use": "duckdb"}}
    with Engine.from_profile("test", overrides=disk) as engine:
        a, b = engine.add("port 1").id, engine.add("port 2").id
        engine.record_conflict(a, b)
    with Engine.from_profile("test", overrides=disk) as engine:
        assert len(engine.conflicts()) == 1
        assert engine.check().ok


def test_the_conflict_log_through_the_daemon(tmp_path: Path) -> None:
    from cognimem.daemon.access import open_store
    from cognimem.daemon.remote import RemoteEngine
    from cognimem.profile import load_profile

    profile = load_profile("test", overrides={"path": str(tmp_path / "s"),
                                              "records": {"use": "duckdb"}})
    with open_store(profile) as store:
        assert isinstance(store, RemoteEngine)
        a, b = store.add("port 8080").id, store.add("port 9090").id
        conflict = store.record_conflict(a, b, differs=["8080 -> 9090"], agent="lead")
        assert conflict is not None
        assert store.in_open_conflict([a]) == {a: [conflict.id]}
        summary = store.search_summary("port", k=5)  # the search's hits with their conflicts
        assert {h.id: h.conflicts for h in summary.hits} == {a: [conflict.id],
                                                             b: [conflict.id]}
        assert [c.id for c in store.conflicts()] == [conflict.id]
        done = store.resolve_conflict(conflict.id, "keep_b", agent="lead")
        assert done.resolution == "keep_b" and store.get(a).superseded_by == b
        store.delete(a, purge=True)
        assert store.conflicts(status="all")[0].status == "resolved"
    from cognimem.cli.app import main

    main(["daemon", "stop", "--profile", "test", "--store", str(tmp_path / "s")])
