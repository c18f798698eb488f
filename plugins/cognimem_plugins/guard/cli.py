"""``cognimem guard``: check a text for credentials and prompt injection without storing it
(``--explain``: every decision with its reason), or screen the stored memories again
(``--rescan``, a dry run unless ``--apply``). Added to the command line through
``cognimem_register_commands``; it runs this plugin's MCP tools where the store lives (its
daemon, or this process for an in-memory store)."""

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
    """Add ``guard``'s arguments."""
    p.description = ("Show the text as the guard would store it (each credential replaced by "
                     "[REDACTED:kind]), the kinds redacted and the prompt-injection markers "
                     "found; nothing is stored. Exits 1 when something was found. --explain "
                     "shows every decision with its reason; --rescan screens the stored "
                     "memories (a dry run; --apply changes them). See docs/guards.md.")
    p.add_argument("text", nargs="?", help="the text to check ('-' or omitted: stdin)")
    p.add_argument("--explain", action="store_true",
                   help="show every decision (redacted or kept, cues fired or not) and why")
    p.add_argument("--rescan", action="store_true",
                   help="screen the stored memories with the current rules (dry run)")
    p.add_argument("--apply", action="store_true",
                   help="with --rescan: update the memories the guard would change")
    p.add_argument("--limit", type=int, default=None,
                   help="with --rescan: read at most this many memories, newest first")
    p.set_defaults(func=cmd_guard)


def _dump(result: Any) -> dict[str, Any]:
    return result.model_dump(mode="json") if hasattr(result, "model_dump") else dict(result)


def cmd_guard(args: argparse.Namespace) -> int:
    """Run ``guard_scan``, ``guard_explain`` or ``guard_rescan``."""
    if args.apply and not args.rescan:
        raise InvalidInput("--apply goes with --rescan (cognimem guard --rescan --apply)")
    if args.rescan:
        if args.text is not None or args.explain:
            raise InvalidInput("--rescan takes no text and no --explain")
        return _rescan(args)
    text = args.text
    if text in (None, "-"):
        text = sys.stdin.read()
    if not text.strip():
        raise InvalidInput("nothing to check: give the text as an argument or on stdin")
    tool = "guard_explain" if args.explain else "guard_scan"
    with open_engine(args) as engine:
        data = _dump(call_tool(engine, tool, {"text": text}, retry_safe=True))
    if args.explain:
        emit(args, data, lambda out: _render_explanation(out, data))
        return 1 if data["untrusted"] or any(d["redacted"] for d in data["secrets"]) else 0

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


def _render_explanation(out: Console, data: dict[str, Any]) -> None:
    out.print("credentials:")
    if not data["secrets"]:
        out.print("  no candidate")
    for d in data["secrets"]:
        where = f"[{d['start']}:{d['end']}]"
        if d["redacted"]:
            out.print(f"  REDACTED {where} {d['kind']} ({d['end'] - d['start']} chars): "
                      f"{d['reason']}", markup=False)
        else:
            out.print(f"  kept     {where} {d['value']!r}: {d['reason']}", markup=False)
    verdict = "UNTRUSTED" if data["untrusted"] else "not flagged"
    out.print(f"prompt injection: {verdict} (weak cues {data['score']:.2f}, flags at "
              f"{data['threshold']:.2f}; learned model {data['model_probability']:.2f}, "
              f"counted above {data['model_floor']:.2f} x {data['model_weight']:.2f})",
              markup=False)
    if data.get("judge_probability") is not None:
        out.print(f"  semantic judge: probability {data['judge_probability']:.2f}, flags at "
                  f"{data['judge_threshold']:.2f} (at {data['judge_with_cues']:.2f} with weak "
                  f"cues of {data['judge_cue_at_least']:.2f})", markup=False)
    else:
        out.print(f"  semantic judge: {data.get('judge', 'skipped')}", markup=False)
    for marker in data["markers"]:
        out.print(f"  strong marker: {marker}", markup=False)
    for cue in data["cues"]:
        state = "fired" if cue["fired"] else "-    "
        out.print(f"  {state} {cue['name']} {cue['weight']:+.2f}: {cue['meaning']}",
                  markup=False)


def _rescan(args: argparse.Namespace) -> int:
    arguments: dict[str, Any] = {"apply": bool(args.apply)}
    if args.limit is not None:
        arguments["limit"] = args.limit
    with open_engine(args) as engine:
        data = _dump(call_tool(engine, "guard_rescan", arguments, retry_safe=True))

    def render(out: Console) -> None:
        verb = "changed" if data["applied"] else "would change"
        out.print(f"read {data['scanned']} memories; {verb} {data['changed']} "
                  f"({data['redactions']} credential(s) redacted, {data['flagged']} flagged)",
                  markup=False)
        for change in data["changes"]:
            parts = [f"{r['field']}[{r['start']}:{r['end']}] {r['kind']}"
                     for r in change["redactions"]]
            if change["flag"]:
                parts.append(f"flag: {change['flag']}")
            out.print(f"  {change['id']}: {'; '.join(parts)}", markup=False)
        if data["changed"] > len(data["changes"]):
            out.print(f"  ... and {data['changed'] - len(data['changes'])} more", markup=False)
        if data["changed"] and not data["applied"]:
            out.print("dry run: nothing was changed (add --apply to change them)")

    emit(args, data, render)
    return 1 if data["changed"] and not data["applied"] else 0
