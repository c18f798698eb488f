"""The Eval runs page: two systems from the folders given to ``cognimem ui --eval``, their
headline and per-category tables with significance, and the questions one got and the other
lost, with both rankings side by side."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError

from ..evalruns import compare_runs, parse_ref, systems
from ..views import PAGE, dashboard, page_number, problem, render


async def eval_page(request: Request) -> Response:
    """``GET /eval`` (``?a=0:bm25&b=0:rrf&metric=R@5``)."""
    dash = dashboard(request)
    folders = dash.eval_dirs
    params = request.query_params
    page = page_number(request)
    context: dict[str, Any] = {"folders": [f.name for f in folders], "a": params.get("a", ""),
                               "b": params.get("b", ""), "page": page, "result": None}
    try:
        context["systems"] = [r.key for r in systems(folders)]
        if context["a"] and context["b"]:
            a, b = parse_ref(context["a"], folders), parse_ref(context["b"], folders)
            result = compare_runs(folders, a, b, params.get("metric"))
            result["rows"] = result["diff"][(page - 1) * PAGE:page * PAGE]
            result["more"] = len(result["diff"]) > page * PAGE
            context["result"] = result
    except (CognimemError, OSError, KeyError) as error:
        return problem(request, error)
    return render(request, "eval.html", **context)


ROUTES = [Route("/eval", eval_page, name="eval")]
