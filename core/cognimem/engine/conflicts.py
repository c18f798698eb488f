"""The conflict log: pairs of memories that disagree, who found them, and how they were
resolved. Shared by every guard that finds a conflict (a value gate on writes, authority
rules between agents) and by the tools that list and resolve them.

Conflicts are kept in the record store's metadata (namespace :data:`NAMESPACE`, one entry
per unordered pair), so they travel with the store, and every change is an event of the
hash-chained log (``conflict``, ``resolve``). A pair resolved as ``keep_both`` is never
reported again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ..errors import InvalidInput, NotFound
from ..models import Conflict, Resolution
from .guarded import NAMESPACE, conflict_id
from .versions import Versions

RESOLUTIONS: tuple[Resolution, ...] = ("keep_newer", "keep_a", "keep_b", "keep_both")
__all__ = ["NAMESPACE", "RESOLUTIONS", "Conflicts", "conflict_id"]


class Conflicts(Versions):
    """record_conflict, conflicts, resolve_conflict."""

    def _conflict(self, cid: str) -> Conflict | None:
        raw = self.records.get_meta(NAMESPACE, cid)
        return Conflict.model_validate(raw) if raw is not None else None

    def record_conflict(self, a: str, b: str, *, kind: str = "value",
                        differs: Iterable[str] = (), found_by: str | None = None,
                        agent: str | None = None, note: str | None = None) -> Conflict | None:
        """Log that memories ``a`` and ``b`` disagree; returns the open conflict, or None
        when the pair was already resolved as ``keep_both`` (never asked again). Logging a
        pair that is already open returns it unchanged."""
        self._check_open()
        if a == b:
            raise InvalidInput("a memory cannot conflict with itself")
        found = self.get_many([a, b])
        missing = [i for i in (a, b) if i not in found]
        if missing:
            raise NotFound(f"no memory has id {missing[0]!r}")
        with self._transaction() as pending:
            return self._put_conflict(pending, a, b, kind=kind, differs=differs,
                                      found_by=found_by, agent=agent, note=note,
                                      writers={i: found[i].scope.agent for i in (a, b)})

    def conflicts(self, *, status: Literal["open", "resolved", "all"] = "open",
                  memory_id: str | None = None) -> list[Conflict]:
        """Logged conflicts, newest first (optionally only those involving one memory)."""
        self._check_open()
        out = [Conflict.model_validate(v) for v in self.records.meta_items(NAMESPACE).values()]
        out = [c for c in out if (status == "all" or c.status == status)
               and (memory_id is None or memory_id in (c.a, c.b))]
        out.sort(key=lambda c: (c.found_at, c.id), reverse=True)
        return out

    def in_open_conflict(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """For each of ``ids`` in an open conflict, the ids of the conflicts (newest first).

        Reads only the conflicts naming one of ``ids`` (the store filters them) and writes
        nothing, so the store's daemon runs it beside writes, as a recall's second step."""
        self._check_open(flush=False)
        wanted = set(ids)
        found = [Conflict.model_validate(v) for v in
                 self.records.meta_items_where(NAMESPACE, ("a", "b"), wanted).values()]
        found.sort(key=lambda c: (c.found_at, c.id), reverse=True)
        out: dict[str, list[str]] = {}
        for conflict in found:
            if conflict.status != "open":
                continue
            for side in (conflict.a, conflict.b):
                if side in wanted:
                    out.setdefault(side, []).append(conflict.id)
        return out

    def resolve_conflict(self, cid: str, resolution: str, *, agent: str | None = None,
                         note: str | None = None) -> Conflict:
        """Resolve a conflict: ``keep_newer`` (the newer memory supersedes the older),
        ``keep_a`` / ``keep_b`` (the other is superseded by the one kept) or ``keep_both``
        (both stay current; the pair is never reported again).

        :raises NotFound: unknown conflict id.
        :raises InvalidInput: an unknown resolution, or a conflict already resolved.
        """
        self._check_open()
        if resolution not in RESOLUTIONS:
            raise InvalidInput(f"resolution must be one of {', '.join(RESOLUTIONS)}, "
                               f"not {resolution[:40]!r}")
        conflict = self._conflict(cid)
        if conflict is None:
            raise NotFound(f"no conflict has id {cid[:40]!r}; list them with `cognimem "
                           "conflicts`")
        if conflict.status == "resolved":
            raise InvalidInput(f"conflict {cid} was already resolved ({conflict.resolution})")
        pair = self.get_many([conflict.a, conflict.b])
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
                self.update_links(drop, superseded_by=keep)
        done = conflict.model_copy(update={
            "status": "resolved", "resolution": resolution, "resolved_at": self.clock.now(),
            "resolved_by": agent, "note": note or conflict.note})
        with self._transaction() as pending:
            self.records.set_meta(NAMESPACE, cid, done.model_dump(mode="json"))
            self._log(pending, "resolve", conflict.a,
                      {"id": cid, "resolution": resolution, "kept": keep}, agent)
        return done
