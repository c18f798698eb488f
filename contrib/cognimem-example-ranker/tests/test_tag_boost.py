"""The example ranker passes cognimem's ranker contract and does what it says."""

from __future__ import annotations

from collections.abc import Callable

from cognimem.engine import Engine
from cognimem.testing import RankerContract


class TestTagBoostContract(RankerContract):
    component = "tag_boost"
    options = {"boost": 0.05}


def test_tagged_memory_moves_up(cognimem_engine: Callable[..., Engine]) -> None:
    plain = cognimem_engine()
    boosted = cognimem_engine(rank=[{"use": "tag_boost", "boost": 1.0}])
    for engine in (plain, boosted):
        engine.add("the nightly job retries three times", tags=["billing"])
        engine.add("billing retries: the billing job retries failed billing runs")
    assert "billing" not in plain.search("billing retries", k=2).hits[0].memory.tags
    top = boosted.search("billing retries", k=2, explain=True).hits[0]
    assert top.memory.tags == ["billing"]
    assert top.trail[-1].name == "tag_boost"
    assert top.trail[-1].detail["matched"] == ["billing"]
