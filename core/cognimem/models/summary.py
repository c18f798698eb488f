"""A search's result as plain data: what a command line prints of it. Part of the data
contract (:mod:`cognimem.models`), but without pydantic.

A warm ``cognimem search`` asks the store's owner daemon for a :class:`SearchSummary`
rather than a :class:`~cognimem.models.SearchResult`: the summary is frozen dataclasses of
plain values, so the client prints it without importing pydantic or building the models'
validators (most of a warm command's start-up time; docs/benchmarks.md). The daemon (or an
engine in the same process) builds it from the full result with :func:`summarize`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..codestate import code_label
from ..untrusted import untrusted_reason

if TYPE_CHECKING:
    from .search import SearchResult


def brief(text: str, width: int = 120) -> str:
    """The first ``width`` characters of ``text`` on one line (what
    :meth:`Memory.brief <cognimem.models.Memory.brief>` shows)."""
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


@dataclass(frozen=True, slots=True)
class HitSummary:
    """One hit as plain data.

    ``content`` is the memory's content as stored; ``untrusted`` says why it is flagged as
    a possible prompt injection (None when it is not), and whoever shows a flagged
    content quotes it. ``trail``, ``calibration`` and ``explanation`` are filled only for
    an explained search (``trail`` as the stage scores' data, ``explanation`` as
    :meth:`Hit.explain <cognimem.models.Hit.explain>` words it).
    """

    id: str
    score: float
    content: str
    kind: str
    tags: list[str]
    agent: str | None = None
    project: str | None = None
    confidence: float | None = None
    untrusted: str | None = None
    superseded_by: str | None = None
    #: The open conflicts this memory is part of (their ids).
    conflicts: list[str] = field(default_factory=list)
    trail: list[dict[str, Any]] | None = None
    calibration: dict[str, Any] | None = None
    explanation: str | None = None
    #: The memory's code changed or is gone since it was written (its anchors: the files
    #: to check again); None when it is fresh or not about code (:mod:`cognimem.codestate`).
    code: str | None = None


@dataclass(frozen=True, slots=True)
class SearchSummary:
    """A search's hits as plain data, with the query text as searched (a write guard may
    have redacted credentials from it), the per-stage timings (milliseconds) and, under a
    relevance floor, how many hits it held back (see
    :class:`~cognimem.models.SearchResult`)."""

    query: str
    hits: list[HitSummary]
    timings: dict[str, float] = field(default_factory=dict)
    held_back: int = 0
    floor: float | None = None
    explained: bool = False
    next_cursor: str | None = None


def summarize(result: SearchResult, disputed: Mapping[str, Sequence[str]]) -> SearchSummary:
    """The summary of ``result``; ``disputed`` maps the hits in an open conflict to the
    conflicts' ids (:meth:`Engine.in_open_conflict
    <cognimem.engine.Engine.in_open_conflict>`)."""
    explained = result.query.explain
    hits = []
    for hit in result.hits:
        memory = hit.memory
        hits.append(HitSummary(
            id=hit.id, score=hit.score, content=memory.content, kind=memory.kind,
            tags=list(memory.tags), agent=memory.scope.agent, project=memory.scope.project,
            confidence=hit.confidence, untrusted=untrusted_reason(memory),
            superseded_by=memory.superseded_by, conflicts=list(disputed.get(hit.id, ())),
            trail=([s.model_dump(exclude_none=True) for s in hit.trail] if explained
                   else None),
            calibration=(hit.calibration.model_dump(exclude_none=True)
                         if explained and hit.calibration is not None else None),
            explanation=hit.explain() if explained else None, code=code_label(memory)))
    return SearchSummary(query=result.query.text, hits=hits, timings=dict(result.timings),
                         held_back=result.held_back, floor=result.floor, explained=explained,
                         next_cursor=result.next_cursor)
