"""The anchors at each door: the MCP tools (``remember``, ``recall``'s ``code`` label,
``anchors_review``, ``anchors_update``) and the command line (``add``, ``search``,
``cognimem anchors --reanchor / --archive``), each in a git repository of tmp_path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from anchor_helpers import RETRY, git
from mcp import Client
from mcp_types import CallToolResult

from cognimem.cli import main
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "shop"
    (folder / "src" / "net").mkdir(parents=True)
    (folder / "src" / "net" / "retry.py").write_text(RETRY, encoding="utf-8")
    git(folder, "init", "-q")
    monkeypatch.chdir(folder / "src")  # the door finds the repository's root
    return folder


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def test_mcp_recall_labels_stale_memories_and_the_tools_fix_them(repo: Path) -> None:
    server = build_server(load_profile("test", overrides={"mcp": {"tools": "full"},
                                                          "rank": [{"use": "anchors"}]}))

    async def body(c: Client) -> None:
        kept = data(await c.call_tool("remember", {
            "content": "retry backoff doubles each time: src/net/retry.py::backoff"}))
        hits = data(await c.call_tool("recall", {"query": "retry backoff"}))["hits"]
        assert hits[0]["id"] == kept["id"] and "code" not in hits[0], "fresh: no label"
        (repo / "src/net/retry.py").write_text(RETRY.replace("2 ** n", "3 ** n"),
                                               encoding="utf-8")
        hits = data(await c.call_tool("recall", {"query": "retry backoff"}))["hits"]
        assert hits[0]["code"].startswith("stale: changed since: src/net/retry.py")
        listed = data(await c.call_tool("anchors_review", {}))
        assert [(m["id"], m["state"]) for m in listed["memories"]] == [(kept["id"], "stale")]
        done = data(await c.call_tool("anchors_update", {"action": "reanchor"}))
        assert [m["done"] for m in done["memories"]] == ["reanchored"]
        hits = data(await c.call_tool("recall", {"query": "retry backoff"}))["hits"]
        assert "code" not in hits[0]
        (repo / "src/net/retry.py").unlink()
        hits = data(await c.call_tool("recall", {"query": "retry backoff"}))["hits"]
        assert hits[0]["code"].startswith("orphaned: gone: src/net/retry.py")
        done = data(await c.call_tool("anchors_update", {"action": "archive",
                                                         "ids": [kept["id"]]}))
        assert [m["done"] for m in done["memories"]] == ["archived"]
        assert data(await c.call_tool("recall", {"query": "retry backoff"}))["hits"] == []

    async def run() -> None:
        async with Client(server) as client:
            await body(client)

    anyio.run(run)


def cli_json(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> Any:
    assert main([*args, "--json"]) == status
    return json.loads(capsys.readouterr().out)


def test_cli_search_labels_and_anchors_command(repo: Path, persistent: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    p = ["--profile", str(persistent)]
    added = cli_json(capsys, "add", "retry backoff doubles: src/net/retry.py::backoff", *p)
    memory = cli_json(capsys, "get", added["id"], *p)
    assert memory["meta"]["anchors"][0]["path"] == "src/net/retry.py"
    assert "code" not in cli_json(capsys, "search", "retry backoff", *p)["hits"][0]
    (repo / "src/net/retry.py").write_text(RETRY.replace("2 ** n", "3 ** n"), encoding="utf-8")
    hit = cli_json(capsys, "search", "retry backoff", *p)["hits"][0]
    assert hit["code"].startswith("stale: changed since: src/net/retry.py")
    assert main(["search", "retry backoff", *p]) == 0
    assert "CODE stale" in capsys.readouterr().out
    listed = cli_json(capsys, "anchors", *p, status=1)
    assert (listed["stale"], [m["id"] for m in listed["memories"]]) == (1, [added["id"]])
    done = cli_json(capsys, "anchors", "--reanchor", *p)
    assert [m["done"] for m in done["memories"]] == ["reanchored"]
    assert cli_json(capsys, "anchors", *p)["memories"] == []
    (repo / "src/net/retry.py").unlink()
    assert main(["anchors", *p]) == 1
    assert "gone src/net/retry.py" in capsys.readouterr().out
    done = cli_json(capsys, "anchors", "--archive", *p)
    assert [m["done"] for m in done["memories"]] == ["archived"]
    assert cli_json(capsys, "search", "retry backoff", *p)["hits"] == []
