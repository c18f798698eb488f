"""``guard``: check a text for credentials and prompt injection without storing it (the
guard plugin's ``guard_scan`` tool, run where the store lives)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape

from ..errors import InvalidInput, PluginError
from .common import command, emit, open_engine


def register(subparsers: Any) -> None:
    """Add the guard command."""
    p = command(subparsers, "guard", cmd_guard,
                "check a text for secrets and prompt injection (nothing is stored)",
                "Show the text as the guard would store it (each credential replaced by "
                "[REDACTED:kind]), the kinds redacted, and the prompt-injection markers "
                "found. See docs/guards.md.")
    p.add_argument("text", nargs="?", help="the text to check ('-' or omitted: stdin)")


def cmd_guard(args: argparse.Namespace) -> int:
    """Run ``guard_scan``; exit 1 when something was found."""
    text = args.text
    if text in (None, "-"):
        text = sys.stdin.read()
    if not text.strip():
        raise InvalidInput("nothing to check: give the text as an argument or on stdin")
    from ..mcp.remote import RemoteEngine

    with open_engine(args) as engine:
        if isinstance(engine, RemoteEngine):
            result = engine.run_tool("guard_scan", {"text": text}, retry_safe=True)
        else:
            spec = engine.host.get("tool", "guard_scan")
            if spec is None:
                raise PluginError("the guard plugin is not loaded (is it in the profile's "
                                  "[plugins] deny list?)")
            result = spec.obj.func(engine, text=text)
    data = result.model_dump(mode="json") if hasattr(result, "model_dump") else dict(result)

    def render(out: Console) -> None:
        if data["redactions"]:
            listed = ", ".join(f"{r['count']} {r['kind']}" for r in data["redactions"])
            out.print(f"redacted: {listed}")
        if data["injection"]:
            out.print(f"untrusted: {escape(data['reason'])} ({', '.join(data['injection'])})")
        if not data["redactions"] and not data["injection"]:
            out.print("nothing found")
            return
        out.print(escape(data["redacted"]), markup=False)

    emit(args, data, render)
    return 1 if data["redactions"] or data["injection"] else 0
