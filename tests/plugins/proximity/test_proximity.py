"""The ``proximity`` ranker: query words close together raise the best hits."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.profile import load_profile
from cognimem.testing import build_engine
from cognimem.testing.contracts import RankerContract
from cognimem_plugins.proximity.ranker import closest, proximity

ROOT = Path(__file__).resolve().parents[3]


class TestContract(RankerContract):
    component = "proximity"
    options: ClassVar[dict[str, Any]] = {"weight": 0.5}


def test_proximity_of_word_pairs() -> None:
    assert proximity(["red", "car"], ["red", "car", "park"]) == 1.0
    assert proximity(["red", "car"], ["red", "x", "x", "car"]) == pytest.approx(1 / 3)
    # the closest occurrences count, in either order
    assert proximity(["red", "car"], ["car", "x", "x", "x", "red", "car"]) == 1.0
    # fewer than two query words found, or a one-word query: nothing to measure
    assert proximity(["red", "car"], ["red", "bus"]) == 0.0
    assert proximity(["red"], ["red", "red"]) == 0.0
    # three query words: three pairs; only the pair found counts, over all three
    assert proximity(["red", "car", "park"], ["red", "car"]) == pytest.approx(1 / 3)
    assert closest([2, 9], [5, 11]) == 2


def engine_with(**options: Any) -> Engine:
    return build_engine(overrides={"retrieve": [{"use": "bm25", "k": 50}],
                                   "rank": [{"use": "proximity", **options}]})


def test_close_words_rank_first_between_equal_matches() -> None:
    filler = " ".join(f"f{i}" for i in range(8))
    for order in (0, 1):  # whichever is written first
        engine = engine_with(weight=1.0)
        texts = [f"green kayak {filler}", f"green {filler} kayak"]
        made = [engine.add(t).id for t in (texts if order == 0 else texts[::-1])]
        close = made[0] if order == 0 else made[1]
        hits = engine.search("green kayak", record_access=False, explain=True).hits
        assert hits[0].id == close
        steps = {h.id: h.trail[-1] for h in hits}
        assert steps[close].name == "proximity" and steps[close].detail["proximity"] == 1.0
        far = next(i for i in made if i != close)
        assert steps[far].detail["proximity"] == pytest.approx(1 / 9, abs=1e-4)
        engine.close()


def test_only_the_best_depth_hits_are_rescored() -> None:
    engine = engine_with(weight=1.0, depth=1)
    engine.add("green kayak green kayak")
    engine.add("green and then much later a kayak")
    hits = engine.search("green kayak", record_access=False, explain=True).hits
    assert [h.trail[-1].name == "proximity" for h in hits] == [True, False]
    engine.close()


def test_a_one_word_query_changes_nothing() -> None:
    engine = engine_with(weight=1.0)
    engine.add("kayak trip")
    hits = engine.search("kayak", record_access=False, explain=True).hits
    assert all(step.name != "proximity" for step in hits[0].trail)
    engine.close()


def test_bad_options_are_refused() -> None:
    with pytest.raises(ProfileError, match="depth"):
        engine_with(depth=0)


@pytest.mark.parametrize("name", ["proximity", "proximity-strong", "proximity-1"])
def test_research_profiles_layer_on_precise(name: str) -> None:
    profile = load_profile("precise", ROOT / "examples" / "research" / f"{name}.toml",
                           overrides={"path": ":memory:", "records": {"use": "memory"},
                                      "lexical": {"use": "bm25"}, "vectors": {"use": "exact"},
                                      "embedder": {"use": "hash"}}, environ=False)
    assert [r.use for r in profile.rank] == [
        "actr", "whowhen", "proximity", "supersession", "validity"]
    assert len(profile.retrieve) == 5
    with Engine.from_profile(profile) as engine:
        engine.add("the red car is parked outside")
        assert engine.search("red car", record_access=False, explain=True).hits
