"""A change of embedder: detected on open, kept out of vector search, and re-embedded by
``reindex`` in committed batches that an interrupted run continues."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from cognimem.engine import Engine
from cognimem.engine.reindex import META_KEY, META_NAMESPACE, reindex, stale_ids
from cognimem.errors import InvalidInput
from cognimem.models import EmbeddingSignature
from cognimem.profile import Profile, load_profile
from cognimem_plugins.hash_embedder import HashEmbedder


def profile(path: Path | None, dim: int, records: str = "duckdb") -> Profile:
    """The test profile on ``path`` with the hash embedder at ``dim`` dimensions."""
    return load_profile(overrides={"path": str(path) if path else ":memory:",
                                   "records": {"use": records},
                                   "embedder": {"use": "hash", "dim": dim}}, base="test")


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """A store of 40 memories embedded with hash-64."""
    with Engine.from_profile(profile(tmp_path / "s", 64)) as engine:
        engine.add_many([f"note {i} about the release train and {i % 7} trucks"
                         for i in range(40)])
    return tmp_path / "s"


def test_a_model_change_is_detected_and_kept_out_of_vector_search(
        store: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="cognimem"), \
            Engine.from_profile(profile(store, 32)) as engine:
        assert "cognimem reindex" in caplog.text and "40 memories" in caplog.text
        report = engine.check()
        assert len(report.stale_embeddings) == 40 and not report.ok
        assert engine.vectors is not None and engine.vectors.versions() == {}
        assert engine.search("release train trucks").hits  # BM25 still answers
        assert len(stale_ids(engine._k)) == 40


def test_reindex_re_embeds_everything(store: Path) -> None:
    with Engine.from_profile(profile(store, 32)) as engine:
        seen: list[tuple[int, int]] = []
        report = reindex(engine._k, batch_size=16, progress=lambda d, t: seen.append((d, t)))
        assert (report.done, report.remaining, report.batches) == (40, 0, 3)
        assert seen == [(16, 40), (32, 40), (40, 40)] and report.finished
        assert engine.check().ok
        assert engine.vectors is not None and len(engine.vectors.versions()) == 40
        assert stale_ids(engine._k) == []
        assert [e.op for e in engine.events()][-3:] == ["reindex"] * 3
        assert engine.store.get_meta(META_NAMESPACE, META_KEY) is None
        versions = {m.id: m.version for m in engine.store.iter_memories()}
        assert set(versions.values()) == {1}  # memories themselves did not change
        assert reindex(engine._k).done == 0
    with Engine.from_profile(profile(store, 32)) as engine:
        assert engine.check().ok
        one = next(engine.store.iter_memories())
        assert one.embedding == EmbeddingSignature(model="hash-32", dim=32)
        assert engine.store.get_embeddings([one.id])[one.id].shape == (32,)


class Flaky(HashEmbedder):
    """Dies on its third batch, as a killed process would."""

    calls = 0

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        Flaky.calls += 1
        if Flaky.calls == 3:
            raise KeyboardInterrupt
        return super().embed_batch(texts)


def test_an_interrupted_reindex_continues_where_it_stopped(store: Path) -> None:
    with Engine.from_profile(profile(store, 32)) as engine:
        assert engine.embedder is not None
        engine.embedder.embed_batch = Flaky(engine.embedder.options).embed_batch  # type: ignore[method-assign]
        Flaky.calls = 0
        with pytest.raises(KeyboardInterrupt):
            reindex(engine._k, batch_size=10)
        assert len(stale_ids(engine._k)) == 20  # two batches were committed
        assert engine.store.get_meta(META_NAMESPACE, META_KEY)["total"] == 40
    with Engine.from_profile(profile(store, 32)) as engine:
        assert len(engine.check().stale_embeddings) == 20
        report = reindex(engine._k, batch_size=10)
        assert report.resumed and report.done == 20 and report.remaining == 0
        assert engine.check().ok


def test_limit_bounds_one_call(store: Path) -> None:
    with Engine.from_profile(profile(store, 32)) as engine:
        first = engine.reindex(limit=15, batch_size=10)
        assert (first.done, first.remaining, first.total, first.batches) == (15, 25, 40, 2)
        second = engine.reindex(limit=100)
        assert second.resumed and second.done == 25 and second.finished


def test_memories_without_any_embedding_are_embedded(tmp_path: Path) -> None:
    no_embedder = load_profile(overrides={
        "path": str(tmp_path / "s"), "records": {"use": "duckdb"}, "vectors": {"use": "none"},
        "embedder": {"use": "none"}, "retrieve": [{"use": "bm25"}]}, base="test")
    with Engine.from_profile(no_embedder) as engine:
        engine.add_many(["alpha beta", "gamma delta"])
    with Engine.from_profile(profile(tmp_path / "s", 16)) as engine:
        assert len(stale_ids(engine._k)) == 2
        assert reindex(engine._k).done == 2 and not stale_ids(engine._k)


def test_bad_arguments(store: Path) -> None:
    with Engine.from_profile(profile(store, 64)) as engine:
        with pytest.raises(InvalidInput, match="batch_size"):
            reindex(engine._k, batch_size=0)
        with pytest.raises(InvalidInput, match="limit"):
            reindex(engine._k, limit=0)
    with Engine.from_profile(load_profile(overrides={
            "vectors": {"use": "none"}, "embedder": {"use": "none"},
            "retrieve": [{"use": "bm25"}]}, base="test")) as engine, \
            pytest.raises(InvalidInput, match="no \\[embedder\\]"):
        reindex(engine._k)


def test_works_on_the_memory_store_too() -> None:
    with Engine.from_profile(profile(None, 64, records="memory")) as engine:
        engine.add("one memory")
        assert engine.embedder is not None
        engine.embedder.model_id = "hash-other"
        assert len(stale_ids(engine._k)) == 1
        assert reindex(engine._k).done == 1 and stale_ids(engine._k) == []
