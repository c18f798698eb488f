"""The Agents and projects page: every agent's sync offset, who wrote the latest changes
(by agent and operation), memories per project, agent and intake source (file folder,
session) among those the latest changes touched, and the receipts of transcript
compactions (when the intake plugin is loaded)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError
from cognimem.mcp.calls import call_tool

from ..views import dashboard, latest_events, problem, recent_memories, render

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI

#: How many of the latest events the per-writer, per-project and per-source counts read.
EVENTS = 500


def _overview(api: MemoryAPI) -> dict[str, Any]:
    events = latest_events(api, EVENTS)
    newest = recent_memories(api, events)
    projects = Counter(m.scope.project or "(none)" for m in newest)
    agents = Counter(m.scope.agent or "(none)" for m in newest)
    sources = Counter(_source_of(m.source.file, m.source.session) for m in newest)
    sources.pop(None, None)
    pairs = Counter((e.agent or "(none)", e.op) for e in events)
    writers: dict[str, dict[str, int]] = {}
    for (agent, op), n in pairs.items():
        writers.setdefault(agent, {})[op] = n
    return {"offsets": api.offsets(), "projects": projects.most_common(),
            "agents": agents.most_common(), "sampled": len(newest),
            "writers": sorted(writers.items()), "window": EVENTS,
            "sources": sources.most_common(20), "receipts": _receipts(api),
            "stats": api.stats()}


def _source_of(file: str | None, session: str | None) -> str | None:
    if session:
        return f"session {session}"
    if file:
        return f"folder {file.rsplit('/', 1)[0] if '/' in file else '.'}"
    return None


def _receipts(api: MemoryAPI) -> list[dict[str, Any]] | None:
    """The latest compaction receipts, or None without the intake plugin's tool."""
    try:
        found = call_tool(api, "receipts", {"limit": 20}, retry_safe=True)
    except CognimemError:
        return None
    rows = found.receipts if hasattr(found, "receipts") else found["receipts"]
    return [r.model_dump() if hasattr(r, "model_dump") else dict(r) for r in rows]


async def agents_page(request: Request) -> Response:
    """``GET /agents``."""
    dash = dashboard(request)
    try:
        found = await dash.call(_overview, dash.api)
    except CognimemError as error:
        return problem(request, error)
    return render(request, "agents.html", **found)


ROUTES = [Route("/agents", agents_page, name="agents")]
