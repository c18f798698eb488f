"""``cognimem vault index PATH [--watch]``, ``cognimem ingest SOURCE TARGET`` and
``cognimem context``: the intake from the command line. Each runs where the store lives
(through its daemon for an on-disk store)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cognimem.cli.common import add_global_options, emit, open_engine
from cognimem.cli.following import Cancelled, add_background_option, report_cancelled, run_job
from cognimem.errors import InvalidInput
from cognimem.privacy import shown, write_private


def configure_vault(p: argparse.ArgumentParser) -> None:
    """``vault index PATH``."""
    sub = p.add_subparsers(dest="vault_action", metavar="ACTION")
    index = sub.add_parser("index", help="index (or bring up to date) a folder of notes")
    add_global_options(index)
    index.add_argument("path", help="the vault's folder")
    index.add_argument("--watch", action="store_true",
                       help="keep indexing as notes change (Ctrl-C stops)")
    index.add_argument("--watch-for", type=float, metavar="SECONDS",
                       help=argparse.SUPPRESS)  # stop watching after SECONDS (tests, scripts)
    index.add_argument("--dry-run", action="store_true", help="report, write nothing")
    add_background_option(index)
    index.set_defaults(func=cmd_vault_index)
    def usage(_args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(func=usage)


def configure_ingest(p: argparse.ArgumentParser) -> None:
    """``ingest SOURCE TARGET``."""
    p.add_argument("source", help="an intake source (`cognimem plugins` lists them)")
    p.add_argument("target", help="what it reads (a folder for vault)")
    p.add_argument("--dry-run", action="store_true", help="report, write nothing")
    add_background_option(p)
    p.set_defaults(func=cmd_ingest)


def configure_context(p: argparse.ArgumentParser) -> None:
    """``context [--project P] [--budget N] [--trace]``."""
    p.add_argument("--project", help="the project (default: every memory)")
    p.add_argument("--budget", type=int, default=1500,
                   help="token budget, 50 to 20,000 (default 1500)")
    p.add_argument("--trace", action="store_true",
                   help="after the context, each item's tokens, score and reason, and the "
                        "near misses the budget left out")
    p.set_defaults(func=cmd_context)


def _folder(path: str) -> str:
    folder = Path(path).expanduser().resolve()
    if not folder.is_dir():
        raise InvalidInput(f"{path!r} is not a folder: give the vault's folder")
    return str(folder)


def _print_report(args: argparse.Namespace, report: Any) -> None:
    """A run's report (an IngestReport, or the ``ingest`` tool's data) in text or JSON."""
    data = dict(report) if isinstance(report, dict) else report.model_dump(mode="json")
    data["target"] = shown(data["target"])

    def text(out: Any) -> None:
        # a dry run writes no link: the source's "links:" line says what the run would do
        links = " (dry run)" if data.get("dry_run") else f", {data['links']} links"
        out.print(f"{data['source']} {data['target']}: {data['groups']} files, "
                  f"{data['unchanged']} unchanged, {data['added']} added, {data['updated']} "
                  f"updated, {data['archived']} archived, {data['moved']} moved{links}",
                  markup=False)
        for problem in data["problems"]:
            out.print(f"  {problem}", markup=False)

    emit(args, data, text)


def _run(args: argparse.Namespace, source: str, target: str,
         options: dict[str, Any] | None = None, *, tool: bool = False) -> int:
    """An ingest as a job (through the daemon, beside other callers; a progress bar with
    the time left after two seconds; ``--background`` starts it and prints its id). With
    ``tool`` (a short run: one transcript, no options) through the ``ingest`` tool, whose
    plain data loads no report model in this process."""
    with open_engine(args) as engine:
        if tool and not getattr(args, "background", False):
            _print_report(args, _tool(engine, "ingest", {
                "target": target, "source": source, "dry_run": bool(args.dry_run)}))
            return 0
        try:
            info = run_job(args, engine, "ingest", source, target, options=options,
                           dry_run=args.dry_run)
        except Cancelled as stop:
            return report_cancelled(args, stop)
    if info is not None:
        _print_report(args, info.report)
    return 0


def _tool(engine: Any, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Run one of the intake's tools where the store is (in its daemon, which answers with
    plain data, so this process loads none of the tool's models; or here) as plain data."""
    from cognimem.mcp.calls import call_tool

    found = call_tool(engine, name, arguments, retry_safe=True)
    data = found.model_dump(mode="json") if hasattr(found, "model_dump") else dict(found)
    return {k: v for k, v in data.items() if v is not None}


