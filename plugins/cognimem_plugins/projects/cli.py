"""``cognimem projects``: the project the repository you are in is named by, and its memories
under former names; ``--migrate`` moves them. ``cognimem branches``: the branches keeping
captured facts; ``--promote`` promotes the merged branches' facts. Each runs its tool
(``project_repository``, ``project_branches``) where the store lives."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from cognimem.cli.common import emit, escape, open_engine
from cognimem.mcp.calls import call_tool

if TYPE_CHECKING:
    from rich.console import Console


def configure(p: argparse.ArgumentParser) -> None:
    """Add ``projects``' arguments."""
    p.description = ("Show the project the git repository you are in is named by (shared by "
                     "all its worktrees) and how many memories are filed under its former "
                     "names (a worktree's folder name); --migrate moves them to the project. "
                     "See docs/intake.md, \"Projects, worktrees and branches\".")
    p.add_argument("--migrate", action="store_true",
                   help="move the memories under former names to the repository's project")
    p.set_defaults(func=cmd_projects)


def cmd_projects(args: argparse.Namespace) -> int:
    """Run ``project_repository``."""
    with open_engine(args) as engine:
        result = call_tool(engine, "project_repository", {"migrate": bool(args.migrate)},
                           retry_safe=not args.migrate)
    data = result.model_dump(mode="json") if hasattr(result, "model_dump") else dict(result)
    emit(args, data, lambda out: _render(out, data))
    return 1 if data["refused"] else 0


def _render(out: Console, data: dict[str, Any]) -> None:
    out.print(f"project: {escape(data['project'])} (named by its {data['identity']})")
    for name, count in data["former"].items():
        out.print(f"  former name {escape(name)}: {count} memories")
    if data["applied"]:
        out.print(f"moved {data['moved']} memories to {escape(data['project'])}")
        for memory_id, why in data["refused"].items():
            out.print(f"  kept {memory_id}: {escape(why)}")
    elif any(data["former"].values()):
        out.print("move them: cognimem projects --migrate")


#: ``branches``' description (its --help).
BRANCHES = ("List the branches of the git repository you are in whose captured facts are kept "
            "to them (profile key write.branch_scope) and whether each is merged into the "
            "default branch; --promote makes the merged branches' facts project-wide. See "
            "docs/intake.md, \"Branch scope\".")


def configure_branches(p: argparse.ArgumentParser) -> None:
    """Add ``branches``' arguments (``--promote``, ``--branch NAME``)."""
    p.description = BRANCHES
    p.set_defaults(func=cmd_branches)
    p.add_argument("--promote", action="store_true",
                   help="promote the memories of every branch merged into the default one")
    p.add_argument("--branch", help="with --promote: this branch alone, merged or not")


def cmd_branches(args: argparse.Namespace) -> int:
    """Run ``project_branches``."""
    from cognimem.errors import InvalidInput

    if args.branch is not None and not args.promote:
        raise InvalidInput("--branch names the branch to promote: add --promote")
    arguments = {"promote": bool(args.promote), "branch": args.branch}
    with open_engine(args) as engine:
        result = call_tool(engine, "project_branches", arguments, retry_safe=True)
    data = result.model_dump(mode="json") if hasattr(result, "model_dump") else dict(result)
    emit(args, data, lambda out: _render_branches(out, data))
    return 1 if data["refused"] else 0


def _render_branches(out: Console, data: dict[str, Any]) -> None:
    out.print(f"project: {escape(data['project'])}; on {escape(data['current'] or '?')}, "
              f"default branch {escape(data['default'] or 'not known')}")
    if not data["branches"]:
        out.print("no branch keeps memories")
    for row in data["branches"]:
        state = {True: "merged", False: "not merged", None: "merge not known"}[row["merged"]]
        done = f", {row['promoted']} promoted" if data["applied"] else ""
        out.print(f"  {escape(row['branch'])}: {row['memories']} memories, {state}{done}")
    for memory_id, why in data["refused"].items():
        out.print(f"  kept {memory_id}: {escape(why)}")
    if not data["applied"] and any(r["merged"] for r in data["branches"]):
        out.print("promote the merged ones: cognimem branches --promote")
