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

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from ..errors import Refused
from ..models import Conflict, Memory
from .conflicts import Conflicts
from .rules import head_or_refuse
from .types import DraftLike, Written

#: Kinds of memory a lower authority cannot overrule (besides protected memories).
GUARDED_KINDS = frozenset({"decision"})
#: Fields anyone may change on a guarded memory: they add to it, never overrule it.
ADDITIVE_FIELDS = frozenset({"tags", "meta", "provenance", "source", "confidence"})


class Authority(Conflicts):
    """Authority checks on delete, archive, update, supersede and conflict resolution."""

    def authority(self, agent: str | None) -> int:
        """The authority level of ``agent`` in this profile."""
        return self.profile.agents.level(agent)

    def _authorize(self, action: str, memory: Memory, agent: str | None) -> None:
        """Raise :class:`Refused` if ``agent`` may not ``action`` ``memory``."""
        table = self.profile.agents
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

    # the guarded operations ------------------------------------------------------------------

    def delete(self, memory_id: str, /, *, agent: str | None = None,
               purge: bool = False) -> Memory:
        """Delete a memory (see :meth:`WritePath.delete`), if ``agent`` may."""
        agent = self._agent(agent)  # the session's agent when the call names none
        if agent is not None:
            self._authorize("delete", self.get(memory_id), agent)
        return super().delete(memory_id, agent=agent, purge=purge)

    def archive(self, memory_id: str, reason: str = "archived by request",
                score: float | None = None, *, agent: str | None = None) -> Memory:
        """Archive a memory (see :meth:`WritePath.archive`), if ``agent`` may."""
        agent = self._agent(agent)  # the session's agent when the call names none
        if agent is not None:
            self._authorize("archive", self.get(memory_id), agent)
        return super().archive(memory_id, reason, score, agent=agent)

    def update(self, memory_id: str, /, *, agent: str | None = None, **changes: Any) -> Written:
        """Update a memory (see :meth:`WritePath.update`); an agent of lower authority may
        only add to a guarded memory (tags, meta, provenance, source, a higher importance)."""
        agent = self._agent(agent)  # the session's agent when the call names none
        if agent is not None:
            before = self.get(memory_id)
            demoting = [f for f, v in changes.items() if _demotes(before, f, v)]
            if demoting:
                self._authorize(f"change {', '.join(sorted(demoting))} of", before, agent)
        return super().update(memory_id, agent=agent, **changes)

    def supersede(self, old_id: str, content: DraftLike, /, *, agent: str | None = None,
                  to_head: bool = False, **fields: Any) -> Written:
        """Replace a memory (see :meth:`Versions.supersede`), if ``agent`` may replace the
        version it replaces (the head, with ``to_head``)."""
        agent = self._agent(agent)
        if agent is not None:
            asked = self.get(old_id)
            target = head_or_refuse(asked, self._chain_head(asked), to_head=to_head)
            self._authorize("supersede", target, agent)
        return super().supersede(old_id, content, agent=agent, to_head=to_head, **fields)

    # conflicts -------------------------------------------------------------------------------

    def record_conflict(self, a: str, b: str, *, kind: str = "value",
                        differs: Iterable[str] = (), found_by: str | None = None,
                        agent: str | None = None, note: str | None = None) -> Conflict | None:
        """Log a conflict (see :meth:`Conflicts.record_conflict`); between writers of
        different authority, with ``resolve = "higher"``, resolve it toward the higher one
        (in the same commit)."""
        with self._transaction():
            return self._record_conflict(a, b, kind=kind, differs=differs, found_by=found_by,
                                         agent=agent, note=note)

    def _record_conflict(self, a: str, b: str, *, kind: str, differs: Iterable[str],
                         found_by: str | None, agent: str | None,
                         note: str | None) -> Conflict | None:
        conflict = super().record_conflict(a, b, kind=kind, differs=differs,
                                           found_by=found_by, agent=agent, note=note)
        table = self.profile.agents
        if conflict is None or conflict.status != "open" or table.resolve != "higher":
            return conflict
        writer_a, writer_b = conflict.writers.get(conflict.a), conflict.writers.get(conflict.b)
        level_a, level_b = table.level(writer_a), table.level(writer_b)
        if writer_a == writer_b or level_a == level_b:
            return conflict
        keep, high, low = (("keep_a", (writer_a, level_a), (writer_b, level_b))
                           if level_a > level_b else
                           ("keep_b", (writer_b, level_b), (writer_a, level_a)))
        return self.resolve_conflict(
            conflict.id, keep, agent=high[0],
            note=f"resolved toward the higher authority: {high[0]!r} ({high[1]}) over "
                 f"{low[0]!r} ({low[1]})")

    def resolve_conflict(self, cid: str, resolution: str, *, agent: str | None = None,
                         note: str | None = None) -> Conflict:
        """Resolve a conflict (see :meth:`Conflicts.resolve_conflict`), if ``agent`` may
        supersede the memory the resolution drops; the resolution and the links it moves
        commit together."""
        with self._transaction():
            return self._resolve_conflict(cid, resolution, agent=agent, note=note)

    def _resolve_conflict(self, cid: str, resolution: str, *, agent: str | None = None,
                          note: str | None = None) -> Conflict:
        agent = self._agent(agent)
        if agent is not None and resolution in ("keep_a", "keep_b", "keep_newer"):
            known = self._conflict(cid)
            if known is not None and known.status == "open":
                pair = self.get_many([known.a, known.b])
                if resolution == "keep_newer" and len(pair) == 2:
                    newer = max(pair.values(), key=lambda m: (m.created_at, m.id)).id
                    drop = known.b if newer == known.a else known.a
                else:
                    drop = known.b if resolution == "keep_a" else known.a
                if drop in pair:
                    self._authorize("supersede", pair[drop], agent)
        resolved = super().resolve_conflict(cid, resolution, agent=agent, note=note)
        kept = {"keep_a": resolved.a, "keep_b": resolved.b}.get(resolution)
        if kept is not None:  # what the dropped one replaced is now replaced by the kept one
            self._repoint(kept, resolved.b if kept == resolved.a else resolved.a)
        return resolved

    def _repoint(self, kept: str, dropped: str) -> None:
        found = self.get_many([kept, dropped])
        if kept not in found or dropped not in found:
            return
        replaced = found[dropped].supersedes
        if replaced and replaced == found[kept].supersedes:
            older = self.get_many([replaced]).get(replaced)
            if older is not None and older.superseded_by == dropped:
                self.update_links(replaced, superseded_by=kept)


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
