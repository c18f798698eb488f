"""``build_server(profile)``: the MCP server a profile describes.

The tools are the plugins' (``cognimem_register_tools``), the set chosen by the profile's
``[mcp] tools``, with the prompts and resources they register (:mod:`.prompts`). The
engine lives in the server's lifespan: opened when the server starts — in this process for
an in-memory store, through the store's owner daemon for an on-disk one — and closed when
it stops. Nothing is printed to stdout: with stdio, stdout is the
wire.

Run it with :func:`serve_stdio` or :func:`serve_http` (``cognimem serve [--http]``).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
import threading
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .. import __version__
from ..agents import project_for
from ..components import ToolSpec
from ..daemon.access import open_store, uses_daemon
from ..daemon.remote import RemoteEngine
from ..errors import CognimemError
from ..plugins import PluginHost
from ..privacy import shown
from ..profile import Profile, load_profile
from .calls import call_tool

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from ..daemon.api import MemoryAPI
    from .http_door import HttpLimits

log = logging.getLogger("cognimem.mcp")

#: What the client shows the model about the server as a whole.
INSTRUCTIONS = """\
Long-term memory that persists across sessions and is shared by every agent using this store.
- recall before starting work on a topic, and when earlier decisions may matter.
- remember decisions, facts, preferences and corrections as they happen, one per call.
- When something changes, update it with supersede=true so history is kept.
- Ids from remember and recall are what update, forget and relate take."""

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


@dataclass
class AppState:
    """The lifespan's state: the engine (local or remote) and a lock that serialises calls
    to a local engine (tools run in worker threads)."""

    engine: MemoryAPI
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: The agent name and project this server was configured with (``serve --agent``,
    #: ``--project``): what tools record when the client does not name itself.
    agent: str | None = None
    project: str | None = None
    #: The folders the file-reading tools may read (:func:`read_roots`).
    roots: tuple[str, ...] = ()

    def invoke(self, name: str, spec: ToolSpec, arguments: dict[str, Any]) -> Any:
        """Run a tool: in the daemon for a remote engine, here for a local one."""
        return call_tool(self.engine, name, arguments, spec=spec, lock=self.lock)


def build_server(profile: Profile | str | Path | None = None, *,
                 plugins: Iterable[object] = (), log_level: LogLevel = "WARNING",
                 engine: MemoryAPI | None = None, agent: str | None = None,
                 project: str | None = None,
                 lock: threading.Lock | None = None) -> MCPServer[AppState]:
    """An MCP server for ``profile`` (a Profile, a TOML path, a built-in name; None: default).

    :param plugins: extra plugin objects (tests, notebooks), as for ``Engine.from_profile``.
    :param log_level: the server's log level (logs go to stderr).
    :param engine: serve this engine (or :class:`RemoteEngine`) instead of opening one when
        the server starts; the server closes it when it stops.
    :param agent: the agent name recorded when neither the client's ``clientInfo`` nor
        ``COGNIMEM_AGENT`` names one.
    :param project: the project tools work in (``remember`` fills it in, ``recall`` searches
        it with the global memories); None: no project.
    :param lock: the lock tools take around a call to an engine in this process (shared
        with a mounted web app over the same engine); None: the server's own.
    :raises ProfileError: an unknown tool set, or a bad profile.
    :raises PluginError: a tool cannot be exposed, or two tools share a name.
    """
    import anyio.to_thread
    from mcp.server.mcpserver import MCPServer

    from .prompts import add_prompts_and_resources
    from .tools import build_tools

    if not isinstance(profile, Profile):
        profile = load_profile(*([] if profile is None else [profile]))
    settings = profile.plugins
    host = PluginHost(allow=settings.allow, deny=settings.deny, modules=settings.modules,
                      files=settings.files, plugins=plugins, entrypoints=settings.entrypoints)
    tools = build_tools(host, profile.mcp.tools)
    resolved: Profile = profile

    given = [engine]
    running: list[AppState] = []

    @asynccontextmanager
    async def lifespan(_server: MCPServer[AppState]) -> AsyncIterator[AppState]:
        store = given.pop() if given and given[0] is not None else None
        if store is None:
            store = await anyio.to_thread.run_sync(
                lambda: open_store(resolved, host=host, connect=False))
            if isinstance(store, RemoteEngine):
                warm_up(store)
        state = AppState(store, agent=agent, project=project, roots=read_roots(resolved),
                         lock=lock or threading.Lock())
        running.append(state)
        try:
            yield state
        finally:
            running.remove(state)
            await anyio.to_thread.run_sync(store.close)

    server = MCPServer(
        name=profile.mcp.name, title="cognimem", instructions=INSTRUCTIONS,
        version=__version__, lifespan=lifespan, tools=tools, log_level=log_level,
    )
    add_prompts_and_resources(server, host, lambda: running[-1] if running else None)
    return server


def read_roots(profile: Profile, cwd: Path | None = None) -> tuple[str, ...]:
    """The folders a server's file-reading tools may read: the project's folder (the git
    repository the server runs in, else its working folder), the exports folder and the
    profile's ``mcp.read_roots``."""
    from ..names import git_root

    here = cwd or Path.cwd()
    roots = [str(git_root(here) or here)]
    if profile.mcp.exports:
        roots.append(profile.mcp.exports)
    elif profile.store_path() is not None:
        roots.append(str(Path(str(profile.store_path())) / "exports"))
    return tuple([*roots, *profile.mcp.read_roots])


