"""The owner daemon: the one long-lived process that holds an on-disk store.

DuckDB and tantivy allow one process per store, so a store is opened by exactly one daemon
and every ``cognimem serve`` process and CLI call reaches it over an authenticated loopback
connection (see :mod:`cognimem.mcp.connection`). The embedder stays warm in the daemon.

Lifecycle:

- The daemon's files live in a private per-store directory (:func:`runtime_dir`, mode 0700),
  never in the store directory: its :class:`OwnerRecord` (``daemon.json``, mode 0600),
  ``daemon.lock``, ``daemon.spawn.lock`` and ``daemon.log``.
- :func:`ensure_daemon` finds the store's daemon (its record, and a hello that answers) or
  starts one (``python -m cognimem.mcp.daemon``, the profile on stdin) and waits until it
  answers. The spawn lock keeps concurrent callers from starting two.
- The daemon holds ``daemon.lock`` (an exclusive ``flock``) for its whole life, opens the
  engine, listens on ``127.0.0.1`` (a free port), writes its record (with a random token)
  and serves until it is stopped, receives SIGTERM, has had no connection for
  ``idle_timeout`` seconds, or its store directory disappears. On the way out it removes its
  record, then closes the engine. With the DuckDB store it also writes its address (not the
  token) into the store's ``owner.lock``, so "store in use" errors say where it is served.
- If it dies (SIGKILL, a crash), the OS releases its locks; the next caller finds the record
  stale and starts a new daemon. The record store is the truth, so nothing acknowledged is
  lost.

Engine calls are serialised by one lock: one writer, no interleaved transactions.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import hashlib
import hmac
import json
import logging
import os
import secrets
import signal
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..errors import CognimemError, InvalidInput, ProfileError, StoreError
from ..profile import Profile
from .connection import Connection, ConnectionLost, OwnerRecord
from .wire import (
    Reader,
    WireError,
    Writer,
    decode,
    encode,
    encode_error,
    read_message,
    write_message,
)

if TYPE_CHECKING:
    from ..engine import Engine

log = logging.getLogger("cognimem.daemon")

#: Where the daemons' files live (one directory per store): this variable, else
#: ``~/.cache/cognimem/daemons``. Not in the store directory, which holds only the store.
RUNTIME_ENV = "COGNIMEM_RUNTIME_DIR"
#: The owner record: where the daemon listens and its token (mode 0600).
OWNER_FILE = "daemon.json"
#: Held (flock) by the running daemon for its whole life.
LOCK_FILE = "daemon.lock"
#: Held by a client while it starts a daemon, so two callers never start two.
SPAWN_LOCK_FILE = "daemon.spawn.lock"
#: The daemon's stderr.
LOG_FILE = "daemon.log"
#: Seconds without any connection after which a daemon stops.
DEFAULT_IDLE_TIMEOUT = 600.0
#: The same for a daemon that a one-off CLI command started: long enough to keep a burst
#: of commands warm, short enough not to linger after scripts and test runs.
CLI_IDLE_TIMEOUT = 60.0
#: Seconds a caller waits for a new daemon to open the store and answer.
DEFAULT_START_TIMEOUT = 120.0
#: Exit status of a daemon that found another one already serving the store.
EXIT_ALREADY_RUNNING = 3
#: Engine attributes a client may not call through the daemon.
FORBIDDEN = frozenset({"close"})


def default_idle_timeout(*, cli: bool = False) -> float:
    """The idle timeout: ``COGNIMEM_DAEMON_IDLE_TIMEOUT`` (seconds), else 600 (60 for a
    daemon started by a one-off CLI command)."""
    raw = os.environ.get("COGNIMEM_DAEMON_IDLE_TIMEOUT")
    if raw is None:
        return CLI_IDLE_TIMEOUT if cli else DEFAULT_IDLE_TIMEOUT
    try:
        return float(raw)
    except ValueError:
        raise InvalidInput(
            f"COGNIMEM_DAEMON_IDLE_TIMEOUT={raw!r} is not a number of seconds") from None


def profile_fingerprint(profile: Profile) -> str:
    """A short digest of everything that shapes the pipeline (not names or MCP settings)."""
    data = profile.model_dump(mode="json", exclude={"name", "description", "mcp", "path"})
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


def _store_of(profile: Profile) -> Path:
    path = profile.store_path()
    if path is None:
        raise ProfileError(
            "profile key `path` is unset or ':memory:': an in-memory store has no owner "
            "daemon; give an on-disk store with --store PATH or the profile's `path`")
    return path.resolve()


def runtime_dir(store: Path) -> Path:
    """The private directory (mode 0700) holding the daemon files of ``store``: its record,
    its locks and its log. Every client of a store finds the same one (it is keyed by the
    store's resolved path under the user's home, or ``COGNIMEM_RUNTIME_DIR``)."""
    base = os.environ.get(RUNTIME_ENV) or str(Path.home() / ".cache" / "cognimem" / "daemons")
    key = hashlib.sha256(str(store.resolve()).encode("utf-8")).hexdigest()[:16]
    directory = Path(base).expanduser() / key
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    return directory


def run_path(store: Path, name: str) -> Path:
    """One of the daemon files of ``store`` (see :func:`runtime_dir`)."""
    return runtime_dir(store) / name


def log_path(store: Path) -> Path:
    """The daemon's log for ``store``."""
    return run_path(store, LOG_FILE)


