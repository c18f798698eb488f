"""The engine API over the owner daemon's connection, and :func:`open_store`.

:class:`RemoteEngine` stands in for an :class:`~cognimem.engine.Engine` in every process
that is not the store's owner: ``engine.add(...)``, ``engine.search(...)`` and the rest run
in the daemon and return the same types (``Written``, ``SearchResult``, ``Memory``...).
MCP tools run in the daemon too (:meth:`RemoteEngine.run_tool`), so a plugin's tool works
the same whether the store is local or remote.

If the daemon goes away between two calls, the next call starts a new one. If it goes away
*during* a call, a read is retried; a write is not (it may or may not have been applied), and
the caller gets a :class:`~cognimem.errors.StoreError` saying so.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import StoreError
from ..profile import Profile
from .connection import Connection, ConnectionLost, DaemonStopping
from .daemon import ensure_daemon, profile_fingerprint

if TYPE_CHECKING:
    from ..engine import Engine
    from ..plugins import PluginHost

log = logging.getLogger("cognimem.remote")

#: Engine methods that only read (or whose repetition changes nothing): retried when the
#: connection breaks mid-call.
RETRY_SAFE = frozenset({
    "get", "get_many", "list_memories", "search", "stats", "edges", "graveyard", "events",
    "now", "check", "relate", "archive",
})

#: Set to 1 to open on-disk stores in this process instead of through the daemon.
NO_DAEMON_ENV = "COGNIMEM_NO_DAEMON"


class RemoteEngine:
    """An engine living in the store's owner daemon, used through its connection.

    The connection opens on first use (:meth:`connect` opens it now), starting the daemon
    if none is running. Thread-safe: calls are serialised over one connection.

    :param profile: the profile whose store to reach (its ``path`` must be on disk).
    :param idle_timeout: for a daemon this call starts: seconds idle before it stops.
    """

    def __init__(self, profile: Profile, *, idle_timeout: float | None = None) -> None:
        self._local_profile = profile
        self._idle_timeout = idle_timeout
        self._lock = threading.RLock()
        self._connection: Connection | None = None
        self._info: dict[str, Any] = {}
        self._profile: Profile | None = None
        self._closed = False

    # connection -------------------------------------------------------------------------------

    def connect(self) -> RemoteEngine:
        """Open the connection now (starting the daemon if needed); returns self."""
        with self._lock:
            self._ensure()
        return self

    def _ensure(self) -> Connection:
        if self._closed:
            raise StoreError("this RemoteEngine is closed; open a new one with open_store")
        connection = self._connection
        if connection is not None and connection.alive():
            return connection
        self._drop()
        record = ensure_daemon(self._local_profile, idle_timeout=self._idle_timeout)
        connection = Connection(record, client=f"cognimem[{os.getpid()}]")
        self._connection = connection
        self._info = connection.info
        mine = profile_fingerprint(self._local_profile)
        if record.fingerprint and record.fingerprint != mine:
            log.warning(
                "the memory daemon for %s runs profile %r with a different pipeline than "
                "requested; it owns the store, so its pipeline is used (stop it with "
                "`cognimem daemon stop` to switch)", record.store, record.profile)
        return connection

    def _drop(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _request(self, what: str, method: str, *, retry_safe: bool, **params: Any) -> Any:
        with self._lock:
            for attempt in (1, 2):
                connection = self._ensure()
                try:
                    return connection.request(method, **params)
                except DaemonStopping:
                    self._drop()
                    if attempt == 2:
                        raise
                except ConnectionLost as exc:
                    self._drop()
                    if attempt == 2 or (exc.sent and not retry_safe):
                        raise StoreError(
                            f"the memory daemon stopped while running {what}; it may or may "
                            "not have been applied: check (get / recall) before repeating it"
                        ) from exc
            raise AssertionError("unreachable")  # pragma: no cover

    # the engine API ---------------------------------------------------------------------------

    def call(self, path: tuple[str, ...], *args: Any, **kwargs: Any) -> Any:
        """Call ``engine.<path>(*args, **kwargs)`` in the daemon and return its result."""
        name = ".".join(path)
        return self._request(f"engine.{name}", "call", retry_safe=name in RETRY_SAFE,
                             path=list(path), args=list(args), kwargs=kwargs, cwd=os.getcwd())

    def run_tool(self, name: str, arguments: dict[str, Any], *, retry_safe: bool = False) -> Any:
        """Run the MCP tool ``name`` against the daemon's engine; returns the tool's result."""
        return self._request(f"the {name!r} tool", "tool", retry_safe=retry_safe, name=name,
                             arguments=arguments)

    def status(self) -> dict[str, Any]:
        """The daemon's status (pid, address, uptime, requests, connections, memories)."""
        result: dict[str, Any] = self._request("status", "status", retry_safe=True)
        return result

    @property
    def profile(self) -> Profile:
        """The profile the daemon opened the store with (it owns the store, so it rules)."""
        with self._lock:
            if self._profile is None:
                self._ensure()
                data = self._info.get("profile_data")
                self._profile = Profile(**data) if data else self._local_profile
            return self._profile

    @property
    def path(self) -> Path:
        """The store directory."""
        path = self._local_profile.store_path()
        assert path is not None
        return path

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return _resolve(self, (name,))

    # lifecycle --------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (the daemon keeps serving other clients)."""
        with self._lock:
            self._closed = True
            self._drop()

    def __enter__(self) -> RemoteEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<RemoteEngine {self._local_profile.store_path()}>"


