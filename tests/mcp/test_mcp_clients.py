"""``cognimem config CLIENT``: the printed configuration, and ``--write`` merging it into the
client's file with a backup, keeping every other entry."""

from __future__ import annotations

import json
import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from daemon_helpers import COGNIMEM

from cognimem.cli import main
from cognimem.errors import StoreError
from cognimem.mcp.clients import CLIENTS, client_config, server_command, write_config

NOW = datetime(2026, 11, 30, 12, 0, 0)


def config(client: str, path: Path, name: str = "cognimem", **kw: Any) -> Any:
    return client_config(client, command=COGNIMEM, args=["serve"], name=name, path=path, **kw)


def test_server_command_uses_absolute_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text("", encoding="utf-8")
    command, args = server_command(["test", "mine.toml"], "store")
    assert Path(command).is_absolute() and Path(command).name == "cognimem"
    assert args == ["serve", "--profile", "test", "--profile", str(tmp_path / "mine.toml"),
                    "--store", str(tmp_path / "store")]


@pytest.mark.parametrize(("client", "key", "typed"), [
    ("claude-code", "mcpServers", True), ("claude-desktop", "mcpServers", False),
    ("cursor", "mcpServers", False), ("vscode", "servers", True),
])
def test_json_clients(client: str, key: str, typed: bool, tmp_path: Path) -> None:
    text = config(client, tmp_path / "x.json").text()
    entry = json.loads(text)[key]["cognimem"]
    assert entry["command"] == COGNIMEM and entry["args"] == ["serve"]
    assert ("type" in entry) is typed


def test_codex_is_toml() -> None:
    text = config("codex", Path("config.toml")).text()
    assert tomllib.loads(text) == {"mcp_servers": {"cognimem": {"command": COGNIMEM,
                                                                "args": ["serve"]}}}


def test_write_merges_keeps_other_entries_and_backs_up(tmp_path: Path) -> None:
    path = tmp_path / "claude.json"
    original = {"theme": "dark", "mcpServers": {"github": {"command": "gh-mcp"}}}
    path.write_text(json.dumps(original), encoding="utf-8")
    report = write_config(config("claude-code", path), now=NOW)
    assert report.action == "added"
    assert report.backup == tmp_path / "claude.json.bak-20261130-120000"
    assert json.loads(report.backup.read_text(encoding="utf-8")) == original
    merged = json.loads(path.read_text(encoding="utf-8"))
    assert merged["theme"] == "dark" and merged["mcpServers"]["github"] == {"command": "gh-mcp"}
    assert merged["mcpServers"]["cognimem"]["args"] == ["serve"]

    assert write_config(config("claude-code", path), now=NOW).action == "unchanged"
    changed = client_config("claude-code", command=COGNIMEM, args=["serve", "--profile", "x"],
                            path=path)
    again = write_config(changed, now=NOW)
    assert again.action == "replaced"
    assert again.backup == tmp_path / "claude.json.bak-20261130-120000-1"  # never overwritten


def test_write_creates_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "new" / "mcp.json"
    report = write_config(config("vscode", path))
    assert report.action == "added" and report.backup is None
    assert json.loads(path.read_text(encoding="utf-8"))["servers"]["cognimem"]["type"] == "stdio"


def test_write_refuses_what_it_cannot_read_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    path.write_text('{ // a comment\n "servers": {} }', encoding="utf-8")
    with pytest.raises(StoreError, match=r"not plain JSON.*nothing was written"):
        write_config(config("vscode", path))
    assert path.read_text(encoding="utf-8") == '{ // a comment\n "servers": {} }'
    assert list(tmp_path.iterdir()) == [path]


def test_codex_write_replaces_only_its_table(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        'model = "o4"\n\n[mcp_servers.cognimem]\ncommand = "old"\nargs = []\n\n'
        '[mcp_servers.cognimem.env]\nX = "1"\n\n[mcp_servers.other]\ncommand = "other"\n',
        encoding="utf-8")
    report = write_config(config("codex", path), now=NOW)
    assert report.action == "replaced" and report.backup is not None
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data == {"model": "o4", "mcp_servers": {
        "other": {"command": "other"}, "cognimem": {"command": COGNIMEM, "args": ["serve"]}}}


def test_codex_write_refuses_an_inline_definition(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    text = '[mcp_servers]\ncognimem = { command = "old" }\n'
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StoreError, match="inline table or dotted keys"):
        write_config(config("codex", path))
    assert path.read_text(encoding="utf-8") == text


def test_cli_config_prints_and_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    assert main(["config", "cursor", "--profile", "test", "--store", str(tmp_path / "s")]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["mcpServers"]["cognimem"]["args"] == [
        "serve", "--profile", "test", "--store", str(tmp_path / "s")]

    target = tmp_path / "cursor.json"
    assert main(["config", "cursor", "--write", "--path", str(target), "--name", "memory",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["action"] == "added" and report["name"] == "memory"
    assert "memory" in json.loads(target.read_text(encoding="utf-8"))["mcpServers"]


def test_every_client_has_a_default_path() -> None:
    for client in CLIENTS:
        path = config(client, None).path  # type: ignore[arg-type]
        assert path.is_absolute()
