"""``jobs``: the store daemon's long operations (imports, ingests, reindexing, dream runs):
list them, show one, follow one to its end, cancel one."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .common import command, emit, open_engine, table

if TYPE_CHECKING:
    from rich.console import Console


def register(subparsers: Any) -> None:
    """Add ``jobs``."""
    p = command(subparsers, "jobs", cmd_jobs,
                "list, show, follow or cancel the daemon's long jobs",
                "Imports, vault indexing, reindexing and dream runs run in the store's daemon "
                "as jobs, in units that let searches and small writes through. `jobs` lists "
                "them (newest first); `jobs show ID` shows one with its report; `jobs wait "
                "ID` follows one to its end with a progress bar; `jobs cancel ID` stops one "
                "after the unit it is in (what it committed stays). Jobs live as long as the "
                "daemon.")
    p.add_argument("action", nargs="?", choices=["list", "show", "wait", "cancel"],
                   default="list", help="list (default), show, wait or cancel")
    p.add_argument("id", nargs="?", help="the job (for show, wait, cancel)")


def cmd_jobs(args: argparse.Namespace) -> int:
    """List, show, follow or cancel jobs."""
    from ..errors import InvalidInput

    if args.action != "list" and not args.id:
        raise InvalidInput(f"`cognimem jobs {args.action}` needs a job id: list them with "
                           "`cognimem jobs`")
    with open_engine(args) as engine:
        if args.action == "list":
            return _list(args, engine.jobs())
        if args.action == "cancel":
            info = engine.cancel_job(args.id)
        elif args.action == "wait":
            from .following import Cancelled, JobBar, follow, report_cancelled

            try:
                info = follow(engine, engine.job(args.id),
                              JobBar(engine.job(args.id).kind, quiet=args.json))
            except Cancelled as stop:
                return report_cancelled(args, stop)
        else:
            info = engine.job(args.id)

    def render(out: Console) -> None:
        out.print(info.line(), markup=False)
        if info.detail:
            out.print(f"  on: {info.detail}", markup=False)
        if info.report:
            shown = {k: v for k, v in info.report.items() if v not in (None, [], {}, "")}
            out.print(f"  report: {shown}", markup=False)

    emit(args, info.model_dump(mode="json"), render)
    return 1 if info.state == "failed" else 0


def _list(args: argparse.Namespace, jobs: list[Any]) -> int:
    def render(out: Console) -> None:
        if not jobs:
            out.print("no jobs (a job lives as long as the store's daemon)")
            return
        grid = table("id", "kind", "state", "done", "total", "left", "on")
        for info in jobs:
            left = "" if info.eta_s is None else f"{info.eta_s:.0f}s"
            grid.add_row(info.id, info.kind, info.state, f"{info.done:,}",
                         "?" if info.total is None else f"{info.total:,}", left, info.detail)
        out.print(grid)

    emit(args, [j.model_dump(mode="json") for j in jobs], render)
    return 0
