"""The daemons' private runtime folder: where a store's daemon keeps its record, its locks,
its log and its socket — trusted only after checking.

One folder per store, under ``COGNIMEM_RUNTIME_DIR`` (else ``~/.cache/cognimem/daemons``),
keyed by the store's resolved path. Before anything in it is believed, the folder must be
owned by this user, a real directory (not a symlink) and closed to others (mode 0700); its
parent must be owned by this user and not writable by others. Files in it are opened without
following symlinks, and a record that is not this user's own, private file is ignored. So
another local user can neither read a client's memories through a fake daemon nor make the
daemon write through a planted symlink.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import stat
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput, ProfileError, StoreError
from ..privacy import shown

if TYPE_CHECKING:
    from ..profile import Profile

#: Where the daemons' folders live: this variable, else ``~/.cache/cognimem/daemons``.
RUNTIME_ENV = "COGNIMEM_RUNTIME_DIR"
#: The owner record: pid, socket, store, profile (mode 0600).
OWNER_FILE = "daemon.json"
#: Held (flock) by the running daemon for its whole life.
LOCK_FILE = "daemon.lock"
#: Held by a client while it starts a daemon, so two callers never start two.
SPAWN_LOCK_FILE = "daemon.spawn.lock"
#: The daemon's stderr.
LOG_FILE = "daemon.log"
#: The Unix socket the daemon listens on.
SOCKET_FILE = "daemon.sock"
#: The longest socket path the OS accepts (``sun_path`` is 108 bytes on Linux, 104 on BSD).
MAX_SOCKET_PATH = 103
#: Seconds without any connection after which a daemon stops.
DEFAULT_IDLE_TIMEOUT = 600.0
#: The same for a daemon that a one-off CLI command started: long enough to keep a burst
#: of commands warm, short enough not to linger after scripts and test runs.
CLI_IDLE_TIMEOUT = 60.0


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


#: Exit status of a daemon that found another one already serving the store.
EXIT_ALREADY_RUNNING = 3

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


@dataclass(frozen=True)
class OwnerRecord:
    """Where a store's owner daemon listens: written by the daemon once the store is open."""

    pid: int
    socket: str
    store: str
    profile: str = ""
    fingerprint: str = ""
    started_at: str = ""
    version: str = ""

    @property
    def address(self) -> str:
        """``unix://<socket path>``."""
        return f"unix://{self.socket}"

    def public(self) -> dict[str, Any]:
        """The record as shown by ``cognimem daemon status`` (paths under the home folder
        as ``~/...``)."""
        return {"pid": self.pid, "address": "unix://" + shown(self.socket),
                "store": shown(self.store),
                "profile": self.profile, "fingerprint": self.fingerprint,
                "started_at": self.started_at, "version": self.version}


def store_of(profile: Profile) -> Path:
    """The profile's store directory, resolved.

    :raises ProfileError: the profile keeps its store in memory.
    """
    path = profile.store_path()
    if path is None:
        raise ProfileError(
            "profile key `path` is unset or ':memory:': an in-memory store has no owner "
            "daemon; give an on-disk store with --store PATH or the profile's `path`")
    return path.resolve()


def _refuse(path: Path, why: str, fix: str) -> StoreError:
    return StoreError(f"the daemon runtime folder {str(path)!r} {why}; {fix} (or set "
                      f"{RUNTIME_ENV} to a private folder of yours)")


def check_private_parent(base: Path) -> None:
    """``base`` (the folder holding the per-store folders) is this user's and not writable
    by others.

    :raises StoreError: it is someone else's, or group/other-writable.
    """
    info = base.stat()
    if not stat.S_ISDIR(info.st_mode):
        raise _refuse(base, "is not a directory", "remove it")
    if info.st_uid != os.getuid():
        raise _refuse(base, f"belongs to another user (uid {info.st_uid})",
                      "use a folder of your own")
    if info.st_mode & 0o022:
        raise _refuse(base, f"is writable by others (mode {stat.S_IMODE(info.st_mode):o})",
                      f"run `chmod go-w {base}`")


def check_private_folder(folder: Path) -> None:
    """``folder`` is a real directory of this user's, closed to others (mode 0700).

    :raises StoreError: it is a symlink, someone else's, or open to others.
    """
    info = folder.lstat()
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise _refuse(folder, "is not a real directory (a symlink or a file)", "remove it")
    if info.st_uid != os.getuid():
        raise _refuse(folder, f"belongs to another user (uid {info.st_uid})", "remove it")
    if info.st_mode & 0o077:
        raise _refuse(folder, f"is open to others (mode {stat.S_IMODE(info.st_mode):o})",
                      f"run `chmod 700 {folder}`")


