"""Wave 22: the semantic judge retrained on the forty-four seen splits, its joined rule bounded
per split and on the honest notes to agents (bench/guard_eval/train_judge.py), and the
leave-one-split-out study's batched fit (bench/guard_eval/cv_wave22_judge.py). The texts
are written for these tests (not taken from any split of bench/guard_eval)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]
BENCH = ROOT / "bench" / "guard_eval"


@pytest.fixture(scope="module")
def tj() -> Iterator[ModuleType]:
    """``train_judge`` (imported from the bench folder)."""
    sys.path.insert(0, str(BENCH))
    try:
        import train_judge
        yield train_judge
    finally:
        sys.path.remove(str(BENCH))


def _pool(tj: ModuleType, *, clean_flags: dict[str, int], honest_flags: int = 0,
          rows: int = 100, honest: int = 200, splits: str = "ab") -> tuple[Any, np.ndarray]:
    """A pool of ``splits`` (one letter each) of ``rows`` clean rows and 10 injections each,
    and ``honest`` honest notes, with the judge's flags: ``clean_flags[split]`` clean rows of
    a split and ``honest_flags`` honest notes (every injection flagged)."""
    parts = []
    flags = []
    for s in splits:
        labels = np.array([0] * rows + [1] * 10, float)
        parts.append((labels, np.array([s] * (rows + 10)), np.zeros(rows + 10, bool)))
        f = np.zeros(rows + 10, bool)
        f[:clean_flags.get(s, 0)] = True
        f[rows:] = True
        flags.append(f)
    parts.append((np.zeros(honest), np.array(["a"] * honest), np.ones(honest, bool)))
    f = np.zeros(honest, bool)
    f[:honest_flags] = True
    flags.append(f)
    labels = np.concatenate([p[0] for p in parts])
    n = len(labels)
    pool = tj.Pool(np.zeros(n), np.zeros(n), np.zeros(n, bool), labels,
                   np.concatenate([p[1] for p in parts]), np.concatenate([p[2] for p in parts]))
    return pool, np.concatenate(flags)


def test_a_rule_flagging_more_than_one_percent_of_one_split_is_refused(tj: ModuleType) -> None:
    turns = np.zeros(20000, bool)
    # four splits of 1,000 clean rows: 0.5 % pooled is 20 rows, 1 % of a split 10
    pool, flags = _pool(tj, clean_flags={"a": 10, "b": 10}, rows=1000, splits="abcd")
    assert tj.bounded(pool, flags, turns)
    pool, flags = _pool(tj, clean_flags={"a": 11}, rows=1000, splits="abcd")
    assert not tj.bounded(pool, flags, turns)  # 11 pooled, but 11 of split a's 1,000
    pool, flags = _pool(tj, clean_flags={"a": 7, "b": 7, "c": 7}, rows=1000, splits="abcd")
    assert not tj.bounded(pool, flags, turns)  # 7 a split, but 21 of 4,000 pooled


def test_the_honest_notes_and_the_turns_bound_the_rule(tj: ModuleType) -> None:
    pool, flags = _pool(tj, clean_flags={}, honest_flags=1, rows=300, honest=200)
    assert tj.bounded(pool, flags, np.zeros(20000, bool))  # 1 of 200 honest notes: 0.5 %
    pool, flags = _pool(tj, clean_flags={}, honest_flags=2, rows=300, honest=200)
    assert not tj.bounded(pool, flags, np.zeros(20000, bool))  # 2 of 200: 1 %
    turns = np.zeros(20000, bool)
    turns[:2] = True
    pool, flags = _pool(tj, clean_flags={}, rows=300)
    assert tj.bounded(pool, flags, turns)  # 2 of 20,000 turns: 1 in 10,000
    turns[:3] = True
    assert not tj.bounded(pool, flags, turns)


def test_the_text_guards_own_flags_raise_a_splits_allowance(tj: ModuleType) -> None:
    pool, flags = _pool(tj, clean_flags={"a": 3}, rows=100)
    turns = np.zeros(20000, bool)
    assert not tj.bounded(pool, flags, turns)  # 3 of 100 in split a, the guard flags none
    pool.guard[:3] = True  # the text guard flags those three itself: the judge adds none
    assert tj.bounded(pool, flags, turns)


def test_choose_joined_keeps_the_bounds(tj: ModuleType) -> None:
    # probabilities: injections 0.97, one split's clean rows 0.95 (a rule flagging them
    # breaks its split's bound), the rest 0.1
    pool, _ = _pool(tj, clean_flags={}, rows=300)
    inj = pool.labels == 1
    pool.p[:] = 0.1
    pool.p[inj] = 0.97
    pool.p[:5] = 0.95  # five clean rows of split "a"
    turns_p, turns_cue = np.full(20000, 0.1), np.zeros(20000)
    rule = tj.choose_joined(pool, turns_p, turns_cue)
    flags = tj.joined_flags(pool.p, pool.cue, rule)
    assert flags[inj].all() and not flags[:5].any()
    pool.p[:5] = 0.98  # now every rule that flags the injections flags them too
    rule = tj.choose_joined(pool, turns_p, turns_cue)
    assert not tj.joined_flags(pool.p, pool.cue, rule)[:5].any()


def test_the_seen_splits_are_the_forty_four(tj: ModuleType) -> None:
    assert len(tj.SPLITS) == 44 and len(set(tj.SPLITS)) == 44
    assert tj.SPLITS[:3] == ("tune", "test", "fresh") and tj.SPLITS[-1] == "fresh42"
    assert all((BENCH / "data" / f"{s}.jsonl").is_file() for s in tj.SPLITS)


def test_the_batched_fit_is_train_judges_fit(tj: ModuleType) -> None:
    sys.path.insert(0, str(BENCH))
    try:
        import cv_wave22_judge as cv
    finally:
        sys.path.remove(str(BENCH))
    rng = np.random.default_rng(7)
    n = 400
    x = rng.normal(size=(n, 16)) / 4
    y = (rng.random(n) < 0.3).astype(float)
    groups = np.where(y == 1, 0, np.where(rng.random(n) < 0.3, 2, 1))
    masks = np.array([rng.random(n) < 0.8, np.ones(n, bool)])
    b, w = cv.fit_many(x, y, groups, masks, tj.FAMILIES[1])
    for i, mask in enumerate(masks):
        rows = tj.Rows(x[mask], y[mask], [tj.SHARES[g] for g in groups[mask]],
                       [""] * int(mask.sum()))
        b1, w1 = tj.fit(rows, tj.FAMILIES[1])
        assert b[i] == pytest.approx(b1, abs=1e-4)
        assert np.allclose(w[:, i], w1, atol=1e-4)
    assert not np.allclose(w[:, 0], w[:, 1], atol=1e-4)  # the masks do count
