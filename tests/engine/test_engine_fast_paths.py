"""The engine's fast paths give the same answers as the slow ones.

* Reconciliation on open reads only ids and versions when the record store can list them
  cheaply (``memory_versions`` / ``ids_not_embedded_with``), and still repairs and reports
  exactly what the full scan would.
* Without rankers, search loads only the fused candidates that can reach the top k (ties
  included), and returns exactly the hits that loading every candidate gives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cognimem import hookimpl
from cognimem.components import Fuser, Ranker
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Candidate, EmbeddingSignature, Hit, Memory, Query
from cognimem.registry import Register
from cognimem_plugins.memory_store import MemoryStore


class VersionedStore(MemoryStore):
    """The in-memory store plus the two cheap listings; counts full scans."""

    name = "versioned"
    scans = 0

    def iter_memories(self) -> Iterator[Memory]:
        type(self).scans += 1
        return super().iter_memories()

    def memory_versions(self) -> dict[str, int]:
        return {m.id: m.version for m in super().iter_memories()}

    def ids_not_embedded_with(self, signature: EmbeddingSignature) -> list[str]:
        return sorted(m.id for m in super().iter_memories() if m.embedding != signature)


class TiedFuser(Fuser):
    """Every candidate of every list gets the same score: the engine's tie-break decides."""

    name = "tied"

    def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
        ids = list(dict.fromkeys(c.id for cands in lists.values() for c in cands))
        return [Candidate(id=i, score=1.0, rank=r) for r, i in enumerate(ids, 1)]


class _Plugin:
    @hookimpl
    def cognimem_register_stores(self, register: Register) -> None:
        register(VersionedStore)

    @hookimpl
    def cognimem_register_fusers(self, register: Register) -> None:
        register(TiedFuser)


def _engine(**overrides: Any) -> Engine:
    return Engine.from_profile("test", plugins=[_Plugin()],
                               overrides={"records": {"use": "versioned"}, **overrides})


def test_open_and_repair_use_versions_not_whole_memories() -> None:
    engine = _engine()
    try:
        written = engine.add_many([f"note number {i}" for i in range(12)])
        assert engine.lexical is not None and engine.vectors is not None
        engine.lexical.delete([written[0].id])
        engine.vectors.delete([written[1].id])
        VersionedStore.scans = 0
        report = engine._k.integrity.reconcile(repair=True)
        assert VersionedStore.scans == 0
        assert report.memories == 12
        assert [r.missing for r in report.indexes] == [[written[0].id], [written[1].id]]
        assert engine.check().ok
    finally:
        engine.close()


def test_drift_is_found_among_candidates_only_for_other_models() -> None:
    engine = _engine()
    try:
        written = engine.add_many(["alpha fact", "beta fact", "gamma fact"])
        store = engine._records
        other = EmbeddingSignature(model="another-model", dim=64)
        moved = written[0].memory.model_copy(update={"embedding": other})
        never = written[1].memory.model_copy(update={"embedding": None})
        store.put_memories([moved, never])
        VersionedStore.scans = 0
        report = engine._k.integrity.reconcile(repair=False)
        assert VersionedStore.scans == 0
        assert report.stale_embeddings == [written[0].id]  # never-embedded is not drift
    finally:
        engine.close()


