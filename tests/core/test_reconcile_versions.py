"""Reconciliation on open reads only ids and versions when the record store can list them
cheaply (``memory_versions`` / ``ids_not_embedded_with``), and still repairs and reports
exactly what the full scan would."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cognimem import hookimpl
from cognimem.engine import Engine
from cognimem.models import EmbeddingSignature, Memory
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


class _Plugin:
    @hookimpl
    def cognimem_register_stores(self, register: Register) -> None:
        register(VersionedStore)


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
        report = engine._reconcile(repair=True)
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
        store = engine.records
        other = EmbeddingSignature(model="another-model", dim=64)
        moved = written[0].memory.model_copy(update={"embedding": other})
        never = written[1].memory.model_copy(update={"embedding": None})
        store.put_memories([moved, never])
        VersionedStore.scans = 0
        report = engine._reconcile(repair=False)
        assert VersionedStore.scans == 0
        assert report.stale_embeddings == [written[0].id]  # never-embedded is not drift
    finally:
        engine.close()
