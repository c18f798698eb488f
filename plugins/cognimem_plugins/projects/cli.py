"""``cognimem projects``: the project the repository you are in is named by, and its memories
under former names; ``--migrate`` moves them. Runs the ``project_repository`` tool where the
store lives."""

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
