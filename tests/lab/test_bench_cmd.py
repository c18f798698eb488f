"""``cognimem bench``: arguments, the table, JSON, Markdown, --out, and bad input; many
agents through the daemon (``--agents``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.errors import InvalidInput
from cognimem_lab.cli import parse_agents, parse_sizes

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
    printed = capsys.readouterr()
    assert message in printed.err
    assert "Traceback" not in printed.err and not printed.out  # nothing ran


def test_parse_agents_accepts_spaces_and_commas() -> None:
    assert parse_agents(["1", "8,32"]) == [1, 8, 32]
    for bad in ([""], ["0"], ["257"], ["two"], ["1", "-3"]):
        with pytest.raises(InvalidInput, match="--agents"):
            parse_agents(bad)


@pytest.mark.parametrize(("args", "message"), [
    (["--agents", "0"], "--agents: 0 must be 1 to 256"),
    (["--agents", "lots"], "is not a number of agents"),
    (["--agents", "2", "--store", "somewhere"], "drop --store"),
    (["--agents", "2", "--markdown"], "use --json"),
    (["--agents", "2", "--profile", "no-such-profile.toml"], "does not exist"),
    (["--agents", "2", "--seconds", "0"], "--seconds"),
    (["--agents", "2", "--pause", "-1"], "--pause"),
    (["--agents", "2", "--memories", "-5"], "--memories"),
])
def test_bad_agent_runs_exit_2_before_starting_anything(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", *args]) == 2
    printed = capsys.readouterr()
    assert message in printed.err
    assert "Traceback" not in printed.err and not printed.out  # nothing ran


def test_many_agents_through_the_daemon_one_json_line_per_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "load.json"
    assert main(["bench", "--agents", "2", "--seconds", "0.5", "--memories", "3", "--via",
                 "tools", "--ping", "5", "--profile", "test", "--json",
                 "--out", str(out)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    host, ping, run = lines
    assert host["profile"] == ["test"] and host["cores"] >= 1
    assert host["query_pass_cpu_ms"] >= 0  # the hash embedder's pass: well under 0.1 ms
    assert host["memory_read_gb_s"] > 0
    assert ping["ping"]["calls"] == 5 and ping["ping"]["p50_us"] > 0
    assert run["agents"] == 2 and run["via"] == "tools"
    assert run["ops"] > 0 and run["ops_per_s"] > 0
    assert 0 < run["remember_p50_ms"] <= run["remember_p95_ms"]
    assert 0 < run["recall_p50_ms"] <= run["recall_p95_ms"]
    assert run["write_groups"] >= 1  # every remember went through the daemon's groups
    assert json.loads(out.read_text()) == lines
