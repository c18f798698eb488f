"""Fixtures of the graph plugin's tests: an in-memory engine on the `graph` profile."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine

#: The `graph` profile with the deterministic hash embedder (no model weights in unit tests).
HASH = {"embedder": {"use": "hash"}}

MakeEngine = Callable[..., Engine]


@pytest.fixture
def make_engine(clock: ManualClock) -> Iterator[MakeEngine]:
    """Build engines on the `graph` profile (plus overrides); all are closed afterwards."""
    made: list[Engine] = []

    def make(profile: str = "graph", **overrides: Any) -> Engine:
        engine = Engine.from_profile(profile, clock=clock, overrides={**HASH, **overrides})
        made.append(engine)
        return engine

    yield make
    for engine in made:
        engine.close()


@pytest.fixture
def gengine(make_engine: MakeEngine) -> Engine:
    """An in-memory engine on the `graph` profile with the hash embedder."""
    return make_engine()
