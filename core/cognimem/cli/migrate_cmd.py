"""``migrate``: move a store to another record store (DuckDB to PostgreSQL and back)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .common import cli_profile, command, console, emit

if TYPE_CHECKING:
    from rich.console import Console


def register(subparsers: Any) -> None:
    """Add the migrate command."""
    p = command(subparsers, "migrate", cmd_migrate,
                "copy a store into another profile's record store (resumable)",
                "Copy every memory (ids kept), embedding, access, edge, event (the hash chain "
                "verbatim) and graveyard entry of the --profile/--store store into the record "
                "store of the --to profile, which must be new and empty. Run it again after an "
                "interruption to resume. Indexes are rebuilt from the records when the target "
                "is next opened. Stop the source's daemon first (`cognimem daemon stop`).")
    p.add_argument("--to", required=True, metavar="PROFILE", action="append", dest="to",
                   help="the target's profile file or built-in name (repeat to layer)")
    p.add_argument("--to-store", metavar="PATH",
                   help="the target's store directory (overrides the --to profile's `path`)")
    p.add_argument("--batch", type=int, default=500,
                   help="memories (and events) per transaction (default 500)")


def cmd_migrate(args: argparse.Namespace) -> int:
    """Open both record stores in this process and copy with a progress bar on stderr."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.table import Table

    from ..migrate import migrate_records, open_records
    from ..profile import load_profile

    source_profile = cli_profile(args)
    overrides = {"path": args.to_store} if args.to_store else None
    target_profile = load_profile(*args.to, overrides=overrides)
    bar = Progress(TextColumn("{task.description:<10}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(), console=console(stderr=True),
                   disable=getattr(args, "json", False))
    tasks: dict[str, Any] = {}

    def advance(stage: str, done: int, total: int | None) -> None:
        if stage not in tasks:
            tasks[stage] = bar.add_task(stage, total=total)
        bar.update(tasks[stage], completed=done, total=total)

    with open_records(source_profile) as source, open_records(target_profile) as target, bar:
        report = migrate_records(source, target, batch=args.batch, progress=advance)
    data = {"from": source_profile.records.use, "to": target_profile.records.use,
            **report.model_dump()}

    def render(out: Console) -> None:
        table = Table(title=f"migrated {data['from']} -> {data['to']}"
                            + (" (resumed)" if report.resumed else ""))
        for col in ("memories", "embeddings", "accesses", "edges", "events", "graves"):
            table.add_column(col, justify="right")
        table.add_row(*(f"{data[c]:,}" for c in ("memories", "embeddings", "accesses", "edges",
                                                  "events", "graves")))
        out.print(table)
        out.print("event log: hash chain intact" if report.chain_ok
                  else "event log: the copied hash chain does not verify: run `cognimem check`",
                  markup=False)

    emit(args, data, render)
    return 0 if report.chain_ok else 1
