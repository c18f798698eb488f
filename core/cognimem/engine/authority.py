"""Authority between agents sharing a store (the profile's ``[agents]`` table).

Each agent has a level (``authority``, ``default_authority`` for the unlisted). A memory
belongs to the agent in its scope (the writer, unless the write named another). An agent of
lower authority cannot delete, archive, supersede or demote (rewrite, unprotect, lower the
importance of...) a *guarded* memory — protected, or of kind ``decision`` — of an agent of
higher authority: the call raises :class:`~cognimem.errors.Refused` naming both.

Conflicts between agents are logged in the shared conflict log (:mod:`.conflicts`): when two
agents replace the same memory with different successors, the pair is logged with kind
``authority``; with ``resolve = "higher"`` any conflict between writers of different
authority (whoever found it) is resolved at once toward the higher one — logged either way.

Writes without an agent (the engine's own upkeep, in-process callers) are not checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..errors import Refused
from ..models import Memory

if TYPE_CHECKING:
    from .kernel import Kernel

#: Kinds of memory a lower authority cannot overrule (besides protected memories).
GUARDED_KINDS = frozenset({"decision"})
#: Fields anyone may change on a guarded memory: they add to it, never overrule it.
ADDITIVE_FIELDS = frozenset({"tags", "meta", "provenance", "source", "confidence"})


class Authority:
    """The authority step of the write pipeline: who may overrule whose guarded memory."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def authority(self, agent: str | None) -> int:
        """The authority level of ``agent`` in this profile."""
        return self.k.profile.agents.level(agent)

    def authorize(self, action: str, memory: Memory, agent: str | None) -> None:
        """Raise :class:`Refused` if ``agent`` may not ``action`` ``memory``."""
        table = self.k.profile.agents
        owner = memory.scope.agent
        if (agent is None or not table.authority or owner is None or owner == agent
                or not (memory.protected or memory.kind in GUARDED_KINDS)):
            return
        mine, theirs = table.level(agent), table.level(owner)
        if mine >= theirs:
            return
        what = "a protected" if memory.protected else f"a {memory.kind}"
        raise Refused(
            f"agent {agent!r} (authority {mine}) cannot {action} memory {memory.id}, {what} "
            f"memory of agent {owner!r} (authority {theirs}); nothing was changed. Ask "
            f"{owner!r} or an agent of authority {theirs} or more, or write your view as a "
            "new memory and relate it to this one with type `contradicts`")

    def authorize_update(self, before: Memory, changes: Mapping[str, Any],
                         agent: str | None) -> None:
        """An agent of lower authority may only add to a guarded memory (tags, meta,
        provenance, source, a higher importance)."""
        if agent is None:
            return
        demoting = [f for f, v in changes.items() if _demotes(before, f, v)]
        if demoting:
            self.authorize(f"change {', '.join(sorted(demoting))} of", before, agent)


def _demotes(before: Memory, field: str, value: Any) -> bool:
    """Whether setting ``field`` to ``value`` overrules what ``before`` says or lowers it."""
    if field in ADDITIVE_FIELDS:
        return False
    if field == "importance":
        return float(value) < before.importance
    if field == "protected":
        return not value and before.protected
    if field == "tier":
        return value == "stm" and before.tier == "ltm"
    current = getattr(before, field, None)
    if isinstance(current, BaseModel):
        current = current.model_dump()
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(current, Mapping) and isinstance(value, Mapping):
        return {**current, **value} != current
    return bool(value != current)
