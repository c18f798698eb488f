"""The duckdb record store beyond the record store contract of ``cognimem.testing`` (which it
passes, tests/contracts): persistence, schema migration, refusal of foreign and newer
stores, the cache, and write failures."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pytest

from cognimem.clock import ManualClock
from cognimem.components import GraveEntry, RecordStore
from cognimem.context import Context
from cognimem.engine import Engine
from cognimem.errors import InvalidInput, StoreError
from cognimem.events import next_event, verify_chain
from cognimem.models import Access, Edge, EmbeddingSignature, Source, content_hash
from cognimem.profile import load_profile
from cognimem.testing.store_cases import SIG, T0, check_reopened, write_through_an_engine
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins.duckdb_store import schema
from cognimem_plugins.duckdb_store.store import STORE_FILE, DuckDBStore


def open_store(cls: type[RecordStore], path: Path | None, **options: Any) -> RecordStore:
    """A record store opened on ``path`` (None: in memory), without an engine."""
    store = cls(cls.Options(**options))
    ctx = Context(path=path, clock=ManualClock(T0), seed=0, records=store, lexical=None,
                  vectors=None, embedder=None, hook=None, profile=None)  # type: ignore[arg-type]
    store.open(ctx)
    return store


@pytest.fixture
def disk(tmp_path: Path) -> Path:
    """A store directory path (not created)."""
    return tmp_path / "store"


def reopen(store: RecordStore, path: Path) -> RecordStore:
    """Close ``store`` and open the same kind again on ``path`` (duckdb only persists)."""
    store.close()
    return open_store(type(store), path)


# --- duckdb only: persistence -------------------------------------------------------------------


def test_everything_survives_reopen(disk: Path) -> None:
    store = open_store(DuckDBStore, disk)
    offset = timezone(timedelta(hours=2))
    m = memory(1, tags=["odd\x1ftag", "plain"], provenance=[""])
    store.put_memories([m, memory(2)])
    store.put_edges([Edge(source="m001", target="m002", created_at=T0)])
    store.add_accesses([Access(memory_id="m001", at=T0)])
    first = next_event(None, datetime(2025, 1, 1, 9, 0, 0, 1, tzinfo=offset), "add", "m001")
    store.append_event(first)
    store.append_event(next_event(first, T0, "relate", "m001", payload={"t": "m002"}))
    store.add_grave(GraveEntry(memory=memory(2, archived=True), archived_at=T0, reason="r"))
    store.put_embeddings({"m001": np.arange(8, dtype=np.float32)}, SIG)
    store.set_meta("ns", "k", [1, "two"])
    store = reopen(store, disk)
    try:
        got = store.get_memories(["m001"])["m001"]
        assert got == m and got.tags == ["odd\x1ftag", "plain"] and got.provenance == [""]
        assert got.created_at.tzinfo is not None
        assert [e.key for e in store.iter_edges()] == [("m001", "m002", "relates_to")]
        assert store.access_times(["m001"]) == {"m001": [T0]}
        events = list(store.iter_events())
        assert events[0].at.isoformat() == "2025-01-01T09:00:00.000001+02:00"
        assert verify_chain(events) == []
        assert store.graves()[0].memory.id == "m002"
        np.testing.assert_array_equal(store.get_embeddings(["m001"])["m001"], np.arange(8))
        assert store.get_meta("ns", "k") == [1, "two"]
        assert isinstance(store, DuckDBStore) and store.schema_version() == 3
    finally:
        store.close()


@pytest.mark.parametrize("count", [3, 48, 49, 150])
def test_reading_many_ids_gives_each_stored_one_once(disk: Path, count: int) -> None:
    """Reads by id (a filter of the id column) give exactly the stored memories asked for,
    lists included, however many."""
    store = open_store(DuckDBStore, disk)
    stored = [memory(i, tags=["odd\x1ftag"] if i % 7 == 0 else ["plain"]) for i in range(1, 201)]
    store.put_memories(stored)
    store.put_embeddings({m.id: np.full(8, int(m.id[1:]), dtype=np.float32) for m in stored}, SIG)
    store.add_accesses([Access(memory_id=m.id, at=T0) for m in stored])
    store = reopen(store, disk)  # an empty row cache: every id is read from the file
    try:
        wanted = [m.id for m in stored[:count:2]] + [f"absent{i}" for i in range(count // 2)]
        got = store.get_memories(wanted)
        assert sorted(got) == sorted(m.id for m in stored[:count:2])
        assert all(got[m.id] == m for m in stored[:count:2])
        vectors = store.get_embeddings(wanted)
        assert sorted(vectors) == sorted(m.id for m in stored[:count:2])
        assert all(vectors[m.id][0] == int(m.id[1:]) for m in stored[:count:2])
        times = store.access_times(wanted)
        assert all(times[m.id] == [T0] for m in stored[:count:2])
        assert all(times[i] == [] for i in wanted if i.startswith("absent"))
    finally:
        store.close()


def test_engine_event_chain_verifies_after_reopen(disk: Path) -> None:
    profile = load_profile(overrides=_profile_overrides(disk), base="test")
    clock = ManualClock(datetime(2025, 1, 1, 10, 0, tzinfo=timezone(timedelta(hours=9))))
    with Engine.from_profile(profile, clock=clock) as engine:
        first, _second = write_through_an_engine(engine, clock)
    with Engine.from_profile(profile, clock=clock) as engine:
        check_reopened(engine, first)


def _profile_overrides(path: Path) -> dict[str, Any]:
    return {"path": str(path), "records": {"use": "duckdb"}}


def test_ids_and_versions_helpers(disk: Path) -> None:
    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        store.put_memories([memory(1), memory(2, embedding=None),
                            memory(3, embedding=EmbeddingSignature(model="other", dim=8)),
                            memory(4, version=7)])
        assert store.memory_versions() == {"m001": 1, "m002": 1, "m003": 1, "m004": 7}
        assert store.ids_not_embedded_with(SIG) == ["m002", "m003"]
    finally:
        store.close()


def test_cache_off_reads_the_same(disk: Path) -> None:
    store = open_store(DuckDBStore, disk, cache_size=0)
    try:
        store.put_memories([memory(i) for i in range(3)])
        assert store.get_memories(["m002"])["m002"] == memory(2)
        assert [m.id for m in store.iter_memories()] == ["m000", "m001", "m002"]
    finally:
        store.close()


def test_small_cache_evicts_and_stays_correct(disk: Path) -> None:
    store = open_store(DuckDBStore, disk, cache_size=2)
    try:
        store.put_memories([memory(i) for i in range(5)])
        for _ in range(2):
            assert list(store.get_memories([f"m{i:03d}" for i in range(5)])) == [
                f"m{i:03d}" for i in range(5)]
        store.put_memories([memory(4, "changed", version=3)])
        assert store.get_memories(["m004"])["m004"].version == 3
    finally:
        store.close()


def _memory_limit(store: RecordStore) -> str:
    assert isinstance(store, DuckDBStore)
    return str(store.db.rows("SELECT current_setting('memory_limit')")[0][0])


def _mib(setting: str) -> float:
    number, unit = setting.split()
    return float(number) * {"KiB": 2**-10, "MiB": 1, "GiB": 2**10}[unit]


def test_duckdb_memory_on_disk_is_its_indexes_plus_a_block_budget(disk: Path) -> None:
    # DuckDB's own limit (80% of RAM) let it keep every block an ingest wrote (#45)
    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        from cognimem_plugins.duckdb_store.budget import BLOCK_BUDGET

        budget = BLOCK_BUDGET / 2**20  # an empty store holds little beyond the budget
        assert budget <= _mib(_memory_limit(store)) < budget + 88
        assert _mib(_memory_limit(store)) == pytest.approx(store.budget.limit / 2**20, abs=1)
    finally:
        store.close()


def test_the_budget_follows_what_duckdb_holds(disk: Path, monkeypatch: pytest.MonkeyPatch,
                                              ) -> None:
    from cognimem_plugins.duckdb_store import budget

    monkeypatch.setattr(budget, "BLOCK_BUDGET", 32 * 2**20)
    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        opened = store.budget.limit
        for batch in range(2 * budget.CHECK_EVERY):  # a look every CHECK_EVERY commits
            store.put_memories([memory(batch * 500 + i) for i in range(500)])
        assert store.budget.limit > opened  # the indexes grew, the limit with them
        assert _mib(_memory_limit(store)) == pytest.approx(store.budget.limit / 2**20, abs=1)
        assert _mib(_memory_limit(store)) < 256  # bounded, not DuckDB's 80% of RAM
        assert store.count_memories() == 8000
    finally:
        store.close()


def test_a_batch_of_the_largest_memories_commits_in_the_room_its_rows_are_given(
        disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A transaction's room beyond what DuckDB held at the last look (no margin on the
    indexes here) is sized from its rows: a default batch (1,024) of memories at the largest
    content allowed (100,000 characters) commits, on a new store and on a reopened one, with
    a block budget of 32 MiB (a fixed room of 128 MiB failed: "failed to pin block", #45
    wave 7; it needs ~260)."""
    from cognimem.profile import WriteSection
    from cognimem_plugins.duckdb_store import budget

    monkeypatch.setattr(budget, "INDEX_ENTRY", 1)
    monkeypatch.setattr(budget, "BLOCK_BUDGET", 32 * 2**20)
    batch, largest = WriteSection().batch_size, WriteSection().max_content_chars

    def big(n: int) -> list[Any]:
        return [memory(n + i, os.urandom(largest // 2).hex()) for i in range(batch)]

    store = open_store(DuckDBStore, disk)
    try:
        store.put_memories(big(0))
    finally:
        store.close()
    reopened = open_store(DuckDBStore, disk)
    try:
        reopened.put_memories(big(batch))
        assert reopened.count_memories() == 2 * batch
    finally:
        reopened.close()


def test_a_large_transaction_raises_the_limit_while_it_writes_then_lowers_it(
        disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cognimem_plugins.duckdb_store import budget

    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        ordinary = store.budget.limit
        during: list[float] = []
        store.db.before_write.append(lambda size: during.append(_mib(_memory_limit(store))))
        store.put_memories([memory(i) for i in range(10)])  # small: the room as it was
        assert during == [pytest.approx(ordinary / 2**20, abs=1)]
        text = os.urandom(10_000).hex()  # 200 of 20,000 characters: ~4 MiB of rows
        monkeypatch.setattr(budget, "ROOM_PER_BYTE", 200)  # ~760 MiB for those rows
        store.put_memories([memory(100 + i, text) for i in range(200)])
        assert during[-1] >= 740  # raised before the rows were written
        assert _mib(_memory_limit(store)) == pytest.approx(store.budget.limit / 2**20, abs=1)
        assert store.budget.limit < ordinary + 64 * 2**20  # and lowered after the commit
        assert store.count_memories() == 210
    finally:
        store.close()


def test_a_raise_duckdb_refuses_leaves_the_limit_and_the_write_proceeds(
        disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cognimem_plugins.duckdb_store import budget

    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        limit = store.budget.limit
        monkeypatch.setattr(budget, "ROOM_PER_BYTE", 2**40)  # DuckDB refuses such a limit
        store.put_memories([memory(i) for i in range(10)])
        assert store.count_memories() == 10
        assert not store.budget.raised
        assert store.budget.limit < limit + 16 * 2**20  # as it was (or a look's adjustment)
        assert _mib(_memory_limit(store)) == pytest.approx(store.budget.limit / 2**20, abs=1)
    finally:
        store.close()


def test_a_failed_look_at_duckdbs_memory_leaves_the_writes_acknowledged(disk: Path) -> None:
    from cognimem_plugins.duckdb_store import budget

    class Refusing:
        file = disk

        def connection(self) -> Any:
            return self

        def execute(self, sql: str) -> Any:
            raise duckdb.IOException("the look failed")

    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        limit = store.budget.limit
        store.budget.db = Refusing()  # the look runs after the commit
        for batch in range(budget.CHECK_EVERY):
            store.put_memories([memory(batch)])
        assert store.count_memories() == budget.CHECK_EVERY
        assert store.budget.limit == limit
    finally:
        store.close()


@pytest.mark.parametrize("on_disk", [True, False], ids=["disk", "memory"])
def test_the_profiles_memory_limit_wins(disk: Path, on_disk: bool) -> None:
    store = open_store(DuckDBStore, disk if on_disk else None, memory_limit="300MB")
    try:
        assert _memory_limit(store) == "286.1 MiB"
        assert isinstance(store, DuckDBStore) and not store.budget.enabled
    finally:
        store.close()


def test_an_in_memory_store_keeps_duckdbs_own_limit() -> None:
    # its data cannot be evicted to a file: DuckDB's own limit (80% of RAM), not a budget
    store = open_store(DuckDBStore, None)
    try:
        assert _memory_limit(store) == duckdb.connect(":memory:").execute(
            "SELECT current_setting('memory_limit')").fetchone()[0]  # type: ignore[index]
    finally:
        store.close()


# --- duckdb only: schema versions ---------------------------------------------------------------


def _v1_store(path: Path) -> None:
    """A store exactly as schema version 1 wrote it, with one memory, edge, event, embedding."""
    path.mkdir(parents=True)
    con = duckdb.connect(str(path / STORE_FILE))
    con.execute("SET TimeZone = 'UTC'")
    for statement in schema.V1_DDL:
        con.execute(statement)
    con.execute("INSERT INTO schema_version VALUES (1, 'cognimem 0.0.9', ?)", [T0])
    con.execute(
        "INSERT INTO memories VALUES ('m1', 'the deploy uses blue green', 'fact', 'semantic', "
        "'ltm', NULL, ['deploy'], 'atlas', NULL, NULL, "
        "'{\"file\": \"notes/a.md\", \"line\": 7, \"url\": null, \"session\": \"s1\"}', [], "
        "NULL, NULL, 0.5, 1.0, false, NULL, NULL, '{}', ?, ?, NULL, 0, ?, 'hash-8', 8, false, 1)",
        [T0, T0, content_hash("the deploy uses blue green")])
    con.execute(
        "INSERT INTO memories VALUES ('m2', 'no source here', 'note', 'episodic', 'stm', NULL, "
        "[], NULL, NULL, NULL, '{}', [], NULL, NULL, 0.5, 1.0, false, NULL, NULL, '{}', ?, ?, "
        "NULL, 0, ?, NULL, NULL, false, 1)", [T0, T0, content_hash("no source here")])
    con.execute("INSERT INTO edges VALUES ('m1', 'm2', 'relates_to', 1.0, 1.0, ?, NULL, 0, [], "
                "NULL, NULL, '{}')", [T0])
    event = next_event(None, T0, "add", "m1", None, {"hash": "h"})
    con.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [event.seq, event.at, event.at.isoformat(), event.op, event.target, event.agent,
                 '{"hash":"h"}', event.prev_hash, event.hash])
    con.execute("INSERT INTO embeddings VALUES ('m1', ?), ('m2', ?)",
                [np.arange(8, dtype="<f4").tobytes(), np.ones(4, dtype="<f4").tobytes()])
    con.close()


def test_a_version_1_store_is_migrated_and_keeps_its_data(disk: Path) -> None:
    _v1_store(disk)
    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        assert store.migrated == [2, 3] and store.schema_version() == 3
        m1 = store.get_memories(["m1"])["m1"]
        assert m1.source == Source(file="notes/a.md", line=7, session="s1")
        assert m1.created_at == T0 and m1.embedding == SIG and m1.tags == ["deploy"]
        assert store.get_memories(["m2"])["m2"].source == Source()
        assert verify_chain(store.iter_events()) == []
        assert [e.key for e in store.iter_edges()] == [("m1", "m2", "relates_to")]
        np.testing.assert_array_equal(store.get_embeddings(["m1"])["m1"], np.arange(8))
        assert store.embedding_signatures() == {("hash-8", 8): 1, ("unknown", 4): 1}
        assert [m.id for m in store.find_by_hash(content_hash("no source here"))] == ["m2"]
        store.put_memories([memory(3)])  # the upgraded store works
    finally:
        store.close()
    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore) and store.migrated == []
        assert store.count_memories() == 3
    finally:
        store.close()


def test_a_failed_migration_leaves_the_version_1_store_as_it_was(
        disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _v1_store(disk)

    def broken(con: Any) -> None:
        con.execute("CREATE TABLE half_done (x INTEGER)")
        raise duckdb.IOException("IO Error: No space left on device")

    monkeypatch.setitem(schema.MIGRATIONS, 1, broken)
    with pytest.raises(StoreError, match="full"):
        open_store(DuckDBStore, disk)
    con = duckdb.connect(str(disk / STORE_FILE), read_only=True)
    try:
        assert con.execute("SELECT max(version) FROM schema_version").fetchone() == (1,)
        assert "half_done" not in schema.tables(con)
    finally:
        con.close()
    monkeypatch.undo()
    store = open_store(DuckDBStore, disk)  # and the lock was released
    store.close()


def _digest(path: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.iterdir()) if p.is_file()}


def test_a_store_from_a_newer_version_is_refused_untouched(disk: Path) -> None:
    open_store(DuckDBStore, disk).close()
    con = duckdb.connect(str(disk / STORE_FILE))
    con.execute("INSERT INTO schema_version VALUES (4, 'cognimem 9.0', now())")
    con.close()
    before = _digest(disk)
    with pytest.raises(StoreError) as raised:
        open_store(DuckDBStore, disk)
    message = str(raised.value)
    assert "schema version 4" in message and "upgrade cognimem" in message
    assert "untouched" in message
    assert {k: v for k, v in _digest(disk).items() if k != "owner.lock"} == {
        k: v for k, v in before.items() if k != "owner.lock"}


# --- duckdb only: foreign and unreadable paths ---------------------------------------------------


def test_a_text_file_named_like_the_database_is_refused(disk: Path) -> None:
    disk.mkdir()
    (disk / STORE_FILE).write_text("my notes, not a database\n")
    before = _digest(disk)
    with pytest.raises(StoreError, match=r"not a DuckDB database.*untouched"):
        open_store(DuckDBStore, disk)
    assert _digest(disk) == before  # not even a lock file was created


def test_an_empty_database_file_is_refused(disk: Path) -> None:
    disk.mkdir()
    (disk / STORE_FILE).touch()
    with pytest.raises(StoreError, match="is empty"):
        open_store(DuckDBStore, disk)


def test_a_duckdb_database_that_is_not_a_store_is_refused_untouched(disk: Path) -> None:
    disk.mkdir()
    con = duckdb.connect(str(disk / STORE_FILE))
    con.execute("CREATE TABLE sales AS SELECT 1 AS amount")
    con.close()
    before = _digest(disk)
    with pytest.raises(StoreError, match="not a cognimem store"):
        open_store(DuckDBStore, disk)
    after = _digest(disk)
    after.pop("owner.lock", None)
    assert after == before


def test_a_directory_of_other_files_is_refused(disk: Path) -> None:
    disk.mkdir()
    (disk / "README.md").write_text("a project")
    (disk / "src").mkdir()
    with pytest.raises(StoreError, match=r"not a cognimem store.*README\.md"):
        open_store(DuckDBStore, disk)
    assert sorted(p.name for p in disk.iterdir()) == ["README.md", "src"]


def test_a_store_path_that_is_a_file_is_refused(disk: Path) -> None:
    disk.write_text("x")
    with pytest.raises(StoreError, match="is a file, not a directory"):
        open_store(DuckDBStore, disk)


def test_a_new_store_is_created_in_a_new_or_empty_directory(disk: Path) -> None:
    open_store(DuckDBStore, disk / "deep" / "er").close()
    disk.joinpath("empty").mkdir()
    open_store(DuckDBStore, disk / "empty").close()
    assert sorted(p.name for p in (disk / "empty").iterdir()) == ["owner.lock", STORE_FILE]


# --- duckdb only: write failures -----------------------------------------------------------------


def _fail_on(monkeypatch: pytest.MonkeyPatch, store: DuckDBStore, needle: str,
             error: Exception) -> None:
    """Make the store's SQL fail when a statement contains ``needle``."""
    real: Callable[..., Any] = store.db.run

    def failing(sql: str, params: Any = None) -> Any:
        if needle in sql:
            raise error
        return real(sql, params)

    monkeypatch.setattr(store.db, "run", failing)


DISK_FULL = duckdb.IOException('IO Error: Could not write file "records.duckdb.wal": '
                               "No space left on device")


@pytest.mark.parametrize("needle", ["INSERT INTO events", "INSERT INTO memories",
                                    "COMMIT"])
def test_a_full_disk_is_a_store_error_and_changes_nothing(
        disk: Path, monkeypatch: pytest.MonkeyPatch, needle: str) -> None:
    """Simulated: the statement (or the commit) fails with DuckDB's "No space left" error."""
    profile = load_profile(overrides=_profile_overrides(disk), base="test")
    with Engine.from_profile(profile, clock=ManualClock(T0)) as engine:
        kept = engine.add("kept before the disk filled up").id
        store = engine._records
        assert isinstance(store, DuckDBStore)
        last = store.last_event()
        _fail_on(monkeypatch, store, needle, DISK_FULL)
        with pytest.raises(StoreError, match=r"disk .* is full.*rolled back"):
            engine.add_many(["lost one", "lost two"])
        monkeypatch.undo()
        assert store.count_memories() == 1
        assert store.last_event() == last
        assert engine.search("lost").hits == [] or all(
            h.id == kept for h in engine.search("lost").hits)
        engine.add("written after space was freed")
        assert engine.check().ok
    with Engine.from_profile(profile, clock=ManualClock(T0)) as engine:
        assert engine._records.count_memories() == 2 and engine.check().ok


def test_a_caught_inner_failure_rolls_back_the_whole_transaction(
        disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(DuckDBStore, disk)
    try:
        assert isinstance(store, DuckDBStore)
        _fail_on(monkeypatch, store, "INTO edges", DISK_FULL)
        with pytest.raises(StoreError, match="whole transaction was rolled back"), \
                store.transaction():
            store.put_memories([memory(1)])
            with pytest.raises(StoreError):
                store.put_edges([Edge(source="m001", target="x")])
        assert store.count_memories() == 0 and store.get_memories(["m001"]) == {}
    finally:
        store.close()


def test_a_real_write_failure_past_a_file_size_limit(disk: Path) -> None:
    """Real: a child process may not grow any file (RLIMIT_FSIZE), so DuckDB's WAL write
    fails with EFBIG at commit; it gets a StoreError and the store reopens intact."""
    profile = load_profile(overrides=_profile_overrides(disk), base="test")
    with Engine.from_profile(profile) as engine:
        engine.add_many([f"memory {i} about the release train" for i in range(20)])
    script = textwrap.dedent(f"""
        import os, resource, signal
        from cognimem.engine import Engine
        from cognimem.errors import StoreError
        from cognimem.profile import load_profile
        profile = load_profile(overrides={_profile_overrides(disk)!r}, base="test")
        engine = Engine.from_profile(profile)
        engine.add("one more before the limit")
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        biggest = max(os.path.getsize(os.path.join({str(disk)!r}, f))
                      for f in os.listdir({str(disk)!r}))
        resource.setrlimit(resource.RLIMIT_FSIZE, (biggest, biggest))
        try:
            engine.add_many([("filler " * 4000) + str(i) for i in range(100)])
            print("no error")
        except StoreError as exc:
            print("StoreError:", exc)
        print("count", engine._records.count_memories())
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert "StoreError:" in done.stdout, done.stdout + done.stderr
    assert "rolled back" in done.stdout
    assert "count 21" in done.stdout
    with Engine.from_profile(profile) as engine:
        assert engine._records.count_memories() == 21
        assert engine.check().ok


def test_an_embedding_of_the_wrong_dimension_writes_nothing(disk: Path) -> None:
    store = open_store(DuckDBStore, disk)
    try:
        with pytest.raises(InvalidInput, match=r"has 4 dimensions.*says 8"), store.transaction():
            store.put_memories([memory(1)])
            store.put_embeddings({"m001": np.ones(4)}, SIG)
        assert store.count_memories() == 0 and store.get_embeddings(["m001"]) == {}
    finally:
        store.close()


def test_closed_store_says_so(disk: Path) -> None:
    store = open_store(DuckDBStore, disk)
    store.close()
    store.close()
    with pytest.raises(StoreError, match="not open"):
        store.count_memories()


def test_in_memory_duckdb_for_tests() -> None:
    store = open_store(DuckDBStore, None)
    try:
        store.put_memories([memory(1)])
        assert store.count_memories() == 1
    finally:
        store.close()


def test_the_duckdb_plugin_is_registered() -> None:
    profile = load_profile(overrides={"records": {"use": "duckdb"}}, base="test")
    with Engine.from_profile(profile) as engine:
        assert isinstance(engine._records, DuckDBStore)
        assert engine._records.persistent
        assert engine._records.file is None  # the test profile keeps it in memory
