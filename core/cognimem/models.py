"""The data model: what a Memory, Edge, Access, Event, Query and Hit carry.

These pydantic models are the published data contract between the engine and plugins.
Validation errors name the offending field.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Layer = Literal["working", "episodic", "semantic", "procedural", "partner"]
Tier = Literal["stm", "ltm"]
LAYERS: tuple[str, ...] = ("working", "episodic", "semantic", "procedural", "partner")

#: Largest content accepted by default (characters); profiles may lower or raise it.
MAX_CONTENT_CHARS = 100_000


def content_hash(content: str) -> str:
    """The SHA-256 of whitespace-normalized content, used for exact dedup."""
    normalized = " ".join(content.split())
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()


def as_utc(value: datetime | None) -> datetime | None:
    """``value`` as an aware datetime: naive ones are taken as UTC (as the clocks do), so
    comparing a caller's date with a stored timestamp never raises."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Scope(_Model):
    """Who a memory belongs to. Empty fields match everything in a query."""

    project: str | None = None
    agent: str | None = None
    user: str | None = None

    def matches(self, other: Scope, *, include_global: bool = False) -> bool:
        """True when every field set on ``self`` equals the same field of ``other``; with
        ``include_global``, a memory of no project (a global one) matches any project."""
        if include_global and other.project is None:
            return self.model_copy(update={"project": None}).matches(other)
        return all(
            mine is None or mine == theirs
            for mine, theirs in (
                (self.project, other.project),
                (self.agent, other.agent),
                (self.user, other.user),
            )
        )


class Source(_Model):
    """Where a memory came from."""

    file: str | None = None
    line: int | None = None
    url: str | None = None
    session: str | None = None


class EmbeddingSignature(_Model):
    """The model and dimension a memory's embedding was made with."""

    model: str
    dim: int


class MemoryDraft(_Model):
    """What a caller gives to ``Engine.add``: the writable fields of a Memory."""

    content: str
    kind: str = "note"
    layer: Layer = "episodic"
    tier: Tier = "stm"
    title: str | None = None
    tags: list[str] = Field(default_factory=list)
    scope: Scope = Field(default_factory=Scope)
    source: Source = Field(default_factory=Source)
    provenance: list[str] = Field(default_factory=list)
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    protected: bool = False
    supersedes: str | None = None
    meta: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime | None = None

    @field_validator("content")
    @classmethod
    def _content_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("content is empty: give the text to remember")
        return value

    @field_validator("tags")
    @classmethod
    def _clean_tags(cls, value: list[str]) -> list[str]:
        out: list[str] = []
        for tag in value:
            tag = tag.strip().lower()
            if not tag:
                raise ValueError("tags may not contain an empty tag")
            if tag not in out:
                out.append(tag)
        return out

    @field_validator("valid_from", "valid_until", "created_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)

    @model_validator(mode="after")
    def _window_ordered(self) -> MemoryDraft:
        if self.valid_from and self.valid_until and self.valid_until < self.valid_from:
            raise ValueError("valid_until is before valid_from")
        return self


class Memory(MemoryDraft):
    """A stored memory: a draft plus what the engine assigns."""

    id: str
    created_at: datetime
    updated_at: datetime
    last_accessed_at: datetime | None = None
    access_count: int = 0
    superseded_by: str | None = None
    content_hash: str = ""
    embedding: EmbeddingSignature | None = None
    archived: bool = False
    version: int = 1

    @field_validator("updated_at", "last_accessed_at")
    @classmethod
    def _aware_stamps(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)

    def brief(self, width: int = 120) -> str:
        """The first ``width`` characters of the content on one line."""
        text = " ".join(self.content.split())
        return text if len(text) <= width else text[: width - 1] + "…"


#: Fields of a Memory that ``Engine.update`` may change.
UPDATABLE_FIELDS = frozenset(
    {
        "content", "kind", "layer", "tier", "title", "tags", "scope", "source", "provenance",
        "valid_from", "valid_until", "importance", "confidence", "protected", "meta",
    }
)


class Edge(_Model):
    """A directed, weighted link between two nodes (memory ids or entity ids)."""

    source: str
    target: str
    type: str = "relates_to"
    weight: float = 1.0
    confidence: float = 1.0
    created_at: datetime | None = None
    last_used_at: datetime | None = None
    use_count: int = 0
    provenance: list[str] = Field(default_factory=list)
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str, str]:
        """(source, target, type): an edge's identity."""
        return (self.source, self.target, self.type)


class Access(_Model):
    """One retrieval of a memory: ACT-R's base-level learning reads this history."""

    memory_id: str
    at: datetime
    agent: str | None = None
    query: str | None = None


class Event(_Model):
    """An entry of the append-only, hash-chained log of mutations."""

    seq: int
    at: datetime
    op: str
    target: str | None = None
    agent: str | None = None
    payload: dict[str, Any] = Field(default_factory=dict)
    prev_hash: str
    hash: str


ConflictStatus = Literal["open", "resolved"]
Resolution = Literal["keep_newer", "keep_a", "keep_b", "keep_both"]


