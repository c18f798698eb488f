"""Guarded writes: the ``[[guard]]`` components screen new memories after the prepare hooks,
with the embedding the engine computed once, and their verdicts (merge into a look-alike,
log a conflict, keep apart for good, supersede) are applied in the write's own transaction.

Also home of the conflict log's storage (:data:`NAMESPACE`, :func:`conflict_id`,
:meth:`Guarded._put_conflict`), which the write path and :mod:`.conflicts` share.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import CognimemError
from ..events import digest
from ..models import Conflict, Event, Memory
from .types import PreparedWrite, Verdict

if TYPE_CHECKING:
    from .kernel import Kernel

#: The record store's metadata namespace holding the conflict log, one entry per pair.
NAMESPACE = "cognimem.conflicts"


def conflict_id(a: str, b: str) -> str:
    """The id of the conflict between two memories, whatever their order."""
    first, second = sorted((a, b))
    return "c" + hashlib.sha256(f"{first}:{second}".encode()).hexdigest()[:15]


@dataclass
class Merges:
    """Writes folded into stored memories: target id -> the memory as it will be."""

    targets: dict[str, Memory] = field(default_factory=dict)
    before: dict[str, Memory] = field(default_factory=dict)
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def fold(target: Memory, write: PreparedWrite, similarity: float | None,
         at: str) -> Memory:
    """``target`` with ``write`` folded in: provenance and source joined, tags united, the
    higher importance kept, access counts added, the merge noted in ``meta["merged"]``."""
    draft = write.draft
    source = {k: v for k, v in draft.source.model_dump().items() if v is not None}
    entry: dict[str, Any] = {"at": at, "similarity": None if similarity is None
                             else round(float(similarity), 4)}
    if source:
        entry["source"] = source
    if draft.provenance:
        entry["provenance"] = list(draft.provenance)
    if draft.scope.agent:
        entry["agent"] = draft.scope.agent
    if draft.content != target.content:
        entry["content"] = draft.content[:500]
    merged = [*target.meta.get("merged", []), entry]
    return target.model_copy(update={
        "provenance": list(dict.fromkeys([*target.provenance, *draft.provenance])),
        "tags": list(dict.fromkeys([*target.tags, *draft.tags])),
        "importance": max(target.importance, draft.importance),
        "meta": {**target.meta, "merged": merged},
    })


class Verdicts:
    """Runs the guards and applies their verdicts."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def screen(self, writes: Sequence[PreparedWrite], vectors: np.ndarray | None) -> None:
        """Run every guard on each write, in order, with its vector and its batch peers;
        then apply the caller's ``on_duplicate`` to the verdicts."""
        for i, write in enumerate(writes):
            write.vector = None if vectors is None else vectors[i]
        for guard in self.k.guards:
            guard.prepare(writes, self.k.ctx)
        for i, write in enumerate(writes):
            write.peers = list(writes[:i])
            for guard in self.k.guards:
                guard.screen(write, self.k.ctx)
            write.peers = []
            if write.draft.supersedes:  # an explicit new version: not a look-alike of the old
                write.verdicts = [v for v in write.verdicts
                                  if v.target != write.draft.supersedes]
            _apply_request(write)

    def _resolve(self, target: str | PreparedWrite) -> str | PreparedWrite:
        """A peer that merged into something else stands for what it merged into."""
        seen = 0
        while isinstance(target, PreparedWrite):
            verdict = target.merge_target
            if verdict is None or seen > 1000:
                return target
            target = verdict.target
            seen += 1
        return target

    def check_targets(self, writes: Iterable[PreparedWrite]) -> dict[str, Memory]:
        """The stored memories the verdicts name; a guard naming an unknown one is a bug."""
        wanted = {v.target for w in writes for v in w.verdicts if isinstance(v.target, str)}
        found = self.k.records.get_memories(sorted(wanted))
        missing = sorted(wanted - set(found))
        if missing:
            raise CognimemError(f"a guard named memory {missing[0]!r}, which does not exist")
        return found

    def plan_merges(self, writes: Sequence[PreparedWrite], stored: dict[str, Memory],
                     at: str) -> tuple[Merges, dict[int, Memory]]:
        """Fold every merging write into its target (a stored memory or a pending peer).
        Returns the stored targets as they will be, and write index -> the memory it joined."""
        merges = Merges()
        joined: dict[int, Memory] = {}
        for i, write in enumerate(writes):
            verdict = write.merge_target
            if verdict is None:
                continue
            target = self._resolve(verdict.target)
            if isinstance(target, PreparedWrite):
                if target.memory is None:
                    raise CognimemError("a guard merged a write into a peer that was not built")
                folded = fold(target.memory, write, verdict.similarity, at)
                for key in ("provenance", "tags", "importance", "meta"):
                    setattr(target.memory, key, getattr(folded, key))
                joined[i] = target.memory
                continue
            current = merges.targets.get(target) or stored[target]
            merges.before.setdefault(target, stored[target])
            merges.targets[target] = fold(current, write, verdict.similarity, at)
            merges.events.append((target, {
                "hash": write.memory.content_hash if write.memory else None,
                "similarity": verdict.similarity, "by": verdict.found_by}))
            joined[i] = merges.targets[target]
        return merges, joined

    def commit_merges(self, pending: list[Event], merges: Merges) -> list[Memory]:
        """Inside the transaction: write the merged targets, a ``merge`` event each."""
        if not merges.targets:
            return []
        now = self.k.clock.now()
        out = []
        for target_id, memory in merges.targets.items():
            before = merges.before[target_id]
            after = memory.model_copy(update={"updated_at": now, "version": before.version + 1})
            merges.targets[target_id] = after
            out.append(after)
        self.k.records.put_memories(out)
        for target_id, payload in merges.events:
            self.k.log(pending, "merge", target_id,
                      {k: v for k, v in payload.items() if v is not None})
        return out

    def commit_verdicts(self, pending: list[Event], write: PreparedWrite,
                         stored: dict[str, Memory], logged: dict[str, Any] | None = None,
                         ) -> tuple[list[str], list[str], Memory | None]:
        """Inside the transaction, for a stored write: its conflicts, kept-apart pairs and
        the memory it supersedes. Returns (conflict ids, separate ids, superseded memory).
        The write's memory is new, so none of its pairs can be logged yet: the conflicts
        go into ``logged`` (conflict id -> entry) for the caller to store with one
        ``set_metas`` for the batch, or are stored at once without it."""
        memory = write.memory
        assert memory is not None
        conflicts: list[str] = []
        separate: list[str] = []
        superseded: Memory | None = None
        handled: set[str] = set()
        for verdict in write.verdicts:
            target = self._resolve(verdict.target)
            other = target.memory.id if isinstance(target, PreparedWrite) and target.memory \
                else target
            if not isinstance(other, str) or other == memory.id or other in handled:
                continue
            handled.add(other)
            writers = {memory.id: memory.scope.agent,
                       other: stored[other].scope.agent if other in stored else
                       memory.scope.agent}
            if verdict.action == "conflict":
                if self.put_conflict(pending, memory.id, other, kind="value",
                                      differs=verdict.differs, found_by=verdict.found_by,
                                      agent=memory.scope.agent, writers=writers,
                                      logged=logged):
                    conflicts.append(other)
            elif verdict.action == "separate":
                self.put_conflict(pending, memory.id, other, kind="near_duplicate",
                                   differs=verdict.differs, found_by=verdict.found_by,
                                   agent=memory.scope.agent, writers=writers, keep_both=True,
                                   logged=logged)
                separate.append(other)
            elif verdict.action == "supersede" and superseded is None and other in stored:
                old = stored[other]
                if old.superseded_by is not None:
                    continue
                superseded = old.model_copy(update={
                    "superseded_by": memory.id, "updated_at": self.k.clock.now(),
                    "version": old.version + 1})
                self.k.records.put_memories([superseded])
                self.k.log(pending, "supersede", old.id, {"by": memory.id,
                                                         "found_by": verdict.found_by})
        return conflicts, separate, superseded

    def put_conflict(self, pending: list[Event], a: str, b: str, *, kind: str,
                      differs: Iterable[str] = (), found_by: str | None = None,
                      agent: str | None = None, note: str | None = None,
                      writers: dict[str, str | None] | None = None,
                      keep_both: bool = False,
                      logged: dict[str, Any] | None = None) -> Conflict | None:
        """Inside a transaction: log a conflict between ``a`` and ``b`` (or, ``keep_both``,
        record the pair as distinct for good). None when the pair was already kept apart;
        an open one is returned unchanged. With ``logged`` (``a`` is a memory written in
        this transaction, so the pair is new), the entry is put there, not stored."""
        cid = conflict_id(a, b)
        raw = self.k.records.get_meta(NAMESPACE, cid) if logged is None else logged.get(cid)
        known = Conflict.model_validate(raw) if raw is not None else None
        if known is not None and known.resolution == "keep_both":
            return None
        if known is not None and known.status == "open" and not keep_both:
            return known
        now = self.k.clock.now()
        conflict = Conflict(
            id=cid, a=a, b=b, kind=kind, differs=list(differs), found_at=now,
            found_by=found_by, agent=agent, note=note, writers=writers or {})
        if keep_both:
            conflict = conflict.model_copy(update={
                "status": "resolved", "resolution": "keep_both", "resolved_at": now,
                "resolved_by": agent})
        if logged is None:
            self.k.records.set_meta(NAMESPACE, cid, conflict.model_dump(mode="json"))
        else:
            logged[cid] = conflict.model_dump(mode="json")
        op = "keep_separate" if keep_both else "conflict"
        self.k.log(pending, op, a, {"id": cid, "with": b, "kind": kind,
                                   "differs": digest(conflict.differs)}, agent)
        return conflict


def _apply_request(write: PreparedWrite) -> None:
    """Turn the guards' verdicts into what the caller asked for: ``keep`` stores the write
    apart from every look-alike (and records each pair as distinct); ``supersede`` makes it
    the new version of the first stored look-alike."""
    if write.on_duplicate == "auto" or not write.verdicts:
        return
    found = [v for v in write.verdicts if v.action in ("merge", "conflict", "separate")]
    if write.on_duplicate == "keep":
        write.verdicts = [Verdict("separate", v.target, v.similarity, v.differs, v.found_by)
                          for v in found]
        return
    stored = [v for v in found if isinstance(v.target, str)]
    write.verdicts = [Verdict("supersede", stored[0].target, stored[0].similarity,
                              stored[0].differs, stored[0].found_by)] if stored else []
