"""Startup context: what an agent should know when it starts work in a project, within a
token budget, in a fixed order, every item traceable to its memory id.

Sections, in order: protected memories and decisions, preferences, open conflicts, recent
work. Within a section the most important come first (importance, then newest, then id), so
the same store gives the same context; recent work is newest first. Each memory keeps its
markdown (:mod:`.context_text`). Tokens are estimated as words x 1.3 (MiniLM's WordPiece
averages about that on English prose); the budget is never exceeded. Asked for, a trace
says why each item is there (its reason, tokens and score: the importance its section
orders by) and which items the budget left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cognimem.labels import MemoryLabel, labels_of
from cognimem.models import Memory, Query, Scope

from .budget import BUDGET, MAX_BUDGET, MIN_BUDGET, check_budget, tokens
from .context_text import item, shown_title

if TYPE_CHECKING:
    from cognimem.engine import Engine

__all__ = ["BUDGET", "MAX_BUDGET", "MIN_BUDGET", "Context", "Traced", "build", "check_budget",
           "tokens"]

SECTIONS = ("protected and decisions", "preferences", "open conflicts", "recent work")
DECISION_KINDS = frozenset({"decision", "rule", "convention"})
PREFERENCE_KINDS = frozenset({"preference"})
#: Near misses a trace lists at most.
NEAR_MISSES = 20


@dataclass(frozen=True)
class Traced:
    """Why an item is in the context (or, as a near miss, was left out)."""

    id: str
    section: str
    reason: str
    tokens: int
    score: float
    title: str
    #: What the plugins' labels say about it (``stale: changed since: src/net/retry.py``).
    labels: tuple[str, ...] = ()


@dataclass
class Context:
    """The context text, the ids of the memories it cites and, traced, why."""

    text: str
    ids: list[str] = field(default_factory=list)
    tokens: int = 0
    left_out: int = 0
    trace: list[Traced] = field(default_factory=list)
    near_misses: list[Traced] = field(default_factory=list)


def build(engine: Engine, *, project: str | None = None, budget: int = BUDGET,
          recent: int = 20) -> Context:
    """The startup context of ``project`` (and global memories) within ``budget`` tokens.

    :raises InvalidInput: a budget out of bounds.
    """
    check_budget(budget)
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
    labels = labels_of(engine, [m for name in SECTIONS for m in chosen[name]])
    return _render(chosen, project, budget, labels)


def _reason(memory: Memory, section: str, labels: list[MemoryLabel]) -> str:
    if section == SECTIONS[0]:
        reason = "protected" if memory.protected else "decision"
    elif section == SECTIONS[1]:
        reason = "preference"
    else:
        reason = "open conflict" if section == SECTIONS[2] else "recent"
    return ", ".join([reason, *(label.name for label in labels)])


def labelled(text: str, labels: list[MemoryLabel]) -> str:
    """An item with its labels on a line under it (a warning first marked ``!``)."""
    if not labels:
        return text
    shown = "; ".join(("! " if label.warn else "") + label.text() for label in labels)
    return f"{text}\n  *{shown}*"


def _render(chosen: dict[str, list[Memory]], project: str | None, budget: int,
            labels: dict[str, list[MemoryLabel]]) -> Context:
    head = f"# What to know in {project}" if project else "# What to know"
    blocks, found = [head], Context(text="")
    spent = tokens(head)
    for name in SECTIONS:
        if not chosen[name]:
            continue
        title = f"## {name.capitalize()}"
        block: list[str] = [title]
        cost = tokens(title)
        for m in chosen[name]:
            own = labels.get(m.id, [])
            text = labelled(item(m), own)
            traced = Traced(m.id, name, _reason(m, name, own), tokens(text),
                            round(m.importance, 4), shown_title(m.title) or m.brief(60),
                            tuple(label.text() for label in own))
            if spent + cost + traced.tokens > budget:
                found.left_out += 1
                if len(found.near_misses) < NEAR_MISSES:
                    found.near_misses.append(traced)
                continue
            block.append(text)
            cost += traced.tokens
            found.ids.append(m.id)
            found.trace.append(traced)
        if len(block) > 1:
            blocks.append("\n".join(block))
            spent += cost
    found.text = "\n\n".join(blocks) + "\n"
    found.tokens = spent
    return found
