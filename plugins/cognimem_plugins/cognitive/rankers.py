"""``recency``, ``importance``, ``supersession`` and ``validity``: small rerankers.

``recency`` and ``importance`` add a bounded boost, and ``validity`` a penalty, measured in
units of the **spread** of the scores entering the ranker (best minus worst hit): a weight
of 0.1 moves a hit by at most a tenth of the distance between the best and the worst
candidate. That keeps one weight meaningful whatever the fuser's scale (RRF's ~0.01-0.03,
a weighted fuser's 0-1, or ACT-R's blend), and signs never flip a boost into a penalty.
When every score is equal the spread is taken as the score's magnitude (or 1).

``supersession`` moves by **rank**, not by a multiplier: memnest found that a x0.5
penalty under rank fusion sinks a superseded memory below unrelated results, and hides
the only relevant memory when supersession forms a cycle.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from pydantic import Field

from cognimem.components import Options, Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Memory, Query

from ..scores import score_spread
from .timing import HOURS_PER_DAY, aware, hours_between

log = logging.getLogger("cognimem.cognitive")


def half_life_decay(age_days: float, half_life_days: float) -> float:
    """``0.5 ** (age / half_life)``: 1 for a new memory, 0.5 one half-life later."""
    return 0.5 ** (max(age_days, 0.0) / half_life_days)


def is_valid_at(memory: Memory, when: datetime, created_as_start: bool = False) -> bool:
    """Whether ``valid_from <= when < valid_until`` (an unset bound is open)."""
    start = memory.valid_from or (memory.created_at if created_as_start else None)
    if start is not None and aware(when) < aware(start):
        return False
    return memory.valid_until is None or aware(when) < aware(memory.valid_until)


class Recency(Ranker):
    """Boost newer memories: ``score + weight * 0.5^(age / half_life) * spread``."""

    reads_access_history = False

    name = "recency"
    glossary = {"age_days": "age in days", "recency": "recency factor"}

    class Options(Options):
        """How strong the boost is, how fast it halves, and what "age" counts from."""

        weight: float = Field(default=0.1, ge=0, description="boost, in units of score spread")
        half_life_days: float = Field(default=30.0, gt=0)
        since: Literal["created", "accessed"] = Field(
            default="created", description="age from creation, or from the last access")

    options: Recency.Options

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Add the recency boost (ages are taken at ``as_of`` when the query sets it)."""
        spread = score_spread(hits)
        now = query.as_of or ctx.ctx.clock.now()
        for hit in hits:
            origin = hit.memory.created_at
            if self.options.since == "accessed" and hit.memory.last_accessed_at is not None:
                origin = hit.memory.last_accessed_at
            age = hours_between(now, origin) / HOURS_PER_DAY
            f = half_life_decay(age, self.options.half_life_days)
            boost = self.options.weight * f * spread
            self.contribute(hit, hit.score + boost, age_days=round(age, 3), recency=round(f, 6),
                            boost=boost)
        return hits


