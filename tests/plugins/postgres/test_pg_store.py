"""The postgres record store beyond the record store contract of ``cognimem.testing`` (which
it passes, test_pg_contract.py): persistence across connections and folders, the schema's
versions, refusals, and the rollback of failed transactions."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pytest

from cognimem.clock import ManualClock
from cognimem.components import RecordStore
from cognimem.context import Context
from cognimem.engine import Engine
from cognimem.errors import InvalidInput, StoreError
from cognimem.events import next_event, verify_chain
from cognimem.migrations import SchemaVersions
from cognimem.models import Access, Edge
from cognimem.profile import load_profile
from cognimem.testing.store_cases import SIG, T0, check_reopened, write_through_an_engine
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins.postgres import schema
from cognimem_plugins.postgres.store import PostgresStore


def open_store(path: Path | None, **options: Any) -> PostgresStore:
    """A postgres store opened on ``path`` (None: a private schema dropped at close)."""
    store = PostgresStore(PostgresStore.Options(**options))
    ctx = Context(path=path, clock=ManualClock(T0), seed=0, records=store, lexical=None,
                  vectors=None, embedder=None, hook=None, profile=None)  # type: ignore[arg-type]
    store.open(ctx)
    return store


@pytest.fixture
def store(postgres_dsn: str) -> Iterator[RecordStore]:
    """A postgres store in a schema of its own."""
    opened = open_store(None, dsn=postgres_dsn)
    yield opened
    opened.close()


@pytest.fixture
def named(postgres_dsn: str, request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """Options naming a fresh schema (dropped after the test)."""
    name = "t_" + request.node.name.lower().replace("[", "_").replace("]", "")[:40]
    yield {"dsn": postgres_dsn, "schema": name}
    with psycopg.connect(postgres_dsn, autocommit=True) as con:
        con.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


def test_the_private_schema_is_dropped_at_close(postgres_dsn: str) -> None:
    store = open_store(None, dsn=postgres_dsn)
    name = store.open_session.schema
    store.close()
    store.close()
    with psycopg.connect(postgres_dsn) as con:
        assert con.execute("SELECT count(*) FROM pg_namespace WHERE nspname = %s",
                           [name]).fetchone() == (0,)


def test_everything_survives_reopen(tmp_path: Path, named: dict[str, Any]) -> None:
    store = open_store(tmp_path, **named)
    m = memory(1, tags=["odd\x1ftag", "plain"], provenance=[""])
    store.put_memories([m, memory(2)])
    store.put_edges([Edge(source="m001", target="m002", created_at=T0)])
    store.add_accesses([Access(memory_id="m001", at=T0)])
    first = next_event(None, datetime(2025, 1, 1, 9, 0, 0, 1,
                                      tzinfo=UTC).astimezone(), "add", "m001")
    store.append_event(first)
    store.put_embeddings({"m001": np.arange(8, dtype=np.float32)}, SIG)
    store.set_meta("ns", "k", [1, "two"])
    store.close()
    other = open_store(tmp_path / "elsewhere", **named)  # another folder, the same schema
    try:
        assert other.get_memories(["m001"])["m001"] == m
        assert [e.key for e in other.iter_edges()] == [("m001", "m002", "relates_to")]
        assert other.access_times(["m001"]) == {"m001": [T0]}
        assert verify_chain(other.iter_events()) == [] and other.last_event() == first
        np.testing.assert_array_equal(other.get_embeddings(["m001"])["m001"], np.arange(8))
        assert other.get_meta("ns", "k") == [1, "two"]
        assert other.schema_version() == schema.CURRENT_VERSION
    finally:
        other.close()


def test_a_schema_per_folder_with_the_path_placeholder(tmp_path: Path, postgres_dsn: str) -> None:
    one = open_store(tmp_path / "a", dsn=postgres_dsn, schema="p_{path}")
    two = open_store(tmp_path / "b", dsn=postgres_dsn, schema="p_{path}")
    try:
        one.put_memories([memory(1)])
        assert two.count_memories() == 0 and one.open_session.schema != two.open_session.schema
    finally:
        one.close()
        two.close()


def test_a_schema_holding_other_tables_is_refused_untouched(tmp_path: Path,
                                                          named: dict[str, Any]) -> None:
    with psycopg.connect(named["dsn"], autocommit=True) as con:
        con.execute(f'CREATE SCHEMA "{named["schema"]}"')
        con.execute(f'CREATE TABLE "{named["schema"]}".orders (id int)')
    with pytest.raises(StoreError, match="no cognimem store"):
        open_store(tmp_path, **named)
    with psycopg.connect(named["dsn"]) as con:
        tables = con.execute("SELECT tablename FROM pg_tables WHERE schemaname = %s",
                             [named["schema"]]).fetchall()
    assert tables == [("orders",)]


def test_a_store_from_a_newer_version_is_refused_untouched(tmp_path: Path,
                                                           named: dict[str, Any]) -> None:
    open_store(tmp_path, **named).close()
    with psycopg.connect(named["dsn"], autocommit=True) as con:
        con.execute(f'INSERT INTO "{named["schema"]}".schema_version (version, written_by) '
                    "VALUES (99, 'the future')")
    with pytest.raises(StoreError, match="newer cognimem"):
        open_store(tmp_path, **named)


def test_bad_settings_are_clear_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COGNIMEM_POSTGRES_DSN", raising=False)
    with pytest.raises(StoreError, match="COGNIMEM_POSTGRES_DSN"):
        open_store(tmp_path)
    with pytest.raises(StoreError, match="plain identifier"):
        open_store(tmp_path, dsn="postgresql://nobody@127.0.0.1:1/x", schema="a; DROP")
    with pytest.raises(StoreError, match="cannot connect") as caught:
        open_store(tmp_path, dsn="postgresql://me:s3cret@127.0.0.1:1/x")
    assert "s3cret" not in str(caught.value)


def test_describe_hides_the_password() -> None:
    store = PostgresStore(PostgresStore.Options(dsn="postgresql://me:s3cret@db.example/x"))
    assert "s3cret" not in str(store.describe())


def test_an_embedding_of_the_wrong_dimension_writes_nothing(store: RecordStore) -> None:
    with pytest.raises(InvalidInput, match="dimensions"):
        store.put_embeddings({"m1": np.ones(8), "m2": np.ones(3)}, SIG)
    assert store.get_embeddings(["m1", "m2"]) == {}


def test_an_event_that_does_not_follow_the_head_is_refused(store: RecordStore) -> None:
    first = next_event(None, T0, "add", "m1")
    store.append_event(first)
    with pytest.raises(StoreError, match="does not follow"):
        store.append_event(next_event(None, T0, "add", "m2"))
    assert list(store.iter_events()) == [first]


def test_a_database_error_rolls_back_the_transaction(store: RecordStore) -> None:
    store.put_memories([memory(1)])
    with pytest.raises(StoreError), store.transaction():
        store.put_memories([memory(2)])
        store.put_edges([Edge(source="m001", target="m002", type="nul\x00byte")])
    assert [m.id for m in store.iter_memories()] == ["m001"]


def test_engine_event_chain_verifies_after_reopen(tmp_path: Path, named: dict[str, Any]) -> None:
    overrides = {"path": str(tmp_path), "records": {"use": "postgres", **named},
                 "lexical": {"use": "postgres"}, "vectors": {"use": "pgvector"}}
    profile = load_profile(overrides=overrides, base="test")
    clock = ManualClock(datetime(2025, 1, 1, 10, 0, tzinfo=UTC))
    with Engine.from_profile(profile, clock=clock) as engine:
        first, _second = write_through_an_engine(engine, clock)
    with Engine.from_profile(profile, clock=clock) as engine:
        check_reopened(engine, first)
        assert engine.get(first).last_accessed_at is not None
    assert clock.now() - timedelta(seconds=2) < clock.now()


def test_a_version_1_store_is_migrated_to_ids_in_byte_order(
        tmp_path: Path, named: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Version 2 gives every memory-id column the records' collation (so joins between
    the records and the derived tables use their indexes); the data and the indexes stay."""
    v1 = SchemaVersions(current=1, statements=schema.V1_DDL, steps={}, stamp=schema.stamp)
    monkeypatch.setattr(schema, "VERSIONS", v1)
    monkeypatch.setattr(schema, "CURRENT_VERSION", 1)
    old = open_store(tmp_path, **named)
    old.put_memories([memory(1), memory(2)])
    old.put_embeddings({"m001": np.arange(8, dtype=np.float32)}, SIG)
    old.add_accesses([Access(memory_id="m001", at=T0)])
    assert old.schema_version() == 1
    old.close()
    monkeypatch.undo()
    store = open_store(tmp_path, **named)
    try:
        assert store.migrated == [2] and store.schema_version() == 2
        assert set(store.get_memories(["m001", "m002"])) == {"m001", "m002"}
        np.testing.assert_array_equal(store.get_embeddings(["m001"])["m001"], np.arange(8))
        assert store.access_times(["m001"]) == {"m001": [T0]}
        collations = store.open_session.rows(
            "SELECT table_name, column_name, collation_name FROM information_schema.columns "
            "WHERE table_schema = %s AND column_name IN ('id', 'memory_id')", [named["schema"]])
        assert {(t, c): n for t, c, n in collations} == {
            (t, c): "C" for t, c, _ in collations}
        assert len(collations) == 7  # memories, accesses, graves, embeddings, the derived three
        key = store.open_session.rows("SELECT indexdef FROM pg_indexes WHERE schemaname = %s AND "
                            "indexname = 'lexical_postings_pkey'", [named["schema"]])
        assert "INCLUDE (tf, length, archived" in key[0][0]  # BM25 reads the index alone
        lexical = store.open_session.rows("SELECT id FROM lexical_postings WHERE term = 'deploy' "
                                "ORDER BY id")
        assert [r[0] for r in lexical] == ["m001", "m002"]
    finally:
        store.close()
