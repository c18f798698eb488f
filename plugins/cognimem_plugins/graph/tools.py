"""The graph's operations as tools, so they run where the store lives.

An on-disk store is owned by one daemon process; the CLI reaches it through
``RemoteEngine.run_tool``, which runs these functions in the daemon against its engine (and
graph). In-process engines call them directly. ``graph_topics`` and ``graph_stats`` are in
the MCP ``full`` set; ``graph_view`` (the whole graph with content, for the HTML view) only
in the ``graph`` set, so no agent receives it unless a profile asks for that set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from cognimem.components import ToolSpec

from . import ask
from .communities import list_topics
from .html import DEFAULT_LIMIT, graph_data, page_of
from .kg import engine_graph

if TYPE_CHECKING:
    from cognimem.engine import Engine


def graph_topics(
    engine: Engine,
    refresh: Annotated[bool, Field(description="recompute even if up to date")] = False,
    resolution: Annotated[float, Field(gt=0, description="Leiden resolution: higher gives "
                                                         "more, smaller topics")] = 1.0,
) -> dict[str, Any]:
    """List the topics of the memory graph: Leiden communities of memories and entities,
    each with a label from its best-connected entities, its size and sample memories.

    Example: {"refresh": false, "resolution": 1.0}
    """
    return list_topics(engine, refresh=refresh, resolution=resolution)


def graph_stats(engine: Engine) -> dict[str, Any]:
    """Count the memory graph's nodes (memories, entities) and links by type.

    Example: {}
    """
    return engine_graph(engine).stats()


def graph_view(
    engine: Engine,
    limit: Annotated[int, Field(ge=1, description="refuse graphs with more nodes")] = DEFAULT_LIMIT,
    project: Annotated[str | None, Field(description="only this project's memories")] = None,
) -> dict[str, Any]:
    """The whole graph with a layout and each memory's content (for ``graph --html``).

    Example: {"limit": 2000, "project": "shop"}
    """
    return graph_data(engine, limit=limit, project=project)


def graph_page(
    engine: Engine,
    limit: Annotated[int, Field(ge=1, description="refuse graphs with more nodes")] = DEFAULT_LIMIT,
    project: Annotated[str | None, Field(description="only this project's memories")] = None,
) -> dict[str, Any]:
    """The graph view as one self-contained HTML page (``{"html": ...}``): what ``graph
    --html`` writes and the dashboard frames.

    Example: {"limit": 2000, "project": "shop"}
    """
    return {"html": page_of(graph_data(engine, limit=limit, project=project))}


def graph_ask(
    engine: Engine,
    question: Annotated[ask.Question, Field(description=(
        "neighbours: what a node links to, with the edge kinds; path: how two nodes are "
        "connected; facts: the memories that mention an entity"))],
    node: Annotated[str, Field(max_length=200, description=(
        "a memory id, an entity's name (e.g. \"billing service\") or a memory's title"))],
    to: Annotated[str | None, Field(max_length=200, description=(
        "for path: the other node"))] = None,
    limit: Annotated[int, Field(ge=1, le=ask.MAX_LIMIT, description=(
        "most neighbours or facts listed"))] = 20,
    max_hops: Annotated[int, Field(ge=1, le=ask.MAX_HOPS, description=(
        "for path: the longest path looked for, in links"))] = 4,
    edges: Annotated[list[str] | None, Field(max_length=32, description=(
        "only these edge kinds, e.g. [\"mentions\", \"depends_on\"]"))] = None,
    project: Annotated[str | None, Field(description=(
        "only this project's memories (and global ones)"))] = None,
) -> ask.GraphAnswer:
    """Ask the memory graph a question (read-only): a memory's or an entity's neighbours
    with edge kinds, the shortest path between two nodes, or the facts about an entity.
    Answers are bounded (limit, max_hops; a path search stops at 50,000 nodes or 2 s and
    says so).

    Example: {"question": "facts", "node": "billing service", "limit": 10}
    """
    return ask.ask(engine, question, node, to=to, limit=limit, max_hops=max_hops,
                   edges=edges, project=project)


TOOLS = (
    ToolSpec(name="graph_ask", func=graph_ask, title="Ask the graph", read_only=True,
             idempotent=True, sets=frozenset({"full", "graph"})),
    ToolSpec(name="graph_topics", func=graph_topics, title="Graph topics", idempotent=True,
             sets=frozenset({"full", "graph"})),
    ToolSpec(name="graph_stats", func=graph_stats, title="Graph stats", read_only=True,
             idempotent=True, sets=frozenset({"full", "graph"})),
    ToolSpec(name="graph_view", func=graph_view, title="Graph view data", read_only=True,
             idempotent=True, sets=frozenset({"graph"})),
    ToolSpec(name="graph_page", func=graph_page, title="Graph view page", read_only=True,
             idempotent=True, sets=frozenset({"graph"})),
)
