"""``ppr``: HippoRAG-style personalized PageRank over the entity and memory graph.

1. Seed entities: the query's words are matched to entity names (the share of an entity's
   words found in the query, IDF-weighted; at least ``min_overlap``); exact entity matches
   of the query's own entities (identifiers, paths, names) count fully. When nothing
   matches, the query is embedded and compared with the entity names' embeddings (made with
   the engine's embedder, cached) and the ``fallback_seeds`` nearest above
   ``min_similarity`` are used.
2. Each seed's weight is its match score times its specificity (HippoRAG's node
   specificity: 1 / the number of memories mentioning it, with ``specificity = "inverse"``).
   Optionally (HippoRAG 2) the lexical index's best memories are seeded too, with
   ``memory_seed_weight``: the retriever is then ``LexicalSeeds() % memory_seeds >>
   PageRankWalk(retriever) % k`` (:mod:`cognimem.stages`), and the walk takes as memory
   seeds whatever the stage before it found (``vector % 10 >> PageRankWalk(retriever)``).
3. Personalized PageRank with rustworkx on the derived graph (every edge is two arcs, so the
   walk is undirected; parallel edges sum), damping ``damping`` (0.85 as memory-v2, 0.5 as
   HippoRAG 2). With ``max_hops`` the walk is restricted to the seeds' neighbourhood.
4. Memories are ranked by the probability mass they receive.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import rustworkx as rx
from pydantic import Field

from cognimem.components import Retriever
from cognimem.context import SearchContext
from cognimem.models import Candidate, Query
from cognimem.stages import Ranking, Stage

from ..text import tokens
from .entities import find_entities
from .kg import MENTIONS, GraphService, graph_service
from .spreading import LexicalSeeds, admits


class PPRRetriever(Retriever):
    """Personalized PageRank from the query's entities; memories ranked by mass received."""


    name = "ppr"

    class Options(Retriever.Options):
        """Seeding, damping and the walk's extent."""

        damping: float = Field(default=0.5, gt=0, lt=1,
                               description="probability of following an edge (0.85 memory-v2, "
                                           "0.5 HippoRAG 2)")
        min_overlap: float = Field(default=0.5, gt=0, le=1,
                                   description="share of an entity's words the query must hold")
        max_seeds: int = Field(default=20, ge=1, description="entity seeds kept (best first)")
        specificity: Literal["inverse", "log", "none"] = "inverse"
        fallback_seeds: int = Field(default=3, ge=0,
                                    description="entities seeded by embedding when no word matches")
        min_similarity: float = Field(default=0.4, ge=-1, le=1)
        memory_seeds: int = Field(default=0, ge=0,
                                  description="lexical best matches also seeded (HippoRAG 2)")
        memory_seed_weight: float = Field(default=0.05, ge=0)
        max_hops: int | None = Field(default=None, ge=1, le=10,
                                     description="restrict the walk to this many hops of the seeds")
        type_weights: dict[str, float] = Field(default_factory=dict,
                                               description="multiplier per edge type (default 1)")
        max_iter: int = Field(default=100, ge=1)
        tol: float = Field(default=1e-6, gt=0)

    options: PPRRetriever.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._postings: dict[str, set[str]] = {}
        self._idf: dict[str, float] = {}
        self._postings_version = -1
        self._names: list[str] = []
        self._matrix: np.ndarray | None = None
        self._matrix_version = -1
        self._copy: rx.PyDiGraph | None = None
        self._copy_version = -1

    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        """Seed, walk, rank memories by PageRank mass."""
        return self.rounds()(query, ctx).candidates

    def rounds(self) -> Stage:
        """The retriever as one stage value: the walk, after ``LexicalSeeds() %
        memory_seeds`` when memories are seeded too."""
        o = self.options
        walk = PageRankWalk(self) % o.k
        return LexicalSeeds() % o.memory_seeds >> walk if o.memory_seeds else walk

    # seeding -----------------------------------------------------------------------------------

    def _index(self, graph: GraphService) -> None:
        if self._postings_version == graph.version:
            return
        postings: dict[str, set[str]] = {}
        for entity, words in graph.entity_tokens().items():
            for word in words:
                postings.setdefault(word, set()).add(entity)
        n = max(1, len(graph.entity_tokens()))
        self._postings = postings
        self._idf = {w: math.log(1 + n / len(ids)) for w, ids in postings.items()}
        self._postings_version = graph.version

    def match_entities(self, graph: GraphService, text: str) -> dict[str, float]:
        """Entity id -> match score (0..1] for the words and entities of ``text``."""
        self._index(graph)
        scores: dict[str, float] = {}
        for found in find_entities(text):
            if graph.node(found.id) is not None:
                scores[found.id] = 1.0
        words = set(tokens(text))
        candidates: set[str] = set()
        for word in words:
            candidates |= self._postings.get(word, set())
        table = graph.entity_tokens()
        for entity in candidates:
            names = table.get(entity) or set()
            if not names:
                continue
            total = sum(self._idf.get(w, 1.0) for w in names)
            hit = sum(self._idf.get(w, 1.0) for w in names & words)
            share = hit / total if total else 0.0
            if share >= self.options.min_overlap:
                scores[entity] = max(scores.get(entity, 0.0), share)
        return scores

    def _nearest_entities(self, graph: GraphService, ctx: SearchContext) -> dict[str, float]:
        embedder = ctx.ctx.embedder
        opts = self.options
        if embedder is None or opts.fallback_seeds == 0:
            return {}
        if self._matrix_version != graph.version:
            names = sorted(graph.entity_tokens())
            missing = [n for n in names if n not in graph.name_vectors]
            for start in range(0, len(missing), 256):
                chunk = missing[start : start + 256]
                vectors = embedder.embed_batch([graph.node(n).label for n in chunk])  # type: ignore[union-attr]
                for name, vector in zip(chunk, vectors, strict=True):
                    graph.name_vectors[name] = vector
            self._names = names
            self._matrix = (np.stack([graph.name_vectors[n] for n in names])
                            if names else None)
            self._matrix_version = graph.version
        vector = ctx.query_vector()
        if self._matrix is None or vector is None:
            return {}
        sims = self._matrix @ np.asarray(vector, dtype=np.float32)
        order = np.argsort(-sims)[: opts.fallback_seeds]
        return {self._names[i]: float(sims[i]) for i in order if sims[i] >= opts.min_similarity}

    def seeds(self, graph: GraphService, query: Query, ctx: SearchContext,
              memories: Sequence[Candidate] = ()) -> dict[str, float]:
        """The personalization vector: node id -> weight (not normalized); ``memories`` (a
        ranked list) are seeded with ``memory_seed_weight`` times their share of the best
        score."""
        opts = self.options
        matched = self.match_entities(graph, query.text) or self._nearest_entities(graph, ctx)
        ranked = sorted(matched.items(), key=lambda kv: (-kv[1], kv[0]))[: opts.max_seeds]
        personal: dict[str, float] = {}
        for entity, score in ranked:
            mentions = sum(1 for lk in graph.links_of(entity, (MENTIONS,))) or 1
            if opts.specificity == "inverse":
                score /= mentions
            elif opts.specificity == "log":
                score /= 1 + math.log(mentions)
            personal[entity] = score
        top = max((abs(h.score) for h in memories), default=0.0) or 1.0
        for hit in memories:
            if graph.node(hit.id) is not None:
                personal[hit.id] = (personal.get(hit.id, 0.0)
                                    + opts.memory_seed_weight * abs(hit.score) / top)
        return {k: v for k, v in personal.items() if v > 0}

    # the walk ---------------------------------------------------------------------------------

    def pagerank(self, graph: GraphService, personal: dict[str, float]) -> dict[str, float]:
        """Personalized PageRank mass of every node reached (node id -> mass)."""
        opts = self.options
        g = self._weighted(graph)
        if opts.max_hops is not None:
            keep = neighbourhood(graph, list(personal), opts.max_hops)
            g = g.subgraph(sorted(keep))
            index = {g[i].id: i for i in g.node_indices()}
        else:
            index = graph.index
        vector = {index[n]: v for n, v in personal.items() if n in index}
        if not vector:
            return {}
        ranks = rx.pagerank(g, alpha=opts.damping, weight_fn=float, personalization=vector,
                            nstart=vector, dangling=vector, max_iter=opts.max_iter,
                            tol=opts.tol)
        return {g[i].id: v for i, v in ranks.items() if v > 0}

    def _weighted(self, graph: GraphService) -> rx.PyDiGraph:
        """The graph with arc weights times ``type_weights`` (the graph itself without them);
        a copy made once per graph version."""
        weights = self.options.type_weights
        if not weights:
            return graph.graph
        if self._copy_version != graph.version or self._copy is None:
            copy = graph.graph.copy()
            for arc, link in graph.arc_link.items():
                factor = weights.get(link.type, 1.0)
                if factor != 1.0:
                    copy.update_edge_by_index(arc, max(link.weight * factor, 1e-12))
            self._copy, self._copy_version = copy, graph.version
        return self._copy


