"""``cognimem anchors``: the code-anchored memories whose code changed (stale) or is gone
(orphaned); ``--reanchor`` takes their anchors again, ``--archive`` archives them. Runs the
plugin's MCP tools where the store lives (its daemon, or this process)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from cognimem.cli.common import emit, escape, open_engine
from cognimem.errors import InvalidInput
from cognimem.mcp.calls import call_tool

if TYPE_CHECKING:
    from rich.console import Console


def configure(p: argparse.ArgumentParser) -> None:
    """Add ``anchors``' arguments."""
    p.description = ("List the memories about code whose anchored code changed (stale) or "
                     "whose file is gone (orphaned), looked up in the repository you are "
                     "in. --reanchor takes their anchors again (the memory still holds); "
                     "--archive moves them out of search. Exits 1 when some need a look. "
                     "See docs/mcp.md, \"Code anchors\".")
    p.add_argument("ids", nargs="*", help="only these memories (default: all)")
    p.add_argument("--project", help="only this project's memories")
    action = p.add_mutually_exclusive_group()
    action.add_argument("--reanchor", action="store_true",
                        help="take the anchors again from the code as it is now")
    action.add_argument("--archive", action="store_true",
                        help="archive the stale and orphaned memories")
    p.set_defaults(func=cmd_anchors)


def cmd_anchors(args: argparse.Namespace) -> int:
    """Run ``anchors_review`` or ``anchors_update``."""
    arguments: dict[str, Any] = {}
    if args.ids:
        arguments["ids"] = list(args.ids)
    if args.project is not None:
        if not args.project.strip():
            raise InvalidInput("--project is empty: give a project name")
        arguments["project"] = args.project
    tool = "anchors_review"
    if args.reanchor or args.archive:
        tool = "anchors_update"
        arguments["action"] = "reanchor" if args.reanchor else "archive"
    with open_engine(args) as engine:
        result = call_tool(engine, tool, arguments, retry_safe=tool == "anchors_review")
    data = result.model_dump(mode="json") if hasattr(result, "model_dump") else dict(result)
    emit(args, data, lambda out: _render(out, data))
    needs = [m for m in data["memories"] if m["state"] != "fresh" and not m.get("done")]
    return 1 if needs else 0


def _render(out: Console, data: dict[str, Any]) -> None:
    out.print(f"{data['checked']} anchored memories checked: {data['stale']} stale, "
              f"{data['orphaned']} orphaned")
    for item in data["memories"]:
        files = [*(f"changed {p}" for p in item["stale"]),
                 *(f"gone {p}" for p in item["orphaned"])]
        done = f" -> {item['done']}" if item.get("done") else ""
        out.print(f"{item['id']}  {item['state']}{done}  {escape(', '.join(files))}")
        out.print(f"    {escape(item['content'])}")
