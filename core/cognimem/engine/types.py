"""The engine's value types: what hook specs, plugins and clients see of a write, a
maintenance pass and an integrity check. A low module: it imports no other engine module."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NoReturn

from pydantic import BaseModel, ValidationError

from ..components import DecayAction
from ..errors import Rejected
from ..models import Memory, MemoryDraft

#: What ``add`` accepts: a draft, a mapping of Memory fields, or the content itself.
DraftLike = MemoryDraft | Mapping[str, Any] | str


class PreparedWrite:
    """A write on its way through the ``cognimem_memory_prepare`` hooks."""

    def __init__(self, draft: MemoryDraft, *, updating: str | None = None) -> None:
        self.draft = draft
        self.updating = updating
        self.flags: list[str] = []

    def flag(self, text: str) -> None:
        """Attach a warning that the caller will see (e.g. "redacted an API key")."""
        self.flags.append(text)

    def reject(self, reason: str) -> NoReturn:
        """Refuse the write; nothing is written."""
        raise Rejected(reason)


class PreparedQuery:
    """A search's text on its way through the ``cognimem_query_prepare`` hooks."""

    def __init__(self, text: str) -> None:
        self.text = text


@dataclass
class Written:
    """The outcome of one add or update: the memory, whether it is new, and notes."""

    memory: Memory
    created: bool = True
    notes: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The memory's id."""
        return self.memory.id


@dataclass
class MaintenanceReport:
    """What a maintenance pass did (or, for a dry run, would do)."""

    at: datetime
    dry_run: bool
    actions: list[DecayAction] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """How many actions of each kind."""
        out: dict[str, int] = {}
        for action in self.actions:
            out[action.action] = out.get(action.action, 0) + 1
        return out


class IndexReport(BaseModel):
    """One index compared with the record store."""

    index: str
    missing: list[str] = []
    stale: list[str] = []
    orphaned: list[str] = []

    @property
    def ok(self) -> bool:
        """True when the index agrees with the records."""
        return not (self.missing or self.stale or self.orphaned)


class CheckReport(BaseModel):
    """The engine's integrity check: indexes against records, and the event chain."""

    memories: int
    indexes: list[IndexReport]
    event_problems: list[str] = []
    repaired: bool = False
    #: Memories whose stored embedding was made by another model than the profile's
    #: embedder: kept out of the vector index until ``cognimem reindex`` re-embeds them.
    stale_embeddings: list[str] = []

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return (all(i.ok for i in self.indexes) and not self.event_problems
                and not self.stale_embeddings)



def validation_message(exc: ValidationError, what: str) -> str:
    """One line per pydantic error, naming the field: ``memory field `title`: ...``."""
    parts = []
    for error in exc.errors():
        loc = ".".join(str(p) for p in error["loc"]) or what
        msg = error["msg"].removeprefix("Value error, ")
        parts.append(f"{what} field `{loc}`: {msg}")
    return "; ".join(parts)
