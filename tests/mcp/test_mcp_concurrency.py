"""Many agents, one store: eight MCP clients, each with its own ``cognimem serve`` process,
write and search the same store at once through its owner daemon. Zero errors, zero lost
writes, and every write is visible to every client afterwards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from daemon_helpers import COGNIMEM, server_env
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from cognimem.daemon.access import open_store
from cognimem.daemon.spawn import stop_daemon
from cognimem.profile import load_profile

CLIENTS = 8
WRITES = 12  # per client; each write is followed by a search for it


def marker(client: int, n: int) -> str:
    """A word that occurs in exactly one memory."""
    return f"zq{client}w{n}k"


RECORDS = ["memory", "duckdb"]


@pytest.mark.slow
@pytest.mark.parametrize("records", RECORDS)
def test_eight_clients_share_one_store(records: str, store: Path, tmp_path: Path) -> None:
    profile = tmp_path / "shared.toml"
    profile.write_text(f'[records]\nuse = {json.dumps(records)}\n\n[mcp]\ntools = "full"\n',
                       encoding="utf-8")
    params = StdioServerParameters(
        command=COGNIMEM, env=server_env(),
        args=["serve", "--profile", "test", "--profile", str(profile), "--store", str(store)])
    written: dict[int, list[str]] = {}
    seen: dict[int, set[str]] = {}
    problems: list[str] = []
    all_written = anyio.Event()

    async def agent(c: int) -> None:
        async with Client(params) as client:
            ids: list[str] = []
            for n in range(WRITES):
                result = await client.call_tool("remember", {
                    "content": f"agent {c} learned fact {n}: {marker(c, n)}",
                    "tags": [f"agent-{c}"]})
                if result.is_error or not result.structured_content:
                    problems.append(f"agent {c} remember {n}: {result.content}")
                    continue
                ids.append(result.structured_content["id"])
                found = await client.call_tool("recall", {"query": marker(c, n), "k": 3})
                hits = [] if found.is_error else (found.structured_content or {})["hits"]
                if ids[-1] not in [h["id"] for h in hits]:
                    problems.append(f"agent {c} could not find its write {n}: {found.content}")
            written[c] = ids
            if len(written) == CLIENTS:
                all_written.set()
            await all_written.wait()
            listed = await client.call_tool("list_memories", {"limit": 200})
            if listed.is_error:
                problems.append(f"agent {c} list: {listed.content}")
                return
            seen[c] = {m["id"] for m in (listed.structured_content or {})["memories"]}

    async def main() -> None:
        with anyio.fail_after(240):
            async with anyio.create_task_group() as group:
                for c in range(CLIENTS):
                    group.start_soon(agent, c)

    anyio.run(main)
    assert problems == []
    acknowledged = {i for ids in written.values() for i in ids}
    assert len(acknowledged) == CLIENTS * WRITES
    for c in range(CLIENTS):
        assert seen[c] == acknowledged, f"agent {c} does not see every write"

    # Nothing acknowledged is lost: with the daemon gone, a fresh owner finds every write.
    shared = load_profile("test", profile, overrides={"path": str(store)})
    if records != "memory":
        assert stop_daemon(store) is not None
    with open_store(shared) as engine:
        stored = {m.id for m in engine.list_memories(limit=1000)}
    assert stored == acknowledged


def test_a_cli_call_and_an_agent_share_the_store(store: Path) -> None:
    from cognimem.cli import main

    assert main(["add", "added from the command line", "--profile", "test",
                 "--store", str(store)]) == 0
    params = StdioServerParameters(command=COGNIMEM, env=server_env(),
                                   args=["serve", "--profile", "test", "--store", str(store)])

    async def recall() -> Any:
        async with Client(params) as client:
            return (await client.call_tool("recall", {"query": "command line"})).structured_content

    hits = anyio.run(recall)["hits"]
    assert [h["content"] for h in hits] == ["added from the command line"]
