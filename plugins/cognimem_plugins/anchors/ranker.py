"""``anchors``: memories about code whose code changed rank lower, and say so.

For each hit with anchors (``meta.anchors``, taken when it was written), the ranker checks
the anchored files in the session's folder (:mod:`.freshness`): a *stale* memory (the
anchored text changed) loses ``stale_weight`` score spreads, an *orphaned* one (a file is
gone) ``orphaned_weight``; a fresh one keeps its score. Each anchored hit's copy carries its
state under ``meta.anchor_state``, which the ``recall`` tool and ``cognimem search`` show, and
an explained search has the step in its trail. Hits without anchors are left as they are.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from cognimem.components import Options, Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Query
from cognimem.session import current as current_session

from ..scores import score_spread
from .freshness import STATE, Checker


class Anchors(Ranker):
    """Rank memories about changed or deleted code lower, and label them."""

    reads_access_history = False
    reads_beside_writes = True  # the checker's cache is locked; files are only read

    name = "anchors"
    glossary = {"stale": "anchored code changed", "orphaned": "anchored file gone",
                "penalty": "penalty"}

    class Options(Options):
        """How much a stale or orphaned memory loses."""

        stale_weight: float = Field(default=0.3, ge=0, le=10,
                                    description="penalty of a stale memory, in score spreads")
        orphaned_weight: float = Field(default=0.6, ge=0, le=10,
                                       description="penalty of an orphaned memory, in spreads")

    options: Anchors.Options

    def __init__(self, options: BaseModel | None = None) -> None:
        super().__init__(options)
        self.checker = Checker()

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Check each anchored hit; lower and label the stale and orphaned ones."""
        session = current_session()
        spread: float | None = None
        for hit in hits:
            found = self.checker.check(hit.memory, session)
            if found is None:
                continue
            memory = hit.memory.model_copy(
                update={"meta": {**hit.memory.meta, STATE: {**found.as_dict(),
                                                            "label": found.label()}}})
            hit.memory = memory
            if found.state == "fresh":
                continue
            if spread is None:
                spread = score_spread(hits)
            weight = self.options.stale_weight if found.state == "stale" \
                else self.options.orphaned_weight
            penalty = weight * spread
            self.contribute(hit, hit.score - penalty, penalty=penalty,
                            **{found.state: 1.0}, label=found.label())
        return hits
