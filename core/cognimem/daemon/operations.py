"""The memory API as a client calls it: GENERATED from the engine's operation
declarations (``name = operation(Part.method, client=True, retry_safe=...)`` in
cognimem/engine/facade.py) by ``python -m cognimem.daemon.apigen >
core/cognimem/daemon/operations.py``. Do not edit: a test fails when it is out of step.

A client reads it without loading the engine. Per job, a Protocol: the typed signatures
:class:`~.api.MemoryAPI` is made of, which the Engine implements itself; their methods
send the call through the daemon in :class:`~.remote.RemoteEngine`, which inherits them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from datetime import datetime
    from typing import Literal

    from cognimem.components import GraveEntry
    from cognimem.engine import CheckReport, DraftLike, DreamReport, MaintenanceReport, Written
    from cognimem.engine.jobinfo import JobInfo
    from cognimem.engine.portable import ImportReport
    from cognimem.engine.reindex import ReindexReport
    from cognimem.engine.sync import SyncBatch
    from cognimem.engine.types import OnDuplicate
    from cognimem.models import Conflict, Edge, Event, Memory, Query, SearchResult
    from cognimem.models.summary import SearchSummary
    from cognimem.sources import IngestReport

#: Every operation a client may call: (retry safe, what it returns).
OPERATIONS_TABLE: dict[str, tuple[bool, str]] = {
    "add": (False, "Written"),
    "add_many": (False, "list[Written]"),
    "update": (False, "Written"),
    "delete": (False, "Memory"),
    "archive": (True, "Memory"),
    "restore": (False, "Memory"),
    "supersede": (False, "Written"),
    "relate": (True, "Edge"),
    "unrelate": (True, "None"),
    "record_conflict": (True, "Conflict | None"),
    "resolve_conflict": (False, "Conflict"),
    "ingest": (False, "IngestReport"),
    "import_": (False, "ImportReport"),
    "start_job": (False, "JobInfo"),
    "jobs": (True, "list[JobInfo]"),
    "job": (True, "JobInfo"),
    "cancel_job": (True, "JobInfo"),
    "get": (True, "Memory"),
    "get_many": (True, "dict[str, Memory]"),
    "search": (True, "SearchResult"),
    "list_memories": (True, "list[Memory]"),
    "graveyard": (True, "list[GraveEntry]"),
    "events": (True, "list[Event]"),
    "edges": (True, "list[Edge]"),
    "conflicts": (True, "list[Conflict]"),
    "in_open_conflict": (True, "dict[str, list[str]]"),
    "export": (True, "dict[str, Any]"),
    "offsets": (True, "dict[str, int]"),
    "offset": (True, "int"),
    "sync": (True, "SyncBatch"),
    "acknowledge": (True, "int"),
    "check": (True, "CheckReport"),
    "purge": (True, "None"),
    "maintain": (False, "MaintenanceReport"),
    "reindex": (False, "ReindexReport"),
    "dream": (False, "DreamReport"),
    "undo_dream": (False, "DreamReport"),
    "now": (True, "datetime"),
    "search_summary": (True, "SearchSummary"),
    "stats": (True, "dict[str, Any]"),
}


def _send(client: object, op: str, *args: Any, **kwargs: Any) -> Any:
    """The call sent through ``client`` (a RemoteEngine: its ``_call``)."""
    return client._call(op, *args, **kwargs)  # type: ignore[attr-defined]


def _sendable(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` without what stays with the caller (a callback)."""
    return {k: v for k, v in kwargs.items() if k not in {'progress'}}


class MemoriesAPI(Protocol):
    """The memory API: writing memories."""

    def add(
        self,
        content: DraftLike,
        /,
        *,
        agent: str | None = None,
        on_duplicate: OnDuplicate = "auto",
        **fields: Any,
    ) -> Written:
        """Remember one memory: text (plus Memory fields as keywords), a dict or a draft."""
        return _send(self, "add", content, agent=agent, on_duplicate=on_duplicate,
                     **_sendable(fields))

    def add_many(
        self,
        items: Iterable[DraftLike],
        /,
        *,
        agent: str | None = None,
        on_duplicate: OnDuplicate = "auto",
        **fields: Any,
    ) -> list[Written]:
        """Remember many memories, batched into few transactions and embedding calls."""
        return _send(self, "add_many", items, agent=agent, on_duplicate=on_duplicate,
                     **_sendable(fields))

    def update(self, memory_id: str, /, *, agent: str | None = None, **changes: Any) -> Written:
        """Change fields of a memory (see ``UPDATABLE_FIELDS``); re-embeds when the embedded text
        (title or content) changes.
        """
        return _send(self, "update", memory_id, agent=agent, **_sendable(changes))

    def delete(self, memory_id: str, /, *, agent: str | None = None, purge: bool = False) -> Memory:
        """Delete a memory, its edges, accesses and embedding."""
        return _send(self, "delete", memory_id, agent=agent, purge=purge)

    def archive(
        self,
        memory_id: str,
        reason: str = "archived by request",
        score: float | None = None,
        *,
        agent: str | None = None,
    ) -> Memory:
        """Move a memory to the graveyard: it stays stored, out of search, restorable."""
        return _send(self, "archive", memory_id, reason, score, agent=agent)

    def restore(self, memory_id: str, *, agent: str | None = None) -> Memory:
        """Bring a memory back from the graveyard."""
        return _send(self, "restore", memory_id, agent=agent)

    def supersede(
        self,
        old_id: str,
        content: DraftLike,
        /,
        *,
        agent: str | None = None,
        to_head: bool = False,
        **fields: Any,
    ) -> Written:
        """Write a memory that replaces ``old_id``; the old one stays, marked superseded. One
        operation: the new memory, the link and their events commit together.
        """
        return _send(self, "supersede", old_id, content, agent=agent, to_head=to_head,
                     **_sendable(fields))

    def ingest(
        self,
        source: str,
        target: str,
        *,
        options: Mapping[str, Any] | None = None,
        dry_run: bool = False,
    ) -> IngestReport:
        """Run the source ``source`` over ``target`` (for files, an absolute path: the caller
        resolves it): add new items, update changed ones, archive what is gone, move what was
        renamed. A dry run reports what would change and writes nothing.
        """
        return _send(self, "ingest", source, target, options=options, dry_run=dry_run)


