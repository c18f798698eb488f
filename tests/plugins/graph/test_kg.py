"""The derived graph: incremental updates equal a rebuild; the record store is the truth."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from cognimem import hookimpl
from cognimem.clock import ManualClock
from cognimem.components import Extraction, Extractor
from cognimem.engine import Engine
from cognimem.models import Edge, Memory
from cognimem.registry import Register
from cognimem_plugins.graph.communities import detect_communities
from cognimem_plugins.graph.kg import GraphService, graph_service

MakeEngine = Callable[..., Engine]


def snapshot(service: GraphService) -> tuple[Any, Any]:
    nodes = sorted((n.id, n.kind, n.layer, n.project, n.archived, n.superseded, n.title,
                    n.community) for n in service.graph.nodes())
    links = sorted((k, round(lk.weight, 6)) for k, lk in service.links.items())
    return nodes, links


def rebuilt(engine: Engine) -> tuple[Any, Any]:
    fresh = GraphService(engine._ctx)
    fresh.rebuild()
    return snapshot(fresh)


def test_incremental_updates_match_a_rebuild(gengine: Engine, clock: ManualClock) -> None:
    graph = graph_service(gengine._ctx)
    a = gengine.add("Caroline likes pottery", title="Pottery", layer="working").id
    b = gengine.add("see [[Pottery]]; Melanie paints", layer="working").id
    c, d = (w.id for w in gengine.add_many(["pottery class with Caroline", "camping trip"]))
    gengine.relate(c, d, "parent_child")
    gengine.relate(d, a, "auto", weight=0.4)
    gengine.unrelate(d, a, "auto")
    gengine.update(b, content="Melanie paints sunsets, not [[Pottery]]")
    gengine.update(c, layer="semantic")
    gengine.archive(d)
    gengine.restore(d)
    new = gengine.supersede(c, "pottery class with Caroline on Fridays").id
    gengine.delete(a)
    clock.advance(timedelta(days=30))
    gengine.maintain()
    gengine.write_edges(put=[Edge(source="entity:x", target="entity:y", type="knows")])
    graph.sync()
    assert snapshot(graph) == rebuilt(gengine)
    assert graph.node(new) is not None and graph.node(a) is None
    assert graph.node(c) is not None and graph.node(c).superseded  # type: ignore[union-attr]


class Boom(Extractor):
    """Fails the write of any memory whose content is 'boom'."""

    name = "boom"

    def extract(self, memory: Memory, ctx: Any) -> Extraction:
        if memory.content == "boom":
            raise RuntimeError("boom")
        return Extraction()


class BoomPlugin:
    @hookimpl
    def cognimem_register_extractors(self, register: Register) -> None:
        register(Boom)


def test_a_rolled_back_batch_triggers_a_rebuild(clock: ManualClock,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    rebuilds: list[int] = []
    original = GraphService.rebuild

    def counting(self: GraphService) -> None:
        rebuilds.append(1)
        original(self)

    monkeypatch.setattr(GraphService, "rebuild", counting)
    engine = Engine.from_profile(
        "graph", clock=clock, plugins=[BoomPlugin()],
        overrides={"embedder": {"use": "hash"},
                   "extract": [{"use": "wikilinks"}, {"use": "entities"}, {"use": "boom"}]})
    try:
        engine.add("first note", title="First")
        assert len(rebuilds) == 1  # on open
        with pytest.raises(RuntimeError):
            engine.add_many(["links [[First]] for Caroline", "boom"])
        engine.add("after the failure, Melanie wrote")
        graph = graph_service(engine._ctx)
        assert len(rebuilds) == 2  # the cursor pointed at rolled-back events
        assert snapshot(graph) == rebuilt(engine)
        assert graph.node("entity:caroline") is None
        assert engine.stats()["memories"] == 2
    finally:
        engine.close()


def test_graph_persists_in_the_record_store(tmp_path: Path, clock: ManualClock) -> None:
    overrides = {"embedder": {"use": "hash"}, "records": {"use": "duckdb"},
                 "path": str(tmp_path / "store")}
    engine = Engine.from_profile("graph", clock=clock, overrides=overrides)
    try:
        a = engine.add("Caroline likes pottery", title="Pottery").id
        engine.add("see [[Pottery]] with Melanie")
        engine.add("camping with Melanie in the woods")
        detect_communities(engine)
        before = snapshot(graph_service(engine._ctx))
    finally:
        engine.close()
    assert any(n[7] is not None for n in before[0])  # communities were assigned
    engine = Engine.from_profile("graph", clock=clock, overrides=overrides)
    try:
        assert engine._ctx.services["graph"].built  # built on open for a graph profile
        assert snapshot(graph_service(engine._ctx)) == before
        engine.delete(a)
        assert engine.store.get_meta("graph.community", a) is None
    finally:
        engine.close()


def test_other_profiles_build_the_graph_only_on_demand(engine: Engine) -> None:
    engine.add("Caroline likes pottery")
    service = engine._ctx.services["graph"]
    assert not service.built
    assert graph_service(engine._ctx).stats()["memories"] == 1
