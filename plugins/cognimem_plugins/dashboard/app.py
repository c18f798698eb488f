"""The dashboard's Starlette application: every page's routes, the package's static files,
behind :class:`~.security.Guard`."""

from __future__ import annotations

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

STATIC = Path(__file__).with_name("static")
PAGES = (login, search, memory, conflicts, consolidation, agents, health, graph, evals)


def build_app(api: MemoryAPI, *, token: str, hosts: Sequence[str], agent: str = "dashboard",
              eval_dirs: Sequence[Path] = ()) -> Starlette:
    """The dashboard over ``api`` (an engine or a daemon's client).

    :param token: the bearer token (the session cookie and CSRF token derive from it).
    :param hosts: the Host header values answered (see
        :func:`cognimem.mcp.http_auth.allowed_hosts`).
    :param agent: who the dashboard's writes are recorded as.
    :param eval_dirs: folders written by ``cognimem eval --out`` the Eval page may open.
    """
    keys = Keys(token)
    routes: list[BaseRoute] = [route for page in PAGES for route in page.ROUTES]
    routes.append(Mount("/static", app=StaticFiles(directory=STATIC), name="static"))
    app = Starlette(routes=routes, middleware=[Middleware(Guard, keys=keys, hosts=hosts)])
    app.state.dashboard = Dashboard(api=api, keys=keys, agent=agent,
                                    eval_dirs=tuple(Path(d) for d in eval_dirs))
    return app


def serve(api: MemoryAPI, *, host: str, port: int, token: str, hosts: Sequence[str],
          agent: str = "dashboard", eval_dirs: Sequence[Path] = ()) -> None:
    """Serve the dashboard over ``api`` with uvicorn until interrupted."""
    import uvicorn

    app = build_app(api, token=token, hosts=hosts, agent=agent, eval_dirs=eval_dirs)
    uvicorn.run(app, host=host, port=port, log_level="warning")