# ---------------------------------------------------------------------------------------------
# The owner record
# ---------------------------------------------------------------------------------------------


def read_owner_record(store: Path) -> OwnerRecord | None:
    """The record the daemon of ``store`` left, or None (absent or unreadable)."""
    try:
        data = json.loads(run_path(store, OWNER_FILE).read_text(encoding="utf-8"))
        return OwnerRecord(**data)
    except (OSError, ValueError, TypeError):
        return None


def write_owner_record(store: Path, record: OwnerRecord) -> None:
    """Publish ``record`` atomically, readable only by its owner (mode 0600)."""
    target = run_path(store, OWNER_FILE)
    tmp = target.with_name(f".{OWNER_FILE}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(dataclasses.asdict(record), fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, target)


def clear_owner_record(store: Path, pid: int) -> None:
    """Remove the record if it is still the one ``pid`` wrote."""
    record = read_owner_record(store)
    if record is not None and record.pid == pid:
        with contextlib.suppress(FileNotFoundError):
            run_path(store, OWNER_FILE).unlink()


def pid_alive(pid: int) -> bool:
    """Whether a process with this id exists (a hint only: ids are reused)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# ---------------------------------------------------------------------------------------------
# File locks
# ---------------------------------------------------------------------------------------------


def _try_flock(path: Path) -> int | None:
    import fcntl

    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return None
        raise
    return fd


def _flock(path: Path, timeout: float) -> int | None:
    """An exclusive lock on ``path`` within ``timeout`` seconds (its fd), or None."""
    deadline = time.monotonic() + timeout
    while True:
        fd = _try_flock(path)
        if fd is not None or time.monotonic() >= deadline:
            return fd
        time.sleep(0.02)


@contextlib.contextmanager
def _locked(path: Path, timeout: float, what: str) -> Iterator[None]:
    fd = _flock(path, timeout)
    if fd is None:
        raise StoreError(f"timed out after {timeout:.0f}s waiting for {what} ({path})")
    try:
        yield
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------------------------
# The daemon
# ---------------------------------------------------------------------------------------------


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    owner: StoreDaemon


class _Handler(socketserver.StreamRequestHandler):
    server: _Server

    def handle(self) -> None:
        self.server.owner.serve_connection(self.rfile, self.wfile)


class StoreDaemon:
    """Serves one open engine to authenticated clients until stopped or idle.

    :param engine: the open engine (the daemon closes it on the way out).
    :param profile: the profile it was opened with (sent to clients in the hello).
    :param idle_timeout: seconds with no connection before stopping; ``<= 0`` never stops.
    """

    def __init__(self, engine: Engine, profile: Profile, *, idle_timeout: float) -> None:
        self.engine = engine
        self.profile = profile
        self.store = _store_of(profile)
        self.idle_timeout = idle_timeout
        self.token = secrets.token_urlsafe(32)
        self.started = time.time()
        self.requests = 0
        self.connections = 0
        self._last_activity = time.monotonic()
        self._engine_lock = threading.Lock()
        self._state_lock = threading.Lock()
        self._stopping = threading.Event()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        host, port = self._server.server_address[:2]
        self.record = OwnerRecord(
            pid=os.getpid(), host=str(host), port=int(port), token=self.token,
            store=str(self.store), profile=profile.name,
            fingerprint=profile_fingerprint(profile),
            started_at=datetime.fromtimestamp(self.started, UTC).isoformat(timespec="seconds"),
            version=__version__,
        )

    # lifecycle --------------------------------------------------------------------------------

    def serve(self) -> None:
        """Publish the record and serve until :meth:`stop`; then clean up (record, engine)."""
        write_owner_record(self.store, self.record)
        _advertise(self.store, f"tcp://{self.record.address}")
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
            with self._engine_lock:
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
            self._flush_accesses()
            if not self.store.is_dir():
                log.info("the store directory %s is gone: stopping", self.store)
                self.stop()
                return
            if self.idle_timeout <= 0:
                continue
            with self._state_lock:
                idle = self.connections == 0 and \
                    time.monotonic() - self._last_activity >= self.idle_timeout
            if idle:
                log.info("idle for %ss with no connection: stopping", self.idle_timeout)
                self.stop()
                return

    def _flush_accesses(self) -> None:
        """Write the accesses searches left held for a second or more (a hard kill of the
        daemon then loses at most two seconds of retrieval history)."""
        if not self.engine.held_accesses:
            return
        try:
            with self._engine_lock:
                self.engine.flush_accesses(older_than=1.0)
        except Exception:  # never let the idle watcher die
            log.exception("writing held accesses failed")

    def _touch(self, delta: int = 0) -> None:
        with self._state_lock:
            self.connections += delta
            self._last_activity = time.monotonic()

    # connections ------------------------------------------------------------------------------

    def serve_connection(self, rfile: Reader, wfile: Writer) -> None:
        """Authenticate one client, then answer its requests until it disconnects."""
        self._touch(+1)
        try:
            hello = read_message(rfile)
            if hello is None:
                return
            token = hello.get("token")
            if hello.get("method") != "hello" or not isinstance(token, str) \
                    or not hmac.compare_digest(token, self.token):
                write_message(wfile, {"id": hello.get("id"), "error": encode_error(StoreError(
                    "the memory daemon refused the connection: wrong token (the owner record "
                    "changed; reconnect)"))})
                return
            if self._stopping.is_set():  # send the caller to the next daemon instead
                write_message(wfile, {"id": hello.get("id"), "error": {
                    "type": "DaemonStopping", "message": "the memory daemon is stopping"}})
                return
            write_message(wfile, {"id": hello.get("id"), "result": encode(self.hello())})
            while True:
                message = read_message(rfile)
                if message is None:
                    return
                write_message(wfile, self.dispatch(message))
        except (OSError, WireError) as exc:
            log.debug("connection closed: %s", exc)
        finally:
            self._touch(-1)

    def hello(self) -> dict[str, Any]:
        """What a client learns on connecting: the record (no token) and the profile."""
        return {**self.record.public(), "profile_data": self.profile.model_dump(mode="json")}

    def dispatch(self, message: dict[str, Any]) -> dict[str, Any]:
        """Run one request and build its reply (errors become ``{"error": ...}``)."""
        request_id = message.get("id")
        self._touch()
        try:
            if self._stopping.is_set():
                return {"id": request_id, "error": {
                    "type": "DaemonStopping", "message": "the memory daemon is stopping"}}
            method = message.get("method")
            handler = self._methods().get(str(method))
            if handler is None:
                raise WireError(f"unknown daemon method {method!r}")
            with self._state_lock:
                self.requests += 1
            return {"id": request_id, "result": encode(handler(message))}
        except Exception as exc:
            if not isinstance(exc, CognimemError):
                log.exception("request %r failed", message.get("method"))
            return {"id": request_id, "error": encode_error(exc)}
        finally:
            self._touch()

    def _methods(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        return {"call": self._call, "attr": self._attr, "tool": self._tool,
                "status": lambda _m: self.status(), "ping": lambda _m: "pong",
                "shutdown": self._shutdown}

    # methods ----------------------------------------------------------------------------------

    def _resolve(self, path: Any) -> Any:
        if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
            raise WireError("`path` must be a non-empty list of attribute names")
        if any(p.startswith("_") for p in path) or path[0] in FORBIDDEN:
            raise InvalidInput(f"engine.{'.'.join(path)} cannot be used through the daemon")
        obj: Any = self.engine
        for part in path:
            try:
                obj = getattr(obj, part)
            except AttributeError:
                raise InvalidInput(f"the engine has no attribute {'.'.join(path)!r}") from None
        return obj

    def _call(self, message: dict[str, Any]) -> Any:
        args = decode(message.get("args") or [])
        kwargs = decode(message.get("kwargs") or {})
        with self._engine_lock:
            target = self._resolve(message.get("path"))
            if not callable(target):
                raise InvalidInput(f"engine.{'.'.join(message['path'])} is not callable")
            with _cwd(message.get("cwd")):
                result = target(*args, **kwargs)
                if isinstance(result, Iterator):
                    result = list(result)  # read the store while the lock is held
        return result

    def _attr(self, message: dict[str, Any]) -> dict[str, Any]:
        with self._engine_lock:
            value = self._resolve(message.get("path"))
            if callable(value):
                return {"kind": "callable"}
            try:
                return {"kind": "value", "value": encode(value)}
            except WireError:
                return {"kind": "object"}

    def _tool(self, message: dict[str, Any]) -> Any:
        name = str(message.get("name"))
        registration = self.engine.host.get("tool", name)
        if registration is None:
            raise InvalidInput(
                f"the memory daemon has no tool {name!r}: its profile does not load the plugin "
                "that provides it")
        arguments = decode(message.get("arguments") or {})
        with self._engine_lock:
            return registration.obj.func(self.engine, **arguments)

    def _shutdown(self, _message: dict[str, Any]) -> bool:
        log.info("stop requested by a client")
        self.stop()
        return True

    def status(self) -> dict[str, Any]:
        """Pid, address, store, profile, uptime, counters and the number of memories."""
        with self._engine_lock:
            memories = sum(1 for _ in self.engine.records.iter_memories())
        with self._state_lock:
            return {**self.record.public(), "uptime_s": round(time.time() - self.started, 1),
                    "requests": self.requests, "connections": self.connections,
                    "idle_timeout_s": self.idle_timeout, "memories": memories}


def _advertise(store: Path, address: str) -> None:
    """Publish the address in the record store's ownership lock when it keeps one (the
    duckdb store's ``owner.lock``), so "store in use" errors say where it is served. The
    token stays in the private owner record."""
    try:
        from cognimem_plugins.duckdb_store.lock import read_owner, set_owner_address
    except ImportError:
        return
    try:
        owner = read_owner(store)
        if owner is not None and owner.get("pid") == os.getpid():
            set_owner_address(store, address)
    except CognimemError as exc:
        log.warning("could not publish the address in the store's lock file: %s", exc)


@contextlib.contextmanager
def _cwd(path: Any) -> Iterator[None]:
    """Run in the client's working directory, so relative paths mean what the user meant."""
    if not isinstance(path, str) or not os.path.isdir(path):
        yield
        return
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def run_daemon(profile: Profile, *, idle_timeout: float | None = None,
               lock_timeout: float = 30.0) -> int:
    """Own the profile's store in this process until stopped; returns an exit status.

    Waits up to ``lock_timeout`` seconds for a previous daemon to finish closing; returns
    :data:`EXIT_ALREADY_RUNNING` if another daemon still holds the store.
    """
    from ..engine import Engine

    store = _store_of(profile)
    store.mkdir(parents=True, exist_ok=True)
    lock_fd = _flock(run_path(store, LOCK_FILE), lock_timeout)
    if lock_fd is None:
        log.warning("another daemon owns %s; exiting", store)
        return EXIT_ALREADY_RUNNING
    try:
        engine = Engine.from_profile(profile)
        try:
            daemon = StoreDaemon(engine, profile, idle_timeout=(
                default_idle_timeout() if idle_timeout is None else idle_timeout))
        except BaseException:
            engine.close()
            raise
        _on_signals(daemon.stop)
        daemon.serve()
        return 0
    finally:
        os.close(lock_fd)


def _on_signals(stop: Callable[[], None]) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: stop())


