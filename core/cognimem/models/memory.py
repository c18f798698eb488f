"""Memories and what surrounds them: scope, source, embedding signature, edges, accesses,
events, conflicts. Part of the data contract (:mod:`cognimem.models`)."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from .. import limits
from .summary import brief

Layer = Literal["working", "episodic", "semantic", "procedural", "partner"]
Tier = Literal["stm", "ltm"]
_M = TypeVar("_M", bound=BaseModel)
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


_set = object.__setattr__


def unchecked(cls: type[_M], values: dict[str, Any], fields: Collection[str]) -> _M:
    """An instance of the pydantic model ``cls`` (no extra fields, no private attributes)
    holding ``values`` (every field, in the model's order) with ``fields`` set, made as
    pydantic's own ``__copy__`` makes one: no validation, for a fraction of its cost (a
    store builds the memories it loads so; a search copies its hits so)."""
    model = cls.__new__(cls)
    _set(model, "__dict__", values)
    _set(model, "__pydantic_fields_set__", set(fields))
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


def _copied(model: _M, values: dict[str, Any] | None = None) -> _M:
    """A model of ``model``'s class holding ``values`` (by default a shallow copy of its
    own), its set fields as ``model``'s."""
    return unchecked(type(model), dict(model.__dict__) if values is None else values,
                     model.__pydantic_fields_set__)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Scope(_Model):
    """Who a memory belongs to. Empty fields match everything in a query."""

    project: str | None = None
    agent: str | None = None
    user: str | None = None

    @field_validator("project", "agent", "user")
    @classmethod
    def _short(cls, value: str | None, info: ValidationInfo) -> str | None:
        return limits.check_chars(value, limits.NAME_CHARS, f"scope.{info.field_name}")

    def matches(self, other: Scope, *, include_global: bool = False) -> bool:
        """True when every field set on ``self`` equals the same field of ``other``; with
        ``include_global``, a memory of no project (a global one) matches any project."""
        project = None if include_global and other.project is None else self.project
        return ((project is None or project == other.project)
                and (self.agent is None or self.agent == other.agent)
                and (self.user is None or self.user == other.user))


