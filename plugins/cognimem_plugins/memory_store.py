"""``memory``: an in-process record store (nothing persists). For tests and fast experiments."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any, Literal

import numpy as np

from cognimem import hookimpl
from cognimem.components import GraveEntry, RecordStore
from cognimem.models import Access, Edge, EmbeddingSignature, Event, Memory
from cognimem.registry import Register


class MemoryStore(RecordStore):
    """Records held in dictionaries; a transaction rolls back by restoring a snapshot."""

    name = "memory"

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._memories: dict[str, Memory] = {}
        self._by_hash: dict[str, set[str]] = {}
        self._edges: dict[tuple[str, str, str], Edge] = {}
        self._accesses: dict[str, list[datetime]] = {}
        self._events: list[Event] = []
        self._graves: dict[str, GraveEntry] = {}
        self._embeddings: dict[str, np.ndarray] = {}
        self._meta: dict[str, dict[str, Any]] = {}
        self._depth = 0

    _STATE = ("_memories", "_by_hash", "_edges", "_accesses", "_events", "_graves",
              "_embeddings", "_meta")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Snapshot on entry; restore the snapshot if the block raises."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        snapshot = {name: copy.copy(getattr(self, name)) for name in self._STATE}
        snapshot["_by_hash"] = {k: set(v) for k, v in self._by_hash.items()}
        snapshot["_accesses"] = {k: list(v) for k, v in self._accesses.items()}
        snapshot["_meta"] = {k: dict(v) for k, v in self._meta.items()}
        self._depth = 1
        try:
            yield
        except BaseException:
            for name, value in snapshot.items():
                setattr(self, name, value)
            raise
        finally:
            self._depth = 0

    def put_memories(self, memories: Sequence[Memory]) -> None:
        for memory in memories:
            old = self._memories.get(memory.id)
            if old is not None:
                self._by_hash.get(old.content_hash, set()).discard(old.id)
            # (#39/#45 wave 13) a private copy, not ``model_copy(deep=True)``: it shares
            # nothing mutable with the caller's memory either (tests/core/test_models.py
            # holds it to every field) for a fifth of a deep copy's CPU
            self._memories[memory.id] = memory.private_copy()
            self._by_hash.setdefault(memory.content_hash, set()).add(memory.id)

    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        return {i: self._memories[i].private_copy() for i in ids if i in self._memories}

    def delete_memories(self, ids: Sequence[str]) -> None:
        doomed = set(ids)
        for memory_id in doomed:
            old = self._memories.pop(memory_id, None)
            if old is not None:
                self._by_hash.get(old.content_hash, set()).discard(memory_id)
            self._accesses.pop(memory_id, None)
            self._embeddings.pop(memory_id, None)
        self._edges = {k: e for k, e in self._edges.items()
                       if e.source not in doomed and e.target not in doomed}

    def iter_memories(self) -> Iterator[Memory]:
        for memory_id in sorted(self._memories):
            yield self._memories[memory_id].private_copy()

    def count_memories(self) -> int:
        return len(self._memories)

    def find_by_hash(self, content_hash: str) -> list[Memory]:
        return [self._memories[i].private_copy()
                for i in sorted(self._by_hash.get(content_hash, ()))]

    def put_edges(self, edges: Sequence[Edge]) -> None:
        for edge in edges:
            self._edges[edge.key] = edge.model_copy(deep=True)

    def delete_edges(self, keys: Sequence[tuple[str, str, str]]) -> None:
        for key in keys:
            self._edges.pop(tuple(key), None)  # type: ignore[arg-type]

    def edges_of(self, node: str, direction: Literal["out", "in", "both"] = "both") -> list[Edge]:
        out = []
        for edge in self._edges.values():
            if (direction in ("out", "both") and edge.source == node) or (
                direction in ("in", "both") and edge.target == node
            ):
                out.append(edge.model_copy(deep=True))
        return out

    def iter_edges(self) -> Iterator[Edge]:
        for key in sorted(self._edges):
            yield self._edges[key].model_copy(deep=True)

    def add_accesses(self, accesses: Sequence[Access]) -> None:
        for access in accesses:
            self._accesses.setdefault(access.memory_id, []).append(access.at)

    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]:
        return {i: sorted(self._accesses.get(i, [])) for i in ids}

    def append_event(self, event: Event) -> None:
        self._events.append(event)

    def last_event(self) -> Event | None:
        return self._events[-1] if self._events else None

    def iter_events(self, after_seq: int = 0) -> Iterator[Event]:
        yield from (e for e in self._events if e.seq > after_seq)

    def add_grave(self, entry: GraveEntry) -> None:
        self._graves[entry.memory.id] = entry

    def graves(self) -> list[GraveEntry]:
        return sorted(self._graves.values(), key=lambda g: g.archived_at, reverse=True)

    def remove_grave(self, memory_id: str) -> None:
        self._graves.pop(memory_id, None)

    def put_embeddings(self, vectors: dict[str, np.ndarray], signature: EmbeddingSignature) -> None:
        for memory_id, vector in vectors.items():
            self._embeddings[memory_id] = np.asarray(vector, dtype=np.float32).copy()

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]:
        return {i: self._embeddings[i] for i in ids if i in self._embeddings}

    def set_meta(self, namespace: str, key: str, value: Any) -> None:
        table = self._meta.setdefault(namespace, {})
        if value is None:
            table.pop(key, None)
        else:
            table[key] = copy.deepcopy(value)

    def get_meta(self, namespace: str, key: str, default: Any = None) -> Any:
        return copy.deepcopy(self._meta.get(namespace, {}).get(key, default))

    def meta_items(self, namespace: str) -> dict[str, Any]:
        return copy.deepcopy(self._meta.get(namespace, {}))


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register the in-memory record store."""
    register(MemoryStore)
