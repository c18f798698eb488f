"""The daemon's jobs: long operations run one unit at a time beside the other callers.

An import, an ingest (``vault index``), a re-embedding or a dream run is a *job*. The daemon
runs one job at a time on a worker thread, as its steps (:mod:`cognimem.engine.steps`): each
unit holds what it needs (:data:`~cognimem.engine.steps.Hold`) for one transaction of the
write pipeline: the store alone (an ingest's updates and archives, a re-embedding), the
engine lock only (an import's units only add: searches run beside them, as beside a write
group), or nothing (validating a file, embedding the next batch). Between two units the job
lets go and lets in every caller that was waiting (:func:`~.turns.stand_aside`), so a search
or a small write waits for at most one unit, never for the whole job.

A job keeps its progress (units done and in all, rate, time left), can be cancelled (it
stops at the next step: what it committed stays and its report says so; an import's unit
is written whole or not at all), and belongs to the daemon, not to the connection that
submitted it: a client that disconnects leaves it running. The memory API's long
operations (``import_``, ``ingest``, ``reindex``, ``dream``) called the plain way run as a
job too, the caller waiting for its end.

The steps up to the first that needs the store run as the job is submitted, in the
caller's call (an import's whole file validated, an ingest's source and target checked), so
what is wrong with a request is the caller's error, not a failed job. Jobs are kept in
memory: a restarted daemon has none.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.jobinfo import JobInfo, State
from ..engine.jobs import (
    KEEP_FINISHED,
    OPERATION_OF,
    detail_of,
    kind_of,
    known_id,
    new_job_id,
    report_data,
    stamp,
    steps_for,
)
from ..engine.steps import Hold, Step, Steps
from ..errors import CognimemError, StoreError
from ..session import Session, exactly
from ..session import current as current_session
from .checks import one_line_error
from .turns import stand_aside

if TYPE_CHECKING:
    from ..engine import Engine
    from .reads import ReadGate
    from .turns import WaitedLock

log = logging.getLogger("cognimem.daemon")

#: Jobs waiting for the worker at most; more are refused.
MAX_QUEUED = 16
#: The interpreter's thread switch interval while a job runs (seconds; Python's default is
#: 0.005). A search beside a job's unit gives the interpreter up at every call into the
#: record store or an index and waits to get it back from the job's thread: at the default
#: it waits up to 5 ms each time (a search of ~20 such calls took 40x its quiet time).
SWITCH_INTERVAL = 0.0005

#: The memory API's long operations and the kind of job each runs as.
KIND_OF_OPERATION = {op: kind for kind, op in OPERATION_OF.items()}


class _Job:
    """One job's state (changed by the worker, read by any thread under ``Jobs._mutex``)."""

    def __init__(self, kind: str, detail: str, steps: Steps[Any], session: Session) -> None:
        self.id = new_job_id()
        self.kind = kind
        self.detail = detail
        self.steps = steps
        self.session = session
        self.state: State = "queued"
        self.done = 0
        self.total: int | None = None
        self.report: Any = None
        self.error: BaseException | None = None
        self.submitted_at = stamp()
        self.started: float | None = None
        self.ended: float | None = None
        self.hold: Hold = "alone"  # what the next step needs of the store
        self.cancel = threading.Event()
        self.finished = threading.Event()

    def heard(self, step: Step) -> None:
        self.done = max(self.done, step.done)
        self.total = step.total
        if step.report is not None:
            self.report = step.report
        self.hold = step.hold

    def info(self) -> JobInfo:
        now = time.monotonic()
        elapsed = 0.0 if self.started is None else (self.ended or now) - self.started
        rate = self.done / elapsed if elapsed > 0 and self.done else None
        eta = ((self.total - self.done) / rate
               if rate and self.total is not None and self.state == "running" else None)
        error = None
        if self.error is not None:
            known = one_line_error(self.error)
            error = str(known) if known is not None else type(self.error).__name__
        return JobInfo(id=self.id, kind=self.kind, state=self.state,
                       done=self.done, total=self.total,
                       rate=None if rate is None else round(rate, 3),
                       eta_s=None if eta is None else round(eta, 1),
                       elapsed_s=round(elapsed, 3), submitted_at=self.submitted_at,
                       detail=self.detail, error=error, report=report_data(self.report))


