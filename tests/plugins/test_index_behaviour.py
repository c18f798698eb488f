"""One behaviour suite for every lexical and vector index: the in-memory ones (bm25, exact)
and the persistent ones (tantivy, lancedb, hnsw), in RAM and on disk, on the same data."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from index_helpers import mem, opened, unit_vectors

from cognimem.errors import StoreError
from cognimem.models import Memory, Query, Scope
from cognimem_plugins.bm25_index import MemoryBM25
from cognimem_plugins.exact_vectors import ExactVectors
from cognimem_plugins.hnsw_index.index import HnswVectors
from cognimem_plugins.lancedb_index.index import LanceVectors
from cognimem_plugins.tantivy_index.index import TantivyIndex

LEXICAL = {
    "bm25": (MemoryBM25, False),
    "tantivy-ram": (TantivyIndex, False),
    "tantivy-disk": (TantivyIndex, True),
}
VECTORS = {
    "exact": (ExactVectors, False),
    "lancedb-temp": (LanceVectors, False),
    "lancedb-disk": (LanceVectors, True),
    "hnsw": (HnswVectors, False),
    "hnsw-disk": (HnswVectors, True),
}


@pytest.fixture(params=sorted(LEXICAL))
def lexical(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Each lexical index, opened empty."""
    cls, on_disk = LEXICAL[request.param]
    index = opened(cls, tmp_path if on_disk else None)
    yield index
    index.close()


