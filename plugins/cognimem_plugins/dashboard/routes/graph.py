"""The Graph page: the graph plugin's interactive view framed inside the dashboard.

The view is the graph plugin's own self-contained page (``cognimem graph --html``); it
carries its script and style inline, so its frame is served with a policy that allows
exactly those two blocks by their SHA-256 hashes (taken from the page as rendered) and
nothing else: memory text sits in a JSON data block the browser never runs.
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from cognimem.errors import CognimemError
from cognimem.mcp.calls import call_tool

from ..views import dashboard, problem, render

_BLOCK = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)
#: Most nodes drawn.
LIMIT = 2000


def frame_policy(page: str) -> str:
    """The Content-Security-Policy allowing only ``page``'s own inline blocks."""
    allowed: dict[str, list[str]] = {"script": [], "style": []}
    for kind, body in _BLOCK.findall(page):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        allowed[kind].append(f"'sha256-{digest}'")
    script = " ".join(allowed["script"]) or "'none'"
    style = " ".join(allowed["style"]) or "'none'"
    return (f"default-src 'none'; script-src {script}; style-src {style}; base-uri 'none'; "
            "form-action 'none'; frame-ancestors 'self'")


def _project(request: Request) -> str | None:
    return request.query_params.get("project", "").strip()[:200] or None


async def graph_page(request: Request) -> Response:
    """``GET /graph`` (``?project=P``): the frame and its controls."""
    return render(request, "graph.html", project=_project(request) or "",
                  focus=request.query_params.get("memory", "")[:40])


async def graph_frame(request: Request) -> Response:
    """``GET /graph/frame``: the graph plugin's page, under its own policy."""
    dash = dashboard(request)
    try:  # the graph plugin's page, through its tool (plugins never import each other)
        data = await dash.call(call_tool, dash.api, "graph_page",
                               {"limit": LIMIT, "project": _project(request)}, retry_safe=True)
    except CognimemError as error:
        return problem(request, error)
    page = str(data["html"])
    return HTMLResponse(page, headers={"content-security-policy": frame_policy(page)})


ROUTES = [Route("/graph", graph_page, name="graph"), Route("/graph/frame", graph_frame)]
