"""What every page shares: the template environment (autoescaped), the store behind one
lock, rendering, and the one-line error page."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse

from cognimem.errors import CognimemError, NotFound

from .security import CSRF_FIELD, Keys

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI
    from cognimem.models import Event, Memory

T = TypeVar("T")
#: What serialises calls to the store (the dashboard's own, or a server's it shares).
Lock = AbstractContextManager[Any]
#: Hits or rows per page.
PAGE = 20
NAV = (("search", "Search"), ("conflicts", "Conflicts"), ("consolidation", "Consolidation"),
       ("agents", "Agents"), ("health", "Health"), ("graph", "Graph"), ("eval", "Eval runs"))


@dataclass
class Dashboard:
    """The state every route reads: the memory API (an engine, or a daemon's client), who
    the dashboard's writes are recorded as, and the eval folders it may open."""

    api: MemoryAPI
    keys: Keys
    agent: str = "dashboard"
    eval_dirs: tuple[Path, ...] = ()
    #: One call at a time (a server mounting the dashboard passes the lock its tools take).
    lock: Lock = field(default_factory=threading.RLock)
    templates: Environment = field(default_factory=lambda: environment())

    async def call(self, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run one memory-API call off the event loop, one call at a time."""
        def locked() -> T:
            with self.lock:
                return func(*args, **kwargs)

        return await run_in_threadpool(locked)


def environment() -> Environment:
    """Jinja2 with autoescaping on for every template (memory text is never markup)."""
    env = Environment(loader=PackageLoader("cognimem_plugins.dashboard", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["short"] = lambda value, n=12: str(value)[:n]
    env.filters["when"] = lambda value: value.strftime("%Y-%m-%d %H:%M") if value else ""
    env.filters["num"] = lambda value, d=3: f"{value:.{d}f}" if value is not None else ""
    env.filters["cell"] = cell
    return env


def cell(value: object) -> str:
    """A table cell read from CSV: a long decimal rounded to four places, else as written."""
    text = "" if value is None else str(value)
    try:
        number = float(text)
    except ValueError:
        return text
    return f"{number:.4f}".rstrip("0").rstrip(".") if "." in text and len(text) > 8 else text


def dashboard(request: Request) -> Dashboard:
    """The app's :class:`Dashboard`."""
    found: Dashboard = request.app.state.dashboard
    return found


def render(request: Request, template: str, code: int = 200, **context: Any) -> HTMLResponse:
    """A page: ``template`` with the navigation, the CSRF token and ``context``."""
    dash = dashboard(request)
    page = dash.templates.get_template(template).render(
        request=request, nav=NAV, csrf=dash.keys.csrf, csrf_field=CSRF_FIELD,
        active=template.removesuffix(".html"), **context)
    return HTMLResponse(page, status_code=code)


def problem(request: Request, error: Exception) -> HTMLResponse:
    """The one-line error page: 404 for something missing, else 400."""
    status = 404 if isinstance(error, NotFound) else 400
    message = str(error) if isinstance(error, CognimemError) else f"bad input: {error}"
    return render(request, "problem.html", code=status, message=message)


def back(url: str) -> RedirectResponse:
    """After a change: back to a page (303, so a reload does not post again)."""
    return RedirectResponse(url, status_code=303)


def local(url: str) -> str:
    """``url`` when it is a path on this server, else ``/`` (no open redirects)."""
    ok = url.startswith("/") and not url.startswith(("//", "/\\")) and "\\" not in url
    return url if ok else "/"


def page_number(request: Request, limit: int = 10_000) -> int:
    """The ``page`` parameter (1 when absent or not a number)."""
    text = request.query_params.get("page", "1")
    return max(1, min(int(text), limit)) if text.isdigit() else 1


def latest_events(api: MemoryAPI, count: int) -> list[Event]:
    """The last ``count`` events of the log, newest first."""
    last = int(api.stats().get("events") or 0)
    return api.events(after_seq=max(0, last - count))[::-1][:count]


def recent_memories(api: MemoryAPI, events: list[Event]) -> list[Memory]:
    """The memories ``events`` (newest first) touched, most recently changed first (those
    that still exist). The memory API lists memories only by scanning the whole store, so
    pages that show "the newest" read the event log's tail instead."""
    order: dict[str, None] = {}
    for event in events:
        if event.target:
            order.setdefault(event.target, None)
    found = api.get_many(list(order))
    return [found[i] for i in order if i in found]
