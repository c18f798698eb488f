"""What a profile resolved to, remembered so a warm command need not read it again.

Reading a profile (TOML layers, environment, validation) costs more than a whole call to a
warm daemon. A client only needs the store's path and the pipeline's fingerprint to reach
the daemon that already serves it, so those are kept in the private runtime folder, keyed
by everything the profile is read from: the profile references and the files they name
(path, size, modification time), every ``COGNIMEM_*`` variable, ``HOME``, ``--store``, the
working directory and the profile module itself. Any change is a new key; a miss just reads
the profile. The profile is still read whenever a daemon has to be started.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import CognimemError
from .runtime import check_private_parent, open_private, runtime_base

_FOLDER = "resolved"
_HERE = Path(__file__).resolve().parent.parent  # the cognimem package


def _stat(path: Path) -> list[object]:
    try:
        info = path.stat()
    except OSError:
        return [str(path), None]
    return [str(path), info.st_size, info.st_mtime_ns]


def cache_key(refs: Sequence[str], store: str | None) -> str:
    """A digest of every input that decides the profile (see the module)."""
    parts: list[object] = [_stat(_HERE / "profile.py"), _stat(_HERE / "profiles" / "default.toml")]
    for ref in refs:
        path = Path(ref).expanduser()
        builtin = _HERE / "profiles" / f"{ref}.toml"
        parts.append(["ref", ref, _stat(path.absolute()), _stat(builtin)])
    env = sorted((k, v) for k, v in os.environ.items() if k.upper().startswith("COGNIMEM_"))
    parts += [env, os.environ.get("HOME", ""), store, os.getcwd()]
    return hashlib.sha256(json.dumps(parts, default=str).encode("utf-8")).hexdigest()[:32]


def read_cached(folder: str, key: str, limit: int = 4096) -> Any:
    """The JSON kept under ``key`` in one of the runtime folder's caches, or None (absent,
    unreadable, not this user's own file, or the runtime folder is not private)."""
    try:
        base = runtime_base()
        check_private_parent(base)
        fd = open_private(base / folder / key, os.O_RDONLY)
    except (OSError, ValueError, CognimemError):
        return None
    try:
        with os.fdopen(fd, "rb") as fh:
            if os.fstat(fh.fileno()).st_uid != os.getuid():
                return None
            return json.loads(fh.read(limit))
    except (OSError, ValueError):
        return None


def write_cached(folder: str, key: str, data: Any) -> None:
    """Keep ``data`` as JSON under ``key`` (best effort: a failure only costs speed)."""
    with contextlib.suppress(OSError, ValueError, TypeError, CognimemError):
        place = runtime_base() / folder
        place.mkdir(mode=0o700, exist_ok=True)
        target = place / key
        tmp = place / f".{key}.{os.getpid()}.tmp"
        fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(tmp, target)


def lookup(refs: Sequence[str], store: str | None) -> tuple[Path, str] | None:
    """The store directory and pipeline fingerprint these inputs resolved to last time (None
    when unknown, or when the runtime folder is not private: the slow path then says why)."""
    data = read_cached(_FOLDER, cache_key(refs, store))
    try:
        return Path(str(data["store"])), str(data["fingerprint"])
    except (KeyError, TypeError):
        return None


def remember(refs: Sequence[str], store: str | None, resolved: Path, fingerprint: str) -> None:
    """Keep what these inputs resolved to (best effort: a failure only costs speed)."""
    write_cached(_FOLDER, cache_key(refs, store),
                 {"store": str(resolved), "fingerprint": fingerprint})
