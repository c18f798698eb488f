"""Export and import a whole store as portable JSON: memories, edges, events, graveyard.

:func:`export_store` returns plain JSON data::

    {"format": "cognimem-export", "version": 1, "exported_at": ..., "cognimem": "0.1.0",
     "profile": ..., "embedding": {"model", "dim"} | null,
     "memories": [...], "edges": [...], "events": [...], "graveyard": [...],
     "accesses": [{"memory_id", "at"}, ...],
     "meta": {namespace: {key: value}}}

``meta`` is the metadata of :mod:`.meta` (sync offsets, the conflict log).

Embeddings are not exported (they belong to a model, and are remade on import).

:func:`import_store` validates the whole file before writing anything — a malformed file
raises :class:`~cognimem.errors.InvalidInput` naming the entry and field, and changes
nothing — then embeds the imported memories with the engine's embedder and writes them in
units of :data:`IMPORT_BATCH` memories, each one record-store transaction (all or nothing
per unit; :func:`import_steps`, which the daemon runs as a job between other callers'
searches and writes). Two modes:

* **restore** — into an empty store (no memories, no events): ids, events (the hash chain,
  verbatim), graveyard and access history are kept as they were; a round trip gives back
  the same store.
* **merge** — into a store that already has memories (or events): every imported memory
  gets a new id, and the ids are remapped wherever they appear (edges, ``supersedes`` /
  ``superseded_by``, provenance, graveyard, accesses). A memory whose content and scope
  already exist (hash dedup, as the profile's ``write.dedup`` says) is not imported twice:
  references to it point at the existing memory. The file's events belong to another
  store's hash chain and are not replayed; an ``import`` event per memory and a ``relate``
  event per edge are logged instead.

An import that is not ``trusted`` passes every memory through the prepare hooks (the
guard), in chunks shown first to the ``cognimem_memory_prepare_many`` hooks as
``add_many``'s; a trusted one bypasses them. Both call ``cognimem_memory_added`` for every
imported memory after its unit's commit, and the derived indexes take each unit's memories
after its commit.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from pydantic import BaseModel, Field, ValidationError

from .. import __version__
from ..components import GraveEntry
from ..errors import InvalidInput
from ..events import next_event, verify_chain
from ..limits import quote
from ..models import Access, Edge, Event, Memory, MemoryDraft, content_hash, embedding_text
from ..models.ranges import edge_problems, memory_problems
from .meta import export_meta, parse_meta, restore_meta
from .steps import Sizer, Step, Steps, drive
from .write import AHEAD

if TYPE_CHECKING:
    from .kernel import Kernel

#: The ``format`` marker of an export.
FORMAT = "cognimem-export"
#: The export format version this code writes and the newest it reads.
FORMAT_VERSION = 1
_EMBED_BATCH = 256
#: The most memories an import writes per unit (one transaction, one index batch); units
#: are sized to last about ``steps.UNIT_SECONDS`` (:class:`~.steps.Sizer`).
IMPORT_BATCH = 256
#: The form of the ids the engine gives memories (``Engine._new_id``).
MEMORY_ID = re.compile(r"m[0-9a-f]{15}")


class ImportReport(BaseModel):
    """What an import did."""

    mode: Literal["restore", "merge"]
    memories: int = Field(default=0, description="memories written")
    duplicates: int = Field(default=0, description="memories already present (not written again)")
    edges: int = 0
    events: int = Field(default=0, description="events restored (restore) or logged (merge)")
    graves: int = 0
    accesses: int = 0
    embedded: int = Field(default=0, description="memories embedded with the engine's embedder")
    id_map: dict[str, str] = Field(default_factory=dict,
                                   description="file id -> store id, for every changed id")
    notes: list[str] = Field(default_factory=list)
    trusted: bool = Field(default=False, description=(
        "written as exported (an export of this same store), not screened by the guard"))
    screened: int = Field(default=0, description=(
        "memories the guard changed (credentials redacted, injection flagged)"))


def export_store(engine: Kernel) -> dict[str, Any]:
    """The engine's whole store as JSON-serialisable data (see the module docstring)."""
    records = engine.records
    memories = list(records.iter_memories())
    ids = [m.id for m in memories]
    times = records.access_times(ids)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": engine.now().isoformat(),
        "cognimem": __version__,
        "profile": engine.profile.name,
        "embedding": engine.embedder.signature.model_dump() if engine.embedder else None,
        "memories": [m.model_dump(mode="json") for m in memories],
        "edges": [e.model_dump(mode="json") for e in records.iter_edges()],
        "events": [e.model_dump(mode="json") for e in records.iter_events()],
        "graveyard": [g.model_dump(mode="json") for g in records.graves()],
        "accesses": [{"memory_id": i, "at": t.isoformat()} for i in ids for t in times[i]],
        "meta": export_meta(records),
    }


