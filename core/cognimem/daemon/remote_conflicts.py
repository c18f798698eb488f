"""The team operations of :class:`~.remote.RemoteEngine` (the conflict log, sync offsets),
in their own module."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ..errors import StoreError

if TYPE_CHECKING:
    from ..engine.sync import SyncBatch
    from ..models import Conflict

T = TypeVar("T")


def _expect(value: object, kind: type[T], what: str) -> T:
    """``value`` if it is a ``kind``, else the error a confused daemon deserves."""
    if not isinstance(value, kind):
        raise StoreError(f"the memory daemon answered {what} with a {type(value).__name__}, "
                         f"not a {kind.__name__}")
    return value


class ConflictCalls:
    """``record_conflict``, ``conflicts``, ``in_open_conflict``, ``resolve_conflict``, ``sync``,
    ``acknowledge``, ``offsets``, ``offset`` through the daemon."""

    def _call(self, op: str, *args: Any, **kwargs: Any) -> object:
        raise NotImplementedError  # RemoteEngine sends the call

    def record_conflict(self, a: str, b: str, *, kind: str = "value",
                        differs: Iterable[str] = (), found_by: str | None = None,
                        agent: str | None = None, note: str | None = None) -> Conflict | None:
        """See :meth:`Engine.record_conflict <cognimem.engine.Engine.record_conflict>`."""
        from ..models import Conflict

        found = self._call("record_conflict", a, b, kind=kind, differs=list(differs),
                           found_by=found_by, agent=agent, note=note)
        return None if found is None else _expect(found, Conflict, "record_conflict")

    def conflicts(self, *, status: Literal["open", "resolved", "all"] = "open",
                  memory_id: str | None = None) -> list[Conflict]:
        """See :meth:`Engine.conflicts <cognimem.engine.Engine.conflicts>`."""
        from ..models import Conflict

        found = _expect(self._call("conflicts", status=status, memory_id=memory_id), list,
                        "conflicts")
        return [_expect(c, Conflict, "conflicts") for c in found]

    def in_open_conflict(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """See :meth:`Engine.in_open_conflict <cognimem.engine.Engine.in_open_conflict>`."""
        return _expect(self._call("in_open_conflict", list(ids)), dict, "in_open_conflict")

    def resolve_conflict(self, cid: str, resolution: str, *, agent: str | None = None,
                         note: str | None = None) -> Conflict:
        """See :meth:`Engine.resolve_conflict <cognimem.engine.Engine.resolve_conflict>`."""
        from ..models import Conflict

        return _expect(self._call("resolve_conflict", cid, resolution, agent=agent, note=note),
                       Conflict, "resolve_conflict")

    def sync(self, agent: str, *, limit: int = 200, include_own: bool = False) -> SyncBatch:
        """See :meth:`Engine.sync <cognimem.engine.Engine.sync>`."""
        from ..engine.sync import SyncBatch

        return _expect(self._call("sync", agent, limit=limit, include_own=include_own),
                       SyncBatch, "sync")

    def acknowledge(self, agent: str, seq: int) -> int:
        """See :meth:`Engine.acknowledge <cognimem.engine.Engine.acknowledge>`."""
        return _expect(self._call("acknowledge", agent, seq), int, "acknowledge")

    def offsets(self) -> dict[str, int]:
        """See :meth:`Engine.offsets <cognimem.engine.Engine.offsets>`."""
        return _expect(self._call("offsets"), dict, "offsets")

    def offset(self, agent: str) -> int:
        """See :meth:`Engine.offset <cognimem.engine.Engine.offset>`."""
        return _expect(self._call("offset", agent), int, "offset")
