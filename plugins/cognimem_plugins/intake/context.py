"""Startup context: what an agent should know when it starts work in a project, within a
token budget, in a fixed order, every line traceable to its memory id.

Sections, in order: protected memories and decisions, preferences, open conflicts, recent
work. Within a section the most important come first (importance, then newest, then id), so
the same store gives the same context. Tokens are estimated as words x 1.3 (MiniLM's
WordPiece averages about that on English prose); the budget is never exceeded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cognimem.models import Memory, Query, Scope

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI

SECTIONS = ("protected and decisions", "preferences", "open conflicts", "recent work")
DECISION_KINDS = frozenset({"decision", "rule", "convention"})
PREFERENCE_KINDS = frozenset({"preference"})
LINE_CHARS = 240


def tokens(text: str) -> int:
    """An estimate of the tokens a model reads for ``text``."""
    return math.ceil(len(text.split()) * 1.3)


@dataclass
class Context:
    """The context text and the ids of the memories it cites."""

    text: str
    ids: list[str] = field(default_factory=list)
    tokens: int = 0
    left_out: int = 0


def build(engine: MemoryAPI, *, project: str | None = None, budget: int = 1500,
          recent: int = 20) -> Context:
    """The startup context of ``project`` (and global memories) within ``budget`` tokens."""
    query = Query(text="startup context", scope=Scope(project=project),
                  include_superseded=False)
    memories = [m for m in engine.list_memories(limit=100_000, query=query)
                if m.superseded_by is None]
    if project:  # global memories too: those with no project
        everyone = Query(text="startup context", include_superseded=False)
        memories += [m for m in engine.list_memories(limit=100_000, query=everyone)
                     if m.scope.project is None and m.superseded_by is None]
    memories = list({m.id: m for m in memories}.values())
    ranked = sorted(memories, key=lambda m: (-m.importance, -m.created_at.timestamp(), m.id))
    used: set[str] = set()
    chosen: dict[str, list[Memory]] = {name: [] for name in SECTIONS}
    for m in ranked:
        if m.protected or m.kind in DECISION_KINDS:
            chosen["protected and decisions"].append(m)
            used.add(m.id)
    for m in ranked:
        if m.id not in used and (m.kind in PREFERENCE_KINDS or "preference" in m.tags):
            chosen["preferences"].append(m)
            used.add(m.id)
    conflicted = engine.in_open_conflict([m.id for m in memories])
    for m in ranked:
        if m.id in conflicted and m.id not in used:
            chosen["open conflicts"].append(m)
            used.add(m.id)
    newest = sorted(memories, key=lambda m: (-m.created_at.timestamp(), m.id))
    chosen["recent work"] = [m for m in newest if m.id not in used][:recent]
    return _render(chosen, project, budget)


def _render(chosen: dict[str, list[Memory]], project: str | None, budget: int) -> Context:
    head = f"# What to know in {project}" if project else "# What to know"
    lines, ids = [head], []
    spent = tokens(head)
    left_out = 0
    for name in SECTIONS:
        if not chosen[name]:
            continue
        title = f"## {name.capitalize()}"
        if spent + tokens(title) > budget:
            left_out += len(chosen[name])
            continue
        block: list[str] = [title]
        cost = tokens(title)
        for m in chosen[name]:
            line = f"- {_line(m)} [{m.id}]"
            if spent + cost + tokens(line) > budget:
                left_out += 1
                continue
            block.append(line)
            cost += tokens(line)
            ids.append(m.id)
        if len(block) > 1:
            lines += block
            spent += cost
    return Context(text="\n".join(lines) + "\n", ids=ids, tokens=spent, left_out=left_out)


def _line(memory: Memory) -> str:
    text = " ".join(memory.content.split())
    if memory.title and not text.startswith(memory.title):
        text = f"{memory.title}: {text}"
    return text if len(text) <= LINE_CHARS else text[: LINE_CHARS - 1] + "…"
