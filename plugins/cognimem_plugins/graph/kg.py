"""The derived in-memory graph: memories and entities as rustworkx nodes, record edges as arcs.

The record store is the truth. :class:`GraphService` mirrors it in a ``rustworkx.PyDiGraph``
kept in ``ctx.services["graph"]``: built from ``iter_memories``/``iter_edges`` on open (or on
first use), then updated incrementally — memory nodes by the lifecycle hooks
(``cognimem_memory_added/updated/deleted``), edges by reading the event log past a cursor
(every edge write logs ``relate``, ``unrelate`` or ``edge_<action>``). A cursor that no longer
matches the log (a rolled-back transaction) triggers a rebuild. Nothing here is ever written
back: dropping the service and rebuilding gives the same graph.

Every record edge (source, target, type) becomes one :class:`Link` and two arcs, one in each
direction, so rustworkx's ``pagerank`` (directed graphs only) sees an undirected graph and
traversals can walk either way; ``Link.source`` keeps the stored direction. An arc's payload
is the link's weight as a float (``pagerank(weight_fn=float)`` needs no Python callback per
arc); ``GraphService.arc_link`` maps arc indices back to links.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import rustworkx as rx

from cognimem.models import Memory

from ..text import tokens

if TYPE_CHECKING:
    from cognimem.context import Context
    from cognimem.engine import PluginEngine

#: Prefix of entity node ids ("entity:<normalized name>").
ENTITY_PREFIX = "entity:"
#: Edge types that are synapses between memories (mem-graph's connection types).
SYNAPSE_TYPES = frozenset({"wikilink", "auto", "parent_child"})
#: The edge type from a memory to an entity it mentions.
MENTIONS = "mentions"
#: The meta namespace holding each node's community id.
COMMUNITY_NS = "graph.community"
#: The key of ``ctx.services`` holding the :class:`GraphService`.
SERVICE_KEY = "graph"


def normalize_name(name: str) -> str:
    """An entity's canonical name: NFKC, lower case, single spaces, no wrapping punctuation
    and no leading article ("The Rust Book" -> "rust book")."""
    text = unicodedata.normalize("NFKC", name).lower()
    text = " ".join(text.split())
    text = text.strip(" \t\"'`.,;:!?()[]{}<>")
    text = re.sub(r"^(?:the|a|an)\s+", "", text)
    return text


def entity_id(name: str) -> str:
    """The node id of the entity called ``name`` (normalized)."""
    return ENTITY_PREFIX + normalize_name(name)


def is_entity(node_id: str) -> bool:
    """Whether a node id names an entity rather than a memory."""
    return node_id.startswith(ENTITY_PREFIX)


def slugify(text: str) -> str:
    """mem-graph's slug: lower case, spaces and underscores to hyphens, other symbols dropped."""
    slug = re.sub(r"[_\s]+", "-", text.lower())
    slug = re.sub(r"[^a-z0-9-]", "", slug)
    return re.sub(r"-+", "-", slug).strip("-")


@dataclass(slots=True)
class Node:
    """A node's payload: a memory's filterable fields, or an entity's name."""

    id: str
    kind: str  # "memory" | "entity"
    label: str
    layer: str | None = None
    project: str | None = None
    agent: str | None = None
    user: str | None = None
    archived: bool = False
    superseded: bool = False
    importance: float = 0.5
    title: str | None = None
    community: int | None = None

    @classmethod
    def of_memory(cls, memory: Memory) -> Node:
        """The node of a memory."""
        return cls(
            id=memory.id, kind="memory", label=memory.title or memory.brief(80),
            layer=memory.layer, project=memory.scope.project, agent=memory.scope.agent,
            user=memory.scope.user, archived=memory.archived,
            superseded=memory.superseded_by is not None, importance=memory.importance,
            title=memory.title,
        )

    @classmethod
    def of_entity(cls, node_id: str) -> Node:
        """The node of an entity id."""
        return cls(id=node_id, kind="entity", label=node_id[len(ENTITY_PREFIX):])


@dataclass(slots=True)
class Link:
    """One record edge as the graph holds it (its two arcs carry its weight)."""

    source: str
    target: str
    type: str
    weight: float
    arcs: list[int] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str, str]:
        """(source, target, type)."""
        return (self.source, self.target, self.type)


