"""Sync offsets: what changed since an agent last synced, read from the hash-chained event
log, with Kafka-style consumer offsets.

:meth:`Sync.sync` lists the changes after the agent's offset (memories added, updated,
superseded, archived, restored, deleted; conflicts found and resolved) and does not move
it; :meth:`Sync.acknowledge` moves it. An agent that crashes between the two sees the same
changes again (at-least-once). Offsets are kept in the record store's metadata (namespace
:data:`OFFSETS`), so they survive restarts of the store's daemon and travel in exports.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from .. import limits
from ..errors import InvalidInput
from ..models import Event

if TYPE_CHECKING:
    from .kernel import Kernel

OFFSETS = "cognimem.offsets"
#: Event ops a sync reports, and the name of the change.
CHANGES: dict[str, str] = {
    "add": "added", "update": "updated", "supersede": "superseded", "delete": "deleted",
    "archive": "archived", "restore": "restored", "conflict": "conflict",
    "resolve": "resolved",
}
#: Longest agent name accepted.
MAX_AGENT_CHARS = limits.NAME_CHARS


class Change(BaseModel):
    """One change of the store: the event's sequence number, what happened to which memory,
    and who did it. ``by`` is the superseding memory (superseded) or the other memory of a
    conflict; ``conflict`` the conflict's id."""

    seq: int
    at: datetime
    change: str
    id: str | None = None
    agent: str | None = None
    by: str | None = None
    conflict: str | None = None


class SyncBatch(BaseModel):
    """Changes after ``offset`` up to ``upto``; acknowledge ``upto`` once they are handled."""

    agent: str
    offset: int = Field(description="the agent's acknowledged offset (sequence number)")
    upto: int = Field(description="the last event this batch covers: acknowledge this")
    head: int = Field(description="the last event of the log")
    changes: list[Change] = Field(default_factory=list)
    more: bool = Field(default=False, description="more changes wait after upto")


def check_agent(agent: str | None) -> str:
    """``agent`` stripped, or an :class:`InvalidInput` naming what to give."""
    name = (agent or "").strip()
    if not name:
        raise InvalidInput("sync needs the agent's name: give --agent NAME (or set "
                           "COGNIMEM_AGENT)")
    if len(name) > MAX_AGENT_CHARS:
        raise InvalidInput(f"agent name is {len(name)} characters; the limit is "
                           f"{MAX_AGENT_CHARS}")
    return name


class Sync:
    """sync, acknowledge, offsets."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def offsets(self) -> dict[str, int]:
        """Every agent's acknowledged offset."""
        self.k.check_open()
        return {agent: int(v["seq"]) for agent, v in self.k.records.meta_items(OFFSETS).items()}

    def offset(self, agent: str) -> int:
        """The agent's acknowledged offset (0: it never acknowledged)."""
        self.k.check_open()
        found = self.k.records.get_meta(OFFSETS, check_agent(agent))
        return int(found["seq"]) if found else 0

    def sync(self, agent: str, *, limit: int = 200, include_own: bool = False) -> SyncBatch:
        """The changes after ``agent``'s offset, oldest first, at most ``limit``; the offset
        does not move (see :meth:`acknowledge`). The agent's own changes are left out of
        the list unless ``include_own`` (they are covered by ``upto`` all the same), except
        the conflicts its writes revealed."""
        name = check_agent(agent)
        if not 1 <= limit <= 10_000:
            raise InvalidInput(f"limit must be between 1 and 10000, not {limit}")
        offset = self.offset(name)
        last = self.k.records.last_event()
        head = last.seq if last else 0
        changes: list[Change] = []
        upto, more = offset, False
        for event in self.k.records.iter_events(offset):
            if len(changes) == limit:
                more = True
                break
            upto = event.seq
            change = _change(event)
            # a conflict the agent's own write revealed is news to it all the same
            if change is not None and (include_own or event.agent != name
                                       or event.op == "conflict"):
                changes.append(change)
        return SyncBatch(agent=name, offset=offset, upto=upto, head=head, changes=changes,
                         more=more)

    def acknowledge(self, agent: str, seq: int) -> int:
        """Record that ``agent`` handled every change up to event ``seq``; returns its offset.
        An offset only moves forward: acknowledging an older seq again changes nothing.

        :raises InvalidInput: ``seq`` is negative or after the last event.
        """
        name = check_agent(agent)
        last = self.k.records.last_event()
        head = last.seq if last else 0
        if seq < 0 or seq > head:
            raise InvalidInput(f"cannot acknowledge event {seq}: the log holds events 1 to "
                               f"{head}; acknowledge the `upto` a sync returned")
        current = self.offset(name)
        if seq <= current:
            return current
        with self.k.transaction():
            self.k.records.set_meta(OFFSETS, name, {"seq": seq, "at": self.k.now().isoformat()})
        return seq


def _change(event: Event) -> Change | None:
    kind = CHANGES.get(event.op)
    if kind is None:
        return None
    payload = event.payload
    by = conflict = None
    if event.op == "supersede":
        by = payload.get("by")
    elif event.op in ("conflict", "resolve"):
        conflict = payload.get("id")
        by = payload.get("with") or payload.get("kept")
    return Change(seq=event.seq, at=event.at, change=kind, id=event.target, agent=event.agent,
                  by=by, conflict=conflict)