def runtime_base() -> Path:
    """The folder holding every store's runtime folder (created 0700 if missing)."""
    raw = os.environ.get(RUNTIME_ENV) or str(Path.home() / ".cache" / "cognimem" / "daemons")
    base = Path(raw).expanduser()
    if not base.is_absolute():  # the daemon runs elsewhere: it would find another folder
        raise InvalidInput(f"{RUNTIME_ENV}={raw[:200]!r} is a relative path: give an absolute "
                           "folder (e.g. $XDG_RUNTIME_DIR/cognimem), or unset it")
    try:
        base.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise InvalidInput(f"cannot create the daemon runtime folder {str(base)!r}: "
                           f"{exc.strerror or exc}; set {RUNTIME_ENV} to a writable folder") \
            from None
    return base


def runtime_dir(store: Path) -> Path:
    """The private folder (mode 0700, checked) holding the daemon files of ``store``.

    Every client of a store finds the same one: it is keyed by the store's resolved path.

    :raises StoreError: the folder or its parent fails the checks (see the module).
    """
    base = runtime_base()
    check_private_parent(base)
    key = hashlib.sha256(str(store.resolve()).encode("utf-8")).hexdigest()[:16]
    folder = base / key
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    check_private_folder(folder)
    return folder


def run_path(store: Path, name: str) -> Path:
    """One of the daemon files of ``store`` (see :func:`runtime_dir`)."""
    return runtime_dir(store) / name


def socket_path(store: Path) -> Path:
    """The daemon's socket for ``store``.

    :raises StoreError: the path is longer than the OS allows for a socket.
    """
    path = run_path(store, SOCKET_FILE)
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise StoreError(f"the daemon socket path {str(path)!r} is longer than "
                         f"{MAX_SOCKET_PATH} bytes, the most a Unix socket allows: set "
                         f"{RUNTIME_ENV} to a shorter folder")
    return path


def open_private(path: Path, flags: int, mode: int = 0o600) -> int:
    """``os.open`` that never follows a symlink and creates files readable only by us."""
    return os.open(path, flags | _NOFOLLOW | _CLOEXEC, mode)


def open_log(store: Path) -> int:
    """The daemon's log for appending (rotated past 1 MB), as a file descriptor."""
    path = run_path(store, LOG_FILE)
    with contextlib.suppress(OSError):
        if path.lstat().st_size > 1_000_000:
            os.replace(path, path.with_name(LOG_FILE + ".1"))
    try:
        return open_private(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    except OSError as exc:
        raise StoreError(f"cannot open the daemon log {str(path)!r}: {exc.strerror or exc} "
                         "(a symlink is never followed); remove it") from None


# ---------------------------------------------------------------------------------------------
# The owner record
# ---------------------------------------------------------------------------------------------


def read_owner_record(store: Path) -> OwnerRecord | None:
    """The record the daemon of ``store`` left, or None (absent, unreadable, or not this
    user's private file).

    :raises StoreError: the runtime folder fails its checks.
    """
    path = run_path(store, OWNER_FILE)
    try:
        fd = open_private(path, os.O_RDONLY)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if info.st_uid != os.getuid() or info.st_mode & 0o077 or \
                not stat.S_ISREG(info.st_mode):
            return None
        try:
            data = json.loads(fh.read(64 * 1024))
            return OwnerRecord(**data)
        except (ValueError, TypeError):
            return None


def write_owner_record(store: Path, record: OwnerRecord) -> None:
    """Publish ``record`` atomically, readable only by its owner (mode 0600)."""
    target = run_path(store, OWNER_FILE)
    tmp = target.with_name(f".{OWNER_FILE}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(asdict(record), fh)
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


def try_flock(path: Path) -> int | None:
    """An exclusive ``flock`` on ``path`` now (its fd), or None when another holds it."""
    import fcntl

    try:
        fd = open_private(path, os.O_RDWR | os.O_CREAT)
    except OSError as exc:
        raise StoreError(f"cannot open the lock file {shown(path)}: {exc.strerror or exc} (a "
                         "symlink is never followed); remove it and retry") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return None
        raise
    return fd


def flock(path: Path, timeout: float) -> int | None:
    """An exclusive lock on ``path`` within ``timeout`` seconds (its fd), or None."""
    deadline = time.monotonic() + timeout
    while True:
        fd = try_flock(path)
        if fd is not None or time.monotonic() >= deadline:
            return fd
        time.sleep(0.02)


@contextlib.contextmanager
def locked(path: Path, timeout: float, what: str) -> Iterator[None]:
    """Hold the lock on ``path`` for the block.

    :raises StoreError: not acquired within ``timeout`` seconds.
    """
    fd = flock(path, timeout)
    if fd is None:
        raise StoreError(f"timed out after {timeout:.0f}s waiting for {what} ({path})")
    try:
        yield
    finally:
        os.close(fd)
