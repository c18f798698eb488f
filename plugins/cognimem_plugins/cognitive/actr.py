"""``actr``: rerank hits by ACT-R activation (Anderson; memory-v2's read path).

Activation of memory *i* for a query::

    A_i = B_i + S_i + eps
    B_i = ln( sum_j t_j^-d )                      base-level learning
    S_i = sum_j W_j (S_max - ln fan_j)            spreading activation from the query
    eps = s ln(u / (1 - u)),  u ~ U(0, 1)         logistic noise
    P_i = 1 / (1 + exp(-(A_i - tau) / s))         retrieval probability
    protected memories: A_i >= tau + 1            the protected floor
    score = 0.6 * fused + 0.4 * A_i / 10          the blend (memory-v2)

Choices this module makes (each constant is an option of :class:`ACTR`):

* **Presentations** are the memory's creation plus every recorded access (the engine
  records one per returned hit), so a never-retrieved memory has a finite ``B``.
  ``t_j`` is the age of presentation *j* in **hours** (memory-v2 measures its decay in
  hours; differences of ``B`` do not depend on the unit, only the meaning of ``tau``
  does), floored at ``min_age_hours`` (one minute) so ``t -> 0`` stays finite.
* **Bounded cost**: ``base_level = "hybrid"`` (the default) is Petrov's (2006) hybrid: the
  ``recent`` most recent presentations exactly, the older ``n - recent`` in closed form,
  assuming they are spread evenly between the oldest kept one and the creation. Compute
  is O(recent) however often a memory was used; with ``n <= recent`` it is exact. It still
  reads each candidate's history from the record store. ``base_level = "counts"`` reads
  none: the creation and the memory's ``last_accessed_at`` exactly, its other
  ``access_count - 1`` retrievals in closed form spread evenly between the two. Constant
  cost per candidate from the memory row alone; the default profile uses it, because the
  access table grows with every search.
* **Context sources** ``j`` for spreading activation are the query's terms (tokenized and
  stemmed like the BM25 index). A memory is associated with a term that occurs in its
  content, title or tags. ``fan_j`` is the number of memories *in the current candidate
  set* associated with term ``j``; ``W_j = W / n`` for ``n`` query terms. With
  ``clamp_spreading`` an association never inhibits (a term in more than ``e^S_max``
  candidates adds 0 rather than a negative amount).
* **Noise** is off unless ``noise = true``. Blended at memory-v2's scale (0.04 per unit
  of activation), logistic noise with ``s = 0.25`` has a standard deviation of about 0.018,
  several times the RRF gap between the 1st and the 10th hit: measured on the LoCoMo dev
  set with BM25 it drops Recall@5 from 0.54 to 0.08 (0.30 with ``s = 0.05``). When on, it
  is seeded from the engine seed, the query, the memory's content hash and its number of
  presentations (so runs repeat and order never depends on insertion order), and it is
  still left out of any query that does not record accesses (evaluation runs and read-only
  look-ups set ``record_access = False``) and when the profile's ``search.record_access``
  is off.
* **Blend**. ``blend = "activation"`` is memory-v2's ``0.6 fused + 0.4 A / 10``. It does
  not survive contact with real scores: RRF scores span ~0.01-0.03 while A/10 moves by 0.1
  between a day-old and a half-year-old memory, so with no access history the blend sorts
  by age (LoCoMo dev, BM25 + MiniLM: Recall@5 0.54 -> 0.06), and once accesses are recorded
  the memories returned by the last few searches outrank everything relevant to the next.
  ``blend = "gain"`` (the default) keeps relevance in charge::

      score = 0.6 * fused * (1 + use_weight * U) + 0.4 * (S + eps) / 10
      U     = 1 - e^(B_c - B) = sum_accesses t_j^-d / sum_all t_j^-d

  ``U`` is the share of the memory's trace strength that comes from use (``B_c`` is the
  base level of its creation alone): 0 for a memory never retrieved, towards 1 for one used
  often and lately. Use is a bounded, relative boost (at most ``use_weight``, 10%, of the
  fused score), so it reorders relevant candidates but cannot lift an irrelevant one;
  context (spreading) and noise are blended as in memory-v2. For an unused memory the
  score is ``0.6 fused + 0.4 S / activation_scale``: age alone never reorders. At
  memory-v2's scale (10) spreading can override relevance; the ``cognitive`` profile uses
  40 (LoCoMo dev MRR@20 0.461 -> 0.478 with it, LongMemEval_S Hit@1 0.824 -> 0.847; at 10:
  0.486 and 0.776). The protected floor is
  reported (A and P) but not blended: it would put old protected memories first for every
  query. On LoCoMo, replaying the questions with every answer's top 10 recorded as
  accesses (history that is irrelevant to the next question: the worst case for a prior)
  costs BM25 Recall@5 0.012 (0.541 -> 0.529) with ``use_weight = 0.1``; memory-v2's blend
  drops it to 0.03.
"""

