"""The owner daemon: the one long-lived process that holds an on-disk store.

Every ``cognimem serve`` process and CLI call reaches it through its Unix socket in the
user's private runtime folder (:mod:`cognimem.daemon.runtime`). It holds ``daemon.lock`` for
its whole life and serves until stopped, SIGTERM, ``idle_timeout`` seconds without an
admitted connection, its store directory disappearing, or a change in the code it runs (an
upgrade: :mod:`cognimem.daemon.codestamp`); then it removes its record and closes the
engine. After a SIGKILL the next caller starts a new one (nothing acknowledged is
lost: the record store is the truth).

The door (:mod:`cognimem.daemon.door`): a connection must finish its hello within one
deadline in at most :data:`~cognimem.daemon.wire.MAX_HELLO_BYTES`; at most so many are open
at once, and so many from one peer process; a connection that has not said hello neither
counts as activity nor keeps the daemon from stopping when idle. Clients may call the
engine's declared client operations (:func:`~cognimem.engine.delegate.client_operations`),
the profile's tools, and the daemon's own ``status`` and ``shutdown``; nothing else.
Writes are serialised by one lock (no interleaved transactions) and concurrent adds are
written together (:mod:`cognimem.daemon.group`); searches run beside them
(:mod:`cognimem.daemon.reads`); long operations run as jobs, in units, beside both
(:mod:`cognimem.daemon.jobs`).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import secrets
import socket
import socketserver
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..engine.delegate import served_operations
from ..errors import CognimemError, InvalidInput
from ..limits import clip
from ..session import bound
from .calltimes import CallTimes
from .checks import check_call, one_line_error
from .codestamp import CodeStamp
from .door import (
    MAX_CONNECTIONS,
    Door,
    DoorLimits,
    HandshakeTimeout,
    peer_credentials,
    read_hello,
)
from .group import GroupCommit
from .jobs import Jobs
from .operating import Operations
from .reads import ReadGate
from .runtime import (
    OwnerRecord,
    clear_owner_record,
    socket_path,
    store_of,
    write_owner_record,
)
from .streams import Upload, serve_export
from .turns import WaitedLock
from .wire import (
    MAX_HELLO_BYTES,
    MessageTooLarge,
    WireError,
    decode,
    dump_message,
    encode,
    encode_error,
    message_limit,
    read_message,
    write_message,
)

__all__ = ["MAX_CONNECTIONS", "StoreDaemon"]

if TYPE_CHECKING:
    from ..engine import Engine
    from ..profile import Profile

log = logging.getLogger("cognimem.daemon")


def _timed_name(message: dict[str, Any]) -> str | None:
    """The name a call is timed under in the status: ``tool:<name>`` for a tool,
    ``api:<operation>`` for a memory API call; None for the daemon's own requests."""
    method = message.get("method")
    if method == "tool":
        return f"tool:{message.get('name')}"
    if method == "call":
        return f"api:{message.get('op')}"
    return None


#: A connection as counted at the door: the peer's ``(pid, uid)`` (None: not reported) and
#: ``(peer pid, refusal or None)``, or None when the peer is another user (never served).
_Arrival = tuple[tuple[int, int] | None, tuple[int | None, str | None] | None]


