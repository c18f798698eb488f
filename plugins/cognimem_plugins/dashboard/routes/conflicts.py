"""The Conflicts page: each open conflict with both memories side by side and what differs;
one click resolves it (keep both, keep one and supersede the other, keep the newer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError, InvalidInput

from ..views import PAGE, back, dashboard, page_number, problem, render

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI

RESOLUTIONS = ("keep_a", "keep_b", "keep_both", "keep_newer")


def _queue(api: MemoryAPI, status: str, page: int) -> dict[str, Any]:
    listed = api.conflicts(status=status)  # type: ignore[arg-type]
    shown = listed[(page - 1) * PAGE:page * PAGE]
    ids = {i for c in shown for i in (c.a, c.b)}
    return {"conflicts": shown, "memories": api.get_many(ids), "total": len(listed),
            "more": len(listed) > page * PAGE}


async def conflicts_page(request: Request) -> Response:
    """``GET /conflicts`` (``?status=resolved|all``)."""
    dash = dashboard(request)
    status = request.query_params.get("status", "open")
    if status not in ("open", "resolved", "all"):
        status = "open"
    page = page_number(request)
    try:
        found = await dash.call(_queue, dash.api, status, page)
    except CognimemError as error:
        return problem(request, error)
    return render(request, "conflicts.html", status=status, page=page, **found)


async def resolve(request: Request) -> Response:
    """``POST /conflicts/{cid}/resolve`` with ``resolution``."""
    dash = dashboard(request)
    form = await request.form()
    resolution = str(form.get("resolution") or "")
    try:
        if resolution not in RESOLUTIONS:
            raise InvalidInput(f"resolution must be one of {', '.join(RESOLUTIONS)}")
        await dash.call(dash.api.resolve_conflict, request.path_params["cid"], resolution,
                        agent=dash.agent, note="resolved from the dashboard")
    except CognimemError as error:
        return problem(request, error)
    return back("/conflicts")


ROUTES = [Route("/conflicts", conflicts_page, name="conflicts"),
          Route("/conflicts/{cid}/resolve", resolve, methods=["POST"])]
