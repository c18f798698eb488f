"""What the command line's plugins add (their commands) and hold (``cognimem plugins``),
remembered between runs so that a plugin's command does not load every plugin first.

Loading the plugins imports every installed plugin and what it imports (DuckDB, numpy, the
secret scanner...): over a second, against about 0.1 s for a whole ``search`` through a warm
daemon. Yet a plugin command needs only its own ``configure`` module, and ``cognimem plugins``
only the table the plugins registered. Both are kept in the private runtime folder
(:func:`~cognimem.daemon.resolved.write_cached`) under a key made of everything that decides
them: the profile's inputs (:func:`~cognimem.daemon.resolved.cache_key`) and the folders on
``sys.path`` (installing or removing a distribution changes one). The entry also lists every
module file the plugins were loaded from, with its size and modification time; when one
changed (an editable plugin edited), the plugins are loaded again. A miss costs one load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .common import add_global_options

_FOLDER = "plugins"
#: Raised when what is kept changes shape: older entries are then never read.
_FORMAT = 1
_LIMIT = 4 * 1024 * 1024


@dataclass(frozen=True)
class PluginIndex:
    """The plugins' commands (``name``, ``help``, ``configure``, ``plugin``) and the rows of
    :meth:`PluginHost.describe <cognimem.plugins.PluginHost.describe>`."""

    commands: list[dict[str, str]]
    rows: list[dict[str, Any]]


def plugin_index(argv: Sequence[str] | None) -> PluginIndex:
    """The index for the profile ``argv``'s global options name: kept, or built by loading
    the plugins (and kept).

    :raises PluginError: a plugin cannot be loaded (nothing is kept).
    :raises ProfileError: the profile that says which plugins load is invalid.
    """
    from ..daemon.resolved import read_cached, write_cached

    args = _global_args(argv)
    key = _key(args)
    kept = read_cached(_FOLDER, key, _LIMIT)
    if isinstance(kept, dict) and kept.get("format") == _FORMAT and _unchanged(kept["sources"]):
        return PluginIndex(kept["commands"], kept["rows"])
    index = _load(args)
    write_cached(_FOLDER, key, {"format": _FORMAT, "sources": _sources(),
                                "commands": index.commands, "rows": index.rows})
    return index


def _global_args(argv: Sequence[str] | None) -> argparse.Namespace:
    pre = argparse.ArgumentParser(prog="cognimem", add_help=False)
    add_global_options(pre, suppress=False)
    args, _ = pre.parse_known_args(list(argv or []))
    return args


def _key(args: argparse.Namespace) -> str:
    from ..daemon.resolved import cache_key

    refs = [str(r) for r in getattr(args, "profile", []) or []]
    folders = [[p, _stat(p)] for p in sys.path if p and os.path.isdir(p)]
    parts = [_FORMAT, cache_key(refs, getattr(args, "store", None)), folders, sys.executable]
    return hashlib.sha256(json.dumps(parts).encode("utf-8")).hexdigest()[:32]


def _load(args: argparse.Namespace) -> PluginIndex:
    from ..plugins import PluginHost
    from .common import cli_profile

    settings = cli_profile(args).plugins
    host = PluginHost(allow=settings.allow, deny=settings.deny, modules=settings.modules,
                      files=settings.files, entrypoints=settings.entrypoints)
    commands = [{"name": name, "help": reg.obj.help, "configure": reg.obj.configure,
                 "plugin": reg.plugin} for name, reg in host.components("command").items()]
    return PluginIndex(commands, json.loads(json.dumps(host.describe(), default=str)))


def _stat(path: str) -> list[int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


def _sources() -> list[list[Any]]:
    """Every module file loaded so far (the plugins' and what they import), with its stat."""
    files = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    return [[f, _stat(f)] for f in sorted(f for f in files if isinstance(f, str))]


def _unchanged(sources: Any) -> bool:
    try:
        return all(_stat(path) == stat for path, stat in sources)
    except (TypeError, ValueError):
        return False


__all__ = ["PluginIndex", "plugin_index"]
