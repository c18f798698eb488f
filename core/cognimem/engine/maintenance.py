"""Maintenance: decay policies planned and applied (or listed, for a dry run), the
maintenance hooks, and re-embedding after a change of embedder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..components import DecayAction
from ..errors import CognimemError
from ..models import Memory
from .types import MaintenanceReport
from .write import WritePath

if TYPE_CHECKING:
    from .reindex import ReindexReport


class Maintenance(WritePath):
    """maintain and reindex."""

    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """Run the profile's decay policies once at the engine clock's time, then the
        ``cognimem_maintenance`` hooks. A dry run lists what would change and changes nothing.
        """
        self._check_open()
        now = self.clock.now()
        report = MaintenanceReport(at=now, dry_run=dry_run)
        for policy in self.decay:
            actions = policy.apply(self.ctx, now)
            report.actions.extend(actions)
            if not dry_run:
                self._apply(actions, policy.name)
        self.hook.cognimem_maintenance(engine=self, now=now, dry_run=dry_run, report=report)
        if not dry_run and self.vectors is not None:
            self.vectors.optimize()
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
                self.archive(action.id, reason=f"{policy}: {action.reason}", score=score)
            else:
                self._set_fields(action.id, action.changes, policy, action.action)

    def _set_fields(self, memory_id: str, changes: dict[str, Any], policy: str, op: str) -> None:
        if not changes:
            return
        before = self.get(memory_id)
        after = Memory.model_validate({**before.model_dump(), **changes,
                                       "version": before.version + 1})
        with self._transaction() as pending:
            self.records.put_memories([after])
            self._log(pending, op, memory_id, {"policy": policy, "changes": changes})
        self._index([after], self._stored_vectors([after]) if self.vectors else None)

    def _apply_edge(self, action: DecayAction, policy: str) -> None:
        if action.edge is None:
            raise CognimemError(f"decay policy {policy!r} planned an edge action without `edge`")
        source, target, kind = action.edge
        with self._transaction() as pending:
            if action.action == "prune":
                self.records.delete_edges([action.edge])
            else:
                current = [e for e in self.records.edges_of(source, "out") if e.key == action.edge]
                if not current:
                    return
                edge = current[0].model_copy(update=action.changes)
                self.records.put_edges([edge])
            self._log(pending, f"edge_{action.action}", source,
                      {"target": target, "type": kind, "policy": policy, **action.changes})

    # integrity ---------------------------------------------------------------------------------
    def reindex(self, *, limit: int | None = None, batch_size: int = 256) -> ReindexReport:
        """Re-embed memories embedded with another model than the profile's embedder, in
        committed batches (resumable); ``limit`` caps this call's work (see
        :mod:`cognimem.engine.reindex`)."""
        from .reindex import reindex

        self._check_open()
        return reindex(self, limit=limit, batch_size=batch_size)
