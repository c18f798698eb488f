"""The Consolidation page: the dream run's preview (what would merge and what would be
archived), applying it, undoing the last run (as one unit of work, or the engine's reason
why not), and the graveyard with restore."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError, InvalidInput

from ..views import PAGE, dashboard, page_number, problem, render

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI
    from cognimem.engine import DreamReport


def _page(api: MemoryAPI, page: int, report: DreamReport | None) -> dict[str, Any]:
    graves = api.graveyard()
    shown = graves[(page - 1) * PAGE:page * PAGE]
    ids = {i for m in (report.merges if report else []) for i in [m["kept"], *m["merged"]]}
    ids |= {a["id"] for a in (report.archived if report else [])}
    undo, why_not = None, None
    try:  # what undoing the last run would do, or why it cannot
        undo = api.undo_dream(dry_run=True)
    except InvalidInput as refused:
        why_not = str(refused)
    return {"graves": shown, "graves_total": len(graves), "more": len(graves) > page * PAGE,
            "report": report, "memories": api.get_many(ids), "undo": undo, "why_not": why_not,
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
                  applied=False, undone=False, **found)


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
                  applied=True, undone=False, **found)


async def undo(request: Request) -> Response:
    """``POST /consolidation/undo`` (``run``: the id the page showed): undo the last run
    and show what came back. A run other than the one shown is refused, changing nothing."""
    dash = dashboard(request)
    form = await request.form()
    try:
        shown = await dash.call(dash.api.undo_dream, dry_run=True)
        if shown.run != form.get("run"):
            raise InvalidInput(f"the last dream run is now {shown.run}, not the one shown "
                               f"({str(form.get('run'))[:40]}): reload the page and look again")
        report = await dash.call(dash.api.undo_dream)
        found = await dash.call(_page, dash.api, 1, report)
    except CognimemError as error:
        return problem(request, error)
    return render(request, "consolidation.html", page=1, force=False, applied=False,
                  undone=True, **found)


ROUTES = [Route("/consolidation", consolidation_page, name="consolidation"),
          Route("/consolidation/apply", apply, methods=["POST"]),
          Route("/consolidation/undo", undo, methods=["POST"])]
