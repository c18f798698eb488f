"""Questions to the memory graph, read-only and bounded: a node's neighbours with their edge
kinds, the shortest path between two nodes (at most :data:`MAX_HOPS` links), and the facts
(memories) that mention an entity.

A node is named by a memory id, an entity's name ("billing service", matched as the graph
normalises names) or a memory's title. Every answer is bounded in size (``limit``, at most
:data:`MAX_LIMIT`) and in work: a path search that would visit more than
:data:`MAX_VISITS` nodes or run past :data:`TIME_LIMIT` seconds is refused, naming the limit.
Archived memories are left out; with a project, other projects' memories too.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from cognimem.errors import InvalidInput
from cognimem.untrusted import presented

from .kg import MENTIONS, GraphService, Link, Node, engine_graph, entity_id

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: Most neighbours or facts one answer lists.
MAX_LIMIT = 100
#: Longest path looked for, in links.
MAX_HOPS = 6
#: Most nodes a path search visits.
MAX_VISITS = 50_000
#: Longest a path search runs, in seconds.
TIME_LIMIT = 2.0

Question = Literal["neighbours", "path", "facts"]


class GraphNode(BaseModel):
    """A node of the graph: a memory (its id) or an entity (``entity:<name>``)."""

    id: str
    kind: str
    label: str


class Neighbour(BaseModel):
    """A node linked to the one asked about, by which kind of edge and which way
    (``out``: from the node asked about, ``in``: towards it)."""

    node: GraphNode
    edge: str
    direction: Literal["out", "in"]
    weight: float


class Step(BaseModel):
    """One link of a path: the edge kind and direction, and the node it reaches."""

    edge: str
    direction: Literal["out", "in"]
    node: GraphNode


class Fact(BaseModel):
    """A memory that mentions the entity (``untrusted``: its content is quoted data)."""

    id: str
    content: str
    kind: str
    untrusted: str | None = None


class GraphAnswer(BaseModel):
    """The answer to one question; ``left_out`` counts what the limit did not list."""

    question: str
    node: GraphNode
    to: GraphNode | None = None
    neighbours: list[Neighbour] | None = None
    path: list[Step] | None = None
    facts: list[Fact] | None = None
    left_out: int = 0
    note: str | None = None


def ask(engine: Engine, question: Question, node: str, *, to: str | None = None,
        limit: int = 20, max_hops: int = 4, edges: list[str] | None = None,
        project: str | None = None) -> GraphAnswer:
    """Answer ``question`` about ``node`` (and ``to``, for a path).

    :raises InvalidInput: an unknown node, a missing ``to``, bounds exceeded.
    """
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput(f"limit {limit}: give 1 to {MAX_LIMIT}")
    if not 1 <= max_hops <= MAX_HOPS:
        raise InvalidInput(f"max_hops {max_hops}: give 1 to {MAX_HOPS}")
    graph = engine_graph(engine)
    start = _find(graph, node, project)
    if question == "neighbours":
        found = _neighbours(graph, start.id, edges, project)
        return GraphAnswer(question=question, node=start, neighbours=found[:limit],
                           left_out=max(0, len(found) - limit))
    if question == "facts":
        return _facts(engine, graph, start, limit, project)
    if to is None:
        raise InvalidInput("a path needs two nodes: give `to` (a memory id or an entity name)")
    end = _find(graph, to, project)
    steps = _path(graph, start.id, end.id, max_hops, edges, project)
    note = None if steps is not None else f"no path of at most {max_hops} links"
    return GraphAnswer(question=question, node=start, to=end, path=steps, note=note)


def _shown(node: Node) -> GraphNode:
    return GraphNode(id=node.id, kind=node.kind, label=node.label[:160])


def _admitted(node: Node, project: str | None) -> bool:
    if node.kind != "memory":
        return True
    return not node.archived and (project is None or node.project in (project, None))


def _find(graph: GraphService, ref: str, project: str | None) -> GraphNode:
    ref = ref.strip()
    for candidate in (ref, entity_id(ref)):
        node = graph.node(candidate)
        if node is not None and _admitted(node, project):
            return _shown(node)
    resolved = graph.resolve(ref, project) if ref else None
    node = graph.node(resolved[0]) if resolved else None
    if node is not None and _admitted(node, project):
        return _shown(node)
    shown = ref if len(ref) <= 80 else ref[:80] + "..."
    raise InvalidInput(f"no memory or entity {shown!r} in the graph: give a memory id, an "
                       f"entity's name or a memory's title")


def _step(graph: GraphService, here: str, link: Link) -> tuple[str, Literal["out", "in"]]:
    """The node a link leads to from ``here``, and which way it runs."""
    if link.source == here:
        return link.target, "out"
    return link.source, "in"


def _neighbours(graph: GraphService, node_id: str, edges: list[str] | None,
                project: str | None) -> list[Neighbour]:
    found = []
    for link in graph.links_of(node_id, edges):
        other, direction = _step(graph, node_id, link)
        node = graph.node(other)
        if node is not None and _admitted(node, project):
            found.append(Neighbour(node=_shown(node), edge=link.type, direction=direction,
                                   weight=round(link.weight, 4)))
    found.sort(key=lambda n: (-n.weight, n.edge, n.node.id))
    return found


def _path(graph: GraphService, start: str, end: str, max_hops: int,
          edges: list[str] | None, project: str | None) -> list[Step] | None:
    """The shortest path (breadth first, ties by edge kind and id), or None."""
    if start == end:
        return []
    came: dict[str, tuple[str, Link]] = {}
    frontier: deque[tuple[str, int]] = deque([(start, 0)])
    deadline = time.monotonic() + TIME_LIMIT
    visited = 1
    while frontier:
        here, depth = frontier.popleft()
        if depth == max_hops:
            continue
        links = sorted(graph.links_of(here, edges), key=lambda k: (k.type, k.source, k.target))
        for link in links:
            other, _ = _step(graph, here, link)
            if other == start or other in came:
                continue
            node = graph.node(other)
            if node is None or not _admitted(node, project):
                continue
            came[other] = (here, link)
            if other == end:
                return _steps(graph, came, start, end)
            visited += 1
            if visited > MAX_VISITS:
                raise InvalidInput(f"the path search reached its limit of {MAX_VISITS:,} "
                                   f"nodes: ask with fewer max_hops or fewer edge kinds")
            frontier.append((other, depth + 1))
        if time.monotonic() > deadline:
            raise InvalidInput(f"the path search reached its time limit of {TIME_LIMIT:g} s: "
                               f"ask with fewer max_hops or fewer edge kinds")
    return None


def _steps(graph: GraphService, came: dict[str, tuple[str, Link]], start: str,
           end: str) -> list[Step]:
    steps = []
    here = end
    while here != start:
        before, link = came[here]
        _, direction = _step(graph, before, link)
        node = graph.node(here)
        assert node is not None
        steps.append(Step(edge=link.type, direction=direction, node=_shown(node)))
        here = before
    return steps[::-1]


def _facts(engine: Engine, graph: GraphService, entity: GraphNode, limit: int,
           project: str | None) -> GraphAnswer:
    if entity.kind != "entity":
        raise InvalidInput(f"{entity.id} is a memory: facts are asked about an entity "
                           f"(ask its neighbours instead)")
    ids = [link.source for link in graph.links_of(entity.id, [MENTIONS], direction="in")]
    admitted = sorted((n for i in ids if (n := graph.node(i)) is not None
                       and _admitted(n, project)), key=lambda n: (-n.importance, n.id))
    memories = engine.get_many([n.id for n in admitted[:limit]])
    facts = []
    for node in admitted[:limit]:
        memory = memories.get(node.id)
        if memory is None:
            continue
        content, untrusted = presented(memory)
        facts.append(Fact(id=memory.id, content=content, kind=memory.kind,
                          untrusted=untrusted))
    return GraphAnswer(question="facts", node=entity, facts=facts,
                       left_out=max(0, len(admitted) - limit))
