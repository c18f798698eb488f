"""The memory API as a client calls it: GENERATED from the engine's operation
declarations (``name = operation(Part.method, client=True, retry_safe=...)`` in
cognimem/engine/facade.py) by ``python -m cognimem.daemon.apigen >
core/cognimem/daemon/operations.py``. Do not edit: a test fails when it is out of step.

A client reads it without loading the engine. Per job, a Protocol (the typed signatures
:class:`~.api.MemoryAPI` is made of) and a mixin whose methods send the call
(:class:`~.remote.RemoteEngine` is made of them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from datetime import datetime
    from typing import Literal

    from cognimem.components import GraveEntry
    from cognimem.engine import CheckReport, DraftLike, DreamReport, MaintenanceReport, Written
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
    "now": (True, "datetime"),
    "search_summary": (True, "SearchSummary"),
    "stats": (True, "dict[str, Any]"),
}


class Calls:
    """What the generated methods send through (RemoteEngine sends it to the daemon)."""

    def _call(self, op: str, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


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

    def update(self, memory_id: str, /, *, agent: str | None = None, **changes: Any) -> Written:
        """Change fields of a memory (see ``UPDATABLE_FIELDS``); re-embeds when the embedded text
        (title or content) changes.
        """

    def delete(self, memory_id: str, /, *, agent: str | None = None, purge: bool = False) -> Memory:
        """Delete a memory, its edges, accesses and embedding."""

    def archive(
        self,
        memory_id: str,
        reason: str = "archived by request",
        score: float | None = None,
        *,
        agent: str | None = None,
    ) -> Memory:
        """Move a memory to the graveyard: it stays stored, out of search, restorable."""

    def restore(self, memory_id: str, *, agent: str | None = None) -> Memory:
        """Bring a memory back from the graveyard."""

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


class MemoriesCalls(Calls):
    """Writing memories, through the daemon."""

    def add(
        self,
        content: DraftLike,
        /,
        *,
        agent: str | None = None,
        on_duplicate: OnDuplicate = "auto",
        **fields: Any,
    ) -> Written:
        """See :meth:`Engine.add <cognimem.engine.Engine.add>`."""
        return self._call("add", content, agent=agent, on_duplicate=on_duplicate, **fields)

    def add_many(
        self,
        items: Iterable[DraftLike],
        /,
        *,
        agent: str | None = None,
        on_duplicate: OnDuplicate = "auto",
        **fields: Any,
    ) -> list[Written]:
        """See :meth:`Engine.add_many <cognimem.engine.Engine.add_many>`."""
        return self._call("add_many", items, agent=agent, on_duplicate=on_duplicate, **fields)

    def update(self, memory_id: str, /, *, agent: str | None = None, **changes: Any) -> Written:
        """See :meth:`Engine.update <cognimem.engine.Engine.update>`."""
        return self._call("update", memory_id, agent=agent, **changes)

    def delete(self, memory_id: str, /, *, agent: str | None = None, purge: bool = False) -> Memory:
        """See :meth:`Engine.delete <cognimem.engine.Engine.delete>`."""
        return self._call("delete", memory_id, agent=agent, purge=purge)

    def archive(
        self,
        memory_id: str,
        reason: str = "archived by request",
        score: float | None = None,
        *,
        agent: str | None = None,
    ) -> Memory:
        """See :meth:`Engine.archive <cognimem.engine.Engine.archive>`."""
        return self._call("archive", memory_id, reason, score, agent=agent)

    def restore(self, memory_id: str, *, agent: str | None = None) -> Memory:
        """See :meth:`Engine.restore <cognimem.engine.Engine.restore>`."""
        return self._call("restore", memory_id, agent=agent)

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
        """See :meth:`Engine.supersede <cognimem.engine.Engine.supersede>`."""
        return self._call("supersede", old_id, content, agent=agent, to_head=to_head, **fields)

    def ingest(
        self,
        source: str,
        target: str,
        *,
        options: Mapping[str, Any] | None = None,
        dry_run: bool = False,
    ) -> IngestReport:
        """See :meth:`Engine.ingest <cognimem.engine.Engine.ingest>`."""
        return self._call("ingest", source, target, options=options, dry_run=dry_run)


class ReadingAPI(Protocol):
    """The memory API: reading the store."""

    def get(self, memory_id: str) -> Memory:
        """The memory with this id."""

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist."""

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """Search: retrieve, fuse, rank, filter; every hit carries its score trail."""

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

    def graveyard(self) -> list[GraveEntry]:
        """Archived memories, newest first."""

    def events(self, after_seq: int = 0) -> list[Event]:
        """The event log after a sequence number."""

    def now(self) -> datetime:
        """The engine clock's time."""

    def search_summary(self, query: Query | str, /, **params: Any) -> SearchSummary:
        """:meth:`search`, with each hit's open conflicts, as plain data (what a command line
        prints; :mod:`cognimem.models.summary`).
        """

    def stats(self) -> dict[str, Any]:
        """Counts and the pipeline, safe to share (no content)."""


