"""The read path's kinds share one stage shape (cognimem.stages): pipelines compose with
``>>`` and ``% k``; the engine's read path as a value ranks as its search does; a feedback
round is a composition; and the shipped profiles rank the fixed corpus as they did before
the read path became stages (tests/engine/data/rankings_before.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from read_corpus import PROFILES, QUERIES, VARIANTS, corpus, rankings, retrieved

from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Candidate, Query
from cognimem.stages import Cut, Ranking, Stage, Then

BEFORE = Path(__file__).parent / "data" / "rankings_before.json"
#: The spreading and ppr retrievers' own lists on the graph profiles, made with the code of
#: 5a7ccd6 (each ran its own lexical search for seeds).
GRAPH_LISTS = Path(__file__).parent / "data" / "graph_lists_before.json"


class Fixed(Stage):
    """A stage that answers ``ids`` (scores descending), as deep as asked."""

    def __init__(self, name: str, ids: list[str]) -> None:
        self.name = name
        self.ids = ids
        self.asked: list[int | None] = []

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        self.asked.append(ranking.depth)
        found = [Candidate(id=i, score=1.0 / (n + 1), rank=n + 1)
                 for n, i in enumerate(self.ids[: ranking.depth or len(self.ids)])]
        return ranking.but(lists={**ranking.lists, self.name: found}, candidates=found)


def test_stages_compose_in_order_and_cut(engine: Engine) -> None:
    a, b = Fixed("a", ["m1", "m2", "m3", "m4"]), Fixed("b", ["m5", "m6"])
    pipeline = a % 3 >> b
    assert isinstance(pipeline, Then) and isinstance(pipeline.steps[0], Cut)
    assert len((a >> b >> a).steps) == 3  # flattened, not nested
    query = Query(text="anything")
    found = pipeline(query, SearchContext(engine._ctx, query))
    assert a.asked == [3] and b.asked == [None]  # `% 3` asks a for 3, b is unbounded
    assert [c.id for c in found.lists["a"]] == ["m1", "m2", "m3"]
    assert [c.id for c in found.candidates] == ["m5", "m6"]
    with pytest.raises(ValueError, match="k >= 1"):
        a % 0


def test_the_engines_pipeline_ranks_as_its_search(engine: Engine) -> None:
    for item in corpus(60):
        engine.add(item)
    reranked = engine.pipeline()
    for text in QUERIES[:6]:
        query = Query(text=text, k=5, record_access=False)
        searched = [(h.id, h.score) for h in engine.search(query).hits]
        staged = engine.ranked(reranked, query).hits
        assert staged is not None
        assert [(h.id, h.score) for h in staged] == searched, text


def test_a_reranker_composes_as_a_value(engine: Engine) -> None:
    from cognimem_plugins.cognitive.rankers import Importance

    for item in corpus(60):
        engine.add(item)
    ranker = Importance(Importance.Options())
    query = Query(text="billing retries", k=10, record_access=False)
    found = engine.ranked(engine.pipeline() >> ranker % 3, query)
    assert found.hits is not None and len(found.hits) == 3
    scores = [h.score for h in found.hits]
    assert scores == sorted(scores, reverse=True)
    assert found.lists  # the retrievers' lists travel with the ranking


@pytest.mark.parametrize("signal", ["lexical", "dense"])
def test_a_feedback_round_is_a_composition(engine: Engine, signal: str) -> None:
    from cognimem_plugins.expansion.plugin import FeedbackRetriever

    for item in corpus(80):
        engine.add(item)
    feedback = FeedbackRetriever(FeedbackRetriever.Options(signal=signal, k=20))
    feedback.open(engine._ctx)
    rounds = feedback.rounds()
    assert isinstance(rounds, Then) and len(rounds.steps) == 3
    for text in QUERIES[:4]:
        query = Query(text=text)
        sctx = SearchContext(engine._ctx, query)
        found = feedback.retrieve(query, sctx)
        assert found == rounds(query, sctx).candidates and len(found) <= 20
        first = (rounds.steps[0])(query, sctx).candidates
        assert found != first[:20] or signal == "dense"  # the second round moved the query


@pytest.mark.parametrize("profile", [*PROFILES, *VARIANTS])
def test_shipped_profiles_rank_as_before(profile: str, tmp_path: Path) -> None:
    before = json.loads(BEFORE.read_text(encoding="utf-8"))[profile]
    after = rankings(profile, tmp_path)
    assert {q: [list(h) for h in hits] for q, hits in after.items()} == before


@pytest.mark.parametrize("profile", ["graph", "graph:seeded"])
def test_the_graph_retrievers_give_their_lists_as_before(profile: str, tmp_path: Path) -> None:
    """Spreading and PPR are compositions whose walk takes its seeds from the stage before
    (``LexicalSeeds % seeds >> Spread % k``, ``LexicalSeeds % memory_seeds >> PageRankWalk %
    k``); each one's own list, before fusion, is what it was when it searched inside."""
    before = json.loads(GRAPH_LISTS.read_text(encoding="utf-8"))[profile]
    after = retrieved(profile, tmp_path, ["spreading", "ppr"])
    assert {q: {label: [list(h) for h in hits] for label, hits in lists.items()}
            for q, lists in after.items()} == before
