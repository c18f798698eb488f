"""The anchored memories whose code changed (*stale*) or is gone (*orphaned*), and what to
do about them: take their anchors again (``reanchor``: the hashes of the code as it is now,
an ordinary ``Engine.update`` with its event; the anchors of deleted files are dropped) or
archive them (``Engine.archive``: out of search, restorable)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from cognimem.errors import InvalidInput
from cognimem.session import current as current_session

from .anchoring import reanchored
from .freshness import ANCHORS, Checker

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: The most memories one review reads.
MAX_READ = 1_000_000
#: Memories listed in full in a result (the counts cover them all).
MAX_LISTED = 200

Action = Literal["list", "reanchor", "archive"]


class AnchoredMemory(BaseModel):
    """One anchored memory that needs a look, and what was done."""

    model_config = ConfigDict(extra="forbid")
    id: str
    state: str
    stale: list[str]
    orphaned: list[str]
    content: str
    project: str | None = None
    done: str | None = None


class AnchorReview(BaseModel):
    """How many anchored memories were checked, how many are stale or orphaned, and those
    (at most 200 listed), with what was done to each."""

    model_config = ConfigDict(extra="forbid")
    checked: int
    stale: int
    orphaned: int
    action: str
    memories: list[AnchoredMemory]


def review(engine: Engine, *, action: Action = "list", ids: list[str] | None = None,
           project: str | None = None, include_fresh: bool = False,
           agent: str | None = None) -> AnchorReview:
    """Check every live anchored memory (only ``ids``, or only ``project``'s, when given)
    and apply ``action`` to the stale and orphaned ones."""
    if action not in ("list", "reanchor", "archive"):
        raise InvalidInput(f"action must be list, reanchor or archive, not {action[:40]!r}")
    session = current_session()
    checker = Checker()
    wanted = set(ids) if ids else None
    memories = ([engine.get(i) for i in dict.fromkeys(ids)] if ids
                else engine.list_memories(limit=MAX_READ))
    out = AnchorReview(checked=0, stale=0, orphaned=0, action=action, memories=[])
    for memory in memories:
        if memory.archived or not memory.meta.get(ANCHORS):
            continue
        if project is not None and memory.scope.project != project:
            continue
        found = checker.check(memory, session)
        if found is None:
            continue
        out.checked += 1
        if found.state == "fresh" and not include_fresh and wanted is None:
            continue
        if found.state == "stale":
            out.stale += 1
        elif found.state == "orphaned":
            out.orphaned += 1
        item = AnchoredMemory(id=memory.id, state=found.state, stale=found.stale,
                              orphaned=found.orphaned, content=memory.brief(160),
                              project=memory.scope.project)
        if found.state != "fresh" and action == "reanchor":
            folder = checker.folder(memory, session)
            meta = reanchored(dict(memory.meta), folder, session) if folder else None
            if meta is not None:
                engine.update(memory.id, meta=meta, agent=agent)
                item.done = "reanchored"
        elif found.state != "fresh" and action == "archive":
            engine.archive(memory.id, reason=f"anchored code {found.state}: "
                                             f"{', '.join(found.stale + found.orphaned)}",
                           agent=agent)
            item.done = "archived"
        if len(out.memories) < MAX_LISTED:
            out.memories.append(item)
    return out