from __future__ import annotations

import math
import threading
from collections import Counter, OrderedDict
from collections.abc import Sequence, Set
from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from cognimem.components import Options, Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Memory, Query

from ..text import tokens
from .protection import PROTECTED_TAGS, is_protected
from .timing import hours_between

# ---------------------------------------------------------------------------------------------
# The equations, as plain functions.
# ---------------------------------------------------------------------------------------------


def base_level_exact(ages: Sequence[float], d: float) -> float:
    """``B = ln(sum_j t_j^-d)`` over presentation ages ``t_j`` (positive, in hours)."""
    return math.log(math.fsum(t ** -d for t in ages))


def base_level_hybrid(recent: Sequence[float], n: int, oldest: float, d: float) -> float:
    """Petrov's (2006) hybrid approximation of ``B`` for ``n`` presentations.

    ``recent`` holds the ages of the ``k`` most recent presentations (any order), computed
    exactly; the other ``n - k``, assumed evenly spread between the oldest of ``recent``
    (``t_k``) and ``oldest`` (``t_n``), contribute the closed form
    ``(n - k) (t_n^(1-d) - t_k^(1-d)) / ((1 - d)(t_n - t_k))``.
    """
    total = math.fsum(t ** -d for t in recent)
    rest = n - len(recent)
    if rest > 0:
        t_k = max(recent)
        total += rest * spread_decay(t_k, max(oldest, t_k), d)
    return math.log(total)


def spread_decay(t_k: float, t_n: float, d: float) -> float:
    """The mean of ``t^-d`` for ages spread evenly over ``[t_k, t_n]``:
    ``(t_n^(1-d) - t_k^(1-d)) / ((1 - d)(t_n - t_k))`` (``t_k^-d`` when they coincide)."""
    if t_n - t_k <= 1e-12 * t_k:
        return float(t_k ** -d)
    if d == 1.0:
        return math.log(t_n / t_k) / (t_n - t_k)
    return float((t_n ** (1 - d) - t_k ** (1 - d)) / ((1 - d) * (t_n - t_k)))


def base_level_counts(created: float, last: float, accesses: int, d: float) -> float:
    """``B`` from a memory row: its creation (age ``created``) and last access (``last``)
    exactly, its other ``accesses - 1`` retrievals spread evenly between them."""
    if accesses <= 0:
        return -d * math.log(created)
    total = created ** -d + last ** -d + (accesses - 1) * spread_decay(last, created, d)
    return math.log(total)


def spreading_activation(
    associated: Set[str], fans: dict[str, int], n_sources: int, w: float, s_max: float,
    clamp: bool = True,
) -> float:
    """``S = sum_j W_j (S_max - ln fan_j)`` over the sources ``j`` the memory is associated with.

    :param associated: the sources the memory is associated with.
    :param fans: ``fan_j`` per source (memories associated with it, at least 1).
    :param n_sources: how many sources the context has (``W_j = w / n_sources``).
    :param clamp: count a negative strength (``fan_j > e^S_max``) as 0.
    """
    if n_sources <= 0 or not associated:
        return 0.0
    w_j = w / n_sources
    total = 0.0
    for source in sorted(associated):
        strength = s_max - math.log(max(fans.get(source, 1), 1))
        total += w_j * (max(strength, 0.0) if clamp else strength)
    return total


def logistic_noise(u: float, s: float) -> float:
    """``eps = s ln(u / (1 - u))`` for ``u`` in (0, 1) (clamped away from 0 and 1)."""
    u = min(max(u, 1e-12), 1.0 - 1e-12)
    return s * math.log(u / (1.0 - u))


def retrieval_probability(activation: float, tau: float, s: float) -> float:
    """``P = 1 / (1 + exp(-(A - tau) / s))``, computed without overflow."""
    z = (activation - tau) / s
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def blend(fused: float, activation: float, fused_weight: float = 0.6,
          activation_weight: float = 0.4, scale: float = 10.0) -> float:
    """memory-v2's rerank: ``fused_weight * fused + activation_weight * activation / scale``."""
    return fused_weight * fused + activation_weight * activation / scale


