"""Maintenance: decay policies planned and applied (or listed, for a dry run), the
maintenance hooks, and re-embedding after a change of embedder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..components import DecayAction
from ..errors import CognimemError
from ..models import Memory
from .types import MaintenanceReport

if TYPE_CHECKING:
    from .kernel import Kernel
    from .reindex import ReindexReport
    from .steps import Steps


class Maintenance:
    """maintain and reindex."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """Run the profile's decay policies once at the engine clock's time, then the
        ``cognimem_maintenance`` hooks. A dry run lists what would change and changes nothing.
        """
        self.k.check_open()
        now = self.k.clock.now()
        report = MaintenanceReport(at=now, dry_run=dry_run)
        for policy in self.k.decay:
            actions = policy.apply(self.k.ctx, now)
            report.actions.extend(actions)
            if not dry_run:
                self._apply(actions, policy.name)
        self.k.hook.cognimem_maintenance(engine=self.k.engine, now=now, dry_run=dry_run,
                                         report=report)
        if not dry_run and self.k.vectors is not None:
            self.k.vectors.optimize()
        return report

    def _apply(self, actions: Sequence[DecayAction], policy: str) -> None:
        for action in actions:
            if action.target == "edge":
                self._apply_edge(action, policy)
            elif action.action == "archive":
                score = action.changes.get("importance")
                if action.changes:
                    self._set_fields(action.id, {k: v for k, v in action.changes.items()
                                                 if k in {"importance", "tier"}}, policy, "decay")
                self.k.writer.archive(action.id, reason=f"{policy}: {action.reason}", score=score)
            else:
                self._set_fields(action.id, action.changes, policy, action.action)

    def _set_fields(self, memory_id: str, changes: dict[str, Any], policy: str, op: str) -> None:
        if not changes:
            return
        before = self.k.get(memory_id)
        after = Memory.model_validate({**before.model_dump(), **changes,
                                       "version": before.version + 1})
        with self.k.transaction() as pending:
            self.k.records.put_memories([after])
            self.k.log(pending, op, memory_id, {"policy": policy, "changes": changes})
        self.k.index([after], self.k.stored_vectors([after]) if self.k.vectors else None)

    def _apply_edge(self, action: DecayAction, policy: str) -> None:
        if action.edge is None:
            raise CognimemError(f"decay policy {policy!r} planned an edge action without `edge`")
        source, target, kind = action.edge
        with self.k.transaction() as pending:
            if action.action == "prune":
                self.k.records.delete_edges([action.edge])
            else:
                current = [e for e in self.k.records.edges_of(source, "out")
                           if e.key == action.edge]
                if not current:
                    return
                edge = current[0].model_copy(update=action.changes)
                self.k.records.put_edges([edge])
            self.k.log(pending, f"edge_{action.action}", source,
                      {"target": target, "type": kind, "policy": policy, **action.changes})

    # integrity ---------------------------------------------------------------------------------
    def reindex(self, *, limit: int | None = None, batch_size: int = 256,
                progress: Callable[[int, int], None] | None = None) -> ReindexReport:
        """Re-embed memories embedded with another model than the profile's embedder, in
        committed batches (resumable); ``limit`` caps this call's work, ``progress(done,
        total)`` hears of each batch (see :mod:`cognimem.engine.reindex`)."""
        from .reindex import reindex

        self.k.check_open()
        return reindex(self.k, limit=limit, batch_size=batch_size, progress=progress)

    def reindex_steps(self, *, limit: int | None = None,
                      batch_size: int = 256) -> Steps[ReindexReport]:
        """:meth:`reindex` one committed batch at a time (:mod:`.steps`; the daemon's jobs)."""
        from .reindex import reindex_steps

        self.k.check_open()
        return reindex_steps(self.k, limit=limit, batch_size=batch_size)
