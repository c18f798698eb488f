"""Memories filed under a repository's former project names (the folder name of one of its
worktrees, as projects were named before; its name before its first commit) moved to its
project, each through an ordinary ``Engine.update`` with its event. A dry run unless asked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from cognimem.errors import CognimemError, InvalidInput
from cognimem.repository import repository_at
from cognimem.session import current as current_session

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: The most memories one call reads.
MAX_READ = 1_000_000


class ProjectReport(BaseModel):
    """The repository's project and the memories under its former names: how many, how many
    were moved, and those an authority rule kept (id and why)."""

    model_config = ConfigDict(extra="forbid")
    project: str
    display: str
    identity: str
    former: dict[str, int]
    moved: int
    applied: bool
    refused: dict[str, str]


def repository_report(engine: Engine, *, apply: bool = False,
                      agent: str | None = None) -> ProjectReport:
    """The session's repository, and its memories filed under former names (moved to its
    project when ``apply``)."""
    folder = current_session().folder
    repo = repository_at(Path(folder)) if folder else None
    if repo is None:
        raise InvalidInput("not inside a git repository: run it in the repository whose "
                           "memories to move (the MCP server's folder, or the working folder)")
    former = repo.former_names()
    counts = dict.fromkeys(former, 0)
    moved = 0
    refused: dict[str, str] = {}
    for memory in engine.list_memories(limit=MAX_READ, include_archived=True):
        name = memory.scope.project
        if name not in counts:
            continue
        counts[name] += 1
        if not apply:
            continue
        scope = {**memory.scope.model_dump(), "project": repo.project}
        try:
            engine.update(memory.id, scope=scope, agent=agent)
        except CognimemError as exc:  # an authority rule: said, and the rest moved
            refused[memory.id] = str(exc)[:300]
            continue
        moved += 1
    return ProjectReport(project=repo.project, display=repo.display,
                         identity=repo.identity.split(":", 1)[0], former=counts, moved=moved,
                         applied=apply, refused=refused)
