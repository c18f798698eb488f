"""The fusers: RRF and weighted, by hand; ties share a rank; weights are checked at start."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.models import Candidate, Query
from cognimem_plugins.fusion import RRF, Weighted, normalize

EngineFactory = Callable[..., Engine]
QUERY = Query(text="x")


def _list(*pairs: tuple[str, float]) -> list[Candidate]:
    return [Candidate(id=i, score=s, rank=r) for r, (i, s) in enumerate(pairs, 1)]


BM25 = _list(("a", 3.0), ("b", 2.0), ("c", 1.0))
VECTOR = _list(("b", 0.9), ("a", 0.5))


def test_rrf_by_hand_and_ties_share_a_rank() -> None:
    lists = {"bm25": _list(("a", 3.0), ("b", 2.0), ("c", 2.0)), "vector": VECTOR}
    fused = {c.id: c for c in RRF().fuse(lists, QUERY)}
    # bm25 ranks a=1, b=2, c=2 (tied scores share the best rank); vector ranks b=1, a=2
    assert fused["a"].score == pytest.approx(1 / 61 + 1 / 62)
    assert fused["b"].score == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"].score == pytest.approx(1 / 62)
    # a and b tie, so they share rank 1 and c is third ("1 1 3")
    assert (fused["a"].rank, fused["b"].rank, fused["c"].rank) == (1, 1, 3)


def test_rrf_k_and_weights() -> None:
    fused = {c.id: c.score for c in RRF(RRF.Options(k=0, weights={"vector": 2.0})).fuse(
        {"bm25": BM25, "vector": VECTOR}, QUERY)}
    # k = 0: a = 1/1 + 2 * 1/2 = 2, b = 1/2 + 2 * 1/1 = 2.5, c = 1/3
    assert fused == pytest.approx({"a": 2.0, "b": 2.5, "c": 1 / 3})


def test_minmax_normalization_by_hand() -> None:
    values, floor = normalize(BM25, "minmax")
    # (3 - 1) / 2 = 1, (2 - 1) / 2 = 0.5, (1 - 1) / 2 = 0; absent = 0
    assert values == {"a": 1.0, "b": 0.5, "c": 0.0} and floor == 0.0
    assert normalize(_list(("a", 2.0), ("b", 2.0)), "minmax") == ({"a": 1.0, "b": 1.0}, 0.0)


def test_zscore_normalization_by_hand() -> None:
    values, floor = normalize(BM25, "zscore")
    # mean 2, std sqrt(((1)^2 + 0 + (-1)^2) / 3) = sqrt(2/3) = 0.816497
    assert values["a"] == pytest.approx(1 / math.sqrt(2 / 3))
    assert values["b"] == 0.0
    assert floor == pytest.approx(-1 / math.sqrt(2 / 3))


def test_weighted_minmax_by_hand() -> None:
    fuser = Weighted(Weighted.Options(weights={"bm25": 2.0, "vector": 1.0}))
    fused = {c.id: c for c in fuser.fuse({"bm25": BM25, "vector": VECTOR}, QUERY)}
    # bm25 -> a 1, b 0.5, c 0; vector -> b 1, a 0, c absent 0; weighted mean over 2 + 1:
    #   a = (2 * 1 + 0) / 3 = 0.6667, b = (2 * 0.5 + 1) / 3 = 0.6667, c = 0
    assert fused["a"].score == pytest.approx(2 / 3)
    assert fused["b"].score == pytest.approx(2 / 3)
    assert fused["c"].score == 0.0
    assert (fused["a"].rank, fused["b"].rank, fused["c"].rank) == (1, 1, 3)


def test_weighted_zscore_by_hand() -> None:
    fuser = Weighted(Weighted.Options(normalization="zscore"))
    fused = {c.id: c.score for c in fuser.fuse({"bm25": BM25, "vector": VECTOR}, QUERY)}
    # bm25 z: a 1.224745, b 0, c -1.224745; vector (mean 0.7, std 0.2): b 1, a -1;
    # c is absent from vector and gets its lowest z, -1. Equal weights:
    #   a = (1.224745 - 1) / 2 = 0.112372, b = (0 + 1) / 2 = 0.5, c = (-1.224745 - 1) / 2
    # (the fused scores are rounded to 6 places so float noise cannot split ties)
    assert fused["a"] == pytest.approx(0.1123724357, abs=1e-6)
    assert fused["b"] == pytest.approx(0.5)
    assert fused["c"] == pytest.approx(-1.1123724357, abs=1e-6)


def test_weighted_ignores_empty_lists() -> None:
    fused = Weighted().fuse({"bm25": BM25, "vector": []}, QUERY)
    assert [(c.id, c.score) for c in fused] == [("a", 1.0), ("b", 0.5), ("c", 0.0)]
    assert Weighted().fuse({"bm25": [], "vector": []}, QUERY) == []


def test_weighted_fuser_in_an_engine(make_engine: EngineFactory) -> None:
    engine = make_engine(fuse={"use": "weighted", "weights": {"bm25": 3.0}})
    engine.add_many(["postgres connection pool size", "redis cache", "postgres vacuum"])
    hits = engine.search("postgres pool", explain=True).hits
    assert hits[0].memory.content == "postgres connection pool size"
    assert 0.0 <= hits[-1].score <= hits[0].score <= 1.0
    assert "fuse:weighted #1=" in hits[0].explain()


@pytest.mark.parametrize("fuser", ["rrf", "weighted"])
def test_unknown_retriever_in_weights_fails_at_start(make_engine: EngineFactory,
                                                     fuser: str) -> None:
    with pytest.raises(ProfileError, match=r"fuse\.weights\.bm52"):
        make_engine(fuse={"use": fuser, "weights": {"bm52": 1.0}})
    with pytest.raises(ProfileError, match=r">= 0"):
        make_engine(fuse={"use": fuser, "weights": {"bm25": -1.0}})
