"""Near-duplicates, conflicts, broken chains and dream from the CLI (``add``, ``search``,
``conflicts``, ``check``, ``dream``) and over MCP (remember, recall, list_conflicts,
resolve_conflict, dream)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from cognimem.cli import main
from cognimem.engine import Engine
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile

PROFILE = """
name = "disk-guarded"

[records]
use = "duckdb"

[lexical]
use = "bm25"

[vectors]
use = "exact"

[embedder]
use = "minilm"

[[guard]]
use = "near_duplicates"

[consolidate]
use = "dream"
min_memories = 0
"""


@pytest.fixture(autouse=True)
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Open stores in the test process."""
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")


@pytest.fixture
def opts(tmp_path: Path) -> list[str]:
    profile = tmp_path / "guarded.toml"
    profile.write_text(PROFILE)
    return ["--store", str(tmp_path / "store"), "--profile", str(profile)]


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out + " ".join(err.split())


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    status, out = cli(capsys, *args, "--json")
    assert status == 0, out
    return json.loads(out)


def test_cli_merges_flags_lists_resolves_and_marks(
        capsys: pytest.CaptureFixture[str], opts: list[str]) -> None:
    first = cli_json(capsys, "add", "The latency budget is 500 ms.", *opts)
    merged = cli_json(capsys, "add", "latency budget is 500ms", *opts)
    assert merged["outcome"] == "merged" and merged["id"] == first["id"]
    status, out = cli(capsys, "add", "latency budget is 500 ms", "--on-duplicate", "keep",
                      *opts)
    assert status == 0 and "remembered" in out and "kept apart" in out
    changed = cli_json(capsys, "add", "The latency budget is 900ms", *opts)
    assert changed["outcome"] == "created" and first["id"] in changed["conflicts"]

    status, out = cli(capsys, "search", "latency budget", *opts)
    assert status == 0 and "[conflict]" in out
    hits = cli_json(capsys, "search", "latency budget", *opts)["hits"]
    assert any(h.get("conflicts") for h in hits)

    listed = cli_json(capsys, "conflicts", *opts)  # with the original and the kept-apart one
    assert len(listed) == 2
    assert all(c["differs"] == ["number: 500ms -> 900ms"] for c in listed)
    status, out = cli(capsys, "conflicts", *opts)
    assert listed[0]["id"] in out and "900ms" in out
    done = cli_json(capsys, "conflicts", "resolve", listed[0]["id"], "newer", *opts)
    assert done["resolution"] == "keep_newer"
    assert [c["id"] for c in cli_json(capsys, "conflicts", *opts)] == [listed[1]["id"]]
    status, out = cli(capsys, "conflicts", "resolve", listed[0]["id"], "both", *opts)
    assert status == 2 and "already resolved" in out
    status, out = cli(capsys, "conflicts", "resolve", "c-nope", "a", *opts)
    assert status == 2 and "no conflict has id" in out


def test_cli_dream_and_check(capsys: pytest.CaptureFixture[str], opts: list[str]) -> None:
    for text in ("Orders API uses cursor pagination", "Orders API uses cursor pagination."):
        cli_json(capsys, "add", text, "--on-duplicate", "keep", *opts)
    # kept apart for good: dream leaves them
    assert cli_json(capsys, "dream", "--dry-run", *opts)["merges"] == []
    status, out = cli(capsys, "check", *opts)
    assert status == 0 and "supersession chain" in out
    planned = cli_json(capsys, "dream", "--dry-run", *opts)
    assert planned["dry_run"] and planned["skipped"] is None


def run(engine_profile: dict[str, Any], body: Callable[[Client], Awaitable[Any]]) -> Any:
    profile = load_profile("test", overrides={"mcp": {"tools": "full"}, **engine_profile})
    server = build_server(profile)

    async def main_() -> Any:
        async with Client(server) as client:
            return await body(client)
    return anyio.run(main_)


