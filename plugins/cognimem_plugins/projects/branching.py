"""The branch scope's other half: the facts captured on a branch (kept to it by the write
pipeline's scope rule, ``[write] branch_scope``) are *promoted* once the branch is merged
into the repository's default branch: each loses its branch through an ordinary
``Engine.update`` (with its event) and is recalled on every branch. Promotion is asked for
(``cognimem branches --promote``, the ``project_branches`` tool, and the ``SessionStart``
hook when the profile keeps branches); a branch not merged is only promoted by name."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from cognimem.errors import CognimemError, InvalidInput
from cognimem.models import Memory, Query
from cognimem.models.search import ALL_BRANCHES, BRANCH_KEY
from cognimem.repository import Repository, default_branch, head_branch, repository_at
from cognimem.session import current as current_session

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: The most memories one call reads.
MAX_READ = 1_000_000
#: Seconds allowed to ask git whether one branch is merged.
GIT_SECONDS = 3
#: A branch name this command accepts (what git allows, minus what a shell or option reads).
_NAME = re.compile(r"[\w][\w./-]{0,199}")


class BranchRow(BaseModel):
    """One branch's kept memories: how many, whether it is merged into the default branch
    (None: not known, such as a deleted branch), and how many were promoted."""

    model_config = ConfigDict(extra="forbid")
    branch: str
    memories: int
    merged: bool | None
    promoted: int = 0


class BranchReport(BaseModel):
    """The repository's branches that keep memories, and what a promotion did."""

    model_config = ConfigDict(extra="forbid")
    project: str
    current: str | None
    default: str | None
    branches: list[BranchRow]
    promoted: int
    applied: bool
    refused: dict[str, str]


def merged(root: Path, branch: str, default: str | None) -> bool | None:
    """Whether ``branch``'s head is an ancestor of the default branch (``git merge-base
    --is-ancestor``, bounded in time); None when either is unknown."""
    if default is None or not _NAME.fullmatch(branch):
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "merge-base", "--is-ancestor", f"refs/heads/{branch}",
             f"refs/heads/{default}"], capture_output=True, timeout=GIT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return {0: True, 1: False}.get(done.returncode)


def kept_memories(engine: Engine, repo: Repository) -> dict[str, list[Memory]]:
    """The memories kept to a branch, by branch: the repository's project's, and those
    written without a project (a command line's capture outside a hook)."""
    found: dict[str, list[Memory]] = {}
    query = Query(text="branches", branch=ALL_BRANCHES)
    for memory in engine.list_memories(limit=MAX_READ, query=query):
        branch = memory.meta.get(BRANCH_KEY) if memory.meta else None
        if isinstance(branch, str) and memory.scope.project in (repo.project, None):
            found.setdefault(branch, []).append(memory)
    return found


def branch_report(engine: Engine, *, promote: bool = False, branch: str | None = None,
                  agent: str | None = None) -> BranchReport:
    """The session's repository's branches that keep memories; with ``promote``, those of
    every merged branch (or of ``branch`` alone, merged or not) promoted.

    :raises InvalidInput: outside a repository, or a ``branch`` that is no branch name.
    """
    folder = current_session().folder
    repo = repository_at(Path(folder)) if folder else None
    if repo is None:
        raise InvalidInput("not inside a git repository: run it in the repository whose "
                           "branches to show (the MCP server's folder, or the working folder)")
    if branch is not None and not _NAME.fullmatch(branch):
        raise InvalidInput(f"branch {branch[:80]!r} is not a branch name: give one such as "
                           "feature/login")
    default = default_branch(repo.common)
    rows, refused, total = [], {}, 0
    for name, memories in sorted(kept_memories(engine, repo).items()):
        row = BranchRow(branch=name, memories=len(memories),
                        merged=merged(repo.root, name, default))
        if promote and (name == branch if branch is not None else row.merged):
            for memory in memories:
                meta = {k: v for k, v in memory.meta.items() if k != BRANCH_KEY}
                try:
                    engine.update(memory.id, meta=meta, agent=agent)
                except CognimemError as exc:  # an authority rule: said, the rest promoted
                    refused[memory.id] = str(exc)[:300]
                    continue
                row.promoted += 1
            total += row.promoted
        rows.append(row)
    return BranchReport(project=repo.project, current=head_branch(repo.root), default=default,
                        branches=rows, promoted=total, applied=promote, refused=refused)
