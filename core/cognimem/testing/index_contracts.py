"""The lexical and vector index contracts: one behaviour suite every index passes, in RAM (no
store folder) and on disk (a fresh folder), on the same data.

Each index is opened by a real engine that selects it, then driven directly: ``upsert``,
``delete``, ``search``, ``versions``, ``clear``. The suite covers ranking order and scores,
the scope and archived filters (inside the search, so ``k`` admitted hits come back),
replacement by id, deletion, hostile query text and dimension changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from ..components import LexicalIndex, VectorIndex
from ..engine import Engine
from ..errors import StoreError
from ..models import Candidate, Memory, Query, Scope
from .contracts import ComponentContract
from .fixtures import build_engine, memory, unit_vectors

#: Where each index is opened: without a store folder, and on a fresh one.
LOCATIONS = ("ram", "disk")

CORPUS: list[Memory] = [
    memory("a1", "The parser crashed on empty config files", tags=["bug"],
           scope=Scope(project="atlas", agent="claude")),
    memory("a2", "We decided to cache parsed configs in redis", title="Config cache",
           scope=Scope(project="atlas")),
    memory("b1", "Deploys to staging run every night from the main branch",
           scope=Scope(project="borealis", user="ana")),
    memory("b2", "Ana prefers small pull requests with tests", tags=["preference"],
           scope=Scope(project="borealis", user="ana", agent="cursor")),
    memory("n1", "The config loader retries three times before failing"),
    memory("x1", "Old note about the parser that was archived", archived=True,
           scope=Scope(project="atlas")),
]

#: Query text that trips query parsers; none may crash a search or lift the filters.
NASTY = [
    '"unbalanced quote', "title:parser", "content:(a OR b)", "foo::bar()", "AND", "OR NOT",
    "a AND (b OR", "))((", "*", "?", "~2", "^3", "+-!", "[1 TO 5]", "{x}", "\\", "/regex/",
    "日本語のテキスト", "naïve café", "emoji 🎉 test", "x" * 500, "select * from memories;",
    "' OR 1=1 --", "id:a1", "archived:true", "project:atlas", "\x00nul", "tab\tand\nnewline",
]

DIM = 16
VECTOR_CORPUS: list[Memory] = [
    memory(f"v{i:02d}", f"vector memory {i}", archived=(i % 10 == 9),
           scope=Scope(project="mine" if i < 5 else "other",
                       agent="claude" if i % 2 else None))
    for i in range(40)
]
VECS = unit_vectors(len(VECTOR_CORPUS), DIM, seed=1)

SCOPES = [
    (Scope(project="atlas"), {"a1", "a2"}),
    (Scope(project="borealis", user="ana"), {"b1", "b2"}),
    (Scope(agent="cursor"), {"b2"}),
    (Scope(project="atlas", agent="claude"), {"a1"}),
    (Scope(project="nowhere"), set()),
    (Scope(), {"a1", "a2", "b1", "b2", "n1"}),
]
SCOPE_IDS = ["project", "project+user", "agent", "project+agent", "unknown", "none"]


def q(text: str, **fields: Any) -> Query:
    """A query with the default k."""
    return Query(text=text, **fields)


def ids(candidates: list[Candidate]) -> list[str]:
    """The ids of candidates, in order."""
    return [c.id for c in candidates]


class _IndexContract(ComponentContract):
    slot = ""

    def profile_overrides(self) -> dict[str, Any]:
        return {self.slot: {"use": self.component, **self.options}}

    @pytest.fixture(params=LOCATIONS)
    def index_engine(self, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
        """An engine selecting the index, with no store folder or on a fresh one."""
        if not self.component:
            pytest.fail(f"{type(self).__name__} must set `component` to the component's name")
        overrides = self.profile_overrides()
        if request.param == "disk":
            overrides["path"] = str(tmp_path / "store")
        engine = build_engine(overrides=overrides, plugins=self.plugins)
        yield engine
        engine.close()


class LexicalIndexContract(_IndexContract):
    """A lexical index finds stemmed words best first, filters by scope and archived inside
    the search, replaces by id, deletes, and survives any query text."""

    slot = "lexical"

    @pytest.fixture
    def lexical(self, index_engine: Engine) -> LexicalIndex:
        """The index under test, empty."""
        assert index_engine.lexical is not None
        return index_engine.lexical

    def test_empty_index_finds_nothing(self, lexical: LexicalIndex) -> None:
        assert lexical.search(q("parser"), 10) == []
        assert lexical.versions() == {}

    def test_finds_stemmed_words_best_first(self, lexical: LexicalIndex) -> None:
        lexical.upsert(CORPUS)
        found = lexical.search(q("parsers crashing"), 10)
        assert ids(found)[0] == "a1"
        assert [c.rank for c in found] == list(range(1, len(found) + 1))
        scores = [c.score for c in found]
        assert scores == sorted(scores, reverse=True)
        assert all(s > 0 for s in scores)

    def test_matches_title_and_tags(self, lexical: LexicalIndex) -> None:
        lexical.upsert(CORPUS)
        assert "a2" in ids(lexical.search(q("cache"), 10))  # content and title
        assert ids(lexical.search(q("preference"), 10)) == ["b2"]  # tag only

    def test_title_boost_outranks_content(self, lexical: LexicalIndex) -> None:
        lexical.upsert([memory("t", "something else entirely", title="kafka consumer lag"),
                        memory("c", "kafka consumer lag shows up in the dashboard again")])
        assert ids(lexical.search(q("kafka"), 10)) == ["t", "c"]

    @pytest.mark.parametrize(("scope", "expected"), SCOPES, ids=SCOPE_IDS)
    def test_scope_filter(self, lexical: LexicalIndex, scope: Scope, expected: set[str]) -> None:
        lexical.upsert(CORPUS)
        text = "parser config deploys prefers retries cache"
        assert set(ids(lexical.search(q(text, scope=scope), 50))) == expected

    def test_scope_filter_keeps_k_admitted(self, lexical: LexicalIndex) -> None:
        """The filter is inside the search: k admitted hits even when others score higher."""
        memories = [memory(f"o{i}", "redis redis redis cache", scope=Scope(project="other"))
                    for i in range(30)]
        memories += [memory(f"p{i}", f"redis note {i}", scope=Scope(project="mine"))
                     for i in range(3)]
        lexical.upsert(memories)
        found = lexical.search(q("redis", scope=Scope(project="mine")), 5)
        assert sorted(ids(found)) == ["p0", "p1", "p2"]

    def test_a_project_with_its_global_memories(self, lexical: LexicalIndex) -> None:
        """``include_global``: a project's memories and those of no project (``n1``)."""
        lexical.upsert(CORPUS)
        text = "parser config deploys prefers retries cache"
        both = q(text, scope=Scope(project="atlas"), include_global=True)
        assert set(ids(lexical.search(both, 50))) == {"a1", "a2", "n1"}
        alone = q(text, scope=Scope(project="nowhere"), include_global=True)
        assert set(ids(lexical.search(alone, 50))) == {"n1"}

    def test_archived_only_when_asked(self, lexical: LexicalIndex) -> None:
        lexical.upsert(CORPUS)
        assert "x1" not in ids(lexical.search(q("parser"), 10))
        assert "x1" in ids(lexical.search(q("parser", include_archived=True), 10))

    def test_update_replaces_the_document(self, lexical: LexicalIndex) -> None:
        lexical.upsert(CORPUS)
        lexical.upsert([memory("a1", "The tokenizer handles unicode now", version=2,
                               scope=Scope(project="atlas"))])
        assert "a1" not in ids(lexical.search(q("crashed"), 10))
        assert ids(lexical.search(q("tokenizer"), 10)) == ["a1"]
        assert lexical.versions()["a1"] == 2
        assert len(lexical.versions()) == len(CORPUS)

    def test_last_duplicate_in_a_batch_wins(self, lexical: LexicalIndex) -> None:
        lexical.upsert([memory("d", "first words", version=1),
                        memory("d", "second words", version=2)])
        assert lexical.versions() == {"d": 2}
        assert ids(lexical.search(q("second"), 10)) == ["d"]
        assert lexical.search(q("first"), 10) == []

    def test_delete_and_clear(self, lexical: LexicalIndex) -> None:
        lexical.upsert(CORPUS)
        lexical.delete(["a1", "does-not-exist"])
        assert "a1" not in lexical.versions()
        assert "a1" not in ids(lexical.search(q("parser crashed"), 10))
        lexical.clear()
        assert lexical.versions() == {}

    def test_k_limits_results(self, lexical: LexicalIndex) -> None:
        lexical.upsert([memory(f"m{i:02d}", f"shared word number {i}") for i in range(20)])
        assert len(lexical.search(q("shared"), 7)) == 7

    def test_nasty_query_text_never_crashes(self, lexical: LexicalIndex) -> None:
        """Query syntax in the text neither crashes a search nor lifts the archived filter."""
        lexical.upsert(CORPUS)
        for text in NASTY:
            found = lexical.search(q(text), 10)
            assert isinstance(found, list), text
            assert "x1" not in ids(found), text

    def test_code_tokens_match(self, lexical: LexicalIndex) -> None:
        lexical.upsert([memory("c", "calling foo::bar() raised KeyError in parse_config"),
                        memory("d", "unrelated text")])
        assert ids(lexical.search(q("foo::bar()"), 10)) == ["c"]
        assert ids(lexical.search(q("parse_config KeyError"), 10)) == ["c"]


