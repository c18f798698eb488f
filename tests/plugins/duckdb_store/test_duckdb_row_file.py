"""The rows' copy beside the database (#45, ``rowfile``): rows read from it must be the rows
DuckDB gives, and every write, delete, archive, fold and rollback must show at once."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import test_duckdb_stored_rows as stored_rows
from test_duckdb_access_tally import ACTR_RANK
from test_duckdb_packed_rows import ODD, by_columns

from cognimem.clock import ManualClock
from cognimem.context import Context
from cognimem.engine import Engine
from cognimem.errors import StoreError
from cognimem.models import Access
from cognimem.profile import load_profile
from cognimem.testing.store_cases import T0
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins import sql_rows as rows
from cognimem_plugins.duckdb_store import packed, rowfile
from cognimem_plugins.duckdb_store.store import DuckDBStore

shape = stored_rows.shape


def opened(path: Path, **options: Any) -> DuckDBStore:
    """A store with no row cache: every read by id goes to the copy or DuckDB."""
    store = DuckDBStore(DuckDBStore.Options(cache_size=0, **options))
    ctx = Context(path=path, clock=ManualClock(T0), seed=0, records=store, lexical=None,
                  vectors=None, embedder=None, hook=None, profile=None)  # type: ignore[arg-type]
    store.open(ctx)
    return store


@pytest.fixture(autouse=True)
def held_rebuilds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rebuild waits until a test lets it run (ready())."""
    monkeypatch.setattr(rowfile, "BUILD_DELAY", 60.0)


def ready(store: DuckDBStore) -> DuckDBStore:
    """Let a rebuild run now and wait for it."""
    store.copy._go.set()
    thread = store.copy._thread
    if thread is not None:
        thread.join(30)
    assert store.copy.ready
    return store


@pytest.fixture
def path(tmp_path: Path) -> Iterator[Path]:
    first = opened(tmp_path / "s")
    first.put_memories(ODD)
    first.close()
    yield tmp_path / "s"


def read(store: DuckDBStore, ids: list[str]) -> dict[str, Any]:
    before = store.copy.served
    found = {r[0]: r for r in store.memories.fetch_ids(ids)}
    store.served_now = store.copy.served - before  # type: ignore[attr-defined]
    return found


def truth(store: DuckDBStore, ids: list[str]) -> dict[str, Any]:
    """The rows read column by column from DuckDB, as read() gives them."""
    return {r[0]: r for r in by_columns(store.memories, ids)}


def same(got: dict[str, Any], expected: dict[str, Any]) -> bool:
    return shape(got) == shape(expected)


IDS = [m.id for m in ODD]


def test_packing_a_row_in_python_gives_the_row_duckdb_packs(tmp_path: Path) -> None:
    store = opened(tmp_path / "s", row_file=False)
    try:
        store.put_memories(ODD)
        stored = {r[0]: r for r in store.db.rows(
            f"SELECT {packed.PACKED_SELECT} FROM memories", None)}
        for m in ODD:
            mine = packed.unpack((m.id, rowfile.pack(rows.memory_row(m))))
            assert shape(mine) == shape(packed.unpack(stored[m.id])), m.id
    finally:
        store.close()


def test_a_reopened_store_reads_its_rows_from_the_copy(path: Path) -> None:
    store = ready(opened(path))  # the first open had no copy: rebuilt
    try:
        assert same(read(store, IDS), truth(store, IDS)) and store.served_now == len(IDS)
    finally:
        store.close()
    assert (path / rowfile.ROW_DIR / rowfile.SEAL_FILE).exists()
    again = opened(path)  # sealed at close: loaded at open, no rebuild
    try:
        assert again.copy.ready and again.copy._thread is None
        assert same(read(again, IDS), truth(again, IDS)) and again.served_now == len(IDS)
        assert not (path / rowfile.ROW_DIR / rowfile.SEAL_FILE).exists()  # a crash: none
    finally:
        again.close()


def test_writes_deletes_and_archives_show_at_once(path: Path) -> None:
    store = ready(opened(path))
    try:
        changed = memory(1, content="rewritten", version=2)
        store.put_memories([changed, memory(2, archived=True, version=2), memory(70)])
        store.delete_memories(["m003"])
        ids = [*IDS, "m070"]
        got = read(store, ids)
        assert "m003" not in got and same(got, truth(store, ids))
        assert shape(got["m001"]) == shape(rows.memory_row(changed))
        assert store.served_now == len(ids) - 1  # the written ones appended after commit
    finally:
        store.close()
    again = opened(path)
    try:
        assert again.copy.ready
        assert same(read(again, [*IDS, "m070"]), truth(again, [*IDS, "m070"]))
    finally:
        again.close()


