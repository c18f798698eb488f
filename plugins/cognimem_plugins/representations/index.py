"""The side indexes of one view: extra rows per memory, kept in step with the records.

A :class:`RepresentationIndex` holds, for one :class:`~.views.ViewSpec`, a lexical and/or a
vector index of the same classes and options as the profile's own (``[lexical]`` and
``[vectors]``), opened in ``<store>/representations/<view key>/`` (in memory for an
in-memory store). Each memory has one or more rows there, with ids ``"<memory id>::<n>"``;
searching returns memory ids, each memory once, scored from its rows' scores (their ``max``,
their ``sum``, or the best plus a share of the next few: ``top``). The records are never
changed: a hit is always the memory itself.

Rows are built lazily. Writes only mark memories (and, for windows, their neighbours) stale;
the next search rebuilds the stale rows in one batch (one embedding call), so ingesting a
conversation embeds each window once. On a persistent store the side indexes survive a
restart when nothing was written since they were last in step (a marker in the records'
metadata, ``representations`` namespace); otherwise they are rebuilt.
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import os
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from cognimem.components import LexicalIndex, VectorIndex
from cognimem.context import Context
from cognimem.models import Candidate, Memory, Query

from ..bm25 import MemoryBM25
from .views import GroupKey, ViewSpec, group_key, pooled_vector, texts_for

if TYPE_CHECKING:
    from cognimem.engine import Services

#: Separates a memory id from its row number in the side indexes.
ROW_SEP = "::"
#: The records' metadata namespace of the in-step markers.
META_NAMESPACE = "representations"
#: The file of a window view's source groups, beside its side indexes.
GROUPS_FILE = "groups.json"

Collapse = Literal["max", "sum", "top"]


def memory_of(row_id: str) -> str:
    """The memory id a side-index row belongs to."""
    return row_id.rsplit(ROW_SEP, 1)[0]


def collapse(rows: Sequence[Candidate], how: Collapse, k: int, *, top: int = 3,
             share: float = 0.5) -> list[Candidate]:
    """Row hits as memory hits: each memory once, scored from its rows' scores.

    ``max``: the best row; ``sum``: every row found; ``top``: the best row plus ``share``
    times the sum of the next ``top - 1`` rows (``share = 1`` is the sum of the best
    ``top``; ``share = 0`` is ``max``).
    """
    found: dict[str, list[float]] = {}
    for row in rows:
        found.setdefault(memory_of(row.id), []).append(row.score)
    scores: dict[str, float] = {}
    for memory_id, values in found.items():
        values.sort(reverse=True)
        if how == "sum":
            scores[memory_id] = sum(values)
        elif how == "top":
            scores[memory_id] = values[0] + share * sum(values[1:top])
        else:
            scores[memory_id] = values[0]
    ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]
    return [Candidate(id=i, score=s, rank=r) for r, (i, s) in enumerate(ordered, 1)]


@dataclasses.dataclass(frozen=True)
class Aggregate:
    """How a retriever turns row scores into a memory's score (see :func:`collapse`)."""

    how: Collapse = "max"
    top: int = 3
    share: float = 0.5
    fanout: int = 3


