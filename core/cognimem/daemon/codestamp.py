"""The code a daemon runs, as files on disk and their stamps.

A daemon lives across many calls; after ``pip install -U`` (or an edit of an editable
install) it would go on answering with the rules it started with: ``cognimem guard
--explain`` would show the old guard's reasons, a write would pass the old guard. The
daemon keeps a :class:`CodeStamp` of the files it loaded (the modules of ``cognimem``, of
the bundled plugins and of every package registered in the ``cognimem`` entry-point group,
and the data files beside them: shipped models, tables) and looks at it now and then from
its watcher thread; when one of them changed or vanished, it stops, and the next call starts
a daemon on the new code (:mod:`cognimem.daemon.server`). A stat per file, a few hundred
files, every couple of seconds: off the path of any call.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable
from importlib.metadata import entry_points
from pathlib import Path

#: the top-level packages always watched (the core and the bundled plugins)
CORE_PACKAGES = ("cognimem", "cognimem_plugins")
#: data files beside a watched module that shape what the code does (models, tables)
DATA_SUFFIXES = (".gz", ".json", ".toml", ".safetensors")
#: seconds between two looks at the files
CHECK_EVERY = 2.0

Stamp = tuple[int, int]  # (mtime in ns, size)


def plugin_packages() -> set[str]:
    """The top-level packages of the core, the bundled plugins and every registered plugin."""
    tops = set(CORE_PACKAGES)
    for point in entry_points(group="cognimem"):
        tops.add(point.module.split(".", 1)[0])
    return tops


def _stamp(path: Path) -> Stamp | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size


class CodeStamp:
    """The stamps of the files of the watched packages' loaded modules, and of the data
    files beside them, as first seen.

    :param packages: top-level package names to watch (default: :func:`plugin_packages`).
    :param every: seconds between two looks (:meth:`due`).
    """

    def __init__(self, packages: Iterable[str] | None = None, *,
                 every: float = CHECK_EVERY) -> None:
        self.packages = frozenset(plugin_packages() if packages is None else packages)
        self.every = every
        self._files: dict[Path, Stamp | None] = {}
        self._dirs: set[Path] = set()
        self._modules = 0
        self._next = time.monotonic() + every
        self._learn()

    def __len__(self) -> int:
        return len(self._files)

    def due(self) -> bool:
        """Whether it is time for another look (at most one per ``every`` seconds)."""
        now = time.monotonic()
        if now < self._next:
            return False
        self._next = now + self.every
        return True

    def changed(self) -> Path | None:
        """The first watched file whose stamp is not the one first seen (changed, vanished,
        or appeared where there was none), else None. Modules loaded since the last look are
        added with their stamp of now."""
        for path, seen in self._files.items():
            if _stamp(path) != seen:
                return path
        self._learn()
        return None

    def _learn(self) -> None:
        modules = sys.modules
        if len(modules) == self._modules:
            return
        self._modules = len(modules)
        for name, module in list(modules.items()):
            if name.split(".", 1)[0] not in self.packages:
                continue
            file = getattr(module, "__file__", None)
            if not file:
                continue
            path = Path(file)
            if path not in self._files:
                self._files[path] = _stamp(path)
            folder = path.parent
            if folder not in self._dirs:
                self._dirs.add(folder)
                self._learn_data(folder)

    def _learn_data(self, folder: Path) -> None:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for entry in entries:
            if entry.is_file() and entry.name.endswith(DATA_SUFFIXES):
                path = Path(entry.path)
                self._files.setdefault(path, _stamp(path))
