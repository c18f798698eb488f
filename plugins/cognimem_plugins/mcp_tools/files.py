"""Files the MCP tools may touch: only inside one folder (profile key ``mcp.exports``,
default ``<store>/exports``), never through a symbolic link out of it, never a FIFO or a
device, and an export never replaces a file it did not write itself."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from cognimem.errors import InvalidInput
from cognimem.privacy import DIR_MODE, shown, write_private

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: The names of the files export_memories wrote, kept in the folder itself.
MANIFEST = ".cognimem-exports.json"
#: The largest export import_memories reads.
MAX_IMPORT_BYTES = 512 * 1024 * 1024


def folder(engine: Engine) -> Path:
    """The tools' folder, created 0700 when missing."""
    configured = engine.profile.mcp.exports
    if configured:
        base = Path(configured).expanduser()
    elif engine.profile.store_path() is not None:  # (the profile: readable beside calls)
        base = Path(str(engine.profile.store_path())) / "exports"
    else:
        raise InvalidInput("this store is in memory and has no exports folder: set the "
                           "profile key `mcp.exports` to a folder for export and import files")
    base.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    return base.resolve()


def inside(engine: Engine, path: str) -> Path:
    """``path`` (a name, a path relative to the folder, or an absolute path in it) as a file
    of the tools' folder, or an InvalidInput naming the folder."""
    base = folder(engine)
    if not path.strip() or "\x00" in path:
        raise InvalidInput("path is empty: give a file name such as memory-export.json")
    given = Path(path).expanduser()
    target = (given if given.is_absolute() else base / given)
    resolved = target.parent.resolve() / target.name
    if resolved.parent != base and base not in resolved.parents:
        raise InvalidInput(f"{path[:80]!r} is outside the exports folder {shown(base)}: give a "
                           "file name there (profile key `mcp.exports` moves the folder)")
    return resolved


def _manifest(base: Path) -> set[str]:
    try:
        names = json.loads((base / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {n for n in names if isinstance(n, str)} if isinstance(names, list) else set()


def write_export(engine: Engine, file: Path, text: str, overwrite: bool) -> None:
    """Write an export 0600, atomically; refuse to replace what export did not write."""
    base = folder(engine)
    name = str(file.relative_to(base))
    ours = _manifest(base)
    if os.path.lexists(file):
        if not overwrite:
            raise InvalidInput(f"{shown(file)} exists: choose another name or pass "
                               "overwrite=true")
        if name not in ours or not stat.S_ISREG(file.lstat().st_mode):
            raise InvalidInput(f"{shown(file)} was not written by export_memories: it is not "
                               "replaced; choose another name")
    file.parent.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
    write_private(tmp, text.encode("utf-8"))
    os.replace(tmp, file)
    write_private(base / MANIFEST, json.dumps(sorted(ours | {name})).encode("utf-8"))


def read_import(file: Path) -> str:
    """The text of a regular file (no FIFO, device or symbolic link), bounded in size."""
    try:
        info = file.lstat()
    except FileNotFoundError:
        raise InvalidInput(f"{shown(file)} does not exist") from None
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInput(f"{shown(file)} is not a regular file (a link, FIFO, device or "
                           "folder): give an export file")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(file, flags)
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):
            raise InvalidInput(f"{shown(file)} is not a regular file")
        if opened.st_size > MAX_IMPORT_BYTES:
            raise InvalidInput(f"{shown(file)} is {opened.st_size:,} bytes; the tool reads at "
                               f"most {MAX_IMPORT_BYTES:,}: use `cognimem import` instead")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read().decode("utf-8")
    finally:
        os.close(fd)
