"""Mistakes give the same one line through the daemon as without it (exit 2), and
``serve`` / ``config`` refuse a profile that cannot build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.daemon.runtime import run_path

MODES = [pytest.param({}, id="daemon"), pytest.param({"COGNIMEM_NO_DAEMON": "1"}, id="local")]


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        env: dict[str, str], *argv: str) -> tuple[int, list[str]]:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if line.strip()]


@pytest.fixture
def bad_ranker(tmp_path: Path) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text('[[rank]]\nuse = "no-such-ranker"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("env", MODES)
def test_an_unknown_ranker_is_one_line(env: dict[str, str], bad_ranker: Path, store: Path,
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines = run(capsys, monkeypatch, env, "search", "x", "--profile", "test",
                      "--profile", str(bad_ranker), "--store", str(store))
    assert code == 2
    assert lines == ["error: profile key `rank[0].use` = 'no-such-ranker' is not a known "
                     "ranker; choose one of: " + lines[0].split("choose one of: ")[1]]
    assert not run_path(store, "daemon.log").exists()  # refused before any daemon started


@pytest.mark.parametrize("env", MODES)
def test_a_store_that_is_a_file_is_one_line(env: dict[str, str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "afile"
    file.write_text("x", encoding="utf-8")
    code, lines = run(capsys, monkeypatch, env, "search", "x", "--store", str(file))
    assert code == 2
    assert len(lines) == 1 and "is a file, not a directory" in lines[0]
    assert file.read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize("env", MODES)
def test_a_store_under_a_file_is_one_line(env: dict[str, str], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    code, lines = run(capsys, monkeypatch, env, "list", "--profile", "test",
                      "--store", str(tmp_path / "afile" / "store"))
    assert code == 2
    assert len(lines) == 1 and "cannot create the store directory" in lines[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
@pytest.mark.parametrize("env", MODES)
def test_a_store_under_a_read_only_parent_is_one_line(
        env: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    parent = tmp_path / "ro"
    parent.mkdir(mode=0o555)
    try:
        code, lines = run(capsys, monkeypatch, env, "list", "--profile", "test",
                          "--store", str(parent / "store"))
    finally:
        parent.chmod(0o755)
    assert code == 2
    assert len(lines) == 1 and "cannot create the store directory" in lines[0]
    assert "Permission denied" in lines[0]


def test_an_unwritable_runtime_folder_is_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    code, lines = run(capsys, monkeypatch, {"COGNIMEM_RUNTIME_DIR": str(tmp_path / "afile" / "d")},
                      "list", "--profile", "test", "--store", str(tmp_path / "store"))
    assert code == 2
    assert len(lines) == 1 and "cannot create the daemon runtime folder" in lines[0]
    assert "COGNIMEM_RUNTIME_DIR" in lines[0]


@pytest.mark.parametrize("command", [["serve"], ["config", "claude-code"]])
def test_serve_and_config_refuse_a_profile_that_cannot_build(
        command: list[str], bad_ranker: Path, store: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, lines = run(capsys, monkeypatch, {}, *command, "--profile", "test", "--profile",
                      str(bad_ranker), "--store", str(store))
    assert code == 2
    assert len(lines) == 1 and "`rank[0].use` = 'no-such-ranker'" in lines[0]
    assert capsys.readouterr().out == ""  # no config printed, nothing served


def test_config_refuses_an_unknown_tool_set(store: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COGNIMEM_MCP__TOOLS", "no-such-set")
    code, lines = run(capsys, monkeypatch, {}, "config", "claude-code", "--profile", "test",
                      "--store", str(store))
    assert code == 2
    assert len(lines) == 1 and "no-such-set" in lines[0]
