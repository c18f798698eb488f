"""Jobs: the long operations (import, ingest, reindex, dream) as units of work, and how an
engine without a daemon runs them: in the foreground, to the end.

:func:`steps_for` turns a job's kind and the arguments of its operation into the
operation's steps (:mod:`.steps`); the store's daemon runs those one unit at a time beside
its other callers (:mod:`cognimem.daemon.jobs`). :class:`Jobs` is the engine's own part:
``start_job`` runs a job here and now (the same steps, the same progress callback) and
keeps what it did, so ``jobs``, ``job`` and ``cancel_job`` answer the same way through a
daemon or without one.
"""

from __future__ import annotations

import inspect
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput, NotFound
from ..limits import clip
from .jobinfo import REPORTS, JobInfo
from .steps import Progress, Step, Steps, drive

if TYPE_CHECKING:
    from .facade import Engine
    from .kernel import Kernel

#: Each kind of job and the engine operation whose arguments it takes.
OPERATION_OF: dict[str, str] = {"import": "import_", "ingest": "ingest",
                                "reindex": "reindex", "dream": "dream"}
#: Finished jobs kept for ``jobs`` / ``job`` (the oldest are forgotten first).
KEEP_FINISHED = 50
#: The form of a job id.
ID_CHARS = 24


def kind_of(kind: str) -> str:
    """``kind`` checked.

    :raises InvalidInput: not a kind of job.
    """
    if kind not in OPERATION_OF:
        raise InvalidInput(f"{clip(repr(kind), 40)} is not a kind of job; choose one of: "
                           f"{', '.join(OPERATION_OF)}")
    return kind


def steps_for(engine: Engine, kind: str, args: list[Any],
              kwargs: dict[str, Any]) -> Steps[Any]:
    """The steps of job ``kind`` called with its operation's arguments (``import``: the
    arguments of ``Engine.import_``...). What can be checked before any unit (an unknown
    source, a bad option, no embedder) is raised here.

    :raises InvalidInput: an unknown kind, or arguments its operation does not take.
    """
    kind_of(kind)
    try:
        inspect.signature(getattr(engine, OPERATION_OF[kind])).bind(*args, **kwargs)
        if kind == "import":
            return engine.import_steps(*args, **kwargs)
        if kind == "ingest":
            return engine.ingest_steps(*args, **kwargs)
        if kind == "reindex":
            return engine.reindex_steps(*args, **kwargs)
        return _whole(lambda: engine.dream(*args, **kwargs))
    except TypeError as exc:
        raise InvalidInput(f"job {kind!r}: {exc}") from None


def _whole(run: Callable[[], Any]) -> Steps[Any]:
    """An operation that commits once (a dream run) as a job of one unit."""
    yield Step(0, 1)
    report = run()
    yield Step(1, 1, report)
    return report


def detail_of(kind: str, args: list[Any], kwargs: dict[str, Any]) -> str:
    """A short line saying what a job works on (shown by ``cognimem jobs``)."""
    if kind == "ingest" and len(args) >= 2:
        return clip(f"{args[0]} {args[1]}", 200)
    if kind == "import" and args and isinstance(args[0], dict):
        memories = args[0].get("memories")
        return f"{len(memories):,} memories" if isinstance(memories, list) else ""
    return ", ".join(f"{k}={v}" for k, v in kwargs.items() if isinstance(v, bool | int))[:200]


def new_job_id() -> str:
    """A fresh job id (``j`` and 12 hexadecimal digits)."""
    return "j" + secrets.token_hex(6)


def known_id(job_id: object, jobs: dict[str, Any]) -> str:
    """``job_id`` if it names a job of ``jobs``.

    :raises NotFound: it names none (one line).
    """
    if not isinstance(job_id, str) or job_id not in jobs:
        raise NotFound(f"no job {clip(repr(job_id), ID_CHARS + 4)}: list the jobs with "
                       "`cognimem jobs`")
    return job_id


def stamp() -> str:
    """Now, as an ISO time (UTC, seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def report_data(report: Any) -> dict[str, Any] | None:
    """An operation's report as JSON data."""
    dump = getattr(report, "model_dump", None)
    return dump(mode="json") if callable(dump) else None


class Jobs:
    """start_job, jobs, job, cancel_job: without a daemon, a job runs in the foreground."""

    def __init__(self, k: Kernel) -> None:
        self.k = k
        self._done: OrderedDict[str, JobInfo] = OrderedDict()

    def start_job(self, kind: str, /, *args: Any, progress: Progress | None = None,
                  **kwargs: Any) -> JobInfo:
        """Run job ``kind`` (``import``, ``ingest``, ``reindex``, ``dream``) with the
        arguments of its operation. Without a daemon it runs here, to the end, calling
        ``progress(done, total)`` after each unit; through the store's daemon it runs there
        in the background, beside the other callers, and this returns at once (follow it
        with :meth:`job`).

        :raises InvalidInput: an unknown kind, or arguments its operation does not take.
        """
        self.k.check_open()
        steps = steps_for(self.k.engine, kind, list(args), kwargs)
        started = time.monotonic()
        info = JobInfo(id=new_job_id(), kind=kind, state="running", submitted_at=stamp(),
                       detail=detail_of(kind, list(args), kwargs))
        seen: list[tuple[int, int | None]] = []

        def heard(done: int, total: int | None) -> None:
            seen.append((done, total))
            if progress is not None:
                progress(done, total)

        report = drive(steps, heard)
        done, total = seen[-1] if seen else (0, None)
        info = info.model_copy(update={
            "state": "done", "done": done, "total": total, "report": report_data(report),
            "elapsed_s": round(time.monotonic() - started, 3)})
        self._done[info.id] = info
        while len(self._done) > KEEP_FINISHED:
            self._done.popitem(last=False)
        return info

    def jobs(self) -> list[JobInfo]:
        """The jobs this engine ran or runs, newest first."""
        return list(reversed(self._done.values()))

    def job(self, job_id: str) -> JobInfo:
        """One job.

        :raises NotFound: no job has this id.
        """
        return self._done[known_id(job_id, self._done)]

    def cancel_job(self, job_id: str) -> JobInfo:
        """Ask a job to stop after the unit it is in (what it committed stays); a job that
        already stopped is returned as it is.

        :raises NotFound: no job has this id.
        """
        return self.job(job_id)


__all__ = ["REPORTS", "JobInfo", "Jobs", "kind_of", "steps_for"]
