"""The MCP tool ``project_repository``: the project the server's repository is named by,
and its memories filed under former names (moved when asked)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from cognimem.components import ToolSpec

from .moving import ProjectReport, repository_report

if TYPE_CHECKING:
    from cognimem.engine import Engine


def project_repository(
    engine: Engine,
    migrate: Annotated[bool, Field(description=(
        "move the memories filed under the repository's former names (a worktree's folder "
        "name) to its project (default: only count them)"))] = False,
) -> ProjectReport:
    """The project this repository is named by (shared by all its worktrees), and how many
    memories are filed under its former names (the folder names of its worktrees, as
    projects were named before). With migrate=true they are moved to the project, each by
    an ordinary update.

    Example: {"migrate": false}
    """
    return repository_report(engine, apply=migrate)


TOOLS = (
    ToolSpec(name="project_repository", func=project_repository,
             title="The repository's project, and moving former names", read_only=False,
             idempotent=True, sets=frozenset({"full"})),
)