def cmd_vault_index(args: argparse.Namespace) -> int:
    """Index the vault once, or on every change with ``--watch`` (the store stays open)."""
    target = _folder(args.path)
    if not args.watch:
        return _run(args, "vault", target)
    import threading

    from .watching import watch_vault

    stop = threading.Event()
    if args.watch_for is not None:
        timer = threading.Timer(max(0.0, args.watch_for), stop.set)
        timer.daemon = True
        timer.start()
    _stop_on_ctrl_c(stop)
    with open_engine(args) as engine:
        try:
            watch_vault(engine, target, lambda report: _print_now(args, report), stop,
                        dry_run=args.dry_run)
        except KeyboardInterrupt:
            return 0
    return 0


def _print_now(args: argparse.Namespace, report: Any) -> None:
    """A watch's report, flushed: stdout is block-buffered when it is a pipe."""
    import sys

    _print_report(args, report)
    sys.stdout.flush()


def _stop_on_ctrl_c(stop: Any) -> None:
    """Ctrl-C (SIGINT) ends the watch, even in a process started with SIGINT blocked or
    ignored (a parent's signal mask and ignored signals survive ``exec``): the watch would
    otherwise run until ``--watch-for`` or a kill."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, lambda *_: stop.set())


def cmd_ingest(args: argparse.Namespace) -> int:
    """Run any source over a target."""
    target = args.target
    if Path(target).expanduser().exists():
        target = str(Path(target).expanduser().resolve())
    return _run(args, args.source, target)


def cmd_context(args: argparse.Namespace) -> int:
    """Print the startup context."""
    from .budget import check_budget

    check_budget(args.budget)  # before the store is opened: a refusal does nothing else
    with open_engine(args) as engine:
        data = _tool(engine, "startup_context",
                     {"project": args.project, "budget": args.budget, "trace": args.trace})

    def text(out: Any) -> None:
        out.print(data["text"], markup=False, end="")
        if "trace" in data:
            out.print(_trace_table("in the context", data["trace"], data["tokens"]))
            if data.get("near_misses"):
                out.print(_trace_table(f"near misses ({data['left_out']} left out)",
                                       data["near_misses"], None))

    emit(args, data, text)
    return 0


def _trace_table(title: str, rows: list[dict[str, Any]], spent: int | None) -> Any:
    from cognimem.cli.common import escape, table

    grid = table(title=title if spent is None else f"{title}: {spent} tokens")
    grid.add_column("tokens", justify="right", no_wrap=True, min_width=6)
    grid.add_column("score", justify="right", no_wrap=True, min_width=5)
    grid.add_column("reason", no_wrap=True, min_width=max((len(r["reason"]) for r in rows),
                                                          default=6))
    grid.add_column("id", no_wrap=True, min_width=max((len(r["id"]) for r in rows), default=2))
    grid.add_column("memory", overflow="fold")
    for row in rows:
        shown = "\n".join([row["title"], *row.get("labels", ())])
        grid.add_row(str(row["tokens"]), f"{row['score']:.2f}", row["reason"], row["id"],
                     escape(shown))
    return grid


def configure_capture(p: argparse.ArgumentParser) -> None:
    """``capture TRANSCRIPT``."""
    p.add_argument("transcript", help="a session file (JSON lines) or a text/markdown log")
    p.add_argument("--dry-run", action="store_true", help="report, write nothing")
    p.add_argument("--extractor", choices=("rules", "ollama"),
                   help="rules (default, no model) or ollama (a local model, two passes)")
    p.add_argument("--model", help="the Ollama model (default qwen2.5:3b)")
    p.set_defaults(func=cmd_capture)


def cmd_capture(args: argparse.Namespace) -> int:
    """Capture a transcript's facts."""
    path = Path(args.transcript).expanduser().resolve()
    if not path.is_file():
        raise InvalidInput(f"{args.transcript!r} is not a file: give the session transcript")
    options = {k: v for k in ("extractor", "model")
               if (v := getattr(args, k)) is not None}
    return _run(args, "transcript", str(path), options, tool=not options)


