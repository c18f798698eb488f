"""Retrieval metrics over one ranked list and its gold set, and their aggregates.

Every metric is named ``MEASURE@k``:

========== =====================================================================
measure    per query
========== =====================================================================
``R``      Recall: the fraction of gold ids in the top k (LoCoMo's metric)
``Hit``    1 if any gold id is in the top k (LongMemEval's ``recall_any``)
``All``    1 if every gold id is in the top k (LongMemEval's ``recall_all``)
``MRR``    1 / rank of the first gold id within the top k, else 0
``NDCG``   standard binary NDCG: ``Σ rel_i / log2(i + 1)`` over ranks i = 1..k
``NDCG_lme`` LongMemEval's official variant: ranks 1 and 2 weigh the same,
           ``rel_1 + Σ_{i≥2} rel_i / log2(i)``
========== =====================================================================

Names are case-insensitive and accept aliases (``recall@5``, ``any@5``, ``recall_all@10``,
``ndcg-lme@10``); results always use the canonical names above.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import InvalidInput

#: Canonical measure names by alias (lower case).
ALIASES: dict[str, str] = {
    "r": "R", "recall": "R",
    "hit": "Hit", "any": "Hit", "recall_any": "Hit", "success": "Hit",
    "all": "All", "recall_all": "All",
    "mrr": "MRR", "rr": "MRR",
    "ndcg": "NDCG",
    "ndcg_lme": "NDCG_lme", "ndcg-lme": "NDCG_lme", "lme_ndcg": "NDCG_lme",
}

#: Every canonical measure.
MEASURES: tuple[str, ...] = ("R", "Hit", "All", "MRR", "NDCG", "NDCG_lme")


@dataclass(frozen=True)
class Metric:
    """One measure at one cutoff, e.g. ``Metric("R", 5)`` is Recall@5."""

    measure: str
    k: int

    @property
    def name(self) -> str:
        """The canonical name, ``MEASURE@k``."""
        return f"{self.measure}@{self.k}"

    def __str__(self) -> str:
        return self.name

    def __call__(self, ranked: Sequence[str], relevant: frozenset[str] | set[str]) -> float:
        """The metric of one ranked id list against a non-empty gold set."""
        if not relevant:
            raise InvalidInput(f"{self.name}: a query without gold ids cannot be scored")
        top = ranked[: self.k]
        if self.measure == "MRR":
            first = next((i for i, d in enumerate(top) if d in relevant), None)
            return 0.0 if first is None else 1.0 / (first + 1)
        if self.measure in ("NDCG", "NDCG_lme"):
            return _ndcg(top, relevant, self.k, official=self.measure == "NDCG_lme")
        hits = len(relevant.intersection(top))
        if self.measure == "R":
            return hits / len(relevant)
        if self.measure == "Hit":
            return 1.0 if hits else 0.0
        return 1.0 if hits == len(relevant) else 0.0


def _gain_discount(position: int, official: bool) -> float:
    """The discount of 0-based ``position``: standard ``1/log2(i+2)`` or LongMemEval's."""
    if official:
        return 1.0 if position == 0 else 1.0 / math.log2(position + 1)
    return 1.0 / math.log2(position + 2)


def _ndcg(top: Sequence[str], relevant: frozenset[str] | set[str], k: int,
          official: bool) -> float:
    dcg = sum(_gain_discount(i, official) for i, d in enumerate(top) if d in relevant)
    ideal = sum(_gain_discount(i, official) for i in range(min(len(relevant), k)))
    return dcg / ideal


def parse_metric(name: str | Metric) -> Metric:
    """A :class:`Metric` from a name such as ``"R@5"``, ``"ndcg@10"`` or ``"any@1"``.

    :raises InvalidInput: an unknown measure or a bad cutoff, with the valid forms.
    """
    if isinstance(name, Metric):
        return name
    measure, sep, cutoff = str(name).strip().rpartition("@")
    canonical = ALIASES.get(measure.lower()) if sep else None
    if canonical is None or not cutoff.isdigit() or int(cutoff) < 1:
        raise InvalidInput(
            f"unknown metric {name!r}: write MEASURE@k with k >= 1, MEASURE one of "
            f"{', '.join(MEASURES)} (e.g. R@5, Hit@1, MRR@20, NDCG@10, NDCG_lme@5)"
        )
    return Metric(canonical, int(cutoff))


def parse_metrics(names: Iterable[str | Metric]) -> list[Metric]:
    """Parse several metric names, dropping repeats and keeping their order."""
    out: list[Metric] = []
    for name in names:
        metric = parse_metric(name)
        if metric not in out:
            out.append(metric)
    if not out:
        raise InvalidInput("no metrics given: name at least one, e.g. R@5")
    return out


def score_query(ranked: Sequence[str], relevant: frozenset[str] | set[str],
                metrics: Sequence[Metric]) -> dict[str, float]:
    """Every metric of one query, by canonical name."""
    return {m.name: m(ranked, relevant) for m in metrics}


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (NaN for no values)."""
    return sum(values) / len(values) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) with linear interpolation (NaN for no values)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100.0
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