class ReadingCalls(Calls):
    """Reading the store, through the daemon."""

    def get(self, memory_id: str) -> Memory:
        """See :meth:`Engine.get <cognimem.engine.Engine.get>`."""
        return self._call("get", memory_id)

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """See :meth:`Engine.get_many <cognimem.engine.Engine.get_many>`."""
        return self._call("get_many", ids)

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """See :meth:`Engine.search <cognimem.engine.Engine.search>`."""
        return self._call("search", query, **params)

    def list_memories(
        self,
        *,
        limit: int = 50,
        offset: int = 0,
        include_archived: bool = False,
        query: Query | None = None,
    ) -> list[Memory]:
        """See :meth:`Engine.list_memories <cognimem.engine.Engine.list_memories>`."""
        return self._call("list_memories", limit=limit, offset=offset,
                          include_archived=include_archived, query=query)

    def graveyard(self) -> list[GraveEntry]:
        """See :meth:`Engine.graveyard <cognimem.engine.Engine.graveyard>`."""
        return self._call("graveyard")

    def events(self, after_seq: int = 0) -> list[Event]:
        """See :meth:`Engine.events <cognimem.engine.Engine.events>`."""
        return self._call("events", after_seq)

    def now(self) -> datetime:
        """See :meth:`Engine.now <cognimem.engine.Engine.now>`."""
        return self._call("now")

    def search_summary(self, query: Query | str, /, **params: Any) -> SearchSummary:
        """See :meth:`Engine.search_summary <cognimem.engine.Engine.search_summary>`."""
        return self._call("search_summary", query, **params)

    def stats(self) -> dict[str, Any]:
        """See :meth:`Engine.stats <cognimem.engine.Engine.stats>`."""
        return self._call("stats")


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

    def unrelate(
        self,
        source: str,
        target: str,
        type: str = "relates_to",
        *,
        agent: str | None = None,
    ) -> None:
        """Remove the edge (source, target, type)."""

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

    def edges(self, memory_id: str) -> list[Edge]:
        """Every edge touching a memory."""

    def conflicts(
        self,
        *,
        status: Literal['open', 'resolved', 'all'] = "open",
        memory_id: str | None = None,
    ) -> list[Conflict]:
        """Logged conflicts, newest first (optionally only those involving one memory)."""

    def in_open_conflict(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """For each of ``ids`` in an open conflict, the ids of the conflicts (newest first)."""

    def offsets(self) -> dict[str, int]:
        """Every agent's acknowledged offset."""

    def offset(self, agent: str) -> int:
        """The agent's acknowledged offset (0: it never acknowledged)."""

    def sync(self, agent: str, *, limit: int = 200, include_own: bool = False) -> SyncBatch:
        """The changes after ``agent``'s offset, oldest first, at most ``limit``; the offset does
        not move (see :meth:`acknowledge`). The agent's own changes are left out of the list
        unless ``include_own`` (they are covered by ``upto`` all the same), except the
        conflicts its writes revealed.
        """

    def acknowledge(self, agent: str, seq: int) -> int:
        """Record that ``agent`` handled every change up to event ``seq``; returns its offset. An
        offset only moves forward: acknowledging an older seq again changes nothing.
        """


class TeamCalls(Calls):
    """Edges, conflicts and agents' sync offsets, through the daemon."""

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
        """See :meth:`Engine.relate <cognimem.engine.Engine.relate>`."""
        return self._call("relate", source, target, type, weight, agent=agent, **fields)

    def unrelate(
        self,
        source: str,
        target: str,
        type: str = "relates_to",
        *,
        agent: str | None = None,
    ) -> None:
        """See :meth:`Engine.unrelate <cognimem.engine.Engine.unrelate>`."""
        return self._call("unrelate", source, target, type, agent=agent)

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
        """See :meth:`Engine.record_conflict <cognimem.engine.Engine.record_conflict>`."""
        return self._call("record_conflict", a, b, kind=kind, differs=differs, found_by=found_by,
                          agent=agent, note=note)

    def resolve_conflict(
        self,
        cid: str,
        resolution: str,
        *,
        agent: str | None = None,
        note: str | None = None,
    ) -> Conflict:
        """See :meth:`Engine.resolve_conflict <cognimem.engine.Engine.resolve_conflict>`."""
        return self._call("resolve_conflict", cid, resolution, agent=agent, note=note)

    def edges(self, memory_id: str) -> list[Edge]:
        """See :meth:`Engine.edges <cognimem.engine.Engine.edges>`."""
        return self._call("edges", memory_id)

    def conflicts(
        self,
        *,
        status: Literal['open', 'resolved', 'all'] = "open",
        memory_id: str | None = None,
    ) -> list[Conflict]:
        """See :meth:`Engine.conflicts <cognimem.engine.Engine.conflicts>`."""
        return self._call("conflicts", status=status, memory_id=memory_id)

    def in_open_conflict(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """See :meth:`Engine.in_open_conflict <cognimem.engine.Engine.in_open_conflict>`."""
        return self._call("in_open_conflict", ids)

    def offsets(self) -> dict[str, int]:
        """See :meth:`Engine.offsets <cognimem.engine.Engine.offsets>`."""
        return self._call("offsets")

    def offset(self, agent: str) -> int:
        """See :meth:`Engine.offset <cognimem.engine.Engine.offset>`."""
        return self._call("offset", agent)

    def sync(self, agent: str, *, limit: int = 200, include_own: bool = False) -> SyncBatch:
        """See :meth:`Engine.sync <cognimem.engine.Engine.sync>`."""
        return self._call("sync", agent, limit=limit, include_own=include_own)

    def acknowledge(self, agent: str, seq: int) -> int:
        """See :meth:`Engine.acknowledge <cognimem.engine.Engine.acknowledge>`."""
        return self._call("acknowledge", agent, seq)


class UpkeepAPI(Protocol):
    """The memory API: keeping the store (checks, export and import, decay, re-embedding)."""

    def import_(self, data: Mapping[str, Any], *, trusted: bool = False) -> ImportReport:
        """Import data made by :meth:`export`; validated whole before anything is written (see
        :mod:`cognimem.engine.portable`). Each memory passes the guard like a write unless
        ``trusted`` (an export of this same store; recorded in the report).
        """

    def export(self) -> dict[str, Any]:
        """The whole store as portable JSON data (see :mod:`cognimem.engine.portable`)."""

    def check(self, *, repair: bool = False) -> CheckReport:
        """Compare every index with the record store and verify the event chain."""

    def purge(self, *, vectors: bool = True) -> None:
        """Rewrite the record store and the indexes so that deleted memories leave no trace in
        the store's files (DuckDB reuses free pages without clearing them, tantivy keeps a
        deleted document's terms until a merge). Costs a copy of the store and a re-index of
        the lexical index: run after permanent deletes, not after each of many.
        """

    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """Run the profile's decay policies once at the engine clock's time, then the
        ``cognimem_maintenance`` hooks. A dry run lists what would change and changes nothing.
        """

    def reindex(self, *, limit: int | None = None, batch_size: int = 256) -> ReindexReport:
        """Re-embed memories embedded with another model than the profile's embedder, in
        committed batches (resumable); ``limit`` caps this call's work, ``progress(done,
        total)`` hears of each batch (see :mod:`cognimem.engine.reindex`).
        """

    def dream(self, *, dry_run: bool = False, force: bool = False) -> DreamReport:
        """Consolidate once: merge clusters of near-duplicates, archive trivial, unused, old
        memories, as the profile's ``[consolidate]`` component plans.
        """


class UpkeepCalls(Calls):
    """Keeping the store (checks, export and import, decay, re-embedding), through the daemon."""

    def import_(self, data: Mapping[str, Any], *, trusted: bool = False) -> ImportReport:
        """See :meth:`Engine.import_ <cognimem.engine.Engine.import_>`."""
        return self._call("import_", data, trusted=trusted)

    def export(self) -> dict[str, Any]:
        """See :meth:`Engine.export <cognimem.engine.Engine.export>`."""
        return self._call("export")

    def check(self, *, repair: bool = False) -> CheckReport:
        """See :meth:`Engine.check <cognimem.engine.Engine.check>`."""
        return self._call("check", repair=repair)

    def purge(self, *, vectors: bool = True) -> None:
        """See :meth:`Engine.purge <cognimem.engine.Engine.purge>`."""
        return self._call("purge", vectors=vectors)

    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """See :meth:`Engine.maintain <cognimem.engine.Engine.maintain>`."""
        return self._call("maintain", dry_run=dry_run)

    def reindex(self, *, limit: int | None = None, batch_size: int = 256) -> ReindexReport:
        """See :meth:`Engine.reindex <cognimem.engine.Engine.reindex>`."""
        return self._call("reindex", limit=limit, batch_size=batch_size)

    def dream(self, *, dry_run: bool = False, force: bool = False) -> DreamReport:
        """See :meth:`Engine.dream <cognimem.engine.Engine.dream>`."""
        return self._call("dream", dry_run=dry_run, force=force)
