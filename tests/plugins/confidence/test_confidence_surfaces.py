"""Confidence where people and agents see it: ``cognimem search`` (table and JSON), the MCP
``recall`` tool, and the eval workbench's abstention report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli.eval_cmd import parse_floors
from cognimem.errors import InvalidInput
from cognimem.eval import Document, EvalQuery, EvalUnit, compare
from cognimem.eval.abstention import abstention_table, auroc
from cognimem.eval.runner import QueryRun, SystemRun
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem.testing.cli import in_process_store
from cognimem.testing.cli import run_main as run
from cognimem_plugins.datasets.locomo import sample_unit
from cognimem_plugins.datasets.longmemeval import question_unit

ON_DISK = '[records]\nuse = "duckdb"\n[confidence]\nuse = "logistic"\n'


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Global options for an on-disk store opened in process (no daemon)."""
    return in_process_store(tmp_path, monkeypatch, ON_DISK, "disk")


def test_search_shows_confidence_and_says_when_nothing_is_relevant(
        capsys: pytest.CaptureFixture[str], base: list[str]) -> None:
    for text in ("the deploy key rotates every month", "billing retries three times"):
        assert run(capsys, "add", text, *base)[0] == 0
    status, data, _ = run(capsys, "search", "deploy key", "--json", *base)
    assert status == 0 and "held_back" not in data
    assert all(0 <= h["confidence"] <= 1 for h in data["hits"])
    status, data, _ = run(capsys, "search", "deploy key", "--json", "--min-confidence", "1",
                          *base)
    assert data["hits"] == [] and data["held_back"] == 2 and data["floor"] == 1.0
    status, out, _ = run(capsys, "search", "deploy key", "--min-confidence", "1", *base)
    assert status == 0 and "nothing relevant found" in out and "--min-confidence 0" in out
    status, out, _ = run(capsys, "search", "deploy key", *base)
    assert "conf" in out and "nothing relevant" not in out
    status, _, err = run(capsys, "search", "deploy key", "--min-confidence", "2", *base)
    assert status != 0 and "min_confidence" in err


def test_recall_over_mcp_holds_back_and_min_confidence_zero_shows(tmp_path: Path) -> None:
    srv = build_server(load_profile("test", overrides={"confidence": {"use": "logistic",
                                                                      "floor": 1.0}}))

    async def body() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with Client(srv) as client:
            schema = next(t for t in (await client.list_tools()).tools if t.name == "recall")
            assert "min_confidence" in schema.input_schema["properties"]
            await client.call_tool("remember", {"content": "the deploy key rotates monthly"})
            held = await client.call_tool("recall", {"query": "deploy key"})
            shown = await client.call_tool("recall", {"query": "deploy key",
                                                      "min_confidence": 0})
            bad = await client.call_tool("recall", {"query": "deploy key",
                                                    "min_confidence": 3})
            assert bad.is_error
            assert held.structured_content is not None and shown.structured_content is not None
            return held.structured_content, shown.structured_content, {}

    held, shown, _ = anyio.run(body)
    assert held["hits"] == [] and held["held_back"] == 1
    assert held["note"].startswith("nothing relevant found") and "min_confidence=0" in \
        held["note"]
    assert len(shown["hits"]) == 1 and "note" not in shown
    assert 0 <= shown["hits"][0]["confidence"] <= 1


# the eval workbench -----------------------------------------------------------------------------


def _run_with(confidences: dict[str, list[float]]) -> SystemRun:
    run = SystemRun(name="s")
    for qid, values in confidences.items():
        run.queries[qid] = QueryRun(qid, [(f"{qid}-d{i}", 1.0) for i in range(len(values))],
                                    1.0, values)
    return run


def test_abstention_table_counts_questions_held_back() -> None:
    unit = EvalUnit("u", [], [
        EvalQuery("a1", "x", frozenset({"a1-d0"})),
        EvalQuery("a2", "x", frozenset({"nothing"})),
        EvalQuery("n1", "x", frozenset(), answerable=False, headline=False),
        EvalQuery("n2", "x", frozenset(), answerable=False, headline=False),
    ])
    runs = {"s": _run_with({"a1": [0.8, 0.1], "a2": [0.3], "n1": [0.2, 0.25], "n2": [0.6]})}
    rows = abstention_table(runs, [unit], floors=[0.5])
    assert rows == [{"name": "s", "floor": 0.5, "unanswerable": 2, "abstained": 0.5,
                     "answerable": 2, "wrongly_held": 0.5, "answers_lost": 0.0,
                     "auroc": 0.75}]  # 3 of the 4 (answerable, unanswerable) pairs
    plain = SystemRun(name="plain")
    plain.queries = {q: QueryRun(q, [], 1.0) for q in ("a1", "a2", "n1", "n2")}
    assert "no confidences" in abstention_table({"plain": plain}, [unit])[0]["note"]


def test_auroc() -> None:
    assert auroc([0.1, 0.2], [0.3, 0.4]) == 1.0
    assert auroc([0.3, 0.4], [0.1, 0.2]) == 0.0
    assert auroc([0.5], [0.5]) == 0.5


def test_compare_reports_abstention_and_keeps_confidences() -> None:
    unit = EvalUnit("u", [Document("u#a", "the cat sat on the mat"),
                          Document("u#b", "violin practice every morning")], [
        EvalQuery("u#q1", "where did the cat sit", frozenset({"u#a"})),
        EvalQuery("u#q2", "what does the pilot fly", frozenset(), answerable=False,
                  headline=False, category="abstention"),
    ])
    result = compare({"conf": "test"}, [unit], cache=False, metrics=["Hit@1"],
                     abstention=[0.0, 1.0])
    assert result.row("conf")["n"] == 1  # the question without gold is only in the report
    answer = result.runs["conf"].queries["u#q2"]
    assert answer.confidences is not None and len(answer.confidences) == len(answer.ranked)
    floors = {r["floor"]: r for r in result.abstention}
    assert floors[0.0]["abstained"] == 0.0 and floors[1.0]["abstained"] == 1.0
    assert floors[1.0]["wrongly_held"] == 1.0
    assert "abstention" in str(result)
    again = SystemRun.from_json("conf", result.runs["conf"].to_json())
    assert again.queries["u#q2"].confidences == answer.confidences


def test_floors_parse_or_fail_naming_the_fix() -> None:
    assert parse_floors("0.2, 0.3") == [0.2, 0.3]
    with pytest.raises(InvalidInput, match="between 0 and 1"):
        parse_floors("0.2,high")
    with pytest.raises(InvalidInput, match="between 0 and 1"):
        parse_floors("1.5")


def test_datasets_mark_unanswerable_questions() -> None:
    sample = {"sample_id": "c", "conversation": {
        "speaker_a": "A", "speaker_b": "B", "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [{"speaker": "A", "dia_id": "D1:1", "text": "I ran a race"}]},
        "qa": [{"question": "What race did A run?", "evidence": ["D1:1"], "category": 4},
               {"question": "What race did B run?", "evidence": ["D1:1"], "category": 5}]}
    unit = sample_unit(sample)
    assert [q.answerable for q in unit.queries] == [True, False]
    question = {"question_id": "q_abs", "question_type": "single-session-user",
                "question": "How long was I in Korea?", "question_date": "",
                "haystack_session_ids": ["s1"], "haystack_dates": [""],
                "haystack_sessions": [[{"role": "user", "content": "I stayed in Japan"}]],
                "answer_session_ids": ["s1"]}
    assert question_unit(question).queries == []
    asked = question_unit(question, abstention=True).queries
    assert len(asked) == 1 and not asked[0].answerable and asked[0].relevant == frozenset()
