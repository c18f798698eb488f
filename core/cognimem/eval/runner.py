"""Running one system over a dataset: a fresh engine per unit, ingest, ask, collect.

Every unit gets its own engine built from the system's profile, with the store path pointed
at a temporary folder that is deleted afterwards (so in-memory and persistent components both
work and nothing leaks between units or into the user's store) and a manual clock: set to the
newest document's time while ingesting, and to each query's ``asked_at`` (else the newest
document's time) while searching. Documents are written with ``Engine.add_many`` in batches;
queries are asked with ``record_access=False`` so answering one question never changes what
the next one sees.

The result is a :class:`SystemRun`: for every query its ranked list of scored ids (a memory is
reported under the docid it was ingested as; a memory several documents collapsed into, by the
engine's dedup or a roll-up, under each of them in order; a memory derived from others under
its provenance's docids; anything else under a placeholder id that is never relevant), with
the search latency, plus the ingest time.

With an :class:`EmbeddingMemo` (``compare(share_embeddings=True)``), every engine's embedder
looks texts up in a table shared by all units and systems of one comparison before it embeds
them, so systems with the same embedder embed each document and query once. Rankings are the
same up to floating-point noise (a text embedded in another batch may differ in the last bits,
which can swap near-ties); ingest times and latencies then leave out the embedding of texts
seen before.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

import numpy as np

from ..clock import ManualClock
from ..components import Embedder
from ..engine import Engine
from ..errors import CognimemError
from ..models import Hit, MemoryDraft, Query
from ..profile import Profile
from .units import EvalUnit

#: Clock start for units whose documents carry no dates.
EPOCH = datetime(2025, 1, 1, tzinfo=UTC)


class RunProgress(Protocol):
    """What the runner reports while it works (a progress bar implements it)."""

    def start(self, system: str, documents: int, queries: int) -> None:
        """A system starts: how many documents and queries it has ahead of it."""

    def documents_done(self, count: int) -> None:
        """``count`` more documents were ingested."""

    def queries_done(self, count: int) -> None:
        """``count`` more queries were answered."""

    def finish(self, system: str) -> None:
        """The system is done."""


@dataclass
class QueryRun:
    """One query's answer: scored ids with scores, best first, and the search latency;
    with a ``[confidence]`` stage, each id's confidence (else None)."""

    qid: str
    ranked: list[tuple[str, float]]
    latency_ms: float
    confidences: list[float] | None = None

    @property
    def ids(self) -> list[str]:
        """The ranked ids alone."""
        return [docid for docid, _ in self.ranked]


@dataclass
class SystemRun:
    """Everything one system produced on a dataset."""

    name: str
    queries: dict[str, QueryRun] = field(default_factory=dict)
    ingest_s: float = 0.0
    documents: int = 0
    memories: int = 0
    units: int = 0
    cached: bool = False
    key: str = ""
    shared_embeddings: bool = False

    def rankings(self) -> dict[str, list[tuple[str, float]]]:
        """Each qid's ranked (docid, score) list, for run files."""
        return {qid: q.ranked for qid, q in self.queries.items()}

    def to_json(self) -> dict[str, Any]:
        """Plain data for the cache (the name is not stored: runs are cached by content)."""
        return {
            "ingest_s": self.ingest_s, "documents": self.documents, "memories": self.memories,
            "units": self.units, "shared_embeddings": self.shared_embeddings,
            "queries": [[q.qid, q.latency_ms, [[d, s] for d, s in q.ranked],
                         *([q.confidences] if q.confidences is not None else [])]
                        for q in self.queries.values()],
        }

    @classmethod
    def from_json(cls, name: str, data: dict[str, Any], key: str = "") -> SystemRun:
        """Rebuild a run read from the cache."""
        run = cls(name=name, ingest_s=float(data["ingest_s"]), documents=int(data["documents"]),
                  memories=int(data["memories"]), units=int(data.get("units", 0)),
                  cached=True, key=key,
                  shared_embeddings=bool(data.get("shared_embeddings", False)))
        for qid, latency, ranked, *rest in data["queries"]:
            run.queries[qid] = QueryRun(qid, [(str(d), float(s)) for d, s in ranked],
                                        float(latency),
                                        [float(c) for c in rest[0]] if rest else None)
        return run


