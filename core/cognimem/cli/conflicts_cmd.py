"""``conflicts``: list memories that disagree and resolve them (keep newer, keep one, keep
both). Parses and delegates to the engine's conflict log."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput
from .common import add_global_options, command, emit, escape, open_engine, table, visible

if TYPE_CHECKING:
    from rich.console import Console

RESOLUTIONS = {"newer": "keep_newer", "a": "keep_a", "b": "keep_b", "both": "keep_both"}


def register(subparsers: Any) -> None:
    """Add ``conflicts`` (list) and ``conflicts resolve``."""
    p = command(subparsers, "conflicts", cmd_list, "list or resolve conflicting memories",
                description="Memories that read alike but state different values (a number, "
                            "version, date, path or identifier), found as they are written. "
                            "Without an action: list the open ones.")
    p.add_argument("--status", choices=["open", "resolved", "all"], default="open")
    p.add_argument("--memory", help="only the conflicts of this memory")
    p.add_argument("--limit", type=int, default=50, help="list at most this many")
    sub = p.add_subparsers(dest="conflicts_action", metavar="ACTION")
    r = sub.add_parser("resolve", help="resolve one conflict",
                       description="newer: the newer memory supersedes the older; a / b: keep "
                                   "that one, the other is superseded; both: both hold, never "
                                   "asked again")
    add_global_options(r)
    r.add_argument("id", help="the conflict id (from `cognimem conflicts`)")
    r.add_argument("keep", choices=sorted(RESOLUTIONS), help="what to keep")
    r.add_argument("--note", help="why, kept with the conflict")
    r.add_argument("--agent", help="who resolves it")
    r.set_defaults(func=cmd_resolve)


def cmd_list(args: argparse.Namespace) -> int:
    """List conflicts, newest first, with both memories and what differs."""
    if args.limit < 1:
        raise InvalidInput("--limit must be at least 1")
    with open_engine(args) as engine:
        found = engine.conflicts(status=args.status, memory_id=args.memory)
        listed = found[: args.limit]
        memories = engine.get_many({i for c in listed for i in (c.a, c.b)})
    rows = [{**c.model_dump(mode="json", exclude_none=True),
             "a_content": memories[c.a].content if c.a in memories else None,
             "b_content": memories[c.b].content if c.b in memories else None} for c in listed]

    def render(out: Console) -> None:
        if not listed:
            out.print(f"no {'' if args.status == 'all' else args.status + ' '}conflicts")
            return
        grid = table(show_lines=True)
        for col in ("conflict", "a", "b", "differs", "status"):
            grid.add_column(col, no_wrap=col == "conflict")
        for c in listed:
            a, b = memories.get(c.a), memories.get(c.b)
            grid.add_row(c.id, escape(f"{c.a}\n{a.brief(60) if a else '(gone)'}"),
                          escape(f"{c.b}\n{b.brief(60) if b else '(gone)'}"),
                          escape("\n".join(c.differs)), c.resolution or c.status)
        out.print(grid)
        if len(found) > len(listed):
            out.print(f"{len(found) - len(listed)} more (use --limit)")
        if args.status == "open":
            out.print("resolve with `cognimem conflicts resolve ID newer|a|b|both`")

    emit(args, rows, render)
    return 0


def cmd_resolve(args: argparse.Namespace) -> int:
    """Resolve one conflict."""
    with open_engine(args) as engine:
        done = engine.resolve_conflict(args.id, RESOLUTIONS[args.keep], agent=args.agent,
                                       note=args.note)
    emit(args, done.model_dump(mode="json", exclude_none=True),
         lambda out: out.print(f"resolved {done.id}: {visible(str(done.resolution))}",
                               markup=False))
    return 0
