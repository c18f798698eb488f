"""``cognimem bench``: arguments, the table, JSON, Markdown, --out, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.cli.bench_cmd import parse_sizes
from cognimem.errors import InvalidInput

TINY = ["bench", "--sizes", "30", "--stacks", "memory", "--queries", "4", "--cold-starts", "0",
        "--embedder", "hash", "--embedder-texts", "4", "--in-process"]


def test_parse_sizes_accepts_plain_and_k_suffixed_counts() -> None:
    assert parse_sizes("1000,10k, 100_000") == [1000, 10_000, 100_000]
    for bad in ("", "ten", "0", "-5", ","):
        with pytest.raises(InvalidInput, match="--sizes"):
            parse_sizes(bad)


def test_json_output_and_out_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "docs" / "benchmarks-data.json"
    assert main([*TINY, "--json", "--out", str(out)]) == 0
    printed = json.loads(capsys.readouterr().out)
    saved = json.loads(out.read_text())
    assert printed["runs"][0]["size"] == 30 and printed["runs"][0]["stack"] == "memory"
    assert printed["runs"][0]["search"]["p50_ms"] > 0
    assert saved["runs"] == printed["runs"]
    assert saved["command"].startswith("cognimem ")
    assert {t["target"] for t in saved["targets"]} == {
        "search_p50_ms", "ingest_per_s", "cold_start_s"}


def test_table_output_shows_runs_targets_and_embedder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(TINY) == 0
    out = capsys.readouterr().out
    assert "cognimem bench" in out and "memory" in out
    assert "targets of the embedded default" in out
    assert "embedder hash" in out


def test_markdown_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TINY, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Command:")
    assert "| memories | stack |" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--sizes", "lots"], "--sizes"),
    (["--stacks", "lancedb,teapot"], "teapot"),
    (["--queries", "0"], "queries"),
    (["--ann-threshold", "-1"], "--ann-threshold"),
])
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", *args]) == 2
    assert message in capsys.readouterr().err
