"""The ``window_rrf`` fuser: neighbours' retrieval scores vote for a memory, no side index."""

from __future__ import annotations

import os
import stat
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
from cognimem.testing.contracts import FuserContract
from cognimem_plugins.representations.fuse import window_list

BM25_ONLY = [{"use": "bm25", "k": 100}]


def fused(**options: Any) -> dict[str, Any]:
    return {"fuse": {"use": "window_rrf", **options}, "retrieve": BM25_ONLY}


class TestContract(FuserContract):
    component = "window_rrf"
    options: ClassVar[dict[str, Any]] = {}


def test_a_neighbour_votes_for_a_memory() -> None:
    cands = [Candidate("a", 3.0, 1), Candidate("c", 1.0, 2), Candidate("z", -1.0, 3)]
    windows = {"a": ["a", "b"], "c": ["b", "c", "d"], "z": ["z", "b"]}
    found = window_list(cands, windows, 1.0, 10)
    assert [(c.id, c.score) for c in found] == [("b", 4.0), ("a", 3.0), ("c", 1.0),
                                                ("d", 1.0)]  # z's negative score adds none
    half = window_list(cands, windows, 0.5, 2)
    assert [(c.id, c.score) for c in half] == [("a", 3.0), ("b", 2.0)]
    assert [c.rank for c in half] == [1, 2]


@pytest.mark.parametrize(("fuser", "found"), [("rrf", False), ("window_rrf", True)])
def test_a_turn_is_found_by_its_neighbours_words(fuser: str, found: bool) -> None:
    engine = build_engine(overrides={"fuse": {"use": fuser}, "retrieve": BM25_ONLY})
    a = add_turn(engine, "I adopted a puppy last week", "s1", 0)
    b = add_turn(engine, "What is its name?", "s1", 1)
    other = add_turn(engine, "What is its colour?", "s2", 2)
    hits = ids(engine, "puppy")
    assert hits[0] == a
    assert (b in hits) is found  # b's window holds a; other's session does not
    assert other not in hits
    engine.close()


def test_without_source_groups_the_order_is_rrfs() -> None:
    texts = ["alpha beta", "beta gamma", "gamma alpha alpha", "delta", "alpha"]
    plain = build_engine(overrides={"fuse": {"use": "rrf"}})
    window = build_engine(overrides={"fuse": {"use": "window_rrf"}})
    for engine in (plain, window):
        for text in texts:
            engine.add(text)
    for query in ("alpha", "beta gamma", "delta alpha"):
        assert ids(window, query) == ids(plain, query)
    plain.close()
    window.close()


def test_writes_move_the_windows() -> None:
    engine = build_engine(overrides=fused())
    a = add_turn(engine, "alpha", "s", 0)
    b = add_turn(engine, "omega", "s", 1)
    assert set(ids(engine, "alpha")) == {a, b}
    engine.update(b, content="sigma", meta={"session": "t"})  # b leaves a's session
    assert ids(engine, "alpha") == [a]
    c = add_turn(engine, "gamma", "s", 2)
    assert set(ids(engine, "alpha")) == {a, c}
    engine.delete(a)
    assert ids(engine, "alpha") == []
    engine.close()


def test_only_the_named_lists_vote() -> None:
    engine = build_engine(overrides={"fuse": {"use": "window_rrf", "lists": ["vector"]},
                                     "retrieve": [{"use": "bm25"}, {"use": "vector"}]})
    a = add_turn(engine, "puppy", "s", 0)
    b = add_turn(engine, "name", "s", 1)
    lists = {"bm25": [Candidate(a, 2.0, 1)], "vector": []}
    assert [c.id for c in engine.fuser.fuse(lists, engine.search("x").query)] == [a]
    lists = {"bm25": [], "vector": [Candidate(a, 0.9, 1)]}
    assert {c.id for c in engine.fuser.fuse(lists, engine.search("x").query)} == {a, b}
    engine.close()
    with pytest.raises(ProfileError, match=r"fuse\.lists"):
        build_engine(overrides={"fuse": {"use": "window_rrf", "lists": ["nope"]}})


def persistent(path: Path) -> Engine:
    prof = load_profile("test", overrides={
        "path": str(path), "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        **fused()}, environ=False)
    return Engine.from_profile(prof, clock=ManualClock(T0))


class CountingReads:
    """Counts full reads of an engine's records (``iter_memories``)."""

    def __init__(self, engine: Engine) -> None:
        self.reads = 0
        records = engine._ctx.records
        inner = records.iter_memories

        def counting() -> Any:
            self.reads += 1
            return inner()

        records.iter_memories = counting  # type: ignore[method-assign]


def groups_file(path: Path) -> Path:
    found = list((path / "representations").glob("*/groups.json"))
    assert len(found) == 1
    return found[0]


def test_a_reopened_store_reads_no_memory_for_its_groups(tmp_path: Path) -> None:
    engine = persistent(tmp_path)
    a = add_turn(engine, "alpha", "s", 0)
    b = add_turn(engine, "beta", "s", 1)
    engine.close()
    mode = stat.S_IMODE(os.stat(groups_file(tmp_path)).st_mode)
    assert mode == 0o600
    engine = persistent(tmp_path)
    counter = CountingReads(engine)
    assert set(ids(engine, "alpha")) == {a, b}
    c = add_turn(engine, "gamma", "s", 2)
    assert set(ids(engine, "gamma")) == {b, c}
    assert counter.reads == 0  # the groups came from the file, the write was placed in them
    engine.close()


def test_groups_saved_before_a_later_write_are_read_again(tmp_path: Path) -> None:
    engine = persistent(tmp_path)
    a = add_turn(engine, "alpha", "s", 0)
    engine.close()
    file = groups_file(tmp_path)
    saved = file.read_text()
    engine = persistent(tmp_path)
    b = add_turn(engine, "beta", "s", 1)
    engine.close()
    file.write_text(saved)  # as if an older file: it was saved at an earlier event
    engine = persistent(tmp_path)
    counter = CountingReads(engine)
    assert set(ids(engine, "alpha")) == {a, b}
    assert counter.reads == 1  # read from the records instead
    engine.close()
    file.write_text("not json")
    engine = persistent(tmp_path)
    assert set(ids(engine, "beta")) == {a, b}
    engine.close()


def test_the_example_profile_finds_by_context() -> None:
    ref = Path(__file__).resolve().parents[3] / "examples" / "research" / "window-rrf.toml"
    profile = load_profile(ref, overrides={
        "path": ":memory:", "records": {"use": "memory"}, "lexical": {"use": "bm25"},
        "vectors": {"use": "exact"}, "embedder": {"use": "hash"}}, environ=False)
    with Engine.from_profile(profile, clock=ManualClock(T0)) as engine:
        a = add_turn(engine, "I adopted a puppy last week", "s1", 0)
        b = add_turn(engine, "What is its name?", "s1", 1)
        add_turn(engine, "We deploy on Fridays", "s2", 2)
        assert ids(engine, "puppy")[:2] == [a, b]
        assert engine.fuser.name == "window_rrf"
