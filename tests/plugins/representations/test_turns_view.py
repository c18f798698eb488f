"""The ``turns`` view (a memory's parts between blank lines) and the ``top`` collapse."""

from __future__ import annotations

from typing import Any

import pytest

from cognimem.errors import ProfileError
from cognimem.models import Candidate
from cognimem.testing import build_engine
from cognimem_plugins.representations.index import collapse
from cognimem_plugins.representations.views import turn_texts


def only(**options: Any) -> dict[str, Any]:
    return {"retrieve": [{"use": "representations", "view": "turns", **options}]}


def test_turns_are_the_parts_between_blank_lines() -> None:
    assert turn_texts("first turn\n\nsecond\nstill second\n \n\nthird", 150, 30) == [
        "first turn", "second\nstill second", "third"]
    # no blank line: one part, the content itself (a single turn is indexed as itself)
    assert turn_texts("one turn\nover two lines", 150, 30) == ["one turn\nover two lines"]
    # a long turn is cut in pieces like `chunks`
    long = " ".join(f"w{i}" for i in range(40))
    assert turn_texts(f"short\n\n{long}", 16, 4) == ["short", *[
        " ".join(f"w{i}" for i in range(s, min(s + 16, 40))) for s in (0, 12, 24)]]


def test_a_session_is_found_by_one_of_its_turns_and_stays_whole() -> None:
    engine = build_engine(overrides=only())
    session = "I went to the market today\n\nThe weather was grey\n\nMy sister adopted a ferret"
    m = engine.add(session).id
    other = engine.add("Cooking pasta tonight\n\nNothing else happened").id
    hits = engine.search("ferret adopted", record_access=False).hits
    assert [h.id for h in hits] == [m]
    assert hits[0].memory.content == session
    index = engine.retrievers[0]._index  # type: ignore[attr-defined]
    assert len(index.rows_of(m)) == 3 and len(index.rows_of(other)) == 2
    engine.close()


@pytest.mark.parametrize(("options", "first"), [
    ({"collapse": "max"}, "one"),
    ({"collapse": "sum"}, "two"),
    ({"collapse": "top", "top": 2, "share": 1.0}, "two"),
])
def test_how_turn_scores_make_the_memory_score(options: dict[str, Any], first: str) -> None:
    engine = build_engine(overrides=only(**options))
    # "one" has a turn holding both query words; "two" has each word in its own turn
    made = {"one": engine.add("kayak paddle\n\nlunch was soup").id,
            "two": engine.add("kayak\n\npaddle").id}
    engine.add("a quiet evening at home")
    hits = [h.id for h in engine.search("kayak paddle", record_access=False).hits]
    assert hits[:2] == [made[first], made["two" if first == "one" else "one"]]
    engine.close()


def test_collapse_top_is_the_best_plus_a_share_of_the_next() -> None:
    rows = [Candidate(id="a::0", score=3.0, rank=1), Candidate(id="b::0", score=2.5, rank=2),
            Candidate(id="b::1", score=2.0, rank=3), Candidate(id="b::2", score=1.0, rank=4),
            Candidate(id="b::3", score=0.5, rank=5)]
    top = {c.id: c.score for c in collapse(rows, "top", 10, top=3, share=0.5)}
    assert top == {"a": 3.0, "b": pytest.approx(2.5 + 0.5 * (2.0 + 1.0))}
    assert [c.id for c in collapse(rows, "top", 10, top=3, share=0.0)] == ["a", "b"]
    assert [(c.id, c.score) for c in collapse(rows, "top", 10, top=2, share=1.0)] == [
        ("b", 4.5), ("a", 3.0)]
    assert [c.rank for c in collapse(rows, "top", 10)] == [1, 2]


def test_bad_aggregation_options_are_refused() -> None:
    with pytest.raises(ProfileError, match="share"):
        build_engine(overrides=only(collapse="top", share=1.5))
    with pytest.raises(ProfileError, match="collapse"):
        build_engine(overrides=only(collapse="median"))
