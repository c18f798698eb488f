"""compare(): fresh engines per unit, rankings under docids, tables, significance, cache."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cognimem
from cognimem import hookimpl
from cognimem.engine import Engine
from cognimem.errors import InvalidInput, ProfileError
from cognimem.eval import Document, EvalQuery, EvalUnit, compare, read_run
from cognimem.eval.compare import resolve_systems
from cognimem.eval.gold import EVIDENCE_CHARS, gold_of, read_gold
from cognimem.eval.runner import _scored_ranking
from cognimem.models import Hit, Memory, SearchResult
from cognimem.profile import load_profile
from cognimem.registry import Register
from cognimem_plugins.hash_embedder import HashEmbedder

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
ASKED = datetime(2024, 6, 1, 9, 30, tzinfo=UTC)


def tiny_units() -> list[EvalUnit]:
    u1 = EvalUnit("u1", [
        Document("u1#a", "the cat sat on the mat", created_at=T0),
        Document("u1#b", "dogs chase red balls in the park", created_at=T0),
        Document("u1#c", "the cat sat on the mat", created_at=T0),  # same content as u1#a
        Document("u1#d", "violin practice every morning", created_at=T0),
    ], [
        EvalQuery("u1#q1", "where did the cat sit", frozenset({"u1#c"}), category="pets"),
        EvalQuery("u1#q2", "dogs chasing balls", frozenset({"u1#b"}), category="pets"),
        EvalQuery("u1#q3", "morning violin", frozenset({"u1#d"}), category="music",
                  headline=False, asked_at=ASKED),
    ])
    u2 = EvalUnit("u2", [Document("u2#a", "a cat named Tom")], [
        EvalQuery("u2#q1", "cat on the mat", frozenset({"u2#a"}), category="music"),
    ])
    return [u1, u2]


def run(**kwargs: Any) -> cognimem.eval.CompareResult:
    params: dict[str, Any] = {"cache": False}
    params.update(kwargs)
    systems = params.pop("systems", {"bm25": "bm25", "test": "test"})
    return compare(systems, tiny_units(), **params)


def test_one_row_per_system_over_headline_queries() -> None:
    result = run(metrics=["R@1", "Hit@3"])
    assert [r["name"] for r in result.rows] == ["bm25", "test"]
    row = result.row("bm25")
    assert row["n"] == 3  # u1#q3 is not a headline query
    assert set(row) >= {"R@1", "Hit@3", "p50_ms", "p95_ms", "ingest_s", "docs_per_s"}
    assert row["Hit@3"] == 1.0
    assert row["memories"] == 4  # u1#a and u1#c collapse into one memory (dedup)
    assert len(result.perquery) == 8
    assert {r["category"] for r in result.per_category} == {"pets", "music"}
    music = next(r for r in result.per_category if r["name"] == "bm25" and r["category"] == "music")
    assert music["n"] == 2  # per-category rows count non-headline queries too


def test_a_collapsed_memory_is_reported_under_every_docid() -> None:
    ranking = run(systems=["bm25"]).runs["bm25"].queries["u1#q1"].ids
    assert ranking[:2] == ["u1#a", "u1#c"]


def test_units_never_see_each_other() -> None:
    ranking = run(systems=["bm25"]).runs["bm25"].queries["u2#q1"].ids
    assert ranking == ["u2#a"]


class Watcher:
    """Records accesses and the clock at every search."""

    def __init__(self) -> None:
        self.accessed = 0
        self.times: dict[str, datetime] = {}

    @hookimpl
    def cognimem_memories_accessed(self, hits: list[Hit], query: object, engine: Engine) -> None:
        self.accessed += 1

    @hookimpl
    def cognimem_search_finished(self, result: SearchResult, engine: Engine) -> None:
        self.times[result.query.text] = engine.now()


def test_queries_record_no_access_and_run_at_their_time() -> None:
    watcher = Watcher()
    run(systems=["bm25"], plugins=[watcher])
    assert watcher.accessed == 0
    assert watcher.times["morning violin"] == ASKED
    assert watcher.times["dogs chasing balls"] == T0  # the newest document's time
    assert watcher.times["cat on the mat"] == datetime(2025, 1, 1, tzinfo=UTC)  # undated unit


def test_significance_against_a_baseline() -> None:
    result = run(metrics=["R@1", "MRR@10"], baseline="bm25", trials=500)
    assert [(s["name"], s["metric"]) for s in result.significance] == [
        ("test", "R@1"), ("test", "MRR@10")]
    for row in result.significance:
        assert 0 < row["p"] <= row["p_adjusted"] <= 1
        assert row["improved"] + row["degraded"] <= 3
        assert row["delta"] == pytest.approx(row["mean"] - row["baseline_mean"])


def test_unknown_arguments_fail_loudly() -> None:
    with pytest.raises(TypeError, match="Unknown kwargs: perquerry"):
        compare(["bm25"], tiny_units(), perquerry=True)
    with pytest.raises(ValueError, match=r"Unknown baseline 'rrf'\. Valid options are: bm25"):
        run(systems=["bm25"], baseline="rrf")
    with pytest.raises(InvalidInput, match="unknown correction"):
        run(systems=["bm25"], correction="fdr")
    with pytest.raises(InvalidInput, match="unknown metric"):
        run(systems=["bm25"], metrics=["P@5"])


def test_systems_are_named_and_layered() -> None:
    profiles = resolve_systems(["bm25", "mine=test+bm25"])
    assert list(profiles) == ["bm25", "mine"]
    assert profiles["mine"].vectors is None and profiles["mine"].records.use == "memory"
    with pytest.raises(InvalidInput, match="two systems are named 'bm25'"):
        resolve_systems(["bm25", "bm25"])
    with pytest.raises(ProfileError, match="system 'x'"):
        resolve_systems({"x": "no-such-profile"})


def test_runs_are_cached_until_something_changes(tmp_path: Path) -> None:
    first = run(systems=["bm25"], cache=True, cache_dir=tmp_path)
    again = run(systems=["bm25"], cache=True, cache_dir=tmp_path)
    assert not first.rows[0]["cached"] and again.rows[0]["cached"]
    assert again.runs["bm25"].rankings() == first.runs["bm25"].rankings()
    changed = compare({"bm25": "bm25"}, tiny_units(), cache_dir=tmp_path,
                      k=5)  # another depth is another run
    assert not changed.rows[0]["cached"]
    tuned = cognimem.profile.load_profile("bm25", overrides={"lexical": {"use": "bm25", "k1": 0.9}})
    assert not compare({"bm25": tuned}, tiny_units(), cache_dir=tmp_path).rows[0]["cached"]
    other_units = tiny_units()
    other_units[1].documents[0] = Document("u2#a", "a cat named Tim")
    assert not compare(["bm25"], other_units, cache_dir=tmp_path).rows[0]["cached"]


def test_save_dir_holds_runs_and_tables(tmp_path: Path) -> None:
    result = run(baseline="bm25", save_dir=tmp_path, trials=200)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["aggregated.csv", "bm25.trec", "evidence.jsonl", "per_category.csv",
                     "perquery.csv", "qrels.txt", "significance.csv", "test.trec"]
    assert read_run(tmp_path / "bm25.trec") == result.runs["bm25"].rankings()
    assert (tmp_path / "aggregated.csv").read_text().startswith("name,n,")
    assert "u1#q3" in (tmp_path / "perquery.csv").read_text()


def test_the_gold_is_saved_with_its_evidence(tmp_path: Path) -> None:
    run(save_dir=tmp_path)
    qrels = (tmp_path / "qrels.txt").read_text().splitlines()
    assert sorted(qrels) == ["u1#q1 0 u1#c 1", "u1#q2 0 u1#b 1", "u1#q3 0 u1#d 1",
                             "u2#q1 0 u2#a 1"]  # TREC qrels, as trec_eval reads them
    gold = read_gold(tmp_path)
    assert gold["u1#q2"] == {"question": "dogs chasing balls",
                             "gold": {"u1#b": "dogs chase red balls in the park"}}
    (tmp_path / "evidence.jsonl").unlink()  # qrels alone: the ids, no text
    assert read_gold(tmp_path)["u2#q1"] == {"question": "", "gold": {"u2#a": ""}}
    (tmp_path / "qrels.txt").write_text("u1#q1 u1#c\n")
    with pytest.raises(InvalidInput, match=r"qrels\.txt:1"):
        read_gold(tmp_path)


def test_gold_evidence_keeps_a_raw_line_separator(tmp_path: Path) -> None:
    line = {"qid": "q1", "question": "a\u2028b", "gold": {"d1": "said\u2029there"}}
    (tmp_path / "evidence.jsonl").write_text(json.dumps(line, ensure_ascii=False) + "\n",
                                             encoding="utf-8")
    assert read_gold(tmp_path) == {"q1": {"question": "a\u2028b",
                                          "gold": {"d1": "said\u2029there"}}}


def test_gold_evidence_is_the_text_scored_under_the_id() -> None:
    units = [EvalUnit("u", [Document("t1", "first turn", rollup="s1"),
                            Document("t2", "second turn " * 200, rollup="s1"),
                            Document("t3", "elsewhere", rollup="s2")],
                      [EvalQuery("q", "what was said", frozenset({"s1"}))])]
    [(qid, item)] = gold_of(units, [("u", units[0].queries[0])]).items()
    text = item["gold"]["s1"]
    assert qid == "q" and text.startswith("first turn … second turn")
    assert len(text) == EVIDENCE_CHARS and text.endswith("…") and "elsewhere" not in text


def test_text_rendering_names_every_system() -> None:
    text = str(run(baseline="bm25", trials=200))
    assert "bm25" in text and "test" in text and "per category" in text


def _memory(memory_id: str, provenance: list[str] | None = None) -> Memory:
    return Memory(id=memory_id, content="x", created_at=T0, updated_at=T0,
                  provenance=provenance or [])


def test_derived_memories_are_reported_under_their_sources() -> None:
    owners = {"m1": ["u#a"], "m2": ["u#b", "u#c"]}
    hits = [Hit(memory=_memory("m9", ["m2", "m1"]), score=3.0),
            Hit(memory=_memory("m1"), score=2.0),
            Hit(memory=_memory("m7"), score=1.0)]
    assert _scored_ranking(hits, owners, "u") == [
        ("u#b", 3.0), ("u#c", 3.0), ("u#a", 3.0), ("u#memory-m7", 1.0)]


def test_rollup_keeps_each_scored_id_once() -> None:
    unit = EvalUnit("r", [
        Document("r#0:0", "apples and pears", rollup="r#0"),
        Document("r#0:1", "apples again", rollup="r#0"),
        Document("r#1:0", "apples in a pie", rollup="r#1"),
    ], [EvalQuery("r", "apples", frozenset({"r#1"}))])
    result = compare(["bm25"], [unit], cache=False, metrics=["Hit@2", "R@1"])
    assert sorted(result.runs["bm25"].queries["r"].ids) == ["r#0", "r#1"]
    assert result.rows[0]["Hit@2"] == 1.0


class CountingEmbedder(HashEmbedder):
    """The hash embedder, counting the texts it embeds."""

    name = "counting"
    texts = 0

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        type(self).texts += len(texts)
        return super().embed_batch(texts)


class CountingPlugin:
    @hookimpl
    def cognimem_register_embedders(self, register: Register) -> None:
        register(CountingEmbedder)


def test_shared_embeddings_embed_each_text_once() -> None:
    counting = load_profile("test", overrides={"embedder": {"use": "counting"}})
    systems = {"one": counting, "two": counting.model_copy(update={"seed": 1})}
    CountingEmbedder.texts = 0
    alone = compare(systems, tiny_units(), cache=False, plugins=[CountingPlugin()])
    unshared = CountingEmbedder.texts
    CountingEmbedder.texts = 0
    shared = compare(systems, tiny_units(), cache=False, plugins=[CountingPlugin()],
                     share_embeddings=True)
    distinct = {d.content for u in tiny_units() for d in u.documents} | {
        q.text for u in tiny_units() for q in u.queries}
    assert CountingEmbedder.texts == len(distinct) < unshared
    assert shared.runs["two"].rankings() == alone.runs["two"].rankings()
    assert shared.rows[1]["shared_embeddings"] and not alone.rows[1]["shared_embeddings"]


def test_progress_is_drawn_on_stderr(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run(systems=["bm25"], progress=True, cache=True, cache_dir=tmp_path)
    drawn = capsys.readouterr()
    assert "bm25: ingest" in drawn.err and "bm25: queries" in drawn.err
    assert "bm25" not in drawn.out
    run(systems=["bm25"], progress=True, cache=True, cache_dir=tmp_path)
    assert "cached run reused" in capsys.readouterr().err