class ReadingAPI(Protocol):
    """The memory API: reading the store."""

    def get(self, memory_id: str) -> Memory:
        """The memory with this id."""
        return _send(self, "get", memory_id)

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist."""
        return _send(self, "get_many", ids)

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """Search: retrieve, fuse, rank, filter; every hit carries its score trail."""
        return _send(self, "search", query, **_sendable(params))

    def list_memories(
        self,
        *,
        limit: int = 50,
        offset: int = 0,
        include_archived: bool = False,
        query: Query | None = None,
    ) -> list[Memory]:
        """Memories newest first (optionally only those a query's filters admit; with the query's
        ``cursor``, those after the page that gave it: :func:`cognimem.paging.after` makes the
        next one from a page's last memory).
        """
        return _send(self, "list_memories", limit=limit, offset=offset,
                     include_archived=include_archived, query=query)

    def graveyard(self) -> list[GraveEntry]:
        """Archived memories, newest first."""
        return _send(self, "graveyard")

    def events(self, after_seq: int = 0) -> list[Event]:
        """The event log after a sequence number."""
        return _send(self, "events", after_seq)

    def now(self) -> datetime:
        """The engine clock's time."""
        return _send(self, "now")

    def search_summary(self, query: Query | str, /, **params: Any) -> SearchSummary:
        """:meth:`search`, with each hit's open conflicts, as plain data (what a command line
        prints; :mod:`cognimem.models.summary`).
        """
        return _send(self, "search_summary", query, **_sendable(params))

    def stats(self) -> dict[str, Any]:
        """Counts and the pipeline, safe to share (no content)."""
        return _send(self, "stats")


class TeamAPI(Protocol):
    """The memory API: edges, conflicts and agents' sync offsets."""

    def relate(
        self,
        source: str,
        target: str,
        type: str = "relates_to",
        weight: float = 1.0,
        *,
        agent: str | None = None,
        **fields: Any,
    ) -> Edge:
        """Create or replace the edge (source, target, type) between two memories."""
        return _send(self, "relate", source, target, type, weight, agent=agent, **_sendable(fields))

    def unrelate(
        self,
        source: str,
        target: str,
        type: str = "relates_to",
        *,
        agent: str | None = None,
    ) -> None:
        """Remove the edge (source, target, type)."""
        return _send(self, "unrelate", source, target, type, agent=agent)

    def record_conflict(
        self,
        a: str,
        b: str,
        *,
        kind: str = "value",
        differs: Iterable[str] = (),
        found_by: str | None = None,
        agent: str | None = None,
        note: str | None = None,
    ) -> Conflict | None:
        """Log that memories ``a`` and ``b`` disagree; returns the open conflict, or None when
        the pair was already resolved as ``keep_both`` (never asked again; logging a pair that
        is already open returns it unchanged). Between writers of different authority, with
        ``resolve = "higher"``, it is resolved toward the higher one in the same commit.
        """
        return _send(self, "record_conflict", a, b, kind=kind, differs=differs, found_by=found_by,
                     agent=agent, note=note)

    def resolve_conflict(
        self,
        cid: str,
        resolution: str,
        *,
        agent: str | None = None,
        note: str | None = None,
    ) -> Conflict:
        """Resolve a conflict: ``keep_newer`` (the newer memory supersedes the older), ``keep_a``
        / ``keep_b`` (the other is superseded by the one kept) or ``keep_both`` (both stay
        current; the pair is never reported again), if ``agent`` may supersede the memory the
        resolution drops; the resolution and the links it moves commit together.
        """
        return _send(self, "resolve_conflict", cid, resolution, agent=agent, note=note)

    def edges(self, memory_id: str) -> list[Edge]:
        """Every edge touching a memory."""
        return _send(self, "edges", memory_id)

    def conflicts(
        self,
        *,
        status: Literal['open', 'resolved', 'all'] = "open",
        memory_id: str | None = None,
    ) -> list[Conflict]:
        """Logged conflicts, newest first (optionally only those involving one memory)."""
        return _send(self, "conflicts", status=status, memory_id=memory_id)

    def in_open_conflict(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """For each of ``ids`` in an open conflict, the ids of the conflicts (newest first)."""
        return _send(self, "in_open_conflict", ids)

    def offsets(self) -> dict[str, int]:
        """Every agent's acknowledged offset."""
        return _send(self, "offsets")

    def offset(self, agent: str) -> int:
        """The agent's acknowledged offset (0: it never acknowledged)."""
        return _send(self, "offset", agent)

    def sync(self, agent: str, *, limit: int = 200, include_own: bool = False) -> SyncBatch:
        """The changes after ``agent``'s offset, oldest first, at most ``limit``; the offset does
        not move (see :meth:`acknowledge`). The agent's own changes are left out of the list
        unless ``include_own`` (they are covered by ``upto`` all the same), except the
        conflicts its writes revealed.
        """
        return _send(self, "sync", agent, limit=limit, include_own=include_own)

    def acknowledge(self, agent: str, seq: int) -> int:
        """Record that ``agent`` handled every change up to event ``seq``; returns its offset. An
        offset only moves forward: acknowledging an older seq again changes nothing.
        """
        return _send(self, "acknowledge", agent, seq)


class UpkeepAPI(Protocol):
    """The memory API: keeping the store (checks, export and import, decay, re-embedding)."""

    def import_(self, data: Mapping[str, Any], *, trusted: bool = False) -> ImportReport:
        """Import data made by :meth:`export`; validated whole before anything is written (see
        :mod:`cognimem.engine.portable`). Each memory passes the guard like a write unless
        ``trusted`` (an export of this same store; recorded in the report).
        """
        return _send(self, "import_", data, trusted=trusted)

    def start_job(self, kind: str, /, *args: Any, **kwargs: Any) -> JobInfo:
        """Run job ``kind`` (``import``, ``ingest``, ``reindex``, ``dream``) with the arguments
        of its operation. Without a daemon it runs here, to the end, calling ``progress(done,
        total)`` after each unit; through the store's daemon it runs there in the background,
        beside the other callers, and this returns at once (follow it with :meth:`job`).
        """
        return _send(self, "start_job", kind, *args, **_sendable(kwargs))

    def jobs(self) -> list[JobInfo]:
        """The jobs this engine ran or runs, newest first."""
        return _send(self, "jobs")

    def job(self, job_id: str) -> JobInfo:
        """One job."""
        return _send(self, "job", job_id)

    def cancel_job(self, job_id: str) -> JobInfo:
        """Ask a job to stop after the unit it is in (what it committed stays); a job that
        already stopped is returned as it is.
        """
        return _send(self, "cancel_job", job_id)

    def export(self) -> dict[str, Any]:
        """The whole store as portable JSON data (see :mod:`cognimem.engine.portable`)."""
        return _send(self, "export")

    def check(self, *, repair: bool = False) -> CheckReport:
        """Compare every index with the record store and verify the event chain."""
        return _send(self, "check", repair=repair)

    def purge(self, *, vectors: bool = True) -> None:
        """Rewrite the record store and the indexes so that deleted memories leave no trace in
        the store's files (DuckDB reuses free pages without clearing them, tantivy keeps a
        deleted document's terms until a merge). Costs a copy of the store and a re-index of
        the lexical index: run after permanent deletes, not after each of many.
        """
        return _send(self, "purge", vectors=vectors)

    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """Run the profile's decay policies once at the engine clock's time, then the
        ``cognimem_maintenance`` hooks. A dry run lists what would change and changes nothing.
        """
        return _send(self, "maintain", dry_run=dry_run)

    def reindex(self, *, limit: int | None = None, batch_size: int = 256) -> ReindexReport:
        """Re-embed memories embedded with another model than the profile's embedder, in
        committed batches (resumable); ``limit`` caps this call's work, ``progress(done,
        total)`` hears of each batch (see :mod:`cognimem.engine.reindex`).
        """
        return _send(self, "reindex", limit=limit, batch_size=batch_size)

    def dream(self, *, dry_run: bool = False, force: bool = False) -> DreamReport:
        """Consolidate once: merge clusters of near-duplicates, archive trivial, unused, old
        memories, as the profile's ``[consolidate]`` component plans.
        """
        return _send(self, "dream", dry_run=dry_run, force=force)

    def undo_dream(self, *, dry_run: bool = False, agent: str | None = None) -> DreamReport:
        """Undo the last dream run that changed something, as one unit of work: every memory it
        archived comes back from the graveyard, every memory it merged into takes its earlier
        tags, provenance, importance, protection, accesses (and text, when the run summarised
        it) through the write pipeline. The report lists what the run did.
        """
        return _send(self, "undo_dream", dry_run=dry_run, agent=agent)