# ---------------------------------------------------------------------------------------------
# Finding, starting and stopping the daemon (client side)
# ---------------------------------------------------------------------------------------------


def probe(record: OwnerRecord) -> dict[str, Any] | None:
    """The daemon's hello if it answers at ``record``'s address with its token, else None."""
    if not pid_alive(record.pid):
        return None
    try:
        connection = Connection(record, client="probe")
    except (ConnectionLost, CognimemError):
        return None
    connection.close()
    return connection.info


def find_daemon(store: Path) -> OwnerRecord | None:
    """The record of the daemon serving ``store`` if it answers, else None."""
    record = read_owner_record(store)
    if record is not None and probe(record) is not None:
        return record
    return None


def spawn_args(idle_timeout: float | None) -> list[str]:
    """The command that starts a daemon (the profile goes on its stdin)."""
    args = [sys.executable, "-m", "cognimem.mcp.daemon"]
    if idle_timeout is not None:
        args += ["--idle-timeout", str(idle_timeout)]
    return args


def portable_profile(profile: Profile) -> dict[str, Any]:
    """The profile as JSON, with the store and plugin files as absolute paths."""
    data = profile.model_dump(mode="json")
    data["path"] = str(_store_of(profile))
    files = data.get("plugins", {}).get("files") or []
    data["plugins"]["files"] = [str(Path(f).expanduser().resolve()) for f in files]
    return data


