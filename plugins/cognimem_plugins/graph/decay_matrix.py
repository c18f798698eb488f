"""``synaptic``: mem-graph's synaptic decay — a rate per (source layer, target layer, type).

Every ``period_days`` that a synapse has gone unused, its weight is multiplied by the rate
the matrix gives for its endpoints' layers and its type. The matrix is seeded with
mem-graph's 20 rows (its ``bm25_auto`` type is our ``auto``); a rate is looked up as
(source, target, type), then the mirrored (target, source, type) — mem-graph's rows describe
layer pairs in either direction — then (source, ``*``, type), then ``fallback_rate`` (0.85,
mem-graph's fallback). Rows in the ``matrix`` option override or extend the seed, keyed
``"source/target/type"``.

* Synapses used or created within ``grace_days`` (mem-graph: 7) are left alone.
* Hot synapses are exempt: used at least ``hot_uses`` times, the last within ``hot_days``
  (the plugin counts a use when a search returns both ends of a synapse).
* ``exempt_types`` (default ``parent_child``: structure, not association) never decay.
* Whole periods only: the edge remembers when it last decayed (``meta["decayed_at"]``), so
  running maintenance twice changes nothing the second time.
* A weight that falls under ``prune_floor`` (0.1) deletes the synapse.

Returns edge actions (``reweight`` or ``prune``); the engine applies and logs them.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pydantic import Field

from cognimem.components import DecayAction, DecayPolicy, Options
from cognimem.models import Edge

from .kg import SYNAPSE_TYPES, graph_service, is_entity

if TYPE_CHECKING:
    from cognimem.context import Context

#: mem-graph's DECAY_MATRIX_SEED (src/db.ts), bm25_auto renamed auto.
MEM_GRAPH_MATRIX: dict[tuple[str, str, str], float] = {
    ("procedural", "procedural", "wikilink"): 0.995,
    ("procedural", "procedural", "auto"): 0.98,
    ("procedural", "semantic", "wikilink"): 0.99,
    ("procedural", "semantic", "auto"): 0.94,
    ("procedural", "episodic", "wikilink"): 0.97,
    ("procedural", "episodic", "auto"): 0.92,
    ("procedural", "partner", "wikilink"): 0.99,
    ("procedural", "partner", "auto"): 0.96,
    ("semantic", "semantic", "wikilink"): 0.99,
    ("semantic", "semantic", "auto"): 0.93,
    ("semantic", "*", "wikilink"): 0.95,
    ("semantic", "*", "auto"): 0.85,
    ("episodic", "episodic", "wikilink"): 0.95,
    ("episodic", "episodic", "auto"): 0.88,
    ("episodic", "working", "wikilink"): 0.80,
    ("episodic", "working", "auto"): 0.60,
    ("working", "working", "wikilink"): 0.70,
    ("working", "working", "auto"): 0.40,
    ("partner", "partner", "wikilink"): 0.999,
    ("partner", "partner", "auto"): 0.97,
}


class DecayMatrix:
    """Rates keyed by (source layer, target layer, type) with mirror and wildcard lookup."""

    def __init__(self, rows: dict[tuple[str, str, str], float], fallback: float) -> None:
        self.rows = dict(rows)
        self.fallback = fallback

    def rate(self, source: str, target: str, type: str) -> float:
        """The rate for a synapse between layers ``source`` -> ``target`` of ``type``."""
        for key in ((source, target, type), (target, source, type), (source, "*", type)):
            if key in self.rows:
                return self.rows[key]
        return self.fallback


def _parse_rows(rows: dict[str, float]) -> dict[tuple[str, str, str], float]:
    out = {}
    for key, value in rows.items():
        parts = key.split("/")
        if len(parts) != 3:
            from cognimem.errors import ProfileError

            raise ProfileError(
                f"decay 'synaptic': matrix key {key!r} must be \"source/target/type\" "
                "(layers or *, then a synapse type)")
        out[(parts[0], parts[1], parts[2])] = float(value)
    return out


class SynapticDecay(DecayPolicy):
    """Decays unused synapses by the five-layer matrix; prunes the ones that fade out."""


    name = "synaptic"

    class Options(Options):
        """Cadence, floors and exemptions of synaptic decay."""

        period_days: float = Field(default=7.0, gt=0, description="one matrix step per period")
        grace_days: float = Field(default=7.0, ge=0,
                                  description="synapses used or made this recently are left alone")
        prune_floor: float = Field(default=0.1, ge=0, le=5)
        fallback_rate: float = Field(default=0.85, gt=0, le=1)
        hot_uses: int = Field(default=3, ge=1, description="uses that make a synapse hot")
        hot_days: float = Field(default=30.0, ge=0, description="...if the last use is this recent")
        exempt_types: list[str] = Field(default_factory=lambda: ["parent_child"])
        types: list[str] = Field(default_factory=lambda: sorted(SYNAPSE_TYPES),
                                 description="edge types that decay")
        matrix: dict[str, float] = Field(default_factory=dict,
                                         description='extra rows: {"src/tgt/type" = rate}')

    options: SynapticDecay.Options

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        self.matrix = DecayMatrix({**MEM_GRAPH_MATRIX, **_parse_rows(self.options.matrix)},
                                  self.options.fallback_rate)

    def apply(self, ctx: Context, now: datetime) -> list[DecayAction]:
        """Plan the reweights and prunes due at ``now``."""
        opts = self.options
        graph = graph_service(ctx)
        period = timedelta(days=opts.period_days)
        decaying = set(opts.types) - set(opts.exempt_types)
        actions: list[DecayAction] = []
        for edge in ctx.records.iter_edges():
            if edge.type not in decaying or is_entity(edge.source) or is_entity(edge.target):
                continue
            source, target = graph.node(edge.source), graph.node(edge.target)
            if source is None or target is None or source.layer is None or target.layer is None:
                continue
            action = self.plan(edge, source.layer, target.layer, now, period)
            if action is not None:
                actions.append(action)
        return actions

    def plan(self, edge: Edge, source_layer: str, target_layer: str, now: datetime,
             period: timedelta) -> DecayAction | None:
        """The action due for one synapse, or None."""
        opts = self.options
        used = edge.last_used_at
        stamps = [d for d in (edge.created_at, used) if d is not None]
        if not stamps or now - max(stamps) < timedelta(days=opts.grace_days):
            return None
        active = max(stamps)
        if (used is not None and edge.use_count >= opts.hot_uses
                and now - used < timedelta(days=opts.hot_days)):
            return None
        decayed = edge.meta.get("decayed_at")
        anchor = max(active, datetime.fromisoformat(decayed)) if decayed else active
        steps = int((now - anchor) / period)
        if steps < 1:
            return None
        rate = self.matrix.rate(source_layer, target_layer, edge.type)
        weight = edge.weight * rate**steps
        reason = (f"{steps} period(s) unused at rate {rate} "
                  f"({source_layer}->{target_layer}, {edge.type})")
        if weight < opts.prune_floor:
            return DecayAction(target="edge", id=edge.source, edge=edge.key, action="prune",
                               changes={"weight": round(weight, 6)}, reason=reason)
        stamp = (anchor + steps * period).isoformat()
        return DecayAction(target="edge", id=edge.source, edge=edge.key, action="reweight",
                           changes={"weight": round(weight, 6),
                                    "meta": {**edge.meta, "decayed_at": stamp}},
                           reason=reason)
