"""The Consolidation page: the dream run's preview (what would merge and what would be
archived), applying it, and the graveyard with restore. The engine keeps no undo of a run:
a merged or archived memory comes back one at a time from the graveyard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError

from ..views import PAGE, dashboard, page_number, problem, render

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI
    from cognimem.engine import DreamReport


def _page(api: MemoryAPI, page: int, report: DreamReport | None) -> dict[str, Any]:
    graves = api.graveyard()
    shown = graves[(page - 1) * PAGE:page * PAGE]
    ids = {i for m in (report.merges if report else []) for i in [m["kept"], *m["merged"]]}
    ids |= {a["id"] for a in (report.archived if report else [])}
    return {"graves": shown, "graves_total": len(graves), "more": len(graves) > page * PAGE,
            "report": report, "memories": api.get_many(ids),
            "consolidator": api.stats().get("pipeline", {}).get("consolidate")}


async def consolidation_page(request: Request) -> Response:
    """``GET /consolidation`` (``?preview=1[&force=1]`` runs a dry run)."""
    dash = dashboard(request)
    params = request.query_params
    page = page_number(request)
    try:
        report = None
        if params.get("preview"):
            report = await dash.call(dash.api.dream, dry_run=True, force=bool(params.get("force")))
        found = await dash.call(_page, dash.api, page, report)
    except CognimemError as error:
        return problem(request, error)
    return render(request, "consolidation.html", page=page, force=bool(params.get("force")),
                  applied=False, **found)


async def apply(request: Request) -> Response:
    """``POST /consolidation/apply`` (``force``): run the dream and show what it did."""
    dash = dashboard(request)
    form = await request.form()
    try:
        report = await dash.call(dash.api.dream, force=bool(form.get("force")))
        found = await dash.call(_page, dash.api, 1, report)
    except CognimemError as error:
        return problem(request, error)
    return render(request, "consolidation.html", page=1, force=bool(form.get("force")),
                  applied=True, **found)


ROUTES = [Route("/consolidation", consolidation_page, name="consolidation"),
          Route("/consolidation/apply", apply, methods=["POST"])]
