"""The engine's read path as a value (:mod:`cognimem.stages`): the profile's retrievers,
fuser, rankers and calibrator composed with ``>>``, ranking as :meth:`Engine.search` does.

It runs the same components in the same order on the same candidates (loaded as the
search loads them: ``search.rerank_depth`` admitted ones and their ties with rankers, else
``k``), so it gives the search's ranking; it records no access and runs no hook, and it
takes no paging cursor or ``believed_at``. Compose it further:
``engine.pipeline() >> my_reranker % 10``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..stages import Labelled, Ranking, Rerank, Stage, Then, TopK, load_hits

if TYPE_CHECKING:
    from ..context import SearchContext
    from .kernel import Kernel


class Load(Stage):
    """The fused candidates worth ranking, as hits: in fused order, those the query admits,
    up to ``search.rerank_depth`` (with rankers; else ``k``) and the ties at that cut."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        query, fused = ranking.query, ranking.candidates
        depth = self.k.profile.search.rerank_depth if self.k.rankers else query.k
        unsorted = any(fused[i].score < fused[i + 1].score for i in range(len(fused) - 1))
        hits = load_hits(ranking.but(hits=None), ctx)
        if not (unsorted or depth is None) and len(hits) >= max(depth, query.k):
            cut = hits[max(depth, query.k) - 1].score
            hits = [h for h in hits if h.score >= cut]
        if self.k.held:
            counted = self.k.held.counted_in({h.id: h.memory for h in hits})
            for hit in hits:
                hit.memory = counted[hit.id]
        return ranking.but(hits=hits)

    def __repr__(self) -> str:
        return "Load"


def read_pipeline(k: Kernel) -> Stage:
    """The profile's read path: labelled retrievers >> fuser >> load >> rankers >> top k
    >> calibrator."""
    steps: list[Stage] = [Labelled(r, label)
                          for r, label in zip(k.retrievers, k.retriever_labels, strict=True)]
    steps += [k.fuser, Load(k), Rerank(k.rankers), TopK()]
    if k.calibrator is not None:
        steps.append(k.calibrator)
    return Then(tuple(steps))
