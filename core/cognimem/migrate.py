"""Move a store from one record store to another (DuckDB to PostgreSQL and back), resumably.

:func:`migrate_records` copies through :class:`~cognimem.components.RecordStore` methods
only, so it works between any two persistent stores: memories with their ids, embeddings
and access history, then edges, the event log verbatim (the hash chain stays valid), and
the graveyard. Derived indexes are not copied: the target's are rebuilt from its records
when an engine next opens it (the postgres store's follow its records by themselves).
Plugin metadata (``set_meta``) belongs to the source's components and stays behind.

Resuming: each batch commits together with a progress record in the target's metadata
(namespace ``migrate``), so a migration stopped by an error, a Ctrl-C or a kill starts again
where it stopped when run again: memories after the last committed id, events after the
target's newest one. A target that holds data but no progress record from this source is
refused, untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel

from .clock import SystemClock
from .components import RecordStore
from .context import Context
from .errors import InvalidInput, ProfileError
from .events import verify_chain
from .models import Access, EmbeddingSignature, Memory
from .plugins import PluginHost
from .profile import Profile

#: The metadata namespace and key of the progress record in the target.
PROGRESS = ("migrate", "progress")
#: Called with (stage, done, total or None) as the copy advances.
Progress = Callable[[str, int, int | None], None]


class MigrationReport(BaseModel):
    """What a migration copied (counts include what earlier, resumed runs copied)."""

    memories: int = 0
    embeddings: int = 0
    accesses: int = 0
    edges: int = 0
    events: int = 0
    graves: int = 0
    resumed: bool = False
    chain_ok: bool = True


@contextmanager
def open_records(profile: Profile) -> Iterator[RecordStore]:
    """The record store a profile names, opened on its ``path`` without the rest of an engine.

    :raises ProfileError: the store is unknown or in memory (nothing to migrate).
    """
    path = profile.store_path()
    host = PluginHost(allow=profile.plugins.allow, deny=profile.plugins.deny,
                      modules=profile.plugins.modules, files=profile.plugins.files,
                      entrypoints=profile.plugins.entrypoints)
    registration = host.get("records", profile.records.use)
    if registration is None:
        raise ProfileError(f"profile {profile.name!r}: record store "
                           f"{profile.records.use!r} is not installed")
    cls = registration.obj
    if not cls.persistent or path is None:
        raise ProfileError(f"profile {profile.name!r} keeps its records in memory: a migration "
                           "needs a persistent store at both ends (set `path`)")
    store: RecordStore = cls(cls.Options(**profile.records.options))
    ctx = Context(path=path, clock=SystemClock(), seed=profile.seed, records=store,
                  lexical=None, vectors=None, embedder=None, hook=host.pm.hook,
                  profile=profile)
    store.open(ctx)
    try:
        yield store
    finally:
        store.close()


def source_identity(source: RecordStore) -> str:
    """What names a source across runs: its kind and the hash of its first event."""
    first = next(source.iter_events(), None)
    return f"{source.name}:{first.hash if first else 'no-events'}"


def migrate_records(source: RecordStore, target: RecordStore, *, batch: int = 500,
                    progress: Progress | None = None) -> MigrationReport:
    """Copy everything from ``source`` into ``target`` (see the module docstring).

    :raises InvalidInput: the target holds other data, or ``batch`` is not positive.
    """
    if batch < 1:
        raise InvalidInput("--batch must be at least 1")
    tell = progress or (lambda stage, done, total: None)
    ident = source_identity(source)
    state: dict[str, Any] | None = target.get_meta(*PROGRESS)
    report = MigrationReport()
    if state is None or state.get("source") != ident:
        if target.count_memories() or target.last_event() is not None:
            raise InvalidInput(
                "the target store already holds memories or events, and no unfinished "
                "migration from this source: migrate into a new, empty store (another `path` "
                "or `schema`)")
        state = {"source": ident, "after": "", "counts": report.model_dump()}
    else:
        report = MigrationReport.model_validate({**state["counts"], "resumed": True})
    _copy_memories(source, target, state, report, batch, tell)
    _copy_rest(source, target, state, report, batch, tell)
    report.chain_ok = not verify_chain(target.iter_events())
    state["done"] = True
    state["counts"] = report.model_dump()
    target.set_meta(*PROGRESS, state)
    return report


def _copy_memories(source: RecordStore, target: RecordStore, state: dict[str, Any],
                   report: MigrationReport, batch: int, tell: Progress) -> None:
    """Memories, their embeddings and accesses, a batch per transaction, in id order."""
    total = source.count_memories()
    done = report.memories
    tell("memories", done, total)
    page: list[Memory] = []

    def flush() -> None:
        nonlocal done
        ids = [m.id for m in page]
        vectors = source.get_embeddings(ids)
        times = source.access_times(ids)
        with target.transaction():
            target.put_memories(page)
            groups: dict[tuple[str, int], dict[str, Any]] = {}
            for m in page:
                if m.id in vectors and m.embedding is not None:
                    key = (m.embedding.model, m.embedding.dim)
                    groups.setdefault(key, {})[m.id] = vectors[m.id]
            for (model, dim), group in groups.items():
                target.put_embeddings(group, EmbeddingSignature(model=model, dim=dim))
            accesses = [Access(memory_id=i, at=at) for i in ids for at in times[i]]
            target.add_accesses(accesses)
            report.memories += len(page)
            report.embeddings += sum(len(g) for g in groups.values())
            report.accesses += len(accesses)
            state["after"] = ids[-1]
            state["counts"] = report.model_dump()
            target.set_meta(*PROGRESS, state)
        done += len(page)
        tell("memories", done, total)
        page.clear()

    for memory in source.iter_memories():
        if memory.id <= state["after"]:
            continue
        page.append(memory)
        if len(page) >= batch:
            flush()
    if page:
        flush()


def _copy_rest(source: RecordStore, target: RecordStore, state: dict[str, Any],
               report: MigrationReport, batch: int, tell: Progress) -> None:
    """Edges (idempotent), events after the target's newest, then the graveyard."""
    edges = []
    report.edges = 0
    for edge in source.iter_edges():
        edges.append(edge)
        if len(edges) >= batch:
            target.put_edges(edges)
            report.edges += len(edges)
            tell("edges", report.edges, None)
            edges = []
    target.put_edges(edges)
    report.edges += len(edges)
    tell("edges", report.edges, None)
    last = source.last_event()
    total = last.seq if last else 0
    head = target.last_event()
    after = head.seq if head else 0
    pending = []
    append = getattr(target, "append_events", None)
    for event in source.iter_events(after_seq=after):
        pending.append(event)
        if len(pending) >= batch:
            _append(target, append, pending)
            tell("events", pending[-1].seq, total)
            pending = []
    _append(target, append, pending)
    report.events = total
    tell("events", total, total)
    graves = source.graves()
    with target.transaction():
        for entry in graves:
            target.add_grave(entry)
    report.graves = len(graves)
    tell("graveyard", len(graves), len(graves))


def _append(target: RecordStore, append: Any, events: list[Any]) -> None:
    if not events:
        return
    with target.transaction():
        if append is not None:
            append(events)
        else:
            for event in events:
                target.append_event(event)