class _Parsed:
    """An export file, validated into models."""

    def __init__(self, memories: list[Memory], edges: list[Edge], events: list[Event],
                 graves: list[GraveEntry], accesses: list[Access],
                 meta: dict[str, dict[str, Any]] | None = None) -> None:
        self.meta = meta or {}
        self.memories = memories
        self.edges = edges
        self.events = events
        self.graves = graves
        self.accesses = accesses


def import_store(engine: Kernel, data: Mapping[str, Any], *,
                 trusted: bool = False) -> ImportReport:
    """Import an export into the engine's store (see the module docstring and
    :func:`import_steps`, run here to the end).

    :raises InvalidInput: the data is not a valid export (nothing was written).
    :raises StoreError: the store failed while writing (the batch was rolled back).
    """
    return drive(import_steps(engine, data, trusted=trusted))


def import_steps(engine: Kernel, data: Mapping[str, Any], *, trusted: bool = False,
                 batch: int = IMPORT_BATCH) -> Steps[ImportReport]:
    """The import as steps (:mod:`.steps`): the whole file validated, planned and screened
    before anything is written (a bad file, or a refusal of the guard, writes nothing), then
    written in units of at most ``batch`` memories, sized to last about
    :data:`.steps.UNIT_SECONDS` each, each unit one transaction (the memories, their
    embeddings, their events, graveyard entries and accesses, and the edges whose two ends
    are written by then), indexed and announced after its commit. An export is untrusted
    input, made elsewhere: every memory passes the write pipeline's guard (the prepare
    hooks, and the text hooks for edge types and reasons) unless ``trusted``.

    What each part needs of the store (:data:`.steps.Hold`): the file's validation none;
    planning, screening (in units, sized the same way) and writing only that no other write
    runs beside them (an import only adds); embedding a unit's memories none. A step's
    ``done`` counts the memories written, its ``total`` those to write. Stopped
    between steps, the import keeps the units it committed (the report counts them) and
    writes none of the rest.
    """
    yield Step(0, None, hold="none")  # validating the file needs no store
    if not trusted:  # free text the models would normalise, cleaned as given (tags)
        data = _clean_raw_memories(engine, data)
    parsed = _parse(data, engine.profile.write.max_content_chars)
    yield Step(0, None, hold="writes")
    records = engine.records
    restore = records.count_memories() == 0 and records.last_event() is None
    plan = _plan_restore(parsed) if restore else _plan_merge(engine, parsed)
    report, memories, edges, graves, accesses = plan
    report.trusted = trusted
    if not trusted:  # through the guard in units; a refusal still writes nothing
        screened: list[Memory] = []
        sizer = Sizer(most=batch)
        while len(screened) < len(memories):
            began = time.perf_counter()
            part = memories[len(screened) : len(screened) + sizer.size]
            chunk, _e, _g, changed = _screen(engine, part, [], [])
            sizer.took(len(part), time.perf_counter() - began)
            screened += chunk
            report.screened += changed
            yield Step(0, None, report, hold="writes")
        _m, edges, graves, _c = _screen(engine, [], edges, graves)
        kept = {m.id: m for m in screened}
        graves = [g.model_copy(update={"memory": kept.get(g.memory.id, g.memory)})
                  for g in graves]
        memories = screened
        if report.screened:
            report.notes.append(f"the guard changed {report.screened:,} imported memories "
                                "(credentials redacted or injection flagged)")
    signature = engine.embedder.signature if engine.embedder is not None else None
    for memory in memories:
        memory.embedding = signature
    later = _with_their_memories(memories, edges, graves, accesses)
    total = len(memories)
    sizer = Sizer(most=batch)
    while True:
        start = report.memories
        chunk = memories[start : start + sizer.size]
        yield Step(start, total, report, hold="none")  # embedding needs no store
        vectors = _embed(engine, chunk)
        if not trusted:  # the guard with the vectors (a refusal stops before this unit)
            report.screened += _judge(engine, chunk, vectors)
        yield Step(start, total, report, hold="writes")
        began = time.perf_counter()
        chunk_edges, chunk_graves, chunk_accesses = later.take(start + len(chunk))
        with engine.transaction():
            if restore and start == 0:
                records.append_events(parsed.events)
                report.events = len(parsed.events)
                restore_meta(records, parsed.meta)
            elif not restore:
                report.events += _log_merge(engine, chunk, chunk_edges, report.id_map)
            records.put_memories(chunk)
            if vectors is not None and signature is not None:
                records.put_embeddings({m.id: v for m, v in zip(chunk, vectors, strict=True)},
                                       signature)
            records.put_edges(chunk_edges)
            for grave in chunk_graves:
                records.add_grave(grave)
            records.add_accesses(chunk_accesses)
            engine.index(chunk, vectors)  # after the commit, with the unit's batch
            for memory in chunk:
                engine.notify("cognimem_memory_added", memory=memory)
        sizer.took(len(chunk), time.perf_counter() - began)
        report.memories += len(chunk)
        report.edges += len(chunk_edges)
        report.graves += len(chunk_graves)
        report.accesses += len(chunk_accesses)
        report.embedded += 0 if vectors is None else len(chunk)
        if report.memories >= total:
            break
    yield Step(total, total, report)
    return report