class RepresentationIndex:
    """The rows of one view for every memory, in side indexes like the profile's own."""

    def __init__(self, ctx: Context, spec: ViewSpec) -> None:
        self.ctx = ctx
        self.spec = spec
        self.lexical: LexicalIndex | None = None
        self.vectors: VectorIndex | None = None
        self._lock = threading.RLock()
        self._stale: set[str] = set()
        self._rows: dict[str, list[str]] = {}
        self._row_count = 0
        #: Each source group's members by time: (created_at as a POSIX timestamp, id); floats,
        #: not aware datetimes, so a binary search compares cheaply.
        self._groups: dict[GroupKey, list[tuple[float, str]]] = {}
        self._group_of: dict[str, GroupKey] = {}
        self._time_of: dict[str, float] = {}
        self._windows: dict[str, list[str]] = {}
        self._synced = False
        self._placed = False
        self._groups_changed = False
        self._saved_seq: int | None = None
        self._all_ids: list[str] = []

    # set-up ----------------------------------------------------------------------------------

    def _side_context(self) -> Context:
        path = None if self.ctx.path is None else Path(self.ctx.path) / "representations" / \
            self.spec.key().replace("/", "_")
        return dataclasses.replace(self.ctx, path=path, services={})

    def want(self, signal: Literal["lexical", "dense"]) -> None:
        """Make sure the side index a retriever of ``signal`` needs exists."""
        with self._lock:
            if signal == "lexical" and self.lexical is None:
                main = self.ctx.lexical
                index: LexicalIndex = type(main)(main.options) if main is not None \
                    else MemoryBM25()
                index.open(self._side_context())
                self.lexical = index
                self._synced = False
            if signal == "dense" and self.vectors is None and self.ctx.vectors is not None:
                main_vectors = self.ctx.vectors
                vectors = type(main_vectors)(main_vectors.options)
                vectors.open(self._side_context())
                self.vectors = vectors
                self._synced = False

    def _indexes(self) -> list[LexicalIndex | VectorIndex]:
        return [i for i in (self.lexical, self.vectors) if i is not None]

    def sync(self) -> None:
        """Keep the side indexes if they are in step with the records (nothing written since
        they were last, and a row set for every memory), else clear them and mark every
        memory stale. Keeping them reads no memory: the source groups are read from the
        records on the first write or rebuild that needs them (:meth:`_ensure_placed`)."""
        with self._lock:
            self._groups.clear()
            self._windows.clear()
            self._group_of.clear()
            self._time_of.clear()
            self._placed = False
            self._rows.clear()
            last = self.ctx.records.last_event()
            marker = self.ctx.records.get_meta(META_NAMESPACE, self.spec.key())
            indexes = self._indexes()
            rows = [list(index.versions()) for index in indexes]
            count = self.ctx.records.count_memories()
            in_step = marker == (last.seq if last else 0) and all(
                len({memory_of(r) for r in ids}) == count for ids in rows)
            if in_step:
                for row_id in rows[0] if rows else ():
                    self._rows.setdefault(memory_of(row_id), []).append(row_id)
                self._row_count = sum(len(r) for r in self._rows.values())
                self._stale.clear()
                self._load_groups(marker)
            elif indexes:
                for index in indexes:
                    index.clear()
                self._row_count = 0
                self._ensure_placed()
                self._stale = set(self._all_ids)
            else:  # groups only (the window_rrf fuser): read from the records when needed
                self._stale.clear()
            self._synced = True

    def _ensure_placed(self) -> None:
        """Read every memory's source group from the records, once per open."""
        if self._placed:
            return
        self._all_ids = []
        for memory in self.ctx.records.iter_memories():
            self._place(memory)
            self._all_ids.append(memory.id)
        self._placed = True

    def _groups_file(self) -> Path | None:
        path = self._side_context().path
        return None if path is None else Path(path) / GROUPS_FILE

    def _load_groups(self, seq: int) -> None:
        """Read the source groups saved at the last close when they were saved at event
        ``seq`` (the store's last), so neither a search nor a write after opening reads every
        memory; a missing, older or unreadable file leaves them to be read from the records
        when needed."""
        file = self._groups_file()
        if file is None or not file.is_file():
            return
        try:
            saved = json.loads(file.read_text(encoding="utf-8"))
            if saved["seq"] != seq:
                return
            groups = {tuple(g["key"]): [(float(t), str(i)) for t, i in g["members"]]
                      for g in saved["groups"]}
        except (OSError, ValueError, KeyError, TypeError):
            return
        for key, members in groups.items():
            members.sort()
            self._groups[key] = members
            for at, memory_id in members:
                self._group_of[memory_id] = key
                self._time_of[memory_id] = at
        self._placed = True
        self._groups_changed = False
        self._saved_seq = seq

    def _save_groups(self, seq: int) -> None:
        """Write the source groups beside the side indexes (0600), saved at event ``seq``."""
        file = self._groups_file()
        if file is None or not self._placed:
            return
        file.parent.mkdir(parents=True, exist_ok=True)
        data = {"seq": seq, "groups": [
            {"key": list(key), "members": [[t, i] for t, i in members]}
            for key, members in self._groups.items() if members]}
        partial = file.with_name(file.name + ".partial")
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(partial, file)
        self._groups_changed = False
        self._saved_seq = seq

    def grouped(self) -> bool:
        """Whether any memory has a source group (else every window is the memory alone)."""
        with self._lock:
            self._ensure_placed()
            return bool(self._group_of)

    def neighbours(self, memory_ids: Iterable[str]) -> dict[str, list[str]]:
        """Each memory's window in time order (the memory included; itself alone when it has
        no source group or is unknown)."""
        with self._lock:
            self._ensure_placed()
            return {i: self._neighbour_ids(i) for i in memory_ids}

    def close(self) -> None:
        """Record whether the side indexes are in step, then close them."""
        with self._lock:
            if self._synced and (not self._stale or not self._indexes()):
                last = self.ctx.records.last_event()
                seq = last.seq if last else 0
                if self._groups_changed or self._saved_seq != seq:
                    self._save_groups(seq)
                self.ctx.records.set_meta(META_NAMESPACE, self.spec.key(), seq)
            else:
                self.ctx.records.set_meta(META_NAMESPACE, self.spec.key(), None)
            for index in self._indexes():
                index.close()

    # write path ------------------------------------------------------------------------------

    def _place(self, memory: Memory) -> None:
        if self.spec.view != "window" or memory.id in self._group_of:
            return
        key = group_key(memory, self.spec.group_by)
        if key is None:
            return
        self._group_of[memory.id] = key
        at_time = memory.created_at.timestamp()
        self._time_of[memory.id] = at_time
        self._groups_changed = True
        members = self._groups.setdefault(key, [])
        entry = (at_time, memory.id)
        at = bisect.bisect_left(members, entry)
        members.insert(at, entry)
        self._forget_windows(members, at)

    def _unplace(self, memory_id: str) -> None:
        key = self._group_of.pop(memory_id, None)
        if key is None:
            return
        members = self._groups[key]
        at = self._position(members, memory_id)
        self._forget_windows(members, at)
        del members[at]
        del self._time_of[memory_id]
        self._groups_changed = True

    def _forget_windows(self, members: list[tuple[float, str]], at: int) -> None:
        """Drop the kept windows a change at ``at`` of a group moves: those of the members
        at most ``window`` places away (the others' windows lie on one side of it)."""
        w = self.spec.window
        for _, memory_id in members[max(0, at - w) : at + w + 1]:
            self._windows.pop(memory_id, None)

    def _neighbour_ids(self, memory_id: str) -> list[str]:
        """The memory's window in time order (the memory included; kept until a write moves
        it, so a search's lookups are mostly dictionary reads). Read only."""
        self._ensure_placed()
        kept = self._windows.get(memory_id)
        if kept is not None:
            return kept
        key = self._group_of.get(memory_id)
        if key is None:
            return [memory_id]
        members = self._groups[key]
        at = self._position(members, memory_id)
        w = self.spec.window
        window = [m[1] for m in members[max(0, at - w) : at + w + 1]]
        self._windows[memory_id] = window
        return window

    def _position(self, members: list[tuple[float, str]], memory_id: str) -> int:
        """Where the memory sits in its group (a binary search: groups can be large, such as
        every plain memory of a scope)."""
        entry = (self._time_of[memory_id], memory_id)
        at = bisect.bisect_left(members, entry)
        if at == len(members) or members[at] != entry:
            raise KeyError(memory_id)
        return at

    def added(self, memory: Memory) -> None:
        """A memory was written: it and the neighbours whose window now holds it are stale."""
        with self._lock:
            self._ensure_placed()
            self._place(memory)
            if self._indexes():
                self._stale.update(self._neighbour_ids(memory.id))

    def updated(self, before: Memory, after: Memory) -> None:
        """A memory changed: its old and new neighbours and itself are stale."""
        with self._lock:
            self._ensure_placed()  # the records may hold `after` already: place `before`
            self._unplace(before.id)
            self._place(before)
            self._stale.update(self._neighbour_ids(before.id))
            self._unplace(before.id)
            self._place(after)
            self._stale.update(self._neighbour_ids(after.id))

    def deleted(self, memory: Memory) -> None:
        """A memory is gone: its rows go, its neighbours are stale."""
        with self._lock:
            self._ensure_placed()  # the records may no longer hold it: place it
            self._place(memory)
            neighbours = [i for i in self._neighbour_ids(memory.id) if i != memory.id]
            self._unplace(memory.id)
            self._drop([memory.id])
            self._stale.discard(memory.id)
            self._stale.update(neighbours)

    def _drop(self, memory_ids: Iterable[str]) -> None:
        rows = [r for i in memory_ids for r in self._rows.pop(i, [])]
        self._row_count -= len(rows)
        if rows:
            for index in self._indexes():
                index.delete(rows)

    # read path -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild the rows of every stale memory (one batch, one embedding call)."""
        with self._lock:
            if not self._synced:
                self.sync()
            if not self._stale:
                return
            stale, self._stale = sorted(self._stale), set()
            windows = {i: self._neighbour_ids(i) for i in stale}
            wanted = {n for ids in windows.values() for n in ids}
            memories = self.ctx.records.get_memories(wanted)
            self._drop(stale)
            rows: list[Memory] = []
            texts: list[str] = []
            for memory_id in stale:
                memory = memories.get(memory_id)
                if memory is None:
                    continue
                neighbours = {memory_id: [memories[n] for n in windows[memory_id]
                                          if n in memories]}
                for n, text in enumerate(texts_for(memory, self.spec, neighbours)):
                    row_id = f"{memory_id}{ROW_SEP}{n}"
                    self._rows.setdefault(memory_id, []).append(row_id)
                    self._row_count += 1
                    rows.append(memory.model_copy(update={
                        "id": row_id, "content": text, "title": None, "tags": []}))
                    texts.append(text)
            if not rows:
                return
            if self.lexical is not None:
                self.lexical.upsert(rows)
            if self.vectors is not None and self.spec.pool == "mean":
                self._upsert_pooled(stale, windows, rows)
            elif self.vectors is not None and self.ctx.embedder is not None:
                vectors = np.asarray(self.ctx.embedder.embed_batch(texts), dtype=np.float32)
                self.vectors.upsert(rows, vectors)

    def _upsert_pooled(self, stale: Sequence[str], windows: dict[str, list[str]],
                       rows: Sequence[Memory]) -> None:
        """One dense row per memory: the weighted mean of the vectors the records hold for
        it and its neighbours; a memory without a stored vector has none."""
        assert self.vectors is not None
        first = {memory_of(r.id): r for r in rows}
        stored = self.ctx.records.get_embeddings({n for i in stale for n in windows[i]})
        put: list[Memory] = []
        pooled: list[np.ndarray] = []
        for memory_id in stale:
            row = first.get(memory_id)
            if row is None or memory_id not in stored:
                continue
            members = [n for n in windows[memory_id] if n in stored]
            weights = [1.0 if n == memory_id else self.spec.neighbour_weight for n in members]
            put.append(row)
            pooled.append(pooled_vector([stored[n] for n in members], weights))
        if put:
            self.vectors.upsert(put, np.stack(pooled))

    def rows_of(self, memory_id: str) -> list[str]:
        """The side-index row ids of a memory (after bringing stale rows up to date)."""
        self.refresh()
        with self._lock:
            return list(self._rows.get(memory_id, []))

    def _depth(self, k: int, fanout: int) -> int:
        """Rows to fetch for ``k`` memories: ``k`` times the mean rows per memory (rounded
        up), at most ``k * fanout``."""
        memories = len(self._rows)
        rows = self._row_count
        per_memory = -(-rows // memories) if memories else 1
        return k * max(1, min(fanout, per_memory))

    def search_lexical(self, query: Query, k: int, agg: Aggregate) -> list[Candidate]:
        """The best ``k`` memories by their rows' BM25 scores."""
        self.refresh()
        if self.lexical is None:
            return []
        rows = self.lexical.search(query, self._depth(k, agg.fanout))
        return collapse(rows, agg.how, k, top=agg.top, share=agg.share)

    def search_dense(self, vector: np.ndarray, query: Query, k: int, agg: Aggregate
                     ) -> list[Candidate]:
        """The best ``k`` memories by their rows' cosine similarity to ``vector``."""
        self.refresh()
        if self.vectors is None:
            return []
        rows = self.vectors.search(vector, query, self._depth(k, agg.fanout))
        return collapse(rows, agg.how, k, top=agg.top, share=agg.share)


def representation_index(ctx: Context, spec: ViewSpec) -> RepresentationIndex:
    """The context's side index for ``spec`` (made on first use, shared by its retrievers)."""
    indexes: dict[str, RepresentationIndex] = ctx.services.setdefault(META_NAMESPACE, {})
    key = spec.key()
    if key not in indexes:
        indexes[key] = RepresentationIndex(ctx, spec)
    return indexes[key]


def indexes_of(services: Services) -> list[RepresentationIndex]:
    """Every side index the engine holds (``engine.services``)."""
    return list((services.get(META_NAMESPACE) or {}).values())
