"""MCP tools of the dedup plugin: list and resolve conflicts, consolidate ("dream").

``cognimem conflicts`` and ``cognimem dream`` call the same engine methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from cognimem.components import ToolSpec

if TYPE_CHECKING:
    from cognimem.engine import DreamReport, Engine

#: Conflicts listed per call at most.
MAX_LISTED = 200


class _Result(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ConflictSide(_Result):
    """One memory of a conflict."""

    id: str
    content: str | None = None
    created_at: str | None = None
    writer: str | None = None


class ConflictItem(_Result):
    """Two memories that disagree, what differs, and how it was resolved."""

    id: str
    a: ConflictSide
    b: ConflictSide
    kind: str
    differs: list[str] | None = None
    found_at: str
    found_by: str | None = None
    status: str
    resolution: str | None = None
    resolved_by: str | None = None


class ConflictList(_Result):
    """Conflicts, newest first."""

    conflicts: list[ConflictItem]
    total: int


class Dreamed(_Result):
    """What a consolidation run did (or, for a dry run, would do)."""

    dry_run: bool
    skipped: str | None = None
    scanned: int
    clusters: int
    merged: int
    archived: int
    merges: list[dict[str, object]] | None = None
    archived_ids: list[str] | None = None
    notes: list[str] | None = None
    run: str | None = None
    undone: bool = False


def conflict_items(engine: Engine, status: str = "open",
                   memory_id: str | None = None, limit: int = 50) -> ConflictList:
    """The conflict log as tool results (shared by the CLI and the tools)."""
    found = engine.conflicts(status=status, memory_id=memory_id)  # type: ignore[arg-type]
    listed = found[: min(limit, MAX_LISTED)]
    memories = engine.get_many({i for c in listed for i in (c.a, c.b)})

    def side(memory_id: str, writer: str | None) -> ConflictSide:
        memory = memories.get(memory_id)
        return ConflictSide(id=memory_id, writer=writer,
                            content=memory.brief(300) if memory else None,
                            created_at=memory.created_at.isoformat() if memory else None)

    items = [ConflictItem(
        id=c.id, a=side(c.a, c.writers.get(c.a)), b=side(c.b, c.writers.get(c.b)),
        kind=c.kind, differs=c.differs or None, found_at=c.found_at.isoformat(),
        found_by=c.found_by, status=c.status, resolution=c.resolution,
        resolved_by=c.resolved_by) for c in listed]
    return ConflictList(conflicts=items, total=len(found))


def list_conflicts(
    engine: Engine,
    status: Annotated[Literal["open", "resolved", "all"], Field(
        description="open (default), resolved or all")] = "open",
    memory_id: Annotated[str | None, Field(description="only conflicts of this memory")] = None,
    limit: Annotated[int, Field(ge=1, le=MAX_LISTED, description="at most this many")] = 20,
) -> ConflictList:
    """List memories that disagree (a number, version, date, path or name differs between
    two otherwise alike memories), newest first, with what differs.

    Resolve each with resolve_conflict. Example: {"status": "open"}
    """
    return conflict_items(engine, status, memory_id, limit)


def resolve_conflict(
    engine: Engine,
    id: Annotated[str, Field(description="the conflict id from list_conflicts")],
    resolution: Annotated[Literal["keep_newer", "keep_a", "keep_b", "keep_both"], Field(
        description="keep_newer: the newer memory supersedes the older; keep_a / keep_b: "
                    "keep that one, the other is superseded; keep_both: both hold (never "
                    "asked again)")],
    note: Annotated[str | None, Field(description="why, kept with the conflict")] = None,
) -> ConflictItem:
    """Resolve a conflict. Superseded memories stay stored, marked outdated.

    Example: {"id": "c1f2...", "resolution": "keep_newer"}
    """
    done = engine.resolve_conflict(id, resolution, note=note)
    listed = conflict_items(engine, "resolved", done.a, MAX_LISTED)
    return next(c for c in listed.conflicts if c.id == done.id)


def dream(
    engine: Engine,
    dry_run: Annotated[bool, Field(description="only report what would change")] = False,
    force: Annotated[bool, Field(description=(
        "run even if the last run was recent or little changed since"))] = False,
) -> Dreamed:
    """Consolidate memory: merge clusters of near-duplicates into one memory (keeping
    every source's provenance) and move trivial, unused, old memories to the graveyard
    (restorable). dry_run=true only reports.

    Example: {"dry_run": true}
    """
    return _dreamed(engine.dream(dry_run=dry_run, force=force))


def undo_dream(
    engine: Engine,
    dry_run: Annotated[bool, Field(description="only report what would be undone")] = False,
) -> Dreamed:
    """Undo the last consolidation run that changed something, as one unit: the memories
    it merged or archived come back from the graveyard and each kept memory gets its
    earlier tags, provenance and text. Refused (naming the memory) when a later write
    touched one of them. dry_run=true only reports.

    Example: {"dry_run": true}
    """
    return _dreamed(engine.undo_dream(dry_run=dry_run))


def _dreamed(report: DreamReport) -> Dreamed:
    return Dreamed(
        dry_run=report.dry_run, skipped=report.skipped, scanned=report.scanned,
        clusters=len(report.merges), merged=sum(len(m["merged"]) for m in report.merges),
        archived=len(report.archived), merges=report.merges[:50] or None,
        archived_ids=[a["id"] for a in report.archived][:200] or None,
        notes=report.notes or None, run=report.run, undone=report.undone)


#: In the ``full`` set: the lean ``core`` set stays six tools (recall marks conflicts there).
FULL = frozenset({"full"})

TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("list_conflicts", list_conflicts, title="Conflicting memories", read_only=True,
             idempotent=True, sets=FULL),
    ToolSpec("resolve_conflict", resolve_conflict, title="Resolve a conflict", sets=FULL),
    ToolSpec("dream", dream, title="Consolidate memory", destructive=True, sets=FULL,
             atomic=False),  # through the daemon: a job, beside the other agents' calls
    ToolSpec("undo_dream", undo_dream, title="Undo the last consolidation", destructive=True,
             sets=FULL),
)