def use_share(b: float, resting: float) -> float:
    """``1 - e^(B_c - B)``: the share of a memory's trace strength that comes from its use.

    With ``e^B = sum_j t_j^-d`` and ``e^(B_c) = t_creation^-d``, this is
    ``sum_accesses t_j^-d / sum_all t_j^-d``: 0 for a memory never retrieved, towards 1 for
    one retrieved often and lately, whatever its age.
    """
    return max(0.0, 1.0 - math.exp(resting - b))


def memory_terms(memory: Memory) -> set[str]:
    """The terms a memory is associated with: its content, title and tags, tokenized."""
    return set(tokens(" ".join((memory.title or "", memory.content, " ".join(memory.tags)))))


# ---------------------------------------------------------------------------------------------
# The ranker.
# ---------------------------------------------------------------------------------------------


class ACTR(Ranker):
    """Rerank by ACT-R activation: base level from use, spreading from the query, noise."""

    reads_beside_writes = True  # holds no state a search changes

    name = "actr"
    glossary = {
        "S": "spreading activation", "use_share": "share from past use",
        "B": "base-level activation", "A": "activation", "P": "retrieval probability",
        "fused": "fused score", "noise": "noise", "presentations": "times used",
    }

    class Options(Options):
        """ACT-R's constants (memory-v2's values) and how activation is blended in."""

        decay: float = Field(default=0.5, gt=0, le=1, description="d, the base-level decay")
        base_level: Literal["exact", "hybrid", "counts"] = Field(
            default="hybrid",
            description="exact sum, Petrov's bounded hybrid, or the hybrid from the "
                        "memory's access_count and last_accessed_at alone")
        recent: int = Field(default=10, ge=1, le=10_000,
                            description="hybrid: presentations kept exact")
        min_age_hours: float = Field(default=1 / 60, gt=0,
                                     description="floor of t_j (hours): guards t -> 0")
        spreading: bool = Field(default=True, description="add spreading activation S")
        source_weight: float = Field(default=1.0, ge=0, description="W, split over the sources")
        s_max: float = Field(default=1.5, description="S_max, the maximum associative strength")
        clamp_spreading: bool = Field(default=True, description="never let an association inhibit")
        noise: bool = Field(default=False,
                            description="add logistic noise (seeded; off for evaluation)")
        s: float = Field(default=0.25, gt=0, description="noise scale, also P's temperature")
        threshold: float = Field(default=-0.5, description="tau, the retrieval threshold")
        protected_offset: float = Field(default=1.0,
                                        description="protected floor = tau + protected_offset")
        protected_tags: list[str] = Field(default_factory=lambda: list(PROTECTED_TAGS))
        blend: Literal["activation", "gain"] = Field(
            default="gain",
            description="blend the gain over the resting level, or A itself (memory-v2)")
        use_weight: float = Field(
            default=0.1, ge=0,
            description="gain blend: the largest relative boost use can give a fused score")
        fused_weight: float = Field(default=0.6, ge=0)
        activation_weight: float = Field(default=0.4, ge=0)
        activation_scale: float = Field(default=10.0, gt=0)
        min_probability: float = Field(default=0.0, ge=0, le=1,
                                       description="drop hits whose P is below this")

    options: ACTR.Options

    #: Memories whose terms are kept (each search tokenizes its candidates otherwise).
    TERM_CACHE = 50_000

    @property
    def reads_access_history(self) -> bool:  # type: ignore[override]
        """Only the "counts" base level does without the history."""
        return self.options.base_level != "counts"

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._terms: OrderedDict[tuple[str, int, str], frozenset[str]] = OrderedDict()
        self._terms_lock = threading.Lock()

    def terms(self, memory: Memory) -> frozenset[str]:
        """:func:`memory_terms`, cached by id, version and content hash."""
        key = (memory.id, memory.version, memory.content_hash)
        with self._terms_lock:  # searches rank side by side in the store daemon
            found = self._terms.get(key)
            if found is not None:
                self._terms.move_to_end(key)
                return found
        found = frozenset(memory_terms(memory))
        with self._terms_lock:
            self._terms[key] = found
            if len(self._terms) > self.TERM_CACHE:
                self._terms.popitem(last=False)
        return found

    def base_level(self, created_at: datetime, accesses: Sequence[datetime],
                   now: datetime) -> tuple[float, float, int]:
        """``(B, B_c, n)``: the base level, the creation-only level and the presentations."""
        opts = self.options
        floor = opts.min_age_hours
        created = max(hours_between(now, created_at), floor)
        resting = -opts.decay * math.log(created)
        n = len(accesses) + 1
        tail = accesses[-opts.recent:] if opts.base_level == "hybrid" else accesses
        ages = sorted([created, *(max(hours_between(now, a), floor) for a in tail)])
        if opts.base_level == "exact" or n <= opts.recent:
            return base_level_exact(ages, opts.decay), resting, n
        oldest = max(created, max(hours_between(now, accesses[0]), floor))
        return base_level_hybrid(ages[: opts.recent], n, oldest, opts.decay), resting, n

    def base_level_from_counts(self, memory: Memory, now: datetime) -> tuple[float, float, int]:
        """``(B, B_c, n)`` from the memory row alone (:func:`base_level_counts`)."""
        opts = self.options
        floor = opts.min_age_hours
        created = max(hours_between(now, memory.created_at), floor)
        resting = -opts.decay * math.log(created)
        if memory.access_count == 0 or memory.last_accessed_at is None:
            return resting, resting, 1
        last = min(max(hours_between(now, memory.last_accessed_at), floor), created)
        b = base_level_counts(created, last, memory.access_count, opts.decay)
        return b, resting, memory.access_count + 1

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Score each hit by the blend of its fused score and its activation."""
        if not hits:
            return hits
        opts = self.options
        now = ctx.ctx.clock.now()
        counts = opts.base_level == "counts"
        history = {} if counts else ctx.records.access_times([h.id for h in hits])
        sources = set(tokens(query.text)) if opts.spreading else set()
        associated = {h.id: self.terms(h.memory) & sources for h in hits} if sources else {}
        fans = Counter(term for terms in associated.values() for term in terms)
        noisy = (opts.noise and query.record_access
                 and ctx.ctx.profile.search.record_access)
        floor = opts.threshold + opts.protected_offset
        explaining = self.explaining()
        # A (floored for protected memories) and P count only in the activation blend, a
        # probability cut or an explanation: the default's gain blend skips them otherwise
        needs_p = explaining or opts.blend == "activation" or opts.min_probability > 0
        kept: list[Hit] = []
        for hit in hits:
            b, resting, n = (
                self.base_level_from_counts(hit.memory, now) if counts
                else self.base_level(hit.memory.created_at, history.get(hit.id, []), now))
            s = (spreading_activation(associated.get(hit.id, set()), fans, len(sources),
                                      opts.source_weight, opts.s_max, opts.clamp_spreading)
                 if sources else 0.0)
            eps = 0.0
            if noisy:
                rng = ctx.ctx.rng(f"actr:{query.text}:{hit.memory.content_hash}:{n}")
                eps = logistic_noise(rng.random(), opts.s)
            activation, protected, floored, p = b + s + eps, False, False, 1.0
            if needs_p:
                protected = is_protected(hit.memory, opts.protected_tags)
                floored = protected and activation < floor
                if floored:
                    activation = floor
                p = retrieval_probability(activation, opts.threshold, opts.s)
            fused = hit.score
            if opts.blend == "activation":
                score = blend(fused, activation, opts.fused_weight, opts.activation_weight,
                              opts.activation_scale)
            else:
                share = use_share(b, resting) if n > 1 else 0.0  # exactly 0 when unused
                score = blend(fused * (1.0 + opts.use_weight * share), s + eps,
                              opts.fused_weight, opts.activation_weight, opts.activation_scale)
            if not explaining:
                self.contribute(hit, score)
            else:  # the telling numbers first: Hit.explain() shows the first three
                lead: dict[str, float] = (
                    {"A": _r(activation), "B": _r(b), "S": _r(s)} if opts.blend == "activation"
                    else {"S": _r(s), "use_share": _r(share), "B": _r(b)})
                rest = {"fused": _r(fused), "B": _r(b), "S": _r(s), "noise": _r(eps),
                        "A": _r(activation), "P": _r(p), "presentations": n,
                        "protected": protected, "floored": floored}
                self.contribute(hit, score, **lead, **{k: v for k, v in rest.items()
                                                        if k not in lead})
            if p >= opts.min_probability:
                kept.append(hit)
        return kept


def _r(value: float) -> float:
    """Seven significant digits: readable in an explanation, exact enough to recompute."""
    return float(f"{value:.7g}")