def test_a_rolled_back_write_leaves_the_stored_row(path: Path) -> None:
    store = ready(opened(path))
    try:
        with pytest.raises(StoreError), store.transaction():
            store.put_memories([memory(1, content="never")])
            raise StoreError("rolled back")
        assert same(read(store, IDS), truth(store, IDS))
        store.put_memories([memory(80)])  # a commit after: the rolled-back row stays out
        assert read(store, ["m001"])["m001"][1] == ODD[0].content
    finally:
        store.close()


def test_folded_and_unfolded_accesses_count_once(path: Path) -> None:
    store = ready(opened(path))
    later = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    try:
        store.record_accesses([Access(memory_id="m001", at=later),
                               Access(memory_id="m003", at=later)])
        assert same(read(store, IDS), truth(store, IDS))
        store.tally.fold_accesses()
        store.record_accesses([Access(memory_id="m001", at=later + timedelta(seconds=1))])
        got = read(store, IDS)
        assert same(got, truth(store, IDS))
        assert got["m001"][26] == ODD[0].access_count + 2
    finally:
        store.close()  # folds again, then seals
    again = ready(opened(path))  # (two of six rows folded: over REBUILD_SHARE, rebuilt)
    try:
        got = read(again, IDS)
        assert same(got, truth(again, IDS)) and got["m001"][26] == ODD[0].access_count + 2
    finally:
        again.close()


def test_a_store_changed_without_the_copy_is_rebuilt(path: Path) -> None:
    ready(opened(path)).close()
    other = opened(path, row_file=False)  # e.g. an older version of cognimem
    other.put_memories([memory(1, content="changed elsewhere", version=2)])
    other.close()
    store = opened(path)
    try:
        assert not store.copy.ready  # the seal does not match: rebuilt, DuckDB meanwhile
        assert same(read(store, IDS), truth(store, IDS)) and store.served_now == 0
        ready(store)
        got = read(store, IDS)
        assert same(got, truth(store, IDS)) and got["m001"][1] == "changed elsewhere"
        assert store.served_now == len(IDS)
    finally:
        store.close()


def test_rows_written_while_the_copy_is_rebuilt_are_read_from_duckdb(path: Path) -> None:
    store = opened(path)
    try:
        assert not store.copy.ready
        store.put_memories([memory(1, content="during", version=2)])
        ready(store)
        got = read(store, IDS)
        assert same(got, truth(store, IDS)) and got["m001"][1] == "during"
    finally:
        store.close()


def test_many_appended_rows_merge_into_the_table(path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rowfile, "OVERLAY_MAX", 4)
    store = ready(opened(path))
    try:
        more = [memory(i, content=f"more {i}") for i in range(100, 130)]
        store.put_memories(more[:10])
        store.put_memories(more[10:])
        store.put_memories([memory(100, content="again", version=2)])
        ids = [*IDS, *(m.id for m in more)]
        got = read(store, ids)
        assert same(got, truth(store, ids)) and store.served_now == len(ids)
        assert len(store.copy._overlay) <= 4
    finally:
        store.close()


