"""The jobs tools: follow and cancel the long operations (imports, vault indexing,
reindexing, dream runs) that run in the store's daemon as jobs, in units that let the
other agents' calls through (``import_memories``, ``ingest``, ``reindex`` and ``dream``
with ``background: true`` return such a job at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from cognimem.engine.jobinfo import JobInfo

from .results import Result

if TYPE_CHECKING:
    from cognimem.engine import Engine

JobId = Annotated[str, Field(max_length=40, description="the job's id (from jobs_list or "
                                                        "a tool run with background: true)")]


class JobList(Result):
    """The jobs, newest first: state, units done and in all, seconds left."""

    jobs: list[JobInfo]


def jobs_list(engine: Engine) -> JobList:
    """List the store's jobs (imports, vault indexing, reindexing, dream runs), newest
    first, with their progress.

    Example: {}
    """
    return JobList(jobs=engine.jobs())


def job_status(engine: Engine, job_id: JobId) -> JobInfo:
    """One job: its state (queued, running, done, failed, cancelled), units done and in
    all, rate, seconds left and, once it stopped, its report.

    Example: {"job_id": "j3f9a0c1b2d4e"}
    """
    return engine.job(job_id)


def job_cancel(engine: Engine, job_id: JobId) -> JobInfo:
    """Stop a job after the unit it is in; what it committed stays (its report says what).

    Example: {"job_id": "j3f9a0c1b2d4e"}
    """
    return engine.cancel_job(job_id)
