"""Shared fixtures: a fresh in-memory engine per test, on a manual clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine

SHARED = Path(__file__).resolve().parents[2] / "shared"


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
