"""The LanceDB vector index: on disk, temporary folder, ANN switch, compaction, bad folders,
and the persistent stack end to end.

(Search, filters, update, delete and dimension errors are covered for every vector index by
test_index_behaviour.py.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cognimem.engine import Engine
from cognimem.errors import StoreError
from cognimem.models import Query, Scope
from cognimem.plugins import PluginHost
from cognimem.testing import index_context as context
from cognimem.testing import memory as mem
from cognimem.testing import opened, unit_vectors
from cognimem_plugins.exact_vectors import ExactVectors
from cognimem_plugins.lancedb_index.index import LanceVectors

DIM = 16


def memories(n: int, start: int = 0) -> list:
    """``n`` memories with ids m00000.., a few scopes, every tenth archived."""
    return [mem(f"m{i:05d}", f"memory {i}", archived=(i % 10 == 9),
                scope=Scope(project=f"p{i % 3}")) for i in range(start, start + n)]


def test_table_lives_in_the_vectors_folder_and_survives_reopening(tmp_path: Path) -> None:
    vecs = unit_vectors(30, DIM)
    index = opened(LanceVectors, tmp_path)
    index.upsert(memories(30), vecs)
    index.close()
    assert (tmp_path / "vectors" / "memories.lance").is_dir()
    again = opened(LanceVectors, tmp_path)
    try:
        assert again.versions() == {f"m{i:05d}": 1 for i in range(30)}
        assert again.search(vecs[4], Query(text="x"), 1)[0].id == "m00004"
    finally:
        again.close()


def test_without_a_store_path_a_temporary_folder_is_removed_on_close() -> None:
    index = opened(LanceVectors, None)
    index.upsert(memories(3), unit_vectors(3, DIM))
    folder = index._dir
    assert folder is not None and folder.is_dir()
    index.close()
    index.close()
    assert not folder.exists()


def test_foreign_files_are_refused(tmp_path: Path) -> None:
    (tmp_path / "vectors").mkdir()
    (tmp_path / "vectors" / "data.csv").write_text("a,b")
    with pytest.raises(StoreError, match="not a cognimem LanceDB index"):
        opened(LanceVectors, tmp_path)
    assert (tmp_path / "vectors" / "data.csv").read_text() == "a,b"


def test_opening_with_another_embedder_dimension_only_warns(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    index = opened(LanceVectors, tmp_path)
    index.upsert(memories(3), unit_vectors(3, DIM))
    index.close()
    again = LanceVectors()
    again.open(context(tmp_path, dimension=DIM * 2))  # reindex must still be able to open it
    try:
        assert "cognimem reindex" in caplog.text
        with pytest.raises(StoreError, match="cognimem reindex"):
            again.search(unit_vectors(1, DIM * 2)[0], Query(text="x"), 3)
    finally:
        again.close()


def test_ann_index_is_built_past_the_threshold_and_keeps_recall(tmp_path: Path) -> None:
    n = 600
    vecs = unit_vectors(n, DIM, seed=3)
    index = opened(LanceVectors, tmp_path, ann_threshold=400, num_partitions=4, nprobes=4)
    exact = opened(ExactVectors, None)
    try:
        index.upsert(memories(300), vecs[:300])
        assert not index.has_ann_index()
        index.upsert(memories(300, start=300), vecs[300:])
        assert index.has_ann_index()
        exact.upsert(memories(n), vecs)
        queries = unit_vectors(20, DIM, seed=8)
        recall = []
        for query in queries:
            truth = {c.id for c in exact.search(query, Query(text="x"), 10)}
            found = {c.id for c in index.search(query, Query(text="x"), 10)}
            recall.append(len(truth & found) / 10)
        assert np.mean(recall) >= 0.9
        scoped = index.search(queries[0], Query(text="x", scope=Scope(project="p1")), 10)
        assert len(scoped) == 10
        assert all(int(c.id[1:]) % 3 == 1 for c in scoped)
        # the prefilter's columns got bitmap indexes; a row added after them is still found
        indexed = {tuple(ix.columns) for ix in index._table.list_indices()}
        assert {("project",), ("agent",), ("user",), ("archived",)} <= indexed
        late = mem("m99999", "late", scope=Scope(project="p-late"))
        index.upsert([late], unit_vectors(1, DIM, seed=11))
        found = index.search(queries[0], Query(text="x", scope=Scope(project="p-late")), 10)
        assert [c.id for c in found] == ["m99999"]
    finally:
        index.close()
        exact.close()
    again = opened(LanceVectors, tmp_path, ann_threshold=400)
    try:
        assert again.has_ann_index()
    finally:
        again.close()


def test_ann_threshold_zero_never_builds_an_index(tmp_path: Path) -> None:
    index = opened(LanceVectors, tmp_path, ann_threshold=0)
    try:
        index.upsert(memories(300), unit_vectors(300, DIM))
        index.optimize()
        assert not index.has_ann_index()
    finally:
        index.close()


def test_single_writes_are_compacted_automatically(tmp_path: Path) -> None:
    vecs = unit_vectors(25, DIM)
    index = opened(LanceVectors, tmp_path, compact_every=8)
    try:
        for i, memory in enumerate(memories(25)):
            index.upsert([memory], vecs[i : i + 1])
        assert index.stats()["fragments"] < 8
        index.optimize()
        assert index.stats()["fragments"] == 1
        assert index.stats()["rows"] == 25
        assert index.search(vecs[7], Query(text="x"), 1)[0].id == "m00007"
    finally:
        index.close()


def test_optimize_drops_old_versions(tmp_path: Path) -> None:
    index = opened(LanceVectors, tmp_path, compact_every=1000)
    try:
        for i in range(10):
            index.upsert(memories(1, start=i), unit_vectors(1, DIM, seed=i))
        files_before = sum(1 for _ in (tmp_path / "vectors").rglob("*.lance"))
        index.optimize()
        files_after = sum(1 for _ in (tmp_path / "vectors").rglob("*.lance"))
        assert files_after < files_before
        assert len(index.versions()) == 10
    finally:
        index.close()


def test_registered_through_the_entry_point() -> None:
    host = PluginHost()
    assert "lancedb" in host.components("vectors")
    assert "tantivy" in host.components("lexical")


def test_bad_options_fail_at_start_naming_the_key() -> None:
    from cognimem.errors import ProfileError

    with pytest.raises(ProfileError, match="index_type"):
        Engine.from_profile("test", overrides={"vectors": {"use": "lancedb",
                                                           "index_type": "IVF_MAGIC"}})


def _persistent(path: Path) -> Engine:
    return Engine.from_profile("test", path=path, overrides={
        "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        "vectors": {"use": "lancedb"}})


def test_persistent_stack_survives_a_restart(tmp_path: Path) -> None:
    engine = _persistent(tmp_path)
    try:
        written = engine.add_many([f"note {i} about the ingest pipeline" for i in range(40)]
                                  + ["the billing service retries payments twice"])
        engine.archive(written[0].id)
    finally:
        engine.close()
    engine = _persistent(tmp_path)
    try:
        assert engine.check().ok
        hits = engine.search("billing retries").hits
        assert hits[0].memory.content.startswith("the billing service")
        assert written[0].id not in {h.id for h in engine.search("note 0 ingest", k=50).hits}
        assert engine.vectors is not None and len(engine.vectors.versions()) == 41
    finally:
        engine.close()


def test_engine_repairs_an_index_that_lost_rows(tmp_path: Path) -> None:
    engine = Engine.from_profile("test", overrides={"vectors": {"use": "lancedb"}})
    try:
        written = engine.add_many([f"fact number {i}" for i in range(10)])
        assert engine.vectors is not None
        engine.vectors.delete([written[3].id])
        report = engine.check(repair=True)
        assert report.indexes[1].missing == [written[3].id]
        assert written[3].id in engine.vectors.versions()
    finally:
        engine.close()


def test_ann_index_is_retrained_as_the_table_grows(tmp_path: Path) -> None:
    vecs = unit_vectors(420, DIM, seed=6)
    index = opened(LanceVectors, tmp_path, ann_threshold=100, retrain_growth=2.0,
                   num_partitions=2)
    try:
        index.upsert(memories(100), vecs[:100])
        assert index.ann.trained == 100
        index.upsert(memories(99, start=100), vecs[100:199])
        assert index.ann.trained == 100  # grown less than twofold: kept
        index.upsert(memories(221, start=199), vecs[199:420])
        assert index.ann.trained == 420
        assert [ix.name for ix in index.ann.indices(index._table)] == ["cognimem_ann_420"]
        assert index.search(vecs[300], Query(text="x"), 1)[0].id == "m00300"
    finally:
        index.close()
    again = opened(LanceVectors, tmp_path, ann_threshold=100)
    try:
        assert again.ann.trained == 420  # read back from the index's name
    finally:
        again.close()


def test_lancedb_imports_without_the_rest_client_until_it_is_used() -> None:
    """The deferred package still works when something reads it (in a fresh interpreter)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from cognimem_plugins.lancedb_index.index import import_lancedb\n"
        "lancedb = import_lancedb()\n"
        "assert 'lance_namespace_urllib3_client.api' not in sys.modules\n"
        "import lance_namespace_urllib3_client as client\n"
        "assert client.ApiClient.__name__ == 'ApiClient'\n"
        "assert 'lance_namespace_urllib3_client.api' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr


def test_archived_rows_are_filtered_after_reopening_and_restoring(tmp_path: Path) -> None:
    vecs = unit_vectors(20, DIM, seed=2)
    rows = memories(20)  # m00009 and m00019 are archived
    index = opened(LanceVectors, tmp_path)
    index.upsert(rows, vecs)
    index.close()
    again = opened(LanceVectors, tmp_path)
    try:
        assert "m00009" not in {c.id for c in again.search(vecs[9], Query(text="x"), 20)}
        again.upsert([rows[9].model_copy(update={"archived": False, "version": 2})], vecs[9:10])
        again.upsert([rows[19].model_copy(update={"archived": False, "version": 2})],
                     vecs[19:20])
        assert again.search(vecs[9], Query(text="x"), 1)[0].id == "m00009"
        assert len(again.search(vecs[0], Query(text="x"), 20)) == 20  # nothing archived left
        again.upsert([rows[3].model_copy(update={"archived": True, "version": 2})], vecs[3:4])
        assert "m00003" not in {c.id for c in again.search(vecs[3], Query(text="x"), 20)}
    finally:
        again.close()
