"""recency, importance, validity and supersession: by hand, then in an engine."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Hit, Memory, Query
from cognimem_plugins.cognitive.rankers import (
    Importance,
    Recency,
    Validity,
    half_life_decay,
    is_valid_at,
    score_spread,
)

EngineFactory = Callable[..., Engine]
BM25_ONLY = [{"use": "bm25"}]


def _hits(now: datetime, rows: list[tuple[float, dict[str, Any]]]) -> list[Hit]:
    hits = []
    for i, (score, fields) in enumerate(rows):
        memory = Memory(id=f"m{i}", content=f"memory {i}", created_at=fields.pop("created_at", now),
                        updated_at=now, **fields)
        hits.append(Hit(memory=memory, score=score))
    return hits


def _step(hit: Hit, name: str) -> dict[str, Any]:
    steps = [s for s in hit.trail if s.stage == "rank" and s.name == name]
    assert steps, f"no {name} step in {hit.explain()}"
    return steps[-1].detail


# --- by hand -----------------------------------------------------------------------------------


def test_spread_and_half_life_by_hand(clock: ManualClock) -> None:
    now = clock.now()
    assert score_spread(_hits(now, [(0.03, {}), (0.02, {}), (0.01, {})])) == pytest.approx(0.02)
    assert score_spread(_hits(now, [(0.016, {}), (0.016, {})])) == 0.016  # all tied
    assert score_spread(_hits(now, [(0.0, {})])) == 1.0
    assert half_life_decay(0, 30) == 1.0
    assert half_life_decay(30, 30) == 0.5
    assert half_life_decay(60, 30) == 0.25
    assert half_life_decay(-5, 30) == 1.0


def test_recency_by_hand(engine: Engine, clock: ManualClock) -> None:
    now = clock.now()
    hits = _hits(now, [(0.03, {"created_at": now - timedelta(days=60)}),
                       (0.02, {"created_at": now - timedelta(days=30)}),
                       (0.01, {"created_at": now})])
    query = Query(text="x")
    Recency(Recency.Options(weight=0.1, half_life_days=30)).rank(
        query, hits, SearchContext(engine._ctx, query))
    # spread 0.02; boosts 0.1 * 0.25 * 0.02, 0.1 * 0.5 * 0.02, 0.1 * 1 * 0.02
    assert [h.score for h in hits] == pytest.approx([0.0305, 0.021, 0.012])
    assert _step(hits[1], "recency")["recency"] == 0.5


def test_recency_from_last_access(engine: Engine, clock: ManualClock) -> None:
    now = clock.now()
    hits = _hits(now, [(0.02, {"created_at": now - timedelta(days=90),
                               "last_accessed_at": now - timedelta(days=30)}),
                       (0.01, {"created_at": now - timedelta(days=90)})])
    query = Query(text="x")
    Recency(Recency.Options(weight=1.0, since="accessed")).rank(
        query, hits, SearchContext(engine._ctx, query))
    # spread 0.01; accessed 30 days ago: + 0.5 * 0.01; never accessed, 90 days: + 0.125 * 0.01
    assert [h.score for h in hits] == pytest.approx([0.025, 0.01125])


def test_importance_by_hand(engine: Engine, clock: ManualClock) -> None:
    now = clock.now()
    hits = _hits(now, [(0.03, {"importance": 0.1}), (0.02, {"importance": 0.5}),
                       (0.01, {"importance": 0.9})])
    query = Query(text="x")
    Importance(Importance.Options(weight=0.1)).rank(query, hits, SearchContext(engine._ctx, query))
    # spread 0.02: + 0.1 * 0.1 * 0.02, + 0.1 * 0.5 * 0.02, + 0.1 * 0.9 * 0.02
    assert [h.score for h in hits] == pytest.approx([0.0302, 0.021, 0.0118])


def test_validity_by_hand(engine: Engine, clock: ManualClock) -> None:
    now = clock.now()
    hits = _hits(now, [(0.03, {"valid_until": now - timedelta(days=1)}),
                       (0.02, {"valid_from": now + timedelta(days=1)}),
                       (0.01, {"valid_from": now - timedelta(days=1)})])
    query = Query(text="x")
    Validity(Validity.Options(weight=0.5)).rank(query, hits, SearchContext(engine._ctx, query))
    # spread 0.02, penalty 0.5 * 0.02 = 0.01 for the expired and the not-yet-valid fact
    assert [h.score for h in hits] == pytest.approx([0.02, 0.01, 0.01])
    assert _step(hits[0], "validity")["why"] == "expired"
    assert _step(hits[1], "validity")["why"] == "not yet valid"
    assert not [s for s in hits[2].trail if s.name == "validity"]


def test_is_valid_at_bounds() -> None:
    t = datetime(2024, 6, 1, tzinfo=UTC)
    memory = Memory(id="m", content="x", created_at=t, updated_at=t, valid_from=t,
                    valid_until=t + timedelta(days=1))
    assert is_valid_at(memory, t)  # valid_from is inclusive
    assert not is_valid_at(memory, t + timedelta(days=1))  # valid_until is exclusive
    assert not is_valid_at(memory, t - timedelta(seconds=1))
    open_ended = Memory(id="n", content="x", created_at=t, updated_at=t)
    assert is_valid_at(open_ended, t - timedelta(days=999))
    assert not is_valid_at(open_ended, t - timedelta(days=1), created_as_start=True)
    naive = datetime(2024, 6, 1, 12)  # naive datetimes are UTC
    assert is_valid_at(memory, naive)


# --- validity and as_of in an engine -----------------------------------------------------------


def test_as_of_answers_what_was_true_then(make_engine: EngineFactory) -> None:
    engine = make_engine(rank=[{"use": "validity", "weight": 1.0}])
    berlin = engine.add("the office is in berlin", valid_from=datetime(2019, 1, 1, tzinfo=UTC),
                        valid_until=datetime(2023, 1, 1, tzinfo=UTC)).id
    munich = engine.add("the office is in munich",
                        valid_from=datetime(2023, 1, 1, tzinfo=UTC)).id
    now_hits = engine.search("where is the office berlin", explain=True,
                             record_access=False).hits
    # now: the expired fact is demoted (weight 1: below every valid hit), yet still reachable
    assert [h.id for h in now_hits] == [munich, berlin]
    assert _step(now_hits[1], "validity")["why"] == "expired"
    # as_of: what was true then (the engine's filter keeps only facts valid at as_of)
    then = engine.search("where is the office munich", as_of=datetime(2021, 5, 1),
                         record_access=False).hits
    assert [h.id for h in then] == [berlin]


# --- supersession ------------------------------------------------------------------------------


def test_superseded_ranks_just_below_its_successor(make_engine: EngineFactory) -> None:
    engine = make_engine(rank=[{"use": "supersession"}])
    old = engine.add("api client timeout: the api timeout is 30 seconds").id
    engine.add("unrelated note about the api docs")
    engine.add("the api gateway logs every request")
    new = engine.supersede(old, "timeout raised to 45 seconds").id
    hits = engine.search("api timeout", explain=True, record_access=False).hits
    order = [h.id for h in hits]
    assert order.index(old) == order.index(new) + 1  # right below its successor, still there
    detail = _step(hits[order.index(old)], "supersession")
    assert detail["superseded_by"] == new and detail["current"] == new
    assert detail["below"] == new and detail["demoted"] is True


def test_chain_orders_versions_newest_first(make_engine: EngineFactory) -> None:
    engine = make_engine(rank=[{"use": "supersession"}])
    v1 = engine.add("retry budget is 3 attempts for retry logic").id
    v2 = engine.supersede(v1, "retry budget is 5 attempts").id
    v3 = engine.supersede(v2, "retry budget is 8").id
    hits = engine.search("retry budget attempts retry logic", explain=True,
                         record_access=False).hits
    order = [h.id for h in hits]
    assert order.index(v3) < order.index(v2) < order.index(v1)
    assert _step(hits[order.index(v1)], "supersession")["current"] == v3


def test_successor_is_pulled_in_when_only_the_old_version_matches(
        make_engine: EngineFactory) -> None:
    engine = make_engine(retrieve=BM25_ONLY, rank=[{"use": "supersession"}])
    old = engine.add("deploys go through jenkins").id
    new = engine.supersede(old, "we moved CI to github actions").id
    hits = engine.search("jenkins", explain=True, record_access=False).hits
    assert [h.id for h in hits] == [new, old]
    assert _step(hits[0], "supersession")["pulled_in_for"] == old
    off = make_engine(retrieve=BM25_ONLY, rank=[{"use": "supersession",
                                                 "pull_successor": False}])
    old2 = off.add("deploys go through jenkins").id
    off.supersede(old2, "we moved CI to github actions")
    assert [h.id for h in off.search("jenkins", record_access=False).hits] == [old2]


def test_as_of_ignores_a_later_successor(make_engine: EngineFactory,
                                         clock: ManualClock) -> None:
    engine = make_engine(retrieve=BM25_ONLY, rank=[{"use": "supersession"}])
    old = engine.add("deploys go through jenkins").id
    before = clock.now()
    clock.advance(days=10)
    engine.supersede(old, "we moved CI to github actions")
    hits = engine.search("jenkins", as_of=before + timedelta(days=1), explain=True,
                         record_access=False).hits
    assert [h.id for h in hits] == [old]
    assert _step(hits[0], "supersession")["chain_end"] == "after_as_of"


def test_cycle_is_reported_not_penalized(make_engine: EngineFactory,
                                         caplog: pytest.LogCaptureFixture) -> None:
    plain = make_engine()
    engine = make_engine(rank=[{"use": "supersession"}])
    for e in (plain, engine):
        a = e.add("the cache ttl is 60 seconds").id
        b = e.add("the cache ttl is 90 seconds").id
        e.add("cache eviction uses lru")
        # a cycle as an older store or an import can hold (update_links refuses to make one)
        e._records.put_memories([e.get(a).model_copy(update={"superseded_by": b}),
                                e.get(b).model_copy(update={"superseded_by": a})])
    expected = [(h.id, h.score) for h in plain.search("cache ttl", record_access=False).hits]
    with caplog.at_level(logging.WARNING, logger="cognimem.cognitive"):
        hits = engine.search("cache ttl", explain=True, record_access=False).hits
    assert [(h.id, h.score) for h in hits] == expected  # ranks on relevance, untouched
    members = [h for h in hits if h.memory.superseded_by]
    assert len(members) == 2
    for hit in members:
        detail = _step(hit, "supersession")
        assert detail["exempt"] == "supersession_cycle"
        assert sorted(detail["supersession_cycle"]) == sorted(m.id for m in members)
    assert caplog.text.count("supersession cycle") == 1  # one cycle, reported once


def test_dangling_successor_is_reported(make_engine: EngineFactory) -> None:
    engine = make_engine(retrieve=BM25_ONLY, rank=[{"use": "supersession"}])
    old = engine.add("the build uses make").id
    new = engine.supersede(old, "the build uses bazel").id
    engine.delete(new)
    hits = engine.search("build make", explain=True, record_access=False).hits
    assert [h.id for h in hits] == [old]
    assert _step(hits[0], "supersession")["chain_end"] == "missing"


def test_explain_shows_each_stage(make_engine: EngineFactory) -> None:
    engine = make_engine(rank=[{"use": "actr", "noise": False}, {"use": "recency"},
                               {"use": "validity"}])
    engine.add("the deploy key rotates monthly")
    line = engine.search("deploy key", explain=True).hits[0].explain()
    assert "retrieve:bm25 #1=" in line and "retrieve:vector #" in line
    assert "fuse:rrf #1=" in line
    assert "rank:actr=" in line and "rank:recency=" in line
    assert "(+" in line  # each ranker's change is shown
