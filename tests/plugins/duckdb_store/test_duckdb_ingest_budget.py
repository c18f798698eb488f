"""DuckDB's block budget follows what the store does (``duckdb_store/budget.py``, #45 wave
9): small while an ingest's large transactions come back to back, large again once the
store serves reads, and a change DuckDB refuses never fails a write."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest
from test_duckdb_store import _memory_limit, _mib, open_store

from cognimem.models import Access
from cognimem.testing.store_cases import T0
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins.duckdb_store import budget
from cognimem_plugins.duckdb_store.store import DuckDBStore

BATCH = 300  # memories of a "large" write below (its rows: ~110 KiB)


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[DuckDBStore]:
    monkeypatch.setattr(budget, "LARGE_WRITE", 64 * 2**10)  # a batch of BATCH is large
    opened = open_store(DuckDBStore, tmp_path / "store")
    assert isinstance(opened, DuckDBStore)
    opened.budget.clock = Clock()
    try:
        yield opened
    finally:
        opened.close()


def _large(store: DuckDBStore, n: int) -> None:
    store.put_memories([memory(n * BATCH + i) for i in range(BATCH)])


def _small(store: DuckDBStore) -> None:
    """A commit of a few rows (a search's access log)."""
    store.record_accesses([Access(memory_id="m000", at=T0, agent="a", query="q")])


def _blocks(store: DuckDBStore) -> int:
    """The cached blocks' budget DuckDB's limit holds now (limit minus what it must hold)."""
    assert _mib(_memory_limit(store)) == pytest.approx(store.budget.limit / 2**20, abs=1)
    return store.budget.limit - store.budget.held


def _clock(store: DuckDBStore) -> Clock:
    clock = store.budget.clock
    assert isinstance(clock, Clock)
    return clock


def test_an_ingest_runs_with_the_small_block_budget_and_reads_get_the_large_one_back(
        store: DuckDBStore) -> None:
    assert _blocks(store) == budget.BLOCK_BUDGET
    _large(store, 0)
    assert not store.budget.ingesting  # one large write is no ingest
    assert _blocks(store) == budget.BLOCK_BUDGET
    _large(store, 1)  # the second in a row: an ingest
    assert store.budget.ingesting
    assert _blocks(store) == budget.INGEST_BUDGET
    _large(store, 2)
    assert _blocks(store) == budget.INGEST_BUDGET
    _clock(store).now += budget.INGEST_PAUSE / 2
    _small(store)  # a search between two batches: the ingest goes on
    assert store.budget.ingesting and _blocks(store) == budget.INGEST_BUDGET
    _large(store, 3)
    _clock(store).now += budget.INGEST_PAUSE
    _small(store)  # the pause after the last batch: the store serves reads
    assert not store.budget.ingesting
    assert _blocks(store) == budget.BLOCK_BUDGET
    assert store.count_memories() == 4 * BATCH


def test_writes_with_smaller_commits_between_them_keep_the_large_budget(
        store: DuckDBStore) -> None:
    for n in range(2 * budget.CHECK_EVERY):  # an agent: a write, a search, a write...
        _large(store, n)
        _clock(store).now += budget.INGEST_PAUSE
        _small(store)
        assert not store.budget.ingesting
    for n in range(2 * budget.CHECK_EVERY):  # small writes back to back
        store.put_memories([memory(10_000 + n)])
    assert not store.budget.ingesting
    assert _blocks(store) == budget.BLOCK_BUDGET


def test_a_budget_change_duckdb_refuses_leaves_the_limit_and_the_writes_acknowledged(
        store: DuckDBStore) -> None:
    class Refusing:
        file = store.db.file

        def connection(self) -> Any:
            return self

        def execute(self, sql: str) -> Any:
            raise duckdb.OutOfMemoryException("could not change the memory limit")

    _large(store, 0)
    limit, real = store.budget.limit, store.budget.db
    store.budget.db = Refusing()  # the change runs after the commit
    _large(store, 1)
    assert store.budget.ingesting and store.budget.limit == limit  # left as it was
    store.budget.db = real
    for n in range(2, 2 + budget.CHECK_EVERY):  # the next look lowers it
        _large(store, n)
    assert _blocks(store) == budget.INGEST_BUDGET
    assert store.count_memories() == (2 + budget.CHECK_EVERY) * BATCH


def test_lowering_the_limit_evicts_cached_blocks(store: DuckDBStore,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """What the smaller budget does to DuckDB: the table blocks it cached go down to it."""
    for n in range(8):  # not an ingest: a search's commit between the writes (~24 MiB)
        store.put_memories([memory(n * BATCH + i, os.urandom(5000).hex()) for i in range(BATCH)])
        _clock(store).now += budget.INGEST_PAUSE
        _small(store)

    def cached() -> int:
        return sum(int(size) for tag, size in store.db.rows(
            "SELECT tag, memory_usage_bytes FROM duckdb_memory()") if tag == "BASE_TABLE")

    store.db.rows("SELECT sum(length(content)) FROM memories")
    before = cached()
    monkeypatch.setattr(budget, "INGEST_BUDGET", 2 * 2**20)
    _large(store, 13)
    _large(store, 15)  # an ingest: the limit lowered after this commit
    assert store.budget.ingesting
    assert cached() <= 3 * 2**20 < before  # 11-20 MiB before
