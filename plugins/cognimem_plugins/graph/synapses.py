"""Synapses between memories, as mem-graph makes them: ``[[wikilinks]]`` and BM25 auto-links.

* ``wikilinks`` resolves each ``[[reference]]`` (or ``[[reference|alias]]``) in a memory being
  written to a memory id — by id, then title, then slug; in the same project first, then in
  any — and links author -> target with a ``wikilink`` synapse (weight 1.0, +0.5 for each
  repeat of the same reference, at most 5.0). References that resolve to nothing are reported
  back through ``Extraction.messages`` and kept in ``memory.meta["broken_wikilinks"]``.
* ``autolink`` queries the engine's lexical index with the memory's words and links it to its
  best BM25 neighbours *of the same project* with ``auto`` synapses (top 5, those scoring at
  least half the best, weight = score / 10 clamped to [0.2, 1.5]).
* :func:`enforce_caps` keeps at most 50 synapses out of and 50 into every memory, pruning the
  lowest-weight ``auto`` links first (wikilinks are curated and never pruned); the plugin runs
  it after each write.

The memory being written is not yet in the lexical index when extractors run, and memories
written in the same ``add_many`` batch are not yet in the graph: a wikilink to a memory written
earlier in the same batch is resolved by title, later ones are reported broken.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from pydantic import Field

from cognimem.components import Extraction, Extractor, Options
from cognimem.models import Edge, Memory, Query, Scope

from ..text import STOPWORDS
from .kg import SYNAPSE_TYPES, engine_graph, graph_service, slugify

if TYPE_CHECKING:
    from cognimem.context import Context
    from cognimem.engine import Engine

WIKILINK = re.compile(r"\[\[([^\[\]]+?)\]\]")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def wikilink_refs(text: str) -> list[str]:
    """The references of every ``[[wikilink]]`` in ``text``, in order (aliases dropped)."""
    out = []
    for match in WIKILINK.finditer(text):
        ref = match.group(1).split("|", 1)[0].strip()
        if ref:
            out.append(ref)
    return out


def _batch_key(ctx: Context) -> tuple[int, str] | None:
    """Identifies the write batch being extracted: its events are logged before extraction."""
    last = ctx.records.last_event()
    return (last.seq, last.hash) if last else None


class WikilinkExtractor(Extractor):
    """``[[reference]]`` -> a ``wikilink`` synapse to the memory it names (id, title, slug)."""


    name = "wikilinks"
    #: Edge types this extractor writes (re-extraction on update replaces them).
    edge_types: ClassVar[frozenset[str]] = frozenset({"wikilink"})

    class Options(Options):
        """Weights of wikilink synapses and where references may resolve."""

        weight: float = Field(default=1.0, ge=0, le=5, description="weight of a new wikilink")
        repeat_bonus: float = Field(default=0.5, ge=0, le=5,
                                    description="added for each repeat of the same reference")
        max_weight: float = Field(default=5.0, ge=0, le=5)
        cross_project: bool = Field(default=True,
                                    description="fall back to other projects' titles and slugs")

    options: WikilinkExtractor.Options

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        self._batch: tuple[int, str] | None = None
        self._batch_titles: dict[tuple[str | None, str], str] = {}

    def extract(self, memory: Memory, ctx: Context) -> Extraction:
        """Resolve the memory's wikilinks; report the broken ones."""
        opts = self.options
        refs = wikilink_refs(memory.content)
        self._remember_batch(memory, ctx)
        if not refs:
            return Extraction()
        graph = graph_service(ctx)
        project = memory.scope.project
        weights: dict[str, float] = {}
        broken: list[str] = []
        for ref in refs:
            found = graph.resolve(ref, project)
            target = found[0] if found else None
            if target is not None and not opts.cross_project:
                node = graph.node(target)
                if node is None or node.project != project:
                    target = None
            if target is None:
                target = (self._batch_titles.get((project, ref.lower()))
                          or self._batch_titles.get((project, slugify(ref))))
            if target is None:
                if ref not in broken:
                    broken.append(ref)
                continue
            if target == memory.id:
                continue
            weights[target] = (opts.weight if target not in weights
                               else weights[target] + opts.repeat_bonus)
        edges = [
            Edge(source=memory.id, target=target, type="wikilink",
                 weight=min(opts.max_weight, weight), provenance=[memory.id])
            for target, weight in weights.items()
        ]
        messages = [f"broken wikilink to {ref!r}: no memory has that id, title or slug"
                    for ref in broken]
        meta = {"broken_wikilinks": broken} if broken else {}
        return Extraction(edges=edges, messages=messages, meta=meta)

    def _remember_batch(self, memory: Memory, ctx: Context) -> None:
        key = _batch_key(ctx)
        if key != self._batch:
            self._batch, self._batch_titles = key, {}
        if memory.title:
            project = memory.scope.project
            self._batch_titles.setdefault((project, memory.title.strip().lower()), memory.id)
            slug = slugify(memory.title)
            if slug:
                self._batch_titles.setdefault((project, slug), memory.id)


