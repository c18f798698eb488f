"""``proximity``: raise the best candidates whose query words stand close together.

A second stage over the ``depth`` best hits (by the score they enter with), without a model:
for each pair of distinct query words that a hit's content holds, the fewest words between
two of their occurrences, ``d`` (1 for neighbours), counts ``1 / d``; the hit's proximity is
the sum over its pairs divided by the number of pairs the query has, so it lies in [0, 1]
(1: every pair of query words is adjacent somewhere; 0: fewer than two of them occur).
Words are those of BM25 (lower-cased, stop words dropped, lightly stemmed), so "the", "a"
do not stand between two words.

The boost is ``weight * proximity * spread``, ``spread`` being the best minus the worst
score entering the stage, as for ``recency`` and ``importance``; hits past ``depth`` are
left as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pydantic import Field

from cognimem.components import Options, Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Query

from ..scores import score_spread
from ..text import tokens

#: Content words read per hit (longer memories are read up to here).
MAX_WORDS = 5000


def positions(words: Sequence[str], wanted: set[str]) -> dict[str, list[int]]:
    """Where each wanted word occurs in ``words``."""
    found: dict[str, list[int]] = {}
    for at, word in enumerate(words):
        if word in wanted:
            found.setdefault(word, []).append(at)
    return found


def closest(a: list[int], b: list[int]) -> int:
    """The smallest distance between a position of ``a`` and one of ``b`` (both sorted)."""
    i = j = 0
    best = abs(a[0] - b[0])
    while i < len(a) and j < len(b):
        best = min(best, abs(a[i] - b[j]))
        if a[i] < b[j]:
            i += 1
        else:
            j += 1
    return best


def proximity(query_words: Sequence[str], content_words: Sequence[str]) -> float:
    """Sum of ``1 / distance`` over the query's word pairs found, over its number of pairs."""
    wanted = list(dict.fromkeys(query_words))
    if len(wanted) < 2:
        return 0.0
    found = positions(content_words, set(wanted))
    total = 0.0
    for a, b in combinations([w for w in wanted if w in found], 2):
        total += 1.0 / max(1, closest(found[a], found[b]))
    pairs = len(wanted) * (len(wanted) - 1) / 2
    return total / pairs


class Proximity(Ranker):
    """Boost the best ``depth`` hits by how close together they hold the query's words."""

    reads_access_history = False
    reads_beside_writes = True  # holds no state a search changes

    name = "proximity"
    glossary = {"proximity": "query words close together", "boost": "boost"}

    class Options(Options):
        """How strong the boost is and how many hits it looks at."""

        weight: float = Field(default=0.1, ge=0, le=10,
                              description="boost, in units of score spread")
        depth: int = Field(default=30, ge=1, le=1000,
                           description="the best hits rescored; the rest are left as they are")

    options: Proximity.Options

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Add the proximity boost to the ``depth`` best hits."""
        query_words = tokens(query.text)
        if len(set(query_words)) < 2 or not hits:
            return hits
        spread = score_spread(hits)
        best = sorted(hits, key=lambda h: -h.score)[: self.options.depth]
        for hit in best:
            p = proximity(query_words, tokens(hit.memory.content)[:MAX_WORDS])
            boost = self.options.weight * p * spread
            self.contribute(hit, hit.score + boost, proximity=round(p, 4), boost=boost)
        return hits
