"""Shared fixtures: a fresh in-memory engine per test, on a manual clock."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine

SHARED = Path(__file__).resolve().parents[2] / "shared"


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
