"""The engine: write path, read path, update/supersede/delete, graph edges, archive, maintenance,
integrity checks, the event chain, and bad input that changes nothing."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta
from types import ModuleType
from typing import Any, ClassVar

import numpy as np
import pytest

from cognimem import hookimpl
from cognimem.clock import ManualClock
from cognimem.components import (
    DecayAction,
    DecayPolicy,
    Extraction,
    Extractor,
    Ranker,
)
from cognimem.context import Context, SearchContext
from cognimem.engine import Engine, PreparedWrite
from cognimem.errors import CognimemError, InvalidInput, NotFound, Rejected
from cognimem.events import next_event
from cognimem.models import UPDATABLE_FIELDS, Edge, Hit, Memory, MemoryDraft, Query
from cognimem.registry import Register
from cognimem_plugins.hash_embedder import HashEmbedder

# --- test plugins -------------------------------------------------------------------------------


def plugin(name: str, *hooks: Callable[..., None]) -> ModuleType:
    """A module-like plugin object named ``name`` holding ``hooks``."""
    module = ModuleType(name)
    for hook in hooks:
        setattr(module, hook.__name__, hook)
    return module


class AddOne(Ranker):
    """score + 1."""

    name = "add_one"

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        return [self.contribute(h, h.score + 1, seen=[s.name for s in h.trail]) for h in hits]


class Double(Ranker):
    """score * 2."""

    name = "double"

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        return [self.contribute(h, h.score * 2, seen=[s.name for s in h.trail]) for h in hits]


class Shortest(Ranker):
    """Shorter content first (reverses a fused order to prove the engine re-sorts)."""

    name = "shortest"

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        return [self.contribute(h, 1 / len(h.memory.content)) for h in hits]


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    register(AddOne)
    register(Double)
    register(Shortest)


RANKERS = plugin("test-rankers", cognimem_register_rankers)


class PythonLinks(Extractor):
    """Links memories mentioning python to an entity node, tags them and says so."""

    name = "python_links"

    def extract(self, memory: Memory, ctx: Context) -> Extraction:
        if "python" not in memory.content.lower():
            return Extraction()
        return Extraction(
            edges=[Edge(source=memory.id, target="entity:python", type="mentions")],
            tags=["python"], meta={"language": "python"}, messages=["linked to entity:python"],
        )


@hookimpl
def cognimem_register_extractors(register: Register) -> None:
    register(PythonLinks)


EXTRACTORS = plugin("test-extractors", cognimem_register_extractors)


class Counting(HashEmbedder):
    """The hash embedder, recording the size of every batch it embeds."""

    name = "counting"
    batches: ClassVar[list[int]] = []

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        Counting.batches.append(len(texts))
        return super().embed_batch(texts)


@hookimpl
def cognimem_register_embedders(register: Register) -> None:
    register(Counting)


EMBEDDERS = plugin("test-embedders", cognimem_register_embedders)


class ForgetOptions(DecayPolicy.Options):
    """The importance below which a memory is archived."""

    below: float = 0.2


class Forget(DecayPolicy):
    """Archives unprotected memories below an importance, promotes tagged ones, halves edges."""

    name = "forget"
    Options = ForgetOptions
    options: ForgetOptions

    def apply(self, ctx: Context, now: datetime) -> list[DecayAction]:
        actions: list[DecayAction] = []
        for memory in ctx.records.iter_memories():
            if memory.archived or memory.protected:
                continue
            if memory.importance < self.options.below:
                actions.append(DecayAction(id=memory.id, action="archive",
                                           changes={"importance": 0.0}, reason="faded"))
            elif "promote" in memory.tags and memory.tier == "stm":
                actions.append(DecayAction(id=memory.id, action="promote",
                                           changes={"tier": "ltm"}, reason="tagged"))
        for edge in ctx.records.iter_edges():
            actions.append(DecayAction(target="edge", id=edge.source, edge=edge.key,
                                       action="reweight", changes={"weight": edge.weight / 2}))
        return actions


@hookimpl
def cognimem_register_decay(register: Register) -> None:
    register(Forget)


DECAY = plugin("test-decay", cognimem_register_decay)


@hookimpl
def cognimem_memory_prepare(write: PreparedWrite, engine: Engine) -> None:
    if "password" in write.draft.content:
        write.reject("content holds a password: remove it")
    if "sk-" in write.draft.content:
        write.draft = write.draft.model_copy(
            update={"content": write.draft.content.replace("sk-12345", "[redacted]")})
        write.flag("redacted an API key")


SCREEN = plugin("test-screen", cognimem_memory_prepare)


@pytest.fixture
def build(clock: ManualClock) -> Iterator[Callable[..., Engine]]:
    """Build test-profile engines on the shared clock with extra plugins; closed afterwards."""
    engines: list[Engine] = []

    def make(overrides: dict[str, Any] | None = None, plugins: Sequence[object] = (),
             engine_clock: ManualClock | None = None) -> Engine:
        engine = Engine.from_profile("test", clock=engine_clock or clock, overrides=overrides,
                                     plugins=plugins)
        engines.append(engine)
        return engine

    yield make
    for engine in engines:
        engine.close()


def event_ops(engine: Engine) -> list[str]:
    """The op of every logged event, oldest first."""
    return [e.op for e in engine.events()]


# --- write path ---------------------------------------------------------------------------------


def test_add_stores_and_indexes(engine: Engine, clock: ManualClock) -> None:
    written = engine.add("the nightly backup runs at 02:00", tags=["ops"], kind="fact")
    assert written.created and written.notes == []
    memory = engine.get(written.id)
    assert memory.content == "the nightly backup runs at 02:00"
    assert (memory.kind, memory.tags, memory.version) == ("fact", ["ops"], 1)
    assert memory.created_at == memory.updated_at == clock.now()
    assert memory.content_hash and memory.id.startswith("m")
    assert engine.lexical is not None and engine.lexical.versions() == {written.id: 1}
    assert engine.vectors is not None and engine.vectors.versions() == {written.id: 1}
    assert event_ops(engine) == ["add"]


@pytest.mark.parametrize(
    "item",
    [
        pytest.param("plain text", id="text"),
        pytest.param({"content": "plain text", "layer": "semantic"}, id="dict"),
        pytest.param(MemoryDraft(content="plain text", layer="semantic"), id="draft"),
    ],
)
def test_add_accepts_text_dicts_and_drafts(engine: Engine, item: Any) -> None:
    memory = engine.add(item).memory
    assert memory.content == "plain text"
    assert memory.layer == ("episodic" if isinstance(item, str) else "semantic")


def test_add_rejects_other_types(engine: Engine) -> None:
    with pytest.raises(InvalidInput, match="text, a dict or a MemoryDraft"):
        engine.add(42)  # type: ignore[arg-type]


def test_created_at_may_be_given(engine: Engine, clock: ManualClock) -> None:
    when = clock.now() - timedelta(days=30)
    memory = engine.add("an old note", created_at=when).memory
    assert memory.created_at == when
    assert memory.updated_at == clock.now()


def test_add_many_batches_across_batch_size(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"embedder": {"use": "counting"}, "write": {"batch_size": 2}},
                   plugins=[EMBEDDERS])
    Counting.batches.clear()
    written = engine.add_many([f"memory number {i} about topic {i * 7}" for i in range(5)])
    assert [w.created for w in written] == [True] * 5
    assert len({w.id for w in written}) == 5
    assert Counting.batches == [2, 2, 1]
    assert engine.stats()["memories"] == 5
    assert [e.target for e in engine.events()] == [w.id for w in written]


def test_dedup_by_hash_within_scope(engine: Engine) -> None:
    first = engine.add("use ruff for linting", scope={"project": "a"})
    again = engine.add("  use ruff\nfor   linting ", scope={"project": "a"})
    assert not again.created
    assert again.id == first.id
    assert again.notes == [f"duplicate of {first.id}"]
    assert engine.stats()["memories"] == 1
    assert event_ops(engine) == ["add"]


def test_dedup_does_not_cross_scopes(engine: Engine) -> None:
    a = engine.add("use ruff for linting", scope={"project": "a"})
    b = engine.add("use ruff for linting", scope={"project": "b"})
    assert b.created and a.id != b.id
    assert engine.stats()["memories"] == 2


def test_dedup_within_one_batch_respects_scope(engine: Engine) -> None:
    written = engine.add_many([
        {"content": "same text", "scope": {"project": "a"}},
        {"content": "same text", "scope": {"project": "b"}},
        {"content": "same text", "scope": {"project": "a"}},
    ])
    assert [w.created for w in written] == [True, True, False]
    assert written[0].id != written[1].id
    assert written[2].id == written[0].id
    assert engine.get(written[1].id).scope.project == "b"


def test_dedup_across_batches(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"write": {"batch_size": 2}})
    written = engine.add_many(["alpha", "beta", "gamma", "alpha"])
    assert [w.created for w in written] == [True, True, True, False]
    assert written[3].id == written[0].id


def test_dedup_can_be_switched_off(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"write": {"dedup": "none"}})
    a, b = engine.add_many(["twice", "twice"])
    assert a.created and b.created and a.id != b.id


def test_archived_twin_is_not_a_duplicate(engine: Engine) -> None:
    first = engine.add("old news")
    engine.archive(first.id)
    again = engine.add("old news")
    assert again.created and again.id != first.id


def test_extractor_edges_tags_and_messages(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"extract": [{"use": "python_links"}]}, plugins=[EXTRACTORS])
    written = engine.add("python 3.11 is the minimum", tags=["versions"])
    plain = engine.add("nothing to see here")
    assert written.notes == ["linked to entity:python"]
    memory = engine.get(written.id)
    assert memory.tags == ["versions", "python"]
    assert memory.meta == {"language": "python"}
    assert [e.key for e in engine.edges(written.id)] == [(written.id, "entity:python", "mentions")]
    assert engine.edges(plain.id) == []
    assert event_ops(engine) == ["add", "relate", "add"]
    assert engine.search("python", explain=True).hits[0].id == written.id


def test_embedding_stored_with_signature(engine: Engine) -> None:
    written = engine.add("vectors are stored in the record store", title="embeddings")
    assert engine.embedder is not None
    assert written.memory.embedding == engine.embedder.signature
    assert engine.get(written.id).embedding is not None
    assert engine.get(written.id).embedding.model == "hash-64"  # type: ignore[union-attr]
    stored = engine.store.get_embeddings([written.id])[written.id]
    expected = engine.embedder.embed("embeddings\nvectors are stored in the record store")
    np.testing.assert_allclose(stored, expected, rtol=1e-6)


def test_lexical_only_engine_stores_no_embedding(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"vectors": {"use": "none"}, "embedder": {"use": "none"},
                              "retrieve": [{"use": "bm25"}]})
    written = engine.add("keyword search only")
    assert written.memory.embedding is None
    assert engine.store.get_embeddings([written.id]) == {}
    assert engine.search("keyword").hits[0].id == written.id


# --- bad input changes nothing ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "fields", "words"),
    [
        pytest.param("", {}, "memory field `content`: content is empty", id="empty"),
        pytest.param("x", {"layer": "dreams"}, "memory field `layer`", id="bad-layer"),
        pytest.param("x", {"importance": 2}, "memory field `importance`", id="importance"),
        pytest.param("x", {"colour": "red"}, "memory field `colour`", id="unknown-field"),
    ],
)
def test_bad_memory_names_the_field(engine: Engine, item: str, fields: dict[str, Any],
                                    words: str) -> None:
    with pytest.raises(InvalidInput) as info:
        engine.add(item, **fields)
    assert words in str(info.value)
    assert engine.stats()["memories"] == 0 and engine.events() == []


def test_oversized_content_names_the_profile_key(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"write": {"max_content_chars": 10}})
    with pytest.raises(InvalidInput) as info:
        engine.add("x" * 11)
    assert "write.max_content_chars" in str(info.value)
    assert "11" in str(info.value) and "10" in str(info.value)
    assert engine.add("x" * 10).created


def test_one_bad_item_in_add_many_writes_nothing(engine: Engine) -> None:
    with pytest.raises(InvalidInput, match="content is empty"):
        engine.add_many(["fine", "also fine", "   ", "fine too"])
    assert engine.stats()["memories"] == 0
    assert engine.events() == []
    assert engine.lexical is not None and engine.lexical.versions() == {}


def test_rejecting_prepare_hook_leaves_nothing(build: Callable[..., Engine]) -> None:
    engine = build(plugins=[SCREEN])
    with pytest.raises(Rejected, match="holds a password"):
        engine.add("my password is hunter2")
    with pytest.raises(Rejected):
        engine.add_many(["harmless", "password: swordfish"])
    assert engine.stats()["memories"] == 0
    assert engine.events() == []
    assert engine.search("harmless").hits == []


def test_redacting_prepare_hook_changes_what_is_stored(build: Callable[..., Engine]) -> None:
    engine = build(plugins=[SCREEN])
    written = engine.add("deploy key sk-12345 for staging")
    assert written.notes == ["redacted an API key"]
    memory = engine.get(written.id)
    assert memory.content == "deploy key [redacted] for staging"
    assert engine.lexical is not None
    assert engine.lexical.search(Query(text="12345"), 10) == []
    assert engine.lexical.search(Query(text="redacted"), 10)[0].id == written.id
    assert engine._records.find_by_hash(memory.content_hash)[0].id == written.id


def test_redaction_is_screened_on_update_too(build: Callable[..., Engine]) -> None:
    engine = build(plugins=[SCREEN])
    written = engine.add("deploy key for staging")
    updated = engine.update(written.id, content="deploy key sk-12345 for staging")
    assert updated.notes == ["redacted an API key"]
    assert engine.get(written.id).content == "deploy key [redacted] for staging"
    with pytest.raises(Rejected):
        engine.update(written.id, content="the password is x")
    assert engine.get(written.id).version == 2


# --- read path ----------------------------------------------------------------------------------


@pytest.fixture
def corpus(engine: Engine) -> dict[str, str]:
    """Five memories with different scopes, layers, tags and kinds, by short name."""
    items = {
        "backup": engine.add("the database backup runs nightly", tags=["ops"], kind="fact",
                             scope={"project": "infra"}),
        "restore": engine.add("restore the database backup from s3", tags=["ops", "runbook"],
                              kind="procedure", layer="procedural", scope={"project": "infra"}),
        "tabs": engine.add("alice prefers tabs over spaces", kind="preference",
                           layer="partner", scope={"project": "web"}),
        "lint": engine.add("run the linter before every push", tags=["ci"],
                           scope={"project": "web"}),
        "schema": engine.add("the database schema lives in migrations", layer="semantic",
                             kind="fact", scope={"project": "web"}),
    }
    return {name: written.id for name, written in items.items()}


def test_search_finds_and_explains(engine: Engine, corpus: dict[str, str]) -> None:
    result = engine.search("database backup", explain=True)
    assert result.hits[0].id == corpus["backup"]
    trail = result.hits[0].trail
    assert [(s.stage, s.name) for s in trail] == [
        ("retrieve", "bm25"), ("retrieve", "vector"), ("fuse", "rrf")]
    assert trail[0].rank == 1 and trail[2].rank == 1
    assert result.hits[0].score == trail[2].score
    scores = [h.score for h in result.hits]
    assert scores == sorted(scores, reverse=True)


def test_explain_off_strips_the_trail(engine: Engine, corpus: dict[str, str]) -> None:
    hits = engine.search("database backup").hits
    assert hits and all(h.trail == [] for h in hits)


def test_timings_present(engine: Engine, corpus: dict[str, str]) -> None:
    timings = engine.search("database").timings
    for key in ("retrieve:bm25", "retrieve:vector", "fuse:rrf", "load", "embed", "total"):
        assert key in timings and timings[key] >= 0
    assert timings["total"] >= timings["retrieve:bm25"]


def test_retriever_labels_are_unique(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"retrieve": [{"use": "bm25", "k": 5}, {"use": "bm25"},
                                           {"use": "vector"}]})
    assert engine.retriever_labels == ["bm25", "bm25@2", "vector"]
    engine.add("labels keep retrievers apart")
    hit = engine.search("labels", explain=True).hits[0]
    assert [s.name for s in hit.trail if s.stage == "retrieve"] == ["bm25", "bm25@2", "vector"]
    assert "retrieve:bm25@2" in engine.search("labels").timings


def test_rankers_apply_in_profile_order(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"rank": [{"use": "add_one"}, {"use": "double"}]},
                   plugins=[RANKERS])
    engine.add("rankers run in order")
    hit = engine.search("rankers", explain=True).hits[0]
    fused = next(s.score for s in hit.trail if s.stage == "fuse")
    assert [s.name for s in hit.trail if s.stage == "rank"] == ["add_one", "double"]
    assert hit.score == pytest.approx((fused + 1) * 2)
    double = hit.trail[-1]
    assert double.detail["seen"][-1] == "add_one"
    assert "rank:add_one" in engine.search("rankers").timings


def test_engine_resorts_after_rankers(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"rank": [{"use": "shortest"}]}, plugins=[RANKERS])
    engine.add_many(["database " + "padding words " * 10, "database short", "database mid size"])
    contents = [h.memory.content for h in engine.search("database").hits]
    assert contents == sorted(contents, key=len)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        pytest.param({"scope": {"project": "infra"}}, {"backup", "restore"}, id="scope"),
        pytest.param({"layers": ["semantic", "procedural"]}, {"restore", "schema"}, id="layers"),
        pytest.param({"tags": ["ops"]}, {"backup", "restore"}, id="tags"),
        pytest.param({"kinds": ["fact"]}, {"backup", "schema"}, id="kinds"),
        pytest.param({"scope": {"project": "web"}, "kinds": ["fact"]}, {"schema"},
                     id="scope-and-kind"),
    ],
)
def test_search_filters(engine: Engine, corpus: dict[str, str], params: dict[str, Any],
                        expected: set[str]) -> None:
    names = {v: k for k, v in corpus.items()}
    hits = engine.search("database backup schema tabs linter", k=50, **params).hits
    assert {names[h.id] for h in hits} == expected


def test_search_hides_archived_unless_asked(engine: Engine, corpus: dict[str, str]) -> None:
    engine.archive(corpus["backup"])
    assert corpus["backup"] not in {h.id for h in engine.search("database backup").hits}
    shown = engine.search("database backup", include_archived=True).hits
    assert corpus["backup"] in {h.id for h in shown}


def test_search_superseded_filter(engine: Engine, corpus: dict[str, str]) -> None:
    new = engine.supersede(corpus["backup"], "the database backup runs hourly")
    ids = {h.id for h in engine.search("database backup", k=50).hits}
    assert {corpus["backup"], new.id} <= ids
    ids = {h.id for h in engine.search("database backup", k=50, include_superseded=False).hits}
    assert new.id in ids and corpus["backup"] not in ids


def test_search_k(engine: Engine, corpus: dict[str, str], build: Callable[..., Engine]) -> None:
    assert len(engine.search("database", k=2).hits) == 2
    assert len(engine.search("database backup schema tabs linter").hits) == 5
    small = build(overrides={"search": {"k": 1}})
    small.add_many(["database one", "database two"])
    assert len(small.search("database").hits) == 1
    assert small.search("database").query.k == 1


def test_search_accepts_a_query_object(engine: Engine, corpus: dict[str, str]) -> None:
    query = Query(text="database", k=1, tags=["ops"])
    result = engine.search(query, explain=True)
    assert len(result.hits) == 1 and result.hits[0].trail
    assert result.query.explain and result.query.tags == ["ops"]


@pytest.mark.parametrize(
    ("query", "params", "words"),
    [
        pytest.param("  ", {}, "query field `text`", id="blank"),
        pytest.param("x", {"k": 0}, "query field `k`", id="k-zero"),
        pytest.param("x", {"layers": ["dreams"]}, "query field `layers", id="bad-layer"),
        pytest.param("x", {"limit": 3}, "query field `limit`", id="unknown"),
    ],
)
def test_bad_query_names_the_field(engine: Engine, query: str, params: dict[str, Any],
                                   words: str) -> None:
    with pytest.raises(InvalidInput) as info:
        engine.search(query, **params)
    assert words in str(info.value)


def test_search_on_empty_store(engine: Engine) -> None:
    result = engine.search("anything at all")
    assert result.hits == [] and "total" in result.timings


def test_accesses_are_recorded(engine: Engine, clock: ManualClock) -> None:
    written = engine.add("recorded retrievals feed ACT-R")
    clock.advance(hours=1)
    first = clock.now()
    hits = engine.search("retrievals").hits
    assert hits[0].memory.access_count == 1
    clock.advance(hours=1)
    engine.search("retrievals", agent="claude")
    memory = engine.get(written.id)
    assert memory.access_count == 2
    assert memory.last_accessed_at == clock.now()
    assert memory.version == 1, "an access is not an edit"
    assert engine.store.access_times([written.id]) == {written.id: [first, clock.now()]}
    assert event_ops(engine) == ["add"], "accesses are not logged as mutations"


def test_accesses_not_recorded_when_asked(engine: Engine, build: Callable[..., Engine]) -> None:
    written = engine.add("evaluation runs must not touch access history")
    engine.search("evaluation", record_access=False)
    memory = engine.get(written.id)
    assert (memory.access_count, memory.last_accessed_at) == (0, None)
    assert engine.store.access_times([written.id]) == {written.id: []}
    quiet = build(overrides={"search": {"record_access": False}})
    other = quiet.add("evaluation profile")
    quiet.search("evaluation")
    assert quiet.get(other.id).access_count == 0


# --- update, supersede, delete ------------------------------------------------------------------


def test_update_bumps_version_and_reindexes(engine: Engine, clock: ManualClock) -> None:
    written = engine.add("the api runs on port 8000")
    clock.advance(days=1)
    updated = engine.update(written.id, content="the api runs on port 9000", importance=0.9)
    memory = engine.get(written.id)
    assert updated.memory == memory
    assert (memory.version, memory.importance) == (2, 0.9)
    assert memory.created_at == clock.now() - timedelta(days=1)
    assert memory.updated_at == clock.now()
    assert engine.lexical is not None and engine.lexical.versions()[written.id] == 2
    assert engine.vectors is not None and engine.vectors.versions()[written.id] == 2
    assert engine.search("9000").hits[0].id == written.id
    assert engine.lexical.search(Query(text="8000"), 10) == []
    update_event = engine.events()[-1]
    assert update_event.op == "update"
    assert update_event.payload["fields"] == ["content", "importance"]


def test_update_reembeds_only_when_embedded_text_changes(build: Callable[..., Engine]) -> None:
    engine = build(overrides={"embedder": {"use": "counting"}}, plugins=[EMBEDDERS])
    written = engine.add("embedding is computed once", title="first")
    before = engine.store.get_embeddings([written.id])[written.id].copy()
    Counting.batches.clear()
    engine.update(written.id, importance=0.8, tags=["x"])
    assert Counting.batches == []
    np.testing.assert_array_equal(engine.store.get_embeddings([written.id])[written.id], before)
    engine.update(written.id, content="embedding is computed again")
    assert Counting.batches == [1]
    engine.update(written.id, title="a very different heading entirely")
    assert Counting.batches == [1, 1]
    after = engine.store.get_embeddings([written.id])[written.id]
    assert engine.embedder is not None
    np.testing.assert_allclose(
        after, engine.embedder.embed("a very different heading entirely\n"
                                     "embedding is computed again"), rtol=1e-6)


def test_update_unknown_field_lists_updatable_fields(engine: Engine) -> None:
    written = engine.add("immutable ids")
    with pytest.raises(InvalidInput) as info:
        engine.update(written.id, id="m-other", importance=0.1)
    message = str(info.value)
    assert "cannot update field(s) id" in message
    for name in UPDATABLE_FIELDS:
        assert name in message.split("updatable fields:")[1]
    memory = engine.get(written.id)
    assert (memory.version, memory.importance) == (1, 0.5)


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"importance": 3}, id="out-of-range"),
        pytest.param({"content": ""}, id="empty-content"),
        pytest.param({"layer": "dreams"}, id="bad-layer"),
        pytest.param({}, id="nothing"),
    ],
)
def test_bad_update_changes_nothing(engine: Engine, changes: dict[str, Any]) -> None:
    written = engine.add("stays as it is")
    with pytest.raises(InvalidInput):
        engine.update(written.id, **changes)
    assert engine.get(written.id) == written.memory
    assert event_ops(engine) == ["add"]


def test_update_unknown_id(engine: Engine) -> None:
    with pytest.raises(NotFound, match="no memory has id 'm-nope'"):
        engine.update("m-nope", importance=0.1)


def test_supersede_links_both_ways(engine: Engine) -> None:
    old = engine.add("deploys happen on fridays", tags=["deploy"], scope={"project": "web"},
                     layer="semantic")
    new = engine.supersede(old.id, "deploys happen on tuesdays")
    assert new.created
    assert engine.get(new.id).supersedes == old.id
    stale = engine.get(old.id)
    assert stale.superseded_by == new.id and stale.version == 2
    inherited = engine.get(new.id)
    assert (inherited.scope.project, inherited.layer, inherited.tags) == ("web", "semantic",
                                                                           ["deploy"])
    assert event_ops(engine) == ["add", "add", "supersede"]


def test_supersede_keeps_fields_the_caller_gives(engine: Engine) -> None:
    old = engine.add("tabs", tags=["style"], layer="semantic")
    new = engine.supersede(old.id, {"content": "spaces", "tags": ["format"], "kind": "decision"})
    memory = engine.get(new.id)
    assert (memory.tags, memory.kind, memory.layer) == (["format"], "decision", "semantic")


def test_supersede_with_identical_content_is_refused(engine: Engine) -> None:
    old = engine.add("unchanged fact")
    with pytest.raises(InvalidInput, match="identical"):
        engine.supersede(old.id, "unchanged  fact")
    assert engine.get(old.id).superseded_by is None
    assert event_ops(engine) == ["add"]


def test_supersede_unknown_id(engine: Engine) -> None:
    with pytest.raises(NotFound):
        engine.supersede("m-nope", "anything")
    assert engine.stats()["memories"] == 0


def test_delete_removes_everything(engine: Engine) -> None:
    keep = engine.add("the other memory")
    doomed = engine.add("to be deleted soon")
    engine.relate(doomed.id, keep.id, "relates_to")
    engine.relate(keep.id, doomed.id, "mentions")
    engine.search("deleted")
    engine.archive(doomed.id)
    removed = engine.delete(doomed.id)
    assert removed.id == doomed.id
    with pytest.raises(NotFound):
        engine.get(doomed.id)
    assert engine.edges(keep.id) == []
    assert engine.store.get_embeddings([doomed.id]) == {}
    assert engine.store.access_times([doomed.id]) == {doomed.id: []}
    assert engine.graveyard() == []
    assert engine.lexical is not None and doomed.id not in engine.lexical.versions()
    assert engine.vectors is not None and doomed.id not in engine.vectors.versions()
    assert engine.events()[-1].op == "delete"
    assert engine.check().ok


def test_delete_unknown_id(engine: Engine) -> None:
    with pytest.raises(NotFound, match="no memory has id 'm-nope'"):
        engine.delete("m-nope")
    assert engine.events() == []


def test_relate_and_unrelate(engine: Engine) -> None:
    a, b = engine.add("module a"), engine.add("module b")
    edge = engine.relate(a.id, b.id, "depends_on", weight=0.7)
    assert edge.created_at is not None and edge.weight == 0.7
    assert [e.key for e in engine.edges(a.id)] == [(a.id, b.id, "depends_on")]
    assert [e.key for e in engine.edges(b.id)] == [(a.id, b.id, "depends_on")]
    engine.relate(a.id, b.id, "depends_on", weight=0.2)
    assert [e.weight for e in engine.edges(a.id)] == [0.2], "relate replaces by key"
    engine.unrelate(a.id, b.id, "depends_on")
    assert engine.edges(a.id) == []
    assert event_ops(engine) == ["add", "add", "relate", "relate", "unrelate"]


@pytest.mark.parametrize("which", ["source", "target"])
def test_relate_unknown_memory(engine: Engine, which: str) -> None:
    known = engine.add("known").id
    ends = (("m-nope", known) if which == "source" else (known, "m-nope"))
    with pytest.raises(NotFound, match="m-nope"):
        engine.relate(*ends)
    assert engine.edges(known) == []


def test_unrelate_unknown_edge(engine: Engine) -> None:
    a, b = engine.add("a thing"), engine.add("b thing")
    with pytest.raises(NotFound, match="no 'relates_to' edge"):
        engine.unrelate(a.id, b.id)


def test_relate_bad_field(engine: Engine) -> None:
    a, b = engine.add("a thing"), engine.add("b thing")
    with pytest.raises(InvalidInput, match="edge field `colour`"):
        engine.relate(a.id, b.id, colour="red")


# --- archive, restore, graveyard ----------------------------------------------------------------


def test_archive_restore_graveyard(engine: Engine, clock: ManualClock) -> None:
    written = engine.add("an idea we dropped")
    archived = engine.archive(written.id, reason="obsolete")
    assert archived.archived and archived.version == 2
    graves = engine.graveyard()
    assert [(g.memory.id, g.reason, g.archived_at) for g in graves] == [
        (written.id, "obsolete", clock.now())]
    assert engine.archive(written.id).version == 2, "archiving twice is a no-op"
    assert engine.search("idea dropped").hits == []
    assert engine.list_memories() == []
    assert [m.id for m in engine.list_memories(include_archived=True)] == [written.id]
    restored = engine.restore(written.id)
    assert not restored.archived and restored.version == 3
    assert engine.graveyard() == []
    assert engine.search("idea dropped").hits[0].id == written.id
    assert event_ops(engine) == ["add", "archive", "restore"]
    with pytest.raises(InvalidInput, match="is not archived"):
        engine.restore(written.id)


def test_list_memories_newest_first(engine: Engine, clock: ManualClock) -> None:
    ids = []
    for i in range(3):
        ids.append(engine.add(f"note {i}").id)
        clock.advance(minutes=1)
    assert [m.id for m in engine.list_memories()] == ids[::-1]
    assert [m.id for m in engine.list_memories(limit=1, offset=1)] == [ids[1]]
    only = engine.list_memories(query=Query(text="x", kinds=["fact"]))
    assert only == []


# --- maintenance --------------------------------------------------------------------------------


@pytest.fixture
def decaying(build: Callable[..., Engine]) -> Engine:
    """An engine with the test decay policy and three memories and one edge."""
    engine = build(overrides={"decay": [{"use": "forget", "below": 0.2}]}, plugins=[DECAY])
    faint = engine.add("a faint memory", importance=0.1)
    engine.add("a protected faint memory", importance=0.1, protected=True)
    strong = engine.add("a memory to promote", importance=0.9, tags=["promote"])
    engine.relate(strong.id, faint.id, weight=0.8)
    return engine


def test_maintain_applies_and_logs_actions(decaying: Engine) -> None:
    before = len(decaying.events())
    report = decaying.maintain()
    assert report.counts() == {"archive": 1, "promote": 1, "reweight": 1}
    assert not report.dry_run
    faint = next(m for m in decaying.list_memories(include_archived=True)
                 if m.content == "a faint memory")
    assert faint.archived and faint.importance == 0.0
    assert [g.memory.id for g in decaying.graveyard()] == [faint.id]
    assert decaying.graveyard()[0].reason == "forget: faded"
    promoted = next(m for m in decaying.list_memories() if "promote" in m.tags)
    assert promoted.tier == "ltm"
    assert [e.weight for e in decaying.store.iter_edges()] == [0.4]
    ops = [e.op for e in decaying.events()[before:]]
    assert sorted(ops) == sorted(["decay", "archive", "promote", "edge_reweight"])
    assert all(e.payload.get("policy") == "forget" for e in decaying.events()[before:]
               if e.op != "archive")
    assert decaying.check().ok


def test_maintain_dry_run_changes_nothing(decaying: Engine) -> None:
    memories = decaying.list_memories(include_archived=True)
    edges = list(decaying.store.iter_edges())
    events = decaying.events()
    report = decaying.maintain(dry_run=True)
    assert report.dry_run and report.counts() == {"archive": 1, "promote": 1, "reweight": 1}
    assert decaying.list_memories(include_archived=True) == memories
    assert list(decaying.store.iter_edges()) == edges
    assert decaying.events() == events
    assert decaying.graveyard() == []


def test_maintain_runs_at_the_engine_clock(decaying: Engine, clock: ManualClock) -> None:
    clock.advance(days=10)
    assert decaying.maintain(dry_run=True).at == clock.now()


# --- integrity ----------------------------------------------------------------------------------


def test_check_clean_store(engine: Engine) -> None:
    engine.add_many(["one", "two"])
    report = engine.check()
    assert report.ok and report.memories == 2 and report.event_problems == []
    assert [i.index for i in report.indexes] == ["lexical:bm25", "vectors:exact"]


def test_check_finds_and_repairs_a_missing_lexical_entry(engine: Engine) -> None:
    written = engine.add("indexed then lost")
    assert engine.lexical is not None
    engine.lexical.delete([written.id])  # behind the engine's back
    report = engine.check()
    assert not report.ok
    assert report.indexes[0].missing == [written.id]
    assert engine.lexical.versions() == {}, "check without repair changes nothing"
    repaired = engine.check(repair=True)
    assert repaired.repaired and repaired.indexes[0].missing == [written.id]
    assert engine.check().ok
    assert engine.search("lost", explain=True).hits[0].trail[0].name == "bm25"


def test_check_finds_and_repairs_orphans_and_stale(engine: Engine, clock: ManualClock) -> None:
    written = engine.add("a real memory")
    ghost = Memory(id="m-ghost", content="never stored", created_at=clock.now(),
                   updated_at=clock.now())
    assert engine.lexical is not None and engine.vectors is not None
    engine.lexical.upsert([ghost])
    engine.vectors.upsert([ghost], np.ones((1, 64), dtype=np.float32) / 8)
    stale = engine.get(written.id).model_copy(update={"version": 7})
    engine.lexical.upsert([stale])
    report = engine.check()
    lexical, vectors = report.indexes
    assert (lexical.orphaned, lexical.stale) == (["m-ghost"], [written.id])
    assert vectors.orphaned == ["m-ghost"]
    engine.check(repair=True)
    assert engine.check().ok
    assert "m-ghost" not in engine.lexical.versions()
    assert engine.lexical.versions()[written.id] == 1


def test_event_chain_verifies(engine: Engine) -> None:
    a = engine.add("first")
    engine.update(a.id, importance=0.9)
    engine.relate(a.id, engine.add("second").id)
    events = engine.events()
    assert [e.seq for e in events] == [1, 2, 3, 4]
    assert all(e.prev_hash == p.hash for p, e in itertools.pairwise(events))
    assert engine.check().event_problems == []
    assert [e.seq for e in engine.events(after_seq=2)] == [3, 4]


def test_tampered_event_is_reported(engine: Engine, clock: ManualClock) -> None:
    engine.add("first")
    last = engine.store.last_event()
    forged = next_event(last, clock.now(), "delete", "m-x", payload={"hash": "abc"})
    tampered = forged.model_copy(update={"payload": {"hash": "something else"}})
    engine._records.append_event(tampered)
    problems = engine.check().event_problems
    assert problems == ["event 2: hash does not match its content (tampered?)"]
    assert not engine.check().ok


def test_broken_link_is_reported(engine: Engine, clock: ManualClock) -> None:
    engine.add("first")
    orphan = next_event(None, clock.now(), "add", "m-x")  # claims to be event 1 again
    engine._records.append_event(orphan)
    problems = engine.check().event_problems
    assert "event 1: expected sequence number 2" in problems
    assert "event 1: prev_hash does not match event 0" in problems


# --- lifecycle, determinism, clock --------------------------------------------------------------


CLOSED_CALLS: list[tuple[str, Callable[[Engine], object]]] = [
    ("add", lambda e: e.add("x")),
    ("add_many", lambda e: e.add_many(["x"])),
    ("get", lambda e: e.get("m1")),
    ("get_many", lambda e: e.get_many(["m1"])),
    ("update", lambda e: e.update("m1", importance=0.1)),
    ("supersede", lambda e: e.supersede("m1", "y")),
    ("delete", lambda e: e.delete("m1")),
    ("relate", lambda e: e.relate("m1", "m2")),
    ("unrelate", lambda e: e.unrelate("m1", "m2")),
    ("edges", lambda e: e.edges("m1")),
    ("archive", lambda e: e.archive("m1")),
    ("restore", lambda e: e.restore("m1")),
    ("graveyard", lambda e: e.graveyard()),
    ("events", lambda e: e.events()),
    ("list_memories", lambda e: e.list_memories()),
    ("search", lambda e: e.search("x")),
    ("maintain", lambda e: e.maintain()),
    ("check", lambda e: e.check()),
    ("stats", lambda e: e.stats()),
]


@pytest.mark.parametrize("call", [c for _, c in CLOSED_CALLS], ids=[n for n, _ in CLOSED_CALLS])
def test_closed_engine_raises(build: Callable[..., Engine],
                              call: Callable[[Engine], object]) -> None:
    engine = build()
    engine.close()
    with pytest.raises(CognimemError, match="engine is closed"):
        call(engine)


def test_close_is_idempotent_and_context_managed(clock: ManualClock) -> None:
    with Engine.from_profile("test", clock=clock) as engine:
        engine.add("x")
    engine.close()
    with pytest.raises(CognimemError, match="closed"):
        engine.add("y")


def run_script(engine: Engine) -> list[str]:
    """A fixed sequence of operations; returns every id it produced."""
    ids = [w.id for w in engine.add_many(["alpha", "beta", "gamma"])]
    ids.append(engine.add("delta").id)
    engine.update(ids[0], content="alpha prime")
    ids.append(engine.supersede(ids[1], "beta prime").id)
    engine.delete(ids[2])
    ids.append(engine.add("epsilon").id)
    return ids


def test_ids_are_deterministic(build: Callable[..., Engine]) -> None:
    clock_a, clock_b = ManualClock(), ManualClock()
    a, b = build(engine_clock=clock_a), build(engine_clock=clock_b)
    ids_a, ids_b = run_script(a), run_script(b)
    assert ids_a == ids_b
    assert len(set(ids_a)) == len(ids_a)
    assert [e.hash for e in a.events()] == [e.hash for e in b.events()]
    other = build(overrides={"seed": 1}, engine_clock=ManualClock())
    assert run_script(other) != ids_a


def test_search_order_is_deterministic(build: Callable[..., Engine]) -> None:
    texts = [f"same words {i % 2}" for i in range(6)]
    a = build(overrides={"write": {"dedup": "none"}})
    b = build(overrides={"write": {"dedup": "none"}})
    a.add_many(texts)
    b.add_many(texts)
    order = [h.id for h in a.search("same words").hits]
    assert order == [h.id for h in b.search("same words").hits]


def test_manual_clock_sets_timestamps(engine: Engine, clock: ManualClock) -> None:
    start = clock.now()
    written = engine.add("time is injected")
    assert written.memory.created_at == written.memory.updated_at == start
    assert engine.events()[0].at == start
    clock.advance(days=2)
    engine.update(written.id, importance=0.7)
    memory = engine.get(written.id)
    assert (memory.created_at, memory.updated_at) == (start, start + timedelta(days=2))
    assert engine.events()[-1].at == start + timedelta(days=2)


def test_context_rng_is_seeded(build: Callable[..., Engine]) -> None:
    a, b, c = build(), build(), build(overrides={"seed": 5})
    assert a._ctx.rng("x").random() == b._ctx.rng("x").random()
    assert a._ctx.rng("x").random() != a._ctx.rng("y").random()
    assert a._ctx.rng("x").random() != c._ctx.rng("x").random()


def test_stats(engine: Engine, corpus: dict[str, str]) -> None:
    engine.archive(corpus["lint"])
    stats = engine.stats()
    assert stats["memories"] == 5 and stats["archived"] == 1
    assert stats["layers"] == {"episodic": 2, "procedural": 1, "partner": 1, "semantic": 1}
    assert stats["pipeline"]["retrieve"] == ["bm25", "vector"]
    assert stats["pipeline"]["fuse"] == "rrf"
    assert stats["embedder"] == {"model": "hash-64", "dim": 64}
    assert stats["events"] == 6
    assert "content" not in str(stats)
