"""``spreading``: mem-graph's spreading activation over synapses, as a retriever.

The retriever is a composition of stages (:mod:`cognimem.stages`):
``LexicalSeeds(every_layer=True) % seeds >> Spread(options) % k``. :class:`Spread` spreads
from whatever the stage before it found, so ``vector % 20 >> Spread(options)`` seeds from
dense retrieval instead.

Seeds are the lexical index's best matches for the query, each starting with its BM25 score
scaled so the best seed has ``seed_activation`` (mem-graph starts every seed at 5.0). From
each seed, activation spreads along synapses (either direction) for at most ``max_hops``
hops: a step over a synapse of weight ``w`` onto memory ``m`` carries
``activation * w * attenuation`` (times ``m.importance`` with ``use_importance``), only over
synapses of weight >= ``min_weight``. A path never revisits a memory (path-based cycle
prevention). A memory's score is its best path's activation (``combine = "max"``, as
mem-graph's ``MAX(effective_weight)``) or the sum over paths (``"sum"``).

Layers: a step may enter a memory whose layer is in ``land_on_layers`` or
``pass_through_layers``; only memories of ``land_on_layers`` are returned. So with the
defaults (land on everything but ``working``, pass through ``semantic``) working memories are
neither reached nor returned, and a pass-through-only layer is a bridge that is never itself
a result. Seeds in other layers still spread but are not returned.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cognimem.components import Retriever
from cognimem.context import SearchContext
from cognimem.errors import ProfileError
from cognimem.models import LAYERS, Candidate, Layer, Query
from cognimem.stages import Ranking, Stage

from .kg import SYNAPSE_TYPES, GraphService, Node, graph_service

#: mem-graph's defaults: land on every layer but working; pass through semantic.
LAND_ON: tuple[Layer, ...] = ("episodic", "semantic", "procedural", "partner")
PASS_THROUGH: tuple[Layer, ...] = ("semantic",)


def admits(node: Node, query: Query) -> bool:
    """Whether a memory node passes the query's scope, layer and archive filters."""
    if node.kind != "memory":
        return False
    if node.archived and not query.include_archived:
        return False
    if node.superseded and not query.include_superseded:
        return False
    scope = query.scope
    if scope.project is not None and scope.project != node.project:
        return False
    if scope.agent is not None and scope.agent != node.agent:
        return False
    if scope.user is not None and scope.user != node.user:
        return False
    return query.layers is None or node.layer in query.layers


class SpreadingRetriever(Retriever):
    """Text-match seeds, then activation spreading over wikilink/auto/parent_child synapses."""


    name = "spreading"

    class Options(Retriever.Options):
        """mem-graph's ``memory_activate`` bounds, all adjustable."""

        seeds: int = Field(default=20, ge=1, le=1000, description="lexical matches used as seeds")
        seed_activation: float = Field(default=5.0, gt=0, description="the best seed's activation")
        max_hops: int = Field(default=2, ge=0, le=6, description="max hop depth")
        min_weight: float = Field(default=0.3, ge=0, le=5, description="min synapse weight")
        attenuation: float = Field(default=0.5, gt=0, le=1, description="factor per hop")
        use_importance: bool = Field(default=True,
                                     description="multiply each step by the memory's importance")
        combine: Literal["max", "sum"] = "max"
        types: list[str] = Field(default_factory=lambda: sorted(SYNAPSE_TYPES),
                                 description="edge types spread over")
        land_on_layers: list[Layer] = Field(default_factory=lambda: list(LAND_ON))
        pass_through_layers: list[Layer] = Field(default_factory=lambda: list(PASS_THROUGH))
        max_paths: int = Field(default=200_000, ge=1, description="work bound per query")

    options: SpreadingRetriever.Options

    def open(self, ctx: object) -> None:
        """Check the profile has a lexical index to seed from."""
        if getattr(ctx, "lexical", None) is None:
            raise ProfileError(
                "profile key `retrieve`: retriever 'spreading' needs a [lexical] table")

    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        """Spread from the lexical seeds; the best-activated memories first."""
        return self.rounds()(query, ctx).candidates

    def rounds(self) -> Stage:
        """The retriever as one stage value: ``LexicalSeeds(every_layer=True) % seeds >>
        Spread(options) % k``."""
        o = self.options
        return LexicalSeeds(every_layer=True) % o.seeds >> Spread(o) % o.k