class Jobs:
    """The daemon's jobs: submitted, run one at a time in units, followed, cancelled.

    :param engine: the daemon's engine.
    :param reads: the read gate (a unit holds the store alone, as other long calls did).
    :param lock: the engine lock (its waiters are let in between units).
    """

    def __init__(self, engine: Engine, reads: ReadGate, lock: WaitedLock) -> None:
        self.engine = engine
        self._reads = reads
        self._lock = lock
        self._jobs: OrderedDict[str, _Job] = OrderedDict()
        self._queue: deque[_Job] = deque()
        self._mutex = threading.Condition()
        self._worker: threading.Thread | None = None
        self._closing = False
        self._watchers: list[Callable[[JobInfo], None]] = []

    # submitting -------------------------------------------------------------------------------

    def submit(self, kind: str, args: list[Any], kwargs: dict[str, Any]) -> JobInfo:
        """Queue job ``kind`` with the arguments of its operation; its first step runs now,
        in this call (see the module). Returns the job as it stands.

        :raises InvalidInput: an unknown kind or bad arguments (nothing queued).
        :raises StoreError: too many jobs wait already.
        """
        kind_of(kind)
        with self._mutex:
            if self._closing:
                raise StoreError("the memory daemon is stopping: submit the job again")
            if len(self._queue) >= MAX_QUEUED:
                raise StoreError(f"{MAX_QUEUED} jobs already wait in the memory daemon; "
                                 "wait for some to finish (`cognimem jobs`) and submit again")
        with self._reads.alone():
            steps = steps_for(self.engine, kind, args, kwargs)
        job = _Job(kind, detail_of(kind, args, kwargs), steps, current_session())
        self._step(job, first=True)  # raises what is wrong with the request (an import:
        while job.hold == "none":  # its file validated, beside the other calls)
            self._step(job, first=True)
        with self._mutex:
            self._jobs[job.id] = job
            self._queue.append(job)
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="jobs", daemon=True)
                self._worker.start()
            self._mutex.notify_all()
            return job.info()

    def run(self, op: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        """Run the long operation ``op`` (``import_``...) as a job and wait for its end:
        its report, or its error."""
        info = self.submit(KIND_OF_OPERATION[op], args, kwargs)
        job = self._jobs[info.id]
        job.finished.wait()
        if job.error is not None:
            raise job.error
        if job.state == "cancelled":
            raise StoreError(f"job {job.id} was cancelled after {job.done:,} units; what it "
                             "committed stays (see `cognimem jobs show`)")
        return job.report

    # following --------------------------------------------------------------------------------

    def jobs(self) -> list[JobInfo]:
        """Every job, newest first."""
        with self._mutex:
            return [job.info() for job in reversed(self._jobs.values())]

    def job(self, job_id: str) -> JobInfo:
        """One job.

        :raises NotFound: no job has this id.
        """
        with self._mutex:
            return self._jobs[known_id(job_id, self._jobs)].info()

    def cancel_job(self, job_id: str) -> JobInfo:
        """Stop a job at its next step (a queued one at once); a stopped one is returned
        as it is.

        :raises NotFound: no job has this id.
        """
        with self._mutex:
            job = self._jobs[known_id(job_id, self._jobs)]
            job.cancel.set()
            if job.state == "queued":
                with contextlib.suppress(ValueError):
                    self._queue.remove(job)
                self._end(job, "cancelled")
            return job.info()

    def wait(self, job_id: str, timeout: float | None = None) -> JobInfo:
        """The job once it stopped (or as it stands after ``timeout`` seconds)."""
        with self._mutex:
            job = self._jobs[known_id(job_id, self._jobs)]
        job.finished.wait(timeout)
        with self._mutex:
            return job.info()

    def watch(self, watcher: Callable[[JobInfo], None]) -> None:
        """Call ``watcher(info)`` after each unit of every job, on the job's thread, with
        the store let go (a log, a test that holds a job between two units)."""
        self._watchers.append(watcher)

    @property
    def busy(self) -> bool:
        """Whether a job runs or waits (the daemon does not stop idle meanwhile)."""
        with self._mutex:
            return any(not job.finished.is_set() for job in self._jobs.values())

    def summary(self) -> dict[str, int]:
        """How many jobs are in each state (for the daemon's status)."""
        with self._mutex:
            counts: dict[str, int] = {}
            for job in self._jobs.values():
                counts[job.state] = counts.get(job.state, 0) + 1
            return counts

    def close(self, timeout: float = 30.0) -> None:
        """Cancel every job (each stops at its next step) and wait for the worker."""
        with self._mutex:
            self._closing = True
            for job in self._jobs.values():
                job.cancel.set()
            while self._queue:
                self._end(self._queue.popleft(), "cancelled")
            self._mutex.notify_all()
            worker = self._worker
        if worker is not None:
            worker.join(timeout)

    # running ----------------------------------------------------------------------------------

    def _work(self) -> None:
        while True:
            with self._mutex:
                while not self._queue and not self._closing:
                    self._mutex.wait()
                if not self._queue:
                    return
                job = self._queue.popleft()
                job.state = "running"
                job.started = time.monotonic()
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, SWITCH_INTERVAL))
            try:
                self._run(job)
            finally:
                sys.setswitchinterval(before)

    def _run(self, job: _Job) -> None:
        try:
            while not job.cancel.is_set():
                if not self._step(job):
                    return
                for watcher in self._watchers:
                    watcher(job.info())
                stand_aside(self._lock, self._reads)
            job.steps.close()  # between two units: nothing of the next one was written
            with self._mutex:
                self._end(job, "cancelled")
        except BaseException as exc:  # the job's error is its own; the worker goes on
            known = one_line_error(exc)
            if known is None:
                log.exception("job %s (%s) failed", job.id, job.kind)
            with self._mutex:
                job.error = exc
                self._end(job, "failed")

    def _step(self, job: _Job, *, first: bool = False) -> bool:
        """Run the job's next unit (holding the store if it needs it); False at its end."""
        with exactly(job.session), self._hold(job.hold):
            try:
                step = next(job.steps)
            except StopIteration as end:
                if first:
                    raise CognimemError("a job ended before its first step") from None
                with self._mutex:
                    job.report = end.value
                    job.done = max(job.done, job.total or 0)
                    self._end(job, "done")
                return False
        with self._mutex:
            job.heard(step)
        return True

    def _hold(self, hold: Hold) -> contextlib.AbstractContextManager[Any]:
        """What a step holds: the store alone, the engine lock only (searches run beside,
        as beside a write group), or nothing."""
        if hold == "alone":
            return self._reads.alone()
        if hold == "writes":
            return self._lock
        return contextlib.nullcontext()

    def _end(self, job: _Job, state: State) -> None:
        """Mark ``job`` stopped (``_mutex`` held) and forget the oldest stopped jobs."""
        job.state = state
        job.ended = time.monotonic()
        job.finished.set()
        stopped = [j for j in self._jobs.values() if j.finished.is_set()]
        for old in stopped[:max(0, len(stopped) - KEEP_FINISHED)]:
            del self._jobs[old.id]
