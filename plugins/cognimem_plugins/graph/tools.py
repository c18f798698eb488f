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

from .communities import list_topics
from .html import DEFAULT_LIMIT, graph_data, page_of
from .kg import graph_service

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
    return graph_service(engine.ctx).stats()


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


TOOLS = (
    ToolSpec(name="graph_topics", func=graph_topics, title="Graph topics", idempotent=True,
             sets=frozenset({"full", "graph"})),
    ToolSpec(name="graph_stats", func=graph_stats, title="Graph stats", read_only=True,
             idempotent=True, sets=frozenset({"full", "graph"})),
    ToolSpec(name="graph_view", func=graph_view, title="Graph view data", read_only=True,
             idempotent=True, sets=frozenset({"graph"})),
    ToolSpec(name="graph_page", func=graph_page, title="Graph view page", read_only=True,
             idempotent=True, sets=frozenset({"graph"})),
)
