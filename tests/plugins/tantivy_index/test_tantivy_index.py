"""The tantivy lexical index: on disk, analysis, query building, ownership, bad folders.

(Search, filters, update and delete are covered for every lexical index by
test_index_behaviour.py.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import tantivy

from cognimem.engine import Engine
from cognimem.errors import ProfileError, StoreError, StoreLocked
from cognimem.models import Query, Scope
from cognimem.testing import memory as mem
from cognimem.testing import opened
from cognimem_plugins.tantivy_index.index import (
    FORMAT,
    MARKER,
    TantivyIndex,
    id_key,
    query_analyzer,
)


def test_index_lives_in_the_lexical_folder_and_survives_reopening(tmp_path: Path) -> None:
    index = opened(TantivyIndex, tmp_path)
    index.upsert([mem("a", "durable words on disk", version=4, scope=Scope(project="p"))])
    index.close()
    assert (tmp_path / "lexical" / "meta.json").exists()
    assert json.loads((tmp_path / "lexical" / MARKER).read_text())["format"] == FORMAT
    again = opened(TantivyIndex, tmp_path)
    try:
        assert again.versions() == {"a": 4}
        found = again.search(Query(text="durable", scope=Scope(project="p")), 5)
        assert [c.id for c in found] == ["a"]
    finally:
        again.close()


def test_write_is_visible_when_upsert_returns(tmp_path: Path) -> None:
    index = opened(TantivyIndex, tmp_path)
    try:
        for i in range(5):
            index.upsert([mem(f"m{i}", f"visible token{i}")])
            assert [c.id for c in index.search(Query(text=f"token{i}"), 5)] == [f"m{i}"]
        index.delete(["m0"])
        assert index.search(Query(text="token0"), 5) == []
    finally:
        index.close()


def test_one_writer_per_index_names_the_owner_problem(tmp_path: Path) -> None:
    first = opened(TantivyIndex, tmp_path)
    try:
        with pytest.raises(StoreLocked, match="another writer"):
            opened(TantivyIndex, tmp_path)
    finally:
        first.close()
    second = opened(TantivyIndex, tmp_path)  # released on close
    second.close()


def test_close_twice_is_safe_and_use_after_close_is_a_clear_error(tmp_path: Path) -> None:
    index = opened(TantivyIndex, tmp_path)
    index.close()
    index.close()
    with pytest.raises(StoreError, match="not open"):
        index.search(Query(text="x"), 5)


def test_foreign_files_are_refused_and_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "lexical"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(StoreError, match="not a cognimem tantivy index"):
        opened(TantivyIndex, tmp_path)
    assert (folder / "notes.txt").read_text() == "mine"


def test_an_index_of_another_format_is_rebuilt_empty(tmp_path: Path) -> None:
    index = opened(TantivyIndex, tmp_path)
    index.upsert([mem("a", "old format words")])
    index.close()
    (tmp_path / "lexical" / MARKER).write_text(json.dumps({"format": FORMAT + 99}))
    again = opened(TantivyIndex, tmp_path)
    try:
        assert again.versions() == {}  # derived data: the engine re-indexes from the records
    finally:
        again.close()
    assert json.loads((tmp_path / "lexical" / MARKER).read_text())["format"] == FORMAT


def test_query_analyzer_matches_the_indexing_analyzer(tmp_path: Path) -> None:
    """Every term the Python-side analyzer makes is a term the en_stem field indexed."""
    text = ("Running runners ran QUICKLY; naïve café résumé — foo::bar() parse_config "
            "HTTPServerError 日本語 x" + "y" * 45 + " connection's")
    index = opened(TantivyIndex, None)
    try:
        index.upsert([mem("a", text)])
        terms = [t for t in query_analyzer(stopwords=False).analyze(text) if t]
        assert {"run", "runner", "pars", "日本語", "httpservererror"} <= set(terms)
        assert not any(len(t) > 40 for t in terms)
        for term in terms:
            built = tantivy.Query.term_query(index._schema, "content", term)
            assert index._index.searcher().search(built, 1).hits, term
    finally:
        index.close()


def test_stop_words_are_dropped_unless_nothing_else_is_left() -> None:
    index = TantivyIndex()
    assert index.terms("what is the parser doing") == ["parser", "do"]
    assert index.terms("to be or not to be") == ["not"]
    assert index.terms("to be or to be") == ["to", "be", "or"]  # all stop words: keep them
    assert TantivyIndex(TantivyIndex.Options(stopwords=False)).terms("the parser")[0] == "the"


def test_query_terms_are_capped() -> None:
    index = TantivyIndex(TantivyIndex.Options(max_query_terms=3))
    assert index.terms("alpha beta gamma delta epsilon") == ["alpha", "beta", "gamma"]


def test_text_without_terms_builds_no_query() -> None:
    index = TantivyIndex()
    assert index.build_query(Query(text="!!! ??? ...")) is None


def test_scope_values_are_exact_terms(tmp_path: Path) -> None:
    """Scope values are matched whole: no tokenizing, case or prefix surprises."""
    index = opened(TantivyIndex, None)
    try:
        index.upsert([
            mem("a", "shared word", scope=Scope(project="My Project")),
            mem("b", "shared word", scope=Scope(project="my project")),
            mem("c", "shared word", scope=Scope(project="")),
            mem("d", "shared word", scope=Scope(project="My")),
        ])
        for value, expected in (("My Project", ["a"]), ("my project", ["b"]), ("", ["c"]),
                                ("My", ["d"])):
            found = index.search(Query(text="shared", scope=Scope(project=value)), 10)
            assert [c.id for c in found] == expected, value
    finally:
        index.close()


def test_field_boosts_are_options(tmp_path: Path) -> None:
    plain = mem("t", "something else", tags=["zebra"])
    other = mem("c", "zebra zebra zebra in the content of a fairly long memory")
    boosted = opened(TantivyIndex, None, tags_boost=10.0)
    muted = opened(TantivyIndex, None, tags_boost=0.0)
    try:
        boosted.upsert([plain, other])
        muted.upsert([plain, other])
        assert boosted.search(Query(text="zebra"), 5)[0].id == "t"
        assert [c.id for c in muted.search(Query(text="zebra"), 5)] == ["c"]
    finally:
        boosted.close()
        muted.close()


def test_bad_options_fail_at_start_naming_the_key() -> None:
    with pytest.raises(ProfileError, match="title_boost"):
        Engine.from_profile("test", overrides={"lexical": {"use": "tantivy", "title_boost": -1}})


def test_engine_uses_tantivy_end_to_end(tmp_path: Path) -> None:
    engine = Engine.from_profile("test", overrides={"lexical": {"use": "tantivy"}})
    try:
        first = engine.add("The deploy script needs the AWS_REGION variable",
                           scope={"project": "infra"})
        engine.add("Lunch is at noon", scope={"project": "life"})
        hits = engine.search("deploy region", scope={"project": "infra"}).hits
        assert hits[0].id == first.id
        engine.update(first.id, content="The deploy script reads its region from config")
        assert engine.lexical is not None
        assert engine.lexical.versions()[first.id] == 2
        engine.delete(first.id)
        assert first.id not in engine.lexical.versions()
        assert engine.check().ok
    finally:
        engine.close()


def test_versions_of_engine_ids_and_other_ids() -> None:
    """Engine ids are read from the numeric key column, others from the document store."""
    index = opened(TantivyIndex, None)
    try:
        memories = [mem("m0123456789abcde", "one", version=3),
                    mem("mffffffffffffff" + "f", "two", version=1),
                    mem("m000000000000000", "three", version=2),
                    mem("imported-7", "four", version=5),
                    mem("M0123456789ABCDE", "five", version=4)]
        index.upsert(memories)
        assert index.versions() == {m.id: m.version for m in memories}
        assert id_key("m000000000000000") == 1 and id_key("imported-7") == 0
    finally:
        index.close()


def test_ties_at_the_cut_are_broken_by_id_whatever_the_segment_order(tmp_path: Path) -> None:
    """Tied documents enter the top k by id, however they are spread over segments."""
    index = opened(TantivyIndex, tmp_path)
    try:
        ids = [f"t{i:03d}" for i in range(60)]
        order = ids[::-1]  # written newest-id first, in many small commits (many segments)
        for start in range(0, len(order), 7):
            index.upsert([mem(i, "identical tied words") for i in order[start : start + 7]])
        found = index.search(Query(text="tied"), 5)
        assert [c.id for c in found] == ids[:5]
        assert len({c.score for c in found}) == 1
    finally:
        index.close()


def test_a_tie_past_k_is_found_by_one_search_when_it_is_short() -> None:
    """Seventy documents tied for k = 50: the first search asks for twice k and a margin, so
    the whole tie comes back at once instead of a search again (#45), cut by id."""
    index = opened(TantivyIndex, None)
    try:
        index.upsert([mem(f"t{i:03d}", "identical tied words") for i in range(70)])
        assert index._index is not None
        real, searches = index._index, []

        class Counting:
            def __getattr__(self, name: str) -> Any:
                return getattr(real, name)

            def searcher(self) -> Any:
                searcher = real.searcher()

                class Searcher:
                    def __getattr__(self, name: str) -> Any:
                        return getattr(searcher, name)

                    def search(self, *args: Any, **kwargs: Any) -> Any:
                        searches.append(kwargs.get("limit"))
                        return searcher.search(*args, **kwargs)

                return Searcher()

        index._index = Counting()  # type: ignore[assignment]
        found = index.search(Query(text="tied"), 50)
        assert [c.id for c in found] == [f"t{i:03d}" for i in range(50)]
        assert searches == [70]
    finally:
        index._index = real
        index.close()


def test_an_unscoped_query_puts_its_term_clauses_at_the_top() -> None:
    """Without scope filters the term queries are the query's own SHOULD clauses (archived
    memories a MUST_NOT beside them), not one MUST around them: tantivy prunes the top hits
    only over such a union (#45, wave 8)."""
    index = TantivyIndex()
    for include_archived in (False, True):
        built = repr(index.build_query(Query(text="alpha beta",
                                             include_archived=include_archived)))
        assert built.startswith("Query(BooleanQuery { subqueries: [(Should, TermQuery("), built
        assert "(Must," not in built
        assert ("(MustNot, TermQuery" in built) is not include_archived


def test_unscoped_and_filtered_forms_give_the_same_hits_and_scores() -> None:
    """The flat unscoped query and the filtered form (here a filter every memory passes)
    rank the same memories with the same scores, archived ones left out unless asked for."""
    rng = random.Random(45)
    words = [f"w{i}" for i in range(12)]
    memories = [mem(f"m{i:04d}", " ".join(rng.choices(words, k=rng.randint(1, 9))),
                    tags=rng.sample(words, rng.randint(0, 2)), scope=Scope(agent="a"),
                    archived=rng.random() < 0.2)
                for i in range(400)]
    index = opened(TantivyIndex, None)
    try:
        for start in range(0, len(memories), 37):  # many segments
            index.upsert(memories[start : start + 37])
        archived = {m.id for m in memories if m.archived}
        for _ in range(40):
            text = " ".join(rng.sample(words, rng.randint(1, 3)))
            for include_archived in (False, True):
                flat = index.search(Query(text=text, include_archived=include_archived), 15)
                filtered = index.search(Query(text=text, include_archived=include_archived,
                                              scope=Scope(agent="a")), 15)
                assert [(c.id, c.score) for c in flat] == [(c.id, c.score) for c in filtered]
                assert len(flat) == 15
                assert include_archived or not archived & {c.id for c in flat}
    finally:
        index.close()
