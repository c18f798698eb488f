"""The engine's value types: what hook specs, plugins and clients see of a write, a
maintenance pass and an integrity check. A low module: it imports no other engine module."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, NoReturn

from pydantic import BaseModel, ValidationError

from ..components import DecayAction
from ..errors import Rejected
from ..models import Memory, MemoryDraft

if TYPE_CHECKING:
    import numpy as np

#: What ``add`` accepts: a draft, a mapping of Memory fields, or the content itself.
DraftLike = MemoryDraft | Mapping[str, Any] | str

#: What a caller asks of a near-duplicate: let the guards decide (``auto``), store it apart
#: and record the pairs as distinct for good (``keep``), or make it the new version of the
#: nearest match (``supersede``).
OnDuplicate = Literal["auto", "keep", "supersede"]
ON_DUPLICATE: tuple[str, ...] = ("auto", "keep", "supersede")


@dataclass
class Verdict:
    """A guard's finding about a write and one memory it resembles.

    ``target`` is a stored memory's id, or an earlier write of the same batch (not stored
    yet: the engine resolves it inside the transaction).
    """

    action: Literal["merge", "conflict", "separate", "supersede"]
    target: str | PreparedWrite
    similarity: float | None = None
    differs: list[str] = field(default_factory=list)
    found_by: str | None = None


class PreparedWrite:
    """A write on its way through the ``cognimem_memory_prepare`` hooks, then the guards.

    Prepare hooks change the draft, flag or reject it. Guards (``[[guard]]`` components)
    run after them, once the engine has embedded the draft (:attr:`vector`), and give
    verdicts: :meth:`merge_into`, :meth:`conflicts_with`, :meth:`keep_separate_from`,
    :meth:`supersede`. The engine applies them in the write's own transaction.
    """

    def __init__(self, draft: MemoryDraft, *, updating: str | None = None,
                 on_duplicate: OnDuplicate = "auto") -> None:
        self.draft = draft
        self.updating = updating
        self.flags: list[str] = []
        #: What the caller asked for when a near-duplicate is found.
        self.on_duplicate: OnDuplicate = on_duplicate
        #: The draft's embedding (set by the engine before the guards run; None without an
        #: embedder). Guards reuse it: nothing is embedded twice.
        self.vector: np.ndarray | None = None
        #: Earlier writes of the same batch, not stored yet, that guards compare with too.
        self.peers: list[PreparedWrite] = []
        #: The guards' verdicts, in the order given.
        self.verdicts: list[Verdict] = []
        #: The memory this write became (set by the engine; a peer's target resolves to it).
        self.memory: Memory | None = None
        #: What a guard's ``prepare`` looked up for this write, by the guard's name.
        self.lookups: dict[str, Any] = {}

    def flag(self, text: str) -> None:
        """Attach a warning that the caller will see (e.g. "redacted an API key")."""
        self.flags.append(text)

    def reject(self, reason: str) -> NoReturn:
        """Refuse the write; nothing is written."""
        raise Rejected(reason)

    def merge_into(self, target: str | PreparedWrite, *, similarity: float | None = None,
                   found_by: str | None = None) -> None:
        """Store nothing new: fold this write into ``target`` (its provenance and source
        join the target's; access counts add up, the higher importance stays)."""
        self.verdicts.append(Verdict("merge", target, similarity, found_by=found_by))

    def conflicts_with(self, target: str | PreparedWrite, differs: list[str], *,
                       similarity: float | None = None, found_by: str | None = None) -> None:
        """Store the write and log an open conflict with ``target`` (``differs`` says what)."""
        self.verdicts.append(Verdict("conflict", target, similarity, list(differs), found_by))

    def keep_separate_from(self, target: str | PreparedWrite, *,
                           similarity: float | None = None,
                           found_by: str | None = None) -> None:
        """Store the write and record the pair as distinct: never merged or asked again."""
        self.verdicts.append(Verdict("separate", target, similarity, found_by=found_by))

    def supersede(self, target: str, *, similarity: float | None = None,
                  differs: list[str] | None = None, found_by: str | None = None) -> None:
        """Store the write as the new version of ``target`` (a stored memory)."""
        self.verdicts.append(Verdict("supersede", target, similarity, list(differs or ()),
                                     found_by))

    @property
    def merge_target(self) -> Verdict | None:
        """The first merge verdict, if any (a merge wins over every other verdict)."""
        return next((v for v in self.verdicts if v.action == "merge"), None)


Outcome = Literal["created", "duplicate", "merged", "updated"]


class PreparedQuery:
    """A search's text on its way through the ``cognimem_query_prepare`` hooks."""

    def __init__(self, text: str) -> None:
        self.text = text


class PreparedText:
    """A piece of free text on its way into the store or out of the product, through the
    ``cognimem_text_prepare`` hooks: a tag, a project, an edge type, a reason, a summary, a
    receipt. ``where`` names it (``tag``, ``project``, ``edge type``, ``reason``,
    ``summary``...); ``notes`` collects what the hooks did (never the text they removed)."""

    def __init__(self, text: str, where: str) -> None:
        self.text = text
        self.where = where
        self.notes: list[str] = []


@dataclass
class Written:
    """The outcome of one add or update: the memory, whether it is new, and notes.

    ``outcome`` says what happened: ``created``, ``duplicate`` (identical text already
    stored: that memory), ``merged`` (a near-duplicate, folded into that memory) or
    ``updated``. ``conflicts`` lists the memories the write was found to disagree with
    (an open conflict each), ``supersedes`` the memory it replaced, ``kept_separate``
    the look-alikes recorded as distinct.
    """

    memory: Memory
    created: bool = True
    notes: list[str] = field(default_factory=list)
    outcome: Outcome = "created"
    conflicts: list[str] = field(default_factory=list)
    supersedes: str | None = None
    kept_separate: list[str] = field(default_factory=list)

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


@dataclass
class DreamReport:
    """What a consolidation run did (or, for a dry run, would do)."""

    at: datetime
    dry_run: bool
    consolidator: str
    skipped: str | None = None
    scanned: int = 0
    #: One entry per cluster: ``kept`` (id), ``merged`` (ids), ``similarity``, ``summarised``.
    merges: list[dict[str, Any]] = field(default_factory=list)
    #: One entry per memory moved to the graveyard: ``id``, ``reason``.
    archived: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: The applied run's id (``dream-SEQ``, its ``dream`` event), when it changed something:
    #: what :meth:`Engine.undo_dream` undoes. An undo's report names the run it undid.
    run: str | None = None
    #: True in the report of an undo that was applied (``undo_dream``, not a dry run).
    undone: bool = False


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
    #: Supersession chains that are broken: a cycle (no current version), or a pointer to
    #: a memory that no longer exists. One line each, naming the memories.
    supersession_problems: list[str] = []
    #: Records holding a value outside the ranges the stores and indexes rely on (a version
    #: below 1, a negative counter: written by an older import); one line each.
    record_problems: list[str] = []

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return (all(i.ok for i in self.indexes) and not self.event_problems
                and not self.stale_embeddings and not self.supersession_problems
                and not self.record_problems)



def validation_message(exc: ValidationError, what: str) -> str:
    """One line per pydantic error, naming the field: ``memory field `title`: ...``."""
    parts = []
    for error in exc.errors():
        loc = ".".join(str(p) for p in error["loc"]) or what
        msg = error["msg"].removeprefix("Value error, ")
        parts.append(f"{what} field `{loc}`: {msg}")
    return "; ".join(parts)