def test_a_write_committed_after_the_rebuilds_snapshot_is_read_from_duckdb(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = opened(path)
    scan = rowfile.RowFile._write_all

    def scanned_then_written(copy: rowfile.RowFile, target: Path) -> Any:
        out = scan(copy, target)  # the snapshot's rows read: the old m001
        store.put_memories([memory(1, content="after the snapshot", version=2)])
        return out

    monkeypatch.setattr(rowfile.RowFile, "_write_all", scanned_then_written)
    try:
        ready(store)
        got = read(store, IDS)
        assert same(got, truth(store, IDS)) and got["m001"][1] == "after the snapshot"
    finally:
        store.close()


def test_searches_rank_the_same_with_and_without_the_copy(tmp_path: Path) -> None:
    """Recorded searches (folds every 8 tally rows), an update, a delete, an archive and
    reopens:
    the same hits, scores and memories with the copy as without it."""
    texts = [f"deploy pipeline step {i} uses tag {i % 7} and owner {i % 5}" for i in range(60)]
    queries = ("deploy pipeline", "tag 3 owner 4", "step 17", "owner 2")

    def history(row_file: bool) -> tuple[list[Any], int]:
        profile = load_profile(base="test", overrides={
            "path": str(tmp_path / f"store-{row_file}"), "rank": [ACTR_RANK],
            "search": {"access_batch": 4},
            "records": {"use": "duckdb", "cache_size": 0, "warm_cache": False,
                        "fold_at": 8, "row_file": row_file}})
        seen: list[Any] = []
        served = 0
        for round_ in range(3):
            with Engine.from_profile(profile, clock=ManualClock(T0)) as engine:
                records = engine._records  # type: ignore[attr-defined]
                if round_ == 0:
                    ids = [w.id for w in engine.add_many(
                        [{"content": t, "tags": [f"t{i % 3}"], "importance": i % 10 / 10}
                         for i, t in enumerate(texts)])]
                if row_file:
                    ready(records)
                for query in queries:
                    seen.append([(h.id, h.score, h.memory.model_dump_json())
                                 for h in engine.search(query, k=10).hits])
                if round_ == 1:
                    engine.update(ids[17], content="step 17 rewritten for owner 2")
                    engine.delete(ids[3])
                    engine.archive(ids[5])
                served += records.copy.served
        return seen, served

    with_copy, served = history(True)
    without, none = history(False)
    assert with_copy == without and all(with_copy)
    assert served > 0 and none == 0


def test_a_failed_append_leaves_the_copy_unused(path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    store = ready(opened(path))

    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    try:
        monkeypatch.setattr(rowfile.os, "write", full)
        store.put_memories([memory(1, content="written to DuckDB only", version=2)])
        monkeypatch.undo()
        got = read(store, IDS)
        assert same(got, truth(store, IDS)) and got["m001"][1] == "written to DuckDB only"
        assert not store.copy.ready and store.served_now == 0
    finally:
        store.close()
    assert not (path / rowfile.ROW_DIR / rowfile.SEAL_FILE).exists()  # rebuilt at next open


def test_a_copy_packed_with_other_columns_is_rebuilt(path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    ready(opened(path)).close()
    monkeypatch.setattr(packed, "PACKED_SELECT", packed.PACKED_SELECT + ", 1")  # a new schema
    store = opened(path)
    try:
        assert not store.copy.ready
    finally:
        store.close()


def files_holding(root: Path, text: str) -> list[str]:
    return [str(p.relative_to(root)) for p in root.rglob("*")
            if p.is_file() and text.encode() in p.read_bytes()]


def test_a_compaction_leaves_no_row_of_a_deleted_memory_in_the_copy(tmp_path: Path) -> None:
    """A permanent delete compacts the store: the copy held the deleted memory's row (and
    an updated memory's old text), so it is removed and rebuilt from the compacted file."""
    secret, old = "quokka-zanzibar-7731", "wallaby-orinoco-4402"
    store = ready(opened(tmp_path / "c"))
    store.put_memories([memory(1, content=f"the codename is {secret}"),
                        memory(2, content=f"the old text {old}"), memory(3)])
    store.put_memories([memory(2, content="the new text", version=2)])
    assert store.copy.ready and files_holding(tmp_path / "c", secret)
    store.delete_memories(["m001"])
    store.compact()
    assert files_holding(tmp_path / "c", secret) == []
    assert files_holding(tmp_path / "c", old) == []
    assert not store.copy.ready  # reads go to DuckDB until the copy is rebuilt
    assert same(read(store, ["m002", "m003"]), truth(store, ["m002", "m003"]))
    ready(store)
    assert same(read(store, ["m002", "m003"]), truth(store, ["m002", "m003"]))
    assert store.served_now == 2  # type: ignore[attr-defined]
    assert read(store, ["m001"]) == {}
    store.close()
    assert files_holding(tmp_path / "c", secret) == []
    reopened = opened(tmp_path / "c")
    assert reopened.copy.ready  # sealed at close: loaded, not rebuilt
    assert same(read(reopened, ["m002", "m003"]), truth(reopened, ["m002", "m003"]))
    reopened.close()


def test_a_copy_mostly_of_superseded_rows_is_written_anew(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Updated rows are appended and the old ones stay: a close that finds the file over
    WASTE_FACTOR times the rows it serves removes it, and the next open writes it anew."""
    monkeypatch.setattr(rowfile, "WASTE_SLACK", 0)
    store = ready(opened(tmp_path / "w"))
    store.put_memories([memory(i) for i in range(1, 11)])
    store.close()
    data = tmp_path / "w" / rowfile.ROW_DIR / rowfile.DATA_FILE
    kept = data.stat().st_size
    store = opened(tmp_path / "w")
    assert store.copy.ready  # few updates: sealed and loaded
    for version in range(2, 4):
        store.put_memories([memory(1, content=f"the note, version {version}", version=version)])
    store.close()
    assert data.stat().st_size > kept  # the old rows are still there, under the factor
    store = opened(tmp_path / "w")
    assert store.copy.ready
    for version in range(4, 40):
        store.put_memories([memory(i, content=f"note {i}, version {version}", version=version)
                            for i in range(1, 11)])
    store.close()
    assert not data.exists()
    store = opened(tmp_path / "w")
    assert not store.copy.ready  # rebuilt, not loaded
    ready(store)
    ids = [f"m{i:03d}" for i in range(1, 11)]
    assert same(read(store, ids), truth(store, ids))
    assert data.stat().st_size < 2 * kept
    store.close()
