"""``sync``: what changed since an agent last acknowledged, and acknowledging it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..names import cli_agent
from .common import add_agent_option, command, emit, open_engine

if TYPE_CHECKING:
    from rich.console import Console


def register(subparsers: Any) -> None:
    """Add the sync command."""
    p = command(subparsers, "sync", cmd_sync, "changes since this agent's last acknowledged "
                "sync", description="List what changed in the store (memories added, updated, "
                "superseded, archived, deleted; conflicts) since the agent's offset. The offset "
                "moves only with --ack SEQ (the `upto` of the previous sync): until then the "
                "same changes come back.")
    add_agent_option(p)
    p.add_argument("--ack", type=int, default=None, metavar="SEQ",
                   help="first acknowledge every change up to event SEQ")
    p.add_argument("--limit", type=int, default=100, help="most changes listed (default 100)")
    p.add_argument("--include-own", action="store_true", help="also list this agent's changes")


def cmd_sync(args: argparse.Namespace) -> int:
    """Acknowledge (with --ack), then list the changes after the agent's offset."""
    agent = cli_agent(args.agent)
    with open_engine(args) as engine:
        acknowledged = engine.acknowledge(agent, args.ack) if args.ack is not None else None
        batch = engine.sync(agent, limit=args.limit, include_own=args.include_own)
        found = engine.get_many([c.id for c in batch.changes if c.id])
    data: dict[str, Any] = {
        **batch.model_dump(mode="json", exclude={"changes"}), "acknowledged": acknowledged,
        "changes": [{**c.model_dump(mode="json", exclude_none=True),
                     **({"content": found[c.id].brief(160)} if c.id and c.id in found
                        else {})}
                    for c in batch.changes]}

    def render(out: Console) -> None:
        from rich.markup import escape
        from rich.table import Table

        if acknowledged is not None:
            out.print(f"{agent}: acknowledged up to event {acknowledged}")
        table = Table(title=f"changes for {agent} after event {batch.offset}")
        for col in ("seq", "change", "id", "by agent", "memory"):
            table.add_column(col)
        for c in batch.changes:
            memory = found[c.id].brief(70) if c.id and c.id in found else (c.by or "")
            table.add_row(str(c.seq), c.change, c.id or "", c.agent or "-", escape(memory))
        out.print(table)
        out.print(f"acknowledge with: cognimem sync --agent {agent} --ack {batch.upto}"
                  + (" (more changes wait)" if batch.more else ""))

    emit(args, data, render)
    return 0
