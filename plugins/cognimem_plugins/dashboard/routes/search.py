"""The Search page: the profile's pipeline with filters and paging; per hit its confidence
and its explain trail drawn stage by stage. Without a query, the newest memories the
filters admit among the latest changes (:data:`RECENT_WINDOWS`). Searches here never count
as retrievals (``record_access = False``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError
from cognimem.models import Hit, Memory, Query, Scope

from ..views import PAGE, dashboard, latest_events, problem, recent_memories, render

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI

#: Deepest hit a page may reach (the engine answers at most this many).
MAX_DEPTH = 1000
#: How many of the latest events the no-query list reads, widening until the page is full.
RECENT_WINDOWS = (200, 1000, 5000)
FILTERS = ("q", "project", "agent", "kind", "tag", "since", "until", "as_of", "archived")


def _when(text: str, name: str) -> datetime | None:
    if not text:
        return None
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{name}: give a date such as 2026-03-01, not {text[:30]!r}") from None
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def query_of(params: dict[str, str], *, k: int) -> Query:
    """The query the form asks for (text ``*`` when only filters are given).

    :raises ValueError: a field the engine refuses, or a date it cannot read.
    """
    scope = Scope(project=params.get("project") or None, agent=params.get("agent") or None)
    return Query(text=params.get("q") or "*", k=k, scope=scope,
                 kinds=[params["kind"]] if params.get("kind") else None,
                 tags=[params["tag"]] if params.get("tag") else None,
                 since=_when(params.get("since", ""), "since"),
                 until=_when(params.get("until", ""), "until"),
                 as_of=_when(params.get("as_of", ""), "valid at"),
                 include_archived=bool(params.get("archived")), explain=True,
                 record_access=False)


def trail_rows(hits: list[Hit]) -> list[list[dict[str, Any]]]:
    """Each hit's trail as rows with the step's share of the page's best score at that
    step (what the bars draw)."""
    best: dict[tuple[str, str], float] = {}
    for hit in hits:
        for step in hit.trail:
            key = (step.stage, step.name)
            best[key] = max(best.get(key, 0.0), abs(step.score))
    rows = []
    for hit in hits:
        rows.append([{"stage": s.stage, "name": s.name, "score": s.score, "rank": s.rank,
                      "terms": s.terms,
                      "share": abs(s.score) / best[(s.stage, s.name)]
                      if best[(s.stage, s.name)] else 0.0} for s in hit.trail])
    return rows


def _recent(api: MemoryAPI, query: Query, want: int) -> tuple[list[Memory], int]:
    """The recently changed memories ``query``'s filters admit, at least ``want`` when the
    widest window holds them; and the number of events read."""
    rows: list[Memory] = []
    for window in RECENT_WINDOWS:
        rows = [m for m in recent_memories(api, latest_events(api, window))
                if (query.include_archived or not m.archived) and query.admits(m)]
        if len(rows) >= want:
            break
    return rows, window


async def search_page(request: Request) -> Response:
    """``GET /search``."""
    dash = dashboard(request)
    params = {k: request.query_params.get(k, "").strip()[:500] for k in FILTERS}
    try:
        page = max(1, min(int(request.query_params.get("page", "1") or 1), MAX_DEPTH // PAGE))
    except ValueError:
        page = 1
    start = (page - 1) * PAGE
    context: dict[str, Any] = {"params": params, "page": page, "hits": [], "memories": [],
                               "trails": [], "more": False, "timings": {}}
    try:
        query = query_of(params, k=min(MAX_DEPTH, start + PAGE + 1))
        if params["q"]:
            result = await dash.call(dash.api.search, query)
            hits = result.hits[start:start + PAGE]
            context.update(hits=hits, trails=trail_rows(hits), timings=result.timings,
                           more=len(result.hits) > start + PAGE, held_back=result.held_back)
        else:
            rows, window = await dash.call(_recent, dash.api, query, start + PAGE + 1)
            context.update(memories=rows[start:start + PAGE], more=len(rows) > start + PAGE,
                           window=window)
    except (CognimemError, ValidationError, ValueError) as error:
        return problem(request, error)
    context["kept"] = {k: v for k, v in params.items() if v}
    return render(request, "search.html", **context)


ROUTES = [Route("/search", search_page, name="search")]