class _Later:
    """The edges, graveyard entries and accesses of an import, each waiting for the unit
    that writes the last of its memories (one to memories already in the store: the
    first), so that every unit leaves a whole store."""

    def __init__(self) -> None:
        self.by_end: dict[int, tuple[list[Edge], list[GraveEntry], list[Access]]] = {}

    def at(self, end: int) -> tuple[list[Edge], list[GraveEntry], list[Access]]:
        return self.by_end.setdefault(end, ([], [], []))

    def take(self, upto: int) -> tuple[list[Edge], list[GraveEntry], list[Access]]:
        """What can be written once the first ``upto`` memories are."""
        out: tuple[list[Edge], list[GraveEntry], list[Access]] = ([], [], [])
        for end in sorted(e for e in self.by_end if e <= upto):
            edges, graves, accesses = self.by_end.pop(end)
            out[0].extend(edges)
            out[1].extend(graves)
            out[2].extend(accesses)
        return out


def _with_their_memories(memories: list[Memory], edges: list[Edge],
                         graves: list[GraveEntry], accesses: list[Access]) -> _Later:
    after = {m.id: i + 1 for i, m in enumerate(memories)}  # written once this many are
    later = _Later()
    for edge in edges:
        later.at(max(after.get(edge.source, 0), after.get(edge.target, 0)))[0].append(edge)
    for grave in graves:
        later.at(after.get(grave.memory.id, 0))[1].append(grave)
    for access in accesses:
        later.at(after.get(access.memory_id, 0))[2].append(access)
    return later


# validation ----------------------------------------------------------------------------------


