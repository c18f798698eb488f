"""How the store's daemon runs each engine operation and each tool.

A client's call of the memory API runs as :meth:`Operations.run` decides: an ``add`` in a
write group with the other agents' adds (:mod:`.group`), a search beside writes
(:mod:`.reads`), the hits' conflicts read beside writes too, a long operation (``import_``,
``ingest``, ``reindex``, ``dream``) as a job run in units beside the other callers
(:mod:`.jobs`; ``start_job``, ``jobs``, ``job``, ``cancel_job`` reach them), anything else
alone (under the engine lock, no search beside it).

A tool runs alone as a whole unless it is registered with ``atomic=False`` (the MCP
``remember`` and ``recall``): it then sees the engine through :class:`OperatingEngine`,
whose operations :meth:`Operations.run` runs as a client's calls, so 32 agents' MCP calls
get the group commit and concurrent reads their memory-API calls get.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..engine.delegate import served_operations
from ..errors import InvalidInput
from .group import GroupCommit
from .jobs import KIND_OF_OPERATION

if TYPE_CHECKING:
    from ..engine import Engine
    from ..extensions import ToolSpec
    from .jobs import Jobs
    from .reads import ReadGate

Operate = Callable[[str, list[Any], dict[str, Any]], Any]

#: The memory API's calls on jobs, answered by the daemon's :class:`~.jobs.Jobs`.
JOB_CALLS = frozenset({"start_job", "jobs", "job", "cancel_job"})


class Operations:
    """Runs engine operations and tools in the daemon.

    :param engine: the daemon's engine.
    :param group: the write groups of concurrent adds.
    :param reads: the gate that runs searches beside writes and everything else alone.
    :param jobs: the daemon's jobs (long operations, in units).
    """

    def __init__(self, engine: Engine, group: GroupCommit, reads: ReadGate,
                 jobs: Jobs) -> None:
        self.engine = engine
        self._group = group
        self._reads = reads
        self._jobs = jobs

    def run(self, op: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        """Run the engine operation ``op`` as a client's call runs."""
        if op == "add" and GroupCommit.groupable(args, kwargs):
            return self._group.add(args[0], kwargs)
        if op in ("search", "search_summary"):  # beside writes, when the profile allows
            return getattr(self._reads, op)(args, kwargs)
        if op == "in_open_conflict":  # a recall's second step: a read of the records only
            return self._reads.read(lambda: self.engine.in_open_conflict(*args, **kwargs))
        if op in KIND_OF_OPERATION:  # a long operation: a job, in units, waited for
            return self._jobs.run(op, args, kwargs)
        if op in JOB_CALLS:
            return self._job_call(op, args, kwargs)
        with self._reads.alone():
            result = getattr(self.engine, op)(*args, **kwargs)
            if isinstance(result, Iterator):
                result = list(result)  # read the store while the lock is held
        return result

    def _job_call(self, op: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        if op == "start_job":
            if not args:
                raise InvalidInput("start_job needs the kind of job first (import, ingest, "
                                   "reindex, dream)")
            return self._jobs.submit(str(args[0]), list(args[1:]), kwargs)
        if op == "jobs":
            return self._jobs.jobs()
        job_id = str(args[0] if args else kwargs.get("job_id", ""))
        return self._jobs.cancel_job(job_id) if op == "cancel_job" else self._jobs.job(job_id)

    def tool(self, spec: ToolSpec, arguments: dict[str, Any]) -> Any:
        """Run the tool ``spec``: alone, or each of its engine calls as a client's call."""
        if not spec.atomic:
            return spec.func(OperatingEngine(self.engine, self.run), **arguments)
        with self._reads.alone():
            return spec.func(self.engine, **arguments)


#: What a non-atomic tool may read of the engine besides its operations: settings that do
#: not change while the daemon runs. Anything else (``records``, ``ctx``...) would run
#: without the engine's lock, so it is refused.
READABLE = frozenset({"profile", "host", "clock", "options_of", "hook_options"})


class OperatingEngine:
    """``engine``, with its declared client operations run by ``operate``; of
    the rest only :data:`READABLE` is reachable (no fall-through to the engine)."""

    def __init__(self, engine: Engine, operate: Operate) -> None:
        self._engine = engine
        self._operate = operate

    def __getattr__(self, name: str) -> Any:
        if name in served_operations(type(self._engine)):
            operate = self._operate

            def call(*args: Any, **kwargs: Any) -> Any:
                return operate(name, list(args), kwargs)

            call.__name__ = name
            return call
        if name in READABLE:
            return getattr(self._engine, name)
        raise AttributeError(
            f"a tool that runs beside other calls (atomic=False) reaches the engine through "
            f"the memory API only; {name!r} is not an operation: register the tool atomic")
