"""The duckdb store fills its row cache in the background after open: a reopened store
serves search from memory again, and a row changed while the cache fills is never cached
stale."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.context import Context
from cognimem.testing.store_cases import T0
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins.duckdb_store import warm
from cognimem_plugins.duckdb_store.store import DuckDBStore

N = 12


def open_store(path: Path, **options: Any) -> DuckDBStore:
    store = DuckDBStore(DuckDBStore.Options(**options))
    ctx = Context(path=path, clock=ManualClock(T0), seed=0, records=store, lexical=None,
                  vectors=None, embedder=None, hook=None, profile=None)  # type: ignore[arg-type]
    store.open(ctx)
    return store


def _ids(n: int = N) -> list[str]:
    return [f"m{i:03d}" for i in range(n)]


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """A closed store of N memories."""
    path = tmp_path / "store"
    store = open_store(path)
    store.put_memories([memory(i) for i in range(N)])
    store.close()
    return path


def _fetches(store: DuckDBStore, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many rows each DuckDB fetch of memories returned, from now on."""
    counts: list[int] = []

    def counted(name: str) -> None:  # by query (``fetch``) and by id (``fetch_ids``)
        original = getattr(store.memories, name)

        def counting(*args: Any, **kwargs: Any) -> Any:
            found = original(*args, **kwargs)
            counts.append(len(found))
            return found

        monkeypatch.setattr(store.memories, name, counting)

    counted("fetch")
    counted("fetch_ids")
    return counts


def test_a_reopened_store_fills_its_cache_after_the_first_search(
        stored: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(stored)
    try:
        assert store.cache.rows == {}  # nothing read at open
        assert store.get_memories(["m000"])["m000"] == memory(0)  # the first search's load
        thread = store.warming.thread
        assert thread is not None
        thread.join(10)
        assert store.warming.warmed == N - 1 and set(store.cache.rows) == set(_ids())
        fetches = _fetches(store, monkeypatch)
        assert store.get_memories(_ids()) == {f"m{i:03d}": memory(i) for i in range(N)}
        assert fetches == []  # every row came from the cache
    finally:
        store.close()


def test_without_warming_each_row_is_fetched_once(stored: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(stored, warm_cache=False)
    try:
        store.get_memories(["m000"])
        assert store.warming.thread is None
        fetches = _fetches(store, monkeypatch)
        store.get_memories(_ids())
        assert fetches == [N - 1]
    finally:
        store.close()


def test_rows_changed_while_the_cache_fills_are_never_cached_stale(
        stored: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The warming query reads a snapshot; while it pages through it, another thread
    commits a change to every memory and deletes one. None of the snapshot's rows may
    reach the cache."""
    monkeypatch.setattr(warm, "WARM_PAGE", 3)
    store = open_store(stored)
    try:
        decode = store.warming.decode
        committed = threading.Event()

        def decode_then_commit(raw: Any, view: Any = None) -> Any:
            page = decode(raw, view)
            if not committed.is_set():  # first page: commit from a writer's thread
                def write() -> None:
                    store.put_memories([memory(i, f"changed {i}") for i in range(1, N)])
                    store.delete_memories(["m000"])
                writer = threading.Thread(target=write)
                writer.start()
                writer.join(10)
                committed.set()
            return page

        monkeypatch.setattr(store.warming, "decode", decode_then_commit)
        store.warming.may_start()
        thread = store.warming.thread
        assert thread is not None
        thread.join(10)
        assert committed.is_set()
        assert store.warming.warmed == 0  # every row it read had changed since
        found = store.get_memories(_ids())
        assert "m000" not in found
        assert {i: m.content for i, m in found.items()} == {
            f"m{i:03d}": f"changed {i}" for i in range(1, N)}
    finally:
        store.close()


def test_closing_stops_the_thread(stored: Path) -> None:
    store = open_store(stored)
    thread = store.warming.thread
    assert thread is not None and thread.is_alive()  # waiting for a first search
    store.close()
    assert not thread.is_alive()


def test_compacting_stops_the_thread_first(stored: Path) -> None:
    """Compaction closes the connection the thread reads through: it stops the thread before
    (the rows it cached stay; the store reads on through the new file)."""
    store = open_store(stored)
    try:
        thread = store.warming.thread
        assert thread is not None and thread.is_alive()
        store.compact()
        assert not thread.is_alive() and store.warming.thread is None
        assert store.get_memories(["m003"])["m003"] == memory(3)
    finally:
        store.close()
