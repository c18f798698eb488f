"""Metrics against hand-computed values."""

from __future__ import annotations

import math

import pytest

from cognimem.errors import InvalidInput
from cognimem.eval.metrics import Metric, parse_metric, parse_metrics, percentile, score_query

RANKED = ["a", "x", "b", "y", "c"]
GOLD = frozenset({"a", "b", "z"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("R@1", 1 / 3),
        ("R@3", 2 / 3),
        ("R@50", 2 / 3),
        ("Hit@1", 1.0),
        ("All@5", 0.0),
        ("MRR@20", 1.0),
        ("NDCG@3", (1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3) + 1 / math.log2(4))),
        ("NDCG_lme@3", (1 + 1 / math.log2(3)) / (1 + 1 + 1 / math.log2(3))),
    ],
    ids=lambda v: str(v),
)
def test_metric_values(name: str, expected: float) -> None:
    assert parse_metric(name)(RANKED, GOLD) == pytest.approx(expected)


def test_mrr_counts_only_the_top_k() -> None:
    assert Metric("MRR", 2)(["x", "y", "a"], frozenset({"a"})) == 0.0
    assert Metric("MRR", 3)(["x", "y", "a"], frozenset({"a"})) == pytest.approx(1 / 3)


def test_all_needs_every_gold_id() -> None:
    assert Metric("All", 2)(["b", "a", "x"], frozenset({"a", "b"})) == 1.0
    assert Metric("All", 1)(["b", "a", "x"], frozenset({"a", "b"})) == 0.0


def test_lme_ndcg_weighs_ranks_one_and_two_alike() -> None:
    gold = frozenset({"g"})
    first = Metric("NDCG_lme", 5)(["g", "x"], gold)
    second = Metric("NDCG_lme", 5)(["x", "g"], gold)
    assert first == second == 1.0
    assert Metric("NDCG", 5)(["x", "g"], gold) < 1.0


def test_aliases_map_to_canonical_names() -> None:
    assert [m.name for m in parse_metrics(["recall@5", "any@1", "recall_all@10", "ndcg-lme@5",
                                           "mrr@20", "R@5"])] == [
        "R@5", "Hit@1", "All@10", "NDCG_lme@5", "MRR@20"]


@pytest.mark.parametrize("bad", ["P@5", "R@0", "R5", "R@x", ""])
def test_bad_metric_names_are_refused_with_the_valid_forms(bad: str) -> None:
    with pytest.raises(InvalidInput, match="MEASURE@k"):
        parse_metric(bad)


def test_a_query_without_gold_cannot_be_scored() -> None:
    with pytest.raises(InvalidInput, match="without gold"):
        Metric("R", 5)(["a"], frozenset())


def test_score_query_names_every_metric() -> None:
    scores = score_query(RANKED, GOLD, parse_metrics(["R@5", "Hit@1"]))
    assert scores == {"R@5": pytest.approx(2 / 3), "Hit@1": 1.0}


def test_percentile_interpolates() -> None:
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([10.0], 95) == 10.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 95) == pytest.approx(4.8)
    assert math.isnan(percentile([], 50))
