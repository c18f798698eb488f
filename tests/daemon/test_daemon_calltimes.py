"""The daemon's status times its answered calls: each tool and memory API operation's count
and the p50 / p95 / max of its recent calls, over the socket and in ``cognimem daemon
status``."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.daemon.access import open_store
from cognimem.daemon.calltimes import CallTimes, nearest_rank
from cognimem.daemon.remote import RemoteEngine
from cognimem.errors import InvalidInput
from cognimem.profile import load_profile


def test_percentiles_are_taken_over_the_recent_calls_only() -> None:
    times = CallTimes(window=100)
    for _ in range(50):
        times.record("tool:recall", 2.0)  # slow calls, long ago
    for ms in range(1, 101):
        times.record("tool:recall", ms / 1000)
    summary = times.summary()["tool:recall"]
    assert summary == {"answered": 150, "window": 100, "p50_ms": 51.0, "p95_ms": 96.0,
                       "max_ms": 100.0}


def test_names_past_the_bound_are_not_kept() -> None:
    times = CallTimes(max_names=2)
    for name in ("tool:recall", "api:search", "tool:other"):
        times.record(name, 0.01)
    times.record("api:search", 0.03)
    summary = times.summary()
    assert list(summary) == ["api:search", "tool:recall"]
    assert summary["api:search"]["answered"] == 2 and summary["api:search"]["max_ms"] == 30.0


def test_calls_recorded_from_many_threads_are_all_counted() -> None:
    times = CallTimes()

    def record() -> None:
        for i in range(2000):
            times.record("tool:recall", 0.005)
            if i % 500 == 0:  # a status read meanwhile
                times.summary()

    threads = [threading.Thread(target=record) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert times.summary()["tool:recall"] == {"answered": 16_000, "window": 1024,
                                             "p50_ms": 5.0, "p95_ms": 5.0, "max_ms": 5.0}


def test_nearest_rank() -> None:
    ordered = [float(v) for v in range(1, 21)]
    assert nearest_rank(ordered, 0.5) == 11.0
    assert nearest_rank(ordered, 0.95) == 20.0
    assert nearest_rank([7.0], 0.95) == 7.0


def test_the_status_times_each_call_that_was_answered(
        store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profile = load_profile("test", overrides={"path": str(store)})
    with open_store(profile) as engine:
        assert isinstance(engine, RemoteEngine)
        engine.run_tool("remember", {"content": "the build uses ninja"})
        engine.run_tool("recall", {"query": "build tool", "k": 3}, retry_safe=True)
        engine.run_tool("recall", {"query": "ninja", "k": 3}, retry_safe=True)
        engine.search("ninja")
        with pytest.raises(InvalidInput):
            engine.add("   ")  # refused: not timed
        calls = engine.status()["calls"]
    assert set(calls) == {"tool:remember", "tool:recall", "api:search"}
    assert calls["tool:recall"]["answered"] == 2 and calls["tool:remember"]["answered"] == 1
    for times in calls.values():
        assert 0 < times["p50_ms"] <= times["p95_ms"] <= times["max_ms"] < 60_000
    assert main(["daemon", "status", "--profile", "test", "--store", str(store)]) == 0
    shown = capsys.readouterr().out
    assert "tool:recall" in shown and "2 answered" in shown
