"""Accesses of recent searches that the engine holds before writing them in one go.

Every search records an access per returned hit (ACT-R's base level and FadeMem's frequency
read them), which would put a record-store transaction on every search's path. The engine
holds them here instead and writes them together (:meth:`Engine.flush_accesses`). Until
then, :meth:`HeldAccesses.counted_in` shows them in the memories a search loads, as they
will be once written.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from datetime import datetime

from .models import Access, Hit, Memory


class HeldAccesses:
    """The unwritten accesses, and per memory how many and the latest."""

    def __init__(self) -> None:
        self.accesses: list[Access] = []
        self._bumps: dict[str, tuple[int, datetime]] = {}  # id -> (count, latest)
        self._since = 0.0

    def __len__(self) -> int:
        return len(self.accesses)

    def add(self, hits: Sequence[Hit], at: datetime, agent: str | None,
            query: str | None) -> None:
        """Hold one access per hit."""
        if not self.accesses:
            self._since = time.monotonic()
        self.accesses += [Access(memory_id=h.id, at=at, agent=agent, query=query) for h in hits]
        for hit in hits:
            count, latest = self._bumps.get(hit.id, (0, at))
            self._bumps[hit.id] = (count + 1, max(latest, at))

    def age(self) -> float:
        """Seconds since the oldest held access was added (0 with none)."""
        return time.monotonic() - self._since if self.accesses else 0.0

    def concerns(self, ids: Iterable[str]) -> bool:
        """Whether any of these memories has held accesses."""
        return bool(self._bumps) and any(i in self._bumps for i in ids)

    def counted_in(self, memories: dict[str, Memory]) -> dict[str, Memory]:
        """``memories`` with the held accesses in their ``access_count`` and
        ``last_accessed_at`` (changed in place; copies of the memories concerned)."""
        for memory_id in self._bumps.keys() & memories.keys():
            count, latest = self._bumps[memory_id]
            memory = memories[memory_id]
            last = memory.last_accessed_at
            memories[memory_id] = memory.model_copy(update={
                "access_count": memory.access_count + count,
                "last_accessed_at": latest if last is None or latest > last else last})
        return memories

    def clear(self) -> None:
        """Forget them (they were written)."""
        self.accesses, self._bumps = [], {}
