"""``cognimem_lab`` (the benchmark harness): the corpus, the stand-in embedder, one run, cold
start, the whole benchmark at tiny sizes, targets and the Markdown report. No timing
assertions: only that the numbers exist and are sane."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.errors import InvalidInput
from cognimem.plugins import PluginHost
from cognimem.profile import load_profile
from cognimem_lab import STACKS, BenchConfig, check_targets, markdown, run_bench
from cognimem_lab.coldstart import measure_cold_start
from cognimem_lab.corpus import generate_memories, generate_queries, iter_memories
from cognimem_lab.embedder import measure_embedder
from cognimem_lab.growth import growth
from cognimem_lab.measure import Making, RunSpec, measure_stack, percentile
from cognimem_lab.report import describe_pipeline
from cognimem_lab.run import targets_for
from cognimem_lab.stacks import parse_stacks, pipeline_of, resolve, stack_profile
from cognimem_lab.standin import WORDS_KEPT, StandInEmbedder, word_vector

# --- corpus -------------------------------------------------------------------------------------


def test_corpus_is_deterministic_and_distinct() -> None:
    first = generate_memories(300, seed=3)
    assert first == generate_memories(300, seed=3)
    assert first != generate_memories(300, seed=4)
    assert len({m.content for m in first}) == 300
    assert generate_memories(100, seed=3) == first[:100]  # a smaller corpus is a prefix


def test_streamed_corpus_is_the_same_corpus() -> None:
    # the benchmark streams its corpus (#45); figures compare across runs only if the
    # memories stay the ones the list form always made (this digest is of the corpus before
    # the stream existed)
    import hashlib

    streamed = list(iter_memories(5000, seed=7))
    text = "\n".join(m.content for m in streamed).encode()
    assert hashlib.sha256(text).hexdigest()[:16] == "522652e7e7670d49"
    assert streamed == generate_memories(5000, seed=7)


def test_making_hands_out_chunks_and_counts_its_own_time() -> None:
    made = Making(iter_memories(250, seed=3))
    sizes = []
    while drafts := made.chunk(100):
        sizes.append(len(drafts))
    assert sizes == [100, 100, 50]
    assert made.cpu_s > 0 and made.wall_s > 0


def test_corpus_has_a_long_tailed_vocabulary() -> None:
    corpus = generate_memories(2000)
    counts = Counter(w.lower() for m in corpus for w in re.findall(r"[^\W_]+", m.content))
    assert len(counts) > 2000
    singletons = sum(1 for c in counts.values() if c == 1)
    assert singletons > len(counts) / 4  # many rare terms (hashes, tickets, names)
    top = counts.most_common(1)[0][1]
    assert top > 50 * sorted(counts.values())[len(counts) // 2]  # and a few very common ones


def test_corpus_carries_kinds_tags_titles_and_scopes() -> None:
    corpus = generate_memories(500)
    assert len({m.kind for m in corpus}) >= 5
    assert any(m.tags for m in corpus) and any(not m.tags for m in corpus)
    assert any(m.title for m in corpus)
    assert len({m.project for m in corpus}) >= 5
    draft = corpus[0].draft()
    assert set(draft) == {"content", "kind", "tags", "title", "scope"}


def test_queries_come_from_the_corpus_words() -> None:
    corpus = generate_memories(200)
    queries = generate_queries(corpus, 50)
    assert len(queries) == 50 and queries == generate_queries(corpus, 50)
    vocabulary = {w.lower() for m in corpus for w in re.findall(r"[^\W_]+", m.content)}
    for query in queries:
        words = [w.lower() for w in re.findall(r"[^\W_]+", query)]
        assert any(w in vocabulary for w in words), query
    assert generate_queries([], 5) == []


# --- pieces -------------------------------------------------------------------------------------


def test_standin_embedder_is_deterministic_normalised_and_timed() -> None:
    embedder = StandInEmbedder()
    vectors = embedder.embed_batch(["the parser crashed", "the parser crashed", "", "x y z"])
    assert vectors.shape == (4, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(vectors[0], vectors[1])
    similar = embedder.embed("the parser crashed again") @ vectors[0]
    unrelated = embedder.embed("lunch at noon with Maria") @ vectors[0]
    assert similar > unrelated
    assert embedder.seconds > 0 and embedder.texts == 6
    assert np.array_equal(StandInEmbedder().embed("x y z"), vectors[3])


def test_standin_keeps_a_bounded_number_of_word_vectors_and_remakes_the_same() -> None:
    """#45: the stand-in's word vectors, all kept, grew with the corpus's vocabulary (~0.6 GB
    at a million memories, counted in the ingest's peak)."""
    first = word_vector("zebra", 16).copy()
    StandInEmbedder(StandInEmbedder.Options(dim=16)).embed_batch(
        [" ".join(f"w{i}x{j}" for j in range(64)) for i in range(WORDS_KEPT // 32)])
    info = word_vector.cache_info()
    assert info.maxsize == WORDS_KEPT and info.currsize <= WORDS_KEPT
    assert np.array_equal(word_vector("zebra", 16), first)  # evicted, made again the same


def test_percentile_interpolates() -> None:
    assert percentile([], 50) == 0.0
    assert percentile([3.0], 95) == 3.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([float(i) for i in range(101)], 95) == 95.0


def test_stacks_parse_and_fall_back_when_a_store_is_missing() -> None:
    assert [s.name for s in parse_stacks("lancedb, exact")] == ["lancedb", "exact"]
    with pytest.raises(InvalidInput, match="choose from"):
        parse_stacks("lancedb,nope")
    stack, notes = resolve(STACKS["exact"], {"records": {"memory"}, "lexical": {"tantivy"},
                                             "vectors": {"exact"}})
    assert stack.records == "memory" and not stack.persistent and notes
    with pytest.raises(InvalidInput, match="not installed"):
        resolve(STACKS["lancedb"], {"records": {"memory"}, "lexical": set(), "vectors": set()})


def test_stack_profile_builds_the_hybrid_pipeline(tmp_path: Path) -> None:
    profile = stack_profile(STACKS["lancedb"], tmp_path, dim=32)
    assert profile.records.use == "duckdb" and profile.vectors is not None
    assert profile.vectors.use == "lancedb" and profile.embedder is not None
    assert profile.embedder.options == {"dim": 32}
    assert [r.use for r in profile.retrieve] == ["bm25", "vector"]
    assert profile.store_path() == tmp_path


def test_stack_profile_runs_the_selected_profiles_pipeline(tmp_path: Path) -> None:
    default = stack_profile(STACKS["exact"], tmp_path, dim=32,
                            pipeline=pipeline_of(load_profile("default", environ=False)))
    assert [r.use for r in default.rank] == ["actr", "whowhen", "supersession", "validity",
                                             "anchors"]
    assert default.vectors is not None and default.vectors.use == "exact"
    assert default.embedder is not None and default.embedder.use != "minilm"  # the stand-in
    tuned = load_profile("rrf", overrides={"search": {"rerank_depth": 7}}, environ=False)
    plain = stack_profile(STACKS["exact"], tmp_path, dim=32, pipeline=pipeline_of(tuned))
    assert plain.rank == [] and plain.search.rerank_depth == 7
    assert describe_pipeline(pipeline_of(default)) == (
        "bm25 + vector fused by window_rrf, reranked by actr, whowhen, supersession, validity, "
        "anchors")


def _installed(stack: str) -> Any:
    host = PluginHost()
    available = {k: set(host.components(k)) for k in ("records", "lexical", "vectors")}
    return resolve(STACKS[stack], available)[0]


@pytest.mark.parametrize("stack", ["lancedb", "hnsw", "exact", "memory"])
def test_one_run_measures_ingest_search_floor_memory_and_disk(stack: str, tmp_path: Path) -> None:
    resolved = _installed(stack)
    spec = RunSpec(stack=asdict(resolved), size=120, store=str(tmp_path / "store"), queries=12,
                   dim=32)
    result = measure_stack(spec)
    assert result["ingest"]["memories"] == 120
    assert result["ingest"]["per_s"] > 0 and result["ingest"]["embed_s"] > 0
    assert result["ingest"]["store_s"] <= result["ingest"]["wall_s"]
    assert 0 < result["ingest"]["store_cpu_s"] <= result["ingest"]["cpu_s"]
    assert result["ingest"]["per_cpu_s"] > 0
    search = result["search"]
    assert search["n"] == 12 and 0 < search["p50_ms"] <= search["p95_ms"] <= search["max_ms"]
    assert search["scoped"]["n"] == 3
    assert 0 < search["cpu_p50_ms"] <= search["cpu_p95_ms"]
    assert search["no_access_p50_ms"] > 0
    assert result["optimize_s"] >= 0
    assert "retrieve:bm25" in search["stages_p50_ms"]
    assert result["bm25_floor"]["n"] == 12 and result["bm25_floor"]["p50_ms"] > 0
    assert result["memory"]["rss_mb"] > 0
    if resolved.persistent:
        assert result["disk"]["total_mb"] > 0
        assert {"lexical"} <= set(result["disk"]["parts_mb"])
        lines = (tmp_path / "store.ingest.jsonl").read_text(encoding="utf-8").splitlines()
        progress = json.loads(lines[-1])  # the ingest's progress, a line per chunk
        assert progress["memories"] == 120 and progress["peak_rss_mb"] > 0
        assert 0 < progress["store_cpu_s"] <= progress["cpu_s"]
    else:
        assert "disk" not in result


@pytest.mark.parametrize("stack", ["lancedb", "hnsw"])
def test_cold_start_opens_the_store_in_a_fresh_process(tmp_path: Path, stack: str) -> None:
    resolved = _installed(stack)
    assert resolved.persistent, "the duckdb record store ships with cognimem"
    store = tmp_path / "store"
    measure_stack(RunSpec(stack=asdict(resolved), size=50, store=str(store), queries=3, dim=32))
    profile = stack_profile(resolved, store, dim=32).model_dump(mode="json", exclude_none=True)
    cold = measure_cold_start(profile, "parser config")
    assert cold["hits"] > 0
    assert 0 < cold["interpreter_s"] < cold["cold_start_s"]
    assert cold["open_s"] > 0 and cold["first_search_ms"] > 0 and cold["cpu_s"] > 0
    assert 0 < cold["rss_mb"] <= cold["peak_rss_mb"]


def test_embedder_speed_is_measured_or_skipped_with_a_reason() -> None:
    measured = measure_embedder("hash", texts=16, queries=4)
    assert measured["bulk_texts"] == 16 and measured["bulk_per_s"] > 0
    assert measured["query_p50_ms"] > 0 and measured["dimension"] == 64
    assert "not installed" in measure_embedder("no-such-embedder")["skipped"]


# --- the whole benchmark ------------------------------------------------------------------------


def test_run_bench_at_tiny_sizes_returns_sane_results(tmp_path: Path) -> None:
    config = BenchConfig(sizes=[40, 80], stacks=["exact", "memory"], queries=6, dim=32,
                         cold_starts=1, embedder="hash", embedder_texts=8, isolate=False,
                         directory=str(tmp_path / "runs"))
    messages: list[str] = []
    results = run_bench(config, progress=messages.append)
    assert [(r["size"], r["stack"]) for r in results["runs"]] == [
        (40, "exact"), (40, "memory"), (80, "exact"), (80, "memory")]
    assert messages and results["embedder"]["embedder"] == "hash"
    assert any("stand-in embedder" in note for note in results["notes"])
    persistent = results["runs"][2]
    if _installed("exact").persistent:
        assert persistent["cold_start"]["cold_start_s"] > 0
        assert len(persistent["cold_start"]["runs_s"]) == 1
    assert "cold_start" not in results["runs"][3]
    targets = results["targets"]
    assert {t["stack"] for t in targets} == {"exact", "memory"}
    assert all(t["size"] == 80 for t in targets)
    ingest = next(t for t in targets if t["target"] == "ingest_per_s" and t["stack"] == "memory")
    assert ingest["met"] == (ingest["value"] >= 1000)
    assert (tmp_path / "runs" / "exact-80").is_dir()  # kept: a directory was given


def test_isolated_runs_report_their_own_memory(tmp_path: Path) -> None:
    config = BenchConfig(sizes=[30], stacks=["memory"], queries=3, dim=16, cold_starts=0,
                         embedder=None, isolate=True)
    results = run_bench(config)
    run = results["runs"][0]
    assert run["isolated"] is True and run["memory"]["peak_rss_mb"] >= run["memory"]["rss_mb"]


def test_bad_configs_are_refused() -> None:
    for bad in (BenchConfig(sizes=[0]), BenchConfig(sizes=[]), BenchConfig(queries=0),
                BenchConfig(stacks=["mystery"]), BenchConfig(cold_starts=-1)):
        with pytest.raises(InvalidInput):
            run_bench(bad)


def test_targets_and_markdown() -> None:
    runs = [
        {"stack": "lancedb", "size": 100_000, "components": "duckdb + tantivy + lancedb",
         "ingest": {"per_s": 1500.0, "per_cpu_s": 2000.0},
         "search": {"p50_ms": 12.5, "cpu_p50_ms": 6.0, "p95_ms": 20.0,
                    "scoped": {"p50_ms": 9.0}},
         "bm25_floor": {"p50_ms": 1.0, "p95_ms": 2.0},
         "memory": {"rss_mb": 300.0, "peak_rss_mb": 400.0}, "disk": {"total_mb": 250.0},
         "cold_start": {"cold_start_s": 1.5, "cpu_s": 0.9}},
        {"stack": "lancedb", "size": 1000, "components": "duckdb + tantivy + lancedb",
         "ingest": {"per_s": 10.0}, "search": {"p50_ms": 99.0}},
    ]
    results = {"runs": runs, "config": {"queries": 10, "k": 10}, "machine": {"cpus": 2},
               "embedder": {"embedder": "minilm", "skipped": "weights missing"}, "notes": []}
    targets = check_targets(results)
    assert {t["target"]: t["met"] for t in targets} == {
        "search_p50_ms": False, "ingest_per_s": True, "cold_start_s": True}
    assert {t["target"]: t["cpu_met"] for t in targets} == {
        "search_p50_ms": True, "ingest_per_s": True, "cold_start_s": True}
    results["targets"] = targets
    text = markdown(results, command="cognimem bench --sizes 100000")
    assert "cognimem bench --sizes 100000" in text
    assert "| 100,000 |" in text and "MISSED (met on CPU time)" in text
    assert "12.50 (6.00)" in text
    assert "skipped (weights missing)" in text


def test_targets_at_a_million_memories_are_the_million_targets() -> None:
    run = {"stack": "hnsw", "size": 1_000_000,
           "search": {"p50_ms": 17.9, "cpu_p50_ms": 9.5, "p95_ms": 38.7, "cpu_p95_ms": 19.0},
           "ingest": {"per_s": 1100.0}, "cold_start": {"cold_start_s": 2.15}}
    targets = check_targets({"runs": [run]})  # #45's table
    assert [(t["target"], t["limit"], t["met"], t["cpu_met"]) for t in targets] == [
        ("search_p50_ms", 10.0, False, True), ("search_p95_ms", 20.0, False, True),
        ("ingest_per_s", 1000.0, True, None), ("cold_start_s", 2.0, False, None)]
    run["search"]["p50_ms"] = 9.0
    assert check_targets({"runs": [run]})[0]["met"] is True
    assert targets_for(20_000)[0].stated_at == 100_000
    assert {t.stated_at for t in targets_for(500_000)} == {100_000}


def test_ann_recall_compares_configurations_with_exact_search() -> None:
    from cognimem_lab.ann_recall import measure

    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((420, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    rows = list(measure(vectors, 400, 20, [{"ann_threshold": 0},
                                           {"ann_threshold": 1, "num_partitions": 4}]))
    flat, ann = rows
    assert flat["ann_index"] is False and flat["all"]["recall@10"] == 1.0
    assert flat["scoped"]["recall@10"] == 1.0
    assert ann["ann_index"] is True and 0.5 <= ann["all"]["recall@10"] <= 1.0
    assert ann["scoped"]["p50_ms"] > 0
    with pytest.raises(ValueError, match="need"):
        list(measure(vectors, 500, 20, [{}]))


def test_ann_recall_scores_the_top_k_of_a_deeper_search() -> None:
    """``search_k``: the index is asked for more (as the vector retriever asks for 100) and
    its top k is scored; a graph searched exactly (hnsw below exact_below) is exact."""
    from cognimem_lab.ann_recall import measure

    rng = np.random.default_rng(1)
    vectors = rng.standard_normal((330, 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    (row,) = measure(vectors, 300, 30, [{}], index="hnsw", k=5, search_k=50)
    assert row["all"]["recall@5"] == 1.0 and row["scoped"]["recall@5"] == 1.0
    assert row["all"]["cpu_p50_ms"] >= 0


def test_growth_shows_how_each_stage_grows_from_the_smallest_size() -> None:
    """#45: per stack measured at several sizes, every figure at each size and its ratio to
    the smallest; a stage that scans the store stands out against one that does not."""
    def run(size: int, load: float, fuse: float, per_s: float) -> dict[str, Any]:
        return {"stack": "hnsw", "size": size, "ingest": {"per_s": per_s},
                "search": {"p50_ms": load + fuse + 1.0, "stages_p50_ms": {
                    "load": load, "fuse:rrf": fuse}, "stages_p95_ms": {"load": 2 * load},
                    "scoped": {"p50_ms": 3 * load}}}

    runs = [run(1_000_000, 9.0, 0.2, 500.0), run(100_000, 1.0, 0.2, 1000.0),
            {"stack": "exact", "size": 1000, "search": {"p50_ms": 1.0}}]
    (block,) = growth(runs)  # one size of "exact": nothing to compare
    assert block["stack"] == "hnsw" and block["sizes"] == [100_000, 1_000_000]
    rows = {r["figure"]: r for r in block["rows"]}
    assert rows["stage load p50 ms"]["values"] == [1.0, 9.0]
    assert rows["stage load p50 ms"]["growth"] == [pytest.approx(9.0)]
    assert rows["stage fuse:rrf p50 ms"]["growth"] == [pytest.approx(1.0)]
    assert rows["stage load p95 ms"]["values"] == [2.0, 18.0]  # the tail shows too
    assert rows["scoped search p50 ms"]["growth"] == [pytest.approx(9.0)]
    assert rows["ingest s per 1,000 memories"]["growth"] == [pytest.approx(2.0)]
    assert rows["search p50 ms"]["growth"] == [pytest.approx(10.2 / 2.2)]
    results = {"runs": runs, "config": {"queries": 10, "k": 10}, "machine": {"cpus": 2},
               "notes": []}
    text = markdown(results)
    assert "How each cost grows with the store (hnsw)" in text
    assert "| stage load p50 ms | 1.00 | 9.00 | x9.00 |" in text
