"""What every part of the engine shares: its attributes, the record-store transaction with
its hash-chained events, embedding, index upkeep, and reading memories back."""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import pluggy

from ..accesses import HeldAccesses
from ..clock import Clock
from ..components import (
    Calibrator,
    Consolidator,
    DecayPolicy,
    Embedder,
    Extractor,
    Fuser,
    Guard,
    LexicalIndex,
    Ranker,
    RecordStore,
    Retriever,
    VectorIndex,
)
from ..context import Context
from ..errors import CognimemError, NotFound
from ..events import next_event
from ..models import Edge, Event, Memory, embedding_text
from ..plugins import PluginHost
from ..profile import Profile

if TYPE_CHECKING:
    from .authority import Authority
    from .conflicts import Conflicts
    from .consolidation import Consolidation
    from .facade import Engine
    from .guarded import Verdicts
    from .intake import Intake
    from .integrity import Integrity
    from .jobs import Jobs
    from .maintenance import Maintenance
    from .read import Reader
    from .relations import Relations
    from .sync import Sync
    from .versions import Versions
    from .write import Writer
from ..session import current as current_session
from .types import PreparedText, PreparedWrite
from .unit import UnitOfWork

log = logging.getLogger("cognimem")


class Kernel:
    """The engine's state and the plumbing its parts share: the components, the unit of
    work (transaction, events, what runs after the commit), embedding, index upkeep, the
    session's agent and the text guard. Each part of the engine holds it as ``k``."""

    profile: Profile
    host: PluginHost
    clock: Clock
    hook: pluggy.HookRelay
    ctx: Context
    records: RecordStore
    lexical: LexicalIndex | None
    vectors: VectorIndex | None
    embedder: Embedder | None
    extractors: list[Extractor]
    retrievers: list[Retriever]
    retriever_labels: list[str]
    fuser: Fuser
    rankers: list[Ranker]
    calibrator: Calibrator | None
    decay: list[DecayPolicy]
    guards: list[Guard]
    consolidator: Consolidator | None
    closed: bool
    closing: bool
    dirty: bool
    purge_pending: bool
    held: HeldAccesses
    pool: ThreadPoolExecutor | None
    uow: UnitOfWork
    #: Set by an owner that runs searches beside writes (the store daemon): a search then
    #: never writes (held accesses wait for the next write or the owner's timer, whatever
    #: ``search.access_batch`` says) and several searches share the retriever pool.
    concurrent_reads: bool = False
    hook_options: dict[str, Any]
    conflict_index: tuple[int, Any] | None
    conflict_index_lock: threading.Lock
    # the engine's parts (attach_parts), each holding this kernel as ``k``
    writer: Writer
    versions: Versions
    verdicts: Verdicts
    authority: Authority
    conflicts: Conflicts
    relations: Relations
    reader: Reader
    integrity: Integrity
    maintenance: Maintenance
    consolidation: Consolidation
    intake: Intake
    sync: Sync
    jobs: Jobs

    def __init__(self, engine: Engine, profile: Profile, host: PluginHost, clock: Clock) -> None:
        self.engine = engine  # what hooks and plugins are handed
        self.profile = profile
        self.host = host
        self.clock = clock
        self.hook = host.pm.hook
        self.closed = False
        self.closing = False
        self.dirty = False
        #: an update removed text that the store's files still hold (see Integrity.purge)
        self.purge_pending = False
        self.held = HeldAccesses()  # accesses of recent searches (see flush_accesses)
        self.conflict_index = None  # (log version, open conflicts)
        self.conflict_index_lock = threading.Lock()
        self.pool = None  # runs retrievers concurrently

    def attach_parts(self) -> None:
        """Build the engine's parts over this kernel (once its components are built)."""
        from .authority import Authority
        from .conflicts import Conflicts
        from .consolidation import Consolidation
        from .guarded import Verdicts
        from .intake import Intake
        from .integrity import Integrity
        from .jobs import Jobs
        from .maintenance import Maintenance
        from .read import Reader
        from .relations import Relations
        from .sync import Sync
        from .versions import Versions
        from .write import Writer

        self.writer, self.versions, self.verdicts = Writer(self), Versions(self), Verdicts(self)
        self.authority, self.conflicts = Authority(self), Conflicts(self)
        self.relations, self.reader, self.integrity = Relations(self), Reader(self), Integrity(self)
        self.maintenance, self.consolidation = Maintenance(self), Consolidation(self)
        self.intake, self.sync = Intake(self), Sync(self)
        self.jobs = Jobs(self)

    def check_open(self, *, flush: bool = True) -> None:
        """Refuse a closed engine; write held accesses first, so every call but ``search``
        sees them (``search`` writes them when they concern one of its candidates)."""
        if self.closed:
            raise CognimemError("this engine is closed; build a new one with Engine.from_profile")
        if flush and self.held:
            self.flush_accesses()

    @property
    def held_accesses(self) -> int:
        """How many accesses of recent searches wait to be written."""
        return len(self.held)

    def flush_accesses(self, *, older_than: float | None = None) -> int:
        """Write the held accesses of recent searches in one transaction; how many.

        A search records an access per returned hit (``search.record_access``), a write on
        every search's path, so they are held and written together once
        ``search.access_batch`` are waiting, before any other engine call but ``add``,
        before a search whose candidates a ranker reads the history of
        (:attr:`Ranker.reads_access_history`; the others see them counted in the memories'
        ``access_count`` and
        ``last_accessed_at``), at close, and by the store's daemon within two seconds.
        A hard kill can lose the held ones: retrieval history, never a memory or anything
        else a call acknowledged.

        :param older_than: only if the oldest held access is at least this many seconds old.
        """
        if not self.held or (older_than is not None and self.held.age() < older_than):
            return 0
        batch = self.held.batch()  # searches beside this may add more: they stay held
        with self.records.transaction():
            self.records.record_accesses(batch)
        self.held.written(len(batch))
        for hits, query in self.held.deferred():  # searches' hooks (see concurrent_reads)
            self.hook.cognimem_memories_accessed(hits=hits, query=query, engine=self.engine)
        return len(batch)

    # helpers -----------------------------------------------------------------------------------

    def now(self) -> datetime:
        """The engine clock's time."""
        return self.clock.now()

    @contextmanager
    def transaction(self) -> Iterator[list[Event]]:
        """The operation's unit of work: one record-store transaction, joined by the
        operations made inside it, which commit once; index upkeep and notifications run
        after the commit. Yields the unit's events (the hash chain :meth:`log` extends)."""
        with self.uow.begin() as unit:
            yield unit.events

    def clean_text(self, text: str, where: str) -> str:
        """``text`` through the ``cognimem_text_prepare`` hooks (the guard redacts
        credentials): for every free text a write stores besides a memory's content, and
        for everything the product writes out (summaries, receipts, exports)."""
        prepared = PreparedText(text, where)
        self.hook.cognimem_text_prepare(text=prepared, engine=self.engine)
        return prepared.text

    def screen_embedded(self, writes: Sequence[PreparedWrite],
                        vectors: np.ndarray | None) -> None:
        """The guard step with the vectors: each write's ``vector`` set (row ``i`` of
        ``vectors``), then the ``cognimem_memory_embedded`` hooks (the semantic injection
        judge) flag or refuse them, before the transaction."""
        for i, write in enumerate(writes):
            write.vector = None if vectors is None else vectors[i]
        self.hook.cognimem_memory_embedded(writes=list(writes), engine=self.engine)

    def agent(self, agent: str | None) -> str | None:
        """Who makes this call: ``agent``, else the session's (see :mod:`cognimem.session`)."""
        return agent if agent is not None else current_session().agent

    def derive(self, before: Memory | None, after: Memory | None) -> None:
        """Inside the operation's transaction: let plugins write what follows from one
        memory's change (``cognimem_memory_derive``); their writes join the transaction."""
        self.hook.cognimem_memory_derive(before=before, after=after, engine=self.engine)

    def on_rollback(self, action: Callable[[], None]) -> None:
        """Run ``action`` if the open operation rolls back (a plugin's in-process derived
        state, made inside the transaction, is then dropped); nothing when none is open."""
        unit = self.uow.current
        if unit is not None:
            unit.on_rollback(action)

    def put_meta(self, namespace: str, entries: Mapping[str, Any], *,
                 event: bool = True) -> None:
        """Store plugin state in the record store's metadata (``None`` deletes an entry), in
        the open operation's transaction or its own. With ``event`` each entry is logged
        (op ``meta``: namespace and key, never the value); derived state that is recomputed
        from the records (a graph's communities) passes ``event=False``."""
        self.check_open()
        with self.transaction() as pending:
            self.records.set_metas(namespace, dict(entries))
            if event:
                for key in entries:
                    self.log(pending, "meta", key, {"namespace": namespace})

    def touch_edges(self, edges: Sequence[Edge]) -> None:
        """Write bookkeeping of existing edges (use counts, last use), like the access
        history: no event, in the open operation's transaction or its own."""
        if edges:
            with self.transaction():
                self.records.put_edges(list(edges))

    def notify(self, hook: str, **kwargs: Any) -> None:
        """Call lifecycle hook ``hook`` once the operation has committed."""
        caller = getattr(self.hook, hook)
        self.uow.after(lambda: caller(**kwargs, engine=self.engine))

    def log(self, pending: list[Event], op: str, target: str | None, payload: dict[str, Any],
             agent: str | None = None) -> Event:
        last = pending[-1] if pending else self.records.last_event()
        event = next_event(last, self.clock.now(), op, target, self.agent(agent), payload)
        self.records.append_event(event)
        pending.append(event)
        return event

    def log_edges(self, pending: list[Event], put: Sequence[Edge],
                     delete: Sequence[tuple[str, str, str]], agent: str | None) -> list[Edge]:
        """Inside a transaction: delete and put edges, an ``unrelate`` or ``relate`` event
        each; edges without a creation time get the clock's. Returns the edges put."""
        if delete:
            self.records.delete_edges(list(delete))
            for source, target, kind in delete:
                self.log(pending, "unrelate", source, {"target": target, "type": kind}, agent)
        if not put:
            return []
        now = self.clock.now()
        edges = [e if e.created_at else e.model_copy(update={"created_at": now}) for e in put]
        self.records.put_edges(edges)
        for e in edges:
            self.log(pending, "relate", e.source,
                      {"target": e.target, "type": e.type, "weight": e.weight}, agent)
        return edges

    def new_id(self, pending: list[Event], salt: str) -> str:
        last = pending[-1] if pending else self.records.last_event()
        seq = (last.seq if last else 0) + 1
        digest = hashlib.sha256(f"{self.profile.seed}:{seq}:{salt}".encode()).hexdigest()
        return "m" + digest[:15]

    def embed(self, memories: Sequence[Memory]) -> np.ndarray | None:
        if self.embedder is None or not memories:
            return None
        vectors = np.asarray(self.embedder.embed_batch([embedding_text(m) for m in memories]),
                             dtype=np.float32)
        expected = (len(memories), self.embedder.dimension)
        if vectors.shape != expected:
            raise CognimemError(
                f"embedder {self.embedder.name!r} returned shape {vectors.shape}, expected "
                f"{expected}: its `dimension` does not match its model"
            )
        return vectors

    def index(self, memories: Sequence[Memory], vectors: np.ndarray | None) -> None:
        """Bring the derived indexes up to date once the operation commits (the changes of
        a whole operation in one batch per index); a failure leaves them to
        reconciliation. ``vectors`` None: only the lexical index changes."""
        unit = self.uow.current
        if unit is None:
            self._index_now(memories, vectors)
            return
        first = not unit.indexed
        for i, memory in enumerate(memories):
            vector = None if vectors is None else vectors[i]
            earlier = unit.indexed.get(memory.id)
            if vector is None and earlier is not None:  # an earlier change's vector stands
                vector = earlier[1]
            unit.indexed[memory.id] = (memory, vector)
        if first:
            unit.upkeep(lambda: self._apply_index(unit.indexed))

    def _apply_index(self, changes: Mapping[str, tuple[Memory, np.ndarray | None] | None],
                     ) -> None:
        gone = [i for i, change in changes.items() if change is None]
        put = [change for change in changes.values() if change is not None]
        if gone:
            self._unindex_now(gone)
        if not put:
            return
        embedded = [(m, v) for m, v in put if v is not None]
        try:
            if self.lexical is not None:
                self.lexical.upsert([m for m, _v in put])
            if self.vectors is not None and embedded:
                self.vectors.upsert([m for m, _v in embedded],
                                    np.stack([v for _m, v in embedded]))
        except Exception:
            self.dirty = True
            log.exception("index update failed; the records are safe, indexes will be repaired")

    def _index_now(self, memories: Sequence[Memory], vectors: np.ndarray | None) -> None:
        try:
            if self.lexical is not None:
                self.lexical.upsert(memories)
            if self.vectors is not None and vectors is not None:
                self.vectors.upsert(memories, vectors)
        except Exception:
            self.dirty = True
            log.exception("index update failed; the records are safe, indexes will be repaired")

    def settle_indexes(self) -> None:
        """Let the indexes finish what they do after a write returned; a failure there
        leaves them to reconciliation, as a failed update does."""
        for index in (self.lexical, self.vectors):
            if index is None:
                continue
            try:
                index.settle()
            except Exception:
                self.dirty = True
                log.exception("a background index update failed; the records are safe, "
                              "indexes will be repaired")

    def unindex(self, ids: Sequence[str]) -> None:
        """Take memories out of the derived indexes once the operation commits."""
        unit = self.uow.current
        if unit is None:
            self._unindex_now(ids)
            return
        first = not unit.indexed
        for memory_id in ids:
            unit.indexed[memory_id] = None
        if first:
            unit.upkeep(lambda: self._apply_index(unit.indexed))

    def _unindex_now(self, ids: Sequence[str]) -> None:
        try:
            if self.lexical is not None:
                self.lexical.delete(ids)
            if self.vectors is not None:
                self.vectors.delete(ids)
        except Exception:
            self.dirty = True
            log.exception("index delete failed; indexes will be repaired")

    # write path --------------------------------------------------------------------------------
    def get(self, memory_id: str) -> Memory:
        """The memory with this id.

        :raises NotFound: no memory has this id.
        """
        self.check_open()
        found = self.records.get_memories([memory_id])
        if memory_id not in found:
            raise NotFound(f"no memory has id {memory_id!r}")
        return found[memory_id]

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist."""
        self.check_open()
        return self.records.get_memories(list(ids))

    def stored_vectors(self, memories: Sequence[Memory]) -> np.ndarray | None:
        stored = self.records.get_embeddings([m.id for m in memories])
        if len(stored) != len(memories):
            return self.embed(memories)
        return np.stack([stored[m.id] for m in memories])

