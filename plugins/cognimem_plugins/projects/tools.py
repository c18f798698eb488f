"""The MCP tools ``project_repository`` (the project the server's repository is named by,
and its memories filed under former names, moved when asked) and ``project_branches`` (the
branches keeping captured facts, promoted when merged)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from cognimem.components import ToolSpec

from .branching import BranchReport, branch_report
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


def project_branches(
    engine: Engine,
    promote: Annotated[bool, Field(description=(
        "promote the memories kept to every branch merged into the default branch, so "
        "they are recalled on every branch (default: only list)"))] = False,
    branch: Annotated[str | None, Field(max_length=200, description=(
        "with promote: promote this branch's memories alone, merged or not"))] = None,
) -> BranchReport:
    """The repository's branches whose captured facts are kept to them (the profile's
    write.branch_scope): how many each keeps and whether it is merged into the default
    branch. With promote=true the merged branches' memories are promoted (each by an
    ordinary update) and recalled everywhere.

    Example: {"promote": true}
    """
    return branch_report(engine, promote=promote, branch=branch)


TOOLS = (
    ToolSpec(name="project_repository", func=project_repository,
             title="The repository's project, and moving former names", read_only=False,
             idempotent=True, sets=frozenset({"full"})),
    ToolSpec(name="project_branches", func=project_branches,
             title="Branches keeping memories, and promoting them", read_only=False,
             idempotent=True, sets=frozenset({"full"})),
)
