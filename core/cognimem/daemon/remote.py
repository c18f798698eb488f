"""The memory API over the owner daemon's connection, and :func:`open_store`.

:class:`RemoteEngine` stands in for an :class:`~cognimem.engine.Engine` in every process
that is not the store's owner: it implements :class:`~cognimem.daemon.api.MemoryAPI`
method by method, each running in the daemon and returning the engine's own types
(``Written``, ``SearchResult``, ``Memory``...). MCP tools run in the daemon too
(:meth:`RemoteEngine.run_tool`, or :func:`run_tool` for either kind of engine).

If the daemon goes away between two calls, the next call starts a new one. If it goes away
*during* a call, a read is retried; a write is not (it may or may not have been applied), and
the caller gets a :class:`~cognimem.errors.StoreError` saying so. A request the daemon
refuses unread (too large) is reported as refused: nothing was written.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import StoreError
from ..session import current as current_session
from .api import RETRY_SAFE
from .connection import Connection, ConnectionLost, DaemonStopping
from .remote_conflicts import ConflictCalls, _expect
from .runtime import pid_alive, read_owner_record, store_of

if TYPE_CHECKING:
    from ..components import GraveEntry
    from ..engine import CheckReport, DreamReport, MaintenanceReport, Written
    from ..engine.jobinfo import JobInfo
    from ..engine.portable import ImportReport
    from ..engine.reindex import ReindexReport
    from ..models import Edge, Event, Memory, Query, SearchResult
    from ..models.summary import SearchSummary
    from ..profile import Profile
    from ..sources import IngestReport
    from .api import DraftLike

log = logging.getLogger("cognimem.remote")

#: Set to 1 to use a running daemon whose pipeline differs from the client's profile.
USE_RUNNING_ENV = "COGNIMEM_USE_RUNNING"

class RemoteEngine(ConflictCalls):
    """The memory API of a store whose owner daemon runs elsewhere.

    The connection opens on first use (:meth:`connect` opens it now), starting the daemon
    if none is running. Thread-safe: calls are serialised over one connection.

    :param profile: the profile whose store to reach (its ``path`` must be on disk).
    :param idle_timeout: for a daemon this call starts: seconds idle before it stops.
    :param store: the store directory, when known without the profile; then ``loader``
        gives the profile, read only if a daemon has to be started.
    :param fingerprint: the profile's pipeline fingerprint, when known without it.
    """

    def __init__(self, profile: Profile | None = None, *, idle_timeout: float | None = None,
                 store: Path | None = None, fingerprint: str | None = None,
                 loader: Callable[[], Profile] | None = None) -> None:
        if profile is None and (store is None or loader is None):
            raise ValueError("RemoteEngine needs a profile, or a store and a profile loader")
        self._local_profile = profile
        self._loader = loader
        self._store = store if store is not None else store_of(profile)  # type: ignore[arg-type]
        self._fingerprint = fingerprint
        self._idle_timeout = idle_timeout
        self._lock = threading.RLock()
        self._connection: Connection | None = None
        self._info: dict[str, Any] = {}
        self._profile: Profile | None = None
        self._closed = False

    # connection -------------------------------------------------------------------------------

    def connect(self) -> RemoteEngine:
        """Open the connection now (starting the daemon if needed); returns self."""
        with self._lock:
            self._ensure()
        return self

    def _local(self) -> Profile:
        if self._local_profile is None:
            assert self._loader is not None
            self._local_profile = self._loader()
        return self._local_profile

    def _ensure(self) -> Connection:
        if self._closed:
            raise StoreError("this RemoteEngine is closed; open a new one with open_store")
        connection = self._connection
        if connection is not None and connection.alive():
            return connection
        self._drop()
        connection = _reach(self._store)
        if connection is None:  # no daemon answers: start one (this needs the profile)
            from .spawn import ensure_daemon

            record = ensure_daemon(self._local(), idle_timeout=self._idle_timeout)
            connection = Connection(record, client=f"cognimem[{os.getpid()}]")
        self._connection = connection
        self._info = connection.info
        record = connection.record
        if self._fingerprint is None:
            from .spawn import profile_fingerprint

            self._fingerprint = profile_fingerprint(self._local())
        if record.fingerprint and record.fingerprint != self._fingerprint:
            self._other_pipeline(connection, record.store, record.profile)
        return connection

    def _other_pipeline(self, connection: Connection, store: object, profile: object) -> None:
        """The daemon runs another pipeline than this client's profile: a mistake in the
        profile is the one-line error it gives without a daemon; a different valid pipeline
        is an error saying how to switch, unless ``COGNIMEM_USE_RUNNING=1`` asks to use the
        running one."""
        from ..errors import ProfileError
        from .validate import check_profile

        try:
            check_profile(self._local())
            if os.environ.get(USE_RUNNING_ENV, "").strip() in ("1", "true", "yes"):
                return
            raise ProfileError(
                f"the memory daemon for {store} runs profile {profile!r} with another "
                "pipeline than this profile's; to switch, stop it (`cognimem daemon stop`, "
                f"with this --store) and run again; to use its pipeline, set {USE_RUNNING_ENV}=1")
        except BaseException:
            connection.close()
            self._connection = None
            raise

    def _drop(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _request(self, what: str, method: str, *, retry_safe: bool,
                 on_frame: Callable[[dict[str, Any]], None] | None = None,
                 **params: Any) -> object:
        session = current_session()
        if session:  # the daemon binds it around the call (the write pipeline's scope)
            params["session"] = session.as_dict()
        with self._lock:
            for attempt in (1, 2):
                connection = self._ensure()
                try:
                    result: object = connection.request(method, on_frame=on_frame, **params)
                    return result
                except DaemonStopping:
                    self._drop()
                    if attempt == 2:
                        raise
                except ConnectionLost as exc:
                    self._drop()
                    if attempt == 2 or (exc.sent and not retry_safe):
                        raise StoreError(
                            f"the memory daemon stopped while running {what}; it may or may "
                            "not have been applied: check (get / recall) before repeating it"
                        ) from exc
            raise AssertionError("unreachable")  # pragma: no cover

    def _call(self, op: str, *args: Any, **kwargs: Any) -> object:
        return self._request(f"{op}()", "call", retry_safe=op in RETRY_SAFE, op=op,
                             args=list(args), kwargs=kwargs)

    def stream(self, method: str, *, on_frame: Callable[[dict[str, Any]], None] | None = None,
               **params: Any) -> object:
        """One step of a streamed export or import (see :mod:`cognimem.daemon.streams`);
        never repeated on a broken connection (the stream's state was the connection's)."""
        with self._lock:
            connection = self._ensure()
            try:
                result: object = connection.request(method, on_frame=on_frame, **params)
            except ConnectionLost as exc:
                self._drop()
                raise StoreError(f"the memory daemon stopped during {method}; run the command "
                                 "again (an import is written whole or not at all)") from exc
            return result

    def run_tool(self, name: str, arguments: dict[str, Any], *,
                 retry_safe: bool = False) -> object:
        """Run the MCP tool ``name`` against the daemon's engine; returns the tool's result
        (a plugin's own result model arrives as its plain data)."""
        return self._request(f"the {name!r} tool", "tool", retry_safe=retry_safe, name=name,
                             arguments=arguments)

    def status(self) -> dict[str, Any]:
        """The daemon's status (pid, address, uptime, requests, connections, memories)."""
        return _expect(self._request("status", "status", retry_safe=True), dict, "status")

    # the memory API ---------------------------------------------------------------------------

    @property
    def profile(self) -> Profile:
        """The profile the daemon opened the store with (it owns the store, so it rules)."""
        with self._lock:
            if self._profile is None:
                self._ensure()
                data = self._info.get("profile_data")
                if data:
                    from ..profile import Profile

                    self._profile = Profile(**data)
                else:
                    self._profile = self._local()
            return self._profile

    @property
    def path(self) -> Path:
        """The store directory."""
        return self._store

    def add(self, content: DraftLike, /, **fields: Any) -> Written:
        """See :meth:`Engine.add <cognimem.engine.Engine.add>`."""
        from ..engine import Written

        return _expect(self._call("add", content, **fields), Written, "add")

    def add_many(self, items: Iterable[DraftLike], /, **fields: Any) -> list[Written]:
        """See :meth:`Engine.add_many <cognimem.engine.Engine.add_many>`."""
        from ..engine import Written

        found = _expect(self._call("add_many", list(items), **fields), list, "add_many")
        return [_expect(w, Written, "add_many") for w in found]

    def update(self, memory_id: str, /, *, agent: str | None = None,
               **changes: Any) -> Written:
        """See :meth:`Engine.update <cognimem.engine.Engine.update>`."""
        from ..engine import Written

        return _expect(self._call("update", memory_id, agent=agent, **changes), Written,
                       "update")

    def supersede(self, old_id: str, content: DraftLike, /, **fields: Any) -> Written:
        """See :meth:`Engine.supersede <cognimem.engine.Engine.supersede>`."""
        from ..engine import Written

        return _expect(self._call("supersede", old_id, content, **fields), Written,
                       "supersede")

    def delete(self, memory_id: str, /, *, agent: str | None = None,
               purge: bool = False) -> Memory:
        """See :meth:`Engine.delete <cognimem.engine.Engine.delete>`."""
        from ..models import Memory

        return _expect(self._call("delete", memory_id, agent=agent, purge=purge), Memory,
                       "delete")

    def purge(self, *, vectors: bool = True) -> None:
        """See :meth:`Engine.purge <cognimem.engine.Engine.purge>`."""
        self._call("purge", vectors=vectors)

    def ingest(self, source: str, target: str, *, options: Mapping[str, Any] | None = None,
               dry_run: bool = False) -> IngestReport:
        """See :meth:`Engine.ingest <cognimem.engine.Engine.ingest>`."""
        from ..sources import IngestReport

        return _expect(self._call("ingest", source, target, options=dict(options or {}),
                                  dry_run=dry_run), IngestReport, "ingest")

    def relate(self, source: str, target: str, type: str = "relates_to", weight: float = 1.0,
               **fields: Any) -> Edge:
        """See :meth:`Engine.relate <cognimem.engine.Engine.relate>`."""
        from ..models import Edge

        return _expect(self._call("relate", source, target, type, weight, **fields), Edge,
                       "relate")

    def unrelate(self, source: str, target: str, type: str = "relates_to", *,
                 agent: str | None = None) -> None:
        """See :meth:`Engine.unrelate <cognimem.engine.Engine.unrelate>`."""
        self._call("unrelate", source, target, type, agent=agent)

    def archive(self, memory_id: str, reason: str = "archived by request",
                score: float | None = None, *, agent: str | None = None) -> Memory:
        """See :meth:`Engine.archive <cognimem.engine.Engine.archive>`."""
        from ..models import Memory

        return _expect(self._call("archive", memory_id, reason, score, agent=agent), Memory,
                       "archive")

    def restore(self, memory_id: str, *, agent: str | None = None) -> Memory:
        """See :meth:`Engine.restore <cognimem.engine.Engine.restore>`."""
        from ..models import Memory

        return _expect(self._call("restore", memory_id, agent=agent), Memory, "restore")

    def get(self, memory_id: str) -> Memory:
        """See :meth:`Engine.get <cognimem.engine.Engine.get>`."""
        from ..models import Memory

        return _expect(self._call("get", memory_id), Memory, "get")

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """See :meth:`Engine.get_many <cognimem.engine.Engine.get_many>`."""
        from ..models import Memory

        found = _expect(self._call("get_many", list(ids)), dict, "get_many")
        return {str(k): _expect(m, Memory, "get_many") for k, m in found.items()}

    def list_memories(self, *, limit: int = 50, offset: int = 0,
                      include_archived: bool = False,
                      query: Query | None = None) -> list[Memory]:
        """See :meth:`Engine.list_memories <cognimem.engine.Engine.list_memories>`."""
        from ..models import Memory

        found = _expect(self._call("list_memories", limit=limit, offset=offset,
                                   include_archived=include_archived, query=query),
                        list, "list_memories")
        return [_expect(m, Memory, "list_memories") for m in found]

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """See :meth:`Engine.search <cognimem.engine.Engine.search>`."""
        from ..models import SearchResult

        return _expect(self._call("search", query, **params), SearchResult, "search")

    def search_summary(self, query: Query | str, /, **params: Any) -> SearchSummary:
        """See :meth:`Engine.search_summary <cognimem.engine.Engine.search_summary>` (no
        pydantic is loaded to decode it)."""
        from ..models.summary import SearchSummary

        return _expect(self._call("search_summary", query, **params), SearchSummary,
                       "search_summary")

    def edges(self, memory_id: str) -> list[Edge]:
        """See :meth:`Engine.edges <cognimem.engine.Engine.edges>`."""
        from ..models import Edge

        found = _expect(self._call("edges", memory_id), list, "edges")
        return [_expect(e, Edge, "edges") for e in found]

    def graveyard(self) -> list[GraveEntry]:
        """See :meth:`Engine.graveyard <cognimem.engine.Engine.graveyard>`."""
        from ..components import GraveEntry

        found = _expect(self._call("graveyard"), list, "graveyard")
        return [_expect(g, GraveEntry, "graveyard") for g in found]

    def events(self, after_seq: int = 0) -> list[Event]:
        """See :meth:`Engine.events <cognimem.engine.Engine.events>`."""
        from ..models import Event

        found = _expect(self._call("events", after_seq), list, "events")
        return [_expect(e, Event, "events") for e in found]

    def stats(self) -> dict[str, Any]:
        """See :meth:`Engine.stats <cognimem.engine.Engine.stats>`."""
        return _expect(self._call("stats"), dict, "stats")

    def now(self) -> datetime:
        """See :meth:`Engine.now <cognimem.engine.Engine.now>`."""
        return _expect(self._call("now"), datetime, "now")

    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """See :meth:`Engine.maintain <cognimem.engine.Engine.maintain>`."""
        from ..engine import MaintenanceReport

        return _expect(self._call("maintain", dry_run=dry_run), MaintenanceReport, "maintain")

    def dream(self, *, dry_run: bool = False, force: bool = False) -> DreamReport:
        """See :meth:`Engine.dream <cognimem.engine.Engine.dream>`."""
        from ..engine import DreamReport

        return _expect(self._call("dream", dry_run=dry_run, force=force), DreamReport, "dream")

    def check(self, *, repair: bool = False) -> CheckReport:
        """See :meth:`Engine.check <cognimem.engine.Engine.check>`."""
        from ..engine import CheckReport

        return _expect(self._call("check", repair=repair), CheckReport, "check")

    def export(self) -> dict[str, Any]:
        """See :meth:`Engine.export <cognimem.engine.Engine.export>`."""
        return _expect(self._call("export"), dict, "export")

    def import_(self, data: Mapping[str, Any], *, trusted: bool = False) -> ImportReport:
        """See :meth:`Engine.import_ <cognimem.engine.Engine.import_>`."""
        from ..engine.portable import ImportReport

        return _expect(self._call("import_", dict(data), trusted=trusted), ImportReport,
                       "import")

    def reindex(self, *, limit: int | None = None, batch_size: int = 256) -> ReindexReport:
        """See :meth:`Engine.reindex <cognimem.engine.Engine.reindex>`."""
        from ..engine.reindex import ReindexReport

        return _expect(self._call("reindex", limit=limit, batch_size=batch_size),
                       ReindexReport, "reindex")

    # jobs -------------------------------------------------------------------------------------

    def start_job(self, kind: str, /, *args: Any, **kwargs: Any) -> JobInfo:
        """Submit job ``kind`` to the daemon (see :mod:`cognimem.daemon.jobs`); it runs in
        the background, beside the other callers, and this returns at once. ``progress``
        is not sent (follow the job with :meth:`job`)."""
        from ..engine.jobinfo import JobInfo

        kwargs.pop("progress", None)
        return _expect(self._call("start_job", kind, *args, **kwargs), JobInfo, "start_job")

    def jobs(self) -> list[JobInfo]:
        """See :meth:`Engine.jobs <cognimem.engine.Engine.jobs>`."""
        from ..engine.jobinfo import JobInfo

        return [_expect(j, JobInfo, "jobs") for j in _expect(self._call("jobs"), list, "jobs")]

    def job(self, job_id: str) -> JobInfo:
        """See :meth:`Engine.job <cognimem.engine.Engine.job>`."""
        from ..engine.jobinfo import JobInfo

        return _expect(self._call("job", job_id), JobInfo, "job")

    def cancel_job(self, job_id: str) -> JobInfo:
        """See :meth:`Engine.cancel_job <cognimem.engine.Engine.cancel_job>`."""
        from ..engine.jobinfo import JobInfo

        return _expect(self._call("cancel_job", job_id), JobInfo, "cancel_job")

    # lifecycle --------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (the daemon keeps serving other clients)."""
        with self._lock:
            self._closed = True
            self._drop()

    def __enter__(self) -> RemoteEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<RemoteEngine {self._store}>"


def _reach(store: Path) -> Connection | None:
    """A connection to the daemon the record of ``store`` names, if it answers."""
    record = read_owner_record(store)
    if record is None or not pid_alive(record.pid):
        return None
    try:
        return Connection(record, client=f"cognimem[{os.getpid()}]")
    except (ConnectionLost, DaemonStopping):
        return None
