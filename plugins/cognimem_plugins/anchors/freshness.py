"""Whether a memory's anchors still hold: each anchored file is found (else *orphaned*) and
its anchored text hashes as when the memory was written (else *stale*). A check costs one
``stat`` and one path resolution per anchor on a warm cache: hashes are cached by the file's
(path, mtime, size) and the part anchored."""

from __future__ import annotations

import os
import stat
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cognimem.codestate import CODE_STATE_KEY
from cognimem.models import Memory
from cognimem.session import Session

from .refs import MAX_PATH_CHARS, folder_of, within
from .region import region_hash

#: Where a memory keeps its anchors, and the folder they were taken in.
ANCHORS = "anchors"
ROOT = "anchor_root"
#: Where a search's copy of a memory carries its anchors' state (never stored).
STATE = CODE_STATE_KEY

State = Literal["fresh", "stale", "orphaned"]
_ORDER: dict[str, int] = {"fresh": 0, "stale": 1, "orphaned": 2}
#: Region hashes cached per checker.
CACHE_ENTRIES = 8192


@dataclass
class Freshness:
    """A memory's anchors' state: the worst of its anchors', and the files behind it."""

    state: State
    stale: list[str] = field(default_factory=list)
    orphaned: list[str] = field(default_factory=list)

    def label(self) -> str:
        """What the agent reads: the state and the files to check again."""
        if self.state == "fresh":
            return "fresh: the anchored code is unchanged"
        parts = []
        if self.stale:
            parts.append(f"changed since: {', '.join(self.stale)}")
        if self.orphaned:
            parts.append(f"gone: {', '.join(self.orphaned)}")
        return f"{self.state}: {'; '.join(parts)} (check the code before relying on it)"

    def as_dict(self) -> dict[str, Any]:
        """As JSON data."""
        return {"state": self.state, "stale": self.stale, "orphaned": self.orphaned}


def anchors_of(memory: Memory) -> list[dict[str, Any]]:
    """The memory's well-formed anchors."""
    found = memory.meta.get(ANCHORS) if memory.meta else None
    if not isinstance(found, list):
        return []
    return [a for a in found if isinstance(a, dict) and safe_path(a.get("path"))]


def safe_path(value: object) -> bool:
    """Whether ``value`` is a relative path that stays inside its folder (lexically)."""
    if not isinstance(value, str) or not value or len(value) > MAX_PATH_CHARS:
        return False
    return not value.startswith(("/", "~", "\\")) and ".." not in value.split("/") \
        and "\x00" not in value


class Checker:
    """Checks memories' anchors, caching region hashes by (path, mtime, size, part)."""

    def __init__(self, entries: int = CACHE_ENTRIES) -> None:
        self.entries = entries
        self._hashes: OrderedDict[tuple[Any, ...], str | None] = OrderedDict()
        self._lock = threading.Lock()

    def folder(self, memory: Memory, session: Session) -> Path | None:
        """The folder to look the memory's files up in: the session's when the memory is of
        the session's project (or was anchored there), else the one it was anchored in."""
        here = folder_of(session)
        root = memory.meta.get(ROOT) if memory.meta else None
        if here is not None and (str(here) == root or (
                session.project is not None and memory.scope.project == session.project)):
            return here
        if not isinstance(root, str):
            return here
        try:
            path = Path(root).resolve()
        except (OSError, RuntimeError):
            return None
        # never a folder outside what the session may read (a root set through meta)
        return path if path.is_dir() and within(path, session) else None

    def anchor_state(self, anchor: dict[str, Any], folder: Path) -> State:
        """One anchor's state in ``folder``."""
        try:
            path = (folder / anchor["path"]).resolve(strict=True)
            info = os.stat(path)
        except (OSError, RuntimeError, ValueError):
            return "orphaned"
        if folder not in path.parents or not stat.S_ISREG(info.st_mode):
            return "orphaned"
        lines = anchor.get("lines")
        lines = list(lines) if isinstance(lines, list) and len(lines) == 2 else None
        symbol = anchor.get("symbol") if isinstance(anchor.get("symbol"), str) else None
        key = (str(path), info.st_mtime_ns, info.st_size, tuple(lines or ()), symbol)
        with self._lock:  # searches run beside each other (and beside writes)
            known = key in self._hashes
            if known:
                self._hashes.move_to_end(key)
                now = self._hashes[key]
        if not known:
            try:
                now = region_hash(path, lines, symbol)
            except OSError:
                return "orphaned"
            with self._lock:
                self._hashes[key] = now
                if len(self._hashes) > self.entries:
                    self._hashes.popitem(last=False)
        return "fresh" if now is not None and now == anchor.get("hash") else "stale"

    def check(self, memory: Memory, session: Session) -> Freshness | None:
        """The memory's freshness; None when it has no anchors or no folder to look in."""
        anchors = anchors_of(memory)
        if not anchors:
            return None
        folder = self.folder(memory, session)
        if folder is None:
            return None
        result = Freshness("fresh")
        for anchor in anchors:
            state = self.anchor_state(anchor, folder)
            if state == "stale":
                result.stale.append(anchor["path"])
            elif state == "orphaned":
                result.orphaned.append(anchor["path"])
            if _ORDER[state] > _ORDER[result.state]:
                result.state = state
        return result


def state_of(memory: Memory) -> dict[str, Any] | None:
    """The state a search attached to its copy of ``memory`` (see the ``anchors`` ranker)."""
    found = memory.meta.get(STATE) if memory.meta else None
    return found if isinstance(found, dict) else None


def freshness_of(memories: Iterable[Memory], session: Session,
                 checker: Checker | None = None) -> dict[str, Freshness]:
    """The freshness of each anchored memory of ``memories`` in ``session``, by id (what a
    view that does not search, such as a startup context, shows beside each memory)."""
    checker = checker or Checker()
    found = {m.id: checker.check(m, session) for m in memories}
    return {i: f for i, f in found.items() if f is not None}
