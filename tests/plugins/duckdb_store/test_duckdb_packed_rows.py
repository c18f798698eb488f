"""The duckdb store reads rows by id packed into one JSON value each (#45): every row must
come back exactly as the column-by-column read gives it (values and types), so the memories a
search loads, and its ranked lists, are the same."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
import test_duckdb_stored_rows as stored_rows
from test_duckdb_access_tally import ACTR_RANK

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.models import Access, Scope, Source
from cognimem.profile import load_profile
from cognimem.testing.store_cases import T0
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins import sql_rows as rows
from cognimem_plugins.duckdb_store.memories import MemoryRows
from cognimem_plugins.duckdb_store.store import DuckDBStore

store = stored_rows.store  # the fixture: an empty store
shape = stored_rows.shape


def by_columns(rows_of: MemoryRows, ids: list[str]) -> list[rows.MemoryRow]:
    """The rows read column by column (:data:`rows.MEMORY_SELECT`), as before #45."""
    return rows_of.fetch(f"SELECT {rows.MEMORY_SELECT} FROM memories "
                         f"WHERE {rows.ids_where('id', len(ids))}", [ids])


ODD = [
    memory(1),
    memory(2, meta={}, tags=[], provenance=[], embedding=None, valid_from=None,
           valid_until=None, title=None, scope=Scope(), source=Source()),
    memory(3, last_accessed_at=datetime(2025, 3, 2, 1, 2, 3, 7,
                                        tzinfo=timezone(timedelta(hours=-5))),
           access_count=4, archived=True, superseded_by="m009", supersedes="m000"),
    # a tag and a provenance entry holding the lists' text separator, quotes, newlines
    memory(4, content='quote " backslash \\ tab\t nl\n emoji \U0001f600 nul-ish \x01',
           tags=["a\x1fb", "ünï", '"q"'], provenance=["m\x1f1", "m002"],
           title="t\x1fi\u2028tle"),
    # times far from the epoch, with microseconds; doubles that print long
    memory(5, valid_from=datetime(1900, 1, 1, 0, 0, 0, 1, tzinfo=UTC),
           valid_until=datetime(2500, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
           importance=0.1 + 0.2, confidence=1e-300,
           created_at=datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)),
    memory(6, importance=1.0, confidence=0.0, meta={"deep": {"x": [1e300, -0.5, "\x1f"]}}),
]


def test_packed_rows_are_the_column_rows(store: DuckDBStore) -> None:
    store.put_memories(ODD)
    ids = [m.id for m in ODD]
    packed = {r[0]: r for r in store.memories.fetch_ids(ids)}
    columns = {r[0]: r for r in by_columns(store.memories, ids)}
    assert sorted(packed) == sorted(ids)
    for memory_id in ids:
        assert shape(packed[memory_id]) == shape(columns[memory_id]), memory_id
    got = store.get_memories(ids)
    assert [got[m.id] for m in ODD] == ODD


def test_packed_rows_carry_folded_and_unfolded_accesses(store: DuckDBStore) -> None:
    store.put_memories(ODD[:3])
    later = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    store.record_accesses([Access(memory_id="m001", at=later),
                           Access(memory_id="m003", at=later)])
    unfolded = {r[0]: r for r in store.memories.fetch_ids(["m001", "m003"])}
    assert unfolded["m001"][26] == 1 and unfolded["m001"][25] == later
    assert unfolded["m003"][26] == 5
    store.tally.fold_accesses()
    store.record_accesses([Access(memory_id="m001", at=later + timedelta(seconds=1))])
    folded = {r[0]: r for r in store.memories.fetch_ids(["m001", "m003"])}
    columns = {r[0]: r for r in by_columns(store.memories, ["m001", "m003"])}
    assert folded["m001"][26] == 2 and folded["m003"][26] == 5
    assert shape(folded) == shape(columns)


def test_search_ranks_the_same_as_the_column_read(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A search whose candidates all miss the row cache: the same hits, scores and memories
    whether the store reads them packed or column by column."""
    profile = load_profile(base="test", overrides={
        "path": str(tmp_path / "store"), "rank": [ACTR_RANK],
        "records": {"use": "duckdb", "cache_size": 0, "warm_cache": False}})
    texts = [f"deploy pipeline step {i} uses tag {i % 7} and owner {i % 5}" for i in range(60)]

    def searches() -> list[list[tuple[str, float, str]]]:
        with Engine.from_profile(profile, clock=ManualClock(T0)) as engine:
            if not engine.list_memories(limit=1):
                engine.add_many([{"content": t, "tags": [f"t{i % 3}"], "importance": i % 10 / 10,
                                  "valid_until": T0 + timedelta(days=1 + i)}
                                 for i, t in enumerate(texts)])
            return [[(h.id, h.score, h.memory.model_dump_json()) for h in
                     engine.search(q, k=10, record_access=False).hits]
                    for q in ("deploy pipeline", "tag 3 owner 4", "step 17", "owner 2")]

    packed = searches()
    monkeypatch.setattr(MemoryRows, "fetch_ids", by_columns)
    columns = searches()
    assert packed == columns
    assert all(hits for hits in packed)
