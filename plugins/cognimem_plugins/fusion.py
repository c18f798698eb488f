"""``rrf``: Reciprocal Rank Fusion (Cormack, Clarke and Büttcher, 2009)."""

from __future__ import annotations

from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Fuser, Options
from cognimem.models import Candidate, Query
from cognimem.registry import Register


def competition_ranks(candidates: list[Candidate]) -> dict[str, int]:
    """1-based ranks where equal scores share the best rank ("1224" ranking)."""
    ranks: dict[str, int] = {}
    previous: float | None = None
    current = 0
    for position, cand in enumerate(sorted(candidates, key=lambda c: (-c.score, c.rank)), 1):
        if previous is None or cand.score != previous:
            current, previous = position, cand.score
        ranks[cand.id] = current
    return ranks


class RRF(Fuser):
    """score(d) = sum over lists of weight / (k + rank(d)); ties in a list share a rank."""

    name = "rrf"

    class Options(Options):
        """The RRF constant and optional per-retriever weights."""

        k: float = Field(default=60.0, ge=0, description="RRF constant (60 in Cormack et al.)")
        weights: dict[str, float] = Field(default_factory=dict,
                                          description="weight per retriever name (default 1)")

    def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
        scores: dict[str, float] = {}
        for label, candidates in lists.items():
            weight = self.options.weights.get(label, 1.0)
            for memory_id, rank in competition_ranks(candidates).items():
                scores[memory_id] = scores.get(memory_id, 0.0) + weight / (self.options.k + rank)
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        return [Candidate(id=i, score=s, rank=r) for r, (i, s) in enumerate(ranked, 1)]


@hookimpl
def cognimem_register_fusers(register: Register) -> None:
    """Register RRF."""
    register(RRF)
