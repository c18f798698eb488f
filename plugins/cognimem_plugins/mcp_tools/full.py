"""Tools of the ``full`` set beyond the core six: reading, links, graveyard, maintenance,
integrity, the audit log, export and import, re-embedding. Graph search, activation and
topics come from the plugins that provide them (they register their own tools)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from cognimem import paging, timephrases
from cognimem.agents import Caller
from cognimem.errors import InvalidInput
from cognimem.models import Layer, Query
from cognimem.privacy import shown

from . import files
from .core import Agents, CallerArg, Cursor, Id, Since, Until
from .results import (
    Brief,
    Buried,
    Checked,
    Events,
    EventView,
    Exported,
    Graveyard,
    Imported,
    IndexHealth,
    Link,
    Links,
    Listed,
    Maintained,
    MemoryView,
    Planned,
    Purged,
    Reindexed,
    Remembered,
    Restored,
)

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: Characters of content shown per memory in listings.
BRIEF_CHARS = 160
#: Changes listed by maintain (all are counted).
MAX_CHANGES = 50


def get_memory(engine: Engine, id: Id) -> MemoryView:
    """One memory in full by id: content, kind, layer, tags, dates, links to what it
    supersedes, importance, access count, version.

    Example: {"id": "m3f9c2a1b4d5e6f7"}
    """
    return MemoryView.of(engine.get(id))


def list_memories(
    engine: Engine,
    limit: Annotated[int, Field(ge=1, le=200, description="memories per page")] = 20,
    offset: Annotated[int, Field(ge=0, description="memories to skip (paging)")] = 0,
    project: Annotated[str | None, Field(description="only this project's memories")] = None,
    layers: Annotated[list[Layer] | None, Field(description="only these layers")] = None,
    tags: Annotated[list[str] | None, Field(description="only memories with one of these "
                                                        "tags")] = None,
    kinds: Annotated[list[str] | None, Field(description="only these kinds")] = None,
    include_archived: Annotated[bool, Field(description="also archived memories")] = False,
    since: Since = None,
    until: Until = None,
    agents: Agents = None,
    cursor: Cursor = None,
) -> Listed:
    """List memories newest first, with the start of each one's content (no search).

    since and until take dates or phrases ("yesterday", "last week", "in March");
    next_cursor, passed back as cursor with the same filters, gives the next page (none
    repeated, none skipped, even if memory is written in between).

    Example: {"project": "shop", "kinds": ["decision"], "since": "last week", "limit": 20}
    """
    filters: dict[str, Any] = {"text": "*", "include_archived": include_archived,
                               **timephrases.window(since, until, engine.now)}
    if agents:
        filters["agents"] = agents
    if cursor is not None:
        filters["cursor"] = cursor
    if project is not None:
        filters["scope"] = {"project": project}
    if layers:
        filters["layers"] = layers
    if tags:
        filters["tags"] = [t.strip().lower() for t in tags]
    if kinds:
        filters["kinds"] = kinds
    query = Query(**filters)
    rows = engine.list_memories(limit=limit + 1, offset=offset,
                                include_archived=include_archived, query=query)
    more = len(rows) > limit
    return Listed(
        memories=[Brief(id=m.id, created_at=m.created_at, kind=m.kind, layer=m.layer,
                        tags=m.tags or None, archived=m.archived or None,
                        content=m.brief(BRIEF_CHARS)) for m in rows[:limit]],
        next_offset=offset + limit if more else None,
        next_cursor=paging.after(query, rows[limit - 1]) if more else None,
    )


def supersede(
    engine: Engine,
    id: Annotated[str, Field(description="id of the memory being replaced")],
    content: Annotated[str, Field(description="the text that is true now")],
    kind: Annotated[str | None, Field(description="default: the old memory's kind")] = None,
    tags: Annotated[list[str] | None, Field(description="default: the old memory's tags")] = None,
    layer: Annotated[Layer | None, Field(description="default: the old memory's layer")] = None,
    project: Annotated[str | None, Field(description="default: the old memory's project")] = None,
    caller: CallerArg = None,
) -> Remembered:
    """Record that a memory is no longer true: writes the new content as a new memory that
    replaces it. The old one stays on record, marked superseded; kind, layer, tags and
    project default to the old memory's.

    Example: {"id": "m3f9c2a1b4d5e6f7", "content": "Deploys run on Fridays now"}
    """
    fields: dict[str, Any] = {name: value for name, value in (
        ("kind", kind), ("tags", tags), ("layer", layer)) if value is not None}
    if project is not None:
        fields["scope"] = {**engine.get(id).scope.model_dump(), "project": project}
    written = engine.supersede(id, content, agent=Caller.of(caller).agent, **fields)
    return Remembered(id=written.id, created=written.created, supersedes=id,
                      notes=written.notes or None)


def unrelate(
    engine: Engine,
    source: Annotated[str, Field(description="id the link starts from")],
    target: Annotated[str, Field(description="id the link points to")],
    type: Annotated[str, Field(description="the link's type")] = "relates_to",
    caller: CallerArg = None,
) -> Link:
    """Remove the link of this type from source to target; returns the removed link.

    Example: {"source": "m3f9c2a1b4d5e6f7", "target": "m8a1d0c9b2e3f4a5", "type": "relates_to"}
    """
    existing = [e for e in engine.edges(source) if e.key == (source, target, type)]
    engine.unrelate(source, target, type, agent=Caller.of(caller).agent)
    weight = existing[0].weight if existing else 0.0
    return Link(source=source, target=target, type=type, weight=weight)


def get_links(engine: Engine, id: Id) -> Links:
    """Every link from or to a memory: source, target, type and weight.

    Example: {"id": "m3f9c2a1b4d5e6f7"}
    """
    engine.get(id)  # NotFound names the id
    return Links(links=[Link(source=e.source, target=e.target, type=e.type, weight=e.weight)
                        for e in engine.edges(id)])


def restore(engine: Engine, id: Id, caller: CallerArg = None) -> Restored:
    """Bring an archived (forgotten, not deleted) memory back into recall.

    Example: {"id": "m3f9c2a1b4d5e6f7"}
    """
    memory = engine.restore(id, agent=Caller.of(caller).agent)
    return Restored(id=memory.id, version=memory.version)


def list_graveyard(
    engine: Engine,
    limit: Annotated[int, Field(ge=1, le=200, description="how many")] = 20,
) -> Graveyard:
    """Archived memories, newest first, with why each was archived; restore brings one
    back.

    Example: {"limit": 10}
    """
    return Graveyard(memories=[
        Buried(id=g.memory.id, archived_at=g.archived_at, reason=g.reason,
               content=g.memory.brief(BRIEF_CHARS))
        for g in engine.graveyard()[:limit]
    ])


def maintain(
    engine: Engine,
    dry_run: Annotated[bool, Field(description="only list what would change")] = False,
) -> Maintained:
    """Run the profile's decay policies now: memories fade, get promoted, or are archived
    (never deleted). dry_run=true only lists the changes.

    Example: {"dry_run": true}
    """
    report = engine.maintain(dry_run=dry_run)
    changes = [Planned(id=a.id, action=a.action, reason=a.reason or None)
               for a in report.actions[:MAX_CHANGES]]
    return Maintained(at=report.at, dry_run=report.dry_run, counts=report.counts(),
                      changes=changes or None, notes=report.notes or None)


def purge_store(engine: Engine) -> Purged:
    """Rewrite the store so that text removed by update or delete leaves every file of it
    (the record store is copied fresh, the indexes rebuilt from the records). Costs a copy
    of the store: run it after edits that removed something sensitive, not after each.

    Example: {}
    """
    engine.purge()
    return Purged(purged=True)


def check(
    engine: Engine,
    repair: Annotated[bool, Field(description="also fix what is found")] = False,
) -> Checked:
    """Check the store's integrity: every index against the records, the audit chain,
    supersession chains without a current version, and records holding a value out of the
    ranges the indexes rely on. repair=true rebuilds missing or stale index entries, makes
    the newest memory of a broken chain current again and puts such values back in range.

    Example: {"repair": false}
    """
    report = engine.check(repair=repair)
    return Checked(
        ok=report.ok, memories=report.memories, repaired=report.repaired,
        indexes=[IndexHealth(index=i.index, missing=len(i.missing), stale=len(i.stale),
                             orphaned=len(i.orphaned)) for i in report.indexes],
        event_problems=report.event_problems or None,
        supersession_problems=report.supersession_problems or None,
        record_problems=report.record_problems[:50] or None,
    )


def list_events(
    engine: Engine,
    after: Annotated[int, Field(ge=0, description="only events after this sequence "
                                                  "number")] = 0,
    limit: Annotated[int, Field(ge=1, le=500, description="how many")] = 50,
    id: Annotated[str | None, Field(description="only events about this memory")] = None,
) -> Events:
    """The audit log, oldest first: every add, update, delete, link and decay step.

    Example: {"after": 0, "limit": 50, "id": "m3f9c2a1b4d5e6f7"}
    """
    if id is not None and not id.strip():
        raise InvalidInput("id is empty: give a memory id or leave it out")
    events = [e for e in engine.events(after) if id is None or e.target == id]
    page = events[:limit]
    return Events(
        events=[EventView(seq=e.seq, at=e.at, op=e.op, target=e.target, agent=e.agent)
                for e in page],
        next_after=page[-1].seq if len(events) > limit else None,
    )


def export_memories(
    engine: Engine,
    path: Annotated[str, Field(description=(
        "file name in the exports folder (the store's `exports`, or the profile's "
        "mcp.exports)"))],
    overwrite: Annotated[bool, Field(description=(
        "replace an earlier export of the same name"))] = False,
) -> Exported:
    """Export the whole store (memories, links, audit log, graveyard) to a JSON file in the
    exports folder, which import_memories (or `cognimem import`) reads back. Files outside
    that folder, and files export did not write, are never touched.

    Example: {"path": "memory-export.json"}
    """
    file = files.inside(engine, path)
    data = engine.export()
    files.write_export(engine, file, json.dumps(data, ensure_ascii=False), overwrite)
    return Exported(path=shown(file), memories=len(data["memories"]),
                    edges=len(data["edges"]), events=len(data["events"]))


def import_memories(
    engine: Engine,
    path: Annotated[str, Field(description="file name of an export in the exports folder")],
    background: Annotated[bool, Field(description=(
        "return at once with the job (follow it with job_status) instead of waiting"))]
    = False,
) -> Imported:
    """Import a file made by export_memories from the exports folder. Into an empty store it
    restores everything as it was; into a store with memories it merges, giving imported
    memories new ids and skipping ones already present. The whole file is checked before
    anything is written; then it is written in units (other agents' calls run between
    them). background=true returns the job at once.

    Example: {"path": "memory-export.json", "background": true}
    """
    file = files.inside(engine, path)
    try:
        data = json.loads(files.read_import(file))
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"{shown(file)} is not a readable JSON export: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidInput(f"{shown(file)} is not a cognimem export (not a JSON object)")
    if background:
        return Imported(job=engine.start_job("import", data))
    report = engine.import_(data)
    return Imported(mode=report.mode, memories=report.memories, duplicates=report.duplicates,
                    edges=report.edges, id_map=report.id_map or None,
                    notes=report.notes or None)


def reindex(
    engine: Engine,
    limit: Annotated[int | None, Field(ge=1, description=(
        "re-embed at most this many now (none: all)"))] = None,
    background: Annotated[bool, Field(description=(
        "return at once with the job (follow it with job_status) instead of waiting"))]
    = False,
) -> Reindexed:
    """Re-embed memories made with another embedding model than the profile's (after the
    embedder changed), so vector recall finds them again. Resumable. background=true
    returns the job at once.

    Example: {"limit": 1000}
    """
    if background:
        return Reindexed(job=engine.start_job("reindex", limit=limit))
    report = engine.reindex(limit=limit)
    return Reindexed(done=report.done, remaining=report.remaining, total=report.total)
