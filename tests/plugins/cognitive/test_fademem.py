"""FadeMem: the equations by hand, the thresholds one by one, and a simulated 90 days."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.models import Memory
from cognimem_plugins.cognitive.fademem import (
    FadeMem,
    frequency_score,
    importance_score,
    recency_score,
    strength,
)

EngineFactory = Callable[..., Engine]
BM25_ONLY = [{"use": "bm25"}]  # a query returns exactly the memories sharing its words

# --- the equations -----------------------------------------------------------------------------


def test_strength_by_hand() -> None:
    # LTM, a day unused: 24^0.8 = 12.7107; exp(-0.1 * 12.7107) = exp(-1.27107) = 0.280532
    assert strength(1.0, 0.1, 24.0, 0.8) == pytest.approx(0.2805316828)
    # STM decays faster: 24^1.2 = 45.3162; exp(-4.53162) = 0.010763
    assert strength(1.0, 0.1, 24.0, 1.2) == pytest.approx(0.0107632249)
    # v0 scales, t = 0 keeps v0, and a clock running backwards counts as t = 0
    assert strength(0.5, 0.1, 24.0, 0.8) == pytest.approx(0.5 * 0.2805316828)
    assert strength(0.7, 0.1, 0.0, 1.2) == 0.7
    assert strength(0.7, 0.1, -3.0, 1.2) == 0.7


def test_frequency_by_hand() -> None:
    # ln(3 + 1) / ln(10 + 1) = 1.386294 / 2.397895 = 0.578130
    assert frequency_score(3, 10) == pytest.approx(0.5781296526)
    assert frequency_score(0, 10) == 0.0
    assert frequency_score(10, 10) == 1.0
    assert frequency_score(0, 0) == 0.0  # nothing ever accessed: no division by ln 1 = 0


def test_recency_by_hand() -> None:
    # exp(-0.1 * 5) = 0.606531; exp(-0.1 * 24) = 0.090718
    assert recency_score(5.0, 0.1) == pytest.approx(0.6065306597)
    assert recency_score(24.0, 0.1) == pytest.approx(0.0907179533)


def test_importance_by_hand() -> None:
    # 0.4 * 0.5 + 0.3 * 0.2 + 0.3 * 1.0 = 0.2 + 0.06 + 0.3
    assert importance_score(0.5, 0.2, 1.0) == pytest.approx(0.56)
    assert importance_score(1.0, 1.0, 1.0, (0.5, 0.25, 0.25)) == pytest.approx(1.0)


def test_assess_combines_the_signals_by_hand(clock: ManualClock) -> None:
    policy = FadeMem()
    now = clock.now()
    memory = Memory(id="m1", content="x", created_at=now - timedelta(days=3), updated_at=now,
                    last_accessed_at=now - timedelta(hours=5), access_count=3, tier="ltm")
    figures = policy.assess(memory, max_count=10, now=now)
    # strength (LTM, 5 h): 5^0.8 = 3.623898; exp(-0.3623898) = 0.696011
    assert figures["strength"] == pytest.approx(math.exp(-0.1 * 3.623898318), rel=1e-9)
    # relevance = importance 0.5 * strength = 0.348005
    assert figures["relevance"] == pytest.approx(0.3480054939)
    # I = 0.4 * 0.348005 + 0.3 * 0.578130 + 0.3 * 0.606531 = 0.494600
    assert figures["importance"] == pytest.approx(0.4946002912)


# --- the thresholds ----------------------------------------------------------------------------


def _policy_actions(engine: Engine) -> dict[str, str]:
    return {a.id: a.action for a in engine.maintain(dry_run=True).actions}


def test_thresholds_and_hysteresis(make_engine: EngineFactory, clock: ManualClock) -> None:
    engine = make_engine(decay=[{"use": "fademem", "relevance": 1.0, "relevance_fades": False,
                                 "recency_weight": 0.0, "frequency_weight": 0.0}])
    # relevance fixed at 1, the other weights 0: I = relevance_weight exactly
    engine.add("short term note")
    engine.add("long term note", tier="ltm")
    # I = 0.4 * 1.0 = 0.4: inside the band, nothing moves in either tier
    assert _policy_actions(engine) == {}
    engine2 = make_engine(decay=[{"use": "fademem", "relevance": 1.0, "relevance_fades": False,
                                  "relevance_weight": 0.7, "recency_weight": 0.0,
                                  "frequency_weight": 0.0}])
    a = engine2.add("short term note").memory
    engine2.add("long term note", tier="ltm")
    # I = 0.7 exactly: promotion is ">= 0.7"; an LTM memory at 0.7 stays
    assert _policy_actions(engine2) == {a.id: "promote"}
    engine3 = make_engine(decay=[{"use": "fademem", "relevance": 1.0, "relevance_fades": False,
                                  "relevance_weight": 0.3, "recency_weight": 0.0,
                                  "frequency_weight": 0.0}])
    engine3.add("short term note")
    d = engine3.add("long term note", tier="ltm").memory
    # I = 0.3 exactly: demotion is "<= 0.3"; an STM memory at 0.3 stays (no archive)
    assert _policy_actions(engine3) == {d.id: "demote"}


def test_archive_needs_low_importance_and_age(make_engine: EngineFactory,
                                              clock: ManualClock) -> None:
    engine = make_engine(decay=[{"use": "fademem"}])
    fresh = engine.add("an unused note").memory
    clock.advance(days=29)
    assert _policy_actions(engine) == {}  # I is ~0 but the memory is 29 days old
    clock.advance(days=2)
    assert _policy_actions(engine) == {fresh.id: "archive"}


def test_protected_memories_are_immune(make_engine: EngineFactory, clock: ManualClock) -> None:
    engine = make_engine(decay=[{"use": "fademem"}])
    by_tag = {tag: engine.add(f"a {tag} memory", tags=[tag]).id
              for tag in ("correction", "decision", "identity", "emotional_anchor",
                          "commitment", "exact_value", "chain_of_command", "person")}
    flagged = engine.add("a flagged memory", protected=True).id
    ltm = engine.add("a protected long-term memory", tier="ltm", protected=True).id
    plain = engine.add("a plain memory").id
    clock.advance(days=90)
    assert _policy_actions(engine) == {plain: "archive"}
    assert flagged not in by_tag.values() and ltm not in by_tag.values()


def test_dry_run_changes_nothing_and_apply_logs(make_engine: EngineFactory,
                                                clock: ManualClock) -> None:
    engine = make_engine(decay=[{"use": "fademem"}])
    memory = engine.add("an unused note").memory
    clock.advance(days=31)
    before = engine.events()
    report = engine.maintain(dry_run=True)
    assert report.counts() == {"archive": 1}
    assert engine.events() == before and not engine.get(memory.id).archived
    engine.maintain()
    assert engine.get(memory.id).archived
    archive_events = [e for e in engine.events() if e.op == "archive"]
    assert archive_events and archive_events[-1].target == memory.id
    assert archive_events[-1].payload["reason"].startswith("sha256:")  # a digest, not text
    assert [g.memory.id for g in engine.graveyard()] == [memory.id]
    assert "fademem" in engine.graveyard()[0].reason


# --- 90 simulated days -------------------------------------------------------------------------


def test_ninety_days(make_engine: EngineFactory, clock: ManualClock) -> None:
    """Six memories, daily searches at 09:00 and a sweep at 10:00, for 90 days.

    * ``daily`` is searched every day: promoted on day 0 and kept in LTM throughout.
    * ``fading`` is searched on days 0-19: promoted on day 0; after its use stops its
      importance falls into the hysteresis band (0.3, 0.7) and it stays in LTM a while,
      then is demoted; its access count keeps it out of the graveyard.
    * ``once`` is searched on day 0 only: promoted, demoted the next day, archived on day 30.
    * ``never`` is never searched: archived as soon as it is older than 30 days.
    * ``decision`` (a protected tag) and ``flag`` (the protected flag) are never searched and
      never archived.
    """
    engine = make_engine(retrieve=BM25_ONLY, decay=[{"use": "fademem"}])
    texts: dict[str, tuple[str, dict[str, Any]]] = {
        "daily": ("alpha standup notes", {}), "fading": ("bravo sprint planning", {}),
        "once": ("charlie onboarding checklist", {}), "never": ("delta vendor invoice", {}),
        "decision": ("echo we chose postgres", {"tags": ["decision"]}),
        "flag": ("foxtrot keep this", {"protected": True})}
    ids = {name: engine.add(text, **fields).id for name, (text, fields) in texts.items()}
    names = {memory_id: name for name, memory_id in ids.items()}
    start = clock.now()
    timeline: dict[str, list[tuple[int, str]]] = {name: [] for name in ids}
    importance: dict[tuple[str, int], float] = {}
    policy = engine.decay[0]
    assert isinstance(policy, FadeMem)
    for day in range(90):
        clock.set(start + timedelta(days=day, hours=9))
        engine.search("alpha", k=1)
        if day < 20:
            engine.search("bravo", k=1)
        if day == 0:
            engine.search("charlie", k=1)
        clock.set(start + timedelta(days=day, hours=10))
        live = engine.list_memories(limit=100)
        top = max(m.access_count for m in live)
        for m in live:
            importance[names[m.id], day] = policy.assess(m, top, clock.now())["importance"]
        for action in engine.maintain().actions:
            timeline[names[action.id]].append((day, action.action))

    assert timeline["daily"] == [(0, "promote")]
    assert timeline["once"] == [(0, "promote"), (1, "demote"), (30, "archive")]
    assert timeline["never"] == [(30, "archive")]
    assert timeline["decision"] == [] and timeline["flag"] == []
    # fading: promoted on day 0, in the band (kept in LTM) on days 20-21, demoted on day 22
    assert timeline["fading"] == [(0, "promote"), (22, "demote")]
    assert 0.3 < importance["fading", 20] < 0.7 and 0.3 < importance["fading", 21] < 0.7
    assert importance["fading", 22] <= 0.3
    # ... and kept out of the graveyard by its 20 accesses: 0.3 * ln 21 / ln 91 = 0.2025
    assert importance["fading", 89] == pytest.approx(0.3 * math.log(21) / math.log(91), abs=1e-3)
    # `once` on day 1 (still LTM), by hand: 25 h since its only access,
    #   strength (LTM) exp(-0.1 * 25^0.8) = 0.270, relevance 0.5 * 0.270 = 0.135,
    #   frequency ln 2 / ln 3 = 0.631, recency exp(-2.5) = 0.082
    #   I = 0.4 * 0.135 + 0.3 * 0.631 + 0.3 * 0.082 = 0.268 <= 0.3: demoted
    expected = (0.4 * 0.5 * math.exp(-0.1 * 25 ** 0.8) + 0.3 * math.log(2) / math.log(3)
                + 0.3 * math.exp(-2.5))
    assert importance["once", 1] == pytest.approx(expected)
    assert importance["once", 1] == pytest.approx(0.268, abs=1e-3)

    tiers = {name: engine.get(memory_id).tier for name, memory_id in ids.items()}
    assert tiers == {"daily": "ltm", "fading": "stm", "once": "stm", "never": "stm",
                     "decision": "stm", "flag": "stm"}
    graves = {names[g.memory.id] for g in engine.graveyard()}
    assert graves == {"never", "once"}
    ops = [(e.op, names.get(e.target or "")) for e in engine.events()
           if e.op in {"promote", "demote", "archive"}]
    assert ("archive", "never") in ops and ("demote", "fading") in ops
    assert ops.count(("promote", "daily")) == 1

    # archived memories are out of search but restorable; a restore buys another 30 days
    assert not engine.search("delta vendor", record_access=False).hits
    engine.restore(ids["never"])
    assert engine.search("delta vendor", record_access=False).hits[0].id == ids["never"]
    clock.advance(days=29)
    assert ids["never"] not in {a.id for a in engine.maintain(dry_run=True).actions}
    clock.advance(days=2)
    assert {a.id: a.action for a in engine.maintain(dry_run=True).actions}.get(
        ids["never"]) == "archive"
