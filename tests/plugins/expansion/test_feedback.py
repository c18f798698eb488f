"""The ``feedback`` retriever: expansion words from the first round, Rocchio vectors."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pytest

from cognimem.errors import ProfileError
from cognimem.testing import build_engine
from cognimem.testing.contracts import RetrieverContract
from cognimem_plugins.expansion.feedback import expansion_terms, rocchio


def only(**options: Any) -> dict[str, Any]:
    return {"retrieve": [{"use": "feedback", **options}]}


class TestLexicalContract(RetrieverContract):
    component = "feedback"
    options: ClassVar[dict[str, Any]] = {"docs": 2, "background": 5}


class TestDenseContract(RetrieverContract):
    component = "feedback"
    options: ClassVar[dict[str, Any]] = {"signal": "dense", "docs": 2}


def test_terms_that_mark_the_best_results_are_added() -> None:
    ranked = [("a", 9.0), ("b", 8.0), ("c", 1.0), ("d", 1.0), ("e", 1.0)]
    texts = {"a": "Caroline: my guitar lessons", "b": "Caroline: guitar practice again",
             "c": "Caroline: went hiking", "d": "Caroline: the weather", "e": "Caroline: hi"}
    added = expansion_terms("what instrument", ranked, texts, docs=2, terms=3)
    assert added == ["guitar"]  # in both best, rare below; the speaker's name is everywhere
    assert expansion_terms("guitar", ranked, texts, docs=2, terms=3) == []  # query words skip
    assert expansion_terms("x", ranked[:2], texts, docs=2, terms=3) == []  # no background


def test_expanded_round_finds_a_memory_without_the_query_words() -> None:
    engine = build_engine(overrides=only(docs=2, background=10, terms=5))
    engine.add("music lessons: the violin on Monday")
    engine.add("music lessons with the violin again")
    target = engine.add("the teacher praised her violin bowing").id
    for i in range(6):
        engine.add(f"swimming lessons number {i}")
    found = [h.id for h in engine.search("music lessons", record_access=False).hits]
    assert target in found  # shares no query word; found through "violin"
    engine.close()
    plain = build_engine(overrides={"retrieve": [{"use": "bm25"}]})
    for text in ("music lessons", "the teacher praised her violin bowing"):
        plain.add(text)
    assert len(plain.search("music lessons", record_access=False).hits) == 1
    plain.close()


def test_rocchio_moves_towards_the_feedback() -> None:
    q = np.array([1.0, 0.0], dtype=np.float32)
    moved = rocchio(q, [np.array([0.0, 1.0], dtype=np.float32)], 1.0)
    assert moved[1] > 0 and np.isclose(np.linalg.norm(moved), 1.0)
    assert np.array_equal(rocchio(q, [], 1.0), q)


def test_bad_profile_is_refused() -> None:
    with pytest.raises(ProfileError, match="dense"):
        build_engine(overrides={**only(signal="dense"), "vectors": {"use": "none"},
                                "embedder": {"use": "none"}})
