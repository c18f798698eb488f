"""``update``: change a memory's fields, or supersede it with new content."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import InvalidInput
from ..names import cli_agent
from .common import add_agent_option, command, emit, iso_time, open_engine


def register(subparsers: Any) -> None:
    """Add the update command."""
    p = command(subparsers, "update", cmd_update, "change a memory (or supersede it)",
                description="Change the fields given of one memory. With --supersede the new "
                "--content becomes a new memory that replaces this one (kept, marked "
                "superseded).")
    p.add_argument("id")
    p.add_argument("--content", help="the new text")
    p.add_argument("--kind")
    p.add_argument("--title")
    p.add_argument("--tag", action="append", dest="tags", help="replaces the tags; repeatable")
    p.add_argument("--importance", type=float)
    p.add_argument("--protected", action=argparse.BooleanOptionalAction, default=None,
                   help="never decays or archives (--no-protected lifts it)")
    p.add_argument("--valid-from", type=iso_time, metavar="WHEN",
                   help="when it became true in the world (ISO 8601)")
    p.add_argument("--valid-until", type=iso_time, metavar="WHEN",
                   help="when it stopped being true (ISO 8601)")
    p.add_argument("--supersede", action="store_true",
                   help="write --content as a new memory that replaces this one")
    add_agent_option(p)


def cmd_update(args: argparse.Namespace) -> int:
    """Update (or supersede) one memory."""
    fields: dict[str, Any] = {
        name: getattr(args, name)
        for name in ("content", "kind", "title", "tags", "importance", "protected",
                     "valid_from", "valid_until")
        if getattr(args, name) is not None
    }
    if not fields:
        raise InvalidInput("nothing to change: give at least one of --content, --kind, "
                           "--title, --tag, --importance, --protected, --valid-from, "
                           "--valid-until")
    agent = cli_agent(args.agent)
    with open_engine(args) as engine:
        if args.supersede:
            content = fields.pop("content", None)
            if content is None:
                raise InvalidInput("--supersede needs the new --content")
            written = engine.supersede(args.id, content, agent=agent, **fields)
        else:
            written = engine.update(args.id, agent=agent, **fields)
    data = {"id": written.id, "version": written.memory.version,
            "supersedes": args.id if args.supersede else None, "notes": written.notes}
    emit(args, data, lambda out: out.print(
        f"{args.id} superseded by {written.id}" if args.supersede
         else f"updated {written.id} (version {written.memory.version})"))
    return 0
