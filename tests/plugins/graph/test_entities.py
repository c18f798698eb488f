"""The rule-based entity extractor and entity relations (weights, provenance, retraction)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cognimem.engine import Engine
from cognimem_plugins.graph.entities import find_entities
from cognimem_plugins.graph.kg import entity_id, normalize_name

MakeEngine = Callable[..., Engine]


def kinds(text: str, tags: tuple[str, ...] = ()) -> dict[str, str]:
    return {f.id: f.kind for f in find_entities(text, tags)}


def test_normalize_name() -> None:
    assert normalize_name("  The  Rust   Book. ") == "rust book"
    assert entity_id("Caroline") == "entity:caroline"


def test_finds_each_kind_of_entity() -> None:
    found = kinds(
        "Caroline fixed `load_profile` in core/cognimem/profile.py; see "
        "https://example.org/docs?x=1. Engine.from_profile() calls mergeTables and "
        "ProfileError. The support group was in New York. [[Release Plan]]",
        tags=("Urgent",),
    )
    assert found["entity:urgent"] == "tag"
    assert found["entity:release plan"] == "wikilink"
    assert found["entity:https://example.org/docs?x=1"] == "url"
    assert found["entity:core/cognimem/profile.py"] == "path"
    assert found["entity:load_profile"] == "identifier"
    assert found["entity:engine.from_profile"] == "identifier"
    assert found["entity:mergetables"] == "identifier"
    assert found["entity:profileerror"] == "identifier"
    assert found["entity:caroline"] == "name"
    assert found["entity:new york"] == "name"
    assert found["entity:support group"] == "phrase"


def test_common_words_are_not_entities() -> None:
    found = kinds("Thanks! I really think that is great. Yesterday was amazing, wow.")
    assert found == {}


def test_mentions_edges(gengine: Engine) -> None:
    written = gengine.add("Caroline met Melanie. Caroline likes pottery.", tags=["art"])
    mentions = {e.target: e for e in gengine.store.edges_of(written.id, "out")
                if e.type == "mentions"}
    assert mentions["entity:caroline"].weight == 2.0
    assert mentions["entity:caroline"].meta == {"name": "Caroline", "kind": "name"}
    assert {"entity:melanie", "entity:pottery", "entity:art"} <= set(mentions)


def test_cooccurrence_relations_count_repeats_with_provenance(make_engine: MakeEngine) -> None:
    engine = make_engine(extract=[{"use": "entities", "cooccurrence": True,
                                   "kinds": ["name"]}])
    first = engine.add("Caroline visited Melanie.").id
    second, third = (w.id for w in engine.add_many(["Melanie hosted Caroline.",
                                                    "Caroline and Melanie painted."]))
    key = ("entity:caroline", "entity:melanie", "related_to")
    edge = next(e for e in engine.store.edges_of("entity:caroline", "out") if e.key == key)
    assert edge.weight == 3.0
    assert edge.provenance == [first, second, third]
    assert edge.valid_from is not None
    # deleting a memory retracts its assertion; deleting all of them removes the relation
    engine.delete(second)
    edge = next(e for e in engine.store.edges_of("entity:caroline", "out") if e.key == key)
    assert (edge.weight, edge.provenance) == (2.0, [first, third])
    engine.delete(first)
    engine.delete(third)
    assert engine.store.edges_of("entity:caroline") == []
    graph = engine._ctx.services["graph"]
    assert graph.node("entity:caroline") is None  # orphaned entities leave the graph


def test_update_reextracts_entities_and_wikilinks(gengine: Engine) -> None:
    target = gengine.add("target", title="Alpha").id
    memory = gengine.add("Caroline wrote [[Alpha]]").id
    gengine.update(memory, content="Melanie wrote nothing")
    out = {(e.type, e.target) for e in gengine.store.edges_of(memory, "out")}
    assert ("wikilink", target) not in out
    assert ("mentions", "entity:caroline") not in out
    assert ("mentions", "entity:melanie") in out
    graph = gengine._ctx.services["graph"]
    assert graph.node("entity:caroline") is None
    assert {lk.key for lk in graph.links_of(memory)} == {
        e.key for e in gengine.store.edges_of(memory)}


def test_an_update_and_its_reextracted_edges_are_one_transaction(gengine: Engine) -> None:
    """The engine re-extracts inside the update's transaction: one write, one commit, and
    the events of the update and of its edge changes follow each other in the chain."""
    gengine.add("target", title="Alpha")
    memory = gengine.add("Caroline wrote [[Alpha]]").id
    opened = 0
    real = gengine._records.transaction

    def counting() -> Any:
        nonlocal opened
        opened += 1
        return real()

    gengine._records.transaction = counting  # type: ignore[method-assign]
    last = gengine.store.last_event()
    assert last is not None
    gengine.update(memory, content="Melanie wrote nothing")
    gengine._records.transaction = real  # type: ignore[method-assign]
    assert opened == 1
    ops = [e.op for e in gengine.events(last.seq)]
    assert ops[0] == "update" and "unrelate" in ops and "relate" in ops


def test_an_update_that_keeps_the_text_extracts_nothing(gengine: Engine) -> None:
    memory = gengine.add("Caroline wrote [[Alpha]]").id
    last = gengine.store.last_event()
    assert last is not None
    gengine.update(memory, importance=0.9)
    assert [e.op for e in gengine.events(last.seq)] == ["update"]
