"""Sources: where memory comes from without a ``remember`` call (a notes vault, a wiki, a
ticket tracker). A source reads a target and yields groups of items; the engine
(:meth:`Engine.ingest <cognimem.engine.Engine.ingest>`) turns them into memories and keeps
them in step with the target from one run to the next.

A **group** is what changes together: a file, a wiki page, a ticket. It carries a cheap
``stamp`` (size and modification time) and a ``fingerprint`` (the SHA-256 of its content).
Given what the store remembers of a group (:class:`Known`), a source that sees the same stamp
yields the group without items: it was not read. An **item** is one memory of a group (a
section of a note), keyed within its group, with the SHA-256 of what the memory is made
from: the engine adds new items, updates changed ones (re-embedding only those), archives
items and groups that are gone (recoverable), and recognises a group that moved (a renamed
file) by its fingerprint, moving its memories without re-embedding them.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

from .component_base import Component
from .models import MemoryDraft


@dataclass(frozen=True)
class Item:
    """One memory of a group: its key within the group, its digest, and the draft."""

    key: str
    digest: str
    draft: MemoryDraft
    #: Names of other groups this item links to (see :meth:`IntakeSource.link_name`).
    links: tuple[str, ...] = ()


@dataclass
class Group:
    """One unit of change of a target (a file, a page).

    ``items`` is None when the group is unchanged since :class:`Known` (not read again).
    ``problems`` are reported to the caller (a binary or unreadable file, a bad frontmatter)
    and never stop the run. ``meta`` is state the source keeps beside the group (metadata
    namespace -> key -> value, None deletes; a model's judgements of a transcript's turns):
    the engine writes it in the commit of the group's items, never on a dry run, so a source
    writes nothing itself; it reads it back from its context's record store.
    """

    key: str
    stamp: str
    fingerprint: str
    items: list[Item] | None = None
    problems: list[str] = field(default_factory=list)
    meta: dict[str, dict[str, Any]] = field(default_factory=dict)


class Known(BaseModel):
    """What the store remembers of a group after a run."""

    stamp: str
    fingerprint: str
    #: item key -> [digest, memory id]
    items: dict[str, list[str]] = Field(default_factory=dict)


class IngestReport(BaseModel):
    """What one run of a source did."""

    source: str
    target: str
    groups: int = 0
    unchanged: int = 0
    added: int = 0
    updated: int = 0
    kept: int = 0
    archived: int = 0
    moved: int = 0
    restored: int = 0
    #: Stored memories an added item replaced (its draft's ``supersedes``).
    superseded: int = 0
    links: int = 0
    problems: list[str] = Field(default_factory=list)
    dry_run: bool = False


class IntakeSource(Component):
    """Reads a target (a folder, a URL...) into groups of memory drafts."""

    kind = "source"

    @abstractmethod
    def scan(self, target: str, known: Mapping[str, Known]) -> Iterator[Group]:
        """Yield every group of ``target``; a group whose stamp equals ``known``'s may be
        yielded without items (unchanged, not read).

        :raises InvalidInput: the target itself cannot be read (a missing folder).
        """

    def link_name(self, group_key: str) -> str | None:
        """The name items use to link to this group (a note's name for ``[[Name]]``); the
        engine relates a linking item to the group's first memory (``link`` edges)."""
        return None