def configure_compact(p: argparse.ArgumentParser) -> None:
    """``compact TRANSCRIPT [--out FILE] [--threshold X]``."""
    p.add_argument("transcript", help="the session about to be compacted")
    p.add_argument("--out", help="write the summary to this file (default: print it)")
    p.add_argument("--threshold", type=float, default=0.95,
                   help="least verification score that passes (default 0.95)")
    p.set_defaults(func=cmd_compact)


def cmd_compact(args: argparse.Namespace) -> int:
    """Compact with a receipt; exit 1 when verification fails."""
    from cognimem.mcp.calls import call_tool

    path = Path(args.transcript).expanduser().resolve()
    if not path.is_file():
        raise InvalidInput(f"{args.transcript!r} is not a file: give the session transcript")
    with open_engine(args) as engine:
        done = call_tool(engine, "compact_transcript",
                         {"path": str(path), "threshold": args.threshold})
    data = done.model_dump() if hasattr(done, "model_dump") else dict(done)
    if args.out:
        write_private(Path(args.out), data["summary"].encode("utf-8"))  # 0600, like the store

    def text(out: Any) -> None:
        r = data["receipt"]
        if not args.out:
            out.print(data["summary"], markup=False, end="")
        out.print(f"receipt {r['id']}: {r['original_tokens']:,} -> {r['compressed_tokens']:,} "
                  f"tokens (ratio {r['ratio']}), {r['verified']}/{r['items']} items verified "
                  f"(score {r['score']}), {r['memories_written']} memories written",
                  markup=False)
        if data.get("warning"):
            out.print(f"[bold red]{data['warning']}[/bold red]")

    emit(args, data, text)
    return 0 if data["receipt"]["ok"] else 1


def configure_receipts(p: argparse.ArgumentParser) -> None:
    """``receipts [--limit N]``."""
    p.add_argument("--limit", type=int, default=20, help="newest first, 1 to 500")
    p.set_defaults(func=cmd_receipts)


def cmd_receipts(args: argparse.Namespace) -> int:
    """List compaction receipts."""
    from cognimem.mcp.calls import call_tool

    with open_engine(args) as engine:
        found = call_tool(engine, "receipts", {"limit": args.limit}, retry_safe=True)
    rows = [r.model_dump() if hasattr(r, "model_dump") else r
            for r in (found.receipts if hasattr(found, "receipts") else found["receipts"])]

    def text(out: Any) -> None:
        if not rows:
            out.print("no compaction receipts yet")
            return
        out.print(_receipts_table(rows))

    emit(args, {"receipts": rows}, text)
    return 0


def _receipts_table(rows: list[dict[str, Any]]) -> Any:
    """Receipts under a header; ids and sessions whole (a session too long for the width
    folds onto the next line, never cut)."""
    from cognimem.cli.common import escape, table

    grid = table()
    grid.add_column("receipt", no_wrap=True, min_width=max(len(str(r["id"])) for r in rows))
    grid.add_column("at (UTC)", no_wrap=True, min_width=16)
    grid.add_column("session", overflow="fold")
    grid.add_column("ratio", justify="right", no_wrap=True, min_width=5)
    grid.add_column("verified", justify="right", no_wrap=True, min_width=8)
    grid.add_column("result", no_wrap=True, min_width=6)
    for r in rows:
        grid.add_row(str(r["id"]), str(r["at"])[:16].replace("T", " "),
                     escape(str(r["session"])), str(r["ratio"]),
                     f"{r['verified']}/{r['items']}", "ok" if r["ok"] else "FAILED")
    return grid


