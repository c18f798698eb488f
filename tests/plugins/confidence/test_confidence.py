"""The ``[confidence]`` stage: a confidence per hit that never reorders, the relevance floor,
the ``logistic`` calibrator's features and options, and plain names in explanations."""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from cognimem import hookimpl
from cognimem.clock import ManualClock
from cognimem.components import Calibrator
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.errors import CognimemError, ProfileError
from cognimem.models import Candidate, Hit, Memory, Query
from cognimem.plugins import PluginHost
from cognimem.profile import load_profile
from cognimem.registry import Register
from cognimem_plugins.confidence.features import (
    FEATURES,
    hit_features,
    names_share,
    query_names,
    query_terms,
)
from cognimem_plugins.confidence.plugin import DEFAULT_WEIGHTS

T0 = datetime(2025, 1, 1, tzinfo=UTC)
TEXTS = [
    "the deploy key rotates every month",
    "billing retries happen three times with backoff",
    "the staging database runs postgres sixteen",
    "our team lead prefers short pull requests",
    "the nightly backup job writes to the cold bucket",
]
QUERIES = ["how often does the deploy key rotate", "billing retries", "postgres staging",
           "pull requests", "backup bucket"]


def engine_with(clock: ManualClock, **overrides: Any) -> Engine:
    eng = Engine.from_profile(load_profile("test", overrides=overrides), clock=clock)
    eng.add_many([{"content": t} for t in TEXTS])  # type: ignore[list-item]
    return eng


@pytest.fixture
def calibrated(clock: ManualClock) -> Iterator[Engine]:
    eng = engine_with(clock, confidence={"use": "logistic"})
    yield eng
    eng.close()


def test_the_confidence_stage_never_changes_the_order(clock: ManualClock,
                                                      calibrated: Engine) -> None:
    plain = engine_with(clock, confidence={"use": "none"})
    try:
        for text in QUERIES:
            with_conf = calibrated.search(text, k=5, record_access=False)
            without = plain.search(text, k=5, record_access=False)
            assert [h.memory.content for h in with_conf.hits] == \
                [h.memory.content for h in without.hits]
            assert [h.score for h in with_conf.hits] == [h.score for h in without.hits]
            assert all(h.confidence is None for h in without.hits)
            assert all(0.0 <= (h.confidence or -1) <= 1.0 for h in with_conf.hits)
    finally:
        plain.close()


def test_a_matching_hit_is_more_confident_than_an_unrelated_one(calibrated: Engine) -> None:
    hits = calibrated.search("deploy key rotates", k=5).hits
    assert hits[0].memory.content == TEXTS[0]
    assert hits[0].confidence is not None and hits[-1].confidence is not None
    assert hits[0].confidence > hits[-1].confidence


def test_the_floor_holds_back_hits_and_zero_shows_them(calibrated: Engine) -> None:
    everything = calibrated.search("deploy key rotates", k=5, min_confidence=0.0)
    assert len(everything.hits) == 5 and everything.held_back == 0
    top = everything.hits[0].confidence
    assert top is not None
    held = calibrated.search("deploy key rotates", k=5, min_confidence=1.0)
    assert held.hits == [] and held.held_back == 5 and held.floor == 1.0
    middle = calibrated.search("deploy key rotates", k=5, min_confidence=top)
    assert [h.id for h in middle.hits] == [everything.hits[0].id]
    assert middle.held_back == 4


def test_the_profile_floor_applies_unless_the_query_sets_one(clock: ManualClock) -> None:
    eng = engine_with(clock, confidence={"use": "logistic", "floor": 1.0})
    try:
        assert eng.search("billing retries", k=3).hits == []
        assert eng.search("billing retries", k=3).held_back == 3
        assert len(eng.search("billing retries", k=3, min_confidence=0).hits) == 3
    finally:
        eng.close()


def test_held_back_hits_record_no_access(calibrated: Engine) -> None:
    calibrated.search("billing retries", k=3, min_confidence=1.0)
    calibrated.flush_accesses()
    assert all(m.access_count == 0 for m in calibrated.list_memories())


def test_without_its_retrievers_the_calibrator_gives_no_confidence(clock: ManualClock) -> None:
    eng = engine_with(clock, retrieve=[{"use": "bm25"}],
                      confidence={"use": "logistic", "floor": 0.9})
    try:
        result = eng.search("billing retries", k=3)
        assert result.hits and all(h.confidence is None for h in result.hits)
        assert result.held_back == 0  # unknown confidence is never held back
    finally:
        eng.close()


def test_bad_weights_fail_at_start_naming_the_valid_ones(clock: ManualClock) -> None:
    with pytest.raises(ProfileError, match="intercept, cosine, bm25"):
        Engine.from_profile(load_profile(
            "test", overrides={"confidence": {"use": "logistic", "weights": {"cosin": 1}}}),
            clock=clock)
    with pytest.raises(ProfileError, match="floor"):
        Engine.from_profile(load_profile(
            "test", overrides={"confidence": {"use": "logistic", "floor": 2}}), clock=clock)


