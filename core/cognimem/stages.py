"""The read path's one stage shape: every retriever, fuser, ranker and calibrator is a
:class:`Stage`, a step from a :class:`Ranking` to the next, so read pipelines compose as
values, as PyTerrier's transformers do:

- ``a >> b`` runs ``a``, then ``b`` on what ``a`` gave;
- ``stage % k`` asks ``stage`` for ``k`` results (a retriever searches that deep) and keeps
  the best ``k``.

A retriever adds its ranked list (under its name) and makes it the current candidates; a
fuser merges every list so far; a ranker rescores the hits (loading the candidates' memories
the first time, keeping those the query's filters admit) and sorts them; a calibrator gives
each hit a confidence and holds back those under the floor. A feedback round is then a
value (``bm25 % 100 >> expand >> bm25``) rather than a retriever that runs another inside
it, and a reranker is appended with ``>>``. The engine's own search runs the same
components in the same order (:meth:`cognimem.engine.Engine.pipeline` gives it as a value).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from .context import SearchContext
    from .models import Candidate, Hit, Query


@dataclass
class Ranking:
    """What flows from stage to stage.

    :ivar query: the query (a feedback stage may rewrite it for the stages after it).
    :ivar lists: every retriever's ranked list so far, by label (what a fuser merges).
    :ivar candidates: the current ranked candidates (a retriever's list, or the fused one).
    :ivar hits: the ranked hits, once a ranker or a calibrator loaded them.
    :ivar depth: how many results the next retriever is asked for (set by ``% k``).
    :ivar vector: a query vector that replaces the query's embedding (a Rocchio round).
    :ivar held_back: how many hits a calibrator held back under its floor.
    """

    query: Query
    lists: dict[str, list[Candidate]] = field(default_factory=dict)
    candidates: list[Candidate] = field(default_factory=list)
    hits: list[Hit] | None = None
    depth: int | None = None
    vector: np.ndarray | None = None
    held_back: int = 0

    def but(self, **changes: Any) -> Ranking:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)

    def cut(self, k: int) -> Ranking:
        """The best ``k``: of the hits once loaded, else of the candidates."""
        if self.hits is not None:
            return self.but(hits=self.hits[:k])
        return self.but(candidates=self.candidates[:k])


class Stage:
    """One step of a read pipeline: :meth:`run` maps a ranking to the next."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        """The ranking after this stage."""
        raise NotImplementedError(f"{type(self).__name__} does not run as a stage")

    def __call__(self, query: Query, ctx: SearchContext) -> Ranking:
        """Run the stage on a fresh ranking of ``query``."""
        return self.run(Ranking(query=query), ctx)

    def __rshift__(self, other: Stage) -> Stage:
        return Then((*_steps(self), *_steps(other)))

    def __mod__(self, k: int) -> Stage:
        if not isinstance(k, int) or k < 1:
            raise ValueError(f"a stage's cut `% k` needs k >= 1, got {k!r}")
        return Cut(self, k)


def _steps(stage: Stage) -> tuple[Stage, ...]:
    return stage.steps if isinstance(stage, Then) else (stage,)


class Then(Stage):
    """Stages in order (``a >> b >> c``)."""

    def __init__(self, steps: tuple[Stage, ...]) -> None:
        self.steps = steps

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        for step in self.steps:
            ranking = step.run(ranking, ctx)
        return ranking

    def __repr__(self) -> str:
        return " >> ".join(repr(s) for s in self.steps)


class Cut(Stage):
    """``stage % k``: ``stage`` asked for ``k`` results, and the best ``k`` kept."""

    def __init__(self, stage: Stage, k: int) -> None:
        self.stage = stage
        self.k = k

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        outer = ranking.depth
        found = self.stage.run(ranking.but(depth=self.k), ctx)
        return found.cut(self.k).but(depth=outer)

    def __repr__(self) -> str:
        return f"({self.stage!r} % {self.k})"


def at_depth(component: Any, depth: int | None) -> Any:
    """``component`` itself, or a shallow copy asked for ``depth`` results (its options'
    ``k``), for a retriever under ``% k``."""
    options = getattr(component, "options", None)
    if depth is None or options is None or getattr(options, "k", depth) == depth:
        return component
    other = copy.copy(component)
    other.options = options.model_copy(update={"k": depth})
    return other


def tie_break_key(hit: Hit) -> tuple[float, float, float, str]:
    """Sort key: score, then importance, then recency, then id, so order never depends on
    insertion order."""
    return (-hit.score, -hit.memory.importance, -hit.memory.created_at.timestamp(), hit.memory.id)


def load_hits(ranking: Ranking, ctx: SearchContext) -> list[Hit]:
    """The hits of a ranking: its hits, or its candidates' memories that the query admits,
    in candidate order, each scored by its candidate."""
    from .models import Hit
    from .stores import memories_to_read

    if ranking.hits is not None:
        return ranking.hits
    memories = memories_to_read(ctx.records, [c.id for c in ranking.candidates])
    return [Hit(memory=memories[c.id], score=c.score) for c in ranking.candidates
            if c.id in memories and ranking.query.admits(memories[c.id])]


class Labelled(Stage):
    """A retriever whose list goes under ``label`` (the engine's ``bm25@2`` for a second
    ``bm25``)."""

    def __init__(self, retriever: Any, label: str) -> None:
        self.retriever = retriever
        self.label = label

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        found = at_depth(self.retriever, ranking.depth).retrieve(ranking.query, ctx)
        return ranking.but(lists={**ranking.lists, self.label: found}, candidates=found,
                           hits=None)

    def __repr__(self) -> str:
        return self.label


class Rerank(Stage):
    """Several rankers over the same hits, then one sort (as the engine runs its rankers:
    each sees the hits as the one before left them)."""

    def __init__(self, rankers: Any) -> None:
        self.rankers = list(rankers)

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        from .components import EXPLAINING

        hits = load_hits(ranking, ctx)
        explaining = EXPLAINING.set(ranking.query.explain)
        try:
            for ranker in self.rankers:
                hits = ranker.rank(ranking.query, hits, ctx)
        finally:
            EXPLAINING.reset(explaining)
        return ranking.but(hits=sorted(hits, key=tie_break_key))

    def __repr__(self) -> str:
        return f"Rerank({', '.join(r.name for r in self.rankers)})"


class TopK(Stage):
    """The best ``query.k`` (``stage % k`` with the query's own k)."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        return ranking.cut(ranking.query.k)

    def __repr__(self) -> str:
        return "TopK"
