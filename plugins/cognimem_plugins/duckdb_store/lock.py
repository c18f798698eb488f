"""Store ownership: one process (and one open store object) at a time per store directory.

DuckDB lets only one process open a database file while a writer holds it, and tantivy
allows one writer per index, so a store directory has exactly one *owner*. The owner holds
an OS lock (``fcntl.flock``, exclusive, non-blocking) on ``<store>/owner.lock`` for as long
as the store is open, and writes a small JSON record into that file::

    {"pid": 1234, "host": "laptop", "started": "2026-11-30T09:00:00+00:00", "address": null}

* Anyone else who opens the store gets :class:`cognimem.errors.StoreLocked`, whose message
  names the owner's pid and host and says what to do (stop that process, or reach the store
  through its owner: ``cognimem daemon``). Nothing ever waits for the lock: no hangs.
* A second open *in the same process* is refused the same way (flock locks belong to an
  open file description, so the second open's lock attempt fails too; a per-process table
  gives the clearer message).
* A lock file left by a dead process is not a problem: the kernel released its flock when
  the process died, so the next opener simply takes it over and rewrites the record.
* The file is never deleted (deleting a lock file races with a concurrent opener); on
  release its record is cleared.

For a long-lived owner (the daemon of the MCP issue): once the store is open in the daemon,
call :func:`set_owner_address(store_dir, "unix:///run/user/1000/cognimem.sock")
<set_owner_address>` to publish where clients can reach it. Clients call
:func:`read_owner` and, when the store is owned and the record has an ``address``, talk to
that address instead of opening the store; the :class:`StoreLocked` message also shows it.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from cognimem.errors import StoreError, StoreLocked

#: The lock file's name inside a store directory.
LOCK_NAME = "owner.lock"

_HELD: dict[Path, OwnerLock] = {}
_HELD_GUARD = threading.RLock()


def _key(directory: str | Path) -> Path:
    return Path(directory).expanduser().resolve()


class OwnerLock:
    """The ownership lock of one store directory, held by this process while acquired."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = _key(directory)
        self.path = self.directory / LOCK_NAME
        self._file: IO[str] | None = None
        self.record: dict[str, Any] = {}

    @property
    def held(self) -> bool:
        """Whether this object currently holds the lock."""
        return self._file is not None

    def acquire(self) -> None:
        """Take the lock or raise :class:`StoreLocked` at once (never waits).

        :raises StoreLocked: another process, or another open store in this process, owns it.
        :raises StoreError: the lock file cannot be created (permissions, read-only disk).
        """
        if self._file is not None:
            return
        with _HELD_GUARD:
            other = _HELD.get(self.directory)
            if other is not None and other is not self:
                raise StoreLocked(_locked_message(self.directory, other.record, same_process=True))
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
                handle = os.fdopen(fd, "r+", encoding="utf-8")
            except OSError as exc:
                raise StoreError(
                    f"cannot create the lock file {str(self.path)!r}: {exc.strerror or exc}; "
                    "check that the store directory is writable"
                ) from exc
            for _attempt in range(5):
                if _try_lock(handle):
                    break
                owner = read_owner(self.directory)
                if owner is not None:  # None: only a read_owner probe held it for a moment
                    handle.close()
                    raise StoreLocked(_locked_message(self.directory, owner))
                time.sleep(0.01)
            else:
                handle.close()
                raise StoreLocked(_locked_message(self.directory, None))
            self._file = handle
            self.record = {
                "pid": os.getpid(),
                "host": socket.gethostname(),
                "started": datetime.now(UTC).isoformat(),
                "address": None,
            }
            self._write()
            _HELD[self.directory] = self

    def release(self) -> None:
        """Clear the record and release the lock (safe to call twice)."""
        with _HELD_GUARD:
            handle, self._file = self._file, None
            if _HELD.get(self.directory) is self:
                del _HELD[self.directory]
            if handle is None:
                return
            try:
                handle.seek(0)
                handle.truncate()
                handle.flush()
            except OSError:
                pass  # the lock is released below regardless
            finally:
                _unlock(handle)
                handle.close()

    def set_address(self, address: str | None) -> None:
        """Publish (or clear) the address where this owner serves the store."""
        if self._file is None:
            raise StoreError(f"the store at {str(self.directory)!r} is not owned by this object")
        self.record["address"] = address
        self._write()

    def _write(self) -> None:
        assert self._file is not None
        self._file.seek(0)
        self._file.truncate()
        self._file.write(json.dumps(self.record))
        self._file.flush()
        os.fsync(self._file.fileno())


def read_owner(directory: str | Path) -> dict[str, Any] | None:
    """The owner record of a store directory while someone owns it, else None.

    Returns ``{"pid", "host", "started", "address"}`` (values may be None when the owner is
    between taking the lock and writing its record). A lock file left by a dead process
    counts as not owned.
    """
    key = _key(directory)
    with _HELD_GUARD:
        mine = _HELD.get(key)
    if mine is not None:
        return dict(mine.record)
    path = key / LOCK_NAME
    try:
        probe = open(path, encoding="utf-8")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"cannot read the lock file {str(path)!r}: {exc.strerror or exc}") from exc
    try:
        if _try_lock(probe, shared=True):
            _unlock(probe)
            return None
        for _ in range(20):  # the owner may be between truncating and writing its record
            probe.seek(0)
            text = probe.read()
            try:
                record = json.loads(text) if text.strip() else None
            except json.JSONDecodeError:
                record = None
            if isinstance(record, dict):
                return {k: record.get(k) for k in ("pid", "host", "started", "address")}
            time.sleep(0.01)
        return {"pid": None, "host": None, "started": None, "address": None}
    finally:
        probe.close()


def set_owner_address(directory: str | Path, address: str | None) -> None:
    """Record where this process serves the store it owns (None clears it).

    :raises StoreError: this process does not own the store at ``directory``.
    """
    with _HELD_GUARD:
        lock = _HELD.get(_key(directory))
    if lock is None:
        raise StoreError(
            f"this process does not own the store at {str(directory)!r}: open it first"
        )
    lock.set_address(address)


def _locked_message(directory: Path, owner: dict[str, Any] | None,
                    same_process: bool = False) -> str:
    if same_process:
        return (
            f"the store at {str(directory)!r} is already open in this process (pid "
            f"{os.getpid()}): close the other engine first, or share it instead of opening "
            "the store twice"
        )
    owner = owner or {}
    pid = owner.get("pid") or "unknown"
    host = owner.get("host")
    where = f"process {pid}" + (f" on {host}" if host and host != socket.gethostname() else "")
    since = f" since {owner['started']}" if owner.get("started") else ""
    if owner.get("address"):
        todo = (f"reach the store through its owner at {owner['address']} (the `cognimem "
                "daemon` serving it; from Python, `cognimem.connect()` gives its client), or "
                "stop that process")
    else:
        todo = (f"stop that process (e.g. `kill {pid}`) and retry, or reach the store through "
                "a single owner: run `cognimem daemon` and point every client at it")
    return f"the store at {str(directory)!r} is in use by {where}{since}: {todo}"


if sys.platform == "win32":  # pragma: no cover - not exercised by the test suite
    import msvcrt

    def _try_lock(handle: IO[str], shared: bool = False) -> bool:
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            pass

else:
    import fcntl

    def _try_lock(handle: IO[str], shared: bool = False) -> bool:
        mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
        try:
            fcntl.flock(handle.fileno(), mode | fcntl.LOCK_NB)
        except (BlockingIOError, PermissionError):
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
