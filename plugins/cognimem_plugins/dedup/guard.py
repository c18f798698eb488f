"""``near_duplicates``: the write guard beside the exact hash (memnest's second dedup layer,
with its value gate).

A new memory is compared, by cosine similarity of the embedding the engine already made,
with its nearest stored neighbours in the same scope (the vector index) and with the
earlier memories of the same batch:

* at or above ``merge_threshold`` with the same values: a near-duplicate, merged into the
  neighbour (one memory, both provenances);
* at or above ``conflict_threshold`` with a replaced value (a number, version, date, path
  or identifier that differs): stored, and the pair logged as an open conflict (or, with
  ``on_conflict = "supersede"``, stored as the neighbour's new version);
* otherwise, or when one side only adds values: stored as a new memory.

Superseded and archived memories are past versions and never merge targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import numpy as np
from pydantic import Field

from cognimem.components import Guard
from cognimem.models import Candidate, Memory, Query
from cognimem.stores import memories_to_read

from .values import Values, adds_values, differences, values_of

if TYPE_CHECKING:
    from cognimem.context import Context
    from cognimem.engine import PreparedWrite


class NearDuplicateGuard(Guard):
    """Merge near-duplicates within a scope; log value conflicts instead of merging them."""

    name = "near_duplicates"

    class Options(Guard.Options):
        """Similarity thresholds (cosine, as memnest's defaults) and what a conflict does."""

        merge_threshold: float = Field(
            default=0.92, ge=0.0, le=1.0,
            description="cosine at or above which equal-valued memories are merged")
        conflict_threshold: float = Field(
            default=0.85, ge=0.0, le=1.0,
            description="cosine at or above which memories with a replaced value are a "
                        "possible conflict")
        neighbours: int = Field(default=5, ge=1, le=100,
                                description="stored neighbours compared per write")
        value_gate: bool = Field(
            default=True,
            description="differing numbers, versions, dates, paths or identifiers block a "
                        "merge (off: merge on similarity alone, unsafe)")
        on_conflict: Literal["flag", "supersede"] = Field(
            default="flag",
            description="flag: store and log an open conflict; supersede: the new memory "
                        "replaces the old")
        max_conflicts: int = Field(default=3, ge=0, le=20,
                                   description="conflicts logged per write at most")

    def prepare(self, writes: Sequence[PreparedWrite], ctx: Context) -> None:
        """Look up the neighbours of the whole batch at once: per scope among the writes, one
        vector search of all their vectors (``search_many``), one matrix product for the
        batch's own look-alikes, and one read of the stored memories found. A bulk import
        in one scope then costs one search and one product, not one search and a pass over
        every earlier write per memory."""
        opts = self.options
        assert isinstance(opts, NearDuplicateGuard.Options)
        floor = min(opts.merge_threshold, opts.conflict_threshold)
        by_scope: dict[tuple[str | None, ...], list[PreparedWrite]] = {}
        for write in writes:
            if write.vector is not None:
                scope = write.draft.scope
                by_scope.setdefault((scope.project, scope.agent, scope.user), []).append(write)
        found: dict[int, list[Candidate]] = {}
        for group in by_scope.values():
            rows = np.vstack([w.vector for w in group if w.vector is not None])
            alike = rows @ rows.T
            for k, write in enumerate(group):
                near = np.nonzero(alike[k, :k] >= floor)[0]
                write.lookups[self.name] = {"peers": [
                    (float(alike[k, j]), group[j], group[j].draft.content) for j in near]}
            if ctx.vectors is None:
                continue
            query = Query(text="near-duplicate check", scope=group[0].draft.scope,
                          include_archived=False)
            for write, candidates in zip(group, ctx.vectors.search_many(
                    rows, query, opts.neighbours), strict=True):
                found[id(write)] = [c for c in candidates if c.score >= floor]
        wanted = sorted({c.id for candidates in found.values() for c in candidates})
        memories = memories_to_read(ctx.records, wanted) if wanted else {}
        for group in by_scope.values():
            for write in group:
                stored: list[tuple[float, str | PreparedWrite, str]] = []
                for candidate in found.get(id(write), []):
                    memory = memories.get(candidate.id)
                    if memory is not None and _current(memory) \
                            and memory.scope == write.draft.scope:
                        stored.append((candidate.score, memory.id, memory.content))
                write.lookups[self.name]["stored"] = stored

    def screen(self, write: PreparedWrite, ctx: Context) -> None:
        """Compare the write with its neighbours and give the verdicts."""
        if write.vector is None:
            return
        opts = self.options
        assert isinstance(opts, NearDuplicateGuard.Options)
        floor = min(opts.merge_threshold, opts.conflict_threshold)
        mine = values_of(write.draft.content)
        candidates = self._peers(write, floor) + self._stored(write, ctx, floor)
        candidates.sort(key=lambda c: -c[0])
        conflicts = 0
        for similarity, target, text in candidates:
            theirs = values_of(text)
            differs = differences(theirs, mine) if opts.value_gate else []
            if differs:
                if similarity < opts.conflict_threshold or conflicts >= opts.max_conflicts:
                    continue
                conflicts += 1
                if opts.on_conflict == "supersede" and isinstance(target, str):
                    write.supersede(target, similarity=similarity, differs=differs,
                                    found_by=self.name)
                    return
                write.conflicts_with(target, differs, similarity=similarity,
                                     found_by=self.name)
                continue
            if similarity < opts.merge_threshold or (opts.value_gate and _adds(theirs, mine)):
                continue
            if not write.verdicts:
                write.merge_into(target, similarity=similarity, found_by=self.name)
                return

    def _peers(self, write: PreparedWrite,
               floor: float) -> list[tuple[float, str | PreparedWrite, str]]:
        prepared = write.lookups.get(self.name, {}).get("peers")
        if prepared is not None:
            return list(prepared)
        out: list[tuple[float, str | PreparedWrite, str]] = []
        assert write.vector is not None
        for peer in write.peers:
            if peer.vector is None or peer.draft.scope != write.draft.scope:
                continue
            similarity = float(np.dot(peer.vector, write.vector))
            if similarity >= floor:
                out.append((similarity, peer, peer.draft.content))
        return out

    def _stored(self, write: PreparedWrite, ctx: Context,
                floor: float) -> list[tuple[float, str | PreparedWrite, str]]:
        if ctx.vectors is None or write.vector is None:
            return []
        prepared = write.lookups.get(self.name, {}).get("stored")
        if prepared is not None:
            return list(prepared)
        scope = write.draft.scope
        opts = self.options
        assert isinstance(opts, NearDuplicateGuard.Options)
        query = Query(text="near-duplicate check", scope=scope, include_archived=False)
        found = [c for c in ctx.vectors.search(write.vector, query, opts.neighbours)
                 if c.score >= floor]
        if not found:
            return []
        memories = ctx.records.get_memories([c.id for c in found])
        out: list[tuple[float, str | PreparedWrite, str]] = []
        for candidate in found:
            memory = memories.get(candidate.id)
            if memory is not None and _current(memory) and memory.scope == scope:
                out.append((candidate.score, memory.id, memory.content))
        return out


def _current(memory: Memory) -> bool:
    return not memory.archived and memory.superseded_by is None


def _adds(a: Values, b: Values) -> bool:
    return adds_values(a, b)
