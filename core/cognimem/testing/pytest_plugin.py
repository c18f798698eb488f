"""A pytest plugin (entry point ``pytest11``): fixtures for testing cognimem plugins."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from ..clock import ManualClock
from ..engine import Engine
from .fixtures import build_engine
from .ollama import FakeOllama


@pytest.fixture
def manual_clock() -> ManualClock:
    """A clock at 2025-01-01 UTC that moves only when told (``advance(days=1)``)."""
    return ManualClock(datetime(2025, 1, 1, tzinfo=UTC))


@pytest.fixture
def fake_ollama() -> Iterator[FakeOllama]:
    """A started :class:`~cognimem.testing.ollama.FakeOllama` (its ``url`` is the ``host``
    option of an Ollama component), stopped after the test. Set ``answer``, ``embed`` or
    ``pulled`` on it; read what it was asked from ``seen``."""
    with FakeOllama() as server:
        yield server


@pytest.fixture
def cognimem_engine(manual_clock: ManualClock) -> Iterator[Callable[..., Engine]]:
    """A factory of in-memory engines (``test`` profile plus overrides), closed after the test.

    ``engine = cognimem_engine(rank=[{"use": "my-ranker"}])``
    """
    made: list[Engine] = []

    def factory(plugins: tuple[object, ...] = (), **overrides: Any) -> Engine:
        engine = build_engine(overrides=overrides, plugins=plugins, clock=manual_clock)
        made.append(engine)
        return engine

    yield factory
    for engine in made:
        engine.close()
