"""``check``, ``reindex``, ``export``, ``import``: keeping a store whole and moving it."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput
from ..limits import load_json
from ..privacy import shown
from .common import command, console, emit, open_engine, table
from .following import add_background_option

if TYPE_CHECKING:
    from rich.console import Console


def register(subparsers: Any) -> None:
    """Add the store commands."""
    p = command(subparsers, "check", cmd_check,
                "compare the indexes with the records and verify the event log",
                "Report index entries that are missing, stale or orphaned, breaks in the "
                "event log's hash chain, and memories embedded by another model. Exits 1 "
                "when problems remain.")
    p.add_argument("--repair", action="store_true",
                   help="re-index missing and stale entries and drop orphaned ones")

    command(subparsers, "purge", cmd_purge,
            "rewrite the store so that removed text leaves its files",
            "Copy the record store into a fresh file, rebuild the indexes from the records "
            "and drop the access log's queries: text removed by update or delete (kept by "
            "DuckDB's free pages and the index segments until then) is gone from every file "
            "of the store. Costs a copy of the store and a lexical re-index.")

    p = command(subparsers, "reindex", cmd_reindex,
                "re-embed memories embedded by another model than the profile's embedder",
                "Re-embed, in committed batches, every memory whose embedding signature "
                "differs from the profile's embedder. Interrupted runs continue where they "
                "stopped.")
    p.add_argument("--batch-size", type=int, default=256, help="memories per batch")
    add_background_option(p)

    p = command(subparsers, "export", cmd_export, "write the whole store as portable JSON")
    p.add_argument("file", nargs="?", default="-", help="output file (default '-': stdout)")

    p = command(subparsers, "import", cmd_import,
                "import a JSON export (ids are remapped when the store is not empty)")
    p.add_argument("file", help="the export to import ('-': stdin)")
    p.add_argument("--trusted", action="store_true",
                   help="an export of this same store: write it as exported, without the "
                        "guard (recorded in the report); by default every memory is screened")
    add_background_option(p)


# check -----------------------------------------------------------------------------------------


def cmd_purge(args: argparse.Namespace) -> int:
    """Purge the store (see ``Engine.purge``)."""
    with open_engine(args) as engine:
        engine.purge()
    emit(args, {"purged": True},
         lambda out: out.print("purged: removed text is gone from the store's files",
                               markup=False))
    return 0



def cmd_check(args: argparse.Namespace) -> int:
    """Check (and with --repair, fix) the store; exit 1 when problems remain."""
    with open_engine(args) as engine:
        found = engine.check(repair=args.repair)
        after = engine.check() if args.repair and not found.ok else found
    data: dict[str, Any] = {"found": _report_json(found), "ok": after.ok}
    if args.repair:
        data["remaining"] = _report_json(after)

    def render(out: Console) -> None:
        _render_report(out, found, "found")
        if args.repair and not found.ok:
            _render_report(out, after, "after repair")
        if after.ok:
            out.print("[green]ok[/green]: the indexes agree with the records, the event "
                      "log is intact and every supersession chain has a current version",
                      markup=True)
        else:
            hint = "" if args.repair else "; run `cognimem check --repair` to fix the indexes"
            out.print(f"[red]problems remain[/red]{hint}", markup=True)

    emit(args, data, render)
    return 0 if after.ok else 1


def _report_json(report: Any) -> dict[str, Any]:
    return {
        "memories": report.memories,
        "indexes": [{"index": i.index, "missing": len(i.missing), "stale": len(i.stale),
                     "orphaned": len(i.orphaned)} for i in report.indexes],
        "event_problems": list(report.event_problems),
        "stale_embeddings": len(report.stale_embeddings),
        "supersession_problems": list(report.supersession_problems),
        "record_problems": list(report.record_problems),
        "ok": report.ok,
    }


def _render_report(out: Console, report: Any, title: str) -> None:
    grid = table(title=f"{title}: {report.memories:,} memories")
    for col in ("index", "missing", "stale", "orphaned"):
        grid.add_column(col, justify="left" if col == "index" else "right")
    for index in report.indexes:
        grid.add_row(index.index, str(len(index.missing)), str(len(index.stale)),
                     str(len(index.orphaned)))
    out.print(grid)
    for problem in report.supersession_problems[:20]:
        out.print(f"supersession: {problem}", markup=False)
    for problem in report.record_problems[:20]:
        out.print(f"out of range: {problem}", markup=False)
    if report.event_problems:
        out.print(f"event log: {len(report.event_problems)} problem(s)")
        for problem in report.event_problems[:20]:
            out.print(f"  {problem}")
    else:
        out.print("event log: hash chain intact")
    if report.stale_embeddings:
        out.print(f"{len(report.stale_embeddings):,} memories are embedded by another model "
                  "than the profile's embedder: run `cognimem reindex`")


# reindex ---------------------------------------------------------------------------------------


def cmd_reindex(args: argparse.Namespace) -> int:
    """Re-embed stale memories with a progress bar on stderr."""
    if args.batch_size < 1:
        raise InvalidInput("--batch-size must be at least 1")
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from ..daemon.remote import RemoteEngine

    if args.background:
        from .following import in_background

        return in_background(args, open_engine, "reindex", batch_size=args.batch_size)
    bar = Progress(TextColumn("re-embedding"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=console(stderr=True),
                   disable=getattr(args, "json", False))
    with open_engine(args) as engine, bar:
        task = bar.add_task("reindex", total=None)
        if not isinstance(engine, RemoteEngine):
            from ..engine import Engine

            assert isinstance(engine, Engine)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            report = engine.reindex(batch_size=args.batch_size, progress=advance)
            done = report.done
        else:  # through the owner daemon: a bounded call per step, so the bar can move
            step = args.batch_size * 4
            report = engine.reindex(limit=step, batch_size=args.batch_size)
            done, total = report.done, report.total
            bar.update(task, completed=done, total=total)
            while report.remaining and report.done:
                report = engine.reindex(limit=step, batch_size=args.batch_size)
                done += report.done
                bar.update(task, completed=done, total=total)
    signature = report.signature
    data = {"reindexed": done, "remaining": report.remaining, "resumed": report.resumed,
            "model": signature.model, "dim": signature.dim}

    def render(out: Console) -> None:
        if not done and not report.remaining:
            out.print(f"nothing to reindex: every memory is embedded with {signature.model} "
                      f"({signature.dim} dimensions)")
            return
        resumed = " (continuing an interrupted run)" if report.resumed else ""
        out.print(f"re-embedded {done:,} memories with {signature.model} "
                  f"({signature.dim} dimensions){resumed}")
        if report.remaining:
            out.print(f"{report.remaining:,} remain: run `cognimem reindex` again")

    emit(args, data, render)
    return 0 if not report.remaining else 1


# export / import -------------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    """Write the store as JSON to a file (atomically) or stdout; through the daemon the text
    arrives in chunks, so a store of any size moves, with a progress bar on stderr."""
    from ..daemon.remote import RemoteEngine
    from ..daemon.streams import export_counts, export_text, stream_export

    target = None if args.file == "-" else Path(args.file).expanduser().absolute()
    if target is not None:
        _check_target(target)
    with open_engine(args) as engine, _Sink(target) as sink, _ByteBar(args, "exporting") as bar:
        if isinstance(engine, RemoteEngine):
            found = stream_export(engine, sink.write, bar)
        else:
            data = engine.export()
            sink.write(export_text(data))
            found = export_counts(data)
        sink.commit()
    counts = (f"{found['memories']:,} memories, {found['edges']:,} edges, "
              f"{found['events']:,} events")
    if target is None:
        console(stderr=True).print(f"exported {counts}")
        return 0
    emit(args, {"file": shown(target), **found},
         lambda out: out.print(f"exported {counts} to {shown(target)}"))
    return 0


class _Sink:
    """Where an export goes: stdout, or a temporary file renamed over the target once
    complete (so a failed export leaves the target as it was)."""

    def __init__(self, target: Path | None) -> None:
        self.target = target
        self.tmp: str | None = None
        self.handle: Any = sys.stdout

    def __enter__(self) -> _Sink:
        if self.target is not None:
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.target.name}.",
                                            dir=self.target.parent)
            self.handle = os.fdopen(fd, "w", encoding="utf-8")
        return self

    def write(self, text: str) -> None:
        self.handle.write(text)

    def commit(self) -> None:
        if self.target is None or self.tmp is None:
            self.handle.flush()
            return
        self.handle.flush()
        os.fsync(self.handle.fileno())
        self.handle.close()
        os.replace(self.tmp, self.target)
        self.tmp = None

    def __exit__(self, *exc: object) -> None:
        if self.tmp is not None:
            self.handle.close()
            Path(self.tmp).unlink(missing_ok=True)


class _ByteBar:
    """A byte progress bar on stderr for a streamed export or import (off with --json)."""

    def __init__(self, args: argparse.Namespace, what: str) -> None:
        from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn

        self.progress = Progress(TextColumn(what), BarColumn(), DownloadColumn(),
                                 console=console(stderr=True),
                                 disable=getattr(args, "json", False) or args.file == "-")
        self.task = self.progress.add_task(what, total=None)

    def __enter__(self) -> _ByteBar:
        self.progress.__enter__()
        return self

    def __call__(self, done: int, total: int) -> None:
        self.progress.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(None, None, None)


def _check_target(target: Path) -> None:
    if target.is_dir():
        raise InvalidInput(f"{shown(target)!r} is a directory: give a file name for "
                           "the export")
    if not target.parent.is_dir():
        raise InvalidInput(f"the directory {shown(target.parent)!r} does not exist")


def cmd_import(args: argparse.Namespace) -> int:
    """Import an export file; nothing is written when it is invalid."""
    if args.file == "-":
        raw, name = sys.stdin.read(), "stdin"
    else:
        path = Path(args.file).expanduser()
        if not path.is_file():
            raise InvalidInput(f"no such file: {shown(path)!r}")
        raw, name = path.read_text(encoding="utf-8"), shown(path)
    try:
        data = load_json(raw, name)
    except ValueError as exc:
        raise InvalidInput(f"{exc}: give a file made by `cognimem export`") from None
    from ..daemon.remote import RemoteEngine
    from ..daemon.streams import submit_import
    from .following import Cancelled, JobBar, report_cancelled, run_job, started_or_followed

    with open_engine(args) as engine:
        try:
            if isinstance(engine, RemoteEngine):  # in chunks: an import of any size moves
                with _ByteBar(args, "sending") as sent:
                    info = submit_import(engine, raw, sent, trusted=args.trusted)
                ended = started_or_followed(args, engine, info,
                                            JobBar("import", quiet=args.json))
            else:  # in the foreground, the same units and progress
                ended = run_job(args, engine, "import", data, trusted=args.trusted)
        except Cancelled as stop:
            return report_cancelled(args, stop)
    if ended is None:  # --background: the job's id was printed
        return 0
    report = ended.typed_report()

    def render(out: Console) -> None:
        out.print(f"imported {report.memories:,} memories, {report.edges:,} edges, "
                  f"{report.graves:,} graveyard entries ({report.mode}); "
                  f"{report.duplicates:,} already present; {report.events:,} events written")
        if report.id_map:
            out.print(f"{len(report.id_map):,} ids were remapped (the store was not empty)")
        for note in report.notes:
            out.print(f"  note: {note}")

    emit(args, report.model_dump(mode="json"), render)
    return 0