class Source(_Model):
    """Where a memory came from."""

    file: str | None = None
    line: int | None = None
    url: str | None = None
    session: str | None = None

    @field_validator("file", "url", "session")
    @classmethod
    def _short(cls, value: str | None, info: ValidationInfo) -> str | None:
        return limits.check_chars(value, limits.SOURCE_CHARS, f"source.{info.field_name}")


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
        if len(value) > limits.TAGS:
            raise ValueError(f"{len(value):,} tags; the limit is {limits.TAGS}")
        out: list[str] = []
        for tag in value:
            tag = tag.strip().lower()
            if not tag:
                raise ValueError("tags may not contain an empty tag")
            limits.check_chars(tag, limits.TAG_CHARS, "a tag")
            if tag not in out:
                out.append(tag)
        return out

    @field_validator("title")
    @classmethod
    def _short_title(cls, value: str | None) -> str | None:
        return limits.check_chars(value, limits.TITLE_CHARS, "title")

    @field_validator("kind")
    @classmethod
    def _short_kind(cls, value: str) -> str:
        limits.check_chars(value, limits.KIND_CHARS, "kind")
        if not value.strip():
            raise ValueError("kind is empty: leave it out for the default (note)")
        return value

    @field_validator("provenance")
    @classmethod
    def _bounded_provenance(cls, value: list[str]) -> list[str]:
        if len(value) > limits.PROVENANCE:
            raise ValueError(f"{len(value):,} provenance entries; the limit is "
                             f"{limits.PROVENANCE:,}")
        for item in value:
            limits.check_chars(item, limits.PROVENANCE_CHARS, "a provenance entry")
        return value

    @field_validator("meta")
    @classmethod
    def _bounded_meta(cls, value: dict[str, Any]) -> dict[str, Any]:
        return limits.check_meta(value)

    @field_validator("valid_from", "valid_until", "created_at")
    @classmethod
    def _aware(cls, value: datetime | None, info: ValidationInfo) -> datetime | None:
        return limits.check_year(as_utc(value), str(info.field_name))

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
    def _aware_stamps(cls, value: datetime | None, info: ValidationInfo) -> datetime | None:
        return limits.check_year(as_utc(value), str(info.field_name))

    def brief(self, width: int = 120) -> str:
        """The first ``width`` characters of the content on one line."""
        return brief(self.content, width)

    @classmethod
    def from_draft(cls, draft: MemoryDraft, *, id: str, created_at: datetime,
                   updated_at: datetime, content_hash: str) -> Memory:
        """The new memory of a validated ``draft`` (its ``created_at`` replaced), equal in
        every value and every set field, nested ones too, to ``Memory(**draft.model_dump(),
        ...)``, which validated the draft's values a second time (#39/#45 wave 13: a
        fifth of an unguarded ``add_many``'s CPU); shares nothing mutable with the draft."""
        given = draft.__dict__
        values = {name: given[name] for name in _DRAFT_FIELDS}  # the model's order
        values["tags"] = list(draft.tags)
        values["provenance"] = list(draft.provenance)
        values["scope"] = unchecked(Scope, dict(draft.scope.__dict__), _SCOPE_FIELDS)
        values["source"] = unchecked(Source, dict(draft.source.__dict__), _SOURCE_FIELDS)
        values["meta"] = copy.deepcopy(draft.meta) if draft.meta else {}
        values["created_at"] = limits.check_year(as_utc(created_at), "created_at")
        # then Memory's own fields, in its order (after the draft's)
        values.update(id=id, updated_at=limits.check_year(as_utc(updated_at), "updated_at"),
                      last_accessed_at=None, access_count=0, superseded_by=None,
                      content_hash=content_hash, embedding=None, archived=False, version=1)
        return unchecked(cls, values, _SET_ON_NEW)

    def private_copy(self) -> Memory:
        """A copy that shares nothing mutable with this memory (its lists, scope, source,
        signature and ``meta`` copied), without validating again: what a search hands on of
        a memory its store shares between searches (``shared_memories``)."""
        values = dict(self.__dict__)
        values["tags"] = list(self.tags)
        values["provenance"] = list(self.provenance)
        values["scope"] = _copied(self.scope)
        values["source"] = _copied(self.source)
        if self.embedding is not None:
            values["embedding"] = _copied(self.embedding)
        values["meta"] = copy.deepcopy(self.meta) if self.meta else {}
        return _copied(self, values)


#: The field names :meth:`Memory.from_draft` reads once (pydantic's ``model_fields`` is a
#: property, ~1 µs a read) and the fields a new memory has set.
_DRAFT_FIELDS = tuple(MemoryDraft.model_fields)
_SCOPE_FIELDS = frozenset(Scope.model_fields)
_SOURCE_FIELDS = frozenset(Source.model_fields)
_SET_ON_NEW = frozenset({*MemoryDraft.model_fields, "id", "created_at", "updated_at",
                         "content_hash"})


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

    @field_validator("type")
    @classmethod
    def _short_type(cls, value: str) -> str:
        return limits.check_chars(value, limits.KIND_CHARS, "edge type") or value

    @field_validator("source", "target")
    @classmethod
    def _short_end(cls, value: str, info: ValidationInfo) -> str:
        return limits.check_chars(value, limits.NAME_CHARS, str(info.field_name)) or value

    @field_validator("meta")
    @classmethod
    def _bounded_meta(cls, value: dict[str, Any]) -> dict[str, Any]:
        return limits.check_meta(value)

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

    @field_validator("at")
    @classmethod
    def _sane(cls, value: datetime) -> datetime:
        return limits.check_year(as_utc(value), "at") or value


class Event(_Model):
    """An entry of the append-only, hash-chained log of mutations."""

    seq: int
    at: datetime
    op: str

    @field_validator("at")
    @classmethod
    def _sane(cls, value: datetime) -> datetime:
        return limits.check_year(value, "at") or value
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


def embedding_text(memory: Memory) -> str:
    """The text embedded for a memory: its title (if any) and content."""
    return f"{memory.title}\n{memory.content}" if memory.title else memory.content
