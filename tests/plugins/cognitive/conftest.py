"""Fixtures for the cognitive plugin: engines on the `test` profile with chosen rankers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine

EngineFactory = Callable[..., Engine]


@pytest.fixture
def make_engine(clock: ManualClock) -> Iterator[EngineFactory]:
    """Build in-memory `test` engines with the given [[rank]] and [[decay]] tables."""
    built: list[Engine] = []

    def make(rank: list[dict[str, Any]] | None = None,
             decay: list[dict[str, Any]] | None = None, **overrides: Any) -> Engine:
        engine = Engine.from_profile(
            "test", clock=clock,
            overrides={"rank": rank or [], "decay": decay or [], **overrides})
        built.append(engine)
        return engine

    yield make
    for engine in built:
        engine.close()
