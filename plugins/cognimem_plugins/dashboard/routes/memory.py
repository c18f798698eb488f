"""A memory's page (content, provenance, scope, tier and layer, validity, redactions,
version chain, edges, recent events) and the changes made from it: edit, forget, archive,
restore, relate, each one call of the memory API (the write pipeline every door uses)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cognimem.errors import CognimemError, InvalidInput, NotFound

from ..views import Dashboard, back, dashboard, latest_events, local, problem, render

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI
    from cognimem.models import Event, Memory

#: How far a version chain is followed each way.
CHAIN = 20
#: How many of the latest events are searched for a memory's own (the memory API has no
#: call for one memory's events).
EVENT_WINDOW = 500
#: Longest edited content accepted from the form (the engine's own limit applies too).
MAX_FIELD = 100_000


def _follow(api: MemoryAPI, memory: Memory, link: str, seen: set[str]) -> list[Memory]:
    """The memories reached from ``memory`` by its ``link`` field (``supersedes`` or
    ``superseded_by``), at most :data:`CHAIN`, nearest first."""
    found: list[Memory] = []
    current = memory
    while len(found) < CHAIN:
        following = getattr(current, link)
        if not following or following in seen:
            break
        try:
            current = api.get(following)
        except NotFound:
            break
        seen.add(current.id)
        found.append(current)
    return found


def version_chain(api: MemoryAPI, memory: Memory) -> list[Memory]:
    """The versions before and after ``memory``, oldest first (``memory`` included)."""
    seen = {memory.id}
    older = _follow(api, memory, "supersedes", seen)
    return [*older[::-1], memory, *_follow(api, memory, "superseded_by", seen)]


def events_of(api: MemoryAPI, memory_id: str) -> list[Event]:
    """The memory's events among the latest :data:`EVENT_WINDOW`, newest first."""
    return [e for e in latest_events(api, EVENT_WINDOW)
            if e.target == memory_id or memory_id in str(e.payload)]


def _table(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def provenance(memory: Memory) -> dict[str, str]:
    """Where the intake found a memory: a vault note's headings and lines, a captured
    session's turn and role (from ``meta``; empty when it came from elsewhere)."""
    vault, capture = (_table(memory.meta.get(key)) for key in ("vault", "capture"))
    lines = vault.get("lines") or []
    return {"heading": " > ".join(str(h) for h in vault.get("headings") or []),
            "lines": "-".join(str(n) for n in lines[:2]),
            "session": str(capture.get("session") or memory.source.session or ""),
            "turn": str(capture.get("turn") if capture.get("turn") is not None else ""),
            "role": str(capture.get("role") or "")}


def _details(api: MemoryAPI, memory_id: str) -> dict[str, Any]:
    memory = api.get(memory_id)
    edges = api.edges(memory_id)
    others = {e.target if e.source == memory_id else e.source for e in edges}
    return {"memory": memory, "chain": version_chain(api, memory), "edges": edges,
            "neighbours": api.get_many(others), "events": events_of(api, memory_id),
            "untrusted": memory.meta.get("untrusted"), "found": provenance(memory),
            "redactions": memory.meta.get("redactions") or [],
            "conflicts": api.conflicts(status="open", memory_id=memory_id)}


async def memory_page(request: Request) -> Response:
    """``GET /memory/{id}``."""
    dash = dashboard(request)
    try:
        details = await dash.call(_details, dash.api, request.path_params["mid"])
    except (CognimemError, ValidationError) as error:
        return problem(request, error)
    return render(request, "memory.html", **details)


def _field(form: Any, name: str, *, limit: int = 500) -> str:
    value = str(form.get(name) or "")
    if len(value) > limit:
        raise InvalidInput(f"{name} is {len(value):,} characters; the limit here is {limit:,}")
    return value


async def _change(dash: Dashboard, action: str, mid: str, form: Any) -> str:
    """Apply one change; returns where to go next."""
    api = dash.api
    if action == "edit":
        tags = [t.strip() for t in _field(form, "tags").split(",") if t.strip()]
        await dash.call(api.update, mid, agent=dash.agent,
                        content=_field(form, "content", limit=MAX_FIELD),
                        title=_field(form, "title") or None, tags=tags)
    elif action == "forget":
        await dash.call(api.delete, mid, agent=dash.agent)
        return "/search"
    elif action == "archive":
        await dash.call(api.archive, mid, reason=_field(form, "reason") or "archived from the "
                        "dashboard", agent=dash.agent)
    elif action == "restore":
        await dash.call(api.restore, mid, agent=dash.agent)
    elif action == "relate":
        target = _field(form, "target").strip()
        kind = _field(form, "type").strip() or "relates_to"
        await dash.call(api.relate, mid, target, kind, agent=dash.agent)
    else:
        raise NotFound(f"no action {action[:30]!r}")
    return str(form.get("next") or f"/memory/{mid}")


async def memory_change(request: Request) -> Response:
    """``POST /memory/{id}/{action}``."""
    dash = dashboard(request)
    form = await request.form()
    try:
        target = await _change(dash, request.path_params["action"], request.path_params["mid"],
                               form)
    except (CognimemError, ValidationError) as error:
        return problem(request, error)
    return back(local(target))


ROUTES = [Route("/memory/{mid}", memory_page, name="memory"),
          Route("/memory/{mid}/{action}", memory_change, methods=["POST"])]
