"""The memory API: the operations a client may call on a store, local or through its daemon.

:class:`MemoryAPI` is implemented structurally by :class:`~cognimem.engine.Engine` (in this
process) and by :class:`~cognimem.daemon.remote.RemoteEngine` (through the store's owner
daemon), so the CLI and the MCP server are type-checked against one set of signatures.
The daemon serves exactly :data:`OPERATIONS`: no other attribute of its engine is reachable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self

if TYPE_CHECKING:
    from ..components import GraveEntry
    from ..engine import CheckReport, DreamReport, MaintenanceReport, Written
    from ..engine.jobinfo import JobInfo
    from ..engine.portable import ImportReport
    from ..engine.reindex import ReindexReport
    from ..engine.sync import SyncBatch
    from ..models import Conflict, Edge, Event, Memory, MemoryDraft, Query, SearchResult
    from ..models.summary import SearchSummary
    from ..profile import Profile
    from ..sources import IngestReport

    DraftLike = MemoryDraft | Mapping[str, Any] | str


#: The engine methods a client may call through the daemon (the members of MemoryAPI
#: besides ``profile``, ``close`` and the context manager).
OPERATIONS: frozenset[str] = frozenset({
    "add", "add_many", "get", "get_many", "list_memories", "update", "supersede", "delete",
    "relate", "unrelate", "edges", "archive", "restore", "graveyard", "events", "search",
    "search_summary", "maintain", "check", "export", "import_", "reindex", "stats", "now", "purge",
    "record_conflict", "conflicts", "in_open_conflict", "resolve_conflict", "ingest", "dream",
    "sync", "acknowledge", "offsets", "offset", "start_job", "jobs", "job", "cancel_job",
})

#: Operations that only read, or whose repetition changes nothing: retried when the
#: connection breaks mid-call.
RETRY_SAFE: frozenset[str] = frozenset({
    "get", "get_many", "list_memories", "search", "search_summary", "stats", "edges",
    "graveyard", "events", "now", "check", "relate", "unrelate", "archive", "export", "purge",
    "conflicts", "in_open_conflict", "record_conflict", "sync", "acknowledge", "offsets", "offset",
    "jobs", "job", "cancel_job",
})


class MemoryAPI(Protocol):
    """What a client may do with a memory store (see :class:`~cognimem.engine.Engine` for
    each operation's full description)."""

    @property
    def profile(self) -> Profile:
        """The profile the store is served with."""

    # writing
    def add(self, content: DraftLike, /, **fields: Any) -> Written:
        """Remember one memory."""

    def add_many(self, items: Iterable[DraftLike], /, **fields: Any) -> list[Written]:
        """Remember many memories (all validated before any is written)."""

    def update(self, memory_id: str, /, *, agent: str | None = None,
               **changes: Any) -> Written:
        """Change fields of a memory."""

    def supersede(self, old_id: str, content: DraftLike, /, **fields: Any) -> Written:
        """Write a memory that replaces ``old_id``."""

    def delete(self, memory_id: str, /, *, agent: str | None = None,
               purge: bool = False) -> Memory:
        """Delete a memory (``purge``: and rewrite the store so its text leaves the files)."""

    def relate(self, source: str, target: str, type: str = "relates_to", weight: float = 1.0,
               **fields: Any) -> Edge:
        """Create or replace an edge."""

    def unrelate(self, source: str, target: str, type: str = "relates_to", *,
                 agent: str | None = None) -> None:
        """Remove an edge."""

    def archive(self, memory_id: str, reason: str = "archived by request",
                score: float | None = None, *, agent: str | None = None) -> Memory:
        """Move a memory to the graveyard."""

    def restore(self, memory_id: str, *, agent: str | None = None) -> Memory:
        """Bring a memory back from the graveyard."""

    # reading
    def get(self, memory_id: str) -> Memory:
        """One memory."""

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist."""

    def list_memories(self, *, limit: int = 50, offset: int = 0,
                      include_archived: bool = False,
                      query: Query | None = None) -> list[Memory]:
        """Memories newest first."""

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """Retrieve, fuse, rank and filter."""

    def search_summary(self, query: Query | str, /, **params: Any) -> SearchSummary:
        """:meth:`search` with each hit's open conflicts, as plain data: what a command
        line prints, decoded by a client without pydantic."""

    def edges(self, memory_id: str) -> list[Edge]:
        """Every edge touching a memory."""

    def graveyard(self) -> list[GraveEntry]:
        """Archived memories, newest first."""

    def events(self, after_seq: int = 0) -> list[Event]:
        """The event log after a sequence number."""

    def stats(self) -> dict[str, Any]:
        """Counts and the pipeline."""

    def now(self) -> datetime:
        """The engine clock's time."""

    # keeping the store
    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """Run the decay policies once."""

    def dream(self, *, dry_run: bool = False, force: bool = False) -> DreamReport:
        """Consolidate: merge clusters of near-duplicates, archive trivial old memories."""

    def check(self, *, repair: bool = False) -> CheckReport:
        """Compare the indexes with the records; verify the event log."""

    def export(self) -> dict[str, Any]:
        """The whole store as portable JSON data."""

    def import_(self, data: Mapping[str, Any], *, trusted: bool = False) -> ImportReport:
        """Import data made by :meth:`export` (screened by the guard unless ``trusted``)."""

    def reindex(self, *, limit: int | None = None, batch_size: int = 256) -> ReindexReport:
        """Re-embed memories embedded by another model."""

    def purge(self, *, vectors: bool = True) -> None:
        """Rewrite the store so deleted memories leave no trace in its files."""

    def ingest(self, source: str, target: str, *, options: Mapping[str, Any] | None = None,
               dry_run: bool = False) -> IngestReport:
        """Run an intake source over a target (a vault folder...)."""

    # jobs: long operations run in units (through the daemon, beside the other callers)
    def start_job(self, kind: str, /, *args: Any, **kwargs: Any) -> JobInfo:
        """Run job ``kind`` (import, ingest, reindex, dream) with its operation's arguments:
        in the daemon's background (returns at once), or here to the end without one."""

    def jobs(self) -> list[JobInfo]:
        """The jobs, newest first."""

    def job(self, job_id: str) -> JobInfo:
        """One job (raises NotFound for an unknown id)."""

    def cancel_job(self, job_id: str) -> JobInfo:
        """Stop a job after the unit it is in; what it committed stays."""

    # conflicts
    def record_conflict(self, a: str, b: str, *, kind: str = "value",
                        differs: Iterable[str] = (), found_by: str | None = None,
                        agent: str | None = None, note: str | None = None) -> Conflict | None:
        """Log that two memories disagree."""

    def conflicts(self, *, status: Literal["open", "resolved", "all"] = "open",
                  memory_id: str | None = None) -> list[Conflict]:
        """Logged conflicts, newest first."""

    def in_open_conflict(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """For each of ``ids`` in an open conflict, the conflicts' ids."""

    def resolve_conflict(self, cid: str, resolution: str, *, agent: str | None = None,
                         note: str | None = None) -> Conflict:
        """Resolve a conflict (keep_newer, keep_a, keep_b, keep_both)."""

    # agents' sync offsets
    def sync(self, agent: str, *, limit: int = 200, include_own: bool = False) -> SyncBatch:
        """The changes after the agent's acknowledged offset (the offset does not move)."""

    def acknowledge(self, agent: str, seq: int) -> int:
        """Move the agent's offset forward to event ``seq``; returns the offset."""

    def offsets(self) -> dict[str, int]:
        """Every agent's acknowledged offset."""

    def offset(self, agent: str) -> int:
        """The agent's acknowledged offset (0: it never acknowledged)."""

    # lifecycle
    def close(self) -> None:
        """Release the store (a remote client closes its connection only)."""

    def __enter__(self) -> Self:
        """Use as a context manager; closed on exit."""

    def __exit__(self, *exc: object) -> None:
        """Close."""


if TYPE_CHECKING:  # mypy proves both implementations satisfy the API
    from ..engine import Engine
    from .remote import RemoteEngine

    def _conforms(local: Engine, remote: RemoteEngine) -> tuple[MemoryAPI, MemoryAPI]:
        return local, remote