@pytest.fixture(params=sorted(VECTORS))
def vectors(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Each vector index, opened empty."""
    cls, on_disk = VECTORS[request.param]
    index = opened(cls, tmp_path if on_disk else None)
    yield index
    index.close()


def q(text: str, **fields: Any) -> Query:
    """A query with default k."""
    return Query(text=text, **fields)


def ids(candidates: list[Any]) -> list[str]:
    """The ids of candidates, in order."""
    return [c.id for c in candidates]


CORPUS = [
    mem("a1", "The parser crashed on empty config files", tags=["bug"],
        scope=Scope(project="atlas", agent="claude")),
    mem("a2", "We decided to cache parsed configs in redis", title="Config cache",
        scope=Scope(project="atlas")),
    mem("b1", "Deploys to staging run every night from the main branch",
        scope=Scope(project="borealis", user="ana")),
    mem("b2", "Ana prefers small pull requests with tests", tags=["preference"],
        scope=Scope(project="borealis", user="ana", agent="cursor")),
    mem("n1", "The config loader retries three times before failing"),
    mem("x1", "Old note about the parser that was archived", archived=True,
        scope=Scope(project="atlas")),
]


# --- lexical ------------------------------------------------------------------------------------


def test_lexical_empty_index_finds_nothing(lexical: Any) -> None:
    assert lexical.search(q("parser"), 10) == []
    assert lexical.versions() == {}


def test_lexical_finds_stemmed_words_best_first(lexical: Any) -> None:
    lexical.upsert(CORPUS)
    found = lexical.search(q("parsers crashing"), 10)
    assert ids(found)[0] == "a1"
    assert [c.rank for c in found] == list(range(1, len(found) + 1))
    scores = [c.score for c in found]
    assert scores == sorted(scores, reverse=True)
    assert all(s > 0 for s in scores)


def test_lexical_matches_title_and_tags(lexical: Any) -> None:
    lexical.upsert(CORPUS)
    assert "a2" in ids(lexical.search(q("cache"), 10))  # content and title
    assert ids(lexical.search(q("preference"), 10)) == ["b2"]  # tag only


def test_lexical_title_boost_outranks_content(lexical: Any) -> None:
    lexical.upsert([mem("t", "something else entirely", title="kafka consumer lag"),
                    mem("c", "kafka consumer lag shows up in the dashboard again today")])
    assert ids(lexical.search(q("kafka"), 10)) == ["t", "c"]


@pytest.mark.parametrize(("scope", "expected"), [
    (Scope(project="atlas"), {"a1", "a2"}),
    (Scope(project="borealis", user="ana"), {"b1", "b2"}),
    (Scope(agent="cursor"), {"b2"}),
    (Scope(project="atlas", agent="claude"), {"a1"}),
    (Scope(project="nowhere"), set()),
    (Scope(), {"a1", "a2", "b1", "b2", "n1"}),
], ids=["project", "project+user", "agent", "project+agent", "unknown", "none"])
def test_lexical_scope_filter(lexical: Any, scope: Scope, expected: set[str]) -> None:
    lexical.upsert(CORPUS)
    text = "parser config deploys prefers retries cache"
    assert set(ids(lexical.search(q(text, scope=scope), 50))) == expected


def test_lexical_scope_filter_keeps_k_admitted(lexical: Any) -> None:
    """The filter is inside the search: k admitted hits even when others score higher."""
    memories = [mem(f"o{i}", "redis redis redis cache", scope=Scope(project="other"))
                for i in range(30)]
    memories += [mem(f"p{i}", f"redis note {i}", scope=Scope(project="mine")) for i in range(3)]
    lexical.upsert(memories)
    found = lexical.search(q("redis", scope=Scope(project="mine")), 5)
    assert sorted(ids(found)) == ["p0", "p1", "p2"]


def test_lexical_archived_only_when_asked(lexical: Any) -> None:
    lexical.upsert(CORPUS)
    assert "x1" not in ids(lexical.search(q("parser"), 10))
    assert "x1" in ids(lexical.search(q("parser", include_archived=True), 10))


def test_lexical_update_replaces_the_document(lexical: Any) -> None:
    lexical.upsert(CORPUS)
    lexical.upsert([mem("a1", "The tokenizer handles unicode now", version=2,
                        scope=Scope(project="atlas"))])
    assert "a1" not in ids(lexical.search(q("crashed"), 10))
    assert ids(lexical.search(q("tokenizer"), 10)) == ["a1"]
    assert lexical.versions()["a1"] == 2
    assert len(lexical.versions()) == len(CORPUS)


def test_lexical_last_duplicate_in_a_batch_wins(lexical: Any) -> None:
    lexical.upsert([mem("d", "first words", version=1), mem("d", "second words", version=2)])
    assert lexical.versions() == {"d": 2}
    assert ids(lexical.search(q("second"), 10)) == ["d"]
    assert lexical.search(q("first"), 10) == []


def test_lexical_delete(lexical: Any) -> None:
    lexical.upsert(CORPUS)
    lexical.delete(["a1", "does-not-exist"])
    assert "a1" not in lexical.versions()
    assert "a1" not in ids(lexical.search(q("parser crashed"), 10))
    lexical.clear()
    assert lexical.versions() == {}


def test_lexical_k_limits_results(lexical: Any) -> None:
    lexical.upsert([mem(f"m{i:02d}", f"shared word number {i}") for i in range(20)])
    assert len(lexical.search(q("shared"), 7)) == 7


NASTY = [
    '"unbalanced quote', "title:parser", "content:(a OR b)", "foo::bar()", "AND", "OR NOT",
    "a AND (b OR", "))((", "*", "?", "~2", "^3", "+-!", "[1 TO 5]", "{x}", "\\", "/regex/",
    "日本語のテキスト", "naïve café", "emoji 🎉 test", "x" * 500, "select * from memories;",
    "' OR 1=1 --", "id:a1", "archived:true", "project:atlas", "\x00nul", "tab\tand\nnewline",
]


@pytest.mark.parametrize("text", NASTY)
def test_lexical_nasty_query_text_never_crashes(lexical: Any, text: str) -> None:
    lexical.upsert(CORPUS)
    found = lexical.search(q(text), 10)
    assert isinstance(found, list)
    assert "x1" not in ids(found)  # syntax in the text never lifts the archived filter


def test_lexical_code_tokens_match(lexical: Any) -> None:
    lexical.upsert([mem("c", "calling foo::bar() raised KeyError in parse_config"),
                    mem("d", "unrelated text")])
    assert ids(lexical.search(q("foo::bar()"), 10)) == ["c"]
    assert ids(lexical.search(q("parse_config KeyError"), 10)) == ["c"]


def test_lexical_implementations_agree_on_matches(tmp_path: Path) -> None:
    """On the same data, every lexical index matches the same memories for each query."""
    queries = ["parser", "config", "ana", "staging night", "redis cache", "pull requests"]
    results: dict[str, list[set[str]]] = {}
    for name, (cls, on_disk) in LEXICAL.items():
        index = opened(cls, tmp_path / name if on_disk else None)
        index.upsert(CORPUS)
        results[name] = [set(ids(index.search(q(text), 50))) for text in queries]
        index.close()
    first = next(iter(results.values()))
    assert all(found == first for found in results.values()), results


# --- vectors ------------------------------------------------------------------------------------

DIM = 16
VECTOR_CORPUS: list[Memory] = [
    mem(f"v{i:02d}", f"vector memory {i}", archived=(i % 10 == 9),
        scope=Scope(project="mine" if i < 5 else "other", agent="claude" if i % 2 else None))
    for i in range(40)
]
VECS = unit_vectors(len(VECTOR_CORPUS), DIM, seed=1)


def test_vectors_empty_index_finds_nothing(vectors: Any) -> None:
    assert vectors.search(VECS[0], q("x"), 5) == []
    assert vectors.versions() == {}


def score_tolerance(index: Any) -> float:
    """How far an index's scores may be from float32 cosine: hnsw stores half precision."""
    return 1e-3 if isinstance(index, HnswVectors) and index.options.dtype != "f32" else 1e-5


def test_vectors_nearest_first_with_cosine_scores(vectors: Any) -> None:
    vectors.upsert(VECTOR_CORPUS, VECS)
    found = vectors.search(VECS[3], q("x"), 5)
    tolerance = score_tolerance(vectors)
    assert found[0].id == "v03"
    assert found[0].score == pytest.approx(1.0, abs=tolerance)
    expected = VECS @ VECS[3]
    for cand in found:
        assert cand.score == pytest.approx(float(expected[int(cand.id[1:])]), abs=tolerance)
    assert [c.rank for c in found] == [1, 2, 3, 4, 5]


def test_vectors_match_exact_order(vectors: Any) -> None:
    vectors.upsert(VECTOR_CORPUS, VECS)
    query = unit_vectors(1, DIM, seed=9)[0]
    scores = VECS @ query
    admitted = [i for i, m in enumerate(VECTOR_CORPUS) if not m.archived]
    best = sorted(admitted, key=lambda i: -scores[i])[:10]
    assert ids(vectors.search(query, q("x"), 10)) == [f"v{i:02d}" for i in best]


def test_vectors_scope_prefilter_keeps_k_admitted(vectors: Any) -> None:
    """Nearest neighbours are chosen among admitted rows, not filtered afterwards."""
    vectors.upsert(VECTOR_CORPUS, VECS)
    found = vectors.search(VECS[20], q("x", scope=Scope(project="mine")), 10)
    assert sorted(ids(found)) == ["v00", "v01", "v02", "v03", "v04"]
    found = vectors.search(VECS[20], q("x", scope=Scope(project="mine", agent="claude")), 10)
    assert sorted(ids(found)) == ["v01", "v03"]
    assert vectors.search(VECS[0], q("x", scope=Scope(user="nobody")), 10) == []


def test_vectors_archived_only_when_asked(vectors: Any) -> None:
    vectors.upsert(VECTOR_CORPUS, VECS)
    assert "v09" not in ids(vectors.search(VECS[9], q("x"), 40))
    assert ids(vectors.search(VECS[9], q("x", include_archived=True), 1)) == ["v09"]


def test_vectors_update_and_versions(vectors: Any) -> None:
    vectors.upsert(VECTOR_CORPUS, VECS)
    moved = VECTOR_CORPUS[0].model_copy(update={"version": 3})
    vectors.upsert([moved], VECS[30:31])
    assert vectors.versions()["v00"] == 3
    assert len(vectors.versions()) == len(VECTOR_CORPUS)
    assert ids(vectors.search(VECS[30], q("x"), 2)) in (["v00", "v30"], ["v30", "v00"])


def test_vectors_delete_and_clear(vectors: Any) -> None:
    vectors.upsert(VECTOR_CORPUS, VECS)
    vectors.delete(["v03", "nope"])
    assert "v03" not in vectors.versions()
    assert "v03" not in ids(vectors.search(VECS[3], q("x"), 40))
    vectors.clear()
    assert vectors.versions() == {}
    assert vectors.search(VECS[3], q("x"), 5) == []


def test_vectors_dimension_mismatch_names_reindex(vectors: Any) -> None:
    vectors.upsert(VECTOR_CORPUS[:3], VECS[:3])
    with pytest.raises(StoreError, match="cognimem reindex"):
        vectors.upsert([mem("w", "wide")], unit_vectors(1, DIM * 2))
    with pytest.raises(StoreError, match="cognimem reindex"):
        vectors.search(unit_vectors(1, DIM * 2)[0], q("x"), 5)
    assert len(vectors.versions()) == 3


def test_vectors_clear_allows_a_new_dimension(vectors: Any) -> None:
    vectors.upsert(VECTOR_CORPUS[:3], VECS[:3])
    vectors.clear()
    wide = unit_vectors(3, DIM * 2, seed=4)
    vectors.upsert(VECTOR_CORPUS[:3], wide)
    assert vectors.search(wide[1], q("x"), 1)[0].id == "v01"


def test_vector_implementations_agree(tmp_path: Path) -> None:
    """exact and lancedb return the same ids, in the same order, for the same queries."""
    queries = unit_vectors(5, DIM, seed=5)
    scopes = [Scope(), Scope(project="other"), Scope(agent="claude")]
    results = {}
    for name, (cls, on_disk) in VECTORS.items():
        index = opened(cls, tmp_path / name if on_disk else None)
        index.upsert(VECTOR_CORPUS, VECS)
        results[name] = [ids(index.search(v, q("x", scope=s), 8)) for v in queries for s in scopes]
        index.close()
    first = next(iter(results.values()))
    assert all(found == first for found in results.values())
    assert np.all([len(r) == 8 for r in first])