class _Server(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    # socketserver's default backlog of 5 makes a client's connect fail at once (EAGAIN on
    # a Unix socket) when a few dozen agents start together
    request_queue_size = 2 * MAX_CONNECTIONS
    owner: StoreDaemon

    def process_request(self, request: Any, client_address: Any) -> None:
        # the door counts each connection here, in the accept loop, before its thread starts
        self.owner.arrive(request)
        try:
            super().process_request(request, client_address)
        except BaseException:  # no thread to serve it: give its slot back
            self.owner.forget(request)
            raise


class _Handler(socketserver.BaseRequestHandler):
    server: _Server

    def handle(self) -> None:
        self.server.owner.serve_connection(self.request)


class StoreDaemon:
    """Serves one open engine to the user's clients until stopped or idle.

    :param engine: the open engine (the daemon closes it on the way out).
    :param profile: the profile it was opened with (sent to clients in the hello).
    :param idle_timeout: seconds with no admitted connection before stopping; ``<= 0``: never.
    """

    def __init__(self, engine: Engine, profile: Profile, *, idle_timeout: float,
                 fingerprint: str = "", door: DoorLimits | None = None,
                 code: CodeStamp | None = None) -> None:
        self.door = Door(door if door is not None else DoorLimits.from_env())
        #: the files of the code this daemon runs: when one changes it stops (codestamp.py)
        self.code = code if code is not None else CodeStamp()
        self.engine = engine
        self.profile = profile
        self.store = store_of(profile)
        self.idle_timeout = idle_timeout
        self.started = time.time()
        self.requests = 0
        self.connections = 0  # admitted (said hello)
        self._last_activity = time.monotonic()
        self._engine_lock = WaitedLock()  # a job lets its waiters in between units
        self._state_lock = threading.Lock()
        # connections counted at the door, waiting for their thread to serve them
        self._arrivals: dict[socket.socket, _Arrival] = {}
        self._stopping = threading.Event()
        self._call_times = CallTimes()
        self._group = GroupCommit(self._engine_lock, self.engine.add_many)
        self._reads = ReadGate(self.engine, self._engine_lock)
        self.jobs = Jobs(self.engine, self._reads, self._engine_lock)
        self._operations = Operations(self.engine, self._group, self._reads, self.jobs)
        if engine.embedder is not None:  # many agents' passes: out of the interpreter lock
            engine.embedder.serve_many()
        path = socket_path(self.store)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # left by a daemon that died; we hold the lock, so it is not live
        self._server = _Server(str(path), _Handler)
        os.chmod(path, 0o600)
        self._server.owner = self
        self.record = OwnerRecord(
            pid=os.getpid(), socket=str(path), store=str(self.store), profile=profile.name,
            fingerprint=fingerprint,
            started_at=datetime.fromtimestamp(self.started, UTC).isoformat(timespec="seconds"),
            version=__version__,
        )
        self.session = secrets.token_hex(8)  # tells clients one daemon from the next

    # lifecycle --------------------------------------------------------------------------------

    def serve(self) -> None:
        """Publish the record and serve until :meth:`stop`; then clean up (record, engine)."""
        write_owner_record(self.store, self.record)
        try:
            self.engine._records.publish_owner(self.record.address)
        except CognimemError as exc:
            log.warning("could not publish the address in the store's lock file: %s", exc)
        log.info("serving %s on %s (pid %d, idle timeout %ss)", self.store,
                 self.record.address, os.getpid(), self.idle_timeout)
        watcher = threading.Thread(target=self._watch_idle, name="idle-watch", daemon=True)
        watcher.start()
        try:
            self._server.serve_forever(poll_interval=0.2)
        finally:
            self._stopping.set()
            self._server.server_close()
            clear_owner_record(self.store, os.getpid())
            with contextlib.suppress(OSError):
                Path(self.record.socket).unlink()
            self.jobs.close()  # each job stops at its next step
            with self._reads.alone():
                self.engine.close()
            log.info("stopped; %d requests served", self.requests)

    def stop(self) -> None:
        """Ask the serving loop to end (safe from any thread, including signal handlers)."""
        if not self._stopping.is_set():
            self._stopping.set()
            threading.Thread(target=self._server.shutdown, daemon=True).start()

    def _watch_idle(self) -> None:
        step = 1.0 if self.idle_timeout <= 0 else min(1.0, max(self.idle_timeout / 4, 0.05))
        while not self._stopping.wait(step):
            self._reads.flush_held()
            if not self.store.is_dir():
                log.info("the store directory %s is gone: stopping", self.store)
                self.stop()
                return
            if self.code.due() and (changed := self.code.changed()) is not None:
                log.info("the installed code changed (%s): stopping, so that the next call "
                         "starts a daemon on the new code", changed)
                self.stop()
                return
            if self.idle_timeout <= 0:
                continue
            with self._state_lock:
                idle = self.connections == 0 and \
                    time.monotonic() - self._last_activity >= self.idle_timeout
            if self.jobs.busy:  # a job in the background keeps the daemon up
                self._admit(0)
                idle = False
            if idle:
                log.info("idle for %ss with no connection: stopping", self.idle_timeout)
                self.stop()
                return

    # connections ------------------------------------------------------------------------------

    def arrive(self, sock: socket.socket) -> None:
        """Count a connection at the door as it is accepted (in the order connections
        arrived); its thread then serves it with the verdict :meth:`serve_connection` finds."""
        credentials = peer_credentials(sock)
        if credentials is not None and credentials[1] != os.getuid():
            verdict: tuple[int | None, str | None] | None = None  # another user's
        else:
            peer = None if credentials is None else credentials[0]
            verdict = (peer, self.door.take(peer))
        with self._state_lock:
            self._arrivals[sock] = (credentials, verdict)

    def forget(self, sock: socket.socket) -> None:
        """Release the door's count of a connection no thread will serve."""
        with self._state_lock:
            arrival = self._arrivals.pop(sock, None)
        if arrival is not None and arrival[1] is not None:
            self.door.leave(arrival[1][0])

    def serve_connection(self, sock: socket.socket) -> None:
        """Admit one client (hello), then answer its requests until it disconnects."""
        with self._state_lock:
            arrival = self._arrivals.pop(sock, None)
        if arrival is None:  # not counted on arrival (called directly): count it now
            self.arrive(sock)
            with self._state_lock:
                arrival = self._arrivals.pop(sock)
        credentials, verdict = arrival
        if verdict is None:
            assert credentials is not None
            log.warning("refused a connection from uid %d", credentials[1])
            return
        peer, refusal = verdict
        try:
            self._serve_admitted(sock, refusal)
        finally:
            self.door.leave(peer)

    def _serve_admitted(self, sock: socket.socket, refusal: str | None) -> None:
        """Answer one counted connection: its refusal, or its hello and requests."""
        wfile = sock.makefile("wb")
        rfile: Any = None
        try:
            if refusal is not None:
                write_message(wfile, {"id": None, "error": {
                    "type": "Refused", "message": refusal}})
                return
            try:
                hello = read_hello(sock, MAX_HELLO_BYTES, self.door.limits.hello_timeout)
            except HandshakeTimeout:
                self.door.timed_out_once()
                raise
            if hello is None or hello.get("method") != "hello":
                return
            if self._stopping.is_set():  # send the caller to the next daemon instead
                write_message(wfile, {"id": hello.get("id"), "error": {
                    "type": "DaemonStopping", "message": "the memory daemon is stopping"}})
                return
            sock.settimeout(None)
            rfile = sock.makefile("rb")
            self._admit(+1)
            try:
                write_message(wfile, {"id": hello.get("id"), "result": encode(self.hello())})
                self._answer(rfile, wfile)
            finally:
                self._admit(-1)
        except (OSError, WireError) as exc:
            log.debug("connection closed: %s", exc)
        finally:
            for stream in (rfile, wfile):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()

    def _answer(self, rfile: Any, wfile: Any) -> None:
        upload = Upload()
        while True:
            try:
                message = read_message(rfile)
            except MessageTooLarge as exc:
                write_message(wfile, {"id": None, "error": {"type": "Refused", "message": (
                    f"refused: {exc}; nothing was run or written")}})
                return
            except WireError as exc:  # a whole line that is not a message: say so, go on
                write_message(wfile, {"id": None, "error": encode_error(exc)})
                continue
            if message is None:
                return
            method = message.get("method")
            if method == "export_stream" and not self._stopping.is_set():
                self._admit(0)
                try:
                    serve_export(self._export, message.get("id"), wfile)
                except CognimemError as exc:
                    write_message(wfile, {"id": message.get("id"), "error": encode_error(exc)})
                continue
            if method == "import_chunk":
                message = {**message, "upload": upload}
            started = time.perf_counter()
            reply = self.dispatch(message)
            line = dump_message(reply)
            answered = "error" not in reply  # timed in the status: calls that succeeded
            if len(line) > message_limit():
                answered = False
                line = dump_message({"id": message.get("id"), "error": {
                    "type": "Refused", "message": (
                        f"refused: the answer is {len(line):,} bytes, over the memory daemon's "
                        f"message limit of {message_limit():,} bytes (export and import "
                        "stream stores of any size)")}})
            wfile.write(line)
            wfile.flush()
            name = _timed_name(message) if answered else None
            if name is not None:
                self._call_times.record(name, time.perf_counter() - started)

    def _export(self) -> dict[str, Any]:
        with self._reads.alone():
            return self.engine.export()

    def _import_chunk(self, message: dict[str, Any]) -> Any:
        upload: Upload = message["upload"]
        received = upload.add(message.get("text"))
        if message.get("last") is not True:
            return received
        data = upload.take()
        kwargs = {"trusted": message.get("trusted") is True}
        if message.get("background") is True:  # the job's id at once; follow it with `job`
            return self.jobs.submit("import", [data], kwargs)
        return self.jobs.run("import_", [data], kwargs)

    def _admit(self, delta: int) -> None:
        with self._state_lock:
            self.connections += delta
            self._last_activity = time.monotonic()

    def hello(self) -> dict[str, Any]:
        """What a client learns on connecting: the record and the profile."""
        return {**self.record.public(), "session": self.session,
                "profile_data": self.profile.model_dump(mode="json")}

    def dispatch(self, message: dict[str, Any]) -> dict[str, Any]:
        """Run one request and build its reply (errors become ``{"error": ...}``)."""
        request_id = message.get("id")
        self._admit(0)
        try:
            if self._stopping.is_set():
                return {"id": request_id, "error": {
                    "type": "DaemonStopping", "message": "the memory daemon is stopping"}}
            method = str(message.get("method"))
            handler = self._methods().get(method)
            if handler is None:
                raise WireError(f"unknown daemon method {method!r}")
            with self._state_lock:
                self.requests += 1
            with bound(message.get("session") if isinstance(message.get("session"), dict)
                       else None):  # the client's session: the write pipeline's scope
                return {"id": request_id, "result": encode(handler(message))}
        except Exception as exc:
            known = one_line_error(exc)
            if known is None:
                log.exception("request %r failed", message.get("method"))
            return {"id": request_id, "error": encode_error(known or exc)}
        finally:
            self._admit(0)

    def _methods(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        return {"call": self._call, "tool": self._tool, "status": lambda _m: self.status(),
                "ping": lambda _m: "pong", "shutdown": self._shutdown,
                "import_chunk": self._import_chunk}

    # methods ----------------------------------------------------------------------------------

    def _call(self, message: dict[str, Any]) -> Any:
        op = message.get("op")
        served = served_operations(type(self.engine))
        if not isinstance(op, str) or op not in served:
            raise InvalidInput(f"{clip(repr(op), 80)} is not an operation of the memory API; "
                               f"the daemon serves: {', '.join(sorted(served))}")
        args = decode(message.get("args") or [])
        kwargs = decode(message.get("kwargs") or {})
        if not isinstance(args, list) or not isinstance(kwargs, dict):
            raise WireError("`args` must be a list and `kwargs` an object")
        check_call(op, args, kwargs)
        return self._operations.run(op, args, kwargs)

    def _tool(self, message: dict[str, Any]) -> Any:
        name = str(message.get("name"))
        registration = self.engine.host.get("tool", name)
        if registration is None:
            raise InvalidInput(
                f"the memory daemon has no tool {clip(repr(name), 80)}: its profile does not "
                "load the plugin that provides it")
        arguments = decode(message.get("arguments") or {})
        if not isinstance(arguments, dict):
            raise WireError("`arguments` must be an object")
        check_call(f"tool {name}", [], arguments)
        return self._operations.tool(registration.obj, arguments)

    def _shutdown(self, _message: dict[str, Any]) -> bool:
        log.info("stop requested by a client")
        self.stop()
        return True

    def status(self) -> dict[str, Any]:
        """Pid, address, store, profile, uptime, counters and the number of memories."""
        with self._engine_lock:
            memories = self.engine._records.count_memories()
        with self._state_lock:
            return {**self.record.public(), "uptime_s": round(time.time() - self.started, 1),
                    "requests": self.requests, "connections": self.connections,
                    "write_groups": self._group.groups, "grouped_writes": self._group.grouped,
                    "searches_beside_writes": self._reads.searches_beside,
                    "jobs": self.jobs.summary(),
                    "calls": self._call_times.summary(),
                    "idle_timeout_s": self.idle_timeout, "memories": memories,
                    "door": self.door.status(),
                    "embedder": ({} if self.engine.embedder is None
                                 else self.engine.embedder.serving()),
                    # objects left out of the cycle collector's passes, and its full passes
                    "collector": {"frozen_objects": gc.get_freeze_count(),
                                  "full_passes": gc.get_stats()[2]["collections"]}}
