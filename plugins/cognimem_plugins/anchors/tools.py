"""The anchors' MCP tools: ``anchors_review`` (the stale and orphaned code-anchored
memories) and ``anchors_update`` (take their anchors again, or archive them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from cognimem.components import ToolSpec
from cognimem.limits import ID_CHARS, NAME_CHARS

from .review import AnchorReview, review

if TYPE_CHECKING:
    from cognimem.engine import Engine

Ids = Annotated[list[Annotated[str, Field(min_length=1, max_length=ID_CHARS)]] | None,
                Field(max_length=1000, description="only these memories (default: all)")]
Project = Annotated[str | None, Field(max_length=NAME_CHARS,
                                      description="only this project's memories")]


def anchors_review(engine: Engine, ids: Ids = None, project: Project = None) -> AnchorReview:
    """List the memories about code whose anchored code changed (stale) or whose file is
    gone (orphaned), with the files concerned: check the code before relying on them,
    then call anchors_update to re-anchor (the code still says it) or archive them.

    Example: {"project": "shop"}
    """
    return review(engine, action="list", ids=ids, project=project)


def anchors_update(
    engine: Engine,
    action: Annotated[Literal["reanchor", "archive"], Field(description=(
        "reanchor: the memory still holds, take the code's hash again; archive: it no "
        "longer holds, move it out of search"))],
    ids: Ids = None,
    project: Project = None,
) -> AnchorReview:
    """Re-anchor or archive stale and orphaned code-anchored memories (all of them, or
    only ``ids``); each change is an ordinary update or archive with its event.

    Example: {"action": "reanchor", "ids": ["01J..."]}
    """
    return review(engine, action=action, ids=ids, project=project)


TOOLS = (
    ToolSpec(name="anchors_review", func=anchors_review, title="Stale code-anchored memories",
             read_only=True, idempotent=True, sets=frozenset({"full"})),
    ToolSpec(name="anchors_update", func=anchors_update,
             title="Re-anchor or archive stale memories", read_only=False, idempotent=True,
             sets=frozenset({"full"})),
)
