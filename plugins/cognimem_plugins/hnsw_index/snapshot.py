"""The ``hnsw`` index on disk: one generation of files at a time, switched atomically.

``<store>/hnsw/`` (mode 0700) holds ``graph-<n>.usearch`` (the usearch index),
``rows-<n>.npz`` (the keys' memories, :class:`~.rows.Rows`) and ``CURRENT``, a small JSON
file naming generation ``n`` and what the vectors were made with. A save writes generation
``n + 1`` beside the current one, syncs it, then replaces ``CURRENT``; only then are older
files removed. A kill at any moment leaves ``CURRENT`` naming a whole generation (or no
``CURRENT`` at all). Every file is created mode 0600 before anything is written into it.

A loaded generation may be older than the records (a kill after writes since the last
save): it is still a correct index of *some* versions of the memories, and the engine's
reconciliation at open re-indexes whatever differs from the records. So, unlike the
``exact`` snapshot, a generation is kept after loading and saved over at the next save.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any, Final

import numpy as np

from .rows import Rows

log = logging.getLogger("cognimem.hnsw")

FOLDER: Final = "hnsw"
CURRENT: Final = "CURRENT"
FORMAT: Final = 1
_GENERATION = re.compile(r"^(?:graph|rows)-(\d+)\.(?:usearch|npz)(?:\.partial)?$")


def create_private(path: Path) -> int:
    """Create (or truncate) ``path`` with mode 0600 and return its descriptor."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)  # an existing file keeps its mode through O_CREAT
    return fd


def _sync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Folder:
    """The snapshot folder of one store."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _files(self, generation: int) -> tuple[Path, Path]:
        return (self.path / f"graph-{generation}.usearch", self.path / f"rows-{generation}.npz")

    def current(self) -> dict[str, Any] | None:
        """What ``CURRENT`` says, or None without one.

        :raises ValueError: an unreadable ``CURRENT``.
        """
        file = self.path / CURRENT
        if not file.exists():
            return None
        data = json.loads(file.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"{file} is not a format-{FORMAT} hnsw snapshot pointer")
        return data

    def graph_file(self, generation: int) -> Path:
        """Generation ``generation``'s usearch file."""
        return self._files(generation)[0]

    def load(self, index_cls: Any, *, view: bool = False,
             **options: Any) -> tuple[dict[str, Any], Any, Rows] | None:
        """The current generation's stamp, usearch index and rows, or None without one.
        With ``view`` the index is a read-only map of its file (nothing read until a search
        touches it; :func:`restore` makes a writable copy); ``options`` are usearch's
        search-time settings (``expansion_add``, ``expansion_search``).

        :raises ValueError, OSError, KeyError: missing or damaged files.
        """
        current = self.current()
        if current is None:
            return None
        graph, rows_file = self._files(int(current["generation"]))
        index = restore(index_cls, graph, view=view, **options)
        with np.load(rows_file, allow_pickle=False) as data:
            rows = Rows.from_arrays(data)
        if len(index) != len(rows):
            raise ValueError(f"{graph} holds {len(index)} vectors for {len(rows)} memories")
        return current, index, rows

    def save(self, index: Any, rows: Rows, stamp: dict[str, Any]) -> None:
        """Write the next generation and switch ``CURRENT`` to it; remove older files."""
        self.path.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            previous = int((self.current() or {}).get("generation", 0))
        except (OSError, ValueError):
            previous = 0
        generation = previous + 1
        graph, rows_file = self._files(generation)
        os.close(create_private(graph))
        index.save(str(graph))  # usearch truncates the 0600 file it is given
        _sync(graph)
        fd = create_private(rows_file)
        with os.fdopen(fd, "wb") as out:
            np.savez(out, **rows.arrays())  # type: ignore[arg-type]
            out.flush()
            os.fsync(out.fileno())
        pointer = self.path / f"{CURRENT}.partial"
        fd = create_private(pointer)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({**stamp, "format": FORMAT, "generation": generation}, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(pointer, self.path / CURRENT)
        dir_fd = os.open(self.path, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
        self.prune(keep=generation)

    def prune(self, keep: int | None) -> None:
        """Remove every generation's files but ``keep``'s (leftovers of older saves or of a
        save a kill interrupted)."""
        if not self.path.is_dir():
            return
        for file in self.path.iterdir():
            match = _GENERATION.match(file.name)
            if match and (keep is None or int(match.group(1)) != keep):
                file.unlink(missing_ok=True)
        (self.path / f"{CURRENT}.partial").unlink(missing_ok=True)

    def remove(self) -> None:
        """Remove the snapshot (``CURRENT`` first, so a kill leaves no half of it in use)."""
        (self.path / CURRENT).unlink(missing_ok=True)
        self.prune(keep=None)


def restore(index_cls: Any, file: Path, *, view: bool = False, **options: Any) -> Any:
    """The usearch index saved in ``file``: read whole, or with ``view`` mapped read-only.

    :raises ValueError: not a usearch index.
    """
    index = index_cls.restore(str(file), view=view, **options)
    if index is None:
        raise ValueError(f"{file} is not a usearch index")
    return index
