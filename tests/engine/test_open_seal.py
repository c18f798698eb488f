"""A clean close seals the store; an open that finds the seal intact skips the full
comparison of every index with the records, and anything that moved since — a write by any
process, an index rebuilt or deleted — makes the open compare and repair
as before."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from cognimem.engine import Engine
from cognimem.profile import load_profile

#: Each vector index with a fingerprint: its plugin and its folder in the store.
FOLDERS = {"lancedb": ("lancedb", "vectors"), "hnsw": ("hnsw", "hnsw")}


@pytest.fixture(params=list(FOLDERS))
def vectors(request: pytest.FixtureRequest) -> str:
    """The vector index of the store under test."""
    return str(request.param)


def _open(path: Path, vectors: str, **extra: Any) -> Engine:
    overrides = {
        "path": str(path), "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        "vectors": {"use": vectors}, "embedder": {"use": "hash", "dim": 32, **extra},
        "plugins": {"allow": ["duckdb", "tantivy", FOLDERS[vectors][0], "hash", "retrievers",
                              "fusion"]},
    }
    return Engine.from_profile(load_profile(overrides=overrides, base="test"))


class Counting:
    """Counts calls of ``versions()`` on the engine's indexes, the full scan."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from cognimem_plugins.hnsw_index.index import HnswVectors
        from cognimem_plugins.lancedb_index.index import LanceVectors
        from cognimem_plugins.tantivy_index.index import TantivyIndex

        self.calls = 0
        for cls in (TantivyIndex, LanceVectors, HnswVectors):
            original = cls.versions

            def counted(index: Any, _original: Any = original) -> dict[str, int]:
                self.calls += 1
                return _original(index)

            monkeypatch.setattr(cls, "versions", counted)


def _ids(engine: Engine, text: str) -> set[str]:
    return {h.memory.id for h in engine.search(text, k=20).hits}


def test_a_sealed_store_opens_without_comparing(tmp_path: Path, vectors: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with _open(tmp_path, vectors) as engine:
        written = [engine.add(f"sealed note {i} about parser caches").memory.id
                   for i in range(5)]
    counting = Counting(monkeypatch)
    with _open(tmp_path, vectors) as engine:
        assert counting.calls == 0  # sealed: no full scan
        assert set(written) <= _ids(engine, "parser caches")
        assert engine.check().ok  # check always compares everything
    assert counting.calls == 2


def test_a_write_after_the_seal_makes_the_open_compare(tmp_path: Path, vectors: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with _open(tmp_path, vectors) as engine:
        engine.add("first note about the release train")
    # a process that wrote the records and died before its index writes: the records move,
    # the indexes do not, and no new seal is written
    engine = _open(tmp_path, vectors)
    lost = engine.add("second note about the release train").memory
    assert engine.lexical is not None and engine.vectors is not None
    engine.lexical.delete([lost.id])
    engine.vectors.delete([lost.id])
    engine._records.close()  # the kill: components drop without the engine's close
    engine.lexical.close()
    engine.vectors.close()
    counting = Counting(monkeypatch)
    with _open(tmp_path, vectors) as engine:
        assert counting.calls == 2  # compared, and repaired
        assert lost.id in _ids(engine, "second note release")
        assert engine.check().ok


@pytest.mark.parametrize("index", ["lexical", "vectors"])
def test_a_deleted_index_is_rebuilt_on_open(tmp_path: Path, vectors: str, index: str) -> None:
    with _open(tmp_path, vectors) as engine:
        kept = engine.add("note about vector quantisation").memory.id
    shutil.rmtree(tmp_path / ("lexical" if index == "lexical" else FOLDERS[vectors][1]))
    with _open(tmp_path, vectors) as engine:
        rebuilt = engine.lexical if index == "lexical" else engine.vectors
        assert rebuilt is not None
        assert kept in rebuilt.versions()
        assert engine.check().ok


def test_an_hnsw_snapshot_older_than_the_seal_makes_the_open_compare(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seal is written before the indexes close; if the hnsw save at close then fails
    (or a kill lands between the two), the snapshot on disk is older than the seal says."""
    with _open(tmp_path, "hnsw") as engine:
        note = engine.add("the first note about the nightly backup").memory.id
    folder = tmp_path / FOLDERS["hnsw"][1]
    saved = {p.name: p.read_bytes() for p in folder.iterdir()}
    with _open(tmp_path, "hnsw") as engine:  # as many memories, one of them changed
        engine.update(note, content="the nightly backup moved to the weekly restore drill")
    for p in folder.iterdir():  # the older generation is what the disk holds
        p.unlink()
    for name, data in saved.items():
        (folder / name).write_bytes(data)
    counting = Counting(monkeypatch)
    with _open(tmp_path, "hnsw") as engine:
        assert counting.calls == 2
        assert engine.vectors is not None and engine.vectors.versions()[note] == 2

