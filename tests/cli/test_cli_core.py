"""The core CLI commands: through the installed ``cognimem`` console script (a subprocess) for
help, plugin and profile listings and error exits, and through ``cognimem.cli.main`` for the
memory commands and their JSON shapes."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cognimem
from cognimem.cli import main

SEEDED_STORE = '''
"""A memory store seeded with two memories, so one in-memory invocation can search."""

from datetime import UTC, datetime

from cognimem import hookimpl
from cognimem.models import Memory, content_hash
from cognimem_plugins.memory_store import MemoryStore


class SeededStore(MemoryStore):
    """The in-memory store with two memories already in it."""

    name = "seeded"

    def open(self, ctx):
        at = datetime(2025, 1, 1, tzinfo=UTC)
        self.put_memories([
            Memory(id=i, content=c, created_at=at, updated_at=at, content_hash=content_hash(c))
            for i, c in [("m-backup", "the nightly database backup runs at 02:00"),
                         ("m-tabs", "alice prefers tabs over spaces")]
        ])


@hookimpl
def cognimem_register_stores(register):
    register(SeededStore)
'''

#: How the seeded profile differs from the in-memory pipeline (``in_memory_profile``).
SEEDED_PROFILE: dict[str, Any] = {"name": "seeded", "plugins": {"files": ["seeded_store.py"]},
                                  "records": {"use": "seeded"}}


def console_script() -> str:
    """The installed ``cognimem`` script: next to this interpreter, else on PATH."""
    beside = Path(sys.executable).parent / "cognimem"
    if beside.is_file():
        return str(beside)
    found = shutil.which("cognimem")
    assert found is not None, "the `cognimem` console script is not installed (pip install -e .)"
    return found


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No COGNIMEM_* variable of the calling shell changes the profile."""
    for key in list(os.environ):
        if key.startswith("COGNIMEM_"):
            monkeypatch.delenv(key)


