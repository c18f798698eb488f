"""How a memory about code is shown when its code moved on: a search-path plugin (the
``anchors`` ranker) attaches to a search's copy of a memory anchored to files of the project
``meta["anchor_state"] = {"state": "fresh" | "stale" | "orphaned", "label": ...}`` (never
stored); whoever presents the hit to an agent or a user shows the label of a stale or
orphaned one, so the code is checked again before the memory is relied on."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Memory

#: The ``meta`` key of a search's copy that carries the state.
CODE_STATE_KEY = "anchor_state"


def code_state(memory: Memory) -> str | None:
    """The memory's anchors' state (fresh, stale, orphaned), or None (none checked)."""
    found = memory.meta.get(CODE_STATE_KEY) if memory.meta else None
    state = found.get("state") if isinstance(found, dict) else None
    return state if isinstance(state, str) else None


def code_label(memory: Memory) -> str | None:
    """What to show of a stale or orphaned memory (the files to check), else None."""
    found = memory.meta.get(CODE_STATE_KEY) if memory.meta else None
    if not isinstance(found, dict) or found.get("state") in (None, "fresh"):
        return None
    label = found.get("label")
    return str(label) if label else str(found.get("state"))
