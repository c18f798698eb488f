"""``status`` counts come from the store's own query, and agree with counting every memory."""

from __future__ import annotations

from pathlib import Path

from cognimem.engine import Engine
from cognimem.profile import load_profile
from cognimem.stores import RecordStore


def test_duckdb_counts_agree_with_reading_every_memory(tmp_path: Path) -> None:
    overrides = {"path": str(tmp_path), "records": {"use": "duckdb"},
                 "lexical": {"use": "bm25"}, "vectors": {"use": "exact"},
                 "embedder": {"use": "hash", "dim": 16}}
    with Engine.from_profile(load_profile(overrides=overrides, base="test")) as engine:
        ids = [engine.add(f"count note {i} about {topic}", layer=layer).memory.id
               for i, (topic, layer) in enumerate([("cache", "episodic"), ("parser", "semantic"),
                                                   ("queue", "semantic"), ("index", "procedural")])]
        engine.archive(ids[0])
        engine.supersede(ids[1], "count note about the new parser")
        engine.relate(ids[2], ids[3], "related_to")
        store = engine._records
        fast = store.memory_counts()
        assert fast == RecordStore.memory_counts(store)
        assert fast["memories"] == 5 and fast["archived"] == 1 and fast["superseded"] == 1
        assert fast["layers"]["semantic"] == 3
        assert store.count_edges() == RecordStore.count_edges(store) >= 1
        stats = engine.stats()
        assert stats["memories"] == 5 and stats["layers"] == fast["layers"]
