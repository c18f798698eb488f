"""Hook implementations of the dedup plugin: the ``near_duplicates`` write guard, the
``dream`` consolidator (also run by ``cognimem maintain``), and the conflict and
consolidation tools."""

from __future__ import annotations

from datetime import datetime

from cognimem import hookimpl
from cognimem.engine import Engine, MaintenanceReport
from cognimem.registry import Register

from .dream import DreamConsolidator
from .guard import NearDuplicateGuard
from .tools import TOOLS


@hookimpl
def cognimem_register_guards(register: Register) -> None:
    """Register ``near_duplicates`` and ``dream``."""
    register(NearDuplicateGuard)
    register(DreamConsolidator)


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register ``list_conflicts``, ``resolve_conflict`` and ``dream``."""
    for spec in TOOLS:
        register(spec)


@hookimpl
def cognimem_maintenance(engine: Engine, now: datetime, dry_run: bool,
                         report: MaintenanceReport) -> None:
    """Consolidate too when the profile's consolidator is ``dream`` with ``on_maintain``;
    its run guards decide whether this pass runs it."""
    consolidator = engine.consolidator
    if not isinstance(consolidator, DreamConsolidator):
        return
    if not getattr(consolidator.options, "on_maintain", True):
        return
    dreamt = engine.dream(dry_run=dry_run)
    if dreamt.skipped:
        report.notes.append(f"dream skipped: {dreamt.skipped}")
        return
    merged = sum(len(m["merged"]) for m in dreamt.merges)
    verb = "would merge" if dry_run else "merged"
    report.notes.append(f"dream {verb} {merged} memories in {len(dreamt.merges)} clusters, "
                        f"{'would archive' if dry_run else 'archived'} {len(dreamt.archived)}")