def test_explanations_use_plain_names(calibrated: Engine) -> None:
    line = calibrated.search("deploy key rotates", k=2, explain=True).hits[0].explain()
    assert "confidence:logistic=" in line
    assert "meaning similarity" in line and "word match per query term" in line
    hit = calibrated.search("deploy key rotates", k=2, explain=True).hits[0]
    step = hit.calibration
    assert step is not None and step.score == pytest.approx(hit.confidence, abs=1e-4)
    assert all(s.stage != "confidence" for s in hit.trail)  # the trail ends with the rankers
    assert step.stage == "confidence" and set(step.detail) >= {"cosine", "bm25", "both"}
    assert step.terms["cosine"] == "meaning similarity"


def test_actr_explains_its_terms_by_name(clock: ManualClock) -> None:
    eng = Engine.from_profile(load_profile("test", overrides={
        "rank": [{"use": "actr", "blend": "gain", "base_level": "counts"}]}), clock=clock)
    try:
        eng.add("the deploy key rotates every month")
        line = eng.search("deploy key", explain=True).hits[0].explain()
        assert "spreading activation" in line and "share from past use" in line
        assert "; S " not in line
    finally:
        eng.close()


def test_the_calibrator_is_registered_through_its_hook() -> None:
    registration = PluginHost().get("calibrator", "logistic")
    assert registration is not None and registration.plugin == "confidence"


# features --------------------------------------------------------------------------------------


def _hit(memory_id: str, score: float) -> Hit:
    return Hit(memory=Memory(id=memory_id, content="x", created_at=T0, updated_at=T0),
               score=score)


def test_features_read_both_lists() -> None:
    hits = [_hit("a", 0.04), _hit("b", 0.03), _hit("c", 0.01)]
    lexical = [Candidate("a", 6.0, 1), Candidate("c", 2.0, 2)]
    dense = [Candidate("a", 0.7, 1), Candidate("b", 0.5, 2), Candidate("z", 0.2, 3)]
    found = hit_features("deploy key rotation", hits, lexical, dense, agreement_depth=10)
    assert query_terms("deploy key rotation") == 3
    assert found[0] == {"cosine": 0.7, "bm25": 2.0, "both": 1.0, "relative": 1.0,
                        "gap": pytest.approx(0.25), "names": 1.0}  # the query names nobody
    assert found[1]["bm25"] == 0.0 and found[1]["both"] == 0.0
    assert found[2]["cosine"] == 0.2  # not in the dense list: its lowest cosine
    assert found[2]["relative"] == pytest.approx(0.25)
    assert hit_features("q", [], lexical, dense, 10) == []


def test_default_weights_name_every_feature() -> None:
    assert set(DEFAULT_WEIGHTS) == {"intercept", *FEATURES}
    assert all(math.isfinite(v) for v in DEFAULT_WEIGHTS.values())


def test_names_are_the_capitalised_words_past_a_sentence_start() -> None:
    assert query_names("What temporary job did Jon take?") == {"jon"}
    assert query_names("How long was I in Korea for? Did Maria's team go?") == {"korea",
                                                                               "maria"}
    assert query_names("what about the deploy key") == set()
    assert names_share({"jon", "gina"}, "[8 May] Jon: I lost my job") == 0.5
    assert names_share(set(), "anything") == 1.0


# the hook -------------------------------------------------------------------------------------


def test_hook_cognimem_register_calibrators(clock: ManualClock) -> None:
    seen: list[tuple[list[str], list[str]]] = []

    class ByRank(Calibrator):
        """1 / rank: the first hit is sure, the others less so."""

        name = "by_rank"

        def calibrate(self, query: Query, hits: list[Hit], lists: dict[str, list[Candidate]],
                      ctx: SearchContext) -> list[float | None]:
            seen.append(([h.id for h in hits], sorted(lists)))
            return [1.0 / n for n in range(1, len(hits) + 1)]

    class Plugin:
        registered: list[tuple[str, ...]] = []

        @hookimpl
        def cognimem_register_calibrators(self, register: Register) -> None:
            self.registered.append(register.kinds)
            register(ByRank)

    plugin = Plugin()
    eng = Engine.from_profile("test", clock=clock, plugins=[plugin],
                              overrides={"confidence": {"use": "by_rank", "floor": 0.4}})
    try:
        eng.add_many([{"content": t} for t in TEXTS])  # type: ignore[list-item]
        result = eng.search("deploy key", k=3)
        assert plugin.registered == [("calibrator",)]
        assert seen[0][1] == ["bm25", "vector"] and len(seen[0][0]) == 3
        assert [h.confidence for h in result.hits] == [1.0, 0.5]
        assert result.held_back == 1 and result.floor == 0.4
    finally:
        eng.close()


def test_a_calibrator_must_give_one_confidence_per_hit(clock: ManualClock) -> None:
    class Short(Calibrator):
        """Forgets the last hit."""

        name = "short"

        def calibrate(self, query: Query, hits: list[Hit], lists: dict[str, list[Candidate]],
                      ctx: SearchContext) -> list[float | None]:
            return [0.5] * (len(hits) - 1)

    class Plugin:
        @hookimpl
        def cognimem_register_calibrators(self, register: Register) -> None:
            register(Short)

    eng = Engine.from_profile("test", clock=clock, plugins=[Plugin()],
                              overrides={"confidence": {"use": "short"}})
    try:
        eng.add("the deploy key rotates")
        with pytest.raises(CognimemError, match="gave 0 confidences for 1 hits"):
            eng.search("deploy key")
    finally:
        eng.close()
