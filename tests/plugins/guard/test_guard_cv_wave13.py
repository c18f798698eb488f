"""The wave 13 learning curve's reading of a text (bench/guard_eval/cv_wave13.py): the same
arithmetic as the guard's (the learned cue's share above its floor, a strong marker flags,
the judge's joined rule reads the weak cues' score)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from cognimem_plugins.guard import learned

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def cv() -> ModuleType:
    sys.path.insert(0, str(ROOT / "bench" / "guard_eval"))
    try:
        return importlib.import_module("cv_wave13")
    finally:
        sys.path.remove(str(ROOT / "bench" / "guard_eval"))


def test_a_paragraph_reaches_the_threshold_only_with_the_learned_share(cv: ModuleType) -> None:
    text = cv.tc.Text([("some words", 0.5, True)], False, "injection")
    setting = (0.25, 0.9, 0.75)
    for probability, flagged in ((1.0, True), (0.95, False), (0.9, False)):
        score = cv.best([text], [[probability]], setting)
        assert score[0] == pytest.approx(0.5 + learned.share(probability, 0.25, 0.9))
        assert bool(cv.flagged(score, setting)[0]) is flagged


def test_a_strong_marker_flags_and_reads_as_a_high_cue_score(cv: ModuleType) -> None:
    marked = cv.tc.Text([("x", 0.0, False)], True, "injection")
    plain = cv.tc.Text([("x", 0.0, False)], False, "clean")
    score = cv.best([marked, plain], [[0.0], [0.0]], (1.0, 0.8, 0.75))
    assert list(cv.flagged(score, (1.0, 0.8, 0.75))) == [True, False]
    finite = cv.finite(score)
    assert np.isfinite(finite).all() and finite[0] >= 1.0 and finite[1] == 0.0


def test_summary_keeps_the_counts_of_every_rate(cv: ModuleType) -> None:
    fold = {"cue_setting": (0.25, 0.9, 0.75),
            "trained": {"guard": {"injection": {"hits": 3, "n": 4, "rate": 0.75},
                                  "honest": {"hits": 0, "n": 43, "rate": 0.0}}}}
    assert cv.summary(fold) == {"cue_setting": (0.25, 0.9, 0.75),
                                "trained": {"guard": {"injection": [3, 4],
                                                      "honest": [0, 43]}}}