def _count_loads(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many ids each ``get_memories`` call of the engine's store asks for."""
    loaded: list[int] = []
    real_get = engine._records.get_memories

    def counting(ids: Any) -> dict[str, Memory]:
        ids = list(ids)
        loaded.append(len(ids))
        return real_get(ids)

    counting.__wrapped__ = real_get  # type: ignore[attr-defined]
    monkeypatch.setattr(engine._records, "get_memories", counting)
    return loaded


@pytest.mark.parametrize("fuser", ["rrf", "tied"])
def test_search_loads_only_what_can_reach_the_top_k(fuser: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _engine(fuse={"use": fuser})
    try:
        texts = [f"shared topic {w} item {i}" for i in range(60)
                 for w in ("alpha", "beta")][:90]
        engine.add_many([{"content": t, "importance": (i % 5) / 5,
                          "scope": {"project": "p" + str(i % 3)}}
                         for i, t in enumerate(texts)])
        for memory_id in [w.id for w in engine.list_memories(limit=6)]:
            engine.archive(memory_id)
        loaded = _count_loads(engine, monkeypatch)
        real_get = engine._records.get_memories.__wrapped__  # type: ignore[attr-defined]
        queries: list[tuple[str, dict[str, Any]]] = [
            ("shared topic", {}), ("alpha item", {"k": 1}), ("beta", {"k": 3}),
            ("item 7", {"scope": {"project": "p1"}, "k": 5}),
            ("topic", {"include_archived": True, "k": 4}), ("zzz nothing", {})]
        for text, params in queries:
            fast = engine.search(text, record_access=False, **params)

            def load_all(fused: list[Candidate], query: Query, *_: Any) -> Any:
                return fused, real_get([c.id for c in fused])

            with monkeypatch.context() as patch:
                patch.setattr(engine._k.reader, "_load_candidates", load_all)
                slow = engine.search(text, record_access=False, **params)
            assert [(h.id, h.score) for h in fast.hits] == [(h.id, h.score) for h in slow.hits]
        if fuser == "rrf":
            assert min(loaded) < 90  # pages, not every candidate
    finally:
        engine.close()


class SteppedFuser(Fuser):
    """Scores 1.0, 0.9, 0.8, 0.8, 0.7, 0.6, ...: the third and fourth candidates tie."""

    name = "stepped"

    def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
        ids = sorted(dict.fromkeys(c.id for cands in lists.values() for c in cands))
        scores = [1.0, 0.9, 0.8, 0.8] + [0.7 - 0.01 * i for i in range(len(ids))]
        return [Candidate(id=i, score=s, rank=r)
                for r, (i, s) in enumerate(zip(ids, scores, strict=False), 1)]


class Recording(Ranker):
    """Keeps the order; remembers how many hits it was handed."""

    name = "recording"
    seen: list[int] = []

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        type(self).seen.append(len(hits))
        return hits


class _DepthPlugin:
    @hookimpl
    def cognimem_register_fusers(self, register: Register) -> None:
        register(SteppedFuser)

    @hookimpl
    def cognimem_register_rankers(self, register: Register) -> None:
        register(Recording)


def test_rankers_see_the_rerank_depth_and_its_ties_not_a_page_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Engine.from_profile("test", plugins=[_DepthPlugin()], overrides={
        "fuse": {"use": "stepped"}, "rank": [{"use": "recording"}],
        "search": {"rerank_depth": 3}})
    try:
        engine.add_many([{"content": f"shared words number {i}"} for i in range(12)])
        loaded = _count_loads(engine, monkeypatch)
        Recording.seen.clear()
        result = engine.search("shared words", k=2, record_access=False)
        assert Recording.seen == [4]  # the best 3 and the 4th, tied with the 3rd
        assert loaded == [4]  # a page of 3 with the 4th, tied with its last: one read
        assert len(result.hits) == 2
    finally:
        engine.close()


def test_search_hands_on_copies_of_the_memories_its_store_shares(tmp_path: Path) -> None:
    """The duckdb store shares the memories it builds between searches; a caller that
    changes a hit's memory must not change what the next search returns."""
    engine = Engine.from_profile("test", overrides={"path": str(tmp_path / "s"),
                                                    "records": {"use": "duckdb"}})
    try:
        engine.add({"content": "the deploy uses blue green", "tags": ["deploy"],
                    "meta": {"team": {"owner": "ops"}}})
        first = engine.search("deploy", record_access=False).hits[0].memory
        expected = first.model_copy(deep=True)
        first.tags.append("mine")
        first.meta["team"]["owner"] = "me"
        first.scope.project = "other"
        first.title = "changed"
        again = engine.search("deploy", record_access=False).hits[0].memory
        assert again == expected and again is not first
    finally:
        engine.close()
