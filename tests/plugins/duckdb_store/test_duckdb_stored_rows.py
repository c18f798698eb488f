"""The duckdb store builds the memories a search loads from its own rows without validating
them again: what it builds must be the very Memory validation would give, field for field
and type for type, for committed, pending and access-bumped rows."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from cognimem.clock import ManualClock
from cognimem.context import Context
from cognimem.models import Access, Memory
from cognimem.testing.store_cases import T0
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins import sql_rows as rows
from cognimem_plugins.duckdb_store.store import DuckDBStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DuckDBStore]:
    opened = DuckDBStore(DuckDBStore.Options())
    ctx = Context(path=tmp_path / "s", clock=ManualClock(T0), seed=0, records=opened,
                  lexical=None, vectors=None, embedder=None,
                  hook=None, profile=None)  # type: ignore[arg-type]
    opened.open(ctx)
    yield opened
    opened.close()


def shape(value: Any) -> Any:
    """A value with the type of every part spelled out (models as their field dicts)."""
    if isinstance(value, BaseModel):
        return (type(value), sorted(value.model_fields_set),
                [(k, shape(v)) for k, v in value.__dict__.items()])
    if isinstance(value, list):
        return [shape(v) for v in value]
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, datetime):
        return (datetime, value, value.utcoffset())
    return (type(value), value)


def same_as_validated(store: DuckDBStore, memory_id: str) -> Memory:
    """The store's memory, checked against validating the row it was built from."""
    got = store.get_memories([memory_id])[memory_id]
    row = store.cache.pending.get(memory_id) or store.cache.rows[memory_id]
    assert row is not None
    assert shape(got) == shape(rows.memory_from_row(row))
    return got


VARIANTS = [
    memory(1),
    memory(2, meta={}, tags=[], provenance=[], embedding=None, valid_from=None,
           valid_until=None, title=None),
    memory(3, last_accessed_at=datetime(2025, 3, 2, 1, 2, 3, 7,
                                        tzinfo=timezone(timedelta(hours=-5))),
           access_count=4, archived=True, superseded_by="m009", supersedes="m000"),
]


@pytest.mark.parametrize("original", VARIANTS, ids=["full", "sparse", "accessed"])
def test_committed_rows_build_the_validated_memory(store: DuckDBStore,
                                                   original: Memory) -> None:
    store.put_memories([original])
    assert same_as_validated(store, original.id) == original


def test_pending_and_bumped_rows_build_the_validated_memory(store: DuckDBStore) -> None:
    with store.transaction():
        store.put_memories([memory(1)])
        assert same_as_validated(store, "m001") == memory(1)
    later = datetime(2026, 6, 1, 12, 0, tzinfo=timezone(timedelta(hours=2)))
    store.record_accesses([Access(memory_id="m001", at=later)])
    bumped = same_as_validated(store, "m001")
    assert bumped.access_count == 1
    assert bumped.last_accessed_at == later and bumped.last_accessed_at.tzinfo == UTC


def test_a_loaded_memory_shares_nothing_with_the_cache(store: DuckDBStore) -> None:
    store.put_memories([memory(1)])
    got = store.get_memories(["m001"])["m001"]
    got.tags.append("mine")
    got.provenance.clear()
    got.meta["nested"]["list"].clear()
    got.scope.project = "other"
    assert store.get_memories(["m001"])["m001"] == memory(1)


def test_shared_memories_are_built_once_per_stored_row(store: DuckDBStore) -> None:
    store.put_memories([memory(1), memory(2)])
    first = store.shared_memories(["m001", "m002"])
    again = store.shared_memories(["m002", "m001"])
    assert again["m001"] is first["m001"] and again["m002"] is first["m002"]
    assert first["m001"] == memory(1)
    private = store.get_memories(["m001"])["m001"]  # get_memories: a new one every time
    assert private == first["m001"] and private is not first["m001"]
    with store.reading():  # a search beside a write reads the same way
        assert store.shared_memories(["m001"])["m001"] is first["m001"]


def test_a_changed_memory_is_never_served_from_the_shared_ones(store: DuckDBStore) -> None:
    store.put_memories([memory(1)])
    before = store.shared_memories(["m001"])["m001"]
    store.put_memories([memory(1, title="renamed", version=2)])
    after = store.shared_memories(["m001"])["m001"]
    assert after is not before and after.title == "renamed" and after.version == 2
    store.record_accesses([Access(memory_id="m001", at=datetime(2026, 6, 1, tzinfo=UTC))])
    bumped = store.shared_memories(["m001"])["m001"]
    assert bumped is not after and bumped.access_count == after.access_count + 1
    assert before.title != "renamed"  # what an earlier search holds stays as it was read


def test_shared_memories_keep_at_most_their_limit(store: DuckDBStore) -> None:
    store.cache.shared.limit = 2
    store.put_memories([memory(i) for i in range(1, 5)])
    store.shared_memories([f"m00{i}" for i in range(1, 5)])
    assert len(store.cache.shared) == 2
