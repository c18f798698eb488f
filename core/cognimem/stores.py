"""Storage component bases: the record store is the truth; lexical and vector indexes are
derived from it. Import them from :mod:`cognimem.components`, which re-exports them.

Stores and indexes hold state, so they have the few methods the engine's write and read
paths need (they are the exceptions to "one abstract method per component"). Optional fast
paths have default implementations a store may override.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel

from .accesses import tally, with_accesses
from .component_base import Component
from .models import Access, Candidate, Edge, EmbeddingSignature, Event, Memory, Query

if TYPE_CHECKING:
    import numpy as np


class GraveEntry(BaseModel):
    """An archived memory: kept whole, with why and when it was archived."""

    memory: Memory
    archived_at: datetime
    reason: str
    score: float | None = None


def shares_memories(records: Any) -> bool:
    """Whether a record store offers ``shared_memories`` (see :meth:`RecordStore.get_memories`)."""
    return callable(getattr(records, "shared_memories", None))


def memories_to_read(records: Any, ids: Sequence[str]) -> dict[str, Memory]:
    """The memories with these ids, to read and never change: the store's shared ones when
    it has them (built once per stored row), else its own ``get_memories``."""
    if shares_memories(records):
        found: dict[str, Memory] = records.shared_memories(ids)
        return found
    got: dict[str, Memory] = records.get_memories(ids)
    return got


def json_field(name: str) -> str:
    """``name`` if it can name a top-level field in a JSON path (letters, digits, ``_``);
    else ValueError (a store puts it in a query)."""
    if not name or not (name[0].isalpha() or name[0] == "_") or \
            not all(c.isalnum() or c == "_" for c in name) or not name.isascii():
        raise ValueError(f"{name[:40]!r} is not a field name (letters, digits and _)")
    return name


class RecordStore(Component):
    """The source of truth: memories, edges, accesses, events, graveyard, embeddings, metadata.

    Every write of the engine happens inside :meth:`transaction`; a store that cannot roll
    back must at least never expose half a transaction after a crash.

    The contract comes in parts, one per job (the sections below): memories
    (``put/get/delete/iter_memories``, ``count_memories``, ``find_by_hash(es)`` and the fast
    paths ``memory_versions``, ``ids_not_embedded_with``, ``memory_counts``), edges
    (``put/delete_edges``, ``edges_of``, ``iter_edges``, ``count_edges``), accesses
    (``add/record_accesses``, ``access_times``), the event log (``append_event(s)``,
    ``last_event``, ``iter_events``), the graveyard (``add_grave``, ``graves``,
    ``remove_grave``), embeddings (``put/get_embeddings``, ``embedding_signatures``) and
    metadata (``set/get_meta(s)``, ``meta_items(_where)``, ``meta_version``,
    ``meta_changes``). A store with much to do per job can be a facade over one class per
    part, each member delegated in one line (:mod:`cognimem.delegation`), as the ``duckdb``
    and ``postgres`` stores are.
    """

    kind = "records"
    #: Whether data survives the process (False for the in-memory store).
    persistent: ClassVar[bool] = False

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A write transaction: everything inside commits together or not at all."""
        yield

    # memories
    @abstractmethod
    def put_memories(self, memories: Sequence[Memory]) -> None:
        """Insert or replace memories by id."""

    @abstractmethod
    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist, keyed by id, the caller's own to change.

        A store may also offer ``shared_memories(ids)``, the same but read only (objects it
        may hand to every caller, built once per stored row): the engine's search then
        loads its candidates with it and hands its hits on as ``Memory.private_copy()``."""

    @abstractmethod
    def delete_memories(self, ids: Sequence[str]) -> None:
        """Remove memories, their edges, accesses and embeddings."""

    @abstractmethod
    def iter_memories(self) -> Iterator[Memory]:
        """Every memory, archived ones included, in id order."""

    @abstractmethod
    def count_memories(self) -> int:
        """How many memories there are (archived included)."""

    @abstractmethod
    def find_by_hash(self, content_hash: str) -> list[Memory]:
        """Memories whose content hash equals ``content_hash``."""

    def find_by_hashes(self, hashes: Iterable[str]) -> dict[str, list[Memory]]:
        """:meth:`find_by_hash` for many hashes at once (each hash maps to its memories,
        possibly none). The engine asks once per write batch; a store on a server should
        answer in one query rather than one round trip per hash."""
        return {h: self.find_by_hash(h) for h in dict.fromkeys(hashes)}

    # fast paths over memories: defaults read every memory; a store with a query language
    # should override them (opening a 100k-memory store must not decode every memory).
    def memory_versions(self) -> dict[str, int]:
        """Every memory's id and version (archived included), for reconciling the indexes."""
        return {m.id: m.version for m in self.iter_memories()}

    def ids_not_embedded_with(self, signature: EmbeddingSignature) -> list[str]:
        """Ids of the memories whose embedding signature is not ``signature`` (never-embedded
        ones included), in id order."""
        return sorted(m.id for m in self.iter_memories() if m.embedding != signature)

    def memory_counts(self) -> dict[str, Any]:
        """``{"memories", "archived", "superseded", "layers": {layer: n}}`` over every
        stored memory (for ``status``; a store with a query language counts in one query)."""
        counts: dict[str, Any] = {"memories": 0, "archived": 0, "superseded": 0, "layers": {}}
        for m in self.iter_memories():
            counts["memories"] += 1
            counts["archived"] += m.archived
            counts["superseded"] += m.superseded_by is not None
            counts["layers"][m.layer] = counts["layers"].get(m.layer, 0) + 1
        return counts

    def count_edges(self) -> int:
        """How many edges are stored."""
        return sum(1 for _ in self.iter_edges())

    def embedding_signatures(self) -> dict[tuple[str, int], int]:
        """How many embedded memories each (model, dim) signature has."""
        counts: dict[tuple[str, int], int] = {}
        for memory in self.iter_memories():
            if memory.embedding is not None:
                key = (memory.embedding.model, memory.embedding.dim)
                counts[key] = counts.get(key, 0) + 1
        return counts

    # edges
    @abstractmethod
    def put_edges(self, edges: Sequence[Edge]) -> None:
        """Insert or replace edges by (source, target, type)."""

    @abstractmethod
    def delete_edges(self, keys: Sequence[tuple[str, str, str]]) -> None:
        """Remove the edges with these (source, target, type) keys."""

    @abstractmethod
    def edges_of(self, node: str, direction: Literal["out", "in", "both"] = "both") -> list[Edge]:
        """The edges leaving, entering or touching ``node``."""

    @abstractmethod
    def iter_edges(self) -> Iterator[Edge]:
        """Every edge."""

    # accesses
    @abstractmethod
    def add_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals to the access history."""

    @abstractmethod
    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]:
        """The retrieval times of each memory, oldest first (absent ids map to [])."""

    def record_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals and bump each memory's ``access_count`` and ``last_accessed_at``.

        The engine calls this once per search, with one access per returned hit, so it is
        on every search's path. This default rewrites the touched memories with
        :meth:`put_memories`; a store that can update the two fields in place should
        override it (the DuckDB store does, at half the cost).
        """
        if not accesses:
            return
        bumps = tally(accesses)
        found = self.get_memories(bumps)
        with self.transaction():
            self.add_accesses(accesses)
            self.put_memories([with_accesses(m, *bumps[i]) for i, m in found.items()])

    # event log
    @abstractmethod
    def append_event(self, event: Event) -> None:
        """Append one event to the log."""

    def append_events(self, events: Sequence[Event]) -> None:
        """Append events in order (an import appends thousands at once).

        This default calls :meth:`append_event` for each; a store that can write many rows
        in one statement should override it (the DuckDB store does).
        """
        for event in events:
            self.append_event(event)

    @abstractmethod
    def last_event(self) -> Event | None:
        """The newest event, or None for an empty log."""

    @abstractmethod
    def iter_events(self, after_seq: int = 0) -> Iterator[Event]:
        """Events with ``seq > after_seq``, oldest first."""

    # graveyard
    @abstractmethod
    def add_grave(self, entry: GraveEntry) -> None:
        """Record an archived memory."""

    @abstractmethod
    def graves(self) -> list[GraveEntry]:
        """Every graveyard entry, newest first."""

    @abstractmethod
    def remove_grave(self, memory_id: str) -> None:
        """Forget the graveyard entry of ``memory_id`` (on restore or delete)."""

    # embeddings (kept here so indexes can be rebuilt without re-embedding)
    @abstractmethod
    def put_embeddings(self, vectors: dict[str, np.ndarray], signature: EmbeddingSignature) -> None:
        """Store each memory's embedding with the signature it was made with."""

    @abstractmethod
    def get_embeddings(self, ids: Iterable[str]) -> dict[str, np.ndarray]:
        """The stored embeddings of these ids (missing ones are absent)."""

    # plugin metadata: small JSON values keyed by (namespace, key)
    @abstractmethod
    def set_meta(self, namespace: str, key: str, value: Any) -> None:
        """Store a JSON-serialisable value; ``None`` deletes it."""

    def set_metas(self, namespace: str, values: Mapping[str, Any]) -> None:
        """:meth:`set_meta` for many keys of one namespace at once (a write batch logs its
        conflicts this way); a store with a query language should write them in one
        statement. ``None`` values delete their key."""
        for key, value in values.items():
            self.set_meta(namespace, key, value)

    @abstractmethod
    def get_meta(self, namespace: str, key: str, default: Any = None) -> Any:
        """Read a value stored by :meth:`set_meta`."""

    @abstractmethod
    def meta_items(self, namespace: str) -> dict[str, Any]:
        """Every key and value of a namespace."""

    def meta_version(self, namespace: str) -> int | None:
        """A number that changes whenever a commit changes the namespace's entries, or None
        when the store cannot tell (another process may write them). Read it before the
        entries: what was derived from them stays good while the number is the same. This
        default: None."""
        return None

    def get_metas(self, namespace: str, keys: Collection[str]) -> dict[str, Any]:
        """The values stored under these keys of a namespace (missing keys left out). This
        default reads them one by one; a store with a query language reads them at once."""
        out = {}
        for key in keys:
            value = self.get_meta(namespace, key)
            if value is not None:
                out[key] = value
        return out

    def meta_changes(self, namespace: str, since: int) -> tuple[int, dict[str, Any] | None]:
        """The namespace's :meth:`meta_version` and the entries committed after version
        ``since``, each key with its value now (None: deleted); None instead of the entries
        when the store cannot tell (read the namespace again). This default: never tells."""
        return self.meta_version(namespace) or 0, None

    def meta_items_where(self, namespace: str, fields: Sequence[str],
                         values: Collection[str]) -> dict[str, Any]:
        """The entries of a namespace whose value (an object) holds one of ``values`` under
        one of the top-level ``fields``, such as the conflicts naming one of a search's
        hits. This default filters :meth:`meta_items`; a store with a query language
        overrides it so that the entries are filtered where they are stored."""
        names = [json_field(name) for name in fields]
        wanted = set(values)
        return {k: v for k, v in self.meta_items(namespace).items()
                if isinstance(v, dict) and any(v.get(n) in wanted for n in names)}

    def compact(self) -> None:
        """Rewrite the store so that deleted data leaves no trace in its files (called after
        a permanent delete); outside any transaction."""

    def publish_owner(self, address: str) -> None:
        """Publish where this process serves the store (``unix:///run/.../daemon.sock``), for
        a store that keeps an ownership record others read ("store in use" errors then say
        where it is served). Called by the owner daemon once it listens; never a secret.
        This default keeps no record and does nothing."""


