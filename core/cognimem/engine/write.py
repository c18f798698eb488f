"""The write path: validate, prepare, dedup, extract, embed, one record-store transaction
with its events, then the indexes and the lifecycle hooks."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..components import GraveEntry
from ..errors import InvalidInput
from ..events import digest
from ..models import (
    UPDATABLE_FIELDS,
    Edge,
    Memory,
    MemoryDraft,
    content_hash,
    embedding_text,
)
from ..session import ITEM_SESSION, Session, exactly
from ..session import current as current_session
from .guarded import NAMESPACE as CONFLICTS
from .rules import clean_raw, explicit_project, scoped
from .types import (
    ON_DUPLICATE,
    DraftLike,
    OnDuplicate,
    PreparedWrite,
    Written,
    validation_message,
)

if TYPE_CHECKING:
    from .kernel import Kernel

#: How many drafts ``add_many`` coerces ahead and shows the ``cognimem_memory_prepare_many``
#: hooks at once (#39 wave 12: the guard redacts, then screens, a chunk in two passes,
#: its tables warm, instead of both between the engine's own work on each draft)
AHEAD = 256


def _verdict_notes(notes: list[str], conflicts: list[str], separate: list[str],
                   superseded: Memory | None) -> list[str]:
    out = list(notes)
    if conflicts:
        out.append(f"possible conflict with {', '.join(conflicts)}: values differ "
                   "(see `cognimem conflicts`)")
    if separate:
        out.append(f"kept apart from {', '.join(separate)} (recorded as distinct)")
    if superseded is not None:
        out.append(f"supersedes {superseded.id}")
    return out


class Writer:
    """add, update, supersede, delete, archive and restore."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def _coerce_draft(self, item: DraftLike, fields: Mapping[str, Any], *,
                      scope_rule: bool = True) -> MemoryDraft:
        """The pipeline's first steps for one memory: its raw free text cleaned (tags as
        given, the project), bounds (validation), then the session's scope."""
        raw = clean_raw(fields, self.k.clean_text) if fields else {}
        try:
            if isinstance(item, MemoryDraft):
                given = explicit_project(item) or explicit_project(raw)
                draft = item if not raw else item.model_copy(update=raw)
                draft = MemoryDraft.model_validate(draft.model_dump())
            elif isinstance(item, str):
                given = explicit_project(raw)
                draft = MemoryDraft(content=item, **raw)
            elif isinstance(item, Mapping):
                data = {**clean_raw(item, self.k.clean_text), **raw}  # raw: cleaned above
                given = explicit_project(data)
                draft = MemoryDraft(**data)
            else:
                raise InvalidInput(
                    f"a memory must be text, a dict or a MemoryDraft, not {type(item).__name__}"
                )
        except ValidationError as exc:
            raise InvalidInput(validation_message(exc, "memory")) from None
        if scope_rule:
            try:
                draft = scoped(draft, current_session(), project_given=given,
                               branch_scope=self.k.profile.write.branch_scope)
            except ValidationError as exc:  # a session's name the scope does not take
                raise InvalidInput(validation_message(exc, "memory")) from None
        limit = self.k.profile.write.max_content_chars
        if len(draft.content) > limit:
            raise InvalidInput(
                f"content is {len(draft.content):,} characters; the limit is {limit:,} "
                "(profile key `write.max_content_chars`): split it into several memories"
            )
        return draft

    def _prepare(self, draft: MemoryDraft, updating: str | None = None,
                 on_duplicate: OnDuplicate = "auto") -> PreparedWrite:
        write = PreparedWrite(draft, updating=updating, on_duplicate=on_duplicate)
        given = draft.model_dump()
        self.k.hook.cognimem_memory_prepare(write=write, engine=self.k.engine)
        after = write.draft.model_dump()
        if write.draft is draft and after == given:
            # (#39/#45 wave 13) the hooks left the validated draft as it was (its values,
            # nested ones too): validating them again would make the same draft
            return write
        try:
            write.draft = MemoryDraft.model_validate(after)
        except ValidationError as exc:
            raise InvalidInput(validation_message(exc, "memory (after prepare hooks)")) from None
        return write

    def add(self, content: DraftLike, /, *, agent: str | None = None,
            on_duplicate: OnDuplicate = "auto", **fields: Any) -> Written:
        """Remember one memory: text (plus Memory fields as keywords), a dict or a draft.

        ``agent`` is who writes it (recorded in the event, and as the scope's agent when the
        scope names none).

        :param on_duplicate: when a guard finds a near-duplicate: ``auto`` lets it decide
            (merge, or store and log a conflict), ``keep`` stores the memory apart and
            records each look-alike pair as distinct for good, ``supersede`` makes it the
            new version of the nearest look-alike.
        :returns: :class:`Written` with the stored memory; ``outcome`` says whether it was
            created, an exact duplicate (the existing memory is returned) or merged into a
            near-duplicate (that memory is returned), and which memories it conflicts with.
        :raises InvalidInput: empty or oversized content, unknown or bad fields.
        :raises Rejected: a prepare hook or a guard refused the write.
        """
        return self.add_many([content], agent=agent, on_duplicate=on_duplicate, **fields)[0]

    def add_many(self, items: Iterable[DraftLike], /, *, agent: str | None = None,
                 on_duplicate: OnDuplicate = "auto", **fields: Any) -> list[Written]:
        """Remember many memories, batched into few transactions and embedding calls.

        All items are validated (and prepared) before anything is written: one bad item
        fails the call and nothing is written. Guards see the earlier items of the same
        batch as well as the stored memories. A mapping item may name its own writer under
        ``agent`` (the daemon's group commit joins several agents' adds in one call).
        Held accesses of recent searches are not written first (a new memory has none, and
        a merge keeps the stored counts, which the held accesses then increment): a
        write group costs one transaction, not two.
        """
        self.k.check_open(flush=False)
        if on_duplicate not in ON_DUPLICATE:
            raise InvalidInput(f"on_duplicate must be one of {', '.join(ON_DUPLICATE)}, "
                               f"not {str(on_duplicate)[:40]!r}")
        writes: list[PreparedWrite] = []
        writers: list[str | None] = []
        agent = self.k.agent(agent)
        source = iter(items)
        while True:
            # (#39 wave 12) up to AHEAD drafts coerced, shown together to the
            # ``cognimem_memory_prepare_many`` hooks, then prepared one by one as before; an
            # item that fails is raised once the items before it are prepared (as before)
            chunk, failed = self._coerce_ahead(source, agent, fields)
            if chunk:
                self.k.hook.cognimem_memory_prepare_many(
                    drafts=[draft for draft, _, _ in chunk], engine=self.k.engine)
                try:
                    for draft, writer, own in chunk:
                        with exactly(own) if own is not None else contextlib.nullcontext():
                            write = self._prepare(draft, on_duplicate=on_duplicate)
                        if writer is not None and write.draft.scope.agent is None:
                            # the writer owns what it writes unless the scope says otherwise
                            write.draft.scope = write.draft.scope.model_copy(
                                update={"agent": writer})
                        writes.append(write)
                        writers.append(writer)
                finally:  # the chunk is prepared (or failed): what was kept for it goes
                    self.k.hook.cognimem_memory_prepare_many(drafts=[], engine=self.k.engine)
            if failed is not None:
                raise failed
            if len(chunk) < AHEAD:
                break
        results: list[Written] = []
        batch = self.k.profile.write.batch_size
        for start in range(0, len(writes), batch):
            results.extend(self._write_batch(writes[start : start + batch], agent,
                                             writers[start : start + batch]))
        return results

    def _coerce_ahead(self, source: Iterator[DraftLike], agent: str | None,
                      fields: Mapping[str, Any],
                      ) -> tuple[list[tuple[MemoryDraft, str | None, Session | None]],
                                 Exception | None]:
        """The next :data:`AHEAD` items of ``source`` coerced (each in its own session,
        when it carries one), with each one's writer and session; and the error of the item
        that failed (the chunk then ends before it), or None."""
        chunk: list[tuple[MemoryDraft, str | None, Session | None]] = []
        while len(chunk) < AHEAD:
            try:
                item = next(source)
            except StopIteration:
                break
            except Exception as exc:  # the caller's iterable failed: raised in turn
                return chunk, exc
            writer = agent
            own: Session | None = None  # the caller's session, for a write carried for it
            try:
                if isinstance(item, Mapping) and ("agent" in item or ITEM_SESSION in item):
                    item = dict(item)
                    writer = item.pop("agent", None) or agent
                    given = item.pop(ITEM_SESSION, None)
                    own = given if isinstance(given, Session) else None
                with exactly(own) if own is not None else contextlib.nullcontext():
                    draft = self._coerce_draft(item, fields)
            except Exception as exc:
                return chunk, exc
            chunk.append((draft, writer, own))
        return chunk, None

    @staticmethod
    def _twin(candidates: Sequence[Memory], draft: MemoryDraft) -> Memory | None:
        """A stored current memory with the same text in the same scope. Superseded and
        archived memories are past versions: writing their text again makes a new one."""
        return next((m for m in candidates
                     if m.scope == draft.scope and not m.archived and m.superseded_by is None),
                    None)

    def _write_batch(self, writes: Sequence[PreparedWrite], agent: str | None = None,
                     writers: Sequence[str | None] = ()) -> list[Written]:
        now = self.k.clock.now()
        results: list[Written | None] = [None] * len(writes)
        seen: dict[tuple[str | None, ...], Memory] = {}
        fresh: list[PreparedWrite] = []
        places: list[int] = []
        digests = [content_hash(write.draft.content) for write in writes]
        by_hash = (self.k.records.find_by_hashes(digests) if self.k.profile.write.dedup == "hash"
                   else {})
        for i, write in enumerate(writes):
            draft = write.draft
            digest = digests[i]
            # dedup is per scope: the same text in two projects is two memories
            # every field of the scope (it forbids extra ones), without a JSON dump a write
            seen_key = (digest, *draft.scope.__dict__.values())
            if self.k.profile.write.dedup == "hash":
                twin = seen.get(seen_key) or self._twin(by_hash.get(digest, []), draft)
                if twin is not None:
                    results[i] = Written(twin, created=False, outcome="duplicate",
                                         notes=[*write.flags, f"duplicate of {twin.id}"])
                    continue
            write.memory = Memory.from_draft(draft, id="pending",
                                             created_at=draft.created_at or now,
                                             updated_at=now, content_hash=digest)
            seen[seen_key] = write.memory
            fresh.append(write)
            places.append(i)
        if not fresh:
            return [r for r in results if r is not None]
        vectors = self.k.embed([w.memory for w in fresh if w.memory is not None])
        self.k.screen_embedded(fresh, vectors)  # the guard with the vectors: flags only
        stored: dict[str, Memory] = {}
        if self.k.guards:
            self.k.verdicts.screen(fresh, vectors)  # verdicts only: nothing is written yet
            stored = self.k.verdicts.check_targets(fresh)
        merges, joined = self.k.verdicts.plan_merges(fresh, stored, now.isoformat())
        keep = [j for j in range(len(fresh)) if j not in joined]
        memories = [m for j in keep if (m := fresh[j].memory) is not None]
        if vectors is not None and len(keep) != len(fresh):
            vectors = vectors[keep] if keep else None
        superseded: list[tuple[Memory, Memory]] = []
        with self.k.transaction() as pending:
            for j in keep:
                memory = fresh[j].memory
                assert memory is not None
                memory.id = self.k.new_id(pending, memory.content_hash)
                writer = writers[places[j]] if places[j] < len(writers) else agent
                self.k.log(pending, "add", memory.id,
                          {"hash": memory.content_hash, "kind": memory.kind,
                           "layer": memory.layer, "version": 1}, writer or memory.scope.agent)
            edges: list[Edge] = []
            notes_of: dict[int, list[str]] = {}
            for j in keep:
                write = fresh[j]
                notes = notes_of[j] = list(write.flags)
                new = write.memory
                assert new is not None
                for verdict in write.verdicts:
                    if verdict.action == "supersede" and isinstance(verdict.target, str):
                        new.supersedes = new.supersedes or verdict.target
                        break
                for extractor in self.k.extractors:
                    found = extractor.extract(new, self.k.ctx)
                    edges.extend(found.edges)
                    notes.extend(found.messages)
                    if found.tags:
                        new.tags = list(dict.fromkeys([*new.tags, *found.tags]))
                    if found.meta:
                        new.meta = {**new.meta, **found.meta}
            if vectors is not None and self.k.embedder is not None:
                for memory in memories:
                    memory.embedding = self.k.embedder.signature
            merged = self.k.verdicts.commit_merges(pending, merges)
            self.k.records.put_memories(memories)
            if vectors is not None and self.k.embedder is not None:
                self.k.records.put_embeddings(
                    {m.id: v for m, v in zip(memories, vectors, strict=True)},
                    self.k.embedder.signature,
                )
            self.k.log_edges(pending, edges, (), agent)
            logged: dict[str, Any] = {}  # the batch's conflict entries, stored at once
            for j in keep:
                conflicts, separate, old = self.k.verdicts.commit_verdicts(
                    pending, fresh[j], stored, logged)
                new = fresh[j].memory
                assert new is not None
                results[places[j]] = Written(
                    new, created=True, notes=_verdict_notes(notes_of[j], conflicts,
                                                               separate, old),
                    conflicts=conflicts, kept_separate=separate,
                    supersedes=old.id if old else None)
                if old is not None:
                    superseded.append((stored[old.id], old))
            self.k.records.set_metas(CONFLICTS, logged)
            for memory in memories:  # derived state, in this transaction
                self.k.derive(None, memory)
            for after in merged:
                self.k.derive(merges.before[after.id], after)
            for before, after in superseded:
                self.k.derive(before, after)
        for j, joined_memory in joined.items():
            target = merges.targets.get(joined_memory.id, joined_memory)
            how = fresh[j].merge_target
            similarity = f" (similarity {how.similarity:.3f})" if how and \
                how.similarity is not None else ""
            results[places[j]] = Written(
                target, created=False, outcome="merged",
                notes=[*fresh[j].flags, f"merged into {target.id}, a near-duplicate"
                       f"{similarity}"])
        self.k.index(memories, vectors)
        refreshed = [*merged, *(after for _, after in superseded)]
        if refreshed:
            self.k.index(refreshed, self.k.stored_vectors(refreshed) if self.k.vectors else None)
        for memory in memories:
            self.k.notify("cognimem_memory_added", memory=memory)
        for after in merged:
            self.k.notify("cognimem_memory_updated", before=merges.before[after.id], after=after)
        for before, after in superseded:
            self.k.notify("cognimem_memory_updated", before=before, after=after)
        return [r for r in results if r is not None]

    def _reextract(self, before: Memory, after: Memory,
                   notes: list[str]) -> tuple[list[Edge], list[tuple[str, str, str]]]:
        """The edges the extractors derive from ``after``'s new text, and the old ones it no
        longer asserts (an edge one extractor drops and another finds again is kept)."""
        put: dict[tuple[str, str, str], Edge] = {}
        delete: dict[tuple[str, str, str], None] = {}
        for extractor in self.k.extractors:
            if not extractor.reextract_on_update:
                continue
            found = extractor.reextract(before, after, self.k.ctx)
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
        self.k.check_open()
        before = self.k.get(memory_id)
        unknown = sorted(set(changes) - UPDATABLE_FIELDS)
        if unknown:
            raise InvalidInput(
                f"cannot update field(s) {', '.join(unknown)}; updatable fields: "
                f"{', '.join(sorted(UPDATABLE_FIELDS))}"
            )
        if not changes:
            raise InvalidInput("update needs at least one field to change")
        agent = self.k.agent(agent)
        self.k.authority.authorize_update(before, changes, agent)
        changes = clean_raw(changes, self.k.clean_text)
        data = before.model_dump(include=set(MemoryDraft.model_fields))
        data.update(changes)
        draft = self._coerce_draft(data, {}, scope_rule=False)
        notes: list[str] = []
        if set(changes) & SCREENED_FIELDS:  # every text a reader sees passes the guard
            write = self._prepare(draft, updating=memory_id)
            draft, notes = write.draft, write.flags
        after = Memory.model_validate({
            **before.model_dump(), **draft.model_dump(exclude={"created_at"}),
            "updated_at": self.k.clock.now(), "version": before.version + 1,
            "content_hash": content_hash(draft.content),
        })
        # the title is embedded with the content (embedding_text), so either change re-embeds
        reembed = embedding_text(after) != embedding_text(before)
        vectors = self.k.embed([after]) if reembed else None
        if vectors is None and self.k.vectors is not None:
            vectors = self.k.stored_vectors([after])
        if set(changes) & SCREENED_FIELDS:  # the guard with the vector (the text's, as is)
            write.memory = after
            self.k.screen_embedded([write], vectors)
            notes = write.flags
        with self.k.transaction() as pending:
            if vectors is not None and self.k.embedder is not None and reembed:
                after.embedding = self.k.embedder.signature
                self.k.records.put_embeddings({after.id: vectors[0]}, self.k.embedder.signature)
            self.k.records.put_memories([after])
            self.k.log(pending, "update", after.id,
                      {"fields": sorted(changes), "version": after.version,
                       **_earlier(before, changes)}, agent)
            if (before.content, before.title, before.tags) != (after.content, after.title,
                                                               after.tags):
                put, delete = self._reextract(before, after, notes)
                self.k.log_edges(pending, put, delete, agent)
            self.k.derive(before, after)
        self.k.index([after], vectors)
        self.k.notify("cognimem_memory_updated", before=before, after=after)
        if _removes_text(before, after):
            self._purge_later()
        return Written(after, created=False, notes=notes)

    def _purge_later(self) -> None:
        """Text an update replaced stays in the store's files until a purge: once at close,
        or (``write.purge_on_update = "update"``) when the outermost operation commits."""
        mode = self.k.profile.write.purge_on_update
        if mode == "off" or self.k.ctx.path is None:  # an in-memory store has no files
            return
        self.k.purge_pending = True
        if mode == "update":
            self.k.uow.after(self._purge_now)

    def _purge_now(self) -> None:
        if self.k.purge_pending:  # several updates of one operation: one purge
            self.k.integrity.purge(vectors=False)

    def delete(self, memory_id: str, /, *, agent: str | None = None,
               purge: bool = False) -> Memory:
        """Delete a memory, its edges, accesses and embedding.

        :returns: the memory as it was.
        :raises NotFound: unknown id.
        """
        self.k.check_open()
        memory = self.k.get(memory_id)
        agent = self.k.agent(agent)
        self.k.authority.authorize("delete", memory, agent)
        with self.k.transaction() as pending:
            self.k.records.delete_memories([memory_id])
            self.k.records.remove_grave(memory_id)
            self.k.log(pending, "delete", memory_id, {"hash": memory.content_hash}, agent)
            self.k.derive(memory, None)
        self.k.unindex([memory_id])
        self.k.notify("cognimem_memory_deleted", memory=memory)
        if purge:
            self.k.integrity.purge()
        return memory

    def archive(self, memory_id: str, reason: str = "archived by request",
                score: float | None = None, *, agent: str | None = None) -> Memory:
        """Move a memory to the graveyard: it stays stored, out of search, restorable."""
        self.k.check_open()
        before = self.k.get(memory_id)
        agent = self.k.agent(agent)
        self.k.authority.authorize("archive", before, agent)
        if before.archived:
            return before
        reason = self.k.clean_text(reason, "reason")
        after = before.model_copy(update={"archived": True, "updated_at": self.k.clock.now(),
                                          "version": before.version + 1})
        with self.k.transaction() as pending:
            self.k.records.put_memories([after])
            self.k.records.add_grave(GraveEntry(memory=after, archived_at=self.k.clock.now(),
                                              reason=reason, score=score))
            self.k.log(pending, "archive", memory_id, {"reason": digest(reason)}, agent)
            self.k.derive(before, after)
        self.k.index([after], self.k.stored_vectors([after]) if self.k.vectors else None)
        return after

    def restore(self, memory_id: str, *, agent: str | None = None) -> Memory:
        """Bring a memory back from the graveyard."""
        self.k.check_open()
        before = self.k.get(memory_id)
        if not before.archived:
            raise InvalidInput(f"memory {memory_id!r} is not archived")
        after = before.model_copy(update={"archived": False, "updated_at": self.k.clock.now(),
                                          "version": before.version + 1})
        with self.k.transaction() as pending:
            self.k.records.put_memories([after])
            self.k.records.remove_grave(memory_id)
            self.k.log(pending, "restore", memory_id, {}, agent)
            self.k.derive(before, after)
        self.k.index([after], self.k.stored_vectors([after]) if self.k.vectors else None)
        return after


def _removes_text(before: Memory, after: Memory) -> bool:
    """Whether an update replaced text a reader could see (and the files still hold)."""
    return ((before.content, before.title, before.tags, before.meta)
            != (after.content, after.title, after.tags, after.meta))


#: Fields of an update that pass the prepare hooks (the guard) again: every text a reader
#: or a search sees.
SCREENED_FIELDS = frozenset({"content", "title", "tags", "meta", "source", "provenance",
                             "kind"})

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
