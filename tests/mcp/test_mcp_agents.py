"""An agent team over MCP: each agent its own ``cognimem serve`` session on one store, named
by its client's ``clientInfo``; authority between them, sync offsets that survive a crash
and a daemon restart, and project memories with the global ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from daemon_helpers import COGNIMEM, server_env
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult, Implementation

from cognimem.cli import main
from cognimem.daemon.spawn import stop_daemon
from cognimem.names import project_for

TEAM = """\
[mcp]
tools = "full"

[records]
use = "{records}"

[agents]
authority = {{ alice = 100, lead = 50, worker = 10 }}
resolve = "higher"
"""


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def error(result: CallToolResult) -> str:
    assert result.is_error, result.structured_content
    return result.content[0].text  # type: ignore[union-attr]


def team_profile(tmp_path: Path, records: str = "memory") -> Path:
    path = tmp_path / "team.toml"
    path.write_text(TEAM.format(records=records), encoding="utf-8")
    return path


def agent(name: str | None, profile: Path, store: Path, cwd: Path, *extra: str) -> Client:
    """A client session as agent ``name`` (its clientInfo), its server started in ``cwd``."""
    params = StdioServerParameters(
        command=COGNIMEM, env=server_env(), cwd=str(cwd),
        args=["serve", "--profile", "test", "--profile", str(profile), "--store", str(store),
              *extra])
    info = Implementation(name=name, version="1.0") if name else None
    return Client(params, client_info=info)


def test_two_agents_of_different_authority_write_conflicting_facts(
        store: Path, tmp_path: Path) -> None:
    profile = team_profile(tmp_path)

    async def body() -> None:
        async with agent("lead", profile, store, tmp_path) as lead, \
                agent("worker", profile, store, tmp_path) as worker:
            decision = data(await lead.call_tool("remember", {
                "content": "Deploys run on Fridays after the freeze", "kind": "decision"}))
            refused = error(await worker.call_tool("update", {
                "id": decision["id"], "content": "Deploys run on Mondays", "supersede": True}))
            assert "agent 'worker' (authority 10) cannot supersede" in refused
            assert "agent 'lead' (authority 50)" in refused
            assert "cannot delete" in error(await worker.call_tool(
                "forget", {"id": decision["id"], "permanent": True}))

            fact = data(await worker.call_tool("remember", {
                "content": "The staging database host is db-1", "kind": "fact"}))
            results: dict[str, Any] = {}

            async def replace(client: Client, name: str, host: str) -> None:
                results[name] = await client.call_tool("update", {
                    "id": fact["id"], "content": f"The staging database host is {host}",
                    "supersede": True})

            async with anyio.create_task_group() as group:  # at the same time
                group.start_soon(replace, lead, "lead", "db-2")
                group.start_soon(replace, worker, "worker", "db-3")

            # one chain, one current version: the second replacement is told the head
            won = [n for n, r in results.items() if not r.is_error]
            lost = [n for n, r in results.items() if r.is_error]
            assert len(won) == 1 and len(lost) == 1
            head = data(results[won[0]])["id"]
            assert f"supersede its current version {head}" in results[lost[0]].content[0].text
            hits = data(await worker.call_tool("recall", {
                "query": "staging database host", "explain": True}))["hits"]
            current = [h for h in hits if "superseded_by" not in h and "staging" in h["content"]]
            assert [(h["id"], h["agent"]) for h in current] == [(head, won[0])]

    anyio.run(body)


def test_an_agent_that_crashes_before_acknowledging_sees_the_changes_again(
        store: Path, tmp_path: Path) -> None:
    profile = team_profile(tmp_path, "duckdb")

    async def write(*contents: str) -> list[str]:
        async with agent("lead", profile, store, tmp_path) as lead:
            return [data(await lead.call_tool("remember", {"content": c}))["id"]
                    for c in contents]

    async def read(ack: bool) -> dict[str, Any]:
        async with agent("reader", profile, store, tmp_path) as reader:
            batch = data(await reader.call_tool("sync", {}))
            if ack:
                after = data(await reader.call_tool("sync", {"ack": batch["upto"]}))
                assert after["acknowledged"] == batch["upto"] and after["changes"] == []
            return batch  # without ack: the session ends as if the agent had crashed

    ids = anyio.run(write, "the cache TTL is 60 s", "the queue is SQS")
    first = anyio.run(read, False)
    assert [(c["change"], c["id"], c["agent"]) for c in first["changes"]] == [
        ("added", ids[0], "lead"), ("added", ids[1], "lead")]
    second = anyio.run(read, True)  # the restarted agent gets the same changes
    assert second["changes"] == first["changes"] and second["upto"] == first["upto"]

    stop_daemon(store)  # the offset is in the store: it survives the daemon
    more = anyio.run(write, "the region is eu-west-1")
    third = anyio.run(read, False)
    assert [c["id"] for c in third["changes"]] == more

    # the command line reads the same offsets
    assert main(["sync", "--agent", "reader", "--json", "--profile", "test", "--profile",
                 str(profile), "--store", str(store)]) == 0


def test_a_repository_with_project_and_global_memories(store: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str],
                                                       ) -> None:
    profile = team_profile(tmp_path)
    shop, blog = tmp_path / "shop", tmp_path / "blog"
    for repo in (shop, blog):
        (repo / ".git").mkdir(parents=True)
        (repo / "src").mkdir()
    shop_project = project_for(shop)  # named by the repository: shop@…
    assert shop_project is not None and shop_project.startswith("shop@")

    async def body() -> None:
        async with agent("a", profile, store, shop / "src") as in_shop:
            mine = data(await in_shop.call_tool("remember", {"content": "deploys use rsync"}))
            shared = data(await in_shop.call_tool("remember", {
                "content": "deploys need a changelog entry", "global_scope": True}))
            view = data(await in_shop.call_tool("get_memory", {"id": mine["id"]}))
            assert view["project"] == shop_project and view["agent"] == "a"
            assert "project" not in data(await in_shop.call_tool(
                "get_memory", {"id": shared["id"]}))
        async with agent("b", profile, store, blog) as in_blog:
            other = data(await in_blog.call_tool("remember",
                                                 {"content": "deploys use kubectl"}))
            found = data(await in_blog.call_tool("recall", {"query": "deploys"}))["hits"]
            assert {h["id"] for h in found} == {other["id"], shared["id"]}
            alone = data(await in_blog.call_tool("recall", {"query": "deploys",
                                                            "include_global": False}))
            assert [h["id"] for h in alone["hits"]] == [other["id"]]
            there = data(await in_blog.call_tool("recall", {"query": "deploys",
                                                            "project": shop_project}))
            assert {h["id"] for h in there["hits"]} == {mine["id"], shared["id"]}

    anyio.run(body)
    base = ["--profile", "test", "--profile", str(profile), "--store", str(store), "--json"]
    assert main(["search", "deploys", "--project", shop_project, *base]) == 0
    assert len(json.loads(capsys.readouterr().out)["hits"]) == 2
    assert main(["search", "deploys", "--project", shop_project, "--no-global", *base]) == 0
    assert len(json.loads(capsys.readouterr().out)["hits"]) == 1


def test_the_client_name_comes_first_and_the_configured_project_applies(
        store: Path, tmp_path: Path) -> None:
    profile = team_profile(tmp_path)

    async def body() -> dict[str, Any]:
        async with agent("nightly-bot", profile, store, tmp_path, "--agent", "ci-bot",
                         "--project", "infra") as bot:
            written = data(await bot.call_tool("remember", {"content": "runners are arm64"}))
            return data(await bot.call_tool("get_memory", {"id": written["id"]}))

    view = anyio.run(body)
    assert (view["agent"], view["project"]) == ("nightly-bot", "infra")


def test_time_travel_over_mcp_with_corrections() -> None:
    """Valid time set and corrected with remember / update, then asked with as_of (what
    was true) and believed_at (what memory held before a correction)."""
    from datetime import UTC, datetime

    from cognimem.clock import ManualClock
    from cognimem.engine import Engine
    from cognimem.mcp.server import build_server

    clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    engine = Engine.from_profile("test", clock=clock, overrides={"mcp": {"tools": "full"}})
    server = build_server(engine.profile, engine=engine, project="shop")

    async def body() -> None:
        async with Client(server, client_info=Implementation(name="lead", version="1")) as c:
            old = data(await c.call_tool("remember", {
                "content": "the on-call rotation is weekly", "valid_from": "2025-01-01"}))
            clock.set(datetime(2026, 2, 1, tzinfo=UTC))
            new = data(await c.call_tool("update", {
                "id": old["id"], "content": "the on-call rotation is fortnightly",
                "supersede": True, "valid_from": "2026-01-10"}))
            data(await c.call_tool("update", {"id": old["id"], "valid_until": "2026-01-10"}))
            clock.set(datetime(2026, 3, 1, tzinfo=UTC))
            data(await c.call_tool("update", {"id": new["id"], "valid_from": "2026-01-20"}))

            async def recall(**extra: str) -> list[str]:
                found = data(await c.call_tool("recall", {"query": "on-call rotation",
                                                          **extra}))
                return [h["id"] for h in found["hits"]]

            assert await recall(as_of="2025-12-01") == [old["id"]]
            assert await recall(as_of="2026-01-15") == []
            assert await recall(as_of="2026-01-15", believed_at="2026-02-15") == [new["id"]]
            assert await recall(believed_at="2026-01-15") == [old["id"]]
            then = data(await c.call_tool("recall", {"query": "on-call rotation",
                                                     "believed_at": "2026-01-15",
                                                     "explain": True}))["hits"][0]
            assert "superseded_by" not in then and then["agent"] == "lead"
            assert then["project"] == "shop"
            bad = error(await c.call_tool("recall", {"query": "x", "as_of": "yesterday"}))
            assert "as_of" in bad

    anyio.run(body)
