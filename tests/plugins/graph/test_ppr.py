"""The ``ppr`` retriever: entity seeds, personalized PageRank, multi-hop recall."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from given import Given

from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Query
from cognimem_plugins.graph.kg import graph_service
from cognimem_plugins.graph.ppr import PageRankWalk, PPRRetriever

MakeEngine = Callable[..., Engine]
ONLY_PPR = {"extract": [{"use": "entities"}], "retrieve": [{"use": "ppr"}]}


def story(engine: Engine) -> tuple[str, str, str]:
    first = engine.add("Caroline adopted a puppy named Biscuit.").id
    second = engine.add("Biscuit runs on the beach in Malibu every morning.").id
    other = engine.add("Melanie repaired her bicycle.").id
    return first, second, other


def retriever(engine: Engine) -> PPRRetriever:
    found = next(r for r in engine.retrievers if isinstance(r, PPRRetriever))
    return found


def test_reaches_memories_two_hops_from_the_query_entities(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_PPR)
    first, second, other = story(engine)
    hits = [h.id for h in engine.search("Where does Caroline take her pet?").hits]
    assert hits[:2] == [first, second]  # second shares no word with the query
    assert other not in hits  # unreachable from the seeds: no mass
    bm25 = make_engine(extract=[], retrieve=[{"use": "bm25"}])
    story(bm25)
    assert len(bm25.search("Where does Caroline take her pet?").hits) == 1


def test_damping_spreads_mass_further(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_PPR)
    first, second, _ = story(engine)
    ppr = retriever(engine)

    def ratio(damping: float) -> float:
        ppr.options = ppr.options.model_copy(update={"damping": damping})
        hits = engine.search("Caroline", explain=True).hits
        scores = {h.id: next(s.score for s in h.trail if s.stage == "retrieve") for h in hits}
        return scores[second] / scores[first]

    assert ratio(0.85) > ratio(0.5) > 0


def test_seeds_weigh_specific_entities_more(gengine: Engine) -> None:
    for i in range(5):
        gengine.add(f"Caroline note {i} about chores")
    gengine.add("Caroline mentioned Zanzibar once")
    graph = graph_service(gengine._ctx)
    ppr = retriever(gengine)
    query = Query(text="Caroline Zanzibar")
    seeds = ppr.seeds(graph, query, SearchContext(gengine._ctx, query))
    assert seeds["entity:zanzibar"] == pytest.approx(1.0)
    assert seeds["entity:caroline"] == pytest.approx(1 / 6)


def test_word_overlap_matches_multiword_entities(gengine: Engine) -> None:
    gengine.add("She joined the LGBTQ support group in town.")
    matched = retriever(gengine).match_entities(graph_service(gengine._ctx),
                                                "which support group?")
    assert "entity:support group" in matched
    assert matched["entity:support group"] == pytest.approx(1.0)


def test_falls_back_to_embedding_similarity(make_engine: MakeEngine) -> None:
    engine = make_engine(extract=[{"use": "entities"}],
                         retrieve=[{"use": "ppr", "min_similarity": 0.2}])
    target = engine.add("Our xylophone teacher is strict.").id
    engine.add("The garden needs water.")
    hits = [h.id for h in engine.search("xylophonist").hits]
    assert hits and hits[0] == target


def test_neighbourhood_restriction_and_scope(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_PPR)
    first, second, _ = story(engine)
    engine.add("Caroline adopted a puppy named Biscuit. (copy)", scope={"project": "x"})
    full = [h.id for h in engine.search("Caroline pet").hits]
    ppr = retriever(engine)
    ppr.options = ppr.options.model_copy(update={"max_hops": 4})
    near = [h.id for h in engine.search("Caroline pet").hits]
    assert near == full
    scoped = [h.id for h in engine.search("Caroline pet", scope={"project": "x"}).hits]
    assert first not in scoped and second not in scoped and len(scoped) == 1



def test_the_walk_seeds_the_memories_of_the_stage_before(make_engine: MakeEngine) -> None:
    """``memory_seeds`` is ``LexicalSeeds % n >> PageRankWalk``; the walk seeds whatever
    memories the stage before found, so a memory no entity of the query reaches gets mass."""
    engine = make_engine(**ONLY_PPR)
    first, _, other = story(engine)
    ppr = retriever(engine)
    query = Query(text="Caroline")
    sctx = SearchContext(engine._ctx, query)
    alone = [c.id for c in ppr.retrieve(query, sctx)]
    assert other not in alone and alone == [c.id for c in ppr.rounds()(query, sctx).candidates]
    walked = [c.id for c in (Given([other]) >> PageRankWalk(ppr))(query, sctx).candidates]
    assert other in walked and first in walked
    ppr.options = ppr.options.model_copy(update={"fallback_seeds": 0})  # no entity is near
    unseeded = [h.id for h in engine.search("repaired", record_access=False).hits]
    ppr.options = ppr.options.model_copy(update={"memory_seeds": 3})
    assert len(getattr(ppr.rounds(), "steps", ())) == 2  # the lexical seeds, then the walk
    seeded = [h.id for h in engine.search("repaired", record_access=False).hits]
    assert other not in unseeded and other in seeded