class VectorIndexContract(_IndexContract):
    """A vector index returns the exact nearest neighbours by cosine (best first), filters by
    scope and archived before choosing them, replaces by id, deletes, and refuses vectors of
    another dimension until cleared, naming ``cognimem reindex``."""

    slot = "vectors"
    #: How far a score may be from float32 cosine (an index storing half precision or
    #: quantised vectors sets a wider tolerance).
    score_tolerance: ClassVar[float] = 1e-5

    @pytest.fixture
    def vectors(self, index_engine: Engine) -> VectorIndex:
        """The index under test, empty."""
        assert index_engine.vectors is not None
        return index_engine.vectors

    def test_empty_index_finds_nothing(self, vectors: VectorIndex) -> None:
        assert vectors.search(VECS[0], q("x"), 5) == []
        assert vectors.versions() == {}

    def test_nearest_first_with_cosine_scores(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS, VECS)
        found = vectors.search(VECS[3], q("x"), 5)
        assert found[0].id == "v03"
        tolerance = self.score_tolerance
        assert found[0].score == pytest.approx(1.0, abs=tolerance)
        expected = VECS @ VECS[3]
        for cand in found:
            assert cand.score == pytest.approx(float(expected[int(cand.id[1:])]),
                                               abs=tolerance)
        assert [c.rank for c in found] == [1, 2, 3, 4, 5]

    def test_match_exact_order(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS, VECS)
        query = unit_vectors(1, DIM, seed=9)[0]
        scores = VECS @ query
        admitted = [i for i, m in enumerate(VECTOR_CORPUS) if not m.archived]
        best = sorted(admitted, key=lambda i: -scores[i])[:10]
        assert ids(vectors.search(query, q("x"), 10)) == [f"v{i:02d}" for i in best]

    def test_search_many_is_search_of_each_row(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS, VECS)
        queries = np.vstack([VECS[3], unit_vectors(2, DIM, seed=11), VECS[20]])
        for query in (q("x"), q("x", scope=Scope(project="mine"))):
            many = vectors.search_many(queries, query, 7)
            assert len(many) == len(queries)
            for row, found in zip(queries, many, strict=True):
                one = vectors.search(row, query, 7)
                assert ids(found) == ids(one)
                assert [c.rank for c in found] == [c.rank for c in one]
                assert [c.score for c in found] == pytest.approx([c.score for c in one],
                                                                 abs=self.score_tolerance)
        assert vectors.search_many(queries[:0], q("x"), 5) == []

    def test_scope_prefilter_keeps_k_admitted(self, vectors: VectorIndex) -> None:
        """Nearest neighbours are chosen among admitted rows, not filtered afterwards."""
        vectors.upsert(VECTOR_CORPUS, VECS)
        found = vectors.search(VECS[20], q("x", scope=Scope(project="mine")), 10)
        assert sorted(ids(found)) == ["v00", "v01", "v02", "v03", "v04"]
        found = vectors.search(VECS[20], q("x", scope=Scope(project="mine", agent="claude")), 10)
        assert sorted(ids(found)) == ["v01", "v03"]
        assert vectors.search(VECS[0], q("x", scope=Scope(user="nobody")), 10) == []

    def test_a_project_with_its_global_memories(self, vectors: VectorIndex) -> None:
        """``include_global``: a project's memories and those of no project, chosen before
        the nearest ``k`` (the global ones are not the nearest here)."""
        far = unit_vectors(2, DIM, seed=5)
        globals_ = [memory("g0", "global"), memory("g1", "global", scope=Scope(agent="claude"))]
        vectors.upsert([*VECTOR_CORPUS, *globals_], np.vstack([VECS, far]))
        both = q("x", scope=Scope(project="mine"), include_global=True)
        assert sorted(ids(vectors.search(VECS[20], both, 10))) == [
            "g0", "g1", "v00", "v01", "v02", "v03", "v04"]
        alone = q("x", scope=Scope(project="nowhere"), include_global=True)
        assert sorted(ids(vectors.search(VECS[20], alone, 10))) == ["g0", "g1"]
        strict = q("x", scope=Scope(project="mine"))
        assert "g0" not in ids(vectors.search(far[0], strict, 10))

    def test_archived_only_when_asked(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS, VECS)
        assert "v09" not in ids(vectors.search(VECS[9], q("x"), 40))
        assert ids(vectors.search(VECS[9], q("x", include_archived=True), 1)) == ["v09"]

    def test_update_and_versions(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS, VECS)
        moved = VECTOR_CORPUS[0].model_copy(update={"version": 3})
        vectors.upsert([moved], VECS[30:31])
        assert vectors.versions()["v00"] == 3
        assert len(vectors.versions()) == len(VECTOR_CORPUS)
        assert ids(vectors.search(VECS[30], q("x"), 2)) in (["v00", "v30"], ["v30", "v00"])

    def test_delete_and_clear(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS, VECS)
        vectors.delete(["v03", "nope"])
        assert "v03" not in vectors.versions()
        assert "v03" not in ids(vectors.search(VECS[3], q("x"), 40))
        vectors.clear()
        assert vectors.versions() == {}
        assert vectors.search(VECS[3], q("x"), 5) == []

    def test_dimension_mismatch_names_reindex(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS[:3], VECS[:3])
        with pytest.raises(StoreError, match="cognimem reindex"):
            vectors.upsert([memory("w", "wide")], unit_vectors(1, DIM * 2))
        with pytest.raises(StoreError, match="cognimem reindex"):
            vectors.search(unit_vectors(1, DIM * 2)[0], q("x"), 5)
        assert len(vectors.versions()) == 3

    def test_clear_allows_a_new_dimension(self, vectors: VectorIndex) -> None:
        vectors.upsert(VECTOR_CORPUS[:3], VECS[:3])
        vectors.clear()
        wide = unit_vectors(3, DIM * 2, seed=4)
        vectors.upsert(VECTOR_CORPUS[:3], wide)
        assert vectors.search(wide[1], q("x"), 1)[0].id == "v01"

    def test_float64_rows_are_accepted(self, vectors: VectorIndex) -> None:
        """Rows of another float type are taken as float32."""
        vectors.upsert(VECTOR_CORPUS[:5], VECS[:5].astype(np.float64))
        assert vectors.search(VECS[2], q("x"), 1)[0].id == "v02"
