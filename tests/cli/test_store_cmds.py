"""``cognimem check``, ``reindex``, ``export`` and ``import`` through ``cognimem.cli.main``, on
an on-disk duckdb store (BM25, exact vectors and the hash embedder)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from cognimem.cli import main

PROFILE = """
name = "disk-test"

[records]
use = "duckdb"

[lexical]
use = "bm25"

[vectors]
use = "exact"

[embedder]
use = "hash"
dim = {dim}

[[retrieve]]
use = "bm25"
k = 100

[[retrieve]]
use = "vector"
k = 100

[fuse]
use = "rrf"
k = 60
"""


def write_profile(folder: Path, dim: int = 64) -> Path:
    """A profile file selecting duckdb + bm25 + exact + the hash embedder at ``dim``."""
    path = folder / f"disk-{dim}.toml"
    path.write_text(PROFILE.format(dim=dim))
    return path


@pytest.fixture(autouse=True)
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Open stores in the test process (the daemon path has its own test below)."""
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")


@pytest.fixture
def profile(tmp_path: Path) -> Path:
    """The hash-64 profile file."""
    return write_profile(tmp_path)


@pytest.fixture
def store(tmp_path: Path, profile: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A store with three memories and an edge."""
    path = tmp_path / "store"
    ids = [cli_json(capsys, "add", text, "--store", str(path), "--profile", str(profile))["id"]
           for text in ("the build uses ruff and mypy", "deploys happen on tuesdays",
                        "the database is postgres")]
    assert len(set(ids)) == 3
    return path


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the CLI; (exit status, stdout, stderr with rich's line wrapping undone)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, " ".join(err.split())


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    """Run the CLI with --json and parse stdout (exit status must be 0)."""
    status, out, err = cli(capsys, *args, "--json")
    assert status == 0, err
    return json.loads(out)


def opts(store: Path, profile: Path) -> list[str]:
    """--store and --profile."""
    return ["--store", str(store), "--profile", str(profile)]


def test_check_reports_ok(capsys: pytest.CaptureFixture[str], store: Path, profile: Path) -> None:
    status, out, _ = cli(capsys, "check", *opts(store, profile))
    assert status == 0
    assert "lexical:bm25" in out and "vectors:exact" in out and "hash chain intact" in out
    assert "ok" in out
    data = cli_json(capsys, "check", *opts(store, profile))
    assert data["ok"] is True and data["found"]["memories"] == 3
    assert data["found"]["indexes"][0] == {"index": "lexical:bm25", "missing": 0, "stale": 0,
                                           "orphaned": 0}


def _tamper_first_event(store: Path) -> None:
    con = duckdb.connect(str(store / "records.duckdb"))
    try:
        con.execute("UPDATE events SET op = 'delete' WHERE seq = 1")
    finally:
        con.close()


def test_check_finds_a_broken_event_chain_and_exits_1(
        capsys: pytest.CaptureFixture[str], store: Path, profile: Path) -> None:
    _tamper_first_event(store)
    status, out, _ = cli(capsys, "check", *opts(store, profile))
    assert status == 1
    assert "event 1: hash does not match" in out and "problems remain" in out
    status, out, _ = cli(capsys, "check", "--repair", *opts(store, profile))
    assert status == 1  # an event chain cannot be repaired by re-indexing
    data = json.loads(cli(capsys, "check", "--repair", "--json", *opts(store, profile))[1])
    assert data["ok"] is False and data["remaining"]["event_problems"]


def test_export_to_a_file_and_to_stdout(capsys: pytest.CaptureFixture[str], store: Path,
                                        profile: Path, tmp_path: Path) -> None:
    target = tmp_path / "out" / "memories.json"
    status, _, err = cli(capsys, "export", str(target), *opts(store, profile))
    assert status == 2 and "does not exist" in err
    target.parent.mkdir()
    status, out, _ = cli(capsys, "export", str(target), *opts(store, profile))
    assert status == 0 and "exported 3 memories" in out
    data = json.loads(target.read_text())
    assert data["format"] == "cognimem-export" and len(data["memories"]) == 3
    status, out, err = cli(capsys, "export", *opts(store, profile))
    assert status == 0 and "exported 3 memories" in err
    assert json.loads(out)["memories"] == data["memories"]
    assert [p.name for p in target.parent.iterdir()] == ["memories.json"]  # no temp left


def test_import_into_a_new_and_into_a_used_store(capsys: pytest.CaptureFixture[str],
                                                  store: Path, profile: Path,
                                                  tmp_path: Path) -> None:
    export = tmp_path / "export.json"
    assert cli(capsys, "export", str(export), *opts(store, profile))[0] == 0
    fresh = tmp_path / "fresh"
    report = cli_json(capsys, "import", str(export), *opts(fresh, profile))
    assert report["mode"] == "restore" and report["memories"] == 3
    hits = cli_json(capsys, "search", "postgres", *opts(fresh, profile))["hits"]
    assert hits[0]["content"] == "the database is postgres"
    cli_json(capsys, "add", "something else entirely", *opts(tmp_path / "used", profile))
    status, out, _ = cli(capsys, "import", str(export), *opts(tmp_path / "used", profile))
    assert status == 0 and "3 ids were remapped" in out and "(merge)" in out
    assert cli(capsys, "check", *opts(tmp_path / "used", profile))[0] == 0


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "is not JSON"),
    ('{"format": "something-else"}', "not a cognimem export"),
    ('{"format": "cognimem-export", "version": 1, "memories": [{"id": "x"}]}',
     r"memories\[0\]"),
])
def test_a_bad_import_file_exits_2_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], store: Path, profile: Path, tmp_path: Path,
        content: str, message: str) -> None:
    before = cli(capsys, "export", *opts(store, profile))[1]
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    status, _, err = cli(capsys, "import", str(bad), *opts(store, profile))
    assert status == 2 and re.search(message, err), err
    after = cli(capsys, "export", *opts(store, profile))[1]
    assert json.loads(after)["memories"] == json.loads(before)["memories"]
    assert json.loads(after)["events"] == json.loads(before)["events"]


def test_import_of_a_missing_file(capsys: pytest.CaptureFixture[str], store: Path,
                                  profile: Path, tmp_path: Path) -> None:
    status, _, err = cli(capsys, "import", str(tmp_path / "nope.json"), *opts(store, profile))
    assert status == 2 and "no such file" in err


def test_reindex_after_a_change_of_embedder(capsys: pytest.CaptureFixture[str], store: Path,
                                            tmp_path: Path,
                                            caplog: pytest.LogCaptureFixture) -> None:
    other = write_profile(tmp_path, dim=32)
    status, out, err = cli(capsys, "check", *opts(store, other))
    assert status == 1 and "3 memories are embedded by another model" in out
    assert "run `cognimem reindex`" in caplog.text  # the warning logged on open
    status, out, err = cli(capsys, "reindex", "--batch-size", "2", *opts(store, other))
    assert status == 0, err
    assert "re-embedded 3 memories with hash-32 (32 dimensions)" in out
    assert "re-embedding" in err  # the progress bar, on stderr
    assert cli(capsys, "check", *opts(store, other))[0] == 0
    status, out, _ = cli(capsys, "reindex", *opts(store, other))
    assert status == 0 and "nothing to reindex" in out
    assert cli_json(capsys, "reindex", *opts(store, other))["reindexed"] == 0


def test_reindex_rejects_a_bad_batch_size(capsys: pytest.CaptureFixture[str], store: Path,
                                          profile: Path) -> None:
    status, _, err = cli(capsys, "reindex", "--batch-size", "0", *opts(store, profile))
    assert status == 2 and "--batch-size" in err


@pytest.fixture
def daemon_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A store reached through its owner daemon; the daemon is stopped afterwards."""
    from cognimem.daemon.spawn import stop_daemon

    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("COGNIMEM_DAEMON_IDLE_TIMEOUT", "30")
    path = tmp_path / "daemon-store"
    yield path
    stop_daemon(path)


@pytest.mark.timeout(240)
def test_the_commands_work_through_the_owner_daemon(
        capsys: pytest.CaptureFixture[str], daemon_store: Path, tmp_path: Path) -> None:
    first, second = write_profile(tmp_path, 64), write_profile(tmp_path, 32)
    for i in range(5):
        cli_json(capsys, "add", f"daemon memory {i}", *opts(daemon_store, first))
    export = tmp_path / "e.json"
    assert cli(capsys, "export", str(export), *opts(daemon_store, first))[0] == 0
    assert len(json.loads(export.read_text())["memories"]) == 5
    assert cli(capsys, "check", *opts(daemon_store, first))[0] == 0
    report = cli_json(capsys, "import", str(export), *opts(daemon_store, first))
    assert report["duplicates"] == 5
    from cognimem.daemon.spawn import stop_daemon

    stop_daemon(daemon_store)  # the next call starts a daemon with the hash-32 profile
    status, out, err = cli(capsys, "reindex", "--batch-size", "1", *opts(daemon_store, second))
    assert status == 0, err
    assert "re-embedded 5 memories with hash-32" in out
    assert cli(capsys, "check", *opts(daemon_store, second))[0] == 0
