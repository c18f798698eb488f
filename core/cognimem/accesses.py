"""Accesses of recent searches that the engine holds before writing them in one go.

Every search records an access per returned hit (ACT-R's base level and FadeMem's frequency
read them), which would put a record-store transaction on every search's path. The engine
holds them here instead and writes them together (:meth:`Engine.flush_accesses`). Until
then, :meth:`HeldAccesses.counted_in` shows them in the memories a search loads, as they
will be once written.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from .models import Access, Hit, Memory


def kept_query(text: str | None, mode: str) -> str | None:
    """What an access keeps of its query (profile key ``search.access_query``): ``hash``
    a SHA-256 prefix (repeats of a query still match; its words are not kept), ``text``
    the text as the guard left it, ``none`` nothing."""
    if text is None or mode == "none":
        return None
    if mode == "text":
        return text
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def tally(accesses: Iterable[Access],
          into: dict[str, tuple[int, datetime]] | None = None) -> dict[str, tuple[int, datetime]]:
    """Per memory, how many of ``accesses`` and the latest one (added to ``into``)."""
    out = {} if into is None else into
    for access in accesses:
        count, latest = out.get(access.memory_id, (0, access.at))
        out[access.memory_id] = (count + 1, max(latest, access.at))
    return out


def with_accesses(memory: Memory, count: int, latest: datetime) -> Memory:
    """A copy of ``memory`` that counts ``count`` more retrievals, the latest at ``latest``."""
    last = memory.last_accessed_at
    return memory.model_copy(update={
        "access_count": memory.access_count + count,
        "last_accessed_at": latest if last is None or latest > last else last})


class HeldAccesses:
    """The unwritten accesses, and per memory how many and the latest.

    Safe to share between threads: searches running side by side add to it while one
    writer takes a batch (:meth:`batch`), writes it and drops it (:meth:`written`); what
    was added meanwhile stays held.
    """

    def __init__(self) -> None:
        self.accesses: list[Access] = []
        self._bumps: dict[str, tuple[int, datetime]] = {}  # id -> (count, latest)
        self._since = 0.0
        self._lock = threading.Lock()
        self._deferred: list[tuple[list[Hit], Any]] = []  # (hits, query) of searches

    def __len__(self) -> int:
        return len(self.accesses)

    def add(self, hits: Sequence[Hit], at: datetime, agent: str | None,
            query: str | None) -> None:
        """Hold one access per hit."""
        added = [Access(memory_id=h.id, at=at, agent=agent, query=query) for h in hits]
        with self._lock:
            if not self.accesses:
                self._since = time.monotonic()
            self.accesses = [*self.accesses, *added]
            tally(added, self._bumps)

    def age(self) -> float:
        """Seconds since the oldest held access was added (0 with none)."""
        with self._lock:
            return time.monotonic() - self._since if self.accesses else 0.0

    def concerns(self, ids: Iterable[str]) -> bool:
        """Whether any of these memories has held accesses."""
        with self._lock:
            return bool(self._bumps) and any(i in self._bumps for i in ids)

    def counted_in(self, memories: dict[str, Memory]) -> dict[str, Memory]:
        """``memories`` with the held accesses in their ``access_count`` and
        ``last_accessed_at`` (changed in place; copies of the memories concerned)."""
        with self._lock:
            bumps = {i: self._bumps[i] for i in self._bumps.keys() & memories.keys()}
        for memory_id, (count, latest) in bumps.items():
            memories[memory_id] = with_accesses(memories[memory_id], count, latest)
        return memories

    def batch(self) -> list[Access]:
        """The held accesses as they are now (to write; then :meth:`written`)."""
        with self._lock:
            return self.accesses

    def written(self, count: int) -> None:
        """Forget the first ``count`` held accesses: they were written."""
        with self._lock:
            self.accesses = self.accesses[count:]
            self._bumps = tally(self.accesses)
            if self.accesses:
                self._since = time.monotonic()

    def defer(self, hits: list[Hit], query: Any) -> None:
        """Keep a search's hits for its ``cognimem_memories_accessed`` hooks, which then
        run when the accesses are written (searches running beside writes never write)."""
        with self._lock:
            self._deferred.append((hits, query))

    def deferred(self) -> list[tuple[list[Hit], Any]]:
        """The deferred searches' hits and queries, forgotten here."""
        with self._lock:
            out, self._deferred = self._deferred, []
        return out

    def clear(self) -> None:
        """Forget them all (they were written)."""
        with self._lock:
            self.accesses, self._bumps = [], {}
