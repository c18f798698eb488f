"""The ``spreading`` retriever: hops, minimum weight, layers, cycles, attenuation."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from given import Given

from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Query
from cognimem.stages import Then
from cognimem_plugins.graph.kg import graph_service
from cognimem_plugins.graph.spreading import LexicalSeeds, Spread, SpreadingRetriever, spread

MakeEngine = Callable[..., Engine]
ONLY_SPREADING = {"extract": [], "retrieve": [{"use": "spreading"}]}


def chain(engine: Engine, layers: list[str], weight: float = 1.0) -> list[str]:
    """Memories m0 - m1 - ... linked by wikilinks; only m0 matches the word 'xylophone'."""
    ids = [engine.add("xylophone" if i == 0 else f"node {i}", layer=layer).id
           for i, layer in enumerate(layers)]
    for a, b in itertools.pairwise(ids):
        engine.relate(a, b, "wikilink", weight=weight)
    return ids


def ids_of(engine: Engine, text: str, **options: object) -> list[str]:
    engine.retrievers[0].options = engine.retrievers[0].options.model_copy(update=options)
    return [h.id for h in engine.search(text, record_access=False).hits]


def test_spreads_up_to_max_hops(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_SPREADING)
    m = chain(engine, ["episodic"] * 4)
    assert ids_of(engine, "xylophone") == m[:3]  # default max_hops = 2
    assert ids_of(engine, "xylophone", max_hops=3) == m
    assert ids_of(engine, "xylophone", max_hops=0) == m[:1]


def test_min_weight_and_attenuation(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_SPREADING)
    m = chain(engine, ["episodic"] * 3, weight=0.25)
    assert ids_of(engine, "xylophone") == m[:1]  # 0.25 < min_weight 0.3
    assert ids_of(engine, "xylophone", min_weight=0.2) == m
    hits = engine.search("xylophone", record_access=False).hits
    scores = [h.score for h in hits]
    assert scores[0] > scores[1] > scores[2]


def test_layers_land_on_and_pass_through(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_SPREADING)
    m = chain(engine, ["episodic", "semantic", "working", "episodic"])
    assert ids_of(engine, "xylophone", max_hops=3) == m[:2]  # working is never entered
    got = ids_of(engine, "xylophone", max_hops=3,
                 land_on_layers=["episodic"], pass_through_layers=["semantic", "working"])
    assert got == [m[0], m[3]]  # bridges are crossed but never returned


def test_paths_never_revisit_a_memory(gengine: Engine) -> None:
    a, b, c = (gengine.add(t).id for t in ("xylophone", "beta", "gamma"))
    for s, t in ((a, b), (b, c), (c, a)):
        gengine.relate(s, t, "wikilink", weight=1.0)
    graph = graph_service(gengine._ctx)
    query = Query(text="x")
    args = dict(max_hops=5, min_weight=0.0, attenuation=1.0, types={"wikilink"},
                land_on={"episodic"}, pass_through=set(), use_importance=False)
    summed = spread(graph, {a: 1.0}, query, combine="sum", **args)  # type: ignore[arg-type]
    # simple paths from a: a; a-b; a-c; a-b-c; a-c-b: b and c twice each, a only as the seed
    assert summed == {a: 1.0, b: 2.0, c: 2.0}
    best = spread(graph, {a: 1.0}, query, combine="max", **args)  # type: ignore[arg-type]
    assert best == {a: 1.0, b: 1.0, c: 1.0}


def test_activation_multiplies_weight_attenuation_and_importance(gengine: Engine) -> None:
    a = gengine.add("xylophone").id
    b = gengine.add("beta", importance=0.5).id
    gengine.relate(a, b, "auto", weight=1.5)
    graph = graph_service(gengine._ctx)
    scores = spread(graph, {a: 5.0}, Query(text="x"), 1, 0.3, 0.5, {"auto"},
                    {"episodic"}, set())
    assert scores[b] == pytest.approx(5.0 * 1.5 * 0.5 * 0.5)


def test_filters_follow_the_query(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_SPREADING)
    a = engine.add("xylophone", scope={"project": "p"}).id
    b = engine.add("beta", scope={"project": "q"}).id
    engine.relate(a, b, "wikilink")
    assert [h.id for h in engine.search("xylophone", scope={"project": "p"}).hits] == [a]
    engine.archive(b)
    assert [h.id for h in engine.search("xylophone").hits] == [a]



def test_spread_takes_its_seeds_from_the_stage_before(make_engine: MakeEngine) -> None:
    engine = make_engine(**ONLY_SPREADING)
    m = chain(engine, ["episodic"] * 4)
    spreading = engine.retrievers[0]
    assert isinstance(spreading, SpreadingRetriever)
    query = Query(text="xylophone")
    sctx = SearchContext(engine._ctx, query)
    rounds = spreading.rounds()
    assert isinstance(rounds, Then) and len(rounds.steps) == 2
    assert rounds(query, sctx).candidates == spreading.retrieve(query, sctx)
    assert [c.id for c in spreading.retrieve(query, sctx)] == m[:3]  # the lexical match's
    found = (Given([m[3]]) >> Spread(spreading.options))(query, sctx)
    assert [c.id for c in found.candidates] == [m[3], m[2], m[1]]  # walked from the given one
    assert (Given([]) >> Spread(spreading.options))(query, sctx).candidates == []


def test_seeds_are_found_in_every_layer(make_engine: MakeEngine) -> None:
    """A seed in a layer the query leaves out still spreads (it is not returned)."""
    engine = make_engine(**ONLY_SPREADING)
    m = chain(engine, ["semantic", "episodic"])
    query = Query(text="xylophone", layers=["episodic"])
    assert [h.id for h in engine.search(query).hits] == [m[1]]
    sctx = SearchContext(engine._ctx, query)
    assert [c.id for c in (LexicalSeeds(every_layer=True) % 5)(query, sctx).candidates] == m[:1]
