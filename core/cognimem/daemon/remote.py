"""The memory API over the owner daemon's connection, and :func:`open_store`.

:class:`RemoteEngine` stands in for an :class:`~cognimem.engine.Engine` in every process
that is not the store's owner: it implements :class:`~cognimem.daemon.api.MemoryAPI`
method by method, each running in the daemon and returning the engine's own types
(``Written``, ``SearchResult``, ``Memory``...). MCP tools run in the daemon too
(:meth:`RemoteEngine.run_tool`, or :func:`run_tool` for either kind of engine).

If the daemon goes away between two calls, the next call starts a new one. If it goes away
*during* a call, a read is retried; a write is not (it may or may not have been applied), and
the caller gets a :class:`~cognimem.errors.StoreError` saying so. A request the daemon
refuses unread (too large) is reported as refused: nothing was written.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, ItemsView, Iterator, KeysView, ValuesView
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import StoreError
from ..session import current as current_session
from .api import RETRY_SAFE
from .connection import Connection, ConnectionLost, DaemonStopping
from .operations import OPERATIONS_TABLE, MemoriesAPI, ReadingAPI, TeamAPI, UpkeepAPI
from .results import expect, expect_shape
from .runtime import pid_alive, read_owner_record, store_of

if TYPE_CHECKING:
    from ..profile import Profile

log = logging.getLogger("cognimem.remote")

#: Set to 1 to use a running daemon whose pipeline differs from the client's profile.
USE_RUNNING_ENV = "COGNIMEM_USE_RUNNING"

class RemoteEngine(MemoriesAPI, ReadingAPI, TeamAPI, UpkeepAPI):
    """The memory API of a store whose owner daemon runs elsewhere.

    Its operations are generated from the engine's declarations (:mod:`.operations`, whose
    Protocols it inherits): each sends the call, and :meth:`_call` checks the answer against
    the operation's return annotation.

    The connection opens on first use (:meth:`connect` opens it now), starting the daemon
    if none is running. Thread-safe: calls are serialised over one connection.

    :param profile: the profile whose store to reach (its ``path`` must be on disk).
    :param idle_timeout: for a daemon this call starts: seconds idle before it stops.
    :param store: the store directory, when known without the profile; then ``loader``
        gives the profile, read only if a daemon has to be started.
    :param fingerprint: the profile's pipeline fingerprint, when known without it.
    """

    def __init__(self, profile: Profile | None = None, *, idle_timeout: float | None = None,
                 store: Path | None = None, fingerprint: str | None = None,
                 loader: Callable[[], Profile] | None = None) -> None:
        if profile is None and (store is None or loader is None):
            raise ValueError("RemoteEngine needs a profile, or a store and a profile loader")
        self._local_profile = profile
        self._loader = loader
        self._store = store if store is not None else store_of(profile)  # type: ignore[arg-type]
        self._fingerprint = fingerprint
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

    def _local(self) -> Profile:
        if self._local_profile is None:
            assert self._loader is not None
            self._local_profile = self._loader()
        return self._local_profile

    def _ensure(self) -> Connection:
        if self._closed:
            raise StoreError("this RemoteEngine is closed; open a new one with open_store")
        connection = self._connection
        if connection is not None and connection.alive():
            return connection
        self._drop()
        connection = _reach(self._store)
        if connection is None:  # no daemon answers: start one (this needs the profile)
            from .spawn import ensure_daemon

            record = ensure_daemon(self._local(), idle_timeout=self._idle_timeout)
            connection = Connection(record, client=f"cognimem[{os.getpid()}]")
        self._connection = connection
        self._info = connection.info
        record = connection.record
        if self._fingerprint is None:
            from .spawn import profile_fingerprint

            self._fingerprint = profile_fingerprint(self._local())
        if record.fingerprint and record.fingerprint != self._fingerprint:
            self._other_pipeline(connection, record.store, record.profile)
        return connection

    def _other_pipeline(self, connection: Connection, store: object, profile: object) -> None:
        """The daemon runs another pipeline than this client's profile: a mistake in the
        profile is the one-line error it gives without a daemon; a different valid pipeline
        is an error saying how to switch, unless ``COGNIMEM_USE_RUNNING=1`` asks to use the
        running one."""
        from ..errors import ProfileError
        from .validate import check_profile

        try:
            check_profile(self._local())
            if os.environ.get(USE_RUNNING_ENV, "").strip() in ("1", "true", "yes"):
                return
            raise ProfileError(
                f"the memory daemon for {store} runs profile {profile!r} with another "
                "pipeline than this profile's; to switch, stop it (`cognimem daemon stop`, "
                f"with this --store) and run again; to use its pipeline, set {USE_RUNNING_ENV}=1")
        except BaseException:
            connection.close()
            self._connection = None
            raise

    def _drop(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _request(self, what: str, method: str, *, retry_safe: bool,
                 on_frame: Callable[[dict[str, Any]], None] | None = None,
                 **params: Any) -> object:
        session = current_session()
        if session:  # the daemon binds it around the call (the write pipeline's scope)
            params["session"] = session.as_dict()
        with self._lock:
            for attempt in (1, 2):
                connection = self._ensure()
                try:
                    result: object = connection.request(method, on_frame=on_frame, **params)
                    return result
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

    def _call(self, op: str, *args: Any, **kwargs: Any) -> Any:
        found = self._request(f"{op}()", "call", retry_safe=op in RETRY_SAFE, op=op,
                              args=[_sendable(a) for a in args],
                              kwargs={k: _sendable(v) for k, v in kwargs.items()})
        return expect_shape(found, OPERATIONS_TABLE[op][1], op)

    def stream(self, method: str, *, on_frame: Callable[[dict[str, Any]], None] | None = None,
               **params: Any) -> object:
        """One step of a streamed export or import (see :mod:`cognimem.daemon.streams`);
        never repeated on a broken connection (the stream's state was the connection's)."""
        with self._lock:
            connection = self._ensure()
            try:
                result: object = connection.request(method, on_frame=on_frame, **params)
            except ConnectionLost as exc:
                self._drop()
                raise StoreError(f"the memory daemon stopped during {method}; run the command "
                                 "again (an import is written whole or not at all)") from exc
            return result

    def run_tool(self, name: str, arguments: dict[str, Any], *,
                 retry_safe: bool = False) -> object:
        """Run the MCP tool ``name`` against the daemon's engine; returns the tool's result
        (a plugin's own result model arrives as its plain data)."""
        return self._request(f"the {name!r} tool", "tool", retry_safe=retry_safe, name=name,
                             arguments=arguments)

    def status(self) -> dict[str, Any]:
        """The daemon's status (pid, address, uptime, requests, connections, memories)."""
        return expect(self._request("status", "status", retry_safe=True), dict, "status")

    # the memory API ---------------------------------------------------------------------------

    @property
    def profile(self) -> Profile:
        """The profile the daemon opened the store with (it owns the store, so it rules)."""
        with self._lock:
            if self._profile is None:
                self._ensure()
                data = self._info.get("profile_data")
                if data:
                    from ..profile import Profile

                    self._profile = Profile(**data)
                else:
                    self._profile = self._local()
            return self._profile

    @property
    def path(self) -> Path:
        """The store directory."""
        return self._store

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
        return f"<RemoteEngine {self._store}>"


def _sendable(value: Any) -> Any:
    """An argument as the wire carries it: a one-pass iterable (a generator, a dict's keys)
    as a list; everything else as it is."""
    if isinstance(value, Iterator | KeysView | ValuesView | ItemsView):
        return list(value)
    return value


def _reach(store: Path) -> Connection | None:
    """A connection to the daemon the record of ``store`` names, if it answers."""
    record = read_owner_record(store)
    if record is None or not pid_alive(record.pid):
        return None
    try:
        return Connection(record, client=f"cognimem[{os.getpid()}]")
    except (ConnectionLost, DaemonStopping):
        return None