class Conflict(_Model):
    """Two memories that disagree (the same subject with different values, or writers of
    different authority): found by a write guard, listed and resolved by agents and users."""

    id: str
    a: str
    b: str
    #: What kind of disagreement: ``value`` (numbers, versions, paths... differ), ``authority``.
    kind: str = "value"
    #: What differs, for people: e.g. ``["500 ms" -> "900ms"]``.
    differs: list[str] = Field(default_factory=list)
    found_at: datetime
    #: The component that found it (e.g. ``dedup``) and the agent whose write revealed it.
    found_by: str | None = None
    agent: str | None = None
    #: Who wrote each memory, when known.
    writers: dict[str, str | None] = Field(default_factory=dict)
    status: ConflictStatus = "open"
    resolution: Resolution | None = None
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    note: str | None = None


class Query(_Model):
    """A search request."""

    text: str
    k: int = Field(default=10, ge=1, le=1000)
    scope: Scope = Field(default_factory=Scope)
    layers: list[Layer] | None = None
    tags: list[str] | None = None
    kinds: list[str] | None = None
    since: datetime | None = None
    until: datetime | None = None
    as_of: datetime | None = None
    #: Transaction time: search what the store believed at this moment (its records as the
    #: event log says they stood then), not what it holds now.
    believed_at: datetime | None = None
    #: With a project in ``scope``: also admit global memories (those of no project).
    include_global: bool = False
    include_archived: bool = False
    include_superseded: bool = True
    explain: bool = False
    agent: str | None = None
    record_access: bool = True

    @field_validator("text")
    @classmethod
    def _text_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("query text is empty: say what to search for")
        return value

    @field_validator("since", "until", "as_of", "believed_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        return as_utc(value)

    def admits_scope(self, scope: Scope) -> bool:
        """Whether the query's scope (with its global memories, when asked) admits a
        memory's scope: what index prefilters apply."""
        return self.scope.matches(scope, include_global=self.include_global)

    def admits(self, memory: Memory) -> bool:
        """Whether the query's filters (scope, layers, tags, kinds, window, as_of validity)
        admit ``memory``."""
        if memory.archived and not self.include_archived:
            return False
        if memory.superseded_by and not self.include_superseded:
            return False
        if not self.admits_scope(memory.scope):
            return False
        if self.layers is not None and memory.layer not in self.layers:
            return False
        if self.tags is not None and not set(self.tags) & set(memory.tags):
            return False
        if self.kinds is not None and memory.kind not in self.kinds:
            return False
        if self.since is not None and memory.created_at < self.since:
            return False
        if self.until is not None and memory.created_at > self.until:
            return False
        # as_of: only what was valid then (valid_from <= as_of < valid_until; None = open).
        if self.as_of is not None and memory.valid_from and memory.valid_from > self.as_of:
            return False
        return not (self.as_of is not None and memory.valid_until
                    and memory.valid_until <= self.as_of)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One entry of a retriever's ranked list (rank is 1-based).

    A plain frozen dataclass, not a pydantic model: every search builds hundreds (each
    retriever's list and the fused one), and validating them cost about a millisecond a
    search. ``score`` and ``rank`` are still coerced to ``float`` and ``int``.
    """

    id: str
    score: float
    rank: int

    def __post_init__(self) -> None:
        if type(self.score) is not float:
            object.__setattr__(self, "score", float(self.score))
        if type(self.rank) is not int:
            object.__setattr__(self, "rank", int(self.rank))


class StageScore(BaseModel):
    """One step of a hit's score trail: which stage, the rank it gave and the score."""

    stage: str
    name: str
    score: float
    rank: int | None = None
    detail: dict[str, Any] = Field(default_factory=dict)


class Hit(BaseModel):
    """A search result: the memory, its final score and how the score came about."""

    memory: Memory
    score: float
    trail: list[StageScore] = Field(default_factory=list)

    @property
    def id(self) -> str:
        """The memory's id."""
        return self.memory.id

    def explain(self) -> str:
        """A one-line account of every stage's contribution: a ranker's change in brackets,
        with the first three numbers of its detail (rankers put the telling ones first)."""
        parts = []
        previous: float | None = None
        for step in self.trail:
            rank = f" #{step.rank}" if step.rank is not None else ""
            change = ""
            if step.stage == "rank" and previous is not None:
                numbers = [f"{k} {v:.3g}" for k, v in step.detail.items()
                           if isinstance(v, int | float) and not isinstance(v, bool)][:3]
                change = f" ({'; '.join([f'{step.score - previous:+.3g}', *numbers])})"
            parts.append(f"{step.stage}:{step.name}{rank}={step.score:.4g}{change}")
            if step.stage != "retrieve":
                previous = step.score
        return " → ".join(parts)


class SearchResult(BaseModel):
    """Hits plus per-stage timings (milliseconds)."""

    query: Query
    hits: list[Hit]
    timings: dict[str, float] = Field(default_factory=dict)


def embedding_text(memory: Memory) -> str:
    """The text embedded for a memory: its title (if any) and content."""
    return f"{memory.title}\n{memory.content}" if memory.title else memory.content
