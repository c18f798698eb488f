"""``recent_first``: an example research ranker loaded from a file by ``research.toml``.

It multiplies each hit's fused score by ``1 + weight * 2 ** (-age / half_life)``, so
recent memories rise and old ones keep their fused order. No package or entry point is
needed: the profile's ``[plugins] files`` list names this file.
"""

from __future__ import annotations

from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Query
from cognimem.registry import Register


class RecentFirstOptions(Ranker.Options):
    """How strongly and how fast recency counts (the profile's ``[[rank]]`` keys)."""

    half_life_days: float = Field(default=30.0, gt=0, description="age at which the boost halves")
    weight: float = Field(default=0.5, ge=0, description="boost of a brand-new memory")


class RecentFirst(Ranker):
    """Boosts recent memories: ``score * (1 + weight * 2 ** (-age_days / half_life_days))``."""

    name = "recent_first"
    Options = RecentFirstOptions
    options: RecentFirstOptions  # typed access to the validated options

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        now = ctx.ctx.clock.now()
        for hit in hits:
            age_days = max(0.0, (now - hit.memory.created_at).total_seconds() / 86400)
            boost = 1 + self.options.weight * 2 ** (-age_days / self.options.half_life_days)
            self.contribute(hit, hit.score * boost, age_days=round(age_days, 3))
        return hits


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    """Register the recent_first ranker."""
    register(RecentFirst)
