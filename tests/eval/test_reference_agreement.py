"""cognimem's metrics agree with the reference scorer in shared/bench/score on the same run.

Needs the benchmark folder next to the repository (``../shared/bench``); skipped without it.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cognimem.eval import compare

SHARED = Path(__file__).resolve().parents[3] / "shared"
BENCH = SHARED / "bench"
SCORE = BENCH / "score"
LOCOMO = BENCH / "locomo" / "locomo_dev.json"
LME = BENCH / "longmemeval" / "longmemeval_s_dev.json.gz"

pytestmark = pytest.mark.skipif(
    not (SCORE / "score_run.py").is_file() or not LOCOMO.is_file() or not LME.is_file(),
    reason=f"the reference benchmark folder {BENCH} is absent (it lives next to the repo as "
           "../shared/bench); these tests cross-check cognimem against its scorer",
)


@pytest.fixture(scope="module")
def reference() -> dict[str, ModuleType]:
    """The reference scorer's modules, imported from shared/bench/score."""
    sys.path.insert(0, str(SCORE))
    try:
        import locomo
        import longmemeval
    finally:
        sys.path.remove(str(SCORE))
    return {"locomo": locomo, "lme": longmemeval}


def score_run_cli(kind: str, data: Path, run: Path) -> dict[str, float]:
    """The headline line of score_run.py's output, parsed."""
    out = subprocess.run([sys.executable, str(SCORE / "score_run.py"), kind, str(data), str(run)],
                         capture_output=True, text=True, check=True).stdout
    first = out.splitlines()[0]
    figures = {k: float(v) for k, v in re.findall(r"(\S+)=([0-9.]+)", first)}
    figures["n"] = float(re.search(r"n=(\d+)", first).group(1))  # type: ignore[union-attr]
    return figures


def test_locomo_agrees(reference: dict[str, ModuleType], tmp_path: Path) -> None:
    result = compare(["bm25"], "locomo", limit=1, cache=False, save_dir=tmp_path,
                     dataset_options={"path": str(LOCOMO)})
    samples = [s for s in json.loads(LOCOMO.read_text()) if s["sample_id"] == "conv-30"]
    run = reference["locomo"].read_run(tmp_path / "bm25.trec")
    overall, n, per = reference["locomo"].score(samples, run)
    row = result.row("bm25")
    assert row["n"] == n > 50
    assert set(overall) <= set(result.metrics)
    for name, value in overall.items():
        assert row[name] == pytest.approx(value, abs=1e-12), name
    categories = {r["category"]: r for r in result.per_category}
    for number, (figures, count) in per.items():
        ours = categories[reference["locomo"].CATS[number]]
        assert ours["n"] == count
        for name, value in figures.items():
            assert ours[name] == pytest.approx(value, abs=1e-12), (number, name)
    subset = tmp_path / "conv-30.json"
    subset.write_text(json.dumps(samples))
    printed = score_run_cli("locomo", subset, tmp_path / "bm25.trec")
    assert printed["n"] == n
    for name in ("R@5", "R@10", "Hit@5", "MRR@20", "NDCG@10"):
        assert printed[name] == pytest.approx(row[name], abs=5e-4)


@pytest.mark.parametrize("level", ["session", "turn"])
def test_longmemeval_agrees(reference: dict[str, ModuleType], tmp_path: Path,
                            level: str) -> None:
    result = compare(["bm25"], "longmemeval", limit=4, cache=False, save_dir=tmp_path,
                     dataset_options={"path": str(LME), "level": level})
    asked = {r["qid"] for r in result.perquery}
    with gzip.open(LME, "rt", encoding="utf-8") as data:
        questions: list[dict[str, Any]] = [q for q in json.load(data) if q["question_id"] in asked]
    run = reference["locomo"].read_run(tmp_path / "bm25.trec")
    figures, n = reference["lme"].score(questions, run)
    row = result.row("bm25")
    assert row["n"] == n == 4
    names = {"any": "Hit", "all": "All", "ndcg": "NDCG_lme"}
    for name, value in figures.items():
        measure, _, k = name.partition("@")
        assert row[f"{names[measure]}@{k}"] == pytest.approx(value, abs=1e-12), name
    subset = tmp_path / "lme.json"
    subset.write_text(json.dumps(questions))
    printed = score_run_cli("lme", subset, tmp_path / "bm25.trec")
    assert printed["n"] == n
    assert printed["any@5"] == pytest.approx(row["Hit@5"], abs=5e-4)
    assert printed["ndcg@10"] == pytest.approx(row["NDCG_lme@10"], abs=5e-4)


def test_cli_smoke_on_the_real_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cognimem.cli.app import main

    status = main(["eval", "--dataset", "locomo", "--profile", "bm25", "--limit", "1",
                   "-o", "max_queries=20", "-o", f"path={BENCH}", "--no-progress",
                   "--no-cache", "--json"])
    assert status == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert rows[0]["name"] == "bm25" and 0 < rows[0]["R@10"] <= 1
