"""The ``representations`` retriever: windows of same-source neighbours, chunks, collapse."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any, ClassVar

import pytest
from window_helpers import T0, add_turn, ids

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.models import Candidate
from cognimem.profile import load_profile
from cognimem.testing import build_engine
from cognimem.testing.contracts import RetrieverContract
from cognimem_plugins.representations.index import collapse
from cognimem_plugins.representations.views import chunk_texts


def only(**options: Any) -> dict[str, Any]:
    return {"retrieve": [{"use": "representations", **options}]}


class TestContract(RetrieverContract):
    component = "representations"
    options: ClassVar[dict[str, Any]] = {"view": "window"}


def test_a_turn_is_found_by_its_neighbours_words() -> None:
    engine = build_engine(overrides=only(view="window"))
    a = add_turn(engine, "I adopted a puppy last week", "s1", 0)
    b = add_turn(engine, "What is its name?", "s1", 1)
    other = add_turn(engine, "What is its colour?", "s2", 2)
    # "puppy" is only in a, but b's window holds a; other's session does not
    found = ids(engine, "puppy name")
    assert found[:2] == [b, a] or found[:2] == [a, b]
    assert other not in found
    engine.close()


def test_window_size_and_source_field() -> None:
    engine = build_engine(overrides=only(view="window", window=1))
    t = [add_turn(engine, w, "s", i) for i, w in enumerate(["alpha", "beta", "gamma", "delta"])]
    assert set(ids(engine, "alpha")) == {t[0], t[1]}
    engine.close()
    wide = build_engine(overrides=only(view="window", window=2))
    t = [add_turn(wide, w, "s", i) for i, w in enumerate(["alpha", "beta", "gamma", "delta"])]
    assert set(ids(wide, "alpha")) == {t[0], t[1], t[2]}
    wide.close()
    by_file = build_engine(overrides=only(view="window", group_by=["source.file"]))
    x = by_file.add("alpha", source={"file": "a.py"}).id
    y = by_file.add("beta", source={"file": "a.py"}).id
    z = by_file.add("gamma", meta={"session": "s"}).id
    assert set(ids(by_file, "alpha")) == {x, y}
    assert z not in ids(by_file, "beta")
    by_file.close()


def test_time_gap_limits_the_window() -> None:
    engine = build_engine(overrides=only(view="window", max_gap_minutes=5))
    a = add_turn(engine, "alpha", "s", 0)
    b = add_turn(engine, "beta", "s", 3)
    c = add_turn(engine, "gamma", "s", 60)
    assert set(ids(engine, "beta")) == {a, b}
    assert c not in ids(engine, "beta")
    engine.close()


def test_writes_after_a_search_are_seen_and_content_is_never_changed() -> None:
    engine = build_engine(overrides=only(view="window"))
    a = add_turn(engine, "alpha", "s", 0)
    assert ids(engine, "omega") == []
    b = add_turn(engine, "omega", "s", 1)
    assert set(ids(engine, "omega")) == {a, b}
    assert engine.get(a).content == "alpha"
    engine.update(b, content="sigma")
    assert ids(engine, "omega") == []
    assert set(ids(engine, "sigma")) == {a, b}
    engine.delete(b)
    assert ids(engine, "sigma") == []
    assert ids(engine, "alpha") == [a]
    engine.close()


def test_hits_are_memories_each_once() -> None:
    engine = build_engine(overrides=only(view="chunks", words=16, overlap=4))
    long = " ".join(["zebra"] * 10 + [f"w{i}" for i in range(60)] + ["zebra"] * 10)
    m = engine.add(long).id
    short = engine.add("a zebra").id
    found = engine.search("zebra", record_access=False).hits
    assert [h.id for h in found].count(m) == 1
    assert {h.id for h in found} == {m, short}
    engine.close()


def test_chunks_cover_the_whole_text() -> None:
    words = [f"w{i}" for i in range(100)]
    pieces = chunk_texts(" ".join(words), 30, 10)
    assert pieces[0].split()[0] == "w0" and pieces[-1].split()[-1] == "w99"
    assert all(len(p.split()) <= 30 for p in pieces)
    assert {w for p in pieces for w in p.split()} == set(words)
    assert chunk_texts("short text", 30, 10) == ["short text"]


def test_dense_chunks_find_words_past_the_first_piece() -> None:
    engine = build_engine(overrides=only(view="chunks", signal="dense", words=16, overlap=0))
    filler = " ".join(f"f{i}" for i in range(64))
    m = engine.add(f"{filler} quasar nebula pulsar").id
    assert engine.search("quasar nebula pulsar", record_access=False).hits[0].id == m
    index = engine.retrievers[0]._index  # type: ignore[attr-defined]
    assert len(index.rows_of(m)) == 5
    engine.close()


def test_collapse_max_and_sum() -> None:
    rows = [Candidate(id="a::0", score=3.0, rank=1), Candidate(id="b::0", score=2.0, rank=2),
            Candidate(id="b::1", score=2.0, rank=3)]
    assert [(c.id, c.score) for c in collapse(rows, "max", 10)] == [("a", 3.0), ("b", 2.0)]
    assert [(c.id, c.score) for c in collapse(rows, "sum", 10)] == [("b", 4.0), ("a", 3.0)]
    assert [c.id for c in collapse(rows, "sum", 1)] == ["b"]


def test_bad_options_are_refused() -> None:
    with pytest.raises(ProfileError, match="overlap"):
        build_engine(overrides=only(view="chunks", words=20, overlap=20))
    with pytest.raises(ProfileError, match="dense"):
        build_engine(overrides={**only(signal="dense"), "vectors": {"use": "none"},
                                "embedder": {"use": "none"}})


def persistent(path: Path, retrieve: dict[str, Any]) -> Engine:
    """An engine on a DuckDB store at ``path`` with ``retrieve``'s retrievers."""
    prof = load_profile("test", overrides={
        "path": str(path), "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        **retrieve}, environ=False)
    return Engine.from_profile(prof, clock=ManualClock(T0))


def two_turns_then_reopen(path: Path, retrieve: dict[str, Any]) -> tuple[Engine, str, str]:
    """Two turns of one session written and searched, then the store reopened."""
    engine = persistent(path, retrieve)
    a = add_turn(engine, "alpha", "s", 0)
    b = add_turn(engine, "beta", "s", 1)
    assert set(ids(engine, "alpha")) == {a, b}
    engine.close()
    return persistent(path, retrieve), a, b


def test_side_indexes_persist_and_rebuild(tmp_path: Path) -> None:
    def open_engine() -> Engine:
        return persistent(tmp_path, only(view="window"))

    engine, a, b = two_turns_then_reopen(tmp_path, only(view="window"))
    assert set(ids(engine, "alpha")) == {a, b}  # kept: nothing was written
    c = add_turn(engine, "gamma", "s", 2)
    engine.close()  # closed with stale rows: the next open rebuilds
    engine = open_engine()
    assert set(ids(engine, "gamma")) == {b, c}
    engine.close()
    assert (tmp_path / "representations").is_dir()


def test_a_long_window_is_read_in_pieces() -> None:
    engine = build_engine(overrides=only(view="window", signal="dense", words=16, overlap=0))
    filler = " ".join(f"f{i}" for i in range(64))
    m = engine.add(f"{filler} quasar nebula pulsar").id  # no source: its window is itself
    assert engine.search("quasar nebula pulsar", record_access=False).hits[0].id == m
    index = engine.retrievers[0]._index  # type: ignore[attr-defined]
    assert len(index.rows_of(m)) == 5  # 67 words in pieces of 16
    engine.close()


def pooled(**options: Any) -> dict[str, Any]:
    return only(view="window", signal="dense", pool="mean", **options)


def window_index(engine: Engine) -> Any:
    return engine.retrievers[0]._index  # type: ignore[attr-defined]


def test_a_pooled_window_is_the_mean_of_the_stored_vectors() -> None:
    import numpy as np

    engine = build_engine(overrides=pooled())
    a = add_turn(engine, "I adopted a puppy last week", "s1", 0)
    b = add_turn(engine, "What is its name?", "s1", 1)
    c = add_turn(engine, "Paris in June", "s2", 2)
    stored = engine.store.get_embeddings([a, b, c])
    index = window_index(engine)
    assert index.rows_of(b) == [f"{b}::0"]  # one row, however long the window
    mean = stored[a] + stored[b]
    expected = mean / np.linalg.norm(mean)
    query = engine.search("x", record_access=False).query  # any query: no filters
    top = index.vectors.search(expected.astype(np.float32), query, 3)
    assert top[0].id in (f"{a}::0", f"{b}::0")  # a's window is {a, b} too
    assert top[0].score == pytest.approx(1.0, abs=1e-3)
    alone = index.vectors.search(stored[c], query, 1)[0]
    assert alone.id == f"{c}::0" and alone.score == pytest.approx(1.0, abs=1e-3)
    engine.close()


def test_a_neighbour_weight_of_zero_keeps_the_memorys_own_vector() -> None:
    engine = build_engine(overrides=pooled(neighbour_weight=0.0))
    a = add_turn(engine, "alpha beta", "s", 0)
    add_turn(engine, "gamma delta", "s", 1)
    own = engine.store.get_embeddings([a])[a]
    index = window_index(engine)
    index.refresh()
    query = engine.search("x", record_access=False).query
    hit = index.vectors.search(own, query, 1)[0]
    assert hit.id == f"{a}::0" and hit.score == pytest.approx(1.0, abs=1e-3)
    engine.close()


class CountingEmbedder:
    """Counts the texts an engine's embedder is asked to embed."""

    def __init__(self, engine: Engine) -> None:
        self.texts = 0
        embedder = engine._ctx.embedder
        assert embedder is not None
        inner = embedder.embed_batch

        def embed_batch(texts: list[str]) -> Any:
            self.texts += len(texts)
            return inner(texts)

        embedder.embed_batch = embed_batch  # type: ignore[method-assign]


@pytest.mark.parametrize(("pool", "window_texts"), [("mean", 0), ("text", 3)],
                         ids=["pooled", "embedded"])
def test_pooled_windows_need_no_second_model_pass(pool: str, window_texts: int) -> None:
    engine = build_engine(overrides=only(view="window", signal="dense", pool=pool))
    counter = CountingEmbedder(engine)
    for i, text in enumerate(["alpha", "beta", "gamma"]):
        add_turn(engine, text, "s", i)
    written = counter.texts
    assert written == 3
    engine.search("alpha", record_access=False)
    assert counter.texts - written == 1 + window_texts  # the query, and any window texts
    engine.close()


def test_pooled_windows_persist_and_follow_writes(tmp_path: Path) -> None:
    engine, _a, b = two_turns_then_reopen(tmp_path, pooled())
    index = window_index(engine)
    assert not index._stale  # in step on open: nothing to rebuild
    c = add_turn(engine, "gamma", "s", 2)
    assert index._stale == {b, c}  # the new memory and the neighbour whose window holds it
    assert set(ids(engine, "gamma")) >= {b, c}
    engine.close()


def test_plain_remembers_have_neighbours_by_scope_and_time() -> None:
    groups = ["source.session", "meta.session", "source.file", "scope"]
    engine = build_engine(overrides=only(view="window", group_by=groups, max_gap_minutes=30))
    t = [engine.add(text, created_at=T0 + timedelta(minutes=minute)).id
         for text, minute in [("alpha", 0), ("beta", 10), ("gamma", 120)]]
    other = engine.add("delta", created_at=T0 + timedelta(minutes=5),
                       scope={"project": "elsewhere"}).id
    assert set(ids(engine, "alpha")) == {t[0], t[1]}  # gamma is 2 h later; delta elsewhere
    assert set(ids(engine, "gamma")) == {t[2]}
    assert other not in ids(engine, "beta")
    engine.close()
    plain = build_engine(overrides=only(view="window"))
    a = plain.add("alpha", created_at=T0).id
    plain.add("beta", created_at=T0 + timedelta(minutes=1))
    assert ids(plain, "alpha") == [a]  # without `scope` in group_by: no neighbours
    plain.close()


@pytest.mark.parametrize("change", ["update", "delete"])
def test_a_reopened_store_reads_no_memory_for_a_search_or_a_write(
        tmp_path: Path, change: str) -> None:
    engine, a, b = two_turns_then_reopen(tmp_path, only(view="window"))
    index = window_index(engine)
    read: list[int] = []
    records = engine._ctx.records
    inner = records.iter_memories

    def counting() -> Any:
        read.append(1)
        return inner()

    records.iter_memories = counting  # type: ignore[method-assign]
    assert set(ids(engine, "alpha")) == {a, b}  # searched from the kept side indexes
    assert read == [] and not index._stale
    if change == "update":
        engine.update(a, content="omega")
    else:
        engine.delete(a)
    assert read == []  # the groups saved at close were read back: no memory read
    assert b in index._stale  # its window held a
    found = ids(engine, "alpha")
    assert a not in found and b not in found
    engine.close()
