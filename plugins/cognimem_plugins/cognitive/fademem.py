"""``fademem``: FadeMem's dual-layer lifecycle (memory-v2's decay sweep) as a decay policy.

For every live memory, at the sweep's time ``now``::

    v(t)      = v0 exp(-lambda t^beta)               strength; beta 0.8 in LTM, 1.2 in STM
    relevance = r0 * v(t) / v0                       r0: the memory's importance (0.5 default)
    frequency = ln(count + 1) / ln(max_count + 1)    log-normalised access count
    recency   = exp(-rate * hours_since_access)
    I(t)      = 0.4 relevance + 0.3 frequency + 0.3 recency

    promote   STM -> LTM   when I >= 0.7
    demote    LTM -> STM   when I <= 0.3             (between: the hysteresis band, no move)
    archive   STM -> grave when I < 0.1 and the memory is older than 30 days

``t`` and ``hours_since_access`` are hours since the last access (since creation for a
memory never retrieved). Memories with the ``protected`` flag or a protected tag are never
demoted or archived (they may still be promoted).

Two choices close gaps the seed leaves:

* **Relevance in a sweep.** memory-v2 uses a constant 0.5 when no query is at hand. With a
  constant, ``I >= 0.4 * 0.5 = 0.2`` for every memory and the archive rule (``I < 0.1``)
  can never fire. Here the strength curve ``v(t)`` carries forgetting into the relevance
  term: ``r0`` (the memory's own ``importance``, whose default is the seed's 0.5; or the
  ``relevance`` option for all memories) fades as the memory goes unused.
* **Age for archival** is measured from the latest of the memory's creation and its last
  edit (``updated_at``: an update, a supersession link or a restore from the graveyard).
  A restored memory therefore gets the full 30 days again instead of returning to the
  graveyard at the next sweep; the policy's own tier moves do not reset it.

One sweep moves a memory at most one step (an LTM memory that falls below 0.1 is demoted
now and archived at a later sweep, if it is still unimportant).
"""

from __future__ import annotations

import math
from datetime import datetime

from pydantic import Field

from cognimem.components import DecayAction, DecayPolicy, Options
from cognimem.context import Context
from cognimem.models import Memory

from .protection import PROTECTED_TAGS, is_protected
from .timing import HOURS_PER_DAY, aware, hours_between

# ---------------------------------------------------------------------------------------------
# The equations, as plain functions.
# ---------------------------------------------------------------------------------------------


def strength(v0: float, rate: float, hours: float, beta: float) -> float:
    """``v(t) = v0 exp(-lambda t^beta)`` with ``t`` in hours (negative ``t`` counts as 0)."""
    return v0 * math.exp(-rate * max(hours, 0.0) ** beta)


def frequency_score(count: int, max_count: int) -> float:
    """``ln(count + 1) / ln(max_count + 1)``; 0 when nothing was ever accessed."""
    if max_count <= 0:
        return 0.0
    return min(math.log(count + 1) / math.log(max_count + 1), 1.0)


def recency_score(hours: float, rate: float) -> float:
    """``exp(-rate * hours_since_access)``."""
    return math.exp(-rate * max(hours, 0.0))


def importance_score(relevance: float, frequency: float, recency: float,
                     weights: tuple[float, float, float] = (0.4, 0.3, 0.3)) -> float:
    """``I = w_r relevance + w_f frequency + w_c recency`` (0.4, 0.3, 0.3 by default)."""
    w_r, w_f, w_c = weights
    return w_r * relevance + w_f * frequency + w_c * recency


# ---------------------------------------------------------------------------------------------
# The policy.
# ---------------------------------------------------------------------------------------------


