"""The dashboard's Starlette application: every page's routes, the package's static files,
behind :class:`~.security.Guard`."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from .routes import agents, conflicts, consolidation, evals, graph, health, login, memory, search
from .security import Guard, Keys
from .views import Dashboard

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI

    from .views import Lock

STATIC = Path(__file__).with_name("static")
PAGES = (login, search, memory, conflicts, consolidation, agents, health, graph, evals)


def build_app(api: MemoryAPI, *, token: str, hosts: Sequence[str], agent: str = "dashboard",
              eval_dirs: Sequence[Path] = (), lock: Lock | None = None) -> Starlette:
    """The dashboard over ``api`` (an engine or a daemon's client).

    :param token: the bearer token (the session cookie and CSRF token derive from it).
    :param hosts: the Host header values answered (see
        :func:`cognimem.mcp.http_auth.allowed_hosts`).
    :param agent: who the dashboard's writes are recorded as.
    :param eval_dirs: folders written by ``cognimem eval --out`` the Eval page may open.
    :param lock: taken around every memory-API call (shared with whatever else calls the
        same engine in this process); None: the dashboard's own.
    """
    keys = Keys(token)
    routes: list[BaseRoute] = [route for page in PAGES for route in page.ROUTES]
    routes.append(Mount("/static", app=StaticFiles(directory=STATIC), name="static"))
    app = Starlette(routes=routes, middleware=[Middleware(Guard, keys=keys, hosts=hosts)])
    app.state.dashboard = Dashboard(api=api, keys=keys, agent=agent,
                                    eval_dirs=tuple(Path(d) for d in eval_dirs),
                                    lock=lock or threading.RLock())
    return app


def mount(api: MemoryAPI, *, token: str, hosts: Sequence[str], lock: Lock) -> Starlette:
    """The dashboard as ``cognimem serve --http --mount dashboard`` builds it (see
    :class:`cognimem.extensions.WebAppSpec`): over the server's store, behind its token,
    calls taken under the server's lock."""
    return build_app(api, token=token, hosts=hosts, lock=lock)


def serve(api: MemoryAPI, *, host: str, port: int, token: str, hosts: Sequence[str],
          agent: str = "dashboard", eval_dirs: Sequence[Path] = ()) -> None:
    """Serve the dashboard over ``api`` with uvicorn until interrupted."""
    import uvicorn

    app = build_app(api, token=token, hosts=hosts, agent=agent, eval_dirs=eval_dirs)
    uvicorn.run(app, host=host, port=port, log_level="warning")