class EmbeddingMemo:
    """Embeddings by embedder identity and text, shared by the engines of one comparison."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, np.ndarray]] = {}

    @staticmethod
    def identity(embedder: Embedder) -> str:
        """What makes two embedders interchangeable: class, model, dimension and options."""
        cls = type(embedder)
        options = embedder.options.model_dump_json()
        return f"{cls.__module__}.{cls.__qualname__}|{embedder.model_id}|" \
               f"{embedder.dimension}|{options}"

    def attach(self, embedder: Embedder) -> None:
        """Make ``embedder`` look texts up here first (and store what it embeds)."""
        table = self.tables.setdefault(self.identity(embedder), {})
        original = embedder.embed_batch

        def embed_batch(texts: Sequence[str]) -> np.ndarray:
            missing = [t for t in dict.fromkeys(texts) if t not in table]
            if missing:
                vectors = np.asarray(original(missing), dtype=np.float32)
                table.update(zip(missing, vectors, strict=True))
            if not texts:
                return np.zeros((0, embedder.dimension), dtype=np.float32)
            return np.stack([table[t] for t in texts])

        embedder.embed_batch = embed_batch  # type: ignore[method-assign]


def run_system(name: str, profile: Profile, units: Sequence[EvalUnit], *, depth: int,
               progress: RunProgress | None = None, plugins: Sequence[object] = (),
               memo: EmbeddingMemo | None = None) -> SystemRun:
    """Ingest every unit into a fresh engine built from ``profile`` and answer its queries.

    :param name: the system's name (for messages and the run).
    :param profile: the system's profile; its ``path`` is replaced by a temporary folder.
    :param units: the dataset's units.
    :param depth: hits asked of each search (``Query.k``).
    :param progress: told about documents ingested and queries answered.
    :param plugins: extra plugin objects for every engine (tests, notebooks).
    :param memo: share embeddings with other systems of the comparison.
    :raises CognimemError: a unit failed; the message names the system and the unit.
    """
    run = SystemRun(name=name, units=len(units))
    if progress is not None:
        progress.start(name, sum(len(u.documents) for u in units),
                       sum(len(u.queries) for u in units))
    for unit in units:
        try:
            _run_unit(run, profile, unit, depth=depth, progress=progress, plugins=plugins,
                      memo=memo)
        except CognimemError as exc:
            raise type(exc)(f"system {name!r}, unit {unit.id!r}: {exc}") from exc
    if progress is not None:
        progress.finish(name)
    return run


def _run_unit(run: SystemRun, profile: Profile, unit: EvalUnit, *, depth: int,
              progress: RunProgress | None, plugins: Sequence[object],
              memo: EmbeddingMemo | None) -> None:
    latest = unit.latest() or EPOCH
    clock = ManualClock(latest)
    folder = tempfile.mkdtemp(prefix="cognimem-eval-")
    try:
        engine = Engine.from_profile(profile, path=folder, clock=clock, plugins=plugins)
        try:
            if memo is not None and engine.embedder is not None:
                memo.attach(engine.embedder)
            owners = _ingest(run, engine, unit, progress)
            for query in unit.queries:
                clock.set(query.asked_at or latest)
                started = time.perf_counter()
                # min_confidence 0: the floor holds nothing back (the abstention report
                # applies floors afterwards, to the confidences kept here)
                result = engine.search(Query(text=query.text, k=depth, record_access=False,
                                             min_confidence=0.0))
                latency = (time.perf_counter() - started) * 1000
                scored = _scored_hits(result.hits, owners, unit.id)
                run.queries[query.id] = QueryRun(
                    query.id, [(d, s) for d, s, _ in scored], latency,
                    [c for _, _, c in scored] if engine.calibrator is not None else None)
                if progress is not None:
                    progress.queries_done(1)
        finally:
            engine.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _ingest(run: SystemRun, engine: Engine, unit: EvalUnit,
            progress: RunProgress | None) -> dict[str, list[str]]:
    """Write the unit's documents; returns memory id -> the scored ids it stands for."""
    owners: dict[str, list[str]] = {}
    batch = engine.profile.write.batch_size
    documents = unit.documents
    for start in range(0, len(documents), batch):
        chunk = documents[start : start + batch]
        drafts = [
            MemoryDraft(content=d.content, created_at=d.created_at, kind=d.kind,
                        meta={**d.meta, "docid": d.id})
            for d in chunk
        ]
        started = time.perf_counter()
        written = engine.add_many(drafts)
        run.ingest_s += time.perf_counter() - started
        for document, result in zip(chunk, written, strict=True):
            ids = owners.setdefault(result.id, [])
            if document.scored_as not in ids:
                ids.append(document.scored_as)
        if progress is not None:
            progress.documents_done(len(chunk))
    run.documents += len(documents)
    run.memories += len(owners)
    return owners


def _scored_ranking(hits: Sequence[Hit], owners: dict[str, list[str]],
                    unit_id: str) -> list[tuple[str, float]]:
    """Hits as (scored id, score), each id once, in hit order."""
    return [(docid, score) for docid, score, _ in _scored_hits(hits, owners, unit_id)]


def _scored_hits(hits: Sequence[Hit], owners: dict[str, list[str]],
                 unit_id: str) -> list[tuple[str, float, float]]:
    """Hits as (scored id, score, confidence or 0), each id once, in hit order."""
    ranked: list[tuple[str, float, float]] = []
    seen: set[str] = set()
    for hit in hits:
        ids = owners.get(hit.id)
        if not ids:
            ids = [d for source in hit.memory.provenance for d in owners.get(source, [])]
        if not ids:
            ids = [f"{unit_id}#memory-{hit.id}"]
        for docid in ids:
            if docid not in seen:
                seen.add(docid)
                ranked.append((docid, float(hit.score), float(hit.confidence or 0.0)))
    return ranked