def run_script(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the console script with ``args``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COGNIMEM_")}
    return subprocess.run([console_script(), *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env, check=False)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``main(args)`` in process: (exit status, stdout, stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    """Run ``main([*args, "--json"])``, expect success and return the parsed JSON."""
    status, out, err = cli(capsys, *args, "--json")
    assert status == 0, err
    return json.loads(out)


# --- through the console script -----------------------------------------------------------------


def test_script_help(tmp_path: Path) -> None:
    done = run_script("--help", cwd=tmp_path)
    assert done.returncode == 0
    for command in ("add", "search", "get", "delete", "list", "plugins", "profiles"):
        assert command in done.stdout
    assert "--profile" in done.stdout


def test_script_plugins_json(tmp_path: Path) -> None:
    done = run_script("plugins", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    by_key = {(r["kind"], r["name"]): r for r in rows}
    for kind, name, plugin in [("records", "memory", "memory"), ("lexical", "bm25", "bm25"),
                               ("retriever", "vector", "retrievers"), ("fuser", "rrf", "fusion")]:
        row = by_key[(kind, name)]
        assert (row["plugin"], row["version"]) == (plugin, cognimem.__version__)
    assert all({"kind", "name", "plugin", "version", "options"} <= set(r) for r in rows)
    assert by_key[("retriever", "bm25")]["options"]["k"]["default"] == 100


def test_script_profiles_json(tmp_path: Path) -> None:
    done = run_script("profiles", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    names = [r["name"] for r in rows]
    assert {"default", "memory", "test"} <= set(names)
    assert names == sorted(names)
    assert all(r["description"] and Path(r["path"]).is_file() for r in rows)


BAD_PROFILES = [
    pytest.param('[[rank]]\nuse = "no_such_ranker"\n',
                 ["`rank[0].use`", "'no_such_ranker'", "choose one of"], id="unknown-ranker"),
    pytest.param('[[retrieve]]\nuse = "bm25"\nk = -1\n',
                 ["`retrieve[0].k`", "(got -1)", "Valid options: k"], id="bad-option"),
    pytest.param("[rank\n", ["bad.toml", "is not valid TOML"], id="malformed"),
    pytest.param('colour = "red"\n', ["`colour`", "Extra inputs"], id="unknown-key"),
]


def bad_profile(tmp_path: Path, text: str) -> Path:
    """A profile file holding ``text`` (in memory, so a good one never touches a real store)."""
    profile = tmp_path / "bad.toml"
    profile.write_text(f'path = ":memory:"\n{text}\n[records]\nuse = "memory"\n',
                       encoding="utf-8")
    return profile


@pytest.mark.parametrize(("text", "words"), BAD_PROFILES[::2])
def test_script_bad_profile_exits_2_naming_the_fix(tmp_path: Path, text: str,
                                                   words: list[str]) -> None:
    done = run_script("--profile", str(bad_profile(tmp_path, text)), "search", "anything",
                      cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    message = " ".join(done.stderr.split())  # rich wraps long lines
    assert message.startswith("error:")
    for word in words:
        assert word in message
    assert "Traceback" not in message


# --- in process ---------------------------------------------------------------------------------


def test_without_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys)
    assert status == 2
    assert "usage: cognimem" in out


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    out, err = capsys.readouterr()
    assert exited.value.code == 0
    assert out == f"cognimem {cognimem.__version__}\n" and not err
    assert cognimem.__version__[0].isdigit()


@pytest.mark.parametrize(("text", "words"), BAD_PROFILES)
def test_bad_profile_exits_2_naming_the_fix(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            text: str, words: list[str]) -> None:
    profile = bad_profile(tmp_path, text)
    for command in (["search", "anything"], ["add", "something"], ["list"]):
        status, out, err = cli(capsys, *command, "--profile", str(profile))
        assert status == 2 and out == ""
        message = " ".join(err.split())
        for word in words:
            assert word in message


def test_unknown_profile_name_lists_builtins(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = cli(capsys, "--profile", "tset", "list")
    assert status == 2
    message = " ".join(err.split())
    assert "'tset'" in message and "test" in message.split("built-in profiles:")[1]


def test_add_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "add", "the build uses ruff", "--profile", "test", "--tag", "ci",
                    "--kind", "fact", "--importance", "0.9", "--project", "web")
    assert set(data) == {"id", "created", "outcome", "conflicts", "supersedes", "kept_separate",
                         "notes"}
    assert data["created"] is True and data["notes"] == [] and data["outcome"] == "created"
    assert data["id"].startswith("m")


def test_add_reads_stdin(capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("remembered from stdin\n"))
    assert cli_json(capsys, "add", "--profile", "test")["created"] is True


def test_add_prints_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "add", "plain output", "--profile", "test")
    assert status == 0
    assert out.startswith("remembered m")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        pytest.param(["add", "   "], "content is empty", id="empty-content"),
        pytest.param(["add", "x", "--importance", "7"], "memory field `importance`",
                     id="importance"),
        pytest.param(["search", " "], "query field `text`", id="blank-query"),
        pytest.param(["search", "x", "-k", "0"], "query field `k`", id="bad-k"),
        pytest.param(["get", "m-nope"], "no memory has id 'm-nope'", id="get-unknown"),
        pytest.param(["delete", "m-nope"], "no memory has id 'm-nope'", id="delete-unknown"),
        pytest.param(["list", "--limit", "0"], "--limit must be at least 1", id="bad-limit"),
    ],
)
def test_bad_input_exits_2_with_a_message(capsys: pytest.CaptureFixture[str], args: list[str],
                                          words: str) -> None:
    status, out, err = cli(capsys, *args, "--profile", "test")
    assert status == 2
    assert out == ""
    assert words in " ".join(err.split())


def test_search_explain_json_shape_in_memory(capsys: pytest.CaptureFixture[str]) -> None:
    data = cli_json(capsys, "search", "anything", "--profile", "test", "--explain", "-k", "3")
    assert set(data) == {"query", "hits", "timings_ms"}
    assert data["query"] == "anything"
    assert data["hits"] == [], "the test profile is in memory: a new process starts empty"
    assert {"retrieve:bm25", "retrieve:vector", "fuse:rrf", "total"} <= set(data["timings_ms"])


@pytest.fixture
def seeded(tmp_path: Path, in_memory_profile: Callable[..., Path]) -> Iterator[Path]:
    """A profile whose in-memory store starts with two memories."""
    (tmp_path / "seeded_store.py").write_text(SEEDED_STORE, encoding="utf-8")
    profile = in_memory_profile("seeded", **SEEDED_PROFILE)
    before = set(sys.modules)
    yield profile
    for name in set(sys.modules) - before:
        if name.startswith("cognimem_file_plugin_"):
            del sys.modules[name]


def test_search_explain_json_hits(capsys: pytest.CaptureFixture[str], seeded: Path) -> None:
    data = cli_json(capsys, "search", "database backup", "--profile", str(seeded), "--explain")
    first = data["hits"][0]
    assert set(first) == {"id", "score", "confidence", "content", "kind", "tags", "trail",
                          "calibration", "agent", "project"}
    assert first["id"] == "m-backup"
    # the default pipeline: each retriever's rank, the fused score, ACT-R's contribution
    # (supersession and validity leave no step: they change nothing here)
    assert [(s["stage"], s["name"]) for s in first["trail"]] == [
        ("retrieve", "bm25"), ("retrieve", "vector"), ("fuse", "window_rrf"), ("rank", "actr")]
    assert first["trail"][0]["rank"] == 1
    assert {"B", "S", "A", "P", "fused"} <= set(first["trail"][-1]["detail"])
    assert first["calibration"]["score"] == pytest.approx(first["confidence"], abs=1e-4)
    plain = cli_json(capsys, "search", "database backup", "--profile", str(seeded))
    assert "trail" not in plain["hits"][0]


def test_search_table_output(capsys: pytest.CaptureFixture[str], seeded: Path) -> None:
    status, out, _ = cli(capsys, "search", "database backup", "--profile", str(seeded),
                         "--explain")
    assert status == 0
    assert "m-backup" in out and "retrieve:bm25" in out and "#1=" in out and " ms" in out
    status, out, _ = cli(capsys, "search", "database", "--profile", "test")
    assert "no memories matched" in out


def test_get_and_list_json(capsys: pytest.CaptureFixture[str], seeded: Path) -> None:
    memory = cli_json(capsys, "get", "m-tabs", "--profile", str(seeded))
    assert memory["id"] == "m-tabs" and memory["content"] == "alice prefers tabs over spaces"
    assert memory["version"] == 1 and "title" not in memory, "nulls are left out"
    rows = cli_json(capsys, "list", "--profile", str(seeded), "--limit", "1")
    assert len(rows) == 1 and rows[0]["id"] in {"m-backup", "m-tabs"}
    assert cli_json(capsys, "list", "--profile", "test") == []


def test_delete_json(capsys: pytest.CaptureFixture[str], seeded: Path) -> None:
    assert cli_json(capsys, "delete", "m-tabs", "--profile", str(seeded)) == {"deleted": "m-tabs"}


def test_global_options_before_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "--profile", "test", "--json", "list")
    assert status == 0, err
    assert json.loads(out) == []


# --- round trip across invocations (needs a persistent record store) -----------------------------


@pytest.fixture
def persistent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> Iterator[Path]:
    """A profile with an on-disk duckdb store in tmp_path; its owner daemon (if the CLI
    started one) is stopped afterwards."""
    monkeypatch.setenv("COGNIMEM_DAEMON_IDLE_TIMEOUT", "10")  # a safety net only
    profile = tmp_path / "persistent.toml"
    profile.write_text(
        f'path = "{tmp_path / "store"}"\n[records]\nuse = "duckdb"\n[lexical]\nuse = "bm25"\n'
        '[vectors]\nuse = "exact"\n[embedder]\nuse = "hash"\n', encoding="utf-8")
    yield profile
    main(["daemon", "stop", "--profile", str(profile)])
    capsys.readouterr()


def test_round_trip_across_invocations(capsys: pytest.CaptureFixture[str],
                                       persistent: Path) -> None:
    profile = persistent
    added = cli_json(capsys, "add", "the nightly backup runs at 02:00", "--profile", str(profile))
    again = cli_json(capsys, "add", "the nightly backup runs at 02:00", "--profile", str(profile))
    assert again == {"id": added["id"], "created": False, "outcome": "duplicate",
                     "conflicts": [], "supersedes": None, "kept_separate": [],
                     "notes": [f"duplicate of {added['id']}"]}
    hits = cli_json(capsys, "search", "backup", "--profile", str(profile), "--explain")["hits"]
    assert hits[0]["id"] == added["id"] and hits[0]["trail"]
    assert cli_json(capsys, "get", added["id"], "--profile", str(profile))["access_count"] == 1
    assert [m["id"] for m in cli_json(capsys, "list", "--profile", str(profile))] == [added["id"]]
    assert cli_json(capsys, "delete", added["id"], "--profile", str(profile)) == {
        "deleted": added["id"]}
    status, _, err = cli(capsys, "get", added["id"], "--profile", str(profile))
    assert status == 2 and "no memory has id" in err
