"""Fixtures for the MCP tests: tmp stores whose daemon is stopped after the test, and a
short idle timeout for every daemon a test starts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp_helpers import TEST_ENV

from cognimem.daemon.spawn import stop_daemon


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
