"""Searches beside writes (the store daemon's read gate over the on-disk stack): a reader
never sees a write's open transaction nor waits for it, and under threads of writers and
readers every search finds what was acknowledged before it began, returns committed
memories only, raises nothing, and no access is lost or left stale in the row cache."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from cognimem.accesses import HeldAccesses
from cognimem.daemon.reads import ReadGate
from cognimem.engine import Engine
from cognimem.models import Hit

#: Vector index options that make writes do their rarest work beside searches often: LanceDB
#: compacts (and deletes old table versions) after every second write; hnsw saves its
#: snapshot every few changes, inserts in chunks of two and searches the graph itself.
VECTORS: dict[str, dict[str, Any]] = {"lancedb": {"compact_every": 2},
                                      "hnsw": {"save_every": 5, "write_chunk": 2, "exact_below": 0}}


def _engine(path: Path, vectors: str = "lancedb") -> Engine:
    return Engine.from_profile("test", path=path, overrides={
        "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        "vectors": {"use": vectors, **VECTORS[vectors]}})


def _thread(target: Any) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def test_a_reader_neither_sees_nor_waits_for_an_open_transaction(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    try:
        store: Any = engine._records
        original = engine.add("the release checklist lives in docs/release.md").memory
        newcomer = original.model_copy(update={"id": "m0000000000000ab", "content": "new"})
        changed = original.model_copy(update={"content": "changed", "version": 2})
        inside, finish = threading.Event(), threading.Event()

        def write() -> None:
            with pytest.raises(RuntimeError), store.transaction():
                store.put_memories([changed, newcomer])
                inside.set()
                finish.wait(30)
                raise RuntimeError("rolled back")

        writer = _thread(write)
        assert inside.wait(30)
        seen: dict[str, Any] = {}

        def read() -> None:
            with store.reading():
                seen.update(store.get_memories([original.id, newcomer.id]))

        reader = _thread(read)
        reader.join(10)
        assert not reader.is_alive(), "the reader waited for the write's transaction"
        finish.set()
        writer.join(30)
        assert set(seen) == {original.id}
        assert seen[original.id].content == original.content
        assert store.get_memories([newcomer.id]) == {}
        assert engine.get(original.id).content == original.content
    finally:
        engine.close()


def test_held_accesses_added_during_a_flush_are_not_lost(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    try:
        memory = engine.add("the nightly backup runs at 02:00").memory
        hit = Hit(memory=memory, score=1.0)
        held: HeldAccesses = engine._k.held
        stop = threading.Event()
        added = [0]

        def search_like() -> None:
            while not stop.is_set():
                held.add([hit], engine.now(), None, "backup")
                added[0] += 1

        readers = [_thread(search_like)]
        for _ in range(40):
            engine.flush_accesses()
        stop.set()
        for t in readers:
            t.join(10)
        engine.flush_accesses()
        assert len(engine.store.access_times([memory.id])[memory.id]) == added[0]
        assert engine.get(memory.id).access_count == added[0]
    finally:
        engine.close()


@pytest.mark.parametrize("vectors", sorted(VECTORS))
def test_searches_beside_writes_stay_consistent(tmp_path: Path, vectors: str) -> None:
    engine = _engine(tmp_path, vectors)
    lock = threading.Lock()
    gate = ReadGate(engine, lock)
    assert gate.concurrent and engine.concurrent_reads
    written: dict[str, str] = {}  # id -> content, once acknowledged
    markers: list[tuple[str, str]] = []  # (marker, id), acknowledged
    errors: list[BaseException] = []
    hits_returned = [0]
    seen: set[tuple[str, str]] = set()  # (id, content) of every hit
    done = threading.Event()
    count_lock = threading.Lock()

    def writer(w: int) -> None:
        try:
            for i in range(25):
                texts = [f"writer {w} batch {i} item {j} marker zqw{w}b{i}j{j}k"
                         for j in range(3)]
                with lock:
                    out = engine.add_many(texts)
                    if i % 5 == 4:
                        engine.flush_accesses()  # as the daemon's timer does
                with count_lock:
                    for text, result in zip(texts, out, strict=True):
                        written[result.memory.id] = text
                        markers.append((text.split()[-1], result.memory.id))
        except BaseException as exc:
            errors.append(exc)

    def reader(seed: int) -> None:
        rng = random.Random(seed)
        try:
            while not done.is_set():
                with count_lock:
                    if not markers:
                        continue
                    marker, memory_id = rng.choice(markers)
                    known = dict(written)
                result = gate.search([marker], {"k": 3})
                ids = [h.memory.id for h in result.hits]
                assert memory_id in ids, f"{marker} was acknowledged but not found"
                for hit in result.hits:  # as written (checked once all are acknowledged)
                    assert known.get(hit.memory.id, hit.memory.content) == hit.memory.content
                with count_lock:
                    hits_returned[0] += len(result.hits)
                    seen.update((h.memory.id, h.memory.content) for h in result.hits)
        except BaseException as exc:
            errors.append(exc)

    readers = [_thread(lambda s=s: reader(s)) for s in range(4)]
    writers = [_thread(lambda w=w: writer(w)) for w in range(2)]
    for t in writers:
        t.join(300)
    time.sleep(0.2)
    done.set()
    for t in readers:
        t.join(60)
    try:
        assert not errors, errors[:3]
        assert hits_returned[0] > 0 and gate.searches_beside > 0
        assert seen <= set(written.items()), "a search returned what was never committed"
        engine.flush_accesses()
        stored = engine.store.access_times(list(written))
        assert sum(len(v) for v in stored.values()) == hits_returned[0], "accesses were lost"
        cached = engine.store.get_memories(list(written))  # the row cache
        for memory in engine.store.iter_memories():  # the database itself
            assert cached[memory.id].access_count == memory.access_count, "a stale cache row"
            assert cached[memory.id].version == memory.version
        assert engine.check().ok
    finally:
        engine.close()


def test_a_row_read_before_a_commit_does_not_replace_the_committed_one(
        tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    try:
        store: Any = engine._records
        memory = engine.add("the staging database is refreshed on mondays").memory
        store.cache.rows.clear()  # the reader will fetch the row from the database
        fetch = store.memories.fetch_ids

        reader = threading.current_thread()

        def fetch_then_commit(ids: list[str]) -> Any:
            found = fetch(ids)  # version 1, read before the update commits
            if threading.current_thread() is reader:
                updater = _thread(lambda: engine.update(memory.id, importance=0.9))
                updater.join(30)
                assert not updater.is_alive()
            return found

        store.memories.fetch_ids = fetch_then_commit
        with store.reading():
            assert store.get_memories([memory.id])[memory.id].version == 1
        store.memories.fetch_ids = fetch
        assert store.get_memories([memory.id])[memory.id].version == 2
        assert engine.get(memory.id).importance == 0.9
    finally:
        engine.close()


def test_readers_read_the_new_file_after_a_compaction(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    try:
        gate = ReadGate(engine, threading.Lock())
        memory = engine.add("the on-call rota changes every friday").memory
        assert [h.memory.id for h in gate.search(["rota"], {"k": 1}).hits] == [memory.id]
        with gate.alone():
            engine._records.compact()
            other = engine.add("the rota spreadsheet is in the team drive").memory
        engine._records.cache.rows.clear()  # type: ignore[attr-defined]  # read the file
        found = {h.memory.id for h in gate.search(["rota"], {"k": 5}).hits}
        assert found == {memory.id, other.id}
    finally:
        engine.close()
