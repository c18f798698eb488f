"""The write path: validate, prepare, dedup, extract, embed, one record-store transaction
with its events, then the indexes and the lifecycle hooks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from ..components import GraveEntry
from ..errors import InvalidInput
from ..models import (
    UPDATABLE_FIELDS,
    Edge,
    Memory,
    MemoryDraft,
    content_hash,
    embedding_text,
)
from .integrity import Integrity
from .types import DraftLike, PreparedWrite, Written, validation_message


class WritePath(Integrity):
    """add, update, supersede, delete, archive and restore."""

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
            raise InvalidInput(validation_message(exc, "memory")) from None
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
            raise InvalidInput(validation_message(exc, "memory (after prepare hooks)")) from None
        return write

    def add(self, content: DraftLike, /, *, agent: str | None = None, **fields: Any) -> Written:
        """Remember one memory: text (plus Memory fields as keywords), a dict or a draft.

        ``agent`` is who writes it (recorded in the event, and as the scope's agent when the
        scope names none).

        :returns: :class:`Written` with the stored memory; ``created`` is False when an
            identical memory already existed (exact dedup) and that one is returned.
        :raises InvalidInput: empty or oversized content, unknown or bad fields.
        :raises Rejected: a prepare hook refused the write.
        """
        return self.add_many([content], agent=agent, **fields)[0]

    def add_many(self, items: Iterable[DraftLike], /, *, agent: str | None = None,
                 **fields: Any) -> list[Written]:
        """Remember many memories, batched into few transactions and embedding calls.

        All items are validated (and prepared) before anything is written: one bad item
        fails the call and nothing is written. A mapping item may name its own writer under
        ``agent`` (the daemon's group commit joins several agents' adds in one call).
        """
        self._check_open()
        writes: list[PreparedWrite] = []
        writers: list[str | None] = []
        for item in items:
            writer = agent
            if isinstance(item, Mapping) and "agent" in item:
                item = dict(item)
                writer = item.pop("agent") or agent
            write = self._prepare(self._coerce_draft(item, fields))
            if writer is not None and write.draft.scope.agent is None:
                # the writer owns what it writes unless the scope says otherwise
                write.draft.scope = write.draft.scope.model_copy(update={"agent": writer})
            writes.append(write)
            writers.append(writer)
        results: list[Written] = []
        batch = self.profile.write.batch_size
        for start in range(0, len(writes), batch):
            results.extend(self._write_batch(writes[start : start + batch], agent,
                                             writers[start : start + batch]))
        return results

    def _write_batch(self, writes: Sequence[PreparedWrite], agent: str | None = None,
                     writers: Sequence[str | None] = ()) -> list[Written]:
        now = self.clock.now()
        results: list[Written | None] = [None] * len(writes)
        seen: dict[tuple[str, str], Memory] = {}
        fresh: list[tuple[int, Memory, list[str]]] = []
        digests = [content_hash(write.draft.content) for write in writes]
        stored = (self.records.find_by_hashes(digests) if self.profile.write.dedup == "hash"
                  else {})
        for i, write in enumerate(writes):
            draft = write.draft
            digest = digests[i]
            # dedup is per scope: the same text in two projects is two memories
            seen_key = (digest, draft.scope.model_dump_json())
            if self.profile.write.dedup == "hash":
                twin = seen.get(seen_key) or next(
                    (m for m in stored.get(digest, [])
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
            for i, memory, _notes in fresh:
                memory.id = self._new_id(pending, memory.content_hash)
                writer = writers[i] if i < len(writers) else agent
                self._log(pending, "add", memory.id,
                          {"hash": memory.content_hash, "kind": memory.kind,
                           "layer": memory.layer, "version": 1}, writer or memory.scope.agent)
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
            self._write_edges(pending, edges, (), agent)
        for i, memory, notes in fresh:
            results[i] = Written(memory, created=True, notes=notes)
        self._index(memories, vectors)
        for memory in memories:
            self.hook.cognimem_memory_added(memory=memory, engine=self)
        return [r for r in results if r is not None]
    def _reextract(self, before: Memory, after: Memory,
                   notes: list[str]) -> tuple[list[Edge], list[tuple[str, str, str]]]:
        """The edges the extractors derive from ``after``'s new text, and the old ones it no
        longer asserts (an edge one extractor drops and another finds again is kept)."""
        put: dict[tuple[str, str, str], Edge] = {}
        delete: dict[tuple[str, str, str], None] = {}
        for extractor in self.extractors:
            if not extractor.reextract_on_update:
                continue
            found = extractor.reextract(before, after, self.ctx)
            notes.extend(found.messages)
            put.update((e.key, e) for e in found.edges)
            delete.update(dict.fromkeys(found.delete))
        return list(put.values()), [k for k in delete if k not in put]

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
            if vectors is not None and self.embedder is not None and reembed:
                after.embedding = self.embedder.signature
                self.records.put_embeddings({after.id: vectors[0]}, self.embedder.signature)
            self.records.put_memories([after])
            self._log(pending, "update", after.id,
                      {"fields": sorted(changes), "version": after.version,
                       **_earlier(before, changes)}, agent)
            if (before.content, before.title, before.tags) != (after.content, after.title,
                                                               after.tags):
                put, delete = self._reextract(before, after, notes)
                self._write_edges(pending, put, delete, agent)
        self._index([after], vectors)
        self.hook.cognimem_memory_updated(before=before, after=after, engine=self)
        return Written(after, created=False, notes=notes)

    def supersede(self, old_id: str, content: DraftLike, /, *, agent: str | None = None,
                  **fields: Any) -> Written:
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
        scope = old.scope if agent is None else old.scope.model_copy(update={"agent": agent})
        defaults = {k: v for k, v in {"scope": scope, "layer": old.layer, "kind": old.kind,
                                      "tags": old.tags}.items() if k not in given}
        written = self.add(content, agent=agent, **{**defaults, **fields, "supersedes": old_id})
        if written.id == old_id:
            raise InvalidInput(
                f"the new content is identical to memory {old_id!r}: nothing to supersede "
                "(use update to change its other fields)"
            )
        self.update_links(old_id, superseded_by=written.id, agent=agent)
        return written

    def update_links(self, memory_id: str, *, superseded_by: str | None,
                     agent: str | None = None) -> Memory:
        """Set a memory's ``superseded_by`` pointer (an engine-managed field)."""
        before = self.get(memory_id)
        after = before.model_copy(update={"superseded_by": superseded_by,
                                          "updated_at": self.clock.now(),
                                          "version": before.version + 1})
        with self._transaction() as pending:
            self.records.put_memories([after])
            self._log(pending, "supersede", memory_id,
                      {"by": superseded_by, "was": before.superseded_by}, agent)
        self._index([after], self._stored_vectors([after]) if self.vectors else None)
        self.hook.cognimem_memory_updated(before=before, after=after, engine=self)
        return after

    def delete(self, memory_id: str, /, *, agent: str | None = None,
               purge: bool = False) -> Memory:
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
        if purge:
            self.purge()
        return memory

    def archive(self, memory_id: str, reason: str = "archived by request",
                score: float | None = None, *, agent: str | None = None) -> Memory:
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
            self._log(pending, "archive", memory_id, {"reason": reason}, agent)
        self._index([after], self._stored_vectors([after]) if self.vectors else None)
        return after

    def restore(self, memory_id: str, *, agent: str | None = None) -> Memory:
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
            self._log(pending, "restore", memory_id, {}, agent)
        self._index([after], self._stored_vectors([after]) if self.vectors else None)
        return after


#: Fields whose earlier value an ``update`` event keeps (small values, never the content or
#: title, which may hold what an edit removed): what :meth:`believed_at` searches rebuild.
KEPT_BEFORE = ("kind", "layer", "tier", "importance", "protected", "valid_from", "valid_until")


def _earlier(before: Memory, changes: Mapping[str, Any]) -> dict[str, Any]:
    """``{"before": {field: old value}}`` for the changed fields of :data:`KEPT_BEFORE`
    (and the project), as JSON values; empty when none changed."""
    data = before.model_dump(mode="json", include=set(KEPT_BEFORE))
    kept = {f: data[f] for f in KEPT_BEFORE if f in changes}
    if "scope" in changes:
        kept["project"] = before.scope.project
    return {"before": kept} if kept else {}