class RemoteMethod:
    """``engine.<path>`` in the daemon, called like the method it stands for."""

    def __init__(self, engine: RemoteEngine, path: tuple[str, ...]) -> None:
        self._engine = engine
        self._path = path

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._engine.call(self._path, *args, **kwargs)

    def __repr__(self) -> str:
        return f"<remote engine.{'.'.join(self._path)}>"


class RemoteObject:
    """An engine attribute that cannot travel (a component): its attributes are reached
    through the daemon, one level at a time (``engine.records.iter_memories()``)."""

    def __init__(self, engine: RemoteEngine, path: tuple[str, ...]) -> None:
        self._engine = engine
        self._path = path

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return _resolve(self._engine, (*self._path, name))

    def __repr__(self) -> str:
        return f"<remote engine.{'.'.join(self._path)}>"


def _resolve(engine: RemoteEngine, path: tuple[str, ...]) -> Any:
    if len(path) == 1 and path[0] in _engine_methods():
        return RemoteMethod(engine, path)
    found = engine._request(f"engine.{'.'.join(path)}", "attr", retry_safe=True, path=list(path))
    if found["kind"] == "callable":
        return RemoteMethod(engine, path)
    if found["kind"] == "value":
        return found["value"]
    return RemoteObject(engine, path)


_METHODS: frozenset[str] | None = None


def _engine_methods() -> frozenset[str]:
    global _METHODS
    if _METHODS is None:
        from ..engine import Engine

        _METHODS = frozenset(n for n in dir(Engine)
                             if not n.startswith("_") and callable(getattr(Engine, n))
                             and n not in {"close", "from_profile"})
    return _METHODS


def uses_daemon(profile: Profile) -> bool:
    """Whether the profile's store is reached through its owner daemon: an on-disk store,
    unless ``COGNIMEM_NO_DAEMON=1``."""
    return profile.store_path() is not None and os.environ.get(NO_DAEMON_ENV, "") not in (
        "1", "true", "yes")


def open_store(profile: Profile, *, host: PluginHost | None = None, connect: bool = True,
               idle_timeout: float | None = None) -> Engine | RemoteEngine:
    """The engine for a profile: in this process for an in-memory store, else through the
    store's owner daemon (started if needed).

    :param host: a plugin host already built from the profile (local engines reuse it).
    :param connect: reach the daemon now rather than on first use.
    """
    if not uses_daemon(profile):
        from ..clock import SystemClock
        from ..engine import Engine

        if host is None:
            return Engine.from_profile(profile)
        return Engine(profile, host, SystemClock())
    remote = RemoteEngine(profile, idle_timeout=idle_timeout)
    return remote.connect() if connect else remote
