"""Fusers: ``rrf`` (Reciprocal Rank Fusion, Cormack, Clarke and Büttcher 2009) and
``weighted`` (a normalised linear combination of the retrievers' scores).

Both give tied documents equal ranks: inside each retriever's list, equal scores share the
best rank ("1224" competition ranking), and so do equal fused scores. The order among tied
documents is settled later by the engine's tie-break (importance, recency, id).
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Fuser, Options
from cognimem.context import Context
from cognimem.models import Candidate, Query
from cognimem.registry import Register

from .rankfusion import (  # noqa: F401 - kept importable from here
    SCORE_TOLERANCE,
    check_weights,
    competition_ranks,
    ranked_candidates,
    rrf_scores,
    same_score,
)


class RRF(Fuser):
    """score(d) = sum over lists of weight / (k + rank(d)); ties in a list share a rank."""

    reads_beside_writes = True  # holds no state a search changes

    name = "rrf"

    class Options(Options):
        """The RRF constant and optional per-retriever weights."""

        k: float = Field(default=60.0, ge=0, description="RRF constant (60 in Cormack et al.)")
        weights: dict[str, float] = Field(default_factory=dict,
                                          description="weight per retriever name (default 1)")

    options: RRF.Options

    def open(self, ctx: Context) -> None:
        """Check the weights against the profile's retrievers."""
        check_weights(self, self.options.weights, ctx)

    def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
        return ranked_candidates(rrf_scores(lists, self.options.weights, self.options.k))


def normalize(candidates: list[Candidate], method: str) -> tuple[dict[str, float], float]:
    """Each candidate's normalised score, and the value a document absent from the list gets.

    ``minmax``: ``(s - min) / (max - min)`` (all 1 when the scores are equal), absent = 0.
    ``zscore``: ``(s - mean) / std`` (all 0 when the scores are equal), absent = the
    lowest z-score of the list. ``none``: raw scores, absent = the lowest score.
    """
    if not candidates:
        return {}, 0.0
    raw = {c.id: c.score for c in candidates}
    values = list(raw.values())
    low, high = min(values), max(values)
    if method == "minmax":
        if high == low:
            return dict.fromkeys(raw, 1.0), 0.0
        return {i: (s - low) / (high - low) for i, s in raw.items()}, 0.0
    if method == "zscore":
        mean = math.fsum(values) / len(values)
        std = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / len(values))
        if std == 0:
            return dict.fromkeys(raw, 0.0), 0.0
        return {i: (s - mean) / std for i, s in raw.items()}, (low - mean) / std
    return raw, low


class Weighted(Fuser):
    """score(d) = sum over lists of w_i * norm_i(d) / sum of w_i (a weighted mean).

    Each list's scores are normalised first (``minmax`` by default, or ``zscore``), since a
    BM25 score and a cosine similarity are on different scales. A document missing from a
    list gets that list's floor (see :func:`normalize`).
    """

    name = "weighted"

    class Options(Options):
        """The normalisation and the per-retriever weights."""

        normalization: Literal["minmax", "zscore", "none"] = Field(
            default="minmax", description="how each list's scores are put on one scale")
        weights: dict[str, float] = Field(default_factory=dict,
                                          description="weight per retriever name (default 1)")

    options: Weighted.Options

    def open(self, ctx: Context) -> None:
        """Check the weights against the profile's retrievers."""
        check_weights(self, self.options.weights, ctx)

    def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
        normalized = {label: normalize(cands, self.options.normalization)
                      for label, cands in lists.items() if cands}
        weights = {label: self.options.weights.get(label, 1.0) for label in normalized}
        total = math.fsum(weights.values())
        if total <= 0:
            total = 1.0
        ids = sorted({i for values, _ in normalized.values() for i in values})
        # rounded to 6 places so floating-point noise in the inputs cannot split a tie
        scores = {
            i: round(math.fsum(weights[label] * values.get(i, floor)
                               for label, (values, floor) in normalized.items()) / total, 6)
            for i in ids
        }
        return ranked_candidates(scores)


@hookimpl
def cognimem_register_fusers(register: Register) -> None:
    """Register RRF and the weighted fuser."""
    register(RRF)
    register(Weighted)