class DerivedIndex(Component):
    """What the lexical and vector indexes share: entries derived from the record store,
    by id and version, that reconciliation compares with the records and repairs."""

    @abstractmethod
    def delete(self, ids: Sequence[str]) -> None:
        """Remove memories from the index (unknown ids are ignored)."""

    @abstractmethod
    def versions(self) -> dict[str, int]:
        """The memory version each indexed id was indexed at (for reconciliation)."""

    def clear(self) -> None:
        """Drop everything (before a rebuild)."""
        self.delete(list(self.versions()))

    def compact(self) -> None:
        """Drop deleted entries from the index's files for good (after a permanent delete)."""

    def settle(self) -> None:
        """Wait for work the index goes on with after a write returned (an insert on a
        thread of its own) and raise its failure: the engine then re-derives what it left
        out from the records before the next search. This default has none."""

    def fingerprint(self) -> str | None:
        """A short text that changes whenever the index's content changes (a commit
        counter, a manifest's digest), read without scanning the index; None when the index
        cannot tell (the default). With it, opening a store whose record store and indexes
        are as they were at the last clean close skips the full comparison (see
        :meth:`cognimem.engine.Engine.check`, which always compares)."""
        return None


class LexicalIndex(DerivedIndex):
    """A full-text index over memories, derived from the record store."""

    kind = "lexical"

    @abstractmethod
    def upsert(self, memories: Sequence[Memory]) -> None:
        """Index or re-index memories (by id); visible to search when this returns."""

    @abstractmethod
    def search(self, query: Query, k: int) -> list[Candidate]:
        """The best ``k`` memories for ``query.text``, filtered by the query's scope, best first."""


class VectorIndex(DerivedIndex):
    """A nearest-neighbour index over memory embeddings, derived from the record store."""

    kind = "vectors"

    @abstractmethod
    def upsert(self, memories: Sequence[Memory], vectors: np.ndarray) -> None:
        """Index memories with their embeddings (row i belongs to memories[i])."""

    @abstractmethod
    def search(self, vector: np.ndarray, query: Query, k: int) -> list[Candidate]:
        """The ``k`` nearest memories by cosine similarity, filtered by the query's scope."""

    def search_many(self, vectors: np.ndarray, query: Query, k: int) -> list[list[Candidate]]:
        """:meth:`search` for each row of ``vectors`` with one query's filters, in row order.
        An index that can answer several vectors in one pass overrides this (a write batch's
        near-duplicate check asks one vector per new memory)."""
        return [self.search(vector, query, k) for vector in vectors]

    def optimize(self) -> None:
        """Compact or re-index (called by maintenance)."""
