"""Transaction time: what the store believed at a past moment (``Query.believed_at``).

Valid time (``valid_from`` / ``valid_until``, ``Query.as_of``) says when a fact held in the
world; transaction time says when the store recorded it. A search ``believed_at`` T sees
the memories as the event log says they stood at T, rebuilt from the current records and
the events after T:

- a memory recorded after T (its ``add`` or ``import`` event is later) is left out;
- whether it was superseded or archived at T comes from the last ``supersede`` and
  ``archive`` / ``restore`` events up to T;
- the fields an ``update`` after T changed get their earlier values back from the event
  (kind, layer, tier, importance, protected, valid_from, valid_until, project);
- content and title are not kept in the log (an edit may have removed what must not be
  kept): a memory whose text changed after T is returned with its current text, and
  ``meta["cognimem.changed_since"]`` lists the fields that changed. Corrections made with
  ``supersede`` keep both texts, so history written that way is exact.

Deleted memories are gone from the records; they cannot be returned.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from ..models import Event, Memory, as_utc

#: Ops that record a memory.
RECORDING_OPS = frozenset({"add", "import"})
#: Where the changed fields of a memory whose text is not restored are listed.
CHANGED_KEY = "cognimem.changed_since"


class _State:
    """One memory's state at T, gathered from the events."""

    __slots__ = ("archived", "before", "changed", "recorded", "superseded_by", "version")

    def __init__(self) -> None:
        self.recorded: bool | None = None  # None: no recording event seen
        self.superseded_by: tuple[bool, str | None] = (False, None)  # (known, value)
        self.archived: bool | None = None
        self.version: int | None = None
        self.before: dict[str, Any] = {}
        self.changed: set[str] = set()


def as_believed(memories: Mapping[str, Memory], events: Iterable[Event],
                at: datetime) -> dict[str, Memory]:
    """``memories`` as the store held them at ``at`` (see the module docstring); those not
    yet recorded then are left out."""
    moment = as_utc(at)
    assert moment is not None
    states = {i: _State() for i in memories}
    for event in events:
        state = states.get(event.target or "")
        if state is None:
            continue
        before_t = event.at <= moment
        if event.op in RECORDING_OPS:
            state.recorded = before_t
            if before_t:
                state.version = int(event.payload.get("version", 1))
        elif before_t:
            _apply(state, event)
        elif event.op == "update":
            for field, value in (event.payload.get("before") or {}).items():
                state.before.setdefault(field, value)
            state.changed.update(event.payload.get("fields") or ())
    out: dict[str, Memory] = {}
    for memory_id, memory in memories.items():
        state = states[memory_id]
        if state.recorded is False or (state.recorded is None and memory.created_at > moment):
            continue
        out[memory_id] = _rebuild(memory, state)
    return out


def _apply(state: _State, event: Event) -> None:
    if event.op == "supersede":
        state.superseded_by = (True, event.payload.get("by"))
    elif event.op == "archive":
        state.archived = True
    elif event.op == "restore":
        state.archived = False
    if "version" in event.payload:
        state.version = int(event.payload["version"])


def _rebuild(memory: Memory, state: _State) -> Memory:
    data = memory.model_dump()
    known, superseded_by = state.superseded_by
    data["superseded_by"] = superseded_by if known else None
    data["archived"] = bool(state.archived)
    if state.version is not None:
        data["version"] = state.version
    for field, value in state.before.items():
        if field == "project":
            data["scope"] = {**data["scope"], "project": value}
        elif field in data:
            data[field] = value
    lost = sorted(state.changed & {"content", "title", "tags", "meta"})
    if lost:
        data["meta"] = {**data["meta"], CHANGED_KEY: lost}
    return Memory.model_validate(data)
