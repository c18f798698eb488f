"""The engine: builds the pipeline a profile describes and drives the write and read paths.

Write path: prepare hooks -> dedup -> extractors -> embedding -> record-store transaction
(memories, edges, embeddings, events) -> lexical index -> vector index -> ``memory_added``.
Read path: retrievers -> fuser -> filters -> rankers -> deterministic sort -> top k ->
accesses recorded -> ``memories_accessed`` -> ``search_finished``.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import numpy as np
from pydantic import BaseModel, ValidationError

from .accesses import HeldAccesses, with_accesses
from .clock import Clock, SystemClock
from .components import (
    Component,
    DecayAction,
    DecayPolicy,
    Embedder,
    Extractor,
    Fuser,
    GraveEntry,
    LexicalIndex,
    Ranker,
    RecordStore,
    Retriever,
    VectorIndex,
)
from .context import Context, SearchContext
from .errors import CognimemError, InvalidInput, NotFound, ProfileError, Rejected
from .events import next_event, verify_chain
from .models import (
    UPDATABLE_FIELDS,
    Candidate,
    Edge,
    Event,
    Hit,
    Memory,
    MemoryDraft,
    Query,
    SearchResult,
    StageScore,
    content_hash,
)
from .plugins import PluginHost
from .profile import ComponentSpec, Profile, load_profile, merge_tables

if TYPE_CHECKING:
    from .portable import ImportReport
    from .reindex import ReindexReport

log = logging.getLogger("cognimem")

DraftLike = MemoryDraft | Mapping[str, Any] | str


class PreparedWrite:
    """A write on its way through the ``cognimem_memory_prepare`` hooks."""

    def __init__(self, draft: MemoryDraft, *, updating: str | None = None) -> None:
        self.draft = draft
        self.updating = updating
        self.flags: list[str] = []

    def flag(self, text: str) -> None:
        """Attach a warning that the caller will see (e.g. "redacted an API key")."""
        self.flags.append(text)

    def reject(self, reason: str) -> NoReturn:
        """Refuse the write; nothing is written."""
        raise Rejected(reason)


@dataclass
class Written:
    """The outcome of one add or update: the memory, whether it is new, and notes."""

    memory: Memory
    created: bool = True
    notes: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The memory's id."""
        return self.memory.id


@dataclass
class MaintenanceReport:
    """What a maintenance pass did (or, for a dry run, would do)."""

    at: datetime
    dry_run: bool
    actions: list[DecayAction] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """How many actions of each kind."""
        out: dict[str, int] = {}
        for action in self.actions:
            out[action.action] = out.get(action.action, 0) + 1
        return out


class IndexReport(BaseModel):
    """One index compared with the record store."""

    index: str
    missing: list[str] = []
    stale: list[str] = []
    orphaned: list[str] = []

    @property
    def ok(self) -> bool:
        """True when the index agrees with the records."""
        return not (self.missing or self.stale or self.orphaned)


class CheckReport(BaseModel):
    """The engine's integrity check: indexes against records, and the event chain."""

    memories: int
    indexes: list[IndexReport]
    event_problems: list[str] = []
    repaired: bool = False
    #: Memories whose stored embedding was made by another model than the profile's
    #: embedder: kept out of the vector index until ``cognimem reindex`` re-embeds them.
    stale_embeddings: list[str] = []

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return (all(i.ok for i in self.indexes) and not self.event_problems
                and not self.stale_embeddings)