class LexicalSeeds(Stage):
    """The lexical index's best matches for the ranking's query, ``% k`` deep: where a walk
    over the graph starts. With ``every_layer`` the query's layers are not applied (a seed in
    a layer the query leaves out still spreads); without a lexical index there are none."""

    def __init__(self, every_layer: bool = False) -> None:
        self.every_layer = every_layer

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        lexical = ctx.ctx.lexical
        if lexical is None or ranking.depth is None:
            return ranking.but(candidates=[], hits=None)
        query = ranking.query
        if self.every_layer:
            query = query.model_copy(update={"layers": None})
        return ranking.but(candidates=lexical.search(query, ranking.depth), hits=None)

    def __repr__(self) -> str:
        return "LexicalSeeds(every_layer)" if self.every_layer else "LexicalSeeds"


class Spread(Stage):
    """Spreading activation from the current candidates (the seeds the stage before found),
    each starting at its score scaled so the best has ``seed_activation``; the memories it
    reaches, best-activated first, become the candidates (``ranking.depth`` of them when
    set)."""

    def __init__(self, options: SpreadingRetriever.Options) -> None:
        self.options = options

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        seeds = ranking.candidates
        if not seeds:
            return ranking.but(candidates=[], hits=None)
        opts = self.options
        top = max(abs(c.score) for c in seeds) or 1.0
        start = {c.id: opts.seed_activation * abs(c.score) / top for c in seeds}
        scores = spread(graph_service(ctx.ctx), start, ranking.query, opts.max_hops,
                        opts.min_weight, opts.attenuation, set(opts.types),
                        set(opts.land_on_layers), set(opts.pass_through_layers),
                        opts.use_importance, opts.combine, opts.max_paths)
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[: ranking.depth]
        return ranking.but(candidates=[Candidate(id=i, score=s, rank=r)
                                       for r, (i, s) in enumerate(ranked, 1)], hits=None)

    def __repr__(self) -> str:
        return "Spread"


def spread(graph: GraphService, start: dict[str, float], query: Query, max_hops: int,
           min_weight: float, attenuation: float, types: set[str], land_on: set[str],
           pass_through: set[str], use_importance: bool = True, combine: str = "max",
           max_paths: int = 200_000) -> dict[str, float]:
    """Spreading activation from ``start`` (memory id -> activation); memory id -> score.

    Paths are expanded breadth first; each carries the ids it visited, so no path loops.
    """
    for layer in land_on | pass_through:
        if layer not in LAYERS:
            raise ProfileError(f"spreading: unknown layer {layer!r}; layers: {', '.join(LAYERS)}")
    enterable = land_on | pass_through
    scores: dict[str, float] = {}

    def credit(node: Node, value: float) -> None:
        if node.layer in land_on and admits(node, query):
            if combine == "max":
                scores[node.id] = max(scores.get(node.id, 0.0), value)
            else:
                scores[node.id] = scores.get(node.id, 0.0) + value

    frontier: list[tuple[str, float, tuple[str, ...]]] = []
    for memory_id, value in start.items():
        node = graph.node(memory_id)
        if node is None or node.kind != "memory":
            continue
        credit(node, value)
        frontier.append((memory_id, value, (memory_id,)))
    best: dict[str, float] = dict(start)
    budget = max_paths
    for _hop in range(max_hops):
        nxt: list[tuple[str, float, tuple[str, ...]]] = []
        for node_id, value, path in frontier:
            for other, link in graph.neighbours(node_id):
                if link.type not in types or link.weight < min_weight or other in path:
                    continue
                node = graph.node(other)
                if node is None or node.kind != "memory" or node.layer not in enterable:
                    continue
                if node.archived and not query.include_archived:
                    continue
                step = value * link.weight * attenuation
                if use_importance:
                    step *= node.importance
                credit(node, step)
                if combine == "max" and step <= best.get(other, 0.0):
                    continue  # a stronger path already reached it: this one is dominated
                best[other] = max(best.get(other, 0.0), step)
                nxt.append((other, step, (*path, other)))
                budget -= 1
                if budget <= 0:
                    return scores
        frontier = nxt
    return scores
