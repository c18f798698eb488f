"""Through a real daemon on the on-disk stack: agents that remember and recall at once get
every acknowledged memory back, searches run beside the write groups (the status counts
them), and the store checks clean with every access written once the daemon stops."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.spawn import ensure_daemon, stop_daemon
from cognimem.engine import Engine
from cognimem.profile import Profile, load_profile


def profile(store: Path) -> Profile:
    return load_profile("test", overrides={
        "path": str(store), "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        "vectors": {"use": "lancedb"}})


def run_agents(count: int, agent: Callable[[int], None]) -> None:
    """Run ``agent(n)`` for n in range(count) in threads at once; fail with their errors."""
    errors: list[BaseException] = []

    def run(n: int) -> None:
        try:
            agent(n)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors, errors[:3]


def test_agents_remember_and_recall_beside_each_other(store: Path) -> None:
    ensure_daemon(profile(store))
    hits = [0]
    written: list[str] = []
    lock = threading.Lock()

    def agent(n: int) -> None:
        with RemoteEngine(profile(store)) as engine:
            for i in range(12):
                marker = f"zq{n}w{i}k"
                memory = engine.add(f"agent {n} fact {i}: {marker} on the retries").memory
                found = engine.search(marker, k=3).hits
                assert memory.id in [h.memory.id for h in found], marker
                with lock:
                    hits[0] += len(found)
                    written.append(memory.id)

    run_agents(6, agent)
    with RemoteEngine(profile(store)) as engine:
        status = engine.status()
    assert status["searches_beside_writes"] == 6 * 12
    assert status["memories"] == 6 * 12
    # what the daemon loaded to open the store is out of the collector's full passes
    assert status["collector"]["frozen_objects"] > 10_000
    stop_daemon(store)
    with Engine.from_profile(profile(store)) as engine:
        assert engine.check().ok
        stored = engine.store.access_times(written)
        assert sum(len(v) for v in stored.values()) == hits[0]


def test_agents_mcp_tools_run_beside_each_other(store: Path) -> None:
    """The MCP ``remember`` and ``recall`` through the daemon: each engine call runs as a
    client's does (recalls' searches beside the write groups; before, every tool call ran
    alone), every memory is found, and a recall still reports its hits' open conflicts."""
    ensure_daemon(profile(store))
    ids: dict[str, str] = {}
    lock = threading.Lock()

    def agent(n: int) -> None:
        with RemoteEngine(profile(store)) as engine:
            for i in range(8):
                marker = f"zq{n}t{i}k"
                written = engine.run_tool("remember", {
                    "content": f"agent {n} fact {i}: {marker} on the retries"})
                assert isinstance(written, dict)
                found = engine.run_tool("recall", {"query": marker, "k": 3}, retry_safe=True)
                assert isinstance(found, dict)
                assert written["id"] in [h["id"] for h in found["hits"]], marker
                with lock:
                    ids[marker] = written["id"]

    run_agents(6, agent)
    with RemoteEngine(profile(store)) as engine:
        status = engine.status()
        assert status["searches_beside_writes"] == 6 * 8
        assert status["write_groups"] >= 1
        conflict = engine.record_conflict(ids["zq0t0k"], ids["zq1t0k"])
        assert conflict is not None
        found = engine.run_tool("recall", {"query": "zq0t0k", "k": 3}, retry_safe=True)
        assert isinstance(found, dict)
        first = next(h for h in found["hits"] if h["id"] == ids["zq0t0k"])
        assert first["conflicts"] == [conflict.id]
    stop_daemon(store)
    with Engine.from_profile(profile(store)) as engine:
        assert engine.check().ok
        assert len(engine.get_many(list(ids.values()))) == 6 * 8
