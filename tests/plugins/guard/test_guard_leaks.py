"""No secret anywhere on disk: credentials given to the engine, the CLI and the MCP
``remember`` tool (and searched for, and exported) on the default profile's stack (DuckDB,
Tantivy, LanceDB, MiniLM), then every file under the store folder is read byte by byte.

Also: no absolute home path in the ``status`` tool, the CLI's outputs or tool errors."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli import main
from cognimem.engine import Engine
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile

# Synthetic credentials in their providers' formats, random and fake (never real ones).
SECRETS = {
    "engine": "AKIAFAKE3KQ7ZP2MX8WD",
    "engine_update": "sk_live_" + "FakeStripe0123456789abcdEFGH",
    "cli": "ghp_" + "FakeCli0123456789abcdefghijKLMNOPQRST"[:36],
    "mcp": "glpat-" + "FakeMcp_0123456789ab",
    "mcp_query": "AIza" + "FakeGoogle0123456789abcdefghijklmno"[:35],
    "cli_query": "xoxb-123456789012-123456789012-fakeslacktoken0123456789",
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder for this test, holding the store; no daemon (one process)."""
    folder = tmp_path / "home" / "someone"
    folder.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")
    return folder


def _mcp(store: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    profile = load_profile("default", overrides={"path": str(store), "mcp": {"tools": "full"}})

    async def body() -> list[Any]:
        async with Client(build_server(profile)) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(body)


def test_no_secret_in_any_file_of_the_store(home: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    store = home / ".local" / "share" / "cognimem" / "leaks"
    # the engine
    with Engine.from_profile("default", path=store) as engine:
        written = engine.add(f"deploy key {SECRETS['engine']} for the uploads bucket")
        engine.update(written.id, content=f"payments use {SECRETS['engine_update']} now")
        engine.search(f"deploy key {SECRETS['engine']}")
    # the CLI
    assert main(["add", f"CI pushes with {SECRETS['cli']}", "--store", str(store)]) == 0
    assert main(["search", f"slack {SECRETS['cli_query']}", "--store", str(store),
                 "--json"]) == 0
    out = capsys.readouterr().out
    assert SECRETS["cli"] not in out and "redacted 1 secret(s)" in out
    assert SECRETS["cli_query"] not in out and "[REDACTED:slack_token]" in out
    # MCP
    results = _mcp(store, [
        ("remember", {"content": f"runner token {SECRETS['mcp']}"}),
        ("recall", {"query": f"maps key {SECRETS['mcp_query']}"}),
        ("export_memories", {"path": "export.json"}),
        ("status", {}),
    ])
    remembered = results[0].structured_content
    assert "gitlab_token" in remembered["notes"][0]
    assert main(["export", str(store / "cli-export.json"), "--store", str(store)]) == 0
    capsys.readouterr()
    files = [p for p in store.rglob("*") if p.is_file()]
    names = {p.name for p in files}
    assert {"export.json", "cli-export.json"} <= names  # MCP exports go to store/exports/
    assert any(p.suffix == ".duckdb" for p in files), "the record store is among the files"
    exported = (store / "exports" / "export.json").read_text(encoding="utf-8")
    assert "[REDACTED:gitlab_token]" in exported and "[REDACTED:stripe_key]" in exported
    for file in files:
        data = file.read_bytes()
        for name, secret in SECRETS.items():
            assert secret.encode() not in data, f"{name}'s secret found in {file}"
    # no absolute home path in the status tool
    status = results[3].structured_content
    assert status["path"] == "~/.local/share/cognimem/leaks"
    for result in results:
        assert str(home) not in json.dumps(result.structured_content)


def test_cli_and_tool_outputs_show_paths_under_home(home: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    store = home / "mem"
    with Engine.from_profile("test", path=store) as engine:
        assert engine.stats()["path"] == "~/mem"
    target = home / "out" / "x.json"
    assert main(["export", str(target), "--store", str(store), "--profile", "test"]) == 2
    err = capsys.readouterr().err
    assert "~/out" in err and str(home) not in err
    (home / "out").mkdir()
    assert main(["export", str(target), "--store", str(store), "--profile", "test",
                 "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["file"] == "~/out/x.json"
    profile = load_profile("test", overrides={"path": str(store), "mcp": {"tools": "full"}})

    async def body() -> list[Any]:
        async with Client(build_server(profile)) as client:
            return [await client.call_tool("export_memories", {"path": "x.json"}),
                    await client.call_tool("export_memories", {"path": "x.json"}),
                    await client.call_tool("import_memories", {"path": "missing.json"}),
                    await client.call_tool("status", {})]

    exported, again, missing, status = anyio.run(body)
    assert exported.structured_content["path"] == "~/mem/exports/x.json"
    assert again.is_error and "~/mem/exports/x.json exists" in again.content[0].text
    assert missing.is_error and "~/mem/exports/missing.json does not exist" in (
        missing.content[0].text)
    assert status.structured_content["path"] == "~/mem"
    for result in (exported, again, missing, status):
        assert str(home) not in json.dumps(result.structured_content or {})
        assert str(home) not in result.content[0].text
    assert os.fspath(home) not in out
