"""The conflict log: pairs of memories that disagree, who found them, and how they were
resolved. Shared by every guard that finds a conflict (a value gate on writes, authority
rules between agents) and by the tools that list and resolve them.

Conflicts are kept in the record store's metadata (namespace :data:`NAMESPACE`, one entry
per unordered pair), so they travel with the store, and every change is an event of the
hash-chained log (``conflict``, ``resolve``). A pair resolved as ``keep_both`` is never
reported again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from ..errors import InvalidInput, NotFound
from ..models import Conflict, Resolution
from .guarded import NAMESPACE, conflict_id

if TYPE_CHECKING:
    from .kernel import Kernel

RESOLUTIONS: tuple[Resolution, ...] = ("keep_newer", "keep_a", "keep_b", "keep_both")
__all__ = ["NAMESPACE", "RESOLUTIONS", "Conflicts", "conflict_id"]


def _by_memory(items: dict[str, object], wanted: set[str] | None) -> dict[str, list[str]]:
    """Open conflicts' ids under each memory (of ``wanted``, or all), newest first."""
    return _OpenConflicts.of(items).select(wanted)


class _OpenConflicts:
    """The open conflicts of the log by memory, newest first, and each one's sort key and
    memories (to move it when it changes)."""

    def __init__(self, by_memory: dict[str, list[str]],
                 entries: dict[str, tuple[tuple[object, str], str, str]]) -> None:
        self.by_memory = by_memory
        self.entries = entries

    @classmethod
    def of(cls, items: dict[str, object]) -> _OpenConflicts:
        index = cls({}, {})
        index._put([Conflict.model_validate(v) for v in items.values()])
        return index

    def _put(self, conflicts: list[Conflict]) -> None:
        touched: set[str] = set()
        for c in conflicts:
            if c.status != "open":
                continue
            self.entries[c.id] = ((c.found_at, c.id), c.a, c.b)
            for side in (c.a, c.b):
                self.by_memory.setdefault(side, []).append(c.id)
                touched.add(side)
        for side in touched:
            self.by_memory[side].sort(key=lambda cid: self.entries[cid][0], reverse=True)

    def changed(self, fresh: dict[str, object]) -> _OpenConflicts:
        """A new index: this one with the conflicts of ``fresh`` as it holds them now (None:
        deleted). This one is left as it is (searches may be reading it)."""
        by_memory = dict(self.by_memory)
        entries = dict(self.entries)
        for cid in fresh:
            old = entries.pop(cid, None)
            if old is None:
                continue
            for side in (old[1], old[2]):
                left = [x for x in by_memory.get(side, []) if x != cid]
                if left:
                    by_memory[side] = left
                else:
                    by_memory.pop(side, None)
        index = _OpenConflicts(by_memory, entries)
        for side in {s for v in fresh.values() if isinstance(v, dict)
                     for s in (v.get("a"), v.get("b")) if isinstance(s, str)}:
            if side in by_memory:
                by_memory[side] = list(by_memory[side])  # copied before _put appends
        index._put([Conflict.model_validate(v) for v in fresh.values() if v is not None])
        return index

    def select(self, wanted: set[str] | None) -> dict[str, list[str]]:
        if wanted is None:
            return {k: list(v) for k, v in self.by_memory.items()}
        return {i: list(self.by_memory[i]) for i in wanted if i in self.by_memory}


