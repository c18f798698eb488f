"""``cognimem migrate``: a DuckDB store moves to PostgreSQL and back with its ids, embeddings,
accesses, edges, events (the hash chain verifies) and graveyard; an interrupted migration
resumes without copying anything twice; a non-empty target is refused."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.cli import main
from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import InvalidInput
from cognimem.migrate import PROGRESS, migrate_records, open_records
from cognimem.profile import Profile, load_profile


def duckdb_profile(path: Path) -> Profile:
    return load_profile(base="test", overrides={
        "path": str(path), "records": {"use": "duckdb"}, "embedder": {"use": "hash", "dim": 16}})


def postgres_profile(path: Path, dsn: str, schema: str) -> Profile:
    return load_profile(base="test", overrides={
        "path": str(path), "records": {"use": "postgres", "dsn": dsn, "schema": schema},
        "lexical": {"use": "postgres"}, "vectors": {"use": "pgvector"},
        "embedder": {"use": "hash", "dim": 16}})


def fill(profile: Profile) -> dict[str, Any]:
    """A store with every kind of record; returns what it holds."""
    clock = ManualClock(datetime(2025, 5, 1, tzinfo=UTC))
    with Engine.from_profile(profile, clock=clock) as engine:
        ids = [w.id for w in engine.add_many(
            [f"note {i}: the {w} service restarts nightly" for i, w in
             enumerate(["billing", "search", "auth", "mail", "queue", "cache", "ingest"])])]
        engine.relate(ids[0], ids[1], "relates_to")
        engine.relate(ids[2], ids[3], "mentions")
        engine.update(ids[4], content="note 4: the queue moved to a managed service")
        engine.search("billing service")
        engine.search("auth")
        engine.archive(ids[5], reason="old")
        return snapshot(engine)


def snapshot(engine: Engine) -> dict[str, Any]:
    records = engine._records
    memories = {m.id: m.model_dump(mode="json") for m in records.iter_memories()}
    vectors = records.get_embeddings(list(memories))
    return {
        "memories": memories,
        "vectors": {i: v.tolist() for i, v in vectors.items()},
        "accesses": {i: [t.isoformat() for t in ts]
                     for i, ts in records.access_times(list(memories)).items()},
        "edges": [e.model_dump(mode="json") for e in records.iter_edges()],
        "events": [e.model_dump(mode="json") for e in records.iter_events()],
        "graves": [g.model_dump(mode="json") for g in records.graves()],
    }


def test_duckdb_to_postgres_and_back(tmp_path: Path, postgres_dsn: str) -> None:
    before = fill(duckdb_profile(tmp_path / "duck"))
    assert sum(len(a) for a in before["accesses"].values()) > 0
    pg = postgres_profile(tmp_path / "pg-home", postgres_dsn, "migrated")
    with open_records(duckdb_profile(tmp_path / "duck")) as source, open_records(pg) as target:
        report = migrate_records(source, target, batch=3)
    assert report.memories == 7 and report.events == len(before["events"]) and report.chain_ok
    with Engine.from_profile(pg) as engine:
        assert snapshot(engine) == before
        assert engine.check().ok  # the indexes were derived from the copied records
        first = next(i for i, m in before["memories"].items() if "billing" in m["content"])
        assert engine.search("billing", record_access=False).hits[0].id == first
    back = duckdb_profile(tmp_path / "back")
    with open_records(pg) as source, open_records(back) as target:
        migrate_records(source, target, batch=4)
    with Engine.from_profile(back) as engine:
        assert snapshot(engine) == before
        assert engine.check().ok


def test_an_interrupted_migration_resumes(tmp_path: Path, postgres_dsn: str) -> None:
    before = fill(duckdb_profile(tmp_path / "duck"))
    pg = postgres_profile(tmp_path / "pg-home", postgres_dsn, "resumed")

    def stop_after_one_batch(stage: str, done: int, total: int | None) -> None:
        if stage == "memories" and done >= 2:
            raise KeyboardInterrupt

    with open_records(duckdb_profile(tmp_path / "duck")) as source, open_records(pg) as target:
        with pytest.raises(KeyboardInterrupt):
            migrate_records(source, target, batch=2, progress=stop_after_one_batch)
        assert target.count_memories() == 2 and target.get_meta(*PROGRESS)["after"]
        report = migrate_records(source, target, batch=2)
    assert report.resumed and report.memories == 7
    with Engine.from_profile(pg) as engine:
        assert snapshot(engine) == before  # nothing twice (accesses are appended)


def test_a_target_with_other_data_is_refused_untouched(tmp_path: Path,
                                                      postgres_dsn: str) -> None:
    fill(duckdb_profile(tmp_path / "duck"))
    pg = postgres_profile(tmp_path / "pg-home", postgres_dsn, "occupied")
    with Engine.from_profile(pg) as engine:
        engine.add("something already here")
    with open_records(duckdb_profile(tmp_path / "duck")) as source, open_records(pg) as target:
        with pytest.raises(InvalidInput, match="empty store"):
            migrate_records(source, target)
        assert target.count_memories() == 1


def test_the_cli_migrates_with_a_progress_report(tmp_path: Path, postgres_dsn: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "source.toml"
    source.write_text('[records]\nuse = "duckdb"\n[embedder]\nuse = "hash"\ndim = 16\n')
    target = tmp_path / "target.toml"
    target.write_text(f'[records]\nuse = "postgres"\ndsn = "{postgres_dsn}"\n'
                      'schema = "cli_target"\n[lexical]\nuse = "postgres"\n'
                      '[vectors]\nuse = "pgvector"\n[embedder]\nuse = "hash"\ndim = 16\n')
    fill(duckdb_profile(tmp_path / "duck"))
    code = main(["migrate", "--profile", "test", "--profile", str(source), "--store",
                 str(tmp_path / "duck"), "--to", "test", "--to", str(target), "--to-store",
                 str(tmp_path / "pg-home"), "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["from"], data["to"], data["memories"]) == ("duckdb", "postgres", 7)
    assert data["chain_ok"] is True
    assert main(["migrate", "--profile", "test", "--to", "test"]) != 0  # in memory: refused
    assert np.isfinite(data["events"])
