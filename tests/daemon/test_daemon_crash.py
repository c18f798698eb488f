"""Group commit under SIGKILL: agents writing at once through the daemon (their adds written
in groups, searches beside them) lose none of the writes they were told were written when
the daemon is killed mid-stream, and the reopened store passes the integrity check."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest
from daemon_helpers import wait_until

from cognimem.daemon.access import open_store
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.runtime import pid_alive, read_owner_record
from cognimem.profile import Profile, load_profile

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(240),
]

AGENTS = 8


def _profile(store: Path) -> Profile:
    """The default pipeline and its guards on the default's storage, with the hash embedder
    (fast; its vectors carry no meaning, which the check does not need)."""
    return load_profile("default", overrides={
        "path": str(store), "embedder": {"use": "hash", "dim": 32}})



def test_grouped_writes_survive_sigkill_of_the_daemon(store: Path) -> None:
    profile = _profile(store)
    acknowledged: dict[str, str] = {}  # id -> content, for every add that returned
    lock = threading.Lock()
    killed = threading.Event()
    stop = threading.Event()

    def agent(n: int) -> None:
        with RemoteEngine(profile) as engine:
            i = 0
            while not stop.is_set():
                content = f"agent {n} wrote fact number {i} about service s{n}x{i}"
                i += 1
                try:
                    written = engine.add(content, tags=[f"agent{n}"])
                except Exception:
                    if killed.is_set():
                        return  # the call the kill cut: never acknowledged
                    raise
                with lock:
                    acknowledged[written.id] = written.memory.content
                try:
                    engine.search(f"service s{n}x{i - 1}", k=3)
                except Exception:
                    if killed.is_set():
                        return
                    raise

    with open_store(profile) as first:
        first.add("a memory before the agents start")
        old = read_owner_record(store)
        assert old is not None
    threads = [threading.Thread(target=agent, args=(n,)) for n in range(AGENTS)]
    for t in threads:
        t.start()
    try:
        assert wait_until(lambda: len(acknowledged) >= 120, timeout=120), "too few writes"
        with RemoteEngine(profile) as probe:
            grouped = probe.status()["grouped_writes"]
        killed.set()
        os.kill(old.pid, signal.SIGKILL)  # while the agents are still writing
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    assert wait_until(lambda: not pid_alive(old.pid))
    assert grouped > 0  # the adds were written in groups, not one by one

    with lock:
        expected = dict(acknowledged)
    with open_store(profile) as engine:  # a new daemon reopens the store
        found = engine.get_many(list(expected))
        assert sorted(found) == sorted(expected)
        assert {i: m.content for i, m in found.items()} == expected
        report = engine.check()  # every index holds exactly the records: rebuilt or intact
        assert report.ok, report
        assert report.memories >= len(expected) + 1  # and the memory written before them
