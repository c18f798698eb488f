"""The owner daemon: one per store, reached by RemoteEngine with the engine's own types and
errors, restarted after a crash, stopped on request or when idle."""

from __future__ import annotations

import os
import signal
import socketserver
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from daemon_helpers import wait_until

from cognimem.daemon.access import open_store
from cognimem.daemon.connection import Connection
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.runtime import (
    OWNER_FILE,
    OwnerRecord,
    pid_alive,
    read_owner_record,
    run_path,
)
from cognimem.daemon.spawn import daemon_status, ensure_daemon, stop_daemon
from cognimem.daemon.wire import read_message, write_message
from cognimem.engine import Engine, Written
from cognimem.errors import InvalidInput, NotFound, ProfileError, StoreError
from cognimem.models import SearchResult
from cognimem.profile import Profile, load_profile


def profile(store: Path, name: str = "test", **overrides: Any) -> Profile:
    return load_profile(name, overrides={"path": str(store), **overrides})



def test_in_memory_and_opted_out_stores_stay_in_process(
        store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(load_profile("test")) as local:
        assert isinstance(local, Engine)
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")
    with open_store(profile(store)) as opted_out:
        assert isinstance(opted_out, Engine)
    assert read_owner_record(store) is None


def test_remote_engine_returns_the_engines_types_and_errors(store: Path) -> None:
    with open_store(profile(store)) as engine:
        assert isinstance(engine, RemoteEngine)
        written = engine.add("the parser uses a PEG grammar", tags=["parser"])
        assert isinstance(written, Written) and written.created
        result = engine.search("parser grammar", explain=True)
        assert isinstance(result, SearchResult)
        assert result.hits[0].id == written.id and result.hits[0].trail
        assert engine.update(written.id, importance=0.9).memory.version == 2
        assert [m.id for m in engine.list_memories()] == [written.id]
        assert engine.profile.name == "test"
        with pytest.raises(NotFound, match="no memory has id 'nope'"):
            engine.get("nope")
        with pytest.raises(InvalidInput, match="content is empty"):
            engine.add("   ")
        assert engine.stats()["memories"] == 1  # the bad calls wrote nothing


@pytest.mark.parametrize("op", ["close", "records", "flush_accesses", "_transaction",
                                "host", "from_profile"])
def test_only_the_memory_api_is_served(store: Path, op: str) -> None:
    """No attribute path, private name or lifecycle method of the daemon's engine is
    reachable: only the operations of MemoryAPI."""
    record = ensure_daemon(profile(store))
    connection = Connection(record)
    try:
        with pytest.raises(InvalidInput, match="is not an operation of the memory API"):
            connection.request("call", op=op, args=[], kwargs={})
        with pytest.raises(InvalidInput, match="not an operation"):
            connection.request("call", op=["records", "iter_memories"], args=[], kwargs={})
        assert connection.request("call", op="stats", args=[], kwargs={})["memories"] == 0
    finally:
        connection.close()


def test_both_engines_implement_every_operation() -> None:
    from cognimem.daemon.api import OPERATIONS, MemoryAPI

    members = {n for n in dir(MemoryAPI) if not n.startswith("_")} - {"profile", "close"}
    assert members == OPERATIONS
    for op in OPERATIONS:
        assert callable(getattr(Engine, op)) and callable(getattr(RemoteEngine, op))


def test_one_daemon_per_store_however_many_callers(store: Path) -> None:
    records: list[OwnerRecord] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            records.append(ensure_daemon(profile(store)))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len({r.pid for r in records}) == 1
    with open_store(profile(store)) as a, open_store(profile(store)) as b:
        written = a.add("shared between clients")
        assert b.get(written.id).content == "shared between clients"


def test_owner_record_and_socket_are_private(store: Path) -> None:
    record = ensure_daemon(profile(store))
    assert stat.S_IMODE(run_path(store, OWNER_FILE).stat().st_mode) == 0o600
    assert stat.S_IMODE(run_path(store, OWNER_FILE).parent.stat().st_mode) == 0o700
    assert stat.S_ISSOCK(Path(record.socket).stat().st_mode)
    assert Path(record.socket).parent == run_path(store, OWNER_FILE).parent
    assert not (store / OWNER_FILE).exists()  # the store directory holds only the store
    status = daemon_status(store)
    assert status is not None
    assert status["pid"] == record.pid and status["store"] == str(store.resolve())
    assert status["address"] == f"unix://{record.socket}"
    assert status["embedder"] == {}  # the test profile's embedder runs no worker processes


def test_stop_closes_the_store_and_removes_the_record(store: Path) -> None:
    record = ensure_daemon(profile(store))
    stopped = stop_daemon(store)
    assert stopped is not None and stopped.pid == record.pid
    assert read_owner_record(store) is None
    assert daemon_status(store) is None
    assert stop_daemon(store) is None  # nothing left to stop


def test_a_client_reconnects_after_the_daemon_is_stopped(store: Path) -> None:
    with RemoteEngine(profile(store)) as engine:
        first = engine.status()["pid"]
        stop_daemon(store)
        assert engine.stats()["memories"] == 0  # the next call started a new daemon
        assert engine.status()["pid"] != first


def test_the_next_call_starts_a_new_daemon_after_sigkill(store: Path) -> None:
    with open_store(profile(store)) as engine:
        engine.add("before the crash")
        old = read_owner_record(store)
        assert old is not None
        os.kill(old.pid, signal.SIGKILL)
        assert wait_until(lambda: not pid_alive(old.pid))
        engine.add("after the crash")
        new = read_owner_record(store)
        assert new is not None and new.pid != old.pid


def test_acknowledged_writes_survive_sigkill(store: Path) -> None:
    persistent = profile(store, records={"use": "duckdb"})
    with open_store(persistent) as engine:
        ids = [engine.add(f"acknowledged write number {i}").id for i in range(20)]
        old = read_owner_record(store)
        assert old is not None
        os.kill(old.pid, signal.SIGKILL)
        assert wait_until(lambda: not pid_alive(old.pid))
        found = engine.get_many(ids)  # starts a new daemon, which reopens the store
        assert sorted(found) == sorted(ids)
        new = read_owner_record(store)
        assert new is not None and new.pid != old.pid
        hits = engine.search("acknowledged write number 7", k=20).hits
        assert {h.id for h in hits} == set(ids)


def test_the_daemon_writes_held_accesses_within_two_seconds(store: Path) -> None:
    """A search's accesses are held, not lost: the daemon writes them unasked, so a
    SIGKILL a few seconds later finds them in the store."""
    persistent = profile(store, records={"use": "duckdb"})
    with open_store(persistent) as engine:
        memory = engine.add("the nightly database backup runs at 02:00")
        assert engine.search("database backup", k=1).hits[0].id == memory.id
        time.sleep(3.5)  # the idle watcher ticks every second; held ones wait one second
        old = read_owner_record(store)
        assert old is not None
        os.kill(old.pid, signal.SIGKILL)
        assert wait_until(lambda: not pid_alive(old.pid))
        assert engine.get(memory.id).access_count == 1  # a new daemon reopened the store


def test_an_idle_daemon_stops_by_itself(store: Path) -> None:
    record = ensure_daemon(profile(store), idle_timeout=0.3)
    assert wait_until(lambda: not pid_alive(record.pid))
    assert read_owner_record(store) is None


def test_a_profile_that_cannot_build_is_refused_before_spawning(store: Path) -> None:
    broken = profile(store, fuse={"use": "no-such-fuser"})
    with pytest.raises(ProfileError, match=r"`fuse\.use` = 'no-such-fuser' is not a known fuser"):
        ensure_daemon(broken, start_timeout=60)
    assert not run_path(store, "daemon.log").exists()  # no daemon was started


def test_a_daemon_that_cannot_open_the_store_reports_its_own_error_only(store: Path) -> None:
    store.mkdir()
    (store / "notes.txt").write_text("not a store", encoding="utf-8")
    log = run_path(store, "daemon.log")
    log.write_text("2020-01-01 ERROR cognimem.daemon[1]: an old failure\n", encoding="utf-8")
    with pytest.raises(StoreError) as caught:
        ensure_daemon(profile(store, records={"use": "duckdb"}), start_timeout=60)
    message = str(caught.value)
    assert "notes.txt" in message and "\n" not in message
    assert "an old failure" not in message and "ERROR" not in message


class _FlakyDaemon(socketserver.ThreadingUnixStreamServer):
    """Answers hellos; drops the connection on the first request, answers the later ones."""

    daemon_threads = True
    requests = 0


class _FlakyHandler(socketserver.StreamRequestHandler):
    server: _FlakyDaemon

    def handle(self) -> None:
        hello = read_message(self.rfile)
        assert hello is not None
        write_message(self.wfile, {"id": hello["id"], "result": {"profile_data": None}})
        message = read_message(self.rfile)
        if message is None:
            return
        self.server.requests += 1
        if self.server.requests > 1:
            write_message(self.wfile, {"id": message["id"], "result": {"answered": True}})


@pytest.fixture
def flaky(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[_FlakyDaemon]:
    path = tmp_path / "flaky.sock"
    server = _FlakyDaemon(str(path), _FlakyHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    record = OwnerRecord(pid=os.getpid(), socket=str(path), store=str(tmp_path))
    monkeypatch.setattr("cognimem.daemon.spawn.ensure_daemon", lambda *a, **k: record)
    yield server
    server.shutdown()
    server.server_close()


def test_a_read_cut_off_mid_call_is_retried(flaky: _FlakyDaemon, store: Path) -> None:
    with RemoteEngine(profile(store)) as engine:
        assert engine.stats() == {"answered": True}
    assert flaky.requests == 2


def test_a_write_cut_off_mid_call_is_not_repeated(flaky: _FlakyDaemon, store: Path) -> None:
    with RemoteEngine(profile(store)) as engine, pytest.raises(
            StoreError, match="may or may not have been applied"):
        engine.add("written once at most")
    assert flaky.requests == 1
