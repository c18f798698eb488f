"""Wikilinks (id -> title -> slug, broken links reported), BM25 auto-links, 50/50 caps."""

from __future__ import annotations

from collections.abc import Callable

from cognimem.engine import Engine
from cognimem_plugins.graph.kg import slugify
from cognimem_plugins.graph.synapses import wikilink_refs

MakeEngine = Callable[..., Engine]


def links(engine: Engine, memory_id: str, type: str) -> dict[str, float]:
    return {e.target: e.weight for e in engine.store.edges_of(memory_id, "out") if e.type == type}


def test_wikilink_refs_and_slugs() -> None:
    assert wikilink_refs("see [[Alpha]] and [[beta note|the alias]] and [[ ]]") == [
        "Alpha", "beta note"]
    assert slugify("Release Plan_v2 (draft)!") == "release-plan-v2-draft"


def test_wikilinks_resolve_by_id_title_and_slug(gengine: Engine) -> None:
    target = gengine.add("the plan", title="Release Plan", scope={"project": "p"}).id
    by_id = gengine.add(f"see [[{target}]]", scope={"project": "p"}).id
    by_title = gengine.add("see [[release plan]]", scope={"project": "p"}).id
    by_slug = gengine.add("see [[release-plan]]", scope={"project": "p"}).id
    for source in (by_id, by_title, by_slug):
        assert links(gengine, source, "wikilink") == {target: 1.0}


def test_wikilink_prefers_same_project_then_falls_back(gengine: Engine) -> None:
    here = gengine.add("ours", title="Notes", scope={"project": "a"}).id
    there = gengine.add("theirs", title="Notes", scope={"project": "b"}).id
    only_there = gengine.add("elsewhere", title="Far Away", scope={"project": "b"}).id
    source = gengine.add("[[Notes]] and [[Far Away]]", scope={"project": "a"}).id
    assert links(gengine, source, "wikilink") == {here: 1.0, only_there: 1.0}
    assert there not in links(gengine, source, "wikilink")


def test_repeated_wikilink_adds_weight_and_no_self_link(gengine: Engine) -> None:
    target = gengine.add("x", title="Target").id
    source = gengine.add("[[Target]] [[Target]] [[target]]", title="Self [[Self]]")
    assert links(gengine, source.id, "wikilink") == {target: 2.0}


def test_broken_wikilinks_are_reported(gengine: Engine) -> None:
    written = gengine.add("see [[Nowhere]] and [[Nowhere]]")
    assert written.notes == [
        "broken wikilink to 'Nowhere': no memory has that id, title or slug"]
    assert written.memory.meta["broken_wikilinks"] == ["Nowhere"]
    assert links(gengine, written.id, "wikilink") == {}


def test_wikilink_to_an_earlier_memory_of_the_same_batch(gengine: Engine) -> None:
    first, second = gengine.add_many([
        {"content": "the first", "title": "First"},
        {"content": "links to [[First]]"},
    ])
    assert links(gengine, second.id, "wikilink") == {first.id: 1.0}


def test_autolink_links_overlapping_memories_of_the_same_project(gengine: Engine) -> None:
    a = gengine.add("the postgres connection pool leaks under load", scope={"project": "p"}).id
    other = gengine.add("postgres connection pool settings", scope={"project": "q"}).id
    unrelated = gengine.add("bananas are yellow", scope={"project": "p"}).id
    b = gengine.add("connection pool leaks in postgres again", scope={"project": "p"}).id
    auto = links(gengine, b, "auto")
    assert set(auto) == {a}
    assert other not in auto and unrelated not in auto
    assert 0.2 <= auto[a] <= 1.5
    edge = next(e for e in gengine.store.edges_of(b, "out") if e.type == "auto")
    assert edge.meta["bm25"] > 0 and edge.provenance == [b]


def test_autolink_keeps_global_memories_apart_from_projects(gengine: Engine) -> None:
    in_project = gengine.add("kubernetes ingress timeout", scope={"project": "p"}).id
    global_one = gengine.add("kubernetes ingress controller").id
    fresh = gengine.add("ingress timeout on kubernetes").id
    assert set(links(gengine, fresh, "auto")) == {global_one}
    assert in_project not in links(gengine, fresh, "auto")


def test_caps_prune_lowest_weight_auto_links_first(make_engine: MakeEngine) -> None:
    engine = make_engine(extract=[{"use": "wikilinks"},
                                  {"use": "autolink", "limit": 10, "cap_in": 3, "cap_out": 3,
                                   "relative_floor": 0.0}])
    hub = engine.add("zebra", title="Hub").id
    for i in range(6):
        engine.add(f"zebra note number {i} [[Hub]]")
    incoming = [e for e in engine.store.edges_of(hub, "in")]
    wikis = [e for e in incoming if e.type == "wikilink"]
    autos = [e for e in incoming if e.type == "auto"]
    assert len(wikis) == 6  # curated links are never pruned, even over the cap
    assert autos == []  # every auto link into the over-full hub was pruned
    out = engine.add("zebra zebra zebra note number").id
    outgoing = [e for e in engine.store.edges_of(out, "out") if e.type == "auto"]
    assert len(outgoing) <= 3
    graph = engine._ctx.services["graph"]
    assert {lk.key for lk in graph.links_of(out, {"auto"}, "out")} == {e.key for e in outgoing}


def test_cap_keeps_the_strongest_auto_links(make_engine: MakeEngine) -> None:
    engine = make_engine(extract=[{"use": "autolink", "limit": 10, "cap_out": 2,
                                   "relative_floor": 0.0, "score_scale": 1.0,
                                   "max_weight": 5.0, "min_weight": 0.0}])
    strong = engine.add("alpha beta gamma delta").id
    medium = engine.add("alpha beta gamma").id
    weak = engine.add("alpha").id
    source = engine.add("alpha beta gamma delta epsilon").id
    kept = links(engine, source, "auto")
    assert set(kept) == {strong, medium}
    assert weak not in kept


def test_forward_wikilinks_resolve_when_the_target_appears(gengine: Engine) -> None:
    early = gengine.add("see [[Later Note]] and [[Still Missing]]", scope={"project": "p"})
    assert early.memory.meta["broken_wikilinks"] == ["Later Note", "Still Missing"]
    later = gengine.add("finally written", title="later note", scope={"project": "p"}).id
    assert links(gengine, early.id, "wikilink") == {later: 1.0}
    assert gengine.get(early.id).meta["broken_wikilinks"] == ["Still Missing"]
    graph = gengine._ctx.services["graph"]
    assert (early.id, later, "wikilink") in graph.links
    other = gengine.add("unrelated", title="Another Title").id
    assert links(gengine, early.id, "wikilink") == {later: 1.0}
    assert other not in links(gengine, early.id, "wikilink")
