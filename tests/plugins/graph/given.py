"""A stage that finds given memories: seeds from anywhere, for the graph walks' tests."""

from __future__ import annotations

from cognimem.context import SearchContext
from cognimem.models import Candidate
from cognimem.stages import Ranking, Stage


class Given(Stage):
    """A stage that finds ``ids`` (scores descending)."""

    def __init__(self, ids: list[str]) -> None:
        self.ids = ids

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        return ranking.but(candidates=[Candidate(id=i, score=1.0 / n, rank=n)
                                       for n, i in enumerate(self.ids, 1)])