class Engine:
    """One memory store and the pipeline that serves it, as a profile describes.

    Build it with :meth:`from_profile`; close it with :meth:`close` (or use it as a context
    manager). The engine owns its plugin manager, its components and its clock.
    """

    def __init__(self, profile: Profile, host: PluginHost, clock: Clock) -> None:
        self.profile = profile
        self.host = host
        self.clock = clock
        self.hook = host.pm.hook
        self._closed = False
        self._closing = False
        self._dirty = False
        self._held = HeldAccesses()  # accesses of recent searches (see flush_accesses)
        self._pool: ThreadPoolExecutor | None = None  # runs retrievers concurrently
        self.records: RecordStore = self._build("records", profile.records, "records")  # type: ignore[assignment]
        self.lexical: LexicalIndex | None = (
            self._build("lexical", profile.lexical, "lexical") if profile.lexical else None  # type: ignore[assignment]
        )
        self.vectors: VectorIndex | None = (
            self._build("vectors", profile.vectors, "vectors") if profile.vectors else None  # type: ignore[assignment]
        )
        self.embedder: Embedder | None = (
            self._build("embedder", profile.embedder, "embedder") if profile.embedder else None  # type: ignore[assignment]
        )
        if self.vectors is not None and self.embedder is None:
            raise ProfileError("profile key `vectors`: a vector index needs an [embedder] table")
        self.extractors: list[Extractor] = [
            self._build("extractor", s, f"extract[{i}]") for i, s in enumerate(profile.extract)  # type: ignore[misc]
        ]
        self.retrievers: list[Retriever] = [
            self._build("retriever", s, f"retrieve[{i}]") for i, s in enumerate(profile.retrieve)  # type: ignore[misc]
        ]
        if not self.retrievers:
            raise ProfileError("profile key `retrieve`: list at least one [[retrieve]] table")
        self.retriever_labels = _labels(r.name for r in self.retrievers)
        self.fuser: Fuser = self._build("fuser", profile.fuse, "fuse")  # type: ignore[assignment]
        self.rankers: list[Ranker] = [
            self._build("ranker", s, f"rank[{i}]") for i, s in enumerate(profile.rank)  # type: ignore[misc]
        ]
        self.decay: list[DecayPolicy] = [
            self._build("decay", s, f"decay[{i}]") for i, s in enumerate(profile.decay)  # type: ignore[misc]
        ]
        self.ctx = Context(
            path=profile.store_path(), clock=clock, seed=profile.seed, records=self.records,
            lexical=self.lexical, vectors=self.vectors, embedder=self.embedder, hook=self.hook,
            engine=self,
        )
        opened: list[Component] = []
        try:
            for component in self.components():
                component.open(self.ctx)
                opened.append(component)
            opened_report = self._reconcile(repair=True)
            if opened_report.stale_embeddings and self.embedder is not None:
                log.warning(
                    "%d memories were embedded with another model than the embedder %s: they "
                    "are left out of vector search until you run `cognimem reindex`",
                    len(opened_report.stale_embeddings), self.embedder.model_id)
            self.hook.cognimem_engine_opened(engine=self)
        except BaseException:
            for component in reversed(opened):
                _close_quietly(component)
            raise

    # construction ----------------------------------------------------------------------------

    @classmethod
    def from_profile(
        cls,
        profile: Profile | str | Path | None = None,
        *,
        path: str | Path | None = None,
        clock: Clock | None = None,
        plugins: Iterable[object] = (),
        overrides: Mapping[str, Any] | None = None,
    ) -> Engine:
        """Build an engine from a profile (an object, a file, or a built-in profile's name).

        :param profile: a :class:`Profile`, a TOML path or a built-in name; None = ``default``.
        :param path: the store directory, overriding the profile's ``path``.
        :param clock: the clock (default: the wall clock); pass a ManualClock to move time.
        :param plugins: extra plugin objects to register (tests, notebooks).
        :param overrides: highest-priority profile values as nested dicts.
        :raises ProfileError: unknown components or bad options, naming the profile key.
        :raises PluginError: a plugin failed to load or misspelt a hook.
        """
        if not isinstance(profile, Profile):
            refs = [] if profile is None else [profile]
            profile = load_profile(*refs, overrides=overrides)
        elif overrides:
            # Validate (model_copy would not) and layer like load_profile does.
            try:
                profile = Profile.model_validate(merge_tables(profile.model_dump(), overrides))
            except ValidationError as exc:
                raise ProfileError(_validation_message(exc, "profile")) from None
        if path is not None:
            profile = profile.model_copy(update={"path": str(path)})
        settings = profile.plugins
        host = PluginHost(
            allow=settings.allow, deny=settings.deny, modules=settings.modules,
            files=settings.files, plugins=plugins, entrypoints=settings.entrypoints,
        )
        return cls(profile, host, clock or SystemClock())

    def _build(self, kind: str, spec: ComponentSpec, key: str) -> Component:
        registration = self.host.get(kind, spec.use)
        if registration is None:
            choices = ", ".join(sorted(self.host.components(kind))) or "(none installed)"
            raise ProfileError(
                f"profile key `{key}.use` = {spec.use!r} is not a known {kind}; "
                f"choose one of: {choices}"
            )
        component_cls = registration.obj
        try:
            options = component_cls.Options(**spec.options)
        except ValidationError as exc:
            problems = "; ".join(
                f"`{key}.{'.'.join(str(p) for p in e['loc'])}`: {e['msg']}"
                + ("" if isinstance(e.get("input"), dict) else f" (got {e.get('input')!r})")
                for e in exc.errors()
            )
            valid = ", ".join(component_cls.Options.model_fields) or "none"
            raise ProfileError(
                f"profile key `{key}` ({kind} {spec.use!r}): {problems}. Valid options: {valid}"
            ) from None
        component: Component = component_cls(options)
        return component

    def components(self) -> list[Component]:
        """Every component, stores first, in the order they are opened."""
        out: list[Component] = [self.records]
        for optional in (self.lexical, self.vectors, self.embedder):
            if optional is not None:
                out.append(optional)
        out += [*self.extractors, *self.retrievers, self.fuser, *self.rankers, *self.decay]
        return out

    # lifecycle ---------------------------------------------------------------------------------

    def close(self) -> None:
        """Close every component (idempotent)."""
        if self._closed or self._closing:
            return
        self._closing = True  # the engine stays usable inside engine_closing hooks
        try:
            try:
                self.flush_accesses()
            except CognimemError as exc:  # closing must still release the store
                log.error("the accesses of the last %d search hits were not written: %s",
                          len(self._held), exc)
            self.hook.cognimem_engine_closing(engine=self)
        finally:
            self._closed = True
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None
            for component in reversed(self.components()):
                _close_quietly(component)

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_open(self, *, flush: bool = True) -> None:
        """Refuse a closed engine; write held accesses first, so every call but ``search``
        sees them (``search`` writes them when they concern one of its candidates)."""
        if self._closed:
            raise CognimemError("this engine is closed; build a new one with Engine.from_profile")
        if flush and self._held:
            self.flush_accesses()

    @property
    def held_accesses(self) -> int:
        """How many accesses of recent searches wait to be written."""
        return len(self._held)

    def flush_accesses(self, *, older_than: float | None = None) -> int:
        """Write the held accesses of recent searches in one transaction; how many.

        A search records an access per returned hit (``search.record_access``), a write on
        every search's path, so they are held and written together once
        ``search.access_batch`` are waiting, before any other engine call, before a search
        whose candidates a ranker reads the history of (:attr:`Ranker.reads_access_history`;
        the others see them counted in the memories' ``access_count`` and
        ``last_accessed_at``), at close, and by the store's daemon within two seconds.
        A hard kill can lose the held ones: retrieval history, never a memory or anything
        else a call acknowledged.

        :param older_than: only if the oldest held access is at least this many seconds old.
        """
        held = len(self._held)
        if not held or (older_than is not None and self._held.age() < older_than):
            return 0
        with self.records.transaction():
            self.records.record_accesses(self._held.accesses)
        self._held.clear()
        return held

    # helpers -----------------------------------------------------------------------------------

    def now(self) -> datetime:
        """The engine clock's time."""
        return self.clock.now()

    @contextmanager
    def _transaction(self) -> Iterator[list[Event]]:
        """A record-store transaction that appends events to the hash chain."""
        pending: list[Event] = []
        with self.records.transaction():
            yield pending
        # events were appended inside the transaction by _log

    def _log(self, pending: list[Event], op: str, target: str | None, payload: dict[str, Any],
             agent: str | None = None) -> Event:
        last = pending[-1] if pending else self.records.last_event()
        event = next_event(last, self.clock.now(), op, target, agent, payload)
        self.records.append_event(event)
        pending.append(event)
        return event

    def _new_id(self, pending: list[Event], salt: str) -> str:
        last = pending[-1] if pending else self.records.last_event()
        seq = (last.seq if last else 0) + 1
        digest = hashlib.sha256(f"{self.profile.seed}:{seq}:{salt}".encode()).hexdigest()
        return "m" + digest[:15]

    def _coerce_draft(self, item: DraftLike, fields: Mapping[str, Any]) -> MemoryDraft:
        try:
            if isinstance(item, MemoryDraft):
                draft = item if not fields else item.model_copy(update=dict(fields))
                draft = MemoryDraft.model_validate(draft.model_dump())
            elif isinstance(item, str):
                draft = MemoryDraft(content=item, **fields)
            elif isinstance(item, Mapping):
                draft = MemoryDraft(**{**item, **fields})
            else:
                raise InvalidInput(
                    f"a memory must be text, a dict or a MemoryDraft, not {type(item).__name__}"
                )
        except ValidationError as exc:
            raise InvalidInput(_validation_message(exc, "memory")) from None
        limit = self.profile.write.max_content_chars
        if len(draft.content) > limit:
            raise InvalidInput(
                f"content is {len(draft.content):,} characters; the limit is {limit:,} "
                "(profile key `write.max_content_chars`): split it into several memories"
            )
        return draft

    def _prepare(self, draft: MemoryDraft, updating: str | None = None) -> PreparedWrite:
        write = PreparedWrite(draft, updating=updating)
        self.hook.cognimem_memory_prepare(write=write, engine=self)
        try:
            write.draft = MemoryDraft.model_validate(write.draft.model_dump())
        except ValidationError as exc:
            raise InvalidInput(_validation_message(exc, "memory (after prepare hooks)")) from None
        return write

    def _embed(self, memories: Sequence[Memory]) -> np.ndarray | None:
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

    def _index(self, memories: Sequence[Memory], vectors: np.ndarray | None) -> None:
        """Bring the derived indexes up to date; a failure leaves them to reconciliation."""
        try:
            if self.lexical is not None:
                self.lexical.upsert(memories)
            if self.vectors is not None and vectors is not None:
                self.vectors.upsert(memories, vectors)
        except Exception:
            self._dirty = True
            log.exception("index update failed; the records are safe, indexes will be repaired")

    def _unindex(self, ids: Sequence[str]) -> None:
        try:
            if self.lexical is not None:
                self.lexical.delete(ids)
            if self.vectors is not None:
                self.vectors.delete(ids)
        except Exception:
            self._dirty = True
            log.exception("index delete failed; indexes will be repaired")

    # write path --------------------------------------------------------------------------------

    def add(self, content: DraftLike, /, **fields: Any) -> Written:
        """Remember one memory: text (plus Memory fields as keywords), a dict or a draft.

        :returns: :class:`Written` with the stored memory; ``created`` is False when an
            identical memory already existed (exact dedup) and that one is returned.
        :raises InvalidInput: empty or oversized content, unknown or bad fields.
        :raises Rejected: a prepare hook refused the write.
        """
        return self.add_many([content], **fields)[0]

    def add_many(self, items: Iterable[DraftLike], /, **fields: Any) -> list[Written]:
        """Remember many memories, batched into few transactions and embedding calls.

        All items are validated (and prepared) before anything is written: one bad item
        fails the call and nothing is written.
        """
        self._check_open()
        writes = [self._prepare(self._coerce_draft(item, fields)) for item in items]
        results: list[Written] = []
        batch = self.profile.write.batch_size
        for start in range(0, len(writes), batch):
            results.extend(self._write_batch(writes[start : start + batch]))
        return results

    def _write_batch(self, writes: Sequence[PreparedWrite]) -> list[Written]:
        now = self.clock.now()
        results: list[Written | None] = [None] * len(writes)
        seen: dict[tuple[str, str], Memory] = {}
        fresh: list[tuple[int, Memory, list[str]]] = []
        for i, write in enumerate(writes):
            draft = write.draft
            digest = content_hash(draft.content)
            # dedup is per scope: the same text in two projects is two memories
            seen_key = (digest, draft.scope.model_dump_json())
            if self.profile.write.dedup == "hash":
                twin = seen.get(seen_key) or next(
                    (m for m in self.records.find_by_hash(digest)
                     if m.scope == draft.scope and not m.archived), None)
                if twin is not None:
                    results[i] = Written(twin, created=False,
                                         notes=[*write.flags, f"duplicate of {twin.id}"])
                    continue
            data = draft.model_dump()
            created = data.pop("created_at") or now
            memory = Memory(id="pending", created_at=created, updated_at=now,
                            content_hash=digest, **data)
            seen[seen_key] = memory
            fresh.append((i, memory, list(write.flags)))
        if not fresh:
            return [r for r in results if r is not None]
        with self._transaction() as pending:
            for _, memory, _notes in fresh:
                memory.id = self._new_id(pending, memory.content_hash)
                self._log(pending, "add", memory.id,
                          {"hash": memory.content_hash, "kind": memory.kind,
                           "layer": memory.layer, "version": 1})
            edges: list[Edge] = []
            for _, memory, notes in fresh:
                for extractor in self.extractors:
                    found = extractor.extract(memory, self.ctx)
                    edges.extend(found.edges)
                    notes.extend(found.messages)
                    if found.tags:
                        memory.tags = list(dict.fromkeys([*memory.tags, *found.tags]))
                    if found.meta:
                        memory.meta = {**memory.meta, **found.meta}
            memories = [m for _, m, _ in fresh]
            vectors = self._embed(memories)
            if vectors is not None and self.embedder is not None:
                for memory in memories:
                    memory.embedding = self.embedder.signature
            self.records.put_memories(memories)
            if vectors is not None and self.embedder is not None:
                self.records.put_embeddings(
                    {m.id: v for m, v in zip(memories, vectors, strict=True)},
                    self.embedder.signature,
                )
            if edges:
                for edge in edges:
                    if edge.created_at is None:
                        edge.created_at = now
                self.records.put_edges(edges)
                for edge in edges:
                    self._log(pending, "relate", edge.source,
                              {"target": edge.target, "type": edge.type, "weight": edge.weight})
        for i, memory, notes in fresh:
            results[i] = Written(memory, created=True, notes=notes)
        self._index(memories, vectors)
        for memory in memories:
            self.hook.cognimem_memory_added(memory=memory, engine=self)
        return [r for r in results if r is not None]

    def get(self, memory_id: str) -> Memory:
        """The memory with this id.

        :raises NotFound: no memory has this id.
        """
        self._check_open()
        found = self.records.get_memories([memory_id])
        if memory_id not in found:
            raise NotFound(f"no memory has id {memory_id!r}")
        return found[memory_id]

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist."""
        self._check_open()
        return self.records.get_memories(list(ids))

    def list_memories(self, *, limit: int = 50, offset: int = 0, include_archived: bool = False,
             query: Query | None = None) -> list[Memory]:
        """Memories newest first (optionally only those a query's filters admit)."""
        self._check_open()
        rows = [m for m in self.records.iter_memories()
                if (include_archived or not m.archived) and (query is None or query.admits(m))]
        rows.sort(key=lambda m: (m.created_at, m.id), reverse=True)
        return rows[offset : offset + limit]

    def update(self, memory_id: str, /, *, agent: str | None = None, **changes: Any) -> Written:
        """Change fields of a memory (see ``UPDATABLE_FIELDS``); re-embeds when the embedded
        text (title or content) changes.

        :raises NotFound: unknown id.
        :raises InvalidInput: a field that cannot be updated, or a bad value.
        """
        self._check_open()
        before = self.get(memory_id)
        unknown = sorted(set(changes) - UPDATABLE_FIELDS)
        if unknown:
            raise InvalidInput(
                f"cannot update field(s) {', '.join(unknown)}; updatable fields: "
                f"{', '.join(sorted(UPDATABLE_FIELDS))}"
            )
        if not changes:
            raise InvalidInput("update needs at least one field to change")
        data = before.model_dump(include=set(MemoryDraft.model_fields))
        data.update(changes)
        draft = self._coerce_draft(data, {})
        notes: list[str] = []
        if draft.content != before.content:
            write = self._prepare(draft, updating=memory_id)
            draft, notes = write.draft, write.flags
        after = Memory.model_validate({
            **before.model_dump(), **draft.model_dump(exclude={"created_at"}),
            "updated_at": self.clock.now(), "version": before.version + 1,
            "content_hash": content_hash(draft.content),
        })
        # the title is embedded with the content (embedding_text), so either change re-embeds
        reembed = embedding_text(after) != embedding_text(before)
        vectors = self._embed([after]) if reembed else None
        if vectors is None and self.vectors is not None:
            vectors = self._stored_vectors([after])
        with self._transaction() as pending:
            self.records.put_memories([after])
            if vectors is not None and self.embedder is not None and reembed:
                after.embedding = self.embedder.signature
                self.records.put_memories([after])
                self.records.put_embeddings({after.id: vectors[0]}, self.embedder.signature)
            self._log(pending, "update", after.id,
                      {"fields": sorted(changes), "version": after.version}, agent)
        self._index([after], vectors)
        self.hook.cognimem_memory_updated(before=before, after=after, engine=self)
        return Written(after, created=False, notes=notes)

    def _stored_vectors(self, memories: Sequence[Memory]) -> np.ndarray | None:
        stored = self.records.get_embeddings([m.id for m in memories])
        if len(stored) != len(memories):
            return self._embed(memories)
        return np.stack([stored[m.id] for m in memories])

    def supersede(self, old_id: str, content: DraftLike, /, **fields: Any) -> Written:
        """Write a memory that replaces ``old_id``; the old one stays, marked superseded.

        :raises NotFound: unknown ``old_id``.
        """
        self._check_open()
        old = self.get(old_id)
        # inherit the old memory's scope, layer, kind and tags unless the caller gave them
        given = set(fields)
        if isinstance(content, MemoryDraft):
            given |= content.model_fields_set
        elif isinstance(content, Mapping):
            given |= set(content)
        defaults = {k: v for k, v in {"scope": old.scope, "layer": old.layer, "kind": old.kind,
                                      "tags": old.tags}.items() if k not in given}
        written = self.add(content, **{**defaults, **fields, "supersedes": old_id})
        if written.id == old_id:
            raise InvalidInput(
                f"the new content is identical to memory {old_id!r}: nothing to supersede "
                "(use update to change its other fields)"
            )
        self.update_links(old_id, superseded_by=written.id)
        return written

    def update_links(self, memory_id: str, *, superseded_by: str | None) -> Memory:
        """Set a memory's ``superseded_by`` pointer (an engine-managed field)."""
        before = self.get(memory_id)
        after = before.model_copy(update={"superseded_by": superseded_by,
                                          "updated_at": self.clock.now(),
                                          "version": before.version + 1})
        with self._transaction() as pending:
            self.records.put_memories([after])
            self._log(pending, "supersede", memory_id, {"by": superseded_by})
        self._index([after], self._stored_vectors([after]) if self.vectors else None)
        self.hook.cognimem_memory_updated(before=before, after=after, engine=self)
        return after

    def delete(self, memory_id: str, /, *, agent: str | None = None) -> Memory:
        """Delete a memory, its edges, accesses and embedding.

        :returns: the memory as it was.
        :raises NotFound: unknown id.
        """
        self._check_open()
        memory = self.get(memory_id)
        with self._transaction() as pending:
            self.records.delete_memories([memory_id])
            self.records.remove_grave(memory_id)
            self._log(pending, "delete", memory_id, {"hash": memory.content_hash}, agent)
        self._unindex([memory_id])
        self.hook.cognimem_memory_deleted(memory=memory, engine=self)
        return memory

    def relate(self, source: str, target: str, type: str = "relates_to", weight: float = 1.0,
               **fields: Any) -> Edge:
        """Create or replace the edge (source, target, type) between two memories."""
        self._check_open()
        missing = [i for i in (source, target) if i not in self.records.get_memories([i])]
        if missing:
            raise NotFound(f"no memory has id {missing[0]!r}")
        try:
            edge = Edge(source=source, target=target, type=type, weight=weight,
                        created_at=self.clock.now(), **fields)
        except ValidationError as exc:
            raise InvalidInput(_validation_message(exc, "edge")) from None
        with self._transaction() as pending:
            self.records.put_edges([edge])
            self._log(pending, "relate", source, {"target": target, "type": type, "weight": weight})
        return edge

    def unrelate(self, source: str, target: str, type: str = "relates_to") -> None:
        """Remove the edge (source, target, type).

        :raises NotFound: there is no such edge.
        """
        self._check_open()
        if not any(e.key == (source, target, type) for e in self.records.edges_of(source, "out")):
            raise NotFound(f"no {type!r} edge from {source!r} to {target!r}")
        with self._transaction() as pending:
            self.records.delete_edges([(source, target, type)])
            self._log(pending, "unrelate", source, {"target": target, "type": type})

    def write_edges(self, put: Sequence[Edge] = (),
                    delete: Sequence[tuple[str, str, str]] = (), *,
                    agent: str | None = None) -> None:
        """Put and delete edges in one transaction, logging a ``relate`` or ``unrelate``
        event for each. Unlike :meth:`relate`, endpoints need not be memories: this is how
        plugins keep graph state (entity nodes, link caps, provenance) in the record store.
        """
        self._check_open()
        if not put and not delete:
            return
        now = self.clock.now()
        with self._transaction() as pending:
            if delete:
                self.records.delete_edges(list(delete))
                for source, target, kind in delete:
                    self._log(pending, "unrelate", source, {"target": target, "type": kind}, agent)
            if put:
                edges = [e if e.created_at else e.model_copy(update={"created_at": now})
                         for e in put]
                self.records.put_edges(edges)
                for e in edges:
                    self._log(pending, "relate", e.source,
                              {"target": e.target, "type": e.type, "weight": e.weight}, agent)

    def edges(self, memory_id: str) -> list[Edge]:
        """Every edge touching a memory."""
        self._check_open()
        return self.records.edges_of(memory_id, "both")

    def archive(self, memory_id: str, reason: str = "archived by request",
                score: float | None = None) -> Memory:
        """Move a memory to the graveyard: it stays stored, out of search, restorable."""
        self._check_open()
        before = self.get(memory_id)
        if before.archived:
            return before
        after = before.model_copy(update={"archived": True, "updated_at": self.clock.now(),
                                          "version": before.version + 1})
        with self._transaction() as pending:
            self.records.put_memories([after])
            self.records.add_grave(GraveEntry(memory=after, archived_at=self.clock.now(),
                                              reason=reason, score=score))
            self._log(pending, "archive", memory_id, {"reason": reason})
        self._index([after], self._stored_vectors([after]) if self.vectors else None)
        return after

    def restore(self, memory_id: str) -> Memory:
        """Bring a memory back from the graveyard."""
        self._check_open()
        before = self.get(memory_id)
        if not before.archived:
            raise InvalidInput(f"memory {memory_id!r} is not archived")
        after = before.model_copy(update={"archived": False, "updated_at": self.clock.now(),
                                          "version": before.version + 1})
        with self._transaction() as pending:
            self.records.put_memories([after])
            self.records.remove_grave(memory_id)
            self._log(pending, "restore", memory_id, {})
        self._index([after], self._stored_vectors([after]) if self.vectors else None)
        return after

    def graveyard(self) -> list[GraveEntry]:
        """Archived memories, newest first."""
        self._check_open()
        return self.records.graves()

    def events(self, after_seq: int = 0) -> list[Event]:
        """The event log after a sequence number."""
        self._check_open()
        return list(self.records.iter_events(after_seq))

    # read path ---------------------------------------------------------------------------------

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """Search: retrieve, fuse, rank, filter; every hit carries its score trail.

        :param query: a :class:`Query`, or the query text with Query fields as keywords.
        :raises InvalidInput: empty text or bad parameters.
        """
        self._check_open(flush=False)
        if self._dirty:
            self._reconcile(repair=True)
        started = time.perf_counter()
        try:
            if isinstance(query, str):
                params.setdefault("k", self.profile.search.k)
                query = Query(text=query, **params)
            elif params:
                query = Query.model_validate({**query.model_dump(), **params})
        except ValidationError as exc:
            raise InvalidInput(_validation_message(exc, "query")) from None
        sctx = SearchContext(self.ctx, query)
        lists = self._retrieve(query, sctx)
        t0 = time.perf_counter()
        fused = self.fuser.fuse(lists, query)
        sctx.timings[f"fuse:{self.fuser.name}"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        if (any(r.reads_access_history for r in self.rankers)
                and self._held.concerns(c.id for c in fused)):
            self.flush_accesses()  # a ranker reads the history: write what it concerns
        fused, memories = self._load_candidates(fused, query)
        if self._held:
            memories = self._held.counted_in(memories)
        positions = ({label: {c.id: c for c in cands} for label, cands in lists.items()}
                     if query.explain else {})
        hits: list[Hit] = []
        for cand in fused:
            memory = memories.get(cand.id)
            if memory is None or not query.admits(memory):
                continue
            trail = []
            if query.explain:  # the trail is dropped unless explained: build it only then
                trail = [
                    StageScore(stage="retrieve", name=label, score=found[cand.id].score,
                               rank=found[cand.id].rank)
                    for label, found in positions.items() if cand.id in found
                ]
                trail.append(StageScore(stage="fuse", name=self.fuser.name, score=cand.score,
                                        rank=cand.rank))
            hits.append(Hit(memory=memory, score=cand.score, trail=trail))
        sctx.timings["load"] = (time.perf_counter() - t0) * 1000
        for ranker in self.rankers:
            t0 = time.perf_counter()
            hits = ranker.rank(query, hits, sctx)
            sctx.timings[f"rank:{ranker.name}"] = (time.perf_counter() - t0) * 1000
        hits.sort(key=tie_break_key)
        hits = hits[: query.k]
        if query.record_access and self.profile.search.record_access and hits:
            self._record_access(hits, query)
            self.hook.cognimem_memories_accessed(hits=hits, query=query, engine=self)
        if not query.explain:
            for hit in hits:
                hit.trail = []
        sctx.timings["total"] = (time.perf_counter() - started) * 1000
        result = SearchResult(query=query, hits=hits, timings=sctx.timings)
        self.hook.cognimem_search_finished(result=result, engine=self)
        return result

    def _retrieve(self, query: Query, sctx: SearchContext) -> dict[str, list[Candidate]]:
        """Every retriever's ranked list, by label; concurrently when the profile allows
        (``search.parallel_retrievers``): the default stack's retrievers spend their time in
        Tantivy, LanceDB and numpy, which release the GIL, so BM25 runs while the query is
        embedded and the vectors searched."""

        def run(label: str, retriever: Retriever) -> list[Candidate]:
            t0 = time.perf_counter()
            found = retriever.retrieve(query, sctx)
            sctx.timings[f"retrieve:{label}"] = (time.perf_counter() - t0) * 1000
            return found

        pairs = list(zip(self.retriever_labels, self.retrievers, strict=True))
        if len(pairs) < 2 or not self.profile.search.parallel_retrievers:
            return {label: run(label, retriever) for label, retriever in pairs}
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=len(pairs) - 1,
                                            thread_name_prefix="cognimem-retrieve")
        # the first retriever runs here, the others in the pool
        futures = [(label, self._pool.submit(run, label, r)) for label, r in pairs[1:]]
        lists = {pairs[0][0]: run(*pairs[0])}
        for label, future in futures:
            lists[label] = future.result()
        return {label: lists[label] for label, _ in pairs}

    def _load_candidates(self, fused: list[Candidate],
                         query: Query) -> tuple[list[Candidate], dict[str, Memory]]:
        """The fused candidates worth loading, and their memories.

        Memories are loaded in fused order, a page at a time, until enough are admitted by
        the query's filters and the next candidate scores below the last one wanted (ties
        at the cut are all kept, so the result does not depend on the order of equals).
        Without rankers ``k`` are wanted: the final order is the fused score, so these are
        the same hits as loading all, for a fraction of the reads. With rankers,
        ``search.rerank_depth`` are wanted (every candidate when it is unset).
        """
        unsorted = any(fused[i].score < fused[i + 1].score for i in range(len(fused) - 1))
        depth = self.profile.search.rerank_depth if self.rankers else query.k
        if unsorted or depth is None:
            return fused, self.records.get_memories([c.id for c in fused])
        want = max(depth, query.k)
        memories: dict[str, Memory] = {}
        admitted: list[float] = []
        page = want if self.rankers else max(2 * query.k, 32)
        end = 0
        while end < len(fused):
            batch = fused[end : end + page]
            found = self.records.get_memories([c.id for c in batch])
            memories.update(found)
            end += len(batch)
            admitted += [c.score for c in batch if c.id in found and query.admits(found[c.id])]
            if len(admitted) >= want and (end == len(fused)
                                          or fused[end].score < admitted[want - 1]):
                break
        return fused[:end], memories

    def _record_access(self, hits: Sequence[Hit], query: Query) -> None:
        now = self.clock.now()
        for hit in hits:
            hit.memory = with_accesses(hit.memory, 1, now)
        self._held.add(hits, now, query.agent, query.text)
        if len(self._held) >= self.profile.search.access_batch:
            self.flush_accesses()

    # maintenance -------------------------------------------------------------------------------

    def maintain(self, *, dry_run: bool = False) -> MaintenanceReport:
        """Run the profile's decay policies once at the engine clock's time, then the
        ``cognimem_maintenance`` hooks. A dry run lists what would change and changes nothing.
        """
        self._check_open()
        now = self.clock.now()
        report = MaintenanceReport(at=now, dry_run=dry_run)
        for policy in self.decay:
            actions = policy.apply(self.ctx, now)
            report.actions.extend(actions)
            if not dry_run:
                self._apply(actions, policy.name)
        self.hook.cognimem_maintenance(engine=self, now=now, dry_run=dry_run, report=report)
        if not dry_run and self.vectors is not None:
            self.vectors.optimize()
        return report

    def _apply(self, actions: Sequence[DecayAction], policy: str) -> None:
        for action in actions:
            if action.target == "edge":
                self._apply_edge(action, policy)
            elif action.action == "archive":
                score = action.changes.get("importance")
                if action.changes:
                    self._set_fields(action.id, {k: v for k, v in action.changes.items()
                                                 if k in {"importance", "tier"}}, policy, "decay")
                self.archive(action.id, reason=f"{policy}: {action.reason}", score=score)
            else:
                self._set_fields(action.id, action.changes, policy, action.action)

    def _set_fields(self, memory_id: str, changes: dict[str, Any], policy: str, op: str) -> None:
        if not changes:
            return
        before = self.get(memory_id)
        after = Memory.model_validate({**before.model_dump(), **changes,
                                       "version": before.version + 1})
        with self._transaction() as pending:
            self.records.put_memories([after])
            self._log(pending, op, memory_id, {"policy": policy, "changes": changes})
        self._index([after], self._stored_vectors([after]) if self.vectors else None)

    def _apply_edge(self, action: DecayAction, policy: str) -> None:
        if action.edge is None:
            raise CognimemError(f"decay policy {policy!r} planned an edge action without `edge`")
        source, target, kind = action.edge
        with self._transaction() as pending:
            if action.action == "prune":
                self.records.delete_edges([action.edge])
            else:
                current = [e for e in self.records.edges_of(source, "out") if e.key == action.edge]
                if not current:
                    return
                edge = current[0].model_copy(update=action.changes)
                self.records.put_edges([edge])
            self._log(pending, f"edge_{action.action}", source,
                      {"target": target, "type": kind, "policy": policy, **action.changes})

    # integrity ---------------------------------------------------------------------------------

    def check(self, *, repair: bool = False) -> CheckReport:
        """Compare every index with the record store and verify the event chain.

        :param repair: fix what is found (re-index missing and stale entries, drop orphans).
        """
        self._check_open()
        return self._reconcile(repair=repair, verify_events=True)

    def export(self) -> dict[str, Any]:
        """The whole store as portable JSON data (see :mod:`cognimem.portable`)."""
        from .portable import export_store

        self._check_open()
        return export_store(self)

    def import_(self, data: Mapping[str, Any]) -> ImportReport:
        """Import data made by :meth:`export`; validated whole before anything is written
        (see :mod:`cognimem.portable`)."""
        from .portable import import_store

        self._check_open()
        return import_store(self, data)

    def reindex(self, *, limit: int | None = None, batch_size: int = 256) -> ReindexReport:
        """Re-embed memories embedded with another model than the profile's embedder, in
        committed batches (resumable); ``limit`` caps this call's work (see
        :mod:`cognimem.reindex`)."""
        from .reindex import reindex

        self._check_open()
        return reindex(self, limit=limit, batch_size=batch_size)

    def _record_versions(self) -> tuple[dict[str, int], set[str]]:
        """Every memory's version, and the ids embedded by another model than the embedder's.

        Uses the store's cheap ``memory_versions()`` / ``ids_not_embedded_with()`` when it has
        them (reading 100k whole memories on every open would dominate cold start), else one
        pass over ``iter_memories()``.
        """
        signature = (self.embedder.model_id, self.embedder.dimension) if self.embedder else None

        def drifted(memory: Memory) -> bool:
            return bool(signature and memory.embedding
                        and (memory.embedding.model, memory.embedding.dim) != signature)

        fast_versions = getattr(self.records, "memory_versions", None)
        fast_drift = getattr(self.records, "ids_not_embedded_with", None)
        if callable(fast_versions) and (self.embedder is None or callable(fast_drift)):
            versions: dict[str, int] = fast_versions()
            candidates: list[str] = (fast_drift(self.embedder.signature)
                                     if self.embedder is not None and callable(fast_drift) else [])
            drift: set[str] = set()
            for start in range(0, len(candidates), 1024):  # candidates include never-embedded
                found = self.records.get_memories(candidates[start : start + 1024])
                drift.update(i for i, m in found.items() if drifted(m))
            return versions, drift
        versions, drift = {}, set()
        for memory in self.records.iter_memories():
            versions[memory.id] = memory.version
            if drifted(memory):
                drift.add(memory.id)
        return versions, drift

    def _reconcile(self, *, repair: bool, verify_events: bool = False) -> CheckReport:
        want, drifted = self._record_versions()
        reports = []
        for label, index in (("lexical", self.lexical), ("vectors", self.vectors)):
            if index is None:
                continue
            have = index.versions()
            report = IndexReport(
                index=f"{label}:{index.name}",
                missing=sorted(i for i in want if i not in have),
                stale=sorted(i for i, v in want.items() if i in have and have[i] != v),
                orphaned=sorted(i for i in have if i not in want),
            )
            reports.append(report)
            if repair and not report.ok:
                if report.orphaned:
                    index.delete(report.orphaned)
                todo = [i for i in (*report.missing, *report.stale)
                        if not (drifted and isinstance(index, VectorIndex) and i in drifted)]
                for start in range(0, len(todo), 1024):
                    found = self.records.get_memories(todo[start : start + 1024])
                    chunk = list(found.values())
                    if not chunk:
                        continue
                    if isinstance(index, VectorIndex):
                        vectors = self._stored_vectors(chunk)
                        if vectors is not None:
                            index.upsert(chunk, vectors)
                    else:
                        index.upsert(chunk)
        problems = verify_chain(self.records.iter_events()) if verify_events else []
        self._dirty = False
        return CheckReport(memories=len(want), indexes=reports, event_problems=problems,
                           repaired=repair, stale_embeddings=sorted(drifted))

    def stats(self) -> dict[str, Any]:
        """Counts and the pipeline, safe to share (no content)."""
        self._check_open()
        memories = list(self.records.iter_memories())
        layers: dict[str, int] = {}
        for m in memories:
            layers[m.layer] = layers.get(m.layer, 0) + 1
        last = self.records.last_event()
        return {
            "profile": self.profile.name,
            "path": str(self.ctx.path) if self.ctx.path else None,
            "memories": len(memories),
            "archived": sum(m.archived for m in memories),
            "superseded": sum(m.superseded_by is not None for m in memories),
            "layers": layers,
            "edges": sum(1 for _ in self.records.iter_edges()),
            "events": last.seq if last else 0,
            "embedder": self.embedder.signature.model_dump() if self.embedder else None,
            "pipeline": {
                "records": self.records.name,
                "lexical": self.lexical.name if self.lexical else None,
                "vectors": self.vectors.name if self.vectors else None,
                "retrieve": self.retriever_labels,
                "fuse": self.fuser.name,
                "rank": [r.name for r in self.rankers],
                "decay": [d.name for d in self.decay],
                "extract": [e.name for e in self.extractors],
            },
        }


def embedding_text(memory: Memory) -> str:
    """The text embedded for a memory: its title (if any) and content."""
    return f"{memory.title}\n{memory.content}" if memory.title else memory.content


def tie_break_key(hit: Hit) -> tuple[float, float, float, str]:
    """Sort key: score, then importance, then recency, then id, so order never depends on
    insertion order."""
    return (-hit.score, -hit.memory.importance, -hit.memory.created_at.timestamp(), hit.memory.id)


def _labels(names: Iterable[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        label, n = name, 2
        while label in out:
            label, n = f"{name}@{n}", n + 1
        out.append(label)
    return out


def _close_quietly(component: Component) -> None:
    try:
        component.close()
    except Exception:
        log.exception("closing %s %r failed", component.kind, component.name)


def _validation_message(exc: ValidationError, what: str) -> str:
    parts = []
    for error in exc.errors():
        loc = ".".join(str(p) for p in error["loc"]) or what
        msg = error["msg"].removeprefix("Value error, ")
        parts.append(f"{what} field `{loc}`: {msg}")
    return "; ".join(parts)
