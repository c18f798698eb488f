"""``maintain``, ``dream`` and ``graveyard``: run the decay policies, consolidate; list and
restore archived memories."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput
from .common import command, emit, escape, open_engine, table, visible
from .following import add_background_option

if TYPE_CHECKING:
    from rich.console import Console

    from ..components import DecayAction, GraveEntry
    from ..engine import DreamReport, MaintenanceReport


def register(subparsers: Any) -> None:
    """Add the maintenance commands."""
    p = command(subparsers, "maintain", cmd_maintain,
                "run the profile's decay policies once",
                "Run the profile's decay policies (e.g. fademem) once at the engine clock's "
                "time: promotions, demotions and archival, each logged as an event.")
    p.add_argument("--dry-run", action="store_true",
                   help="list what would be promoted, demoted or archived; change nothing")

    p = command(subparsers, "dream", cmd_dream,
                "consolidate: merge near-duplicates, archive trivial old memories",
                "Run the profile's consolidator once: clusters of near-duplicates become one "
                "memory keeping every source's provenance (the others go to the graveyard), "
                "and trivial, unused, old memories go to the graveyard. Restorable; every "
                "action is an event.")
    p.add_argument("--dry-run", action="store_true", help="report what would change")
    p.add_argument("--force", action="store_true",
                   help="run even if the last run was recent or little changed since")
    p.add_argument("--undo", action="store_true",
                   help="undo the last run that changed something, as one unit of work "
                        "(refused when a later write touched one of its memories); with "
                        "--dry-run, show what it would undo")
    add_background_option(p)

    p = command(subparsers, "graveyard", cmd_graveyard, "list or restore archived memories")
    p.add_argument("action", nargs="?", choices=["list", "restore"], default="list",
                   help="list (default) or restore")
    p.add_argument("id", nargs="?", help="the memory to restore")
    p.add_argument("--limit", type=int, default=50, help="list at most this many (newest first)")


def cmd_maintain(args: argparse.Namespace) -> int:
    """Run (or, with --dry-run, plan) one maintenance pass and print what it did."""
    with open_engine(args) as engine:
        policies = list(engine.stats()["pipeline"]["decay"])
        report = engine.maintain(dry_run=args.dry_run)
    data = report_json(report, policies)

    def render(out: Console) -> None:
        state = "dry run: nothing changed" if report.dry_run else "applied"
        if not policies:
            out.print("the profile has no [[decay]] policy: nothing to do "
                      "(add `[[decay]] use = \"fademem\"`)", markup=False)
        grid = table(title=f"maintenance at {report.at:%Y-%m-%d %H:%M} ({state})")
        for col in ("action", "id", "reason"):
            grid.add_column(col)
        for action in report.actions:
            grid.add_row(action.action, escape(action_target(action)), escape(action.reason))
        if report.actions:
            out.print(grid)
        counts = report.counts()
        summary = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) or "no changes"
        out.print(f"{'dry run: ' if report.dry_run else ''}{summary}", markup=False)
        for note in report.notes:
            out.print(f"  note: {note}", markup=False)

    emit(args, data, render)
    return 0


def cmd_dream(args: argparse.Namespace) -> int:
    """Consolidate once (or, with --dry-run, plan it) and print what it did."""
    if args.undo and args.force:
        raise InvalidInput("dream --undo takes no --force (an undo has no run guards)")
    if args.undo and args.background:
        raise InvalidInput("dream --undo runs at once, as one unit: drop --background")
    if args.background:
        from .following import in_background

        return in_background(args, open_engine, "dream", dry_run=args.dry_run,
                             force=args.force)
    with open_engine(args) as engine:
        if args.undo:
            report = engine.undo_dream(dry_run=args.dry_run)
        else:
            report = engine.dream(dry_run=args.dry_run, force=args.force)
    data = {"at": report.at.isoformat(), "dry_run": report.dry_run,
            "consolidator": report.consolidator, "skipped": report.skipped,
            "scanned": report.scanned, "merges": report.merges, "archived": report.archived,
            "notes": report.notes, "run": report.run, "undone": report.undone}
    if args.undo:
        emit(args, data, lambda out: _render_undo(out, report))
        return 0

    def render(out: Console) -> None:
        if report.skipped:
            out.print(f"skipped: {report.skipped}", markup=False)
            return
        grid = table(title=f"dream at {report.at:%Y-%m-%d %H:%M} "
                            f"({'dry run: nothing changed' if report.dry_run else 'applied'})")
        for col in ("action", "id", "detail"):
            grid.add_column(col)
        for merge in report.merges:
            grid.add_row("merge", merge["kept"], escape(
                f"{', '.join(merge['merged'])} (similarity >= {merge['similarity']})"))
        for item in report.archived:
            grid.add_row("archive", item["id"], escape(item["reason"]))
        if report.merges or report.archived:
            out.print(grid)
        merged = sum(len(m["merged"]) for m in report.merges)
        out.print(f"scanned {report.scanned}: {len(report.merges)} clusters ({merged} memories "
                  f"merged), {len(report.archived)} archived", markup=False)
        for note in report.notes:
            out.print(f"  note: {note}", markup=False)

    emit(args, data, render)
    return 0


def _render_undo(out: Console, report: DreamReport) -> None:
    verb = "would undo" if report.dry_run else "undid"
    grid = table(title=f"{verb} dream run {report.run}")
    for col in ("action", "id", "detail"):
        grid.add_column(col)
    for merge in report.merges:
        grid.add_row("unmerge", merge["kept"], escape(f"restores {', '.join(merge['merged'])}"))
    for item in report.archived:
        grid.add_row("restore", item["id"], escape(item["reason"]))
    out.print(grid)
    restored = sum(len(m["merged"]) for m in report.merges) + len(report.archived)
    out.print(f"{verb} {report.run}: {len(report.merges)} clusters unmerged, {restored} "
              "memories restored from the graveyard", markup=False)


def cmd_graveyard(args: argparse.Namespace) -> int:
    """List the graveyard, or restore one memory from it."""
    if args.action == "restore":
        if not args.id:
            raise InvalidInput("graveyard restore needs the id of the memory to restore")
        with open_engine(args) as engine:
            memory = engine.restore(args.id)
        emit(args, {"restored": memory.id},
             lambda out: out.print(f"restored {memory.id}: {visible(memory.brief(80))}",
                                   markup=False))
        return 0
    if args.id:
        raise InvalidInput("graveyard list takes no id (did you mean `graveyard restore ID`?)")
    if args.limit < 1:
        raise InvalidInput("--limit must be at least 1")
    with open_engine(args) as engine:
        entries = engine.graveyard()[: args.limit]

    def render(out: Console) -> None:
        if not entries:
            out.print("the graveyard is empty")
            return
        grid = table()
        for col in ("id", "archived", "score", "reason", "memory"):
            grid.add_column(col)
        for entry in entries:
            score = "" if entry.score is None else f"{entry.score:.3f}"
            grid.add_row(escape(entry.memory.id), f"{entry.archived_at:%Y-%m-%d %H:%M}", score,
                          escape(entry.reason), escape(entry.memory.brief(60)))
        out.print(grid)

    emit(args, [grave_json(e) for e in entries], render)
    return 0


def action_target(action: DecayAction) -> str:
    """The memory id, or ``source -type-> target`` for an edge action."""
    if action.target == "edge" and action.edge is not None:
        source, target, kind = action.edge
        return f"{source} -{kind}-> {target}"
    return action.id


def report_json(report: MaintenanceReport, policies: list[str]) -> dict[str, Any]:
    """A maintenance report as JSON."""
    return {
        "at": report.at.isoformat(),
        "dry_run": report.dry_run,
        "policies": policies,
        "counts": report.counts(),
        "actions": [a.model_dump(mode="json", exclude_none=True) for a in report.actions],
        "notes": report.notes,
    }


def grave_json(entry: GraveEntry) -> dict[str, Any]:
    """A graveyard entry as JSON."""
    return {"id": entry.memory.id, "archived_at": entry.archived_at.isoformat(),
            "reason": entry.reason, "score": entry.score, "content": entry.memory.content}
