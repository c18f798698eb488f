"""The first-party guard and consolidator pass their contracts."""

from __future__ import annotations

from cognimem.testing import ConsolidatorContract, GuardContract


class TestNearDuplicates(GuardContract):
    component = "near_duplicates"


class TestDream(ConsolidatorContract):
    component = "dream"
    options = {"min_memories": 0}
