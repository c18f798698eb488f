"""``coverage``: a research ranker that favours memories holding more of the query's words.

Fused scores say how high each retriever ranked a memory; they do not say whether the memory
mentions *everything* the question asks about. This ranker multiplies each hit's score by
``1 + weight * coverage``, where coverage is the fraction of the query's content words that
the memory contains. Loaded from this file by ``coverage.toml`` (no package needed).
"""

from __future__ import annotations

import re

from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Query
from cognimem.registry import Register

WORD = re.compile(r"[a-z0-9]+")
STOP = frozenset({
    "a", "an", "and", "are", "did", "do", "does", "for", "from", "has", "have", "how", "i",
    "in", "is", "it", "my", "of", "on", "or", "the", "to", "was", "what", "when", "where",
    "which", "who", "why", "with", "you",
})


def words(text: str) -> set[str]:
    """Lower-cased content words of a text."""
    return {w for w in WORD.findall(text.lower()) if w not in STOP}


class CoverageOptions(Ranker.Options):
    """The profile's ``[[rank]]`` keys for this ranker."""

    weight: float = Field(default=0.5, ge=0, description="boost of a memory with every word")


class Coverage(Ranker):
    """``score * (1 + weight * coverage)``; coverage = share of query words in the memory."""

    name = "coverage"
    Options = CoverageOptions
    options: CoverageOptions

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        wanted = words(query.text)
        if not wanted:
            return hits
        for hit in hits:
            coverage = len(wanted & words(hit.memory.content)) / len(wanted)
            self.contribute(hit, hit.score * (1 + self.options.weight * coverage),
                            coverage=round(coverage, 3))
        return hits


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    """Register the coverage ranker."""
    register(Coverage)
