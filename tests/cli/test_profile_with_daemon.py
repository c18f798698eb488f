"""A profile mistake is the same error with or without a running daemon; a different valid
pipeline than the running daemon's is an error saying how to switch (#38)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cognimem", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120, env={**os.environ, **env})


def test_bad_and_other_profiles_against_a_running_daemon(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    monkeypatch.delenv("COGNIMEM_USE_RUNNING", raising=False)
    (tmp_path / "duck.toml").write_text('[records]\nuse = "duckdb"\n', encoding="utf-8")
    (tmp_path / "bad.toml").write_text('[[rank]]\nuse = "nosuch"\n', encoding="utf-8")
    (tmp_path / "other.toml").write_text('[[rank]]\nuse = "recency"\n', encoding="utf-8")
    base = ["--profile", "test", "--profile", "duck.toml"]
    store = ["--store", str(tmp_path / "s")]
    try:
        assert run(["add", "hello there", *base, *store], tmp_path).returncode == 0
        without = run(["search", "hello", *base, "--profile", "bad.toml",
                       "--store", str(tmp_path / "fresh")], tmp_path, COGNIMEM_NO_DAEMON="1")
        bad = run(["search", "hello", *base, "--profile", "bad.toml", *store], tmp_path)
        assert without.returncode == bad.returncode == 2
        assert bad.stderr.strip() == without.stderr.strip()
        assert "`rank[0].use` = 'nosuch'" in bad.stderr
        other = run(["search", "hello", *base, "--profile", "other.toml", *store], tmp_path)
        assert other.returncode == 2 and "cognimem daemon stop" in other.stderr
        assert "COGNIMEM_USE_RUNNING=1" in other.stderr
        running = run(["search", "hello", *base, "--profile", "other.toml", *store], tmp_path,
                      COGNIMEM_USE_RUNNING="1")
        assert running.returncode == 0 and "hello there" in running.stdout
    finally:
        run(["daemon", "stop", *base, *store], tmp_path)
