"""The agent-team commands: writes recorded as an agent, authority refusals, ``sync``,
``update``, time flags on ``add`` / ``search``, and ``config --here / --agent / --project``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.names import project_for
from cognimem.testing.cli import in_process_store
from cognimem.testing.cli import run_main as run

TEAM = """\
[records]
use = "duckdb"

[agents]
authority = { alice = 100, lead = 50, worker = 10 }
"""


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Global options for an on-disk team store opened in process (no daemon)."""
    return in_process_store(tmp_path, monkeypatch, TEAM, "team")


def test_writes_as_an_agent_and_authority_refusals(capsys: pytest.CaptureFixture[str],
                                                   base: list[str]) -> None:
    status, added, _ = run(capsys, "add", "releases are tagged vX.Y.Z", "--kind", "decision",
                           "--agent", "lead", "--json", *base)
    assert status == 0
    memory = added["id"]
    status, _, err = run(capsys, "update", memory, "--content", "releases are tagged X.Y.Z",
                         "--supersede", "--agent", "worker", *base)
    assert status == 1 and "agent 'worker' (authority 10) cannot supersede" in err
    status, _, err = run(capsys, "delete", memory, "--agent", "worker", *base)
    assert status == 1 and "agent 'lead' (authority 50)" in err
    status, updated, _ = run(capsys, "update", memory, "--content", "releases are tagged "
                             "vX.Y.Z and signed", "--agent", "alice", "--json", *base)
    assert status == 0 and updated["version"] == 2
    status, hits, _ = run(capsys, "search", "releases tagged", "--explain", "--json", *base)
    assert status == 0 and hits["hits"][0]["agent"] == "lead"


def test_sync_lists_until_acknowledged(capsys: pytest.CaptureFixture[str],
                                       base: list[str]) -> None:
    for text in ("the CI uses uv", "the CI caches wheels"):
        assert run(capsys, "add", text, "--agent", "lead", *base)[0] == 0
    _, first, _ = run(capsys, "sync", "--agent", "worker", "--json", *base)
    _, again, _ = run(capsys, "sync", "--agent", "worker", "--json", *base)
    assert first == again and [c["change"] for c in first["changes"]] == ["added", "added"]
    _, acked, _ = run(capsys, "sync", "--agent", "worker", "--ack", str(first["upto"]),
                      "--json", *base)
    assert acked["acknowledged"] == first["upto"] and acked["changes"] == []
    status, _, err = run(capsys, "sync", "--agent", "worker", "--ack", "999", *base)
    assert status == 2 and "cannot acknowledge event 999" in err
    status, text, _ = run(capsys, "sync", "--agent", "worker", *base)
    assert status == 0 and f"--ack {first['upto']}" in text


def test_valid_and_transaction_time_flags(capsys: pytest.CaptureFixture[str],
                                          base: list[str]) -> None:
    _, added, _ = run(capsys, "add", "the office is in Leeds", "--valid-from", "2024-01-01",
                      "--valid-until", "2025-06-30", "--json", *base)
    _, moved, _ = run(capsys, "add", "the office is in York", "--valid-from", "2025-06-30",
                      "--json", *base)

    def ids(*flags: str) -> list[str]:
        status, found, _ = run(capsys, "search", "office", *flags, "--json", *base)
        assert status == 0
        return [h["id"] for h in found["hits"]]

    assert ids("--as-of", "2024-05-01") == [added["id"]]
    assert ids("--as-of", "2025-07-01") == [moved["id"]]
    assert ids("--at", "2001-01-01") == []  # nothing was recorded yet
    assert set(ids("--at", "2090-01-01")) == {added["id"], moved["id"]}
    with pytest.raises(SystemExit) as bad:
        main(["update", moved["id"], "--valid-until", "2026-13-01", *base])
    assert bad.value.code == 2
    assert "--valid-until: give an ISO 8601 date" in capsys.readouterr().err
    assert run(capsys, "update", moved["id"], "--valid-until", "2026-01-01", *base)[0] == 0
    assert ids("--as-of", "2026-02-01") == []


def test_config_writes_per_project_settings(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "shop"
    (repo / ".git").mkdir(parents=True)
    (repo / "src").mkdir()
    monkeypatch.chdir(repo / "src")
    status, _, _ = run(capsys, "config", "claude-code", "--here", "--agent", "reviewer",
                       "--write", "--json")
    assert status == 0
    entry = json.loads((repo / ".mcp.json").read_text())["mcpServers"]["cognimem"]
    # the project the repository is named by (docs/intake.md, "Projects, worktrees...")
    assert entry["args"][-4:] == ["--agent", "reviewer", "--project", project_for(repo)]
    assert entry["args"][-1].startswith("shop@")
    status, _, _ = run(capsys, "config", "vscode", "--here", "--project", "storefront",
                       "--write", "--json")
    assert status == 0
    vscode = json.loads((repo / ".vscode" / "mcp.json").read_text())["servers"]["cognimem"]
    assert vscode["args"][-2:] == ["--project", "storefront"]
    status, _, err = run(capsys, "config", "codex", "--here")
    assert status == 2 and "codex has no per-project MCP configuration" in err
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "config", "cursor", "--here")
    assert status == 2 and "not inside a git repository" in err
