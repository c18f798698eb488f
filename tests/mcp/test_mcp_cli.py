"""``cognimem daemon start|status|stop`` and ``python -m cognimem``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cognimem.cli import main


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_daemon_start_status_stop(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = ["--profile", "test", "--store", str(store)]
    code, started = run_json(["daemon", "start", *where, "--idle-timeout", "60"], capsys)
    assert code == 0 and started["already_running"] is False
    assert started["idle_timeout_s"] == 60.0 and started["store"] == str(store.resolve())
    code, again = run_json(["daemon", "start", *where], capsys)
    assert code == 0 and again["already_running"] is True and again["pid"] == started["pid"]
    code, status = run_json(["daemon", "status", *where], capsys)
    assert code == 0 and status["running"] is True and status["pid"] == started["pid"]
    assert "token" not in status
    code, stopped = run_json(["daemon", "stop", *where], capsys)
    assert code == 0 and stopped == {"stopped": True, "store": str(store.resolve()),
                                     "pid": started["pid"]}
    code, status = run_json(["daemon", "status", *where], capsys)
    assert code == 1 and status["running"] is False


def test_daemon_needs_an_on_disk_store(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daemon", "status", "--profile", "test"]) == 2
    assert "in memory" in capsys.readouterr().err
    assert main(["daemon"]) == 2


def test_python_dash_m_cognimem() -> None:
    result = subprocess.run([sys.executable, "-m", "cognimem", "config", "codex"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.startswith("[mcp_servers.cognimem]")
