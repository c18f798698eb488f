"""The exact index's snapshot: saved at close, loaded once at open, and ignored (the index is
rebuilt from the records) when the records moved on or the file is damaged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem_plugins.exact_vectors import SNAPSHOT_DIR, SNAPSHOT_FILE, ExactVectors

TEXTS = ["the nightly database backup runs at 02:00", "alice prefers tabs over spaces",
         "the deploy script lives in tools/deploy.sh", "backups are kept for 30 days",
         "billing is owned by the payments team"]


def overrides(store: Path, **vectors: Any) -> dict[str, Any]:
    return {"path": str(store), "records": {"use": "duckdb"},
            "vectors": {"use": "exact", **vectors}}


def ranked(engine: Engine) -> list[tuple[str, float]]:
    hits = engine.search("database backups", k=5, record_access=False).hits
    return [(h.id, round(h.score, 9)) for h in hits]


@pytest.fixture
def upserts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many memories each ExactVectors.upsert call received."""
    calls: list[int] = []
    original = ExactVectors.upsert

    def counting(self: ExactVectors, memories: Any, vectors: Any) -> None:
        calls.append(len(memories))
        original(self, memories, vectors)

    monkeypatch.setattr(ExactVectors, "upsert", counting)
    return calls


def build(store: Path, clock: ManualClock) -> list[tuple[str, float]]:
    with Engine.from_profile("test", clock=clock, overrides=overrides(store)) as engine:
        engine.add_many(TEXTS)
        engine.delete(engine.search("tabs", k=1).hits[0].id)  # a deleted row is not saved
        return ranked(engine)


def test_reopen_loads_the_snapshot_instead_of_rebuilding(
        tmp_path: Path, clock: ManualClock, upserts: list[int]) -> None:
    store = tmp_path / "store"
    before = build(store, clock)
    snapshot = store / SNAPSHOT_DIR / SNAPSHOT_FILE
    assert snapshot.is_file()
    upserts.clear()
    with Engine.from_profile("test", clock=clock, overrides=overrides(store)) as engine:
        assert upserts == [], "nothing was rebuilt from the records"
        assert not snapshot.exists(), "a snapshot is good for one open"
        assert ranked(engine) == before
        assert len(engine.vectors.versions()) == len(TEXTS) - 1
        engine.add("backups are checked every monday")
        assert any("monday" in h.memory.content
                   for h in engine.search("backups checked", k=3).hits)
    assert snapshot.is_file()


def test_records_that_moved_on_are_rebuilt(tmp_path: Path, clock: ManualClock,
                                           upserts: list[int]) -> None:
    store = tmp_path / "store"
    before = build(store, clock)
    snapshot = store / SNAPSHOT_DIR / SNAPSHOT_FILE
    with np.load(snapshot) as data:
        arrays = dict(data)
    stamp = json.loads(str(arrays["stamp"]))
    stamp["last_event"] += 1  # as if another process had written to the store since
    arrays["stamp"] = np.array(json.dumps(stamp))
    np.savez(snapshot, **arrays)
    upserts.clear()
    with Engine.from_profile("test", clock=clock, overrides=overrides(store)) as engine:
        assert sum(upserts) == len(TEXTS) - 1, "rebuilt from the records"
        assert ranked(engine) == before


def test_a_damaged_snapshot_is_ignored(tmp_path: Path, clock: ManualClock,
                                       caplog: pytest.LogCaptureFixture) -> None:
    store = tmp_path / "store"
    before = build(store, clock)
    snapshot = store / SNAPSHOT_DIR / SNAPSHOT_FILE
    snapshot.write_bytes(b"not a numpy file")
    with Engine.from_profile("test", clock=clock, overrides=overrides(store)) as engine:
        assert ranked(engine) == before
    assert "ignoring the snapshot" in caplog.text


def test_snapshot_off_writes_nothing(tmp_path: Path, clock: ManualClock) -> None:
    store = tmp_path / "store"
    with Engine.from_profile("test", clock=clock,
                             overrides=overrides(store, snapshot=False)) as engine:
        engine.add_many(TEXTS)
    assert not (store / SNAPSHOT_DIR).exists()
