"""Versions: supersession that cannot break. A new version replaces the current one of
its chain; reverting to an old value writes a new current version; a pointer that would
close a cycle is refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput
from ..models import Memory, MemoryDraft
from .rules import head_or_refuse
from .types import DraftLike, Written

if TYPE_CHECKING:
    from .kernel import Kernel


class Versions:
    """supersede and update_links."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def supersede(self, old_id: str, content: DraftLike, /, *, agent: str | None = None,
                  to_head: bool = False, **fields: Any) -> Written:
        """Write a memory that replaces ``old_id``; the old one stays, marked superseded.
        One operation: the new memory, the link and their events commit together.

        A chain keeps one current version (its head): superseding a past version is refused
        with an error naming the head, unless ``to_head`` asks to replace the head instead.
        Reverting to an earlier value writes a new current version (a superseded memory is
        never brought back as the current one, so no cycle can form).

        :raises NotFound: unknown ``old_id``.
        :raises InvalidInput: ``old_id`` is not its chain's head (without ``to_head``), or
            the new content is identical to it.
        """
        self.k.check_open()
        with self.k.transaction():
            asked = self.k.get(old_id)
            old = head_or_refuse(asked, self._chain_head(asked), to_head=to_head)
            agent = self.k.agent(agent)
            self.k.authority.authorize("supersede", old, agent)
            # inherit the old memory's scope, layer, kind and tags unless the caller gave them
            given = set(fields)
            if isinstance(content, MemoryDraft):
                given |= content.model_fields_set
            elif isinstance(content, Mapping):
                given |= set(content)
            scope = old.scope if agent is None else old.scope.model_copy(update={"agent": agent})
            defaults = {k: v for k, v in {"scope": scope, "layer": old.layer, "kind": old.kind,
                                          "tags": old.tags}.items() if k not in given}
            written = self.k.writer.add(content, agent=agent,
                               **{**defaults, **fields, "supersedes": old.id})
            if written.id == old.id:
                raise InvalidInput(
                    f"the new content is identical to memory {old.id!r}: nothing to supersede "
                    "(use update to change its other fields)"
                )
            self.update_links(old.id, superseded_by=written.id, agent=agent)
        if old.id != old_id:
            written.notes.append(f"{old_id} was already superseded: this replaces the "
                                 f"current version {old.id} (to_head)")
        written.supersedes = old.id
        return written

    def _chain_head(self, memory: Memory) -> Memory | None:
        """The current version of ``memory``'s supersession chain (itself when current);
        None when the chain loops or ends at a memory that no longer exists."""
        seen = {memory.id}
        while memory.superseded_by is not None:
            if memory.superseded_by in seen:
                return None
            seen.add(memory.superseded_by)
            found = self.k.records.get_memories([memory.superseded_by])
            if memory.superseded_by not in found:
                return None
            memory = found[memory.superseded_by]
        return memory

    def update_links(self, memory_id: str, *, superseded_by: str | None,
                     agent: str | None = None) -> Memory:
        """Set a memory's ``superseded_by`` pointer (an engine-managed field).

        :raises InvalidInput: the pointer would close a supersession cycle (``superseded_by``
            is, or leads to, ``memory_id``): the chain would have no current version.
        """
        before = self.k.get(memory_id)
        if superseded_by is not None:
            chain = [superseded_by]
            current = self.k.records.get_memories([superseded_by]).get(superseded_by)
            while current is not None and current.id != memory_id and len(chain) < 10_000:
                if current.superseded_by is None or current.superseded_by in chain:
                    break
                chain.append(current.superseded_by)
                current = self.k.records.get_memories([current.superseded_by]).get(
                    current.superseded_by)
            if memory_id in chain:
                path = " -> ".join([memory_id, *chain[: chain.index(memory_id) + 1]])
                raise InvalidInput(
                    f"refused: {memory_id} superseded by {superseded_by} would close a "
                    f"supersession cycle ({path}) with no current version; to bring an old "
                    "value back, supersede the current version with it (a new version)")
        after = before.model_copy(update={"superseded_by": superseded_by,
                                          "updated_at": self.k.clock.now(),
                                          "version": before.version + 1})
        with self.k.transaction() as pending:
            self.k.records.put_memories([after])
            self.k.log(pending, "supersede", memory_id,
                      {"by": superseded_by, "was": before.superseded_by}, agent)
            self.k.derive(before, after)
        self.k.index([after], self.k.stored_vectors([after]) if self.k.vectors else None)
        self.k.notify("cognimem_memory_updated", before=before, after=after)
        return after