def ensure_daemon(profile: Profile, *, idle_timeout: float | None = None,
                  start_timeout: float | None = None) -> OwnerRecord:
    """The record of the daemon serving the profile's store, starting one if needed.

    :raises ProfileError: the profile has no on-disk store.
    :raises StoreError: the daemon could not start (its log's last lines are in the message).
    """
    store = _store_of(profile)
    record = find_daemon(store)
    if record is not None:
        return record
    store.mkdir(parents=True, exist_ok=True)
    timeout = start_timeout if start_timeout is not None else float(
        os.environ.get("COGNIMEM_DAEMON_START_TIMEOUT", DEFAULT_START_TIMEOUT))
    with _locked(run_path(store, SPAWN_LOCK_FILE), timeout,
                 "another process starting the daemon"):
        record = find_daemon(store)
        if record is not None:
            return record
        return _start(profile, store, idle_timeout, timeout)


def _start(profile: Profile, store: Path, idle_timeout: float | None,
           timeout: float) -> OwnerRecord:
    logfile = log_path(store)
    with contextlib.suppress(OSError):
        if logfile.stat().st_size > 1_000_000:
            os.replace(logfile, logfile.with_name(LOG_FILE + ".1"))
    with open(logfile, "ab") as log_file:
        process = subprocess.Popen(
            spawn_args(idle_timeout), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=log_file, cwd=logfile.parent, start_new_session=True, close_fds=True)
    assert process.stdin is not None
    process.stdin.write(json.dumps({"profile": portable_profile(profile)}).encode("utf-8"))
    process.stdin.close()
    # Reap it when it exits, so a stopped daemon never lingers as a zombie of this process.
    threading.Thread(target=process.wait, name="daemon-reaper", daemon=True).start()
    deadline = time.monotonic() + timeout
    while True:
        record = read_owner_record(store)
        if record is not None and probe(record) is not None:
            return record
        code = process.poll()
        if code is not None and code != EXIT_ALREADY_RUNNING:
            raise StoreError(
                f"the memory daemon for {store} failed to start (exit status {code}). "
                f"Last lines of {logfile}:\n{_tail(logfile)}")
        if time.monotonic() >= deadline:
            raise StoreError(
                f"the memory daemon for {store} did not answer within {timeout:.0f}s "
                f"(raise COGNIMEM_DAEMON_START_TIMEOUT for a very large store). Last lines of "
                f"{logfile}:\n{_tail(logfile)}")
        time.sleep(0.02)


