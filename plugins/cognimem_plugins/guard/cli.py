"""``cognimem guard``: check a text for credentials and prompt injection without storing it.
Added to the command line through ``cognimem_register_commands``; it runs this plugin's
``guard_scan`` tool where the store lives (its daemon, or this process for an in-memory
store)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from cognimem.cli.common import emit, escape, open_engine
from cognimem.errors import InvalidInput
from cognimem.mcp.calls import call_tool

if TYPE_CHECKING:
    from rich.console import Console


def configure(p: argparse.ArgumentParser) -> None:
    """Add ``guard``'s text argument."""
    p.description = ("Show the text as the guard would store it (each credential replaced by "
                     "[REDACTED:kind]), the kinds redacted and the prompt-injection markers "
                     "found; nothing is stored. Exits 1 when something was found. See "
                     "docs/guards.md.")
    p.add_argument("text", nargs="?", help="the text to check ('-' or omitted: stdin)")
    p.set_defaults(func=cmd_guard)


def cmd_guard(args: argparse.Namespace) -> int:
    """Run ``guard_scan``; exit 1 when something was found."""
    text = args.text
    if text in (None, "-"):
        text = sys.stdin.read()
    if not text.strip():
        raise InvalidInput("nothing to check: give the text as an argument or on stdin")
    with open_engine(args) as engine:
        result = call_tool(engine, "guard_scan", {"text": text}, retry_safe=True)
    data: dict[str, Any] = (result.model_dump(mode="json") if hasattr(result, "model_dump")
                            else dict(result))

    def render(out: Console) -> None:
        if data["redactions"]:
            listed = ", ".join(f"{r['count']} {r['kind']}" for r in data["redactions"])
            out.print(f"redacted: {listed}")
        if data["injection"]:
            out.print(f"untrusted: {escape(data['reason'])} ({', '.join(data['injection'])})")
        if not data["redactions"] and not data["injection"]:
            out.print("nothing found")
            return
        out.print(data["redacted"], markup=False)

    emit(args, data, render)
    return 1 if data["redactions"] or data["injection"] else 0
