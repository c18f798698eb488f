"""Stores are private to their user: the store folder is created 0700 and every file in it
is made 0600; a store folder that others can read is reported with the ``chmod`` to run
(never changed behind the user's back), one that others can write or that belongs to
another user is refused; exports are written 0600.

The owner daemon also runs with a umask of 077, so files its store creates while it serves
are private from the first byte; in a process of the user's own (the Python API,
``COGNIMEM_NO_DAEMON=1``) files are made private when the store opens and closes, inside a
folder no one else can enter.
"""

from __future__ import annotations

import logging
import os
import re
import stat
from pathlib import Path

from .errors import StoreError

log = logging.getLogger("cognimem")

DIR_MODE = 0o700
FILE_MODE = 0o600


def open_store_folder(path: Path) -> None:
    """Create the store folder 0700 if it is missing; refuse an existing one that belongs to
    another user or that others may write (they could plant or swap its files), and warn
    when others may read or enter it; each with the command that fixes it.

    :raises StoreError: the folder is another user's, or writable by others.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            path.mkdir(mode=DIR_MODE)
        except FileExistsError:
            pass
        else:
            os.chmod(path, DIR_MODE)  # mkdir's mode is filtered by the umask
        return
    try:
        info = path.stat()
    except OSError:
        return  # the store reports what is wrong with its folder
    mode = info.st_mode
    if not stat.S_ISDIR(mode):
        return
    if info.st_uid != os.getuid():
        raise StoreError(f"the store folder {shown(path)} belongs to another user (uid "
                         f"{info.st_uid}): use a store folder of your own (--store PATH), or "
                         f"have its owner run `chown -R {os.getuid()} {shown(path)}`")
    if mode & 0o022:
        raise StoreError(f"the store folder {shown(path)} can be written by other users (mode "
                         f"{stat.S_IMODE(mode):o}): run `chmod -R go-rwx {shown(path)}` to "
                         "make it private")
    if mode & 0o077:
        log.warning("the store folder %s can be read by other users (mode %s): run "
                    "`chmod -R go-rwx %s` to make it private", shown(path),
                    oct(mode & 0o777), shown(path))


def make_private(path: Path) -> int:
    """Make the files (0600) and folders (0700) under ``path`` that the user owns private;
    returns how many modes changed. Symbolic links are left alone."""
    changed = 0
    uid = os.getuid()
    for root, dirs, files in os.walk(path):
        for name, wanted in [*((d, DIR_MODE) for d in dirs), *((f, FILE_MODE) for f in files)]:
            target = Path(root, name)
            try:
                info = target.lstat()
                if (stat.S_ISLNK(info.st_mode) or info.st_uid != uid
                        or stat.S_IMODE(info.st_mode) & 0o077 == 0):
                    continue
                os.chmod(target, stat.S_IMODE(info.st_mode) & ~0o077 | (wanted & 0o700))
                changed += 1
            except OSError:
                continue  # vanished or not ours to change
    return changed


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to a new or existing file that only the user can read (0600)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                 FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)
        with os.fdopen(fd, "wb", closefd=False) as out:
            out.write(data)
    finally:
        os.close(fd)


def shown(path: Path | str) -> str:
    """A path as it may be shown: under the home folder as ``~/...``, so no output carries the
    user's name or home directory."""
    text = str(path)
    home = str(Path.home())
    if home not in ("", "/") and (text == home or text.startswith(home + os.sep)):
        return "~" + text[len(home):]
    return text


def hide_home(text: str) -> str:
    """``text`` with the absolute home path written as ``~`` wherever it appears (for
    messages that embed a path, e.g. an error naming a file)."""
    home = str(Path.home()).rstrip(os.sep)
    if not home:
        return text
    return re.sub(re.escape(home) + r"(?![\w.-])", "~", text)