class PageRankWalk(Stage):
    """The retriever's walk as a stage: seeded from the query's entities and the current
    candidates (memory seeds), memories ranked by the mass they receive become the
    candidates (``ranking.depth`` of them when set)."""

    def __init__(self, retriever: PPRRetriever) -> None:
        self.retriever = retriever

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        graph = graph_service(ctx.ctx)
        query = ranking.query
        personal = self.retriever.seeds(graph, query, ctx, ranking.candidates)
        if not personal:
            return ranking.but(candidates=[], hits=None)
        out = []
        for node_id, value in self.retriever.pagerank(graph, personal).items():
            node = graph.node(node_id)
            if node is not None and value > 0 and admits(node, query):
                out.append((node_id, value))
        out.sort(key=lambda kv: (-kv[1], kv[0]))
        return ranking.but(candidates=[Candidate(id=i, score=s, rank=r)
                                       for r, (i, s) in enumerate(out[: ranking.depth], 1)],
                           hits=None)

    def __repr__(self) -> str:
        return "PageRankWalk"


def neighbourhood(graph: GraphService, start: list[str], hops: int) -> set[int]:
    """Node indices within ``hops`` links of any start node."""
    seen = {graph.index[s] for s in start if s in graph.index}
    frontier = set(seen)
    for _ in range(hops):
        nxt: set[int] = set()
        for idx in frontier:
            nxt.update(graph.graph.successor_indices(idx))
        nxt -= seen
        seen |= nxt
        frontier = nxt
    return seen
