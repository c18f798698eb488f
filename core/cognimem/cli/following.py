"""Running a job from the command line: start it, show its progress, say how it ended.

Through the store's daemon a long command (``import``, ``reindex``, ``dream``, ``vault
index``) starts a job there (:mod:`cognimem.daemon.jobs`) and follows it, polling its
progress; with ``--background`` it prints the job's id and returns at once. Without a daemon
the same job runs in this process, with the same progress. Either way a run that lasts
over two seconds shows a progress bar on stderr with the time left (not with ``--json``).

Ctrl-C while following a job *cancels* it: the job stops after the unit it is in, what it
committed stays (the command prints it) and the command exits 130. To leave a job running,
start it with ``--background`` (then ``cognimem jobs cancel ID`` stops it).
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Any

from ..errors import StoreError
from .common import console, emit

if TYPE_CHECKING:  # loaded by the command that runs a job, not by every parse
    from ..engine.jobinfo import JobInfo

#: Seconds a run lasts before its progress bar appears.
BAR_AFTER = 2.0
#: Seconds between two looks at a job followed through the daemon (the first look comes
#: after ``FIRST_LOOK``, each next one twice as late, up to ``POLL``: a short job, such as an
#: unchanged vault's index, ends the command without waiting a whole ``POLL``).
POLL = 0.2
FIRST_LOOK = 0.01


class JobBar:
    """A progress bar with the time left, shown once a run lasts :data:`BAR_AFTER`."""

    def __init__(self, what: str, *, quiet: bool = False) -> None:
        self.what = what
        self.quiet = quiet
        self.started = time.monotonic()
        self._progress: Any = None
        self._task: Any = None

    def __call__(self, done: int, total: int | None) -> None:
        if self.quiet:
            return
        if self._progress is None:
            if time.monotonic() - self.started < BAR_AFTER:
                return
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(TextColumn(self.what), BarColumn(), MofNCompleteColumn(),
                                      TextColumn("units"), TimeRemainingColumn(),
                                      console=console(stderr=True))
            self._progress.start()
            self._task = self._progress.add_task(self.what, total=total)
        self._progress.update(self._task, completed=done, total=total)

    def close(self) -> None:
        """Take the bar off the terminal's live area (it stays printed)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def add_background_option(parser: argparse.ArgumentParser) -> None:
    """``--background``: start the job in the daemon and return its id at once."""
    parser.add_argument("--background", action="store_true", help=(
        "through the store's daemon: start the job and print its id at once (follow it with "
        "`cognimem jobs show ID`); without a daemon the job runs in the foreground"))


def follow(engine: Any, info: JobInfo, bar: JobBar) -> JobInfo:
    """Poll a daemon's job until it stops, moving ``bar``; Ctrl-C cancels it (see the
    module) and waits for it to stop."""
    wait = FIRST_LOOK
    try:
        while not info.finished:
            bar(info.done, info.total)
            time.sleep(wait)
            wait = min(wait * 2, POLL)
            info = engine.job(info.id)
    except KeyboardInterrupt:
        bar.close()
        console(stderr=True).print(f"cancelling job {info.id}: it stops after the unit it "
                                   "is in; what it committed stays", markup=False)
        info = engine.cancel_job(info.id)
        while not info.finished:
            time.sleep(POLL)
            info = engine.job(info.id)
        raise Cancelled(info) from None
    bar(info.done, info.total)
    bar.close()
    return info


class Cancelled(Exception):
    """A job the user stopped with Ctrl-C (carries where it stood)."""

    def __init__(self, info: JobInfo) -> None:
        super().__init__(info.line())
        self.info = info


def run_job(args: argparse.Namespace, engine: Any, kind: str, *call: Any,
            **kwargs: Any) -> JobInfo | None:
    """Run job ``kind`` with its operation's arguments: through the daemon as a job
    followed to its end (or, with ``--background``, started: then its id is printed and
    None returned); without a daemon in the foreground. The ended job (raises its error
    when it failed).

    :raises Cancelled: Ctrl-C stopped it (the caller prints what it committed).
    """
    from ..daemon.remote import RemoteEngine

    bar = JobBar(kind, quiet=bool(getattr(args, "json", False)))
    if isinstance(engine, RemoteEngine):
        info = engine.start_job(kind, *call, **kwargs)
        return started_or_followed(args, engine, info, bar)
    try:
        info = engine.start_job(kind, *call, progress=bar, **kwargs)
    finally:
        bar.close()
    return info


def in_background(args: argparse.Namespace, opener: Any, kind: str, **kwargs: Any) -> int:
    """``--background``: start job ``kind`` in the daemon and print its id (without a
    daemon it runs here, in the foreground, and its end is printed); the exit status."""
    with opener(args) as engine:
        info = run_job(args, engine, kind, **kwargs)
    if info is not None:
        emit(args, info.model_dump(mode="json"),
             lambda out: out.print(info.line(), markup=False))
    return 0


def started_or_followed(args: argparse.Namespace, engine: Any, info: JobInfo,
                        bar: JobBar) -> JobInfo | None:
    """With ``--background``: print the started job, return None; else follow it."""
    if getattr(args, "background", False):
        print_started(args, info)
        return None
    return ended(follow(engine, info, bar))


def ended(info: JobInfo) -> JobInfo:
    """``info`` if the job did not fail.

    :raises StoreError: it failed (its one-line error).
    """
    if info.state == "failed":
        raise StoreError(info.error or f"job {info.id} failed")
    return info


def print_started(args: argparse.Namespace, info: JobInfo) -> None:
    """Print a job started in the background (its id, how to follow and cancel it)."""
    def render(out: Any) -> None:
        out.print(f"started job {info.id} ({info.kind}) in the memory daemon; follow it with "
                  f"`cognimem jobs show {info.id}`, stop it with `cognimem jobs cancel "
                  f"{info.id}`", markup=False)

    emit(args, info.model_dump(mode="json"), render)


def report_cancelled(args: argparse.Namespace, stop: Cancelled) -> int:
    """Print where a job cancelled with Ctrl-C stood; the exit status (130)."""
    info = stop.info

    def render(out: Any) -> None:
        out.print(f"cancelled: {info.line()}", markup=False)
        if info.report:
            committed = ", ".join(f"{k} {v}" for k, v in info.report.items()
                                  if isinstance(v, int) and not isinstance(v, bool) and v)
            out.print(f"committed before it stopped: {committed or 'nothing'}", markup=False)

    emit(args, info.model_dump(mode="json"), render)
    return 130