def configure_hooks(p: argparse.ArgumentParser) -> None:
    """``hooks install CLIENT [--write] [--project]``."""
    sub = p.add_subparsers(dest="hooks_action", metavar="ACTION")
    inst = sub.add_parser("install", help="register the agent's lifecycle hooks")
    add_global_options(inst)
    inst.add_argument("client", help="claude-code")
    inst.add_argument("--write", action="store_true", help="merge into the settings file")
    inst.add_argument("--project", action="store_true",
                      help="this project's .claude/settings.json instead of the user's")
    inst.add_argument("--path", dest="settings_path", help="the settings file to write")
    inst.set_defaults(func=cmd_hooks_install)

    def usage(_args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(func=usage)


def cmd_hooks_install(args: argparse.Namespace) -> int:
    """Print or write the hooks."""
    from .hooks import install

    target, text, action = install(args.client, write=args.write,
                                   scope="project" if args.project else "user",
                                   path=args.settings_path)
    if action == "printed":
        import sys

        sys.stdout.write(text)
        sys.stderr.write(f"# merge into {shown(target)} (or run again with --write)\n")
        return 0
    emit(args, {"path": str(target), "action": action},
         lambda out: out.print(f"{action} hooks in {shown(target)}", markup=False))
    return 0


def configure_hook(p: argparse.ArgumentParser) -> None:
    """``hook session-start|pre-compact|session-end`` (run by the agent, JSON on stdin)."""
    p.add_argument("event", choices=("session-start", "pre-compact", "session-end"))
    p.add_argument("--budget", type=int, default=1500,
                   help="context budget at session start (50 to 20,000)")
    p.set_defaults(func=cmd_hook)


def cmd_hook(args: argparse.Namespace) -> int:
    """Run one lifecycle hook; a failure is reported on stderr and never blocks the agent."""
    import sys

    from cognimem.session import bound

    from .hooks import folder_of, project_of, read_event

    event = read_event()
    project = project_of(event.get("cwd"))
    try:
        # what the session writes is its project's; the files it names, its repository's
        with bound({"project": project, "folder": folder_of(event.get("cwd"))}):
            return _run_hook(args, event, project)
    except Exception as exc:  # a hook must never stop the agent
        sys.stderr.write(f"cognimem hook {args.event}: {exc}\n")
    return 0


def _run_hook(args: argparse.Namespace, event: dict[str, Any], project: str | None) -> int:
    import sys

    from .compaction import Compacted

    if args.event == "session-start":
        with open_engine(args) as engine:
            found = _tool(engine, "startup_context", {"project": project, "budget": args.budget})
        if found.get("ids"):
            sys.stdout.write(found["text"])
        return 0
    transcript = event.get("transcript_path")
    if not transcript or not Path(str(transcript)).expanduser().is_file():
        sys.stderr.write("cognimem: no transcript_path in the hook's input\n")
        return 0
    path = str(Path(str(transcript)).expanduser().resolve())
    from cognimem.mcp.calls import call_tool

    with open_engine(args) as engine:
        if args.event == "pre-compact":
            # a local engine returns the model, the daemon its JSON: read both alike
            done = Compacted.model_validate(
                call_tool(engine, "compact_transcript", {"path": path}), from_attributes=True)
            sys.stderr.write(f"cognimem: compaction receipt {done.receipt.id}: score "
                             f"{done.receipt.score}\n")
            if done.warning:
                sys.stderr.write(f"cognimem: {done.warning}\n")
        else:
            engine.ingest("transcript", path)
    return 0
