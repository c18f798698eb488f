"""Properties (hypothesis): scores stay finite and the order never depends on insertion order."""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cognimem.clock import ManualClock
from cognimem.engine import Engine, tie_break_key
from cognimem.errors import InvalidInput
from cognimem.models import Access, Candidate, Hit, Memory, Query
from cognimem_plugins.fusion import RRF, Weighted

START = datetime(2025, 1, 1, tzinfo=UTC)
WORDS = ["deploy", "cache", "postgres", "retry", "budget", "alice", "key", "office", "parser",
         "timeout"]
FULL_PIPELINE = [{"use": "actr", "noise": True}, {"use": "recency"}, {"use": "importance"},
                 {"use": "supersession"}, {"use": "validity"}]
PROPERTY_SETTINGS = settings(max_examples=25, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])

memory_rows = st.lists(
    st.fixed_dictionaries({
        "words": st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
        "age_hours": st.floats(min_value=0, max_value=24 * 800),
        "importance": st.floats(min_value=0, max_value=1),
        "tags": st.lists(st.sampled_from(["decision", "person", "misc"]), max_size=2,
                         unique=True),
        "protected": st.booleans(),
        "tier": st.sampled_from(["stm", "ltm"]),
        "window": st.one_of(st.none(), st.tuples(st.integers(-400, 0), st.integers(1, 400))),
        "accesses": st.lists(st.floats(min_value=0, max_value=24 * 400), max_size=30),
    }),
    min_size=1, max_size=8,
)


def _build(rows: list[dict[str, Any]], order: list[int], links: Sequence[tuple[int, int]] = (),
           **overrides: Any) -> tuple[Engine, dict[int, str]]:
    now = START + timedelta(days=800)
    engine = Engine.from_profile("test", clock=ManualClock(now),
                                 overrides={"rank": FULL_PIPELINE, **overrides})
    ids: dict[int, str] = {}
    for i in order:
        row = rows[i]
        fields: dict[str, Any] = {
            # distinct creation times: i minutes apart, so only the content decides
            "created_at": now - timedelta(hours=row["age_hours"], minutes=i),
            "importance": row["importance"], "tags": row["tags"],
            "protected": row["protected"], "tier": row["tier"],
        }
        if row["window"] is not None:
            fields["valid_from"] = now + timedelta(days=row["window"][0])
            fields["valid_until"] = now + timedelta(days=row["window"][1])
        written = engine.add(f"{' '.join(row['words'])} #{i}", **fields)
        ids[i] = written.id
    for i in order:
        engine._records.add_accesses([Access(memory_id=ids[i], at=now - timedelta(hours=h))
                                     for h in sorted(rows[i]["accesses"], reverse=True)])
    for old, new in links:
        if old in ids and new in ids and old != new:
            # a link that would close a supersession cycle is refused (and changes nothing)
            with contextlib.suppress(InvalidInput):
                engine.update_links(ids[old], superseded_by=ids[new])
    return engine, ids


@PROPERTY_SETTINGS
@given(rows=memory_rows, query=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
       links=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=4),
       blend=st.sampled_from(["gain", "activation"]))
def test_scores_stay_finite(rows: list[dict[str, Any]], query: list[str],
                            links: list[tuple[int, int]], blend: str) -> None:
    pipeline = [{"use": "actr", "blend": blend, "base_level": "hybrid", "recent": 3,
                 "noise": True},
                *FULL_PIPELINE[1:]]
    engine, _ = _build(rows, list(range(len(rows))), links, rank=pipeline)
    try:
        result = engine.search(" ".join(query), k=20, explain=True)
        for hit in result.hits:
            assert math.isfinite(hit.score), hit.explain()
            for step in hit.trail:
                assert math.isfinite(step.score), hit.explain()
                for value in step.detail.values():
                    if isinstance(value, float):
                        assert math.isfinite(value), hit.explain()
    finally:
        engine.close()


@PROPERTY_SETTINGS
@given(rows=memory_rows, query=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
       data=st.data())
def test_order_does_not_depend_on_insertion_order(rows: list[dict[str, Any]], query: list[str],
                                                  data: st.DataObject) -> None:
    permutation = data.draw(st.permutations(list(range(len(rows)))))
    first, _ = _build(rows, list(range(len(rows))))
    second, _ = _build(rows, permutation)
    try:
        text = " ".join(query)
        a = [(h.memory.content, h.score) for h in first.search(text, k=20).hits]
        b = [(h.memory.content, h.score) for h in second.search(text, k=20).hits]
        assert a == b
    finally:
        first.close()
        second.close()


candidate_lists = st.lists(
    st.tuples(st.sampled_from("abcdefgh"), st.sampled_from([0.1, 0.5, 0.5, 1.0, 2.0])),
    min_size=0, max_size=8, unique_by=lambda pair: pair[0])


@settings(max_examples=200, deadline=None)
@given(bm25=candidate_lists, vector=candidate_lists, data=st.data(),
       fuser=st.sampled_from(["rrf", "minmax", "zscore"]))
def test_fusion_ignores_list_order_among_equal_scores(
        bm25: list[tuple[str, float]], vector: list[tuple[str, float]], data: st.DataObject,
        fuser: Literal["rrf", "minmax", "zscore"]) -> None:
    def ranked(pairs: list[tuple[str, float]]) -> list[Candidate]:
        ordered = sorted(pairs, key=lambda p: -p[1])
        return [Candidate(id=i, score=s, rank=r) for r, (i, s) in enumerate(ordered, 1)]

    component = RRF() if fuser == "rrf" else Weighted(Weighted.Options(normalization=fuser))
    shuffled = {name: data.draw(st.permutations(pairs))
                for name, pairs in (("bm25", bm25), ("vector", vector))}
    one = component.fuse({"bm25": ranked(bm25), "vector": ranked(vector)}, Query(text="x"))
    two = component.fuse({"bm25": ranked(shuffled["bm25"]),
                          "vector": ranked(shuffled["vector"])}, Query(text="x"))
    assert [(c.id, c.score, c.rank) for c in one] == [(c.id, c.score, c.rank) for c in two]
    assert all(math.isfinite(c.score) for c in one)
    for a, b in itertools.pairwise(one):  # ties share a rank, ranks never go back
        assert b.rank == a.rank if b.score == a.score else b.rank > a.rank


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.tuples(st.sampled_from([0.01, 0.02, 0.03]), st.sampled_from([0.2, 0.5]),
                               st.integers(0, 3)), min_size=1, max_size=10),
       data=st.data())
def test_tie_break_is_total(rows: list[tuple[float, float, int]], data: st.DataObject) -> None:
    hits = [Hit(memory=Memory(id=f"m{i}", content="x", importance=imp, updated_at=START,
                              created_at=START + timedelta(days=day)), score=score)
            for i, (score, imp, day) in enumerate(rows)]
    shuffled = data.draw(st.permutations(hits))
    assert [h.id for h in sorted(hits, key=tie_break_key)] == [
        h.id for h in sorted(shuffled, key=tie_break_key)]
    keys = [tie_break_key(h) for h in sorted(hits, key=tie_break_key)]
    assert keys == sorted(keys)  # score desc, importance desc, newest first, then id
