"""``vault index --watch``: the vault indexed once, then once per burst of edits.

A burst is what watchfiles groups: changes are collected until none has come for
:data:`QUIET_MS` (an editor's save is often several writes: truncate, write, rename, a
metadata touch), for at most :data:`MAX_BURST_MS`. Only changes that can alter the index
wake it: files with a note suffix and ignore files, outside hidden folders (an Obsidian
``.obsidian/workspace.json`` rewritten on every click, a ``.git`` commit, editors' swap
files do not)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .vault import IGNORE_FILES

if TYPE_CHECKING:
    from cognimem.daemon.api import MemoryAPI

#: Quiet time that ends a burst of changes, and the longest a burst is collected (ms).
QUIET_MS, MAX_BURST_MS = 400, 4000


def relevant(root: Path, suffixes: Sequence[str]) -> Callable[[Any, str], bool]:
    """The watch filter: a note or an ignore file, not under a hidden folder of ``root``."""
    endings = tuple(s.lower() for s in suffixes)

    def keep(_change: Any, path: str) -> bool:
        try:
            parts = Path(path).relative_to(root).parts
        except ValueError:
            return False
        if not parts or any(p.startswith(".") for p in parts[:-1]):
            return False
        name = parts[-1]
        return name in IGNORE_FILES or (not name.startswith(".")
                                        and name.lower().endswith(endings))

    return keep


def watch_vault(engine: MemoryAPI, target: str, report: Callable[[Any], None],
                stop: threading.Event, *, dry_run: bool = False,
                suffixes: Sequence[str] = (".md", ".markdown")) -> int:
    """Index ``target`` now and after every burst of relevant changes until ``stop`` is
    set; ``report`` gets each run's report. Returns the number of runs."""
    from watchfiles import watch

    runs = 0
    # the watcher yields an empty set when nothing changed for a while: the first one says it
    # is running, and the first index runs then, so an edit made during it is not missed
    for changes in watch(target, watch_filter=relevant(Path(target), suffixes),
                         debounce=MAX_BURST_MS, step=QUIET_MS, stop_event=stop,
                         rust_timeout=QUIET_MS, yield_on_timeout=True):
        if changes or not runs:
            report(engine.ingest("vault", target, dry_run=dry_run))
            runs += 1
    return runs