def _parse(data: Mapping[str, Any], max_chars: int) -> _Parsed:
    if not isinstance(data, Mapping):
        raise InvalidInput(f"an export must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise InvalidInput(
            f"this is not a cognimem export (its `format` is {data.get('format')!r}, expected "
            f"{FORMAT!r}): export a store with `cognimem export`"
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InvalidInput(f"the export's `version` must be a positive integer, not {version!r}")
    if version > FORMAT_VERSION:
        raise InvalidInput(
            f"the export has format version {version}, newer than this cognimem reads "
            f"({FORMAT_VERSION}): upgrade cognimem (`pip install -U cognimem`) to import it"
        )
    memories = _models(data, "memories", Memory)
    edges = _models(data, "edges", Edge)
    events = _models(data, "events", Event)
    graves = _models(data, "graveyard", GraveEntry)
    accesses = _models(data, "accesses", Access)
    ids: set[str] = set()
    for i, memory in enumerate(memories):
        memory.content_hash = content_hash(memory.content)  # never trust the file's hash
        if not MEMORY_ID.fullmatch(memory.id):
            raise InvalidInput(f"memories[{i}]: the id {quote(memory.id)} is not of this "
                               "store's form (`m` and 15 hexadecimal digits)")
        if memory.id in ids:
            raise InvalidInput(f"memories[{i}]: the id {memory.id!r} appears twice")
        ids.add(memory.id)
        _in_range(f"memories[{i}] ({memory.id})", memory_problems(memory))
        if len(memory.content) > max_chars:
            raise InvalidInput(
                f"memories[{i}] ({memory.id}): content is {len(memory.content):,} characters; "
                f"the limit is {max_chars:,} (profile key `write.max_content_chars`)"
            )
    keys: set[tuple[str, str, str]] = set()
    for i, edge in enumerate(edges):
        if edge.key in keys:
            raise InvalidInput(f"edges[{i}]: the edge {edge.key} appears twice")
        _in_range(f"edges[{i}]", edge_problems(edge))
        keys.add(edge.key)
    for i, grave in enumerate(graves):
        _in_range(f"graveyard[{i}]", memory_problems(grave.memory))
        if grave.memory.id not in ids:
            raise InvalidInput(f"graveyard[{i}]: memory {grave.memory.id!r} is not among the "
                               "export's memories")
    for i, access in enumerate(accesses):
        if access.memory_id not in ids:
            raise InvalidInput(f"accesses[{i}]: memory {access.memory_id!r} is not among the "
                               "export's memories")
    problems = verify_chain(events)
    if problems:
        raise InvalidInput(
            f"the export's event log is broken ({problems[0]}"
            f"{f' and {len(problems) - 1} more' if len(problems) > 1 else ''}): the file was "
            "changed after it was exported or is truncated"
        )
    return _Parsed(memories, edges, events, graves, accesses,
                   parse_meta(data.get("meta") or {}))


def _in_range(where: str, problems: list[str]) -> None:
    """Refuse a record outside the ranges the stores and indexes rely on (a version below
    1, a negative counter...): it would be written, then fail to index."""
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InvalidInput(f"{where}: {problems[0]}{more}")


def _models(data: Mapping[str, Any], key: str, model: type[BaseModel]) -> list[Any]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise InvalidInput(f"the export's `{key}` must be a list, not {type(items).__name__}")
    out = []
    for i, item in enumerate(items):
        _refuse_naive_times(item, f"{key}[{i}]")
        try:
            out.append(model.model_validate(item))
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"])
            more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
            raise InvalidInput(
                f"{key}[{i}]{'.' + where if where else ''}: "
                f"{error['msg'].removeprefix('Value error, ')}{more}"
            ) from None
    return out


_STAMPS = frozenset({"created_at", "updated_at", "last_accessed_at", "valid_from",
                     "valid_until", "at", "archived_at", "last_used_at"})


def _refuse_naive_times(item: Any, where: str) -> None:
    """An export writes every time with its zone: a time without one is refused."""
    if not isinstance(item, Mapping):
        return
    for name, value in item.items():
        if isinstance(value, Mapping):
            _refuse_naive_times(value, f"{where}.{name}")
        elif name in _STAMPS and isinstance(value, str):
            try:
                stamp = datetime.fromisoformat(value)
            except ValueError:
                continue  # the model names the malformed value
            if stamp.tzinfo is None:
                raise InvalidInput(f"{where}.{name}: the time {quote(value)} has no time zone "
                                   "(write it as e.g. 2025-01-01T00:00:00+00:00)")


# planning ------------------------------------------------------------------------------------

_Plan = tuple[ImportReport, list[Memory], list[Edge], list[GraveEntry], list[Access]]


def _plan_restore(parsed: _Parsed) -> _Plan:
    return (ImportReport(mode="restore"), parsed.memories, parsed.edges, parsed.graves,
            parsed.accesses)


def _plan_merge(engine: Kernel, parsed: _Parsed) -> _Plan:
    report = ImportReport(mode="merge", notes=[
        f"{len(parsed.events)} events of the exported store were not replayed (they belong "
        "to its own hash chain); an `import` event was logged per memory instead"
    ] if parsed.events else [])
    if parsed.meta:
        report.notes.append("the export's sync offsets and conflict log were not imported "
                            "(they refer to its own events and ids)")
    records = engine.records
    last = records.last_event()
    seq = last.seq if last else 0
    dedup = engine.profile.write.dedup == "hash"
    id_map: dict[str, str] = {}
    fresh: list[Memory] = []
    seen: dict[tuple[str, str], str] = {}
    for memory in parsed.memories:
        key = (memory.content_hash, memory.scope.model_dump_json())
        if dedup and not memory.archived:
            twin = seen.get(key) or next(
                (m.id for m in records.find_by_hash(memory.content_hash)
                 if m.scope == memory.scope and not m.archived), None)
            if twin is not None:
                id_map[memory.id] = twin
                report.duplicates += 1
                continue
        seq += 1
        id_map[memory.id] = _new_id(engine.profile.seed, seq, f"import:{memory.id}")
        seen.setdefault(key, id_map[memory.id])
        fresh.append(memory)
    _avoid_collisions(engine, [m.id for m in fresh], id_map)
    dropped = 0
    remapped: list[Memory] = []
    for memory in fresh:
        links = {}
        for field in ("supersedes", "superseded_by"):
            target = getattr(memory, field)
            if target is not None:
                links[field] = id_map.get(target)
                dropped += links[field] is None
        remapped.append(memory.model_copy(update={
            "id": id_map[memory.id],
            "provenance": [id_map.get(p, p) for p in memory.provenance],
            **links,
        }))
    if dropped:
        report.notes.append(f"{dropped} supersession links pointed outside the export and "
                            "were cleared")
    written = {m.id for m in remapped}
    edges = [e.model_copy(update={"source": id_map.get(e.source, e.source),
                                  "target": id_map.get(e.target, e.target),
                                  "provenance": [id_map.get(p, p) for p in e.provenance]})
             for e in parsed.edges]
    edges = list({e.key: e for e in edges}.values())
    by_id = {m.id: m for m in remapped}
    graves = [g.model_copy(update={"memory": by_id[id_map[g.memory.id]]})
              for g in parsed.graves if id_map[g.memory.id] in written]
    accesses = [a.model_copy(update={"memory_id": id_map[a.memory_id]})
                for a in parsed.accesses if id_map[a.memory_id] in written]
    report.id_map = {old: new for old, new in id_map.items() if old != new}
    return report, remapped, edges, graves, accesses


def _new_id(seed: int, seq: int, salt: str) -> str:
    """A memory id in the engine's style (``m`` + 15 hex digits)."""
    return "m" + hashlib.sha256(f"{seed}:{seq}:{salt}".encode()).hexdigest()[:15]


def _avoid_collisions(engine: Kernel, olds: Sequence[str], id_map: dict[str, str]) -> None:
    """Re-draw the new ids (of ``olds``) that an existing memory or another new id has."""
    todo = list(olds)
    rounds = 0
    while todo:
        rounds += 1
        counts: dict[str, int] = {}
        for new in id_map.values():
            counts[new] = counts.get(new, 0) + 1
        existing = engine.records.get_memories([id_map[o] for o in todo])
        todo = [o for o in todo if id_map[o] in existing or counts[id_map[o]] > 1]
        for old in todo:
            id_map[old] = _new_id(engine.profile.seed, rounds, f"import:{old}:{id_map[old]}")


def _log_merge(engine: Kernel, memories: Sequence[Memory], edges: Sequence[Edge],
               id_map: Mapping[str, str]) -> int:
    """Append an ``import`` event per memory and a ``relate`` event per edge."""
    back = {new: old for old, new in id_map.items()}
    last = engine.records.last_event()
    now: datetime = engine.now()
    events: list[Event] = []
    for memory in memories:
        last = next_event(last, now, "import", memory.id, None, {
            "from": back.get(memory.id, memory.id), "hash": memory.content_hash,
            "kind": memory.kind, "layer": memory.layer, "version": memory.version})
        events.append(last)
    for edge in edges:
        last = next_event(last, now, "relate", edge.source, None,
                          {"target": edge.target, "type": edge.type, "weight": edge.weight})
        events.append(last)
    engine.records.append_events(events)
    return len(events)




def _embed(engine: Kernel, memories: Sequence[Memory]) -> np.ndarray | None:
    """Embed the memories' text with the engine's embedder, in batches."""

    embedder = engine.embedder
    if embedder is None or not memories:
        return None
    parts = []
    for start in range(0, len(memories), _EMBED_BATCH):
        chunk = memories[start : start + _EMBED_BATCH]
        vectors = np.asarray(embedder.embed_batch([embedding_text(m) for m in chunk]),
                             dtype=np.float32)
        if vectors.shape != (len(chunk), embedder.dimension):
            raise InvalidInput(
                f"embedder {embedder.name!r} returned shape {vectors.shape}, expected "
                f"{(len(chunk), embedder.dimension)}: its `dimension` does not match its model"
            )
        parts.append(vectors)
    return np.concatenate(parts)


def _screen(engine: Kernel, memories: list[Memory], edges: list[Edge],
            graves: list[GraveEntry]) -> tuple[list[Memory], list[Edge], list[GraveEntry], int]:
    """The import's memories, edges and graveyard reasons through the guard, as a write's
    (a refusal refuses the whole import: nothing is written); how many memories changed."""
    from .types import PreparedWrite

    out: list[Memory] = []
    changed = 0
    for start in range(0, len(memories), AHEAD):
        # (#39/#45 wave 13) as ``add_many``: a chunk's drafts shown together to the
        # ``cognimem_memory_prepare_many`` hooks, then prepared one by one
        part = memories[start : start + AHEAD]
        drafts = [_draft(engine, memory) for memory in part]
        engine.hook.cognimem_memory_prepare_many(drafts=drafts, engine=engine.engine)
        try:
            for memory, given in zip(part, drafts, strict=True):
                write = PreparedWrite(given, updating=memory.id)
                engine.hook.cognimem_memory_prepare(write=write, engine=engine.engine)
                draft = write.draft
                after = Memory.model_validate({
                    **memory.model_dump(),
                    **draft.model_dump(include={"content", "title", "tags", "source", "meta",
                                                "scope"}),
                    "content_hash": content_hash(draft.content)})
                changed += after != memory
                out.append(after)
        finally:  # the chunk is prepared (or refused): what was kept for it goes
            engine.hook.cognimem_memory_prepare_many(drafts=[], engine=engine.engine)
    kept = {m.id: m for m in out}
    edges = [e.model_copy(update={"type": engine.clean_text(e.type, "edge type")})
             for e in edges]
    graves = [g.model_copy(update={"memory": kept.get(g.memory.id, g.memory),
                                   "reason": engine.clean_text(g.reason, "reason")})
              for g in graves]
    return out, edges, graves, changed


def _draft(engine: Kernel, memory: Memory) -> MemoryDraft:
    """An imported memory's draft, its tags and project through the text guard."""
    raw = memory.model_dump(include=set(MemoryDraft.model_fields))
    raw["tags"] = [engine.clean_text(t, "tag") for t in memory.tags]
    if memory.scope.project:
        raw["scope"]["project"] = engine.clean_text(memory.scope.project, "project")
    return MemoryDraft.model_validate(raw)


def _judge(engine: Kernel, memories: list[Memory], vectors: np.ndarray | None) -> int:
    """The ``cognimem_memory_embedded`` hooks on imported memories with their vectors (the
    guard's semantic judge adds its flag to ``meta``); how many memories they changed."""
    from .types import PreparedWrite

    writes = []
    for memory in memories:
        write = PreparedWrite(MemoryDraft.model_validate(
            memory.model_dump(include=set(MemoryDraft.model_fields))), updating=memory.id)
        write.memory = memory
        writes.append(write)
    before = [dict(m.meta) for m in memories]
    engine.screen_embedded(writes, vectors)
    return sum(m.meta != b for m, b in zip(memories, before, strict=True))


def _clean_raw_memories(engine: Kernel, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The export with each memory's tags and project through the text guard as written
    in the file (validation lowercases tags: a credential's case is its format)."""
    from .rules import clean_raw

    memories = data.get("memories") if isinstance(data, Mapping) else None
    if not isinstance(memories, list):
        return data  # the parser names what is wrong
    cleaned = [clean_raw(m, engine.clean_text) if isinstance(m, Mapping) else m
               for m in memories]
    return {**data, "memories": cleaned}
