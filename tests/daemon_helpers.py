"""Helpers and fixtures for the tests that start owner daemons and servers (tests/daemon,
tests/mcp, the dashboard's browser tests): import the helpers by name; the conftest of a
folder whose every test runs beside a daemon imports the fixtures (``runtime_dir`` is
autouse there, so it is defined once here and never copied into a conftest)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cognimem.daemon.spawn import stop_daemon
from cognimem.plugins import PluginHost

#: The ``cognimem`` script installed next to this Python.
COGNIMEM = str(Path(sys.executable).with_name("cognimem"))

#: Daemons started by tests stop on their own soon after the last client leaves, even if a
#: test fails before its teardown.
TEST_ENV = {"COGNIMEM_DAEMON_IDLE_TIMEOUT": "30"}


def has_component(kind: str, name: str) -> bool:
    """Whether an installed plugin registers this component (e.g. records ``duckdb``)."""
    return PluginHost().get(kind, name) is not None


def server_env(**extra: str) -> dict[str, str]:
    """Environment for a server process started by an MCP client (which passes only a few
    safe variables on by default)."""
    env = {**TEST_ENV, **extra}
    for key in ("PYTHONPATH", "COGNIMEM_NO_DAEMON", "COGNIMEM_RUNTIME_DIR"):
        if key in os.environ:
            env[key] = os.environ[key]
    return env


def wait_until(condition: Callable[[], object], timeout: float = 20.0) -> bool:
    """Poll ``condition`` every 20 ms until it holds (True) or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    """Wait until ``process`` listens on ``port`` (fail if it exits first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited early ({process.returncode})")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError("the HTTP server did not start listening")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Stop a server started by a test with Ctrl-C (killed if it is still up after 20 s)."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:  # pragma: no cover - reported by the test
            process.kill()


@pytest.fixture(autouse=True)
def runtime_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Daemon files go under the test's tmp dir; daemons stop soon when idle."""
    path = tmp_path / "run"
    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", str(path))
    for key, value in TEST_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    return path


@pytest.fixture
def store(tmp_path: Path, runtime_dir: Path) -> Iterator[Path]:
    """An empty store directory; its daemon (if a test started one) is stopped afterwards."""
    path = tmp_path / "store"
    yield path
    stop_daemon(path)