class Importance(Ranker):
    """Boost important memories: ``score + weight * importance * spread``."""

    reads_access_history = False

    name = "importance"
    glossary = {"importance": "importance", "boost": "boost"}

    class Options(Options):
        """How strong the boost is."""

        weight: float = Field(default=0.1, ge=0, description="boost, in units of score spread")

    options: Importance.Options

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Add the importance boost (equal importances leave the order unchanged)."""
        spread = score_spread(hits)
        for hit in hits:
            boost = self.options.weight * hit.memory.importance * spread
            self.contribute(hit, hit.score + boost, importance=hit.memory.importance, boost=boost)
        return hits


class Validity(Ranker):
    """Demote facts outside their validity window now (or at the query's ``as_of``).

    A query with ``as_of`` is already filtered by the engine to the facts valid then
    (``Query.admits``), so it answers what was true at that time; without ``as_of`` an
    expired or not-yet-valid fact stays reachable, ranked below the valid ones.
    """

    reads_beside_writes = True  # holds no state a search changes

    reads_access_history = False

    name = "validity"
    glossary = {"penalty": "outside-validity penalty"}

    class Options(Options):
        """How far an invalid fact falls."""

        weight: float = Field(
            default=0.5, ge=0,
            description="penalty in units of score spread (1 = to the bottom of the candidates)")
        created_as_start: bool = Field(
            default=False, description="treat created_at as valid_from when that is unset")

    options: Validity.Options

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Subtract ``weight * spread`` from each hit not valid at the reference time."""
        spread = score_spread(hits)
        when = query.as_of or ctx.ctx.clock.now()
        for hit in hits:
            memory = hit.memory
            if is_valid_at(memory, when, self.options.created_as_start):
                continue
            not_yet = memory.valid_until is None or aware(when) < aware(memory.valid_until)
            penalty = self.options.weight * spread
            self.contribute(hit, hit.score - penalty, penalty=penalty,
                            why="not yet valid" if not_yet else "expired",
                            at=aware(when).isoformat(),
                            valid_from=memory.valid_from.isoformat() if memory.valid_from else None,
                            valid_until=(memory.valid_until.isoformat()
                                         if memory.valid_until else None))
        return hits


class Supersession(Ranker):
    """Rank a superseded memory just below its successor; report supersession cycles.

    For each superseded hit the chain ``superseded_by -> ... -> current`` is followed. When
    a successor is among the hits (or, with ``pull_successor``, the current version is
    pulled in because it was not), the superseded memory is moved just below it; the trail
    names what replaced it. With ``as_of`` a successor written after that time does not
    count (it did not exist yet). Members of a cycle are reported, not demoted.
    """

    reads_beside_writes = True  # holds no state a search changes

    reads_access_history = False

    name = "supersession"

    class Options(Options):
        """Whether to pull in current versions, and how far to follow a chain."""

        pull_successor: bool = Field(
            default=True, description="add the current version when only the old one matched")
        max_chain: int = Field(default=32, ge=1, le=10_000)

    options: Supersession.Options

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Reorder superseded hits below their successors (scores change only slightly)."""
        known: dict[str, Memory] = {h.id: h.memory for h in hits}
        present: dict[str, Hit] = {h.id: h for h in hits}
        chains: dict[str, Chain] = {}
        for hit in sorted(hits, key=lambda h: h.id):
            if hit.memory.superseded_by:
                chains[hit.id] = self.chain(hit.memory, known, ctx, query.as_of)
        reported: set[frozenset[str]] = set()
        for old_id, found in sorted(chains.items()):
            if found.cycle and frozenset(found.cycle) not in reported:
                reported.add(frozenset(found.cycle))
                log.warning("supersession cycle (no current version; break it with "
                            "update_links): %s", " -> ".join([*found.cycle, found.cycle[0]]))
            if (not self.options.pull_successor or found.cycle or not found.successors
                    or any(i in present for i in found.successors)):
                continue
            head = known[found.successors[-1]]
            if not query.admits(head):
                continue
            old = present[old_id]
            score = old.score + _gap(old.score)
            pulled = present.get(head.id)
            if pulled is None:
                pulled = Hit(memory=head, score=score)
                present[head.id] = pulled
                hits.append(pulled)
                self.contribute(pulled, score, pulled_in_for=old_id)
            elif score > pulled.score:
                self.contribute(pulled, score, pulled_in_for=old_id)
        order = sorted(chains.items(), key=lambda item: (len(item[1].successors), item[0]))
        for old_id, found in order:
            hit = present[old_id]
            detail: dict[str, object] = {"superseded_by": hit.memory.superseded_by,
                                         "chain_end": found.end}
            if found.successors:
                detail["current"] = found.successors[-1]
            if found.cycle:
                detail["supersession_cycle"] = found.cycle
            if old_id in found.cycle:
                self.contribute(hit, hit.score, exempt="supersession_cycle", **detail)
                continue
            successor = next((present[i] for i in found.successors if i in present), None)
            if successor is None:
                self.contribute(hit, hit.score, **detail)
                continue
            detail["below"] = successor.id
            score = hit.score
            if score >= successor.score:
                score = successor.score - _gap(successor.score)
            self.contribute(hit, score, demoted=score != hit.score, **detail)
        return hits

    def chain(self, memory: Memory, known: dict[str, Memory], ctx: SearchContext,
              as_of: datetime | None = None) -> Chain:
        """Follow ``superseded_by`` from ``memory`` (loading successors into ``known``)."""
        seen = [memory.id]
        successors: list[str] = []
        current = memory
        while current.superseded_by:
            if len(successors) >= self.options.max_chain:
                return Chain(successors, [], "max_chain")
            next_id = current.superseded_by
            if next_id in seen:
                return Chain(successors, seen[seen.index(next_id):], "cycle")
            if next_id not in known:
                known.update(ctx.records.get_memories([next_id]))
            successor = known.get(next_id)
            if successor is None:
                return Chain(successors, [], "missing")
            if as_of is not None and aware(successor.created_at) > aware(as_of):
                return Chain(successors, [], "after_as_of")
            successors.append(next_id)
            seen.append(next_id)
            current = successor
        return Chain(successors, [], "current")


@dataclass
class Chain:
    """Where following ``superseded_by`` led: the successors in order, a cycle, and why it
    stopped ("current", "cycle", "missing", "after_as_of" or "max_chain")."""

    successors: list[str]
    cycle: list[str]
    end: str


def _gap(score: float) -> float:
    """A step too small to pass any other hit, but enough to order two scores."""
    return max(abs(score) * 1e-9, 1e-12)

