"""The named services a plugin's hooks and tools receive besides the memory API: a read-only
view of the record store (:class:`StoreView`, ``engine.store``) and the in-process services
plugins share (:class:`Services`, ``engine.services``).

A plugin writes through the engine only (``add``, ``update``, ``write_edges``, ``put_meta``,
``touch_edges``: the write pipeline, docs/architecture.md); these views cannot write, so
nothing a plugin holds opens the record store's transaction or bypasses a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, cast

if TYPE_CHECKING:
    import numpy as np

    from ..context import Context
    from ..models import Edge, Event, Memory
    from ..stores import RecordStore

T = TypeVar("T")


class RecordReader(Protocol):
    """The reads of a record store: what :class:`StoreView` offers, and what the record
    store itself satisfies (a helper shared by a component, which holds the store, and a
    hook, which holds the view, takes this)."""

    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]: ...
    def iter_memories(self) -> Iterator[Memory]: ...
    def edges_of(self, node: str, direction: Literal["out", "in", "both"] = "both"
                 ) -> list[Edge]: ...
    def iter_edges(self) -> Iterator[Edge]: ...
    def last_event(self) -> Event | None: ...
    def iter_events(self, after_seq: int = 0) -> Iterator[Event]: ...
    def get_meta(self, namespace: str, key: str, default: Any = None) -> Any: ...
    def get_metas(self, namespace: str, keys: Collection[str]) -> dict[str, Any]: ...
    def meta_items(self, namespace: str) -> dict[str, Any]: ...
    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]: ...
    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]: ...


class StoreView:
    """``engine.store``: the record store, read only. Inside a write (``cognimem_memory_derive``)
    it sees the write's own uncommitted changes, as the engine does."""

    __slots__ = ("_records",)

    def __init__(self, records: RecordStore) -> None:
        self._records = records

    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The stored memories with these ids (archived and superseded ones too)."""
        return self._records.get_memories(ids)

    def iter_memories(self) -> Iterator[Memory]:
        """Every stored memory."""
        return self._records.iter_memories()

    def edges_of(self, node: str, direction: Literal["out", "in", "both"] = "both"
                 ) -> list[Edge]:
        """The edges of a memory or an entity node, by direction."""
        return self._records.edges_of(node, direction)

    def iter_edges(self) -> Iterator[Edge]:
        """Every edge."""
        return self._records.iter_edges()

    def last_event(self) -> Event | None:
        """The newest event of the log (its ``seq`` and ``hash`` make a cursor)."""
        return self._records.last_event()

    def iter_events(self, after_seq: int = 0) -> Iterator[Event]:
        """The events after a sequence number, oldest first."""
        return self._records.iter_events(after_seq)

    def get_meta(self, namespace: str, key: str, default: Any = None) -> Any:
        """One metadata value (``put_meta`` writes them)."""
        return self._records.get_meta(namespace, key, default)

    def get_metas(self, namespace: str, keys: Collection[str]) -> dict[str, Any]:
        """The metadata values of these keys that exist."""
        return self._records.get_metas(namespace, keys)

    def meta_items(self, namespace: str) -> dict[str, Any]:
        """Every metadata value of a namespace."""
        return self._records.meta_items(namespace)

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]:
        """The stored embeddings of these memories."""
        return self._records.get_embeddings(ids)

    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]:
        """When each memory was returned by a search."""
        return self._records.access_times(ids)


class Services:
    """``engine.services``: in-process state plugins share, by a plugin-chosen key (the graph
    plugin keeps its graph under ``cognimem.graph``). It is derived state: rebuilt from the
    records when dropped, never written to the store. Components see the same entries in
    their context's ``services``."""

    __slots__ = ("_ctx",)

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    def get(self, key: str) -> Any:
        """The service under ``key``, or None."""
        return self._ctx.services.get(key)

    def open(self, key: str, kind: type[T], make: Callable[[Context], T] | None = None) -> T:
        """The service under ``key`` if it is a ``kind``, else a new one made from the
        components' context (``make(context)``, by default ``kind(context)``) and kept."""
        found = self._ctx.services.get(key)
        if isinstance(found, kind):
            return found
        build = make if make is not None else cast("Callable[[Context], T]", kind)
        made = build(self._ctx)
        self._ctx.services[key] = made
        return made

    def drop(self, key: str) -> None:
        """Forget the service under ``key`` (the next :meth:`open` makes it again)."""
        self._ctx.services.pop(key, None)
