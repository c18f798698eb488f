"""Searches and their results: Query, Candidate, StageScore, Hit, SearchResult. Part of
the data contract (:mod:`cognimem.models`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from .. import limits
from .memory import Layer, Memory, Scope, _Model, as_utc

#: The ``meta`` key of a memory kept to one branch (the branch scope, docs/intake.md):
#: the branch's name. A query admits it only on that branch (:attr:`Query.branch`).
BRANCH_KEY = "branch_scope"
#: :attr:`Query.branch` admitting the memories of every branch.
ALL_BRANCHES = "*"


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
    #: The relevance floor: hits whose confidence is below it are held back (the result
    #: counts them). None takes the profile's calibrator floor; 0 holds nothing back.
    #: Without a ``[confidence]`` stage no hit has a confidence and nothing is held back.
    min_confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    #: Only memories written by one of these agents (``scope.agent``).
    agents: list[str] | None = None
    #: The page after the one that gave this cursor (:mod:`cognimem.paging`).
    cursor: str | None = None
    #: Give a ``next_cursor`` with the result (always given with a cursor).
    paged: bool = False
    #: The branch whose branch-scoped memories are admitted (besides every memory kept to
    #: no branch); ``"*"``: every branch's. None: the session's branch, which the read path
    #: fills in (none on the default branch: no branch's memories).
    branch: str | None = None

    @field_validator("text")
    @classmethod
    def _text_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("query text is empty: say what to search for")
        return limits.check_chars(value, limits.QUERY_CHARS, "query text") or value

    @field_validator("agent", "branch")
    @classmethod
    def _short_agent(cls, value: str | None, info: ValidationInfo) -> str | None:
        return limits.check_chars(value, limits.NAME_CHARS, str(info.field_name))

    @field_validator("cursor")
    @classmethod
    def _short_cursor(cls, value: str | None) -> str | None:
        from ..paging import MAX_CHARS

        return limits.check_chars(value, MAX_CHARS, "cursor")

    @field_validator("tags", "kinds", "agents")
    @classmethod
    def _bounded_filters(cls, value: list[str] | None, info: ValidationInfo) -> list[str] | None:
        if value is not None and len(value) > limits.TAGS:
            raise ValueError(f"{len(value):,} {info.field_name}; the limit is {limits.TAGS}")
        for item in value or ():
            limits.check_chars(item, limits.NAME_CHARS, f"an entry of {info.field_name}")
        return value

    @field_validator("since", "until", "as_of", "believed_at")
    @classmethod
    def _aware(cls, value: datetime | None, info: ValidationInfo) -> datetime | None:
        return limits.check_year(as_utc(value), str(info.field_name))

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
        if self.agents is not None and memory.scope.agent not in self.agents:
            return False
        if self.since is not None and memory.created_at < self.since:
            return False
        if self.until is not None and memory.created_at > self.until:
            return False
        kept_to = memory.meta.get(BRANCH_KEY) if memory.meta else None
        if kept_to is not None and self.branch not in (ALL_BRANCHES, kept_to):
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
    #: Plain names of the detail's keys (``S`` -> ``spreading activation``), for people
    #: reading an explanation; the detail keeps the short keys.
    terms: dict[str, str] = Field(default_factory=dict)


class Hit(BaseModel):
    """A search result: the memory, its final score and how the score came about."""

    memory: Memory
    score: float
    trail: list[StageScore] = Field(default_factory=list)
    #: How likely the hit is relevant to the query, in [0, 1], from the profile's
    #: ``[confidence]`` stage; None when the profile has none.
    confidence: float | None = None
    #: When explained, how the confidence came about (its evidence, by plain name); kept
    #: apart from ``trail``, which ends with the last ranker's step.
    calibration: StageScore | None = None

    @property
    def id(self) -> str:
        """The memory's id."""
        return self.memory.id

    def explain(self) -> str:
        """A one-line account of every stage's contribution: a ranker's change in brackets,
        with the first three numbers of its detail (rankers put the telling ones first),
        each under its plain name; the confidence stage with its first three evidence."""
        parts = []
        previous: float | None = None
        steps = [*self.trail, *([self.calibration] if self.calibration else [])]
        for step in steps:
            rank = f" #{step.rank}" if step.rank is not None else ""
            change = ""
            numbers = [f"{step.terms.get(k, k)} {v:.3g}" for k, v in step.detail.items()
                       if isinstance(v, int | float) and not isinstance(v, bool)][:3]
            if step.stage == "rank" and previous is not None:
                change = f" ({'; '.join([f'{step.score - previous:+.3g}', *numbers])})"
            elif step.stage == "confidence" and numbers:
                change = f" ({'; '.join(numbers)})"
            parts.append(f"{step.stage}:{step.name}{rank}={step.score:.4g}{change}")
            if step.stage not in ("retrieve", "confidence"):
                previous = step.score
        return " → ".join(parts)


class SearchResult(BaseModel):
    """Hits plus per-stage timings (milliseconds).

    With a ``[confidence]`` stage and a relevance floor, ``held_back`` counts the hits whose
    confidence was below ``floor`` (left out of ``hits``); ``hits`` empty and ``held_back``
    above 0 means nothing relevant was found (ask again with ``min_confidence=0``).
    """

    query: Query
    hits: list[Hit]
    timings: dict[str, float] = Field(default_factory=dict)
    held_back: int = 0
    floor: float | None = None
    #: With a paged query: where the next page starts (None: this was the last page).
    next_cursor: str | None = None
