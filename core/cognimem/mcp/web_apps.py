"""Web apps beside MCP on ``cognimem serve --http --mount NAME``: a plugin's app
(``cognimem_register_web_apps``, such as the dashboard) answers every path but the MCP
endpoint's, over the server's store, checking the same token and Host itself."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput, PluginError
from ..plugins import PluginHost

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

    from ..profile import Profile

#: ``build(api, token=..., hosts=..., lock=...)``: see :class:`~cognimem.extensions.WebAppSpec`.
Build = Callable[..., "ASGIApp"]


def mounted(profile: Profile, name: str) -> Build:
    """The ``build`` function of the web app ``name`` among the profile's plugins.

    :raises InvalidInput: no loaded plugin registers a web app of that name (the ones that
        do are named).
    :raises PluginError: its ``build`` is not ``"module:function"`` or does not import.
    """
    settings = profile.plugins
    host = PluginHost(allow=settings.allow, deny=settings.deny, modules=settings.modules,
                      files=settings.files, entrypoints=settings.entrypoints)
    apps = host.components("web_app")
    if name not in apps:
        raise InvalidInput(f"--mount {name[:60]!r}: no plugin adds a web app of that name; "
                           f"web apps: {', '.join(sorted(apps)) or '(none)'}")
    registration = apps[name]
    module_name, _, attribute = registration.obj.build.partition(":")
    where = f"plugin {registration.plugin!r}, web app {name!r}"
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise PluginError(f"{where}: cannot import {module_name!r}: "
                          f"{type(exc).__name__}: {exc}") from exc
    build = getattr(module, attribute, None) if attribute else None
    if not callable(build):
        raise PluginError(f"{where}: build must name a function as 'package.module:function', "
                          f"not {registration.obj.build!r}")
    found: Build = build
    return found


def beside(mcp: ASGIApp, path: str, web: ASGIApp) -> ASGIApp:
    """One app: ``path`` (and below) and the lifespan go to ``mcp``, every other request to
    ``web``."""
    prefix = path.rstrip("/") + "/"

    async def both(scope: Scope, receive: Receive, send: Send) -> None:
        where: Any = scope.get("path", "")
        if scope["type"] == "lifespan" or where == path or str(where).startswith(prefix):
            await mcp(scope, receive, send)
        else:
            await web(scope, receive, send)

    return both
