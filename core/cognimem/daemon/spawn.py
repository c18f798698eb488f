"""Finding, starting and stopping a store's owner daemon (the client side).

:func:`ensure_daemon` finds the store's daemon (its record, and a hello that answers) or
starts one (``python -m cognimem.daemon``, the profile on stdin) and waits until it answers;
the spawn lock keeps concurrent callers from starting two. Before starting one it checks the
profile and the store path here, so a mistake is reported as the same one line it gives
without a daemon; if the daemon still fails to start, the caller gets the daemon's own error
(its class and message), not lines of its log.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import CognimemError, StoreError
from .connection import Connection, ConnectionLost, Refused
from .runtime import (
    EXIT_ALREADY_RUNNING,
    LOCK_FILE,
    LOG_FILE,
    SPAWN_LOCK_FILE,
    OwnerRecord,
    locked,
    open_log,
    pid_alive,
    read_owner_record,
    run_path,
    store_of,
    try_flock,
)
from .wire import decode_error

if TYPE_CHECKING:
    from ..profile import Profile

#: Seconds a caller waits for a new daemon to open the store and answer.
DEFAULT_START_TIMEOUT = 120.0
#: The prefix of the line a daemon that cannot start writes last: its error, as JSON.
START_FAILED = "cognimem-daemon-start-failed: "


def profile_fingerprint(profile: Profile) -> str:
    """A short digest of everything that shapes the pipeline (not names or MCP settings)."""
    data = profile.model_dump(mode="json", exclude={"name", "description", "mcp", "path"})
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


def probe(record: OwnerRecord) -> dict[str, Any] | None:
    """The daemon's hello if it answers at ``record``'s socket, else None.

    :raises Refused: the daemon runs but turned the connection away (its door is full):
        starting another one would not help.
    """
    if not pid_alive(record.pid):
        return None
    try:
        connection = Connection(record, client="probe")
    except Refused:
        raise
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
    args = [sys.executable, "-m", "cognimem.daemon"]
    if idle_timeout is not None:
        args += ["--idle-timeout", str(idle_timeout)]
    return args


def portable_profile(profile: Profile) -> dict[str, Any]:
    """The profile as JSON, with the store and plugin files as absolute paths."""
    data = profile.model_dump(mode="json")
    data["path"] = str(store_of(profile))
    files = data.get("plugins", {}).get("files") or []
    data["plugins"]["files"] = [str(Path(f).expanduser().resolve()) for f in files]
    return data


def ensure_daemon(profile: Profile, *, idle_timeout: float | None = None,
                  start_timeout: float | None = None) -> OwnerRecord:
    """The record of the daemon serving the profile's store, starting one if needed.

    :raises ProfileError: the profile has no on-disk store or cannot build its pipeline.
    :raises StoreError: the store path is unusable, or the daemon could not start (with
        the daemon's own error).
    """
    store = store_of(profile)
    record = find_daemon(store)
    if record is not None:
        return record
    from .validate import check_profile, check_store_path

    check_store_path(store)
    check_profile(profile)
    timeout = start_timeout if start_timeout is not None else float(
        os.environ.get("COGNIMEM_DAEMON_START_TIMEOUT", DEFAULT_START_TIMEOUT))
    with locked(run_path(store, SPAWN_LOCK_FILE), timeout,
                "another process starting the daemon"):
        record = find_daemon(store)
        if record is not None:
            return record
        return _start(profile, store, idle_timeout, timeout)


def _start(profile: Profile, store: Path, idle_timeout: float | None,
           timeout: float) -> OwnerRecord:
    logfile = run_path(store, LOG_FILE)
    log_fd = open_log(store)
    try:
        offset = os.fstat(log_fd).st_size
        process = subprocess.Popen(
            spawn_args(idle_timeout), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=log_fd, cwd=logfile.parent, start_new_session=True, close_fds=True)
    finally:
        os.close(log_fd)
    assert process.stdin is not None
    config = {"profile": portable_profile(profile), "fingerprint": profile_fingerprint(profile)}
    process.stdin.write(json.dumps(config).encode("utf-8"))
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
            raise start_failure(logfile, offset, code, store)
        if time.monotonic() >= deadline:
            raise StoreError(
                f"the memory daemon for {store} did not answer within {timeout:.0f}s "
                f"(raise COGNIMEM_DAEMON_START_TIMEOUT for a very large store; its log: "
                f"{logfile})")
        time.sleep(0.02)


def start_failure(logfile: Path, offset: int, code: int, store: Path) -> CognimemError:
    """The error of a daemon that exited while starting: its own (from the line it wrote
    last), else one line saying where its log is. Only what this start wrote is read."""
    try:
        with open(logfile, "rb") as fh:
            fh.seek(offset)
            lines = fh.read(1_000_000).decode("utf-8", errors="replace").splitlines()
    except OSError:
        lines = []
    for line in reversed(lines):
        if line.startswith(START_FAILED):
            with contextlib.suppress(ValueError):
                return decode_error(json.loads(line[len(START_FAILED):]))
    last = next((line.strip() for line in reversed(lines) if line.strip()), "")
    return StoreError(f"the memory daemon for {store} failed to start (exit status {code})"
                      + (f": {last}" if last else "") + f"; its log: {logfile}")


def daemon_status(store: Path) -> dict[str, Any] | None:
    """The running daemon's status for ``store``, or None when none runs.

    A daemon that runs but turns the connection away (its door is full) or does not finish
    the hello gives ``{"saturated": True, "pid", "store", "address", "reason"}`` instead.
    """
    record = read_owner_record(store)
    if record is None or not pid_alive(record.pid):
        return None
    try:
        connection = Connection(record, client="status")
    except (Refused, ConnectionLost) as exc:
        if not pid_alive(record.pid):
            return None
        return {"saturated": True, "pid": record.pid, "store": record.store,
                "address": record.address, "reason": str(exc)}
    except CognimemError:
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
        fd = try_flock(run_path(store, LOCK_FILE))
        if fd is not None:
            os.close(fd)
            return record
        time.sleep(0.02)
    raise StoreError(f"the memory daemon (pid {record.pid}) for {store} did not stop within "
                     f"{timeout:.0f}s")
