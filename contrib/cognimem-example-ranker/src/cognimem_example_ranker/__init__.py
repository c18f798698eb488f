"""``tag_boost``: boost hits whose tags or title contain a word of the query."""

from __future__ import annotations

import re

from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Options, Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Query

_WORD = re.compile(r"[^\W_]+")


class TagBoost(Ranker):
    """Adds ``boost`` per query word found in a hit's tags or title."""

    name = "tag_boost"

    class Options(Options):
        """How much one matching word adds to the score."""

        boost: float = Field(default=0.01, ge=0, description="added per matching word")

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        words = {w for w in _WORD.findall(query.text.lower()) if len(w) > 2}
        for hit in hits:
            labels = set(hit.memory.tags)
            labels |= set(_WORD.findall((hit.memory.title or "").lower()))
            matched = sorted(words & labels)
            self.contribute(hit, hit.score + self.options.boost * len(matched), matched=matched)
        return hits


@hookimpl
def cognimem_register_rankers(register: object) -> None:
    """Register the tag_boost ranker."""
    register(TagBoost)  # type: ignore[operator]