def warm_up(engine: RemoteEngine) -> None:
    """Reach (or start) the store's daemon in the background, so the first tool call finds
    it ready; that call waits for the connection if it is not made yet."""
    def connect() -> None:
        try:
            engine.connect()
        except CognimemError as exc:
            log.error("cannot reach the memory daemon yet (the next tool call retries): %s",
                      exc)

    threading.Thread(target=connect, name="daemon-connect", daemon=True).start()


def serve_stdio(profile: Profile, *, agent: str | None = None,
                project: str | None = None) -> None:
    """Serve MCP over stdin/stdout until the client closes the connection; ``project``
    defaults to the git repository of the working directory (:func:`project_for`)."""
    engine: RemoteEngine | None = None
    if uses_daemon(profile):
        # Start reaching the daemon before loading the MCP SDK and the plugins, so a daemon
        # that has to start opens the store while this process gets ready.
        engine = RemoteEngine(profile)
        warm_up(engine)
    # A plugin that prints while loading must not corrupt the wire; during the run the SDK
    # points fd 1 at stderr and keeps the real stdout for the transport.
    with contextlib.redirect_stdout(sys.stderr):
        server = build_server(profile, engine=engine, agent=agent,
                              project=project or project_for())
    server.run("stdio")


def serve_http(profile: Profile, *, host: str = "127.0.0.1", port: int = 8765,
               path: str = "/mcp", public: bool = False,
               allow_hosts: tuple[str, ...] = (), agent: str | None = None,
               project: str | None = None, limits: HttpLimits | None = None,
               mount: str | None = None) -> None:
    """Serve MCP over streamable HTTP at ``http://host:port/path`` until interrupted, behind a
    bearer token (see :mod:`.http_auth`), with Host and Origin checked for every address and
    the door's deadlines and caps (:mod:`.http_door`; ``limits``, else its defaults).

    :param mount: a plugin's web app (``cognimem_register_web_apps``, e.g. ``dashboard``)
        to serve on every other path, over the same store, behind the same token.
    :raises InvalidInput: a bind beyond loopback without ``public``, an unusable token, or
        no web app of that name.
    """
    import uvicorn
    from mcp.server.transport_security import TransportSecuritySettings

    from .http_auth import allowed_hosts, check_bind, load_token, require_token, token_file
    from .http_door import HttpLimits
    from .web_apps import beside, mounted

    check_bind(host, public)
    token, made = load_token(create=True)
    if made:
        sys.stderr.write(f"cognimem: the HTTP bearer token (shown once; kept in "
                         f"{shown(token_file())}):\n{token}\n")
    hosts = allowed_hosts(host, port, allow_hosts)
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts,
        allowed_origins=[f"{scheme}://{h}" for h in hosts for scheme in ("http", "https")])
    web = mounted(profile, mount) if mount else None
    store, lock = None, threading.Lock()
    if web is not None:  # the app and the tools share one store (and, in this process, a lock)
        store = open_store(profile, connect=False)
        if isinstance(store, RemoteEngine):
            warm_up(store)
    server = build_server(profile, log_level="INFO", agent=agent,
                          project=project or project_for(), engine=store, lock=lock)
    app = require_token(server.streamable_http_app(
        streamable_http_path=path, transport_security=security, host=host), token)
    if web is not None and store is not None:
        app = beside(app, path, web(store, token=token, hosts=hosts, lock=lock))
    # uvicorn shuts down cleanly on SIGINT/SIGTERM (the lifespan closes the engine), then
    # re-raises the signal; stopping the server that way is a success, not a crash.
    signal.signal(signal.SIGTERM, _exit_quietly)
    signal.signal(signal.SIGINT, _exit_quietly)
    uvicorn.run(app, host=host, port=port, log_level="info",
                **(limits or HttpLimits()).uvicorn_options())


def _exit_quietly(_signum: int, _frame: Any) -> None:
    raise SystemExit(0)
