"""The record of the last dream run and its undo, as one unit of work.

An applied run that changed something leaves a record in the store's metadata
(``cognimem.dream`` / ``run``): its id (``dream-SEQ``, after its ``dream`` event), its time,
and per action what the undo needs: for a merge the kept memory's fields before the fold
(provenance, tags, importance, protection, accesses; its text when the run summarised it)
and the version the run left it at, and the version each member was archived at; for an
archive the version it was archived at. The next run that changes something replaces it.

Undo restores every memory the run archived and gives each kept memory its fields back (the
accesses it received since stay counted), through the writer's ``update`` and ``restore``,
in one transaction. Every memory must still be as the run left it (same version): when a
later write touched one, the undo is refused, naming it, and nothing changes. A dream run
never creates, deletes nor supersedes a memory, so there is no chain to re-link.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput
from ..models import Memory
from .types import DreamReport

if TYPE_CHECKING:
    from .kernel import Kernel

#: Metadata namespace and key of the last run's record.
NAMESPACE, KEY = "cognimem.dream", "run"
#: A kept memory's fields a merge folds (and the undo gives back through ``update``).
FOLDED = ("provenance", "tags", "importance", "protected")


@dataclass
class RunLog:
    """What one applied run changed, filled as it goes (:meth:`merged`, :meth:`archived`)."""

    merges: list[dict[str, Any]] = field(default_factory=list)
    archives: list[dict[str, Any]] = field(default_factory=list)

    def merged(self, entry: dict[str, Any], keep: Memory, after: Memory,
               graves: list[Memory]) -> None:
        """One cluster folded into ``keep`` (now ``after``); its members are ``graves``."""
        before: dict[str, Any] = keep.model_dump(mode="json", include=set(FOLDED))
        before["access_count"] = keep.access_count
        before["last_accessed_at"] = (keep.last_accessed_at.isoformat()
                                      if keep.last_accessed_at else None)
        if entry.get("summarised"):
            before["content"] = keep.content
        self.merges.append({**entry, "version": after.version, "folded": after.access_count,
                            "before": before, "members": {g.id: g.version for g in graves}})

    def archived(self, entry: dict[str, Any], after: Memory) -> None:
        """One memory moved to the graveyard (``after``: as archived)."""
        self.archives.append({**entry, "version": after.version})

    def record(self, seq: int, at: datetime, by: str) -> dict[str, Any] | None:
        """The stored record of the run (None when it changed nothing)."""
        if not self.merges and not self.archives:
            return None
        return {"id": f"dream-{seq}", "seq": seq, "at": at.isoformat(), "by": by,
                "merges": self.merges, "archived": self.archives}


def undo_last(k: Kernel, *, dry_run: bool = False, agent: str | None = None) -> DreamReport:
    """Undo the last dream run that changed something (see the module's description).

    :raises InvalidInput: no run to undo, or a later write touched one of its memories
        (named); nothing changed.
    """
    k.check_open()
    run: dict[str, Any] | None = k.records.get_meta(NAMESPACE, KEY)
    if not run:
        raise InvalidInput("no dream run to undo: the last run was undone, or none changed "
                           "anything (run `cognimem dream` first)")
    stale = _stale(k, run)
    if stale:
        raise InvalidInput(f"cannot undo dream run {run['id']} of {run['at']}: {stale}; "
                           "nothing was changed (restore from the graveyard one at a time)")
    report = DreamReport(
        at=k.clock.now(), dry_run=dry_run, consolidator=str(run.get("by", "")), run=run["id"],
        merges=[_shown(m) for m in run["merges"]],
        archived=[{"id": a["id"], "reason": a.get("reason", "")} for a in run["archived"]],
        notes=[f"undoes dream run {run['id']} of {run['at']}"])
    if dry_run:
        return report
    agent = k.agent(agent)
    with k.transaction() as pending:
        for merge in run["merges"]:
            _unfold(k, merge, agent)  # before its members return: they are not candidates
            for member in merge["members"]:
                k.writer.restore(member, agent=agent)
        for item in run["archived"]:
            k.writer.restore(item["id"], agent=agent)
        k.records.set_meta(NAMESPACE, KEY, None)
        k.log(pending, "dream_undo", None, {
            "run": run["id"], "clusters": len(run["merges"]),
            "restored": sum(len(m["members"]) for m in run["merges"]) + len(run["archived"])},
            agent)
    report.undone = True
    return report


def _stale(k: Kernel, run: dict[str, Any]) -> str | None:
    """Why the run cannot be undone (a memory changed or gone since), or None."""
    expected: dict[str, int] = {}
    for merge in run["merges"]:
        expected[merge["kept"]] = merge["version"]
        expected.update(merge["members"])
    expected.update({a["id"]: a["version"] for a in run["archived"]})
    found = k.records.get_memories(list(expected))
    for memory_id, version in expected.items():
        memory = found.get(memory_id)
        if memory is None:
            return f"memory {memory_id} was deleted since"
        if memory.version != version:
            return (f"memory {memory_id} was changed since (version {memory.version}, the run "
                    f"left version {version})")
    return None


def _unfold(k: Kernel, merge: dict[str, Any], agent: str | None) -> None:
    """Give the kept memory its fields back through the writer; the accesses it received
    after the run stay counted."""
    before = merge["before"]
    current = k.records.get_memories([merge["kept"]])[merge["kept"]]
    changes = {f: before[f] for f in FOLDED
               if before[f] != current.model_dump(mode="json", include={f})[f]}
    if "content" in before and before["content"] != current.content:
        changes["content"] = before["content"]
    after = current
    if changes:
        after = k.writer.update(current.id, agent=agent, **changes).memory
    since = current.access_count - int(merge["folded"])  # recalled after the run
    accessed = _time(before["last_accessed_at"])
    if since > 0 and current.last_accessed_at is not None:
        accessed = current.last_accessed_at
    counted = after.model_copy(update={"access_count": int(before["access_count"]) + since,
                                       "last_accessed_at": accessed})
    if counted != after:  # bookkeeping, like an access: no version, no event
        k.records.put_memories([counted])
        k.index([counted], None)


def _time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _shown(merge: dict[str, Any]) -> dict[str, Any]:
    """A merge as the run's report showed it (no earlier text)."""
    return {"kept": merge["kept"], "merged": list(merge["members"]),
            "similarity": merge.get("similarity"), "summarised": merge.get("summarised", False),
            "reason": merge.get("reason")}
