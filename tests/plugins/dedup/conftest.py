"""Engines with the write guard and the consolidator on the offline MiniLM embedder (its
similarities mean something), in memory, on a manual clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine

GUARDED: dict[str, Any] = {
    "embedder": {"use": "minilm"},
    "guard": [{"use": "near_duplicates"}],
    "consolidate": {"use": "dream", "min_memories": 0, "min_operations": 0, "min_hours": 0},
}


@pytest.fixture
def build(clock: ManualClock) -> Iterator[Callable[..., Engine]]:
    """Build guarded test-profile engines (overrides layered on :data:`GUARDED`)."""
    engines: list[Engine] = []

    def make(*plugins: object, **overrides: Any) -> Engine:
        engine = Engine.from_profile("test", clock=clock, plugins=plugins,
                                     overrides={**GUARDED, **overrides})
        engines.append(engine)
        return engine

    yield make
    for engine in engines:
        engine.close()


@pytest.fixture
def guarded(build: Callable[..., Engine]) -> Engine:
    """A guarded engine with the default options."""
    return build()