class Conflicts:
    """record_conflict, conflicts, resolve_conflict."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    _conflict_index: tuple[int, _OpenConflicts] | None
    _conflict_index_lock: threading.Lock

    def _conflict(self, cid: str) -> Conflict | None:
        raw = self.k.records.get_meta(NAMESPACE, cid)
        return Conflict.model_validate(raw) if raw is not None else None

    def _log_conflict(self, a: str, b: str, *, kind: str = "value",
                      differs: Iterable[str] = (), found_by: str | None = None,
                      agent: str | None = None, note: str | None = None) -> Conflict | None:
        """Log that memories ``a`` and ``b`` disagree; returns the open conflict, or None
        when the pair was already resolved as ``keep_both`` (never asked again). Logging a
        pair that is already open returns it unchanged."""
        self.k.check_open()
        if a == b:
            raise InvalidInput("a memory cannot conflict with itself")
        found = self.k.get_many([a, b])
        missing = [i for i in (a, b) if i not in found]
        if missing:
            raise NotFound(f"no memory has id {missing[0]!r}")
        with self.k.transaction() as pending:
            return self.k.verdicts.put_conflict(pending, a, b, kind=kind, differs=differs,
                                      found_by=found_by, agent=agent, note=note,
                                      writers={i: found[i].scope.agent for i in (a, b)})

    def conflicts(self, *, status: Literal["open", "resolved", "all"] = "open",
                  memory_id: str | None = None) -> list[Conflict]:
        """Logged conflicts, newest first (optionally only those involving one memory)."""
        self.k.check_open()
        out = [Conflict.model_validate(v) for v in self.k.records.meta_items(NAMESPACE).values()]
        out = [c for c in out if (status == "all" or c.status == status)
               and (memory_id is None or memory_id in (c.a, c.b))]
        out.sort(key=lambda c: (c.found_at, c.id), reverse=True)
        return out

    def in_open_conflict(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """For each of ``ids`` in an open conflict, the ids of the conflicts (newest first).

        Reads only the conflicts naming one of ``ids`` (the store filters them) and writes
        nothing, so the store's daemon runs it beside writes, as a recall's second step."""
        self.k.check_open(flush=False)
        wanted = set(ids)
        version = self.k.records.meta_version(NAMESPACE)
        if version is not None:  # the open conflicts by memory, kept until the log changes
            return self._open_conflicts(version).select(wanted)
        return _by_memory(self.k.records.meta_items_where(NAMESPACE, ("a", "b"), wanted),
                          wanted)

    def _open_conflicts(self, version: int) -> _OpenConflicts:
        """The open conflicts by memory as of the log's ``version`` or later: read whole
        once, then brought up to date with the conflicts each commit wrote."""
        kept = self.k.conflict_index
        if kept is not None and kept[0] == version:
            return kept[1]
        with self.k.conflict_index_lock:
            kept = self.k.conflict_index
            if kept is not None and kept[0] == version:
                return kept[1]
            fresh: dict[str, object] | None = None
            if kept is not None:  # what the commits since wrote: no read of the store
                version, fresh = self.k.records.meta_changes(NAMESPACE, kept[0])
            if kept is None or fresh is None:
                index = _OpenConflicts.of(self.k.records.meta_items(NAMESPACE))
            else:
                index = kept[1].changed(fresh)
            self.k.conflict_index = (version, index)
            return index

    def _resolve_plain(self, cid: str, resolution: str, *, agent: str | None = None,
                       note: str | None = None) -> Conflict:
        """Resolve a conflict: ``keep_newer`` (the newer memory supersedes the older),
        ``keep_a`` / ``keep_b`` (the other is superseded by the one kept) or ``keep_both``
        (both stay current; the pair is never reported again).

        :raises NotFound: unknown conflict id.
        :raises InvalidInput: an unknown resolution, or a conflict already resolved.
        """
        self.k.check_open()
        if resolution not in RESOLUTIONS:
            raise InvalidInput(f"resolution must be one of {', '.join(RESOLUTIONS)}, "
                               f"not {resolution[:40]!r}")
        conflict = self._conflict(cid)
        if conflict is None:
            raise NotFound(f"no conflict has id {cid[:40]!r}; list them with `cognimem "
                           "conflicts`")
        if conflict.status == "resolved":
            raise InvalidInput(f"conflict {cid} was already resolved ({conflict.resolution})")
        pair = self.k.get_many([conflict.a, conflict.b])
        keep: str | None = None
        if resolution == "keep_a":
            keep = conflict.a
        elif resolution == "keep_b":
            keep = conflict.b
        elif resolution == "keep_newer" and len(pair) == 2:
            a, b = pair[conflict.a], pair[conflict.b]
            keep = max((a, b), key=lambda m: (m.created_at, m.id)).id
        if keep is not None:
            drop = conflict.b if keep == conflict.a else conflict.a
            if drop in pair and pair[drop].superseded_by is None:
                self.k.versions.update_links(drop, superseded_by=keep)
        done = conflict.model_copy(update={
            "status": "resolved", "resolution": resolution, "resolved_at": self.k.clock.now(),
            "resolved_by": agent, "note": note or conflict.note})
        with self.k.transaction() as pending:
            self.k.records.set_meta(NAMESPACE, cid, done.model_dump(mode="json"))
            self.k.log(pending, "resolve", conflict.a,
                      {"id": cid, "resolution": resolution, "kept": keep}, agent)
        return done

    # conflicts -------------------------------------------------------------------------------

    def record_conflict(self, a: str, b: str, *, kind: str = "value",
                        differs: Iterable[str] = (), found_by: str | None = None,
                        agent: str | None = None, note: str | None = None) -> Conflict | None:
        """Log that memories ``a`` and ``b`` disagree; returns the open conflict, or None
        when the pair was already resolved as ``keep_both`` (never asked again; logging a
        pair that is already open returns it unchanged). Between writers of different
        authority, with ``resolve = "higher"``, it is resolved toward the higher one in the
        same commit."""
        with self.k.transaction():
            return self._record_conflict(a, b, kind=kind, differs=differs, found_by=found_by,
                                         agent=agent, note=note)

    def _record_conflict(self, a: str, b: str, *, kind: str, differs: Iterable[str],
                         found_by: str | None, agent: str | None,
                         note: str | None) -> Conflict | None:
        conflict = self._log_conflict(a, b, kind=kind, differs=differs,
                                           found_by=found_by, agent=agent, note=note)
        table = self.k.profile.agents
        if conflict is None or conflict.status != "open" or table.resolve != "higher":
            return conflict
        writer_a, writer_b = conflict.writers.get(conflict.a), conflict.writers.get(conflict.b)
        level_a, level_b = table.level(writer_a), table.level(writer_b)
        if writer_a == writer_b or level_a == level_b:
            return conflict
        keep, high, low = (("keep_a", (writer_a, level_a), (writer_b, level_b))
                           if level_a > level_b else
                           ("keep_b", (writer_b, level_b), (writer_a, level_a)))
        return self.resolve_conflict(
            conflict.id, keep, agent=high[0],
            note=f"resolved toward the higher authority: {high[0]!r} ({high[1]}) over "
                 f"{low[0]!r} ({low[1]})")

    def resolve_conflict(self, cid: str, resolution: str, *, agent: str | None = None,
                         note: str | None = None) -> Conflict:
        """Resolve a conflict: ``keep_newer`` (the newer memory supersedes the older),
        ``keep_a`` / ``keep_b`` (the other is superseded by the one kept) or ``keep_both``
        (both stay current; the pair is never reported again), if ``agent`` may supersede
        the memory the resolution drops; the resolution and the links it moves commit
        together.

        :raises NotFound: unknown conflict id.
        :raises InvalidInput: an unknown resolution, or a conflict already resolved.
        """
        with self.k.transaction():
            return self._resolve_conflict(cid, resolution, agent=agent, note=note)

    def _resolve_conflict(self, cid: str, resolution: str, *, agent: str | None = None,
                          note: str | None = None) -> Conflict:
        agent = self.k.agent(agent)
        if agent is not None and resolution in ("keep_a", "keep_b", "keep_newer"):
            known = self._conflict(cid)
            if known is not None and known.status == "open":
                pair = self.k.get_many([known.a, known.b])
                if resolution == "keep_newer" and len(pair) == 2:
                    newer = max(pair.values(), key=lambda m: (m.created_at, m.id)).id
                    drop = known.b if newer == known.a else known.a
                else:
                    drop = known.b if resolution == "keep_a" else known.a
                if drop in pair:
                    self.k.authority.authorize("supersede", pair[drop], agent)
        resolved = self._resolve_plain(cid, resolution, agent=agent, note=note)
        kept = {"keep_a": resolved.a, "keep_b": resolved.b}.get(resolution)
        if kept is not None:  # what the dropped one replaced is now replaced by the kept one
            self._repoint(kept, resolved.b if kept == resolved.a else resolved.a)
        return resolved

    def _repoint(self, kept: str, dropped: str) -> None:
        found = self.k.get_many([kept, dropped])
        if kept not in found or dropped not in found:
            return
        replaced = found[dropped].supersedes
        if replaced and replaced == found[kept].supersedes:
            older = self.k.get_many([replaced]).get(replaced)
            if older is not None and older.superseded_by == dropped:
                self.k.versions.update_links(replaced, superseded_by=kept)
