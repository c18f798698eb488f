"""Which memories are protected: immune to decay and archival, floored in ACT-R."""

from __future__ import annotations

from collections.abc import Iterable

from cognimem.models import Memory

#: Tags that protect a memory (memory-v2): losing these would hurt whatever their use.
PROTECTED_TAGS: tuple[str, ...] = (
    "correction", "decision", "identity", "emotional_anchor", "commitment", "exact_value",
    "chain_of_command", "person",
)


def is_protected(memory: Memory, tags: Iterable[str] = PROTECTED_TAGS) -> bool:
    """True when the memory has the ``protected`` flag or any of ``tags``."""
    return memory.protected or not set(memory.tags).isdisjoint(tags)
