"""Score arithmetic the rankers of several plugins share."""

from __future__ import annotations

from cognimem.models import Hit


def score_spread(hits: list[Hit]) -> float:
    """Best minus worst score; the largest magnitude (or 1) when all scores are equal."""
    if not hits:
        return 1.0
    scores = [h.score for h in hits]
    spread = max(scores) - min(scores)
    if spread > 0:
        return spread
    return max(abs(s) for s in scores) or 1.0
