"""Store ownership: one process (and one open store) at a time, a clear message naming the
owner, stale locks taken over, never a hang."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem.clock import ManualClock
from cognimem.context import Context
from cognimem.engine import Engine
from cognimem.errors import StoreError, StoreLocked
from cognimem.profile import load_profile
from cognimem_plugins.duckdb_store.lock import (
    LOCK_NAME,
    OwnerLock,
    read_owner,
    set_owner_address,
)
from cognimem_plugins.duckdb_store.store import DuckDBStore

pytestmark = pytest.mark.timeout(120)


def open_store(path: Path) -> DuckDBStore:
    """A duckdb record store opened on ``path``, without an engine."""
    store = DuckDBStore()
    ctx = Context(path=path, clock=ManualClock(), seed=0, records=store, lexical=None,
                  vectors=None, embedder=None, hook=None, profile=None)  # type: ignore[arg-type]
    store.open(ctx)
    return store


OWNER = textwrap.dedent("""
    import sys
    from cognimem.clock import ManualClock
    from cognimem.context import Context
    from cognimem_plugins.duckdb_store.store import DuckDBStore
    path = sys.argv[1]
    store = DuckDBStore()
    store.open(Context(path=path, clock=ManualClock(), seed=0, records=store, lexical=None,
                       vectors=None, embedder=None, hook=None, profile=None))
    if len(sys.argv) > 2:
        store.publish_owner(sys.argv[2])
    print("ready", flush=True)
    sys.stdin.readline()   # hold the store until told to stop
    store.close()
    print("closed", flush=True)
""")


class Owner:
    """A child process that owns a store until stopped or killed."""

    def __init__(self, path: Path, address: str | None = None) -> None:
        args = [sys.executable, "-c", OWNER, str(path)] + ([address] if address else [])
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.strip() == "ready", line + (self.proc.stderr.read() if self.proc.stderr
                                                else "")

    @property
    def pid(self) -> int:
        """The child's process id."""
        return self.proc.pid

    def stop(self) -> None:
        """Let the child close the store and exit."""
        assert self.proc.stdin is not None
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=60)

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=60)


@pytest.fixture
def owner(tmp_path: Path) -> Iterator[Owner]:
    """A child process owning the store at ``tmp_path / 'store'``."""
    child = Owner(tmp_path / "store")
    yield child
    if child.proc.poll() is None:
        child.kill()


def test_another_process_is_refused_with_the_owner_named(owner: Owner, tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(StoreLocked) as raised:
        open_store(tmp_path / "store")
    assert time.monotonic() - started < 30  # refused at once, not after waiting for the lock
    message = str(raised.value)
    assert f"process {owner.pid}" in message
    assert "stop that process" in message and "cognimem daemon" in message
    assert isinstance(raised.value, StoreError)


def test_read_owner_names_the_live_owner_only(owner: Owner, tmp_path: Path) -> None:
    record = read_owner(tmp_path / "store")
    assert record is not None and record["pid"] == owner.pid and record["address"] is None
    owner.stop()
    assert read_owner(tmp_path / "store") is None
    assert read_owner(tmp_path / "nowhere") is None


def test_a_lock_left_by_a_killed_process_is_taken_over(owner: Owner, tmp_path: Path) -> None:
    owner.kill()
    lock_file = tmp_path / "store" / LOCK_NAME
    assert json.loads(lock_file.read_text())["pid"] == owner.pid  # the stale record remains
    assert read_owner(tmp_path / "store") is None
    store = open_store(tmp_path / "store")
    try:
        assert json.loads(lock_file.read_text())["pid"] == os.getpid()
    finally:
        store.close()
    assert lock_file.read_text() == ""  # cleared on release


def test_the_owner_can_publish_its_address(tmp_path: Path) -> None:
    child = Owner(tmp_path / "store", address="unix:///run/cognimem/daemon.sock")
    try:
        record = read_owner(tmp_path / "store")
        assert record is not None and record["address"] == "unix:///run/cognimem/daemon.sock"
        with pytest.raises(StoreLocked,
                           match=r"through its owner at unix:///run/cognimem/daemon\.sock"):
            open_store(tmp_path / "store")
    finally:
        child.stop()


def test_the_record_store_publishes_its_owner_through_the_component_api(
        tmp_path: Path) -> None:
    store = open_store(tmp_path / "store")
    try:
        store.publish_owner("unix:///tmp/x.sock")
        record = read_owner(tmp_path / "store")
        assert record is not None and record["address"] == "unix:///tmp/x.sock"
    finally:
        store.close()
    with pytest.raises(StoreError, match="not open"):
        store.publish_owner("unix:///tmp/x.sock")


def test_the_daemon_publishes_its_socket_in_the_store_lock(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from cognimem.daemon.spawn import ensure_daemon, stop_daemon

    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    store = tmp_path / "store"
    profile = load_profile("test", overrides={"path": str(store), "records": {"use": "duckdb"}})
    record = ensure_daemon(profile, idle_timeout=30)
    try:
        owner = read_owner(store)
        assert owner is not None and owner["address"] == record.address
        assert record.address.startswith("unix://")
    finally:
        stop_daemon(store)


def test_a_second_open_in_the_same_process_is_refused(tmp_path: Path) -> None:
    first = open_store(tmp_path / "store")
    try:
        with pytest.raises(StoreLocked, match="already open in this process"):
            open_store(tmp_path / "store")
        first.put_memories([])  # the first one still works
        assert first.count_memories() == 0
    finally:
        first.close()
    open_store(tmp_path / "store").close()  # released on close


def test_a_second_engine_on_the_same_store_is_refused(tmp_path: Path) -> None:
    profile = load_profile(overrides={"path": str(tmp_path / "store"),
                                      "records": {"use": "duckdb"}}, base="test")
    with Engine.from_profile(profile) as engine:
        engine.add("the first engine owns the store")
        with pytest.raises(StoreLocked):
            Engine.from_profile(profile)
        assert engine.search("store").hits


def test_set_owner_address_needs_ownership(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="does not own"):
        set_owner_address(tmp_path, "tcp://x")
    store = open_store(tmp_path / "store")
    try:
        set_owner_address(tmp_path / "store", "unix:///tmp/s.sock")
        record = read_owner(tmp_path / "store")
        assert record is not None and record["address"] == "unix:///tmp/s.sock"
        assert json.loads((tmp_path / "store" / LOCK_NAME).read_text())["address"] == (
            "unix:///tmp/s.sock")
    finally:
        store.close()


def test_owner_lock_release_is_idempotent(tmp_path: Path) -> None:
    lock = OwnerLock(tmp_path)
    lock.acquire()
    assert lock.held
    lock.release()
    lock.release()
    assert not lock.held and read_owner(tmp_path) is None


def test_refused_opens_change_nothing_for_the_owner(owner: Owner, tmp_path: Path) -> None:
    for _ in range(3):
        with pytest.raises(StoreLocked):
            open_store(tmp_path / "store")
    record = read_owner(tmp_path / "store")
    assert record is not None and record["pid"] == owner.pid
    owner.stop()
    store = open_store(tmp_path / "store")
    store.close()
