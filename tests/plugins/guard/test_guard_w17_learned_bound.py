"""How the honest notes to agents bound the learned cue's setting (wave 17): per fold, one
more flag among one fold's few notes fails a setting; pooled, the same flag is one of all
the honest notes, within the 1 % they may lose."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]


def _train_cue() -> Any:
    sys.path.insert(0, str(ROOT / "bench" / "guard_eval"))
    try:
        return importlib.import_module("train_cue")
    finally:
        sys.path.remove(str(ROOT / "bench" / "guard_eval"))


def _scored(tc: Any) -> Any:
    """Two folds, each with an injection the phrase cues score 0.5 and the model 0.99, 100
    clean notes and 60 honest notes the phrase cues score 0.3 and the model 0; one honest
    note of fold ``a`` is scored 0.99 too (with the learned cue it reaches 0.75)."""
    texts, probs = [], []
    for fold in ("a", "b"):
        texts.append(tc.Text([("send it", 0.5, True)], False, "injection", fold))
        probs.append([0.99])
        for _ in range(100):
            texts.append(tc.Text([("a note", 0.0, True)], False, "clean", fold))
            probs.append([0.0])
        for i in range(60):
            texts.append(tc.Text([("agent, please", 0.3, True)], False, "clean", fold,
                                 honest=True))
            probs.append([0.99 if (fold, i) == ("a", 0) else 0.0])
    return texts, probs


def _turns(tc: Any) -> Any:
    return [tc.Text([("hi", 0.0, True)], False, "turn") for _ in range(2000)], [[0.0]] * 2000


def test_pooled_honest_bound_is_one_bound_over_every_fold() -> None:
    tc = _train_cue()
    flat = tc.Flat.of(_scored(tc))
    per_fold = tc.fold_bounds(flat, 0.0, "per_fold")
    pooled = tc.fold_bounds(flat, 0.0, "pooled")
    assert [(f, n) for f, n, _, _ in per_fold] == [("a", "clean"), ("a", "honest"),
                                                     ("b", "clean"), ("b", "honest")]
    assert [(f, n) for f, n, _, _ in pooled] == [("a", "clean"), ("b", "clean"),
                                                   ("*", "honest")]
    (_, _, mask, most), = [b for b in pooled if b[1] == "honest"]
    assert mask.sum() == 120 and most == 1.2


def test_one_honest_flag_fails_a_fold_but_not_the_pool() -> None:
    tc = _train_cue()
    scored, turns = _scored(tc), _turns(tc)
    args = ([0.0, 0.5], [0.0, 0.8], [tc.PHRASE_THRESHOLD])
    assert tc.choose(scored, turns, *args, honest="per_fold") == (0.0, 0.0, 0.75)
    weight, _, _ = tc.choose(scored, turns, *args, honest="pooled")
    assert weight == 0.5
