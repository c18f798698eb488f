"""Paired tests and multiple-testing corrections."""

from __future__ import annotations

import pytest

from cognimem.errors import InvalidInput
from cognimem.eval.significance import correct, paired_test


@pytest.mark.parametrize("test", ["randomization", "bootstrap"])
def test_identical_systems_are_not_different(test: str) -> None:
    scores = [0.0, 1.0, 0.5, 1.0]
    assert paired_test(scores, scores, test=test) == 1.0


@pytest.mark.parametrize("test", ["randomization", "bootstrap"])
def test_a_consistent_improvement_is_significant(test: str) -> None:
    better = [1.0] * 30
    worse = [0.0] * 25 + [1.0] * 5
    p = paired_test(better, worse, test=test, trials=2000)
    assert p < 0.01


def test_noise_is_not_significant() -> None:
    a = [1.0, 0.0] * 20
    b = [0.0, 1.0] * 20
    assert paired_test(a, b, trials=2000) > 0.5


def test_the_same_seed_gives_the_same_p_value() -> None:
    a = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.5]
    b = [0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    first = paired_test(a, b, trials=3000, seed=7)
    assert paired_test(a, b, trials=3000, seed=7) == first
    assert 0.0 < first < 1.0


def test_p_is_never_zero() -> None:
    assert paired_test([1.0] * 50, [0.0] * 50, trials=100) == pytest.approx(1 / 101)


def test_holm_is_step_down_and_monotone() -> None:
    assert correct([0.01, 0.04, 0.03], "holm") == pytest.approx([0.03, 0.06, 0.06])
    assert correct([0.01, 0.04, 0.03], "bonferroni") == pytest.approx([0.03, 0.12, 0.09])
    assert correct([0.01, 0.04], "none") == [0.01, 0.04]
    assert correct([0.5, 0.9], "holm") == [1.0, 1.0]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(InvalidInput, match="same queries"):
        paired_test([1.0], [1.0, 0.0])
    with pytest.raises(InvalidInput, match="randomization"):
        paired_test([1.0], [0.0], test="t")
    with pytest.raises(InvalidInput, match="holm"):
        correct([0.1], "fdr")
