"""What a client sees of a job: :class:`JobInfo` (it travels over the daemon's wire).

A job is a long operation (an import, an ingest, a re-embedding, a dream run) that the
store's daemon runs one unit at a time beside the other callers
(:mod:`cognimem.daemon.jobs`; without a daemon, in the foreground); a client
lists them, follows one, or cancels it.
"""

from __future__ import annotations

import importlib
from typing import Any, Literal

from pydantic import BaseModel, Field

#: Each kind of job and the report it ends with (module, class).
REPORTS: dict[str, tuple[str, str]] = {
    "import": ("cognimem.engine.portable", "ImportReport"),
    "ingest": ("cognimem.sources", "IngestReport"),
    "reindex": ("cognimem.engine.reindex", "ReindexReport"),
    "dream": ("cognimem.engine", "DreamReport"),
}

State = Literal["queued", "running", "done", "failed", "cancelled"]


class JobInfo(BaseModel):
    """One job: its state, its progress and, once it stopped, its report."""

    id: str
    kind: str
    state: State
    done: int = Field(default=0, description="units of work done (never goes down)")
    total: int | None = Field(default=None, description="units in all (None: not known yet)")
    rate: float | None = Field(default=None, description="units per second so far")
    eta_s: float | None = Field(default=None, description="seconds left at that rate")
    elapsed_s: float = 0.0
    submitted_at: str = ""
    detail: str = Field(default="", description="what it works on (a target, a file's size)")
    error: str | None = Field(default=None, description="why it failed (state failed)")
    report: dict[str, Any] | None = Field(default=None, description=(
        "the operation's report: what it committed (a cancelled job's units written)"))

    @property
    def finished(self) -> bool:
        """Whether it stopped (done, failed or cancelled)."""
        return self.state in ("done", "failed", "cancelled")

    def typed_report(self) -> Any:
        """The report as the operation's own type (an ``ImportReport``...), or None."""
        if self.report is None or self.kind not in REPORTS:
            return None
        module, name = REPORTS[self.kind]
        return getattr(importlib.import_module(module), name).model_validate(self.report)

    def line(self) -> str:
        """One line for a terminal: id, kind, state, progress."""
        total = "?" if self.total is None else f"{self.total:,}"
        eta = "" if self.eta_s is None or self.finished else f", about {self.eta_s:.0f}s left"
        why = f": {self.error}" if self.error else ""
        return (f"{self.id}  {self.kind:<8} {self.state:<9} {self.done:,}/{total} units"
                f"{eta}{why}")
