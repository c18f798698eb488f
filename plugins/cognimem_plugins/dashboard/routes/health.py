"""The Health page: counts and pipeline, the daemon's per-call latencies (when the store is
reached through one), the integrity check (on request: it reads every index) and the event
log's last entries."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError

from ..views import dashboard, latest_events, problem, render

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI

LAST_EVENTS = 30


def _health(api: MemoryAPI, run_check: bool) -> dict[str, Any]:
    status = getattr(api, "status", None)  # a daemon's client: pid, uptime, p50/p95 per call
    return {"stats": api.stats(), "daemon": status() if callable(status) else None,
            "report": api.check() if run_check else None,
            "events": latest_events(api, LAST_EVENTS)}


async def health_page(request: Request) -> Response:
    """``GET /health`` (``?check=1`` runs ``check``)."""
    dash = dashboard(request)
    try:
        found = await dash.call(_health, dash.api, bool(request.query_params.get("check")))
    except CognimemError as error:
        return problem(request, error)
    return render(request, "health.html", **found)


ROUTES = [Route("/health", health_page, name="health")]