class FadeMem(DecayPolicy):
    """Promote, demote and archive memories by their FadeMem importance."""

    name = "fademem"

    class Options(Options):
        """memory-v2's FadeMem constants."""

        relevance_weight: float = Field(default=0.4, ge=0)
        frequency_weight: float = Field(default=0.3, ge=0)
        recency_weight: float = Field(default=0.3, ge=0)
        relevance: float | None = Field(
            default=None, ge=0, le=1,
            description="sweep relevance r0 for every memory (unset: each memory's importance)")
        relevance_fades: bool = Field(default=True,
                                      description="scale relevance by the strength v(t)/v0")
        recency_rate: float = Field(default=0.1, ge=0,
                                    description="recency = exp(-rate * hours since access)")
        decay_rate: float = Field(
            default=0.1, ge=0,
            description="lambda per hour (a memory's meta.decay_rate overrides it)")
        initial_strength: float = Field(default=1.0, gt=0, description="v0")
        beta_ltm: float = Field(default=0.8, gt=0)
        beta_stm: float = Field(default=1.2, gt=0)
        promote_at: float = Field(default=0.7, description="STM -> LTM when I >= this")
        demote_at: float = Field(default=0.3, description="LTM -> STM when I <= this")
        archive_below: float = Field(default=0.1, description="archive when I < this ...")
        archive_after_days: float = Field(default=30.0, ge=0, description="... and older")
        protected_tags: list[str] = Field(default_factory=lambda: list(PROTECTED_TAGS))

    options: FadeMem.Options

    def assess(self, memory: Memory, max_count: int, now: datetime) -> dict[str, float]:
        """The FadeMem figures of one memory at ``now``: strength, the three signals, I."""
        opts = self.options
        since = hours_between(now, memory.last_accessed_at or memory.created_at)
        beta = opts.beta_ltm if memory.tier == "ltm" else opts.beta_stm
        rate = _decay_rate(memory, opts.decay_rate)
        v = strength(opts.initial_strength, rate, since, beta)
        r0 = memory.importance if opts.relevance is None else opts.relevance
        relevance = r0 * v / opts.initial_strength if opts.relevance_fades else r0
        frequency = frequency_score(memory.access_count, max_count)
        recency = recency_score(since, opts.recency_rate)
        value = importance_score(relevance, frequency, recency,
                                 (opts.relevance_weight, opts.frequency_weight,
                                  opts.recency_weight))
        return {"importance": value, "strength": v, "relevance": relevance,
                "frequency": frequency, "recency": recency, "hours_since_access": since}

    def apply(self, ctx: Context, now: datetime) -> list[DecayAction]:
        """Plan the tier moves and archivals due at ``now`` (nothing is written here)."""
        opts = self.options
        live = [m for m in ctx.records.iter_memories() if not m.archived]
        max_count = max((m.access_count for m in live), default=0)
        actions: list[DecayAction] = []
        for memory in live:
            figures = self.assess(memory, max_count, now)
            value = figures["importance"]
            protected = is_protected(memory, opts.protected_tags)
            why = _describe(figures, memory.tier)
            if memory.tier == "stm" and value >= opts.promote_at:
                actions.append(DecayAction(id=memory.id, action="promote",
                                           changes={"tier": "ltm"},
                                           reason=f"I {value:.3f} >= {opts.promote_at}; {why}"))
            elif protected:
                continue
            elif memory.tier == "ltm" and value <= opts.demote_at:
                actions.append(DecayAction(id=memory.id, action="demote",
                                           changes={"tier": "stm"},
                                           reason=f"I {value:.3f} <= {opts.demote_at}; {why}"))
            elif memory.tier == "stm" and value < opts.archive_below:
                touched = max(aware(memory.created_at), aware(memory.updated_at))
                age_days = hours_between(now, touched) / HOURS_PER_DAY
                if age_days > opts.archive_after_days:
                    actions.append(DecayAction(
                        id=memory.id, action="archive",
                        reason=(f"I {value:.3f} < {opts.archive_below} and untouched for "
                                f"{age_days:.1f} d > {opts.archive_after_days:g} d; {why}")))
        return actions


def _decay_rate(memory: Memory, default: float) -> float:
    value = memory.meta.get("decay_rate")
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return default


def _describe(figures: dict[str, float], tier: str) -> str:
    return (f"{tier}, relevance {figures['relevance']:.3f}, frequency "
            f"{figures['frequency']:.3f}, recency {figures['recency']:.3f}, strength "
            f"{figures['strength']:.3f}, {figures['hours_since_access']:.1f} h since access")
