"""Rank fusion helpers shared by the fusers of several plugins (``rrf`` and ``weighted`` in
:mod:`cognimem_plugins.fusion`, ``window_rrf`` in the representations plugin): competition
ranks, RRF scores, candidates from scores, and the check of per-retriever weights."""

from __future__ import annotations

import math

from cognimem.components import Fuser
from cognimem.context import Context
from cognimem.errors import ProfileError
from cognimem.models import Candidate


def check_weights(fuser: Fuser, weights: dict[str, float], ctx: Context) -> None:
    """Fail at start when a weight names no retriever of the profile, or is negative."""
    labels = list(ctx.retriever_labels)
    for label, weight in weights.items():
        if labels and label not in labels:
            raise ProfileError(
                f"profile key `fuse.weights.{label}`: no retriever is labelled {label!r}; "
                f"the profile's retrievers are: {', '.join(labels)}")
        if weight < 0 or not math.isfinite(weight):
            raise ProfileError(f"profile key `fuse.weights.{label}`: weight must be finite "
                               f"and >= 0 (got {weight!r})")


#: Scores this close (relative) are ties: a float32 cosine computed at another row of a
#: matrix can differ by ~1e-7, and that noise must not decide an order.
SCORE_TOLERANCE = 1e-6


def same_score(a: float, b: float) -> bool:
    """Whether two retriever scores are equal up to floating-point noise."""
    return math.isclose(a, b, rel_tol=SCORE_TOLERANCE, abs_tol=1e-12)


def competition_ranks(candidates: list[Candidate]) -> dict[str, int]:
    """1-based ranks where equal scores share the best rank ("1224" ranking).

    Scores equal up to :data:`SCORE_TOLERANCE` of the first of their group count as equal.
    """
    ranks: dict[str, int] = {}
    previous: float | None = None
    current = 0
    for position, cand in enumerate(sorted(candidates, key=lambda c: (-c.score, c.rank)), 1):
        if previous is None or not same_score(cand.score, previous):
            current, previous = position, cand.score
        ranks[cand.id] = current
    return ranks


def rrf_scores(lists: dict[str, list[Candidate]], weights: dict[str, float], k: float
               ) -> dict[str, float]:
    """Each memory's RRF score: the sum over lists of ``weight / (k + rank)`` (ties in a
    list share a rank; a list without a weight counts 1)."""
    scores: dict[str, float] = {}
    for label, candidates in lists.items():
        weight = weights.get(label, 1.0)
        for memory_id, rank in competition_ranks(candidates).items():
            scores[memory_id] = scores.get(memory_id, 0.0) + weight / (k + rank)
    return scores


def ranked_candidates(scores: dict[str, float]) -> list[Candidate]:
    """Candidates best first (ties by id, for a stable list), tied scores sharing a rank."""
    ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    out: list[Candidate] = []
    previous: float | None = None
    rank = 0
    for position, (memory_id, score) in enumerate(ordered, 1):
        if previous is None or score != previous:
            rank, previous = position, score
        out.append(Candidate(memory_id, score, rank))  # positional: a third cheaper
    return out
