"""``cognimem eval`` on fixture data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognimem.cli.app import main
from cognimem.cli.eval_cmd import parse_option
from cognimem.errors import InvalidInput
from cognimem.eval import read_run


def test_eval_compares_systems_and_writes_runs(locomo_file: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    status = main(["eval", "--dataset", "locomo", "-o", f"path={locomo_file}",
                   "--profile", "bm25", "--profile", "hashed=test", "--baseline", "bm25",
                   "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                   "--no-progress", "--trials", "200"])
    assert status == 0
    printed = capsys.readouterr().out
    assert "locomo: headline figures" in printed and "hashed" in printed
    assert "multi-hop" in printed and "adversarial" in printed
    run = read_run(out / "bm25.trec")
    assert set(run) == {"conv-a#0", "conv-a#1", "conv-a#4", "conv-a#6", "conv-b#0", "conv-b#1"}
    assert run["conv-a#0"][0][0] == "conv-a#D1:1"
    assert (out / "hashed.trec").is_file() and (out / "significance.csv").is_file()


def test_eval_prints_json_and_reuses_cached_runs(locomo_file: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    args = ["eval", "--dataset", "locomo", "-o", f"path={locomo_file}", "--profile", "bm25",
            "--metric", "R@5,MRR@20", "--limit", "1", "--json", "--no-progress",
            "--cache-dir", str(tmp_path)]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["metrics"] == ["R@5", "MRR@20"]
    assert first["rows"][0]["n"] == 3 and not first["rows"][0]["cached"]
    assert second["rows"][0]["cached"]
    assert second["rows"][0]["R@5"] == first["rows"][0]["R@5"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["eval", "--dataset", "nope", "--profile", "bm25"], "installed datasets"),
        (["eval", "--dataset", "locomo", "--profile", "bm25", "--baseline", "x"],
         "Unknown baseline"),
        (["eval", "--dataset", "locomo", "--profile", "bm25", "--store", "/tmp/x"],
         "does not take --store"),
        (["--profile", "bm25", "eval", "--dataset", "locomo", "--profile", "test"],
         "after `eval`"),
        (["eval", "--dataset", "locomo", "-o", "limit"], "KEY=VALUE"),
    ],
    ids=["dataset", "baseline", "store", "global-profile", "option"],
)
def test_bad_input_exits_2_with_the_fix(argv: list[str], message: str, locomo_file: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "-o", f"path={locomo_file}", "--no-progress", "--no-cache"]) == 2
    assert message in capsys.readouterr().err.replace("\n", " ")


def test_dataset_options_are_read_as_json_when_they_parse() -> None:
    assert parse_option("limit=2") == ("limit", 2)
    assert parse_option("adversarial=false") == ("adversarial", False)
    assert parse_option("path=/data/x.json") == ("path", "/data/x.json")
    with pytest.raises(InvalidInput):
        parse_option("=3")
