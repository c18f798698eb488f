"""The LoCoMo and LongMemEval_S datasets read from files in the official formats."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from cognimem.errors import InvalidInput
from cognimem.eval.dataset import BENCH_ENV, bench_dir_candidates, find_bench_dir, load_dataset
from cognimem.eval.units import EvalUnit
from cognimem_plugins.datasets.locomo import clean_evidence, parse_session_date
from cognimem_plugins.datasets.longmemeval import parse_lme_date


def units(name: str, **options: object) -> list[EvalUnit]:
    return list(load_dataset(name, options).units())


# LoCoMo ---------------------------------------------------------------------------------------


def test_locomo_one_unit_per_conversation_one_document_per_turn(locomo_file: Path) -> None:
    found = units("locomo", path=str(locomo_file))
    assert [u.id for u in found] == ["conv-a", "conv-b"]
    assert [d.id for d in found[0].documents] == [
        "conv-a#D1:1", "conv-a#D1:2", "conv-a#D1:3", "conv-a#D2:1", "conv-a#D2:2", "conv-a#D2:3"]


def test_locomo_content_format_and_image_captions(locomo_file: Path) -> None:
    docs = {d.id: d for d in units("locomo", path=str(locomo_file))[0].documents}
    assert docs["conv-a#D1:1"].content == (
        "[1:56 pm on 8 May, 2023] Ann: I adopted a puppy named Rex.")
    assert docs["conv-a#D1:3"].content == (
        "[1:56 pm on 8 May, 2023] Ann: Look at him sleeping! "
        "[shares image: a photo of a small dog on a sofa]")
    assert all("D1:" not in d.content and "conv-a" not in d.content for d in docs.values())


def test_locomo_dates_become_created_at_in_turn_order(locomo_file: Path) -> None:
    docs = units("locomo", path=str(locomo_file))[0].documents
    assert docs[0].created_at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert docs[3].created_at == datetime(2023, 6, 19, 10, 4, tzinfo=UTC)
    stamps = [d.created_at for d in docs if d.created_at is not None]
    assert len(stamps) == len(docs)
    assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)


def test_locomo_queries_gold_categories_and_skips(locomo_file: Path) -> None:
    conv_a, conv_b = units("locomo", path=str(locomo_file))
    queries = {q.id: q for q in conv_a.queries}
    # qa 2 ("D"), 3 (a turn that does not exist) and 5 (no evidence) have no gold: skipped;
    # the qid keeps the qa item's index.
    assert list(queries) == ["conv-a#0", "conv-a#1", "conv-a#4", "conv-a#6"]
    assert queries["conv-a#0"].text == "What is the name of Ann's puppy?"
    assert queries["conv-a#1"].relevant == {"conv-a#D2:1", "conv-a#D1:2"}
    assert queries["conv-a#1"].category == "multi-hop"
    assert queries["conv-a#6"].category == "temporal"
    assert queries["conv-a#4"].category == "adversarial" and not queries["conv-a#4"].headline
    assert all(q.headline for q in queries.values() if q.category != "adversarial")
    assert conv_b.queries[1].relevant == {"conv-b#D1:1", "conv-b#D1:2"}
    assert conv_b.queries[1].category == "open-domain"


def test_locomo_adversarial_questions_can_be_left_out(locomo_file: Path) -> None:
    found = units("locomo", path=str(locomo_file), adversarial=False)
    assert all(q.category != "adversarial" for u in found for q in u.queries)


def test_evidence_cleaning_repairs_the_malformed_ids() -> None:
    known = {"s#D11:26", "s#D30:5", "s#D8:6", "s#D9:17"}
    assert clean_evidence(["D:11:26", "D30:05"], "s", known) == {"s#D11:26", "s#D30:5"}
    assert clean_evidence(["D8:6; D9:17"], "s", known) == {"s#D8:6", "s#D9:17"}
    assert clean_evidence(["D", "D1:1"], "s", known) == frozenset()


def test_session_dates_parse() -> None:
    assert parse_session_date("10:04 am on 19 June, 2023") == datetime(2023, 6, 19, 10, 4,
                                                                        tzinfo=UTC)
    assert parse_session_date("someday") is None


def test_limit_and_max_queries(locomo_file: Path) -> None:
    found = units("locomo", path=str(locomo_file), limit=1, max_queries=2)
    assert [u.id for u in found] == ["conv-a"]
    assert [q.id for q in found[0].queries] == ["conv-a#0", "conv-a#1"]


# LongMemEval ----------------------------------------------------------------------------------


def test_lme_session_level_documents_and_gold(lme_file: Path) -> None:
    found = units("longmemeval", path=str(lme_file))
    # q3_abs (abstention) and q4 (no user turn with has_answer) are skipped.
    assert [u.id for u in found] == ["q1", "q2"]
    q1, q2 = found
    assert [d.id for d in q1.documents] == ["q1#0", "q1#1", "q1#2"]
    # User turns are separated by a blank line (the `turns` view reads them one by one).
    assert q1.documents[1].content == (
        "My dog is a beagle and loves walks.\n\nHe is three years old.")
    assert q1.documents[1].created_at == datetime(2023, 5, 21, 10, 0, tzinfo=UTC)
    assert q1.queries[0].relevant == {"q1#1"}
    assert q1.queries[0].asked_at == datetime(2023, 5, 30, 23, 40, tzinfo=UTC)
    assert q1.queries[0].category == "single-session-user"
    # The second answer session holds has_answer only on an assistant turn: not gold.
    assert q2.queries[0].relevant == {"q2#0"}


def test_lme_a_turn_with_blank_lines_stays_one_part_of_its_session() -> None:
    from cognimem_plugins.datasets.longmemeval import question_unit
    from cognimem_plugins.representations.views import turn_texts

    question = {
        "question_id": "q9", "question": "Which list?", "answer_session_ids": ["s1"],
        "haystack_session_ids": ["s1"], "haystack_dates": ["2023/05/20 (Sat) 02:21"],
        "haystack_sessions": [[
            {"role": "user", "content": "My list:\n\n  \n- eggs\n\n- milk", "has_answer": True},
            {"role": "assistant", "content": "Noted.\n\nAnything else?"},
            {"role": "user", "content": "  That is all.  "},
        ]],
    }
    content = question_unit(question).documents[0].content
    assert content == "My list:\n- eggs\n- milk\n\nThat is all."
    assert content.split() == "My list: - eggs - milk That is all.".split()
    assert turn_texts(content, 150, 30) == ["My list:\n- eggs\n- milk", "That is all."]


def test_lme_never_exposes_session_ids(lme_file: Path) -> None:
    for level in ("session", "turn"):
        for unit in units("longmemeval", path=str(lme_file), level=level):
            for doc in unit.documents:
                shown = [doc.id, doc.content, doc.scored_as, *map(str, doc.meta.values())]
                assert not any("answer_" in s or "sharegpt" in s for s in shown), shown


def test_lme_turn_level_rolls_up_to_sessions(lme_file: Path) -> None:
    q1 = units("longmemeval", path=str(lme_file), level="turn")[0]
    assert [(d.id, d.scored_as) for d in q1.documents] == [
        ("q1#0:0", "q1#0"), ("q1#1:0", "q1#1"), ("q1#1:2", "q1#1"), ("q1#2:0", "q1#2")]
    assert q1.queries[0].relevant == {"q1#1"}


def test_lme_turn_level_with_turn_gold(lme_file: Path) -> None:
    q1 = units("longmemeval", path=str(lme_file), level="turn", gold="turn")[0]
    assert all(d.rollup is None for d in q1.documents)
    assert q1.queries[0].relevant == {"q1#1:0"}


def test_lme_dates_parse() -> None:
    assert parse_lme_date("2023/05/20 (Sat) 02:21") == datetime(2023, 5, 20, 2, 21, tzinfo=UTC)
    assert parse_lme_date("") is None


# finding the data -----------------------------------------------------------------------------


def test_path_may_name_the_bench_folder(locomo_file: Path, lme_file: Path) -> None:
    bench = locomo_file.parents[1]
    assert len(units("locomo", path=str(bench))) == 2
    assert len(units("longmemeval", path=str(bench))) == 2


def test_the_environment_names_the_bench_folder(locomo_file: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BENCH_ENV, str(locomo_file.parents[1]))
    assert find_bench_dir() == locomo_file.parents[1]
    assert len(units("locomo")) == 2


def test_a_shared_bench_folder_is_found_above_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "shared" / "bench").mkdir(parents=True)
    (tmp_path / "repo" / "sub").mkdir(parents=True)
    assert tmp_path / "shared" / "bench" in bench_dir_candidates([tmp_path / "repo" / "sub"])
    monkeypatch.delenv(BENCH_ENV, raising=False)
    monkeypatch.chdir(tmp_path / "repo" / "sub")
    assert find_bench_dir() == tmp_path / "shared" / "bench"


def test_missing_data_names_the_fix(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="COGNIMEM_BENCH_DIR"):
        units("locomo", path=str(tmp_path / "nowhere"))


def test_bad_options_and_unknown_datasets_are_refused(locomo_file: Path) -> None:
    with pytest.raises(InvalidInput, match="Valid options: path, limit"):
        load_dataset("locomo", {"pathh": str(locomo_file)})
    with pytest.raises(InvalidInput, match="installed datasets: locomo, longmemeval"):
        load_dataset("locomo2")


def test_malformed_data_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "locomo.json"
    bad.write_text('[{"sample_id": "x"}]')
    with pytest.raises(InvalidInput, match="no `conversation` field"):
        units("locomo", path=str(bad))
