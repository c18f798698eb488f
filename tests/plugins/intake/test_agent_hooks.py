"""Agent hooks: installed idempotently with a backup, other hooks kept; each hook reads the
agent's JSON on stdin, does its work, and never fails the agent."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import pytest
from test_capture import session_file

from cognimem.cli.app import main
from cognimem_plugins.intake.hooks import EVENTS


def test_install_is_idempotent_keeps_other_hooks_and_backs_up(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    mine = {"hooks": {"PreCompact": [{"hooks": [{"type": "command", "command": "say hi"}]}]},
            "model": "opus"}
    settings.write_text(json.dumps(mine), encoding="utf-8")
    args = ["hooks", "install", "claude-code", "--write", "--path", str(settings)]
    assert main(args) == 0
    first = json.loads(settings.read_text(encoding="utf-8"))
    assert first["model"] == "opus"
    commands = [h["command"] for g in first["hooks"]["PreCompact"] for h in g["hooks"]]
    assert "say hi" in commands and any(c.endswith("hook pre-compact") for c in commands)
    assert set(EVENTS) <= set(first["hooks"])
    assert main(args) == 0
    assert json.loads(settings.read_text(encoding="utf-8")) == first  # idempotent
    assert len(list(tmp_path.glob("settings.json.bak-*"))) == 1


def test_session_hooks_capture_compact_and_inject(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "shop"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    transcript = session_file(tmp_path)
    store = ["--profile", "test", "--store", str(tmp_path / "s"), "--profile",
             str(tmp_path / "p.toml")]
    (tmp_path / "p.toml").write_text('[records]\nuse = "duckdb"\n', encoding="utf-8")
    event = json.dumps({"transcript_path": str(transcript), "cwd": str(repo)})
    try:
        for name in ("session-end", "pre-compact"):
            monkeypatch.setattr("sys.stdin", io.StringIO(event))
            assert main(["hook", name, *store]) == 0
        monkeypatch.setattr("sys.stdin", io.StringIO(event))
        capsys.readouterr()
        assert main(["hook", "session-start", *store]) == 0
        out = capsys.readouterr().out
        assert out.startswith("# What to know") and "Postgres 16" in out
        monkeypatch.setattr("sys.stdin", io.StringIO("not json"))
        assert main(["hook", "pre-compact", *store]) == 0  # never blocks the agent
        assert "no transcript_path" in capsys.readouterr().err
        assert main(["receipts", *store, "--json"]) == 0
        assert len(json.loads(capsys.readouterr().out)["receipts"]) == 1
    finally:
        main(["daemon", "stop", *store])