class GraphService:
    """The derived graph of one engine (see the module docstring)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.graph: rx.PyDiGraph = rx.PyDiGraph(multigraph=True)
        self.index: dict[str, int] = {}
        self.links: dict[tuple[str, str, str], Link] = {}
        self.arc_link: dict[int, Link] = {}
        self.built = False
        #: Bumped on every change: caches keyed on it (PPR, name embeddings) know when to drop.
        self.version = 0
        self._cursor: tuple[int, str] | None = None
        self._titles: dict[tuple[str | None, str], str] = {}
        self._slugs: dict[tuple[str | None, str], str] = {}
        self._any_title: dict[str, str] = {}
        self._any_slug: dict[str, str] = {}
        self._entity_tokens: dict[str, set[str]] = {}
        #: Unresolved wikilink references: lower-cased title or slug -> memory ids citing it.
        self.broken: dict[str, set[str]] = {}
        self._broken_of: dict[str, set[str]] = {}
        self.name_vectors: dict[str, Any] = {}

    # building ---------------------------------------------------------------------------------

    def clear(self) -> None:
        """Forget everything (the next :meth:`sync` rebuilds from the record store)."""
        self.graph = rx.PyDiGraph(multigraph=True)
        self.index.clear()
        self.links.clear()
        self.arc_link.clear()
        self._titles.clear()
        self._slugs.clear()
        self._any_title.clear()
        self._any_slug.clear()
        self._entity_tokens.clear()
        self.broken.clear()
        self._broken_of.clear()
        self.built = False
        self._cursor = None
        self.version += 1

    def rebuild(self) -> None:
        """Build the graph from the record store: memories, edges, community attributes."""
        self.clear()
        records = self.ctx.records
        last = records.last_event()
        for memory in records.iter_memories():
            self._put_node(Node.of_memory(memory))
            self._note_broken(memory)
        for edge in records.iter_edges():
            self._put_link(edge.source, edge.target, edge.type, edge.weight)
        for node_id, community in records.meta_items(COMMUNITY_NS).items():
            idx = self.index.get(node_id)
            if idx is not None:
                self.graph[idx].community = int(community)
        self._cursor = (last.seq, last.hash) if last else None
        self.built = True
        self.version += 1

    def sync(self) -> GraphService:
        """Bring the graph up to date with the record store; returns ``self``."""
        if not self.built:
            self.rebuild()
            return self
        records = self.ctx.records
        last = records.last_event()
        now = (last.seq, last.hash) if last else None
        if now == self._cursor:
            return self
        if self._cursor is None:
            events = list(records.iter_events(0))
        else:
            events = list(records.iter_events(self._cursor[0] - 1))
            if not events or (events[0].seq, events[0].hash) != self._cursor:
                self.rebuild()
                return self
            events = events[1:]
        refresh: set[str] = set()
        for event in events:
            op, payload, source = event.op, event.payload, event.target
            if op == "relate" and source:
                self._put_link(source, payload["target"], payload["type"],
                               float(payload.get("weight", 1.0)))
            elif op in ("unrelate", "edge_prune") and source:
                self._drop_link((source, payload["target"], payload["type"]))
            elif op.startswith("edge_") and source:
                link = self.links.get((source, payload["target"], payload["type"]))
                if link is not None and "weight" in payload:
                    self._reweight(link, float(payload["weight"]))
            elif op == "delete" and source:
                self.remove_memory(source)
            elif op not in ("add", "relate", "unrelate") and source and not is_entity(source):
                refresh.add(source)  # archive, restore, update, supersede, decay changes
        if refresh:
            for memory in records.get_memories(sorted(refresh)).values():
                self.put_memory(memory)
        self._cursor = now
        self.version += 1
        return self

    # nodes ------------------------------------------------------------------------------------

    def put_memory(self, memory: Memory) -> None:
        """Add or refresh a memory's node (called by the lifecycle hooks)."""
        if not self.built:
            return
        node = Node.of_memory(memory)
        idx = self.index.get(memory.id)
        if idx is not None:
            node.community = self.graph[idx].community
            self._unindex_title(self.graph[idx])
        self._put_node(node)
        self._note_broken(memory)
        self.version += 1

    def _note_broken(self, memory: Memory) -> None:
        for key in self._broken_of.pop(memory.id, set()):
            self.broken.get(key, set()).discard(memory.id)
        refs = memory.meta.get("broken_wikilinks") or []
        keys = {k for ref in refs if isinstance(ref, str)
                for k in (ref.strip().lower(), slugify(ref)) if k}
        for key in keys:
            self.broken.setdefault(key, set()).add(memory.id)
        if keys:
            self._broken_of[memory.id] = keys

    def citing(self, memory: Memory) -> set[str]:
        """Memories whose unresolved wikilinks name this memory's title (or its slug)."""
        if not memory.title:
            return set()
        found = set()
        for key in (memory.title.strip().lower(), slugify(memory.title)):
            found |= self.broken.get(key, set())
        found.discard(memory.id)
        return found

    def remove_memory(self, memory_id: str) -> list[str]:
        """Drop a memory's node and its arcs; returns entity ids left without edges
        (removed too)."""
        idx = self.index.get(memory_id)
        if idx is None:
            return []
        neighbours = {self.graph[n].id for n in self.graph.neighbors(idx)}
        self._forget_links(idx)
        self._unindex_title(self.graph[idx])
        for key in self._broken_of.pop(memory_id, set()):
            self.broken.get(key, set()).discard(memory_id)
        self.graph.remove_node(idx)
        del self.index[memory_id]
        orphans = []
        for other in sorted(neighbours):
            if is_entity(other) and self.degree(other) == 0:
                self._remove_entity(other)
                orphans.append(other)
        self.version += 1
        return orphans

    def _forget_links(self, idx: int) -> None:
        """Forget the links of a node about to be removed (rustworkx drops its arcs)."""
        for arc in list(self.graph.incident_edge_index_map(idx)):
            link = self.arc_link.get(arc)
            if link is None:
                continue
            self.links.pop(link.key, None)
            for each in link.arcs:
                self.arc_link.pop(each, None)

    def _remove_entity(self, node_id: str) -> None:
        idx = self.index.pop(node_id)
        self._forget_links(idx)
        self.graph.remove_node(idx)
        self._entity_tokens.pop(node_id, None)
        self.version += 1

    def _put_node(self, node: Node) -> int:
        idx = self.index.get(node.id)
        if idx is None:
            idx = self.graph.add_node(node)
            self.index[node.id] = idx
        else:
            self.graph[idx] = node
        if node.kind == "memory":
            self._index_title(node)
        else:
            self._entity_tokens[node.id] = set(tokens(node.label))
        return idx

    def _ensure(self, node_id: str) -> int:
        idx = self.index.get(node_id)
        if idx is not None:
            return idx
        if is_entity(node_id):
            return self._put_node(Node.of_entity(node_id))
        return self._put_node(Node(id=node_id, kind="memory", label=node_id))

    def _index_title(self, node: Node) -> None:
        if not node.title:
            return
        title, slug = node.title.strip().lower(), slugify(node.title)
        self._titles.setdefault((node.project, title), node.id)
        self._any_title.setdefault(title, node.id)
        if slug:
            self._slugs.setdefault((node.project, slug), node.id)
            self._any_slug.setdefault(slug, node.id)

    def _unindex_title(self, node: Node) -> None:
        if not node.title:
            return
        title, slug = node.title.strip().lower(), slugify(node.title)
        for table, key in ((self._titles, (node.project, title)),
                           (self._slugs, (node.project, slug))):
            if table.get(key) == node.id:
                del table[key]
        for flat, k in ((self._any_title, title), (self._any_slug, slug)):
            if flat.get(k) == node.id:
                del flat[k]

    # links ------------------------------------------------------------------------------------

    def _put_link(self, source: str, target: str, type: str, weight: float) -> None:
        key = (source, target, type)
        link = self.links.get(key)
        if link is not None:
            self._reweight(link, weight)
            return
        a, b = self._ensure(source), self._ensure(target)
        link = Link(source, target, type, weight)
        link.arcs.append(self.graph.add_edge(a, b, weight))
        if a != b:
            link.arcs.append(self.graph.add_edge(b, a, weight))
        for arc in link.arcs:
            self.arc_link[arc] = link
        self.links[key] = link

    def _reweight(self, link: Link, weight: float) -> None:
        link.weight = weight
        for arc in link.arcs:
            self.graph.update_edge_by_index(arc, weight)

    def _drop_link(self, key: tuple[str, str, str]) -> None:
        link = self.links.pop(key, None)
        if link is None:
            return
        for arc in link.arcs:
            self.graph.remove_edge_from_index(arc)
            self.arc_link.pop(arc, None)
        for end in (link.source, link.target):
            if is_entity(end) and end in self.index and self.degree(end) == 0:
                self._remove_entity(end)

    # queries ----------------------------------------------------------------------------------

    def node(self, node_id: str) -> Node | None:
        """The payload of a node, or None."""
        idx = self.index.get(node_id)
        return None if idx is None else self.graph[idx]

    def degree(self, node_id: str) -> int:
        """How many links touch a node."""
        idx = self.index.get(node_id)
        return 0 if idx is None else self.graph.out_degree(idx)

    def links_of(self, node_id: str, types: Iterable[str] | None = None,
                 direction: str = "both") -> list[Link]:
        """The links touching a node (``direction``: out, in or both), optionally by type."""
        idx = self.index.get(node_id)
        if idx is None:
            return []
        wanted = None if types is None else set(types)
        out = []
        for arc in self.graph.incident_edges(idx):
            link = self.arc_link[arc]
            if wanted is not None and link.type not in wanted:
                continue
            if direction == "out" and link.source != node_id:
                continue
            if direction == "in" and link.target != node_id:
                continue
            out.append(link)
        return out

    def neighbours(self, node_id: str) -> Iterator[tuple[str, Link]]:
        """(other node id, link) for every link touching a node."""
        idx = self.index.get(node_id)
        if idx is None:
            return
        graph, arc_link = self.graph, self.arc_link
        for arc, (_s, t, _w) in graph.incident_edge_index_map(idx).items():
            yield graph[t].id, arc_link[arc]

    def memories(self) -> Iterator[Node]:
        """Every memory node."""
        for node in self.graph.nodes():
            if node.kind == "memory":
                yield node

    def entities(self) -> Iterator[Node]:
        """Every entity node."""
        for node in self.graph.nodes():
            if node.kind == "entity":
                yield node

    def entity_tokens(self) -> dict[str, set[str]]:
        """Each entity's name tokens (stemmed, stop words dropped)."""
        return self._entity_tokens

    def resolve(self, ref: str, project: str | None) -> tuple[str, str] | None:
        """Resolve a wikilink target to (memory id, matched_by): id, then title, then slug —
        in the same project first, then in any project."""
        ref = ref.strip()
        node = self.node(ref)
        if node is not None and node.kind == "memory":
            return ref, "id"
        title, slug = ref.lower(), slugify(ref)
        if (project, title) in self._titles:
            return self._titles[(project, title)], "title"
        if slug and (project, slug) in self._slugs:
            return self._slugs[(project, slug)], "slug"
        if title in self._any_title:
            return self._any_title[title], "title"
        if slug and slug in self._any_slug:
            return self._any_slug[slug], "slug"
        return None

    def stats(self) -> dict[str, Any]:
        """Counts of nodes and links by kind and type."""
        by_type: dict[str, int] = {}
        for link in self.links.values():
            by_type[link.type] = by_type.get(link.type, 0) + 1
        memories = sum(1 for _ in self.memories())
        communities = {n.community for n in self.graph.nodes() if n.community is not None}
        return {
            "nodes": self.graph.num_nodes(),
            "memories": memories,
            "entities": self.graph.num_nodes() - memories,
            "links": len(self.links),
            "links_by_type": dict(sorted(by_type.items())),
            "communities": len(communities),
        }


def engine_graph(engine: PluginEngine, *, sync: bool = True) -> GraphService:
    """:func:`graph_service` as a hook or a tool reaches it (``engine.services``)."""
    service = engine.services.open(SERVICE_KEY, GraphService)
    return service.sync() if sync else service


def graph_service(ctx: Context, *, sync: bool = True) -> GraphService:
    """The engine's :class:`GraphService` (created on first use), synced unless told not to."""
    service = ctx.services.get(SERVICE_KEY)
    if not isinstance(service, GraphService):
        service = GraphService(ctx)
        ctx.services[SERVICE_KEY] = service
    return service.sync() if sync else service