def data(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    return dict(result.structured_content)


def test_mcp_remember_says_what_happened_and_conflicts_resolve() -> None:
    async def body(c: Client) -> None:
        first = data(await c.call_tool("remember", {"content": "The latency budget is 500 ms."}))
        again = data(await c.call_tool("remember", {"content": "latency budget is 500ms"}))
        assert again["outcome"] == "merged" and again["id"] == first["id"]
        changed = data(await c.call_tool("remember",
                                         {"content": "The latency budget is 900ms"}))
        assert changed["outcome"] == "created" and changed["conflicts"] == [first["id"]]
        hits = data(await c.call_tool("recall", {"query": "latency budget"}))["hits"]
        assert all(h.get("conflicts") for h in hits) and len(hits) == 2
        listed = data(await c.call_tool("list_conflicts", {}))
        assert listed["total"] == 1
        item = listed["conflicts"][0]
        assert item["differs"] == ["number: 500ms -> 900ms"]
        done = data(await c.call_tool("resolve_conflict", {"id": item["id"],
                                                           "resolution": "keep_both"}))
        assert done["resolution"] == "keep_both" and done["status"] == "resolved"
        hits = data(await c.call_tool("recall", {"query": "latency budget"}))["hits"]
        assert not any(h.get("conflicts") for h in hits)
        bad = await c.call_tool("resolve_conflict", {"id": item["id"], "resolution": "keep_a"})
        assert bad.is_error
        dreamt = data(await c.call_tool("dream", {"dry_run": True, "force": True}))
        assert dreamt["dry_run"] and dreamt["clusters"] == 0

    run({"embedder": {"use": "minilm"}, "guard": [{"use": "near_duplicates"}],
         "consolidate": {"use": "dream"}}, body)


def test_the_default_profile_guards_and_consolidates() -> None:
    profile = load_profile()
    assert [g.use for g in profile.guard] == ["near_duplicates"]
    assert profile.consolidate is not None and profile.consolidate.use == "dream"
    engine = Engine.from_profile("test", overrides={"guard": [g.model_dump() for g in
                                                               profile.guard],
                                                     "embedder": {"use": "minilm"}})
    try:
        assert engine.stats()["pipeline"]["guard"] == ["near_duplicates"]
    finally:
        engine.close()


def test_plugins_lists_the_guard_and_the_consolidator(
        capsys: pytest.CaptureFixture[str]) -> None:
    rows = cli_json(capsys, "plugins")
    kinds = {(r["kind"], r["name"]) for r in rows}
    assert {("guard", "near_duplicates"), ("consolidator", "dream")} <= kinds


def test_cli_dream_undo(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    profile = tmp_path / "unguarded.toml"
    profile.write_text(PROFILE.replace('[[guard]]\nuse = "near_duplicates"\n', "")
                       .replace("[records]", "guard = []\n\n[records]"))
    opts = ["--store", str(tmp_path / "store"), "--profile", str(profile)]
    ids = [cli_json(capsys, "add", text, *opts)["id"]
           for text in ("Orders API uses cursor pagination", "Orders API uses cursor pagination.")]
    status, out = cli(capsys, "dream", "--undo", *opts)
    assert status == 2 and "no dream run to undo" in out
    run_id = cli_json(capsys, "dream", "--force", *opts)["run"]
    assert run_id and len(cli_json(capsys, "graveyard", *opts)) == 1
    status, out = cli(capsys, "dream", "--undo", "--dry-run", *opts)
    assert status == 0 and f"would undo dream run {run_id}" in out
    undone = cli_json(capsys, "dream", "--undo", *opts)
    assert undone["undone"] and undone["run"] == run_id
    assert set(undone["merges"][0]["merged"]) | {undone["merges"][0]["kept"]} == set(ids)
    assert cli_json(capsys, "graveyard", *opts) == []
    status, out = cli(capsys, "dream", "--undo", "--force", *opts)
    assert status == 2 and "takes no --force" in out


def test_mcp_undo_dream() -> None:
    async def body(c: Client) -> None:
        for text in ("Orders API uses cursor pagination", "Orders API uses cursor pagination."):
            await c.call_tool("remember", {"content": text})
        dreamt = data(await c.call_tool("dream", {"force": True}))
        assert dreamt["clusters"] == 1 and dreamt["run"]
        preview = data(await c.call_tool("undo_dream", {"dry_run": True}))
        assert preview["run"] == dreamt["run"] and not preview["undone"]
        undone = data(await c.call_tool("undo_dream", {}))
        assert undone["undone"] and undone["merged"] == 1
        assert len(data(await c.call_tool("recall", {"query": "cursor pagination"}))["hits"]) == 2
        again = await c.call_tool("undo_dream", {})
        assert again.is_error and "no dream run to undo" in str(again.content)

    run({"embedder": {"use": "minilm"}, "guard": [], "consolidate": {"use": "dream"}}, body)
