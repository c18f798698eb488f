"""Time windows, filters and cursor paging through both doors: the CLI and MCP."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem.testing.cli import in_process_store
from cognimem.testing.cli import run_main as run

STORE = '[records]\nuse = "duckdb"\n'


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return in_process_store(tmp_path, monkeypatch, STORE, "recall")


def test_cli_search_and_list_page_with_filters(capsys: pytest.CaptureFixture[str],
                                               base: list[str]) -> None:
    for i in range(7):
        assert run(capsys, "add", f"billing retries note {i}", "--kind",
                   "decision" if i % 2 else "note", "--agent", "lead", *base)[0] == 0
    shown: list[str] = []
    _, page, _ = run(capsys, "search", "billing retries", "-k", "3", "--json", *base)
    while True:
        shown += [h["id"] for h in page["hits"]]
        run(capsys, "add", f"billing retries added between pages {len(shown)}", *base)
        if "next_cursor" not in page:
            break
        _, page, _ = run(capsys, "search", "billing retries", "-k", "3", "--cursor",
                         page["next_cursor"], "--json", *base)
    assert len(shown) == len(set(shown)) == 7

    _, listed, _ = run(capsys, "list", "--limit", "2", "--kind", "decision", "--since",
                       "yesterday", "--paged", "--json", *base)
    seen = [m["id"] for m in listed["memories"]]
    _, rest, _ = run(capsys, "list", "--limit", "2", "--kind", "decision", "--since",
                     "yesterday", "--cursor", listed["next_cursor"], "--json", *base)
    seen += [m["id"] for m in rest["memories"]]
    assert len(set(seen)) == 3 and rest["next_cursor"] is None
    _, none, _ = run(capsys, "list", "--until", "last week", "--json", *base)
    assert none == []
    _, by, _ = run(capsys, "search", "billing", "--by", "nobody", "--json", *base)
    assert by["hits"] == []


def test_cli_refuses_an_unknown_phrase_in_one_line(capsys: pytest.CaptureFixture[str],
                                                   base: list[str]) -> None:
    status, _, err = run(capsys, "search", "billing", "--since", "the other day", *base)
    assert status == 2 and err.count("\n") == 1 and "last week" in err


def call(tool: str, arguments: dict[str, Any], before: list[tuple[str, dict[str, Any]]]
         ) -> list[Any]:
    server = build_server(load_profile("test", overrides={"mcp": {"tools": "full"}}))

    async def main() -> list[Any]:
        async with Client(server) as client:
            for name, args in before:
                assert not (await client.call_tool(name, args)).is_error
            out = []
            result = await client.call_tool(tool, arguments)
            while True:
                out.append(result)
                if result.is_error:
                    return out
                data = result.structured_content or {}
                cursor = data.get("next_cursor")
                if cursor is None:
                    return out
                await client.call_tool("remember", {"content": f"billing between {len(out)}"})
                result = await client.call_tool(tool, {**arguments, "cursor": cursor})
    return anyio.run(main)


NOTES = [("remember", {"content": f"billing ledger fact {i}", "kind": "fact"}) for i in range(6)]


def test_mcp_recall_pages_with_a_window() -> None:
    pages = call("recall", {"query": "billing ledger", "k": 2, "since": "today"}, NOTES)
    ids = [h["id"] for p in pages for h in p.structured_content["hits"]]
    assert len(ids) == len(set(ids)) == 6
    empty = call("recall", {"query": "billing ledger", "until": "last week"}, NOTES)
    assert empty[0].structured_content["hits"] == []


def test_mcp_list_pages_and_refuses_bad_phrases() -> None:
    pages = call("list_memories", {"limit": 4, "kinds": ["fact"], "since": "yesterday"}, NOTES)
    ids = [m["id"] for p in pages for m in p.structured_content["memories"]]
    assert len(ids) == len(set(ids)) == 6
    refused = call("list_memories", {"since": "the other day"}, [])[0]
    assert refused.is_error and "last week" in refused.content[0].text
    assert json.dumps(refused.content[0].text).count("\\n") == 0