class AutoLinkExtractor(Extractor):
    """BM25 auto-linking: ``auto`` synapses to textually overlapping memories of the project."""


    name = "autolink"
    edge_types: ClassVar[frozenset[str]] = frozenset({"auto"})
    #: similarity links depend on the other memories: kept when the text changes
    reextract_on_update: ClassVar[bool] = False

    class Options(Options):
        """mem-graph's auto-link constants, and the synapse caps enforced after each write."""

        limit: int = Field(default=5, ge=0, le=100, description="top-N BM25 neighbours")
        relative_floor: float = Field(
            default=0.5, ge=0, le=1, description="skip neighbours under this share of the best")
        score_scale: float = Field(default=10.0, gt=0, description="weight = score / score_scale")
        min_weight: float = Field(default=0.2, ge=0, le=5)
        max_weight: float = Field(default=1.5, ge=0, le=5)
        query_terms: int = Field(default=30, ge=1, le=500,
                                 description="distinct words of the memory used as the query")
        cap_out: int = Field(default=50, ge=1, description="most synapses out of a memory")
        cap_in: int = Field(default=50, ge=1, description="most synapses into a memory")

    options: AutoLinkExtractor.Options

    def extract(self, memory: Memory, ctx: Context) -> Extraction:
        """Link the memory to its best BM25 neighbours of the same project."""
        opts = self.options
        if ctx.lexical is None or opts.limit == 0:
            return Extraction()
        words: list[str] = []
        for word in _WORD.findall(f"{memory.title or ''} {memory.content}".lower()):
            if len(word) > 1 and word not in STOPWORDS and word not in words:
                words.append(word)
                if len(words) >= opts.query_terms:
                    break
        if not words:
            return Extraction()
        project = memory.scope.project
        query = Query(text=" ".join(words), k=max(opts.limit * 4, 20),
                      scope=Scope(project=project), record_access=False)
        graph = graph_service(ctx)
        hits = []
        for cand in ctx.lexical.search(query, query.k):
            node = graph.node(cand.id)
            if cand.id == memory.id or node is None or node.kind != "memory":
                continue
            if node.project != project:
                continue  # a memory without a project links only to others without one
            hits.append(cand)
            if len(hits) >= opts.limit:
                break
        if not hits:
            return Extraction()
        best = abs(hits[0].score)
        edges = []
        for cand in hits:
            if abs(cand.score) < best * opts.relative_floor:
                continue
            weight = max(opts.min_weight, min(opts.max_weight, abs(cand.score) / opts.score_scale))
            edges.append(Edge(source=memory.id, target=cand.id, type="auto",
                              weight=round(weight, 4), provenance=[memory.id],
                              meta={"bm25": round(cand.score, 4)}))
        return Extraction(edges=edges)


def resolve_forward_links(engine: Engine, memory: Memory,
                          extractor: WikilinkExtractor) -> list[str]:
    """Link memories whose ``[[references]]`` were broken to ``memory``, now that a memory
    with that title exists; their ``broken_wikilinks`` lose the resolved references.

    :returns: the ids of the memories now linking to ``memory``.
    """
    graph = engine_graph(engine)
    title = (memory.title or "").strip().lower()
    slug = slugify(memory.title or "")
    sources = sorted(graph.citing(memory))
    found = engine.store.get_memories(sources)
    edges: list[Edge] = []
    linked: list[str] = []
    for source_id in sources:
        source = found.get(source_id)
        if source is None:
            continue
        if (not extractor.options.cross_project
                and source.scope.project != memory.scope.project):
            continue
        refs = list(source.meta.get("broken_wikilinks") or [])
        resolved = [r for r in refs if r.strip().lower() == title or slugify(r) == slug]
        if not resolved:
            continue
        edges.append(Edge(source=source_id, target=memory.id, type="wikilink",
                          weight=extractor.options.weight, provenance=[source_id]))
        linked.append(source_id)
        left = [r for r in refs if r not in resolved]
        meta = {k: v for k, v in source.meta.items() if k != "broken_wikilinks"}
        if left:
            meta["broken_wikilinks"] = left
        engine.update(source_id, meta=meta)
    if edges:
        engine.write_edges(put=edges)
        graph.sync()
    return linked


def enforce_caps(engine: Engine, memory_ids: list[str], cap_out: int = 50,
                 cap_in: int = 50) -> list[tuple[str, str, str]]:
    """Keep every memory in ``memory_ids`` (and every memory they link to) within ``cap_out``
    synapses out and ``cap_in`` in, deleting the lowest-weight ``auto`` links first.

    :returns: the keys of the links deleted (wikilinks and parent_child links are never
        pruned, so a memory may stay over the cap when those alone exceed it).
    """
    graph = engine_graph(engine)
    doomed: dict[tuple[str, str, str], None] = {}
    todo: list[tuple[str, str, int]] = []
    for memory_id in memory_ids:
        todo.append((memory_id, "out", cap_out))
        todo.append((memory_id, "in", cap_in))
        for link in graph.links_of(memory_id, SYNAPSE_TYPES, "out"):
            todo.append((link.target, "in", cap_in))
        for link in graph.links_of(memory_id, SYNAPSE_TYPES, "in"):
            todo.append((link.source, "out", cap_out))
    seen: set[tuple[str, str]] = set()
    for node_id, direction, cap in todo:
        if (node_id, direction) in seen:
            continue
        seen.add((node_id, direction))
        links = [lk for lk in graph.links_of(node_id, SYNAPSE_TYPES, direction)
                 if lk.key not in doomed]
        excess = len(links) - cap
        if excess <= 0:
            continue
        autos = sorted((lk for lk in links if lk.type == "auto"),
                       key=lambda lk: (lk.weight, lk.source, lk.target))
        for link in autos[:excess]:
            doomed[link.key] = None
    if doomed:
        engine.write_edges(delete=list(doomed))
        graph.sync()
    return list(doomed)