def _tail(path: Path, lines: int = 12) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:]) or "(empty log)"


def daemon_status(store: Path) -> dict[str, Any] | None:
    """The running daemon's status for ``store``, or None when none answers."""
    record = read_owner_record(store)
    if record is None or not pid_alive(record.pid):
        return None
    try:
        connection = Connection(record, client="status")
    except (ConnectionLost, CognimemError):
        return None
    try:
        status: dict[str, Any] = connection.request("status")
        return status
    except (ConnectionLost, CognimemError):
        return None
    finally:
        connection.close()


def stop_daemon(store: Path, *, timeout: float = 15.0) -> OwnerRecord | None:
    """Stop the daemon serving ``store`` (cleanly; SIGTERM if it does not answer).

    :returns: the record of the daemon that was stopped, or None if none was running.
    :raises StoreError: it was still running after ``timeout`` seconds.
    """
    record = read_owner_record(store)
    if record is None or not pid_alive(record.pid):
        return None
    try:
        connection = Connection(record, client="stop")
        try:
            connection.request("shutdown")
        finally:
            connection.close()
    except (ConnectionLost, CognimemError):
        with contextlib.suppress(ProcessLookupError):
            os.kill(record.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # The daemon removes its record once it has stopped serving and closes the engine
        # before it exits; its lock is free only when it is gone.
        fd = _try_flock(run_path(store, LOCK_FILE))
        if fd is not None:
            os.close(fd)
            return record
        time.sleep(0.02)
    raise StoreError(f"the memory daemon (pid {record.pid}) for {store} did not stop within "
                     f"{timeout:.0f}s")


# ---------------------------------------------------------------------------------------------
# ``python -m cognimem.mcp.daemon``
# ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Entry point of a spawned daemon: reads ``{"profile": {...}}`` from stdin, then serves."""
    parser = argparse.ArgumentParser(prog="python -m cognimem.mcp.daemon",
                                     description="Own a cognimem store (started by cognimem).")
    parser.add_argument("--idle-timeout", type=float, default=None,
                        help="seconds with no connection before stopping (<= 0: never)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s")
    try:
        config = json.loads(sys.stdin.read())
        profile = Profile(**config["profile"])
    except (ValueError, KeyError, TypeError) as exc:
        log.error("bad daemon configuration on stdin: %s", exc)
        return 2
    try:
        return run_daemon(profile, idle_timeout=args.idle_timeout)
    except CognimemError as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
