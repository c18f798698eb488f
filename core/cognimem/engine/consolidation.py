"""Consolidation ("dream"): the profile's consolidator plans, the engine applies.

Each cluster of near-duplicates becomes one memory: the kept one takes every member's id
and provenance into its ``provenance``, their tags, the sum of their accesses and the
highest importance (and, with a summariser, one text for all); the members go to the
graveyard, restorable. Trivial, unused, old memories go to the graveyard too. Every action
is an event (``consolidate``, ``archive``, ``dream``); a dry run changes nothing. An applied
run that changed something leaves a record :meth:`Consolidation.undo_dream` undoes as one
unit of work (:mod:`.dream_undo`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..components import GraveEntry, MergePlan
from ..errors import InvalidInput
from ..events import digest
from ..models import Memory, content_hash, embedding_text
from .dream_undo import KEY as RUN_KEY
from .dream_undo import NAMESPACE, RunLog, undo_last
from .types import DreamReport

if TYPE_CHECKING:
    from .kernel import Kernel

#: Metadata namespace of the last applied run (``last``: at, seq, state; ``run``: its record).
STATE_NAMESPACE = NAMESPACE


class Consolidation:
    """dream and undo_dream."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def dream(self, *, dry_run: bool = False, force: bool = False) -> DreamReport:
        """Consolidate once: merge clusters of near-duplicates, archive trivial, unused,
        old memories, as the profile's ``[consolidate]`` component plans.

        :param dry_run: report what would be done; change nothing.
        :param force: run even when the run guards (minimum hours since the last run,
            minimum memories, minimum operations) would skip it.
        :raises InvalidInput: the profile has no ``[consolidate]`` table.
        """
        self.k.check_open()
        if self.k.consolidator is None:
            raise InvalidInput("the profile has no consolidator: add `[consolidate] use = "
                               "\"dream\"` to it (the default profile has one)")
        now = self.k.clock.now()
        last: dict[str, Any] = self.k.records.get_meta(STATE_NAMESPACE, "last") or {}
        plan = self.k.consolidator.plan(self.k.ctx, now, last, force=force)
        report = DreamReport(at=now, dry_run=dry_run, consolidator=self.k.consolidator.name,
                             skipped=plan.skipped, scanned=plan.scanned, notes=list(plan.notes))
        if plan.skipped:
            return report
        if dry_run:
            return self._dream(plan, report, now, dry_run)
        with self.k.transaction():  # the run's merges, archives and state: one commit
            return self._dream(plan, report, now, dry_run)

    def undo_dream(self, *, dry_run: bool = False, agent: str | None = None) -> DreamReport:
        """Undo the last dream run that changed something, as one unit of work: every memory
        it archived comes back from the graveyard, every memory it merged into takes its
        earlier tags, provenance, importance, protection, accesses (and text, when the run
        summarised it) through the write pipeline. The report lists what the run did.

        :param dry_run: report what would be undone; change nothing.
        :raises InvalidInput: no run to undo, or a write after the run touched one of its
            memories (named); nothing is changed.
        """
        return undo_last(self.k, dry_run=dry_run, agent=agent)

    def _dream(self, plan: Any, report: DreamReport, now: Any, dry_run: bool) -> DreamReport:
        assert self.k.consolidator is not None
        done = RunLog()
        for merge in plan.merges:
            entry = self._consolidate(merge, dry_run, done)
            if entry is not None:
                report.merges.append(entry)
        for memory_id, reason in plan.archive:
            found = self.k.records.get_memories([memory_id]).get(memory_id)
            if found is None or found.archived:
                continue
            entry = {"id": memory_id, "reason": reason}
            report.archived.append(entry)
            if not dry_run:
                done.archived(entry, self.k.writer.archive(memory_id, reason=f"dream: {reason}"))
        if not dry_run:
            with self.k.transaction() as pending:
                event = self.k.log(pending, "dream", None, {
                    "merged": sum(len(m["merged"]) for m in report.merges),
                    "clusters": len(report.merges), "archived": len(report.archived),
                    "by": self.k.consolidator.name})
                self.k.records.set_meta(STATE_NAMESPACE, "last", {
                    "at": now.isoformat(), "seq": event.seq, "state": plan.state})
                record = done.record(event.seq, now, self.k.consolidator.name)
                if record is not None:  # the last run that changed something: undoable
                    self.k.records.set_meta(STATE_NAMESPACE, RUN_KEY, record)
                    report.run = record["id"]
        return report

    def _consolidate(self, merge: MergePlan, dry_run: bool,
                     done: RunLog) -> dict[str, Any] | None:
        """Fold one cluster into its kept memory; what was (or would be) done."""
        ids = [merge.keep, *[m for m in merge.members if m != merge.keep]]
        found = self.k.records.get_memories(ids)
        if any(i not in found or found[i].archived or found[i].superseded_by for i in ids):
            return None  # changed since the plan: leave it for the next run
        keep, members = found[merge.keep], [found[i] for i in ids[1:]]
        if not members:
            return None
        entry: dict[str, Any] = {"kept": keep.id, "merged": [m.id for m in members],
                                 "similarity": round(merge.similarity, 4),
                                 "summarised": False, "reason": merge.reason}
        if dry_run:
            return entry
        content = merge.content
        if content is None and self.k.consolidator is not None:
            content = self.k.consolidator.summarise([keep.content, *[m.content for m in members]])
        after = _folded(keep, members, self.k.clock.now())
        if content and content.strip() and content != keep.content:
            after = after.model_copy(update={"content": content,
                                             "content_hash": content_hash(content)})
            entry["summarised"] = True
        reembed = embedding_text(after) != embedding_text(keep)
        vectors = self.k.embed([after]) if reembed else None
        now = self.k.clock.now()
        graves = [m.model_copy(update={"archived": True, "updated_at": now,
                                       "version": m.version + 1}) for m in members]
        with self.k.transaction() as pending:
            if vectors is not None and self.k.embedder is not None:
                after.embedding = self.k.embedder.signature
                self.k.records.put_embeddings({after.id: vectors[0]}, self.k.embedder.signature)
            self.k.records.put_memories([after, *graves])
            self.k.log(pending, "consolidate", keep.id,
                      {k: v for k, v in entry.items() if k != "reason"})
            for grave in graves:
                reason = f"dream: merged into {keep.id}"
                self.k.records.add_grave(GraveEntry(memory=grave, archived_at=now, reason=reason))
                self.k.log(pending, "archive", grave.id, {"reason": digest(reason)})
            self.k.derive(keep, after)  # derived state, in this transaction
            for member, grave in zip(members, graves, strict=True):
                self.k.derive(member, grave)
            done.merged(entry, keep, after, graves)
        if vectors is None and self.k.vectors is not None:
            vectors = self.k.stored_vectors([after])
        self.k.index([after], vectors)
        self.k.index(graves, self.k.stored_vectors(graves) if self.k.vectors else None)
        self.k.notify("cognimem_memory_updated", before=keep, after=after)
        return entry


def _folded(keep: Memory, members: list[Memory], now: Any) -> Memory:
    """``keep`` standing for the whole cluster: every member's id and provenance, tags,
    accesses added, the highest importance, the latest access."""
    provenance = [*keep.provenance]
    for member in members:
        provenance += [member.id, *member.provenance]
    accessed = [m.last_accessed_at for m in (keep, *members) if m.last_accessed_at]
    return keep.model_copy(update={
        "provenance": list(dict.fromkeys(p for p in provenance if p != keep.id)),
        "tags": list(dict.fromkeys([*keep.tags, *(t for m in members for t in m.tags)])),
        "access_count": keep.access_count + sum(m.access_count for m in members),
        "importance": max([keep.importance, *(m.importance for m in members)]),
        "last_accessed_at": max(accessed) if accessed else None,
        "protected": keep.protected or any(m.protected for m in members),
        "updated_at": now, "version": keep.version + 1,
    })
