"""``dream``: memnest's consolidation, rule-based, with an optional Ollama summariser.

Each run (``cognimem dream``, the ``dream`` MCP tool, or ``cognimem maintain``) looks at a
window of current memories (``scan`` of them; the window moves on each run, so a large
store is covered over several runs) and plans:

* **merges**: memories of one scope whose embeddings are at least ``merge_threshold``
  alike and whose values agree (the value gate) form a cluster; the longest text is kept
  (or, with ``summariser = "ollama"``, one text written for the cluster) and the others
  fold into it. A pair recorded as distinct (a conflict resolved ``keep_both``) or in an
  open conflict never merges;
* **archival**: memories older than ``prune_days``, at most ``prune_max_importance``
  important, never recalled (at most ``prune_max_accesses``) and not protected.

memnest's run guards are options: a run is skipped (unless forced) when fewer than
``min_hours`` passed since the last one, the store holds fewer than ``min_memories``, or
fewer than ``min_operations`` events were logged since.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import Field

from cognimem.components import ConsolidationPlan, Consolidator, MergePlan
from cognimem.engine.conflicts import NAMESPACE, conflict_id
from cognimem.models import Conflict, Memory

from .summarise import OllamaSummariser
from .values import adds_values, values_of

if TYPE_CHECKING:
    from cognimem.context import Context

PROTECTED_TAGS = frozenset({"correction", "decision", "identity", "commitment", "exact_value"})


class DreamConsolidator(Consolidator):
    """Merge clusters of near-duplicates; archive trivial, unused, old memories."""

    name = "dream"

    class Options(Consolidator.Options):
        """Run guards, thresholds and the summariser (memnest's defaults)."""

        min_hours: float = Field(default=24.0, ge=0, description="hours since the last run")
        min_memories: int = Field(default=20, ge=0, description="memories in the store")
        min_operations: int = Field(default=10, ge=0,
                                    description="events logged since the last run")
        merge_threshold: float = Field(default=0.95, ge=0.0, le=1.0,
                                       description="cosine at or above which memories merge")
        value_gate: bool = Field(default=True,
                                 description="differing values block a merge")
        scan: int = Field(default=1000, ge=2, le=100_000,
                          description="memories examined per run (a moving window)")
        max_clusters: int = Field(default=100, ge=0, description="clusters merged per run")
        prune_days: float = Field(default=30.0, ge=0,
                                  description="archive only memories older than this")
        prune_max_importance: float = Field(default=0.2, ge=0.0, le=1.0,
                                            description="archive only this unimportant")
        prune_max_accesses: int = Field(default=0, ge=0,
                                        description="archive only memories recalled at most "
                                                    "this often")
        on_maintain: bool = Field(default=True,
                                  description="`cognimem maintain` runs it too")
        summariser: Literal["rules", "ollama"] = Field(
            default="rules", description="rules: keep the longest text; ollama: write one")
        ollama_model: str = Field(default="llama3.2", min_length=1)
        ollama_host: str | None = Field(default=None,
                                        description="default: $OLLAMA_HOST or 127.0.0.1:11434")
        ollama_timeout: float = Field(default=60.0, gt=0)

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        opts = self._opts
        self._summariser = (OllamaSummariser(opts.ollama_model, opts.ollama_host,
                                             opts.ollama_timeout)
                            if opts.summariser == "ollama" else None)

    def open(self, ctx: Context) -> None:
        """Hand the summariser the engine's guard: what it sends out is screened first."""
        if self._summariser is not None:
            self._summariser.outbound = ctx.outbound

    @property
    def _opts(self) -> DreamConsolidator.Options:
        opts = self.options
        assert isinstance(opts, DreamConsolidator.Options)
        return opts

    def summarise(self, texts: list[str]) -> str | None:
        """The Ollama summariser's text for a cluster, or None (rules keep the kept text)."""
        return self._summariser.summarise(texts) if self._summariser else None

    def plan(self, ctx: Context, now: datetime, last: dict[str, Any], *,
             force: bool = False) -> ConsolidationPlan:
        """Clusters to merge and memories to archive, unless a run guard skips the run."""
        opts = self._opts
        memories = sorted((m for m in ctx.records.iter_memories()
                           if not m.archived and m.superseded_by is None),
                          key=lambda m: (m.created_at, m.id))
        skipped = None if force else self._guard(ctx, now, last, len(memories))
        if skipped:
            return ConsolidationPlan(skipped=skipped)
        offset = int(last.get("state", {}).get("offset", 0)) if last else 0
        if offset >= len(memories):
            offset = 0
        window = memories[offset : offset + opts.scan]
        plan = ConsolidationPlan(scanned=len(window), state={
            "offset": 0 if offset + opts.scan >= len(memories) else offset + opts.scan})
        if len(memories) > opts.scan:
            plan.notes.append(f"scanned memories {offset + 1}-{offset + len(window)} of "
                              f"{len(memories)}; the next run moves on")
        plan.merges = self._clusters(ctx, window)[: opts.max_clusters]
        merged = {i for m in plan.merges for i in (m.keep, *m.members)}
        cutoff = now - timedelta(days=opts.prune_days)
        plan.archive = [(m.id, "trivial, unused and old") for m in window
                        if m.id not in merged and m.created_at <= cutoff
                        and m.importance <= opts.prune_max_importance
                        and m.access_count <= opts.prune_max_accesses
                        and not m.protected and not PROTECTED_TAGS & set(m.tags)]
        return plan

    def _guard(self, ctx: Context, now: datetime, last: dict[str, Any],
               count: int) -> str | None:
        opts = self._opts
        if count < opts.min_memories:
            return (f"only {count} memories (option `min_memories` = {opts.min_memories}); "
                    "use --force to run anyway")
        if not last:
            return None
        at = datetime.fromisoformat(str(last["at"]))
        hours = (now - at).total_seconds() / 3600
        if hours < opts.min_hours:
            return (f"the last run was {hours:.1f} h ago (option `min_hours` = "
                    f"{opts.min_hours:g}); use --force to run anyway")
        head = ctx.records.last_event()
        ops = (head.seq if head else 0) - int(last.get("seq", 0))
        if ops < opts.min_operations:
            return (f"only {ops} operations since the last run (option `min_operations` = "
                    f"{opts.min_operations}); use --force to run anyway")
        return None

    def _clusters(self, ctx: Context, window: list[Memory]) -> list[MergePlan]:
        opts = self._opts
        stored = ctx.records.get_embeddings([m.id for m in window])
        apart = _kept_apart(ctx)
        by_scope: dict[str, list[Memory]] = {}
        for memory in window:
            if memory.id in stored:
                by_scope.setdefault(memory.scope.model_dump_json(), []).append(memory)
        plans: list[MergePlan] = []
        for group in by_scope.values():
            if len(group) < 2:
                continue
            matrix = np.stack([stored[m.id] for m in group]).astype(np.float32)
            sims = matrix @ matrix.T
            values = [values_of(m.content) for m in group]
            taken: set[int] = set()
            # the longest text keeps: it says the most (memnest keeps the longer content)
            order = sorted(range(len(group)), key=lambda i: (-len(group[i].content),
                                                             group[i].created_at, group[i].id))
            for i in order:
                if i in taken:
                    continue
                members = [int(j) for j in np.flatnonzero(sims[i] >= opts.merge_threshold)
                           if j != i and j not in taken
                           and conflict_id(group[i].id, group[j].id) not in apart
                           and not (opts.value_gate and adds_values(values[i], values[j]))]
                if not members:
                    continue
                taken.update([i, *members])
                plans.append(MergePlan(
                    keep=group[i].id, members=[group[j].id for j in members],
                    similarity=float(min(sims[i][j] for j in members)),
                    reason=f"{len(members) + 1} near-duplicates"))
        return plans


def _kept_apart(ctx: Context) -> set[str]:
    """Conflict ids of pairs that must not merge: kept apart for good, or in open conflict."""
    out = set()
    for cid, raw in ctx.records.meta_items(NAMESPACE).items():
        conflict = Conflict.model_validate(raw)
        if conflict.status == "open" or conflict.resolution == "keep_both":
            out.add(cid)
    return out
