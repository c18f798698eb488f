"""The MCP server built from a profile, driven in process by the SDK's client: tool sets,
schemas, annotations, results, and bad calls that come back as tool errors."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import anyio
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from cognimem import hookimpl
from cognimem.components import ToolSpec
from cognimem.engine import Engine
from cognimem.errors import PluginError, ProfileError
from cognimem.mcp.server import AppState, build_server
from cognimem.profile import load_profile
from cognimem.registry import Register
from cognimem_plugins.graph.tools import TOOLS as GRAPH_TOOLS
from cognimem_plugins.mcp_tools.plugin import TOOLS

CORE = ["remember", "recall", "update", "forget", "relate", "status"]


def server(tools: str = "core", plugins: tuple[object, ...] = ()) -> MCPServer[AppState]:
    return build_server(load_profile("test", overrides={"mcp": {"tools": tools}}),
                        plugins=plugins)


def run(srv: MCPServer[AppState], body: Callable[[Client], Awaitable[Any]]) -> Any:
    """Run ``body`` in one client session (one engine for the whole body)."""
    async def main() -> Any:
        async with Client(srv) as client:
            return await body(client)
    return anyio.run(main)


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    text = result.content[0].text  # type: ignore[union-attr]
    assert json.loads(text) == result.structured_content  # text and structure agree
    return result.structured_content


def error(result: CallToolResult) -> str:
    assert result.is_error
    return result.content[0].text  # type: ignore[union-attr]


# tool sets -------------------------------------------------------------------------------------


def test_core_set_is_six_tools_with_truthful_annotations() -> None:
    tools = run(server(), lambda c: c.list_tools()).tools
    assert [t.name for t in tools] == CORE
    hints = {t.name: t.annotations for t in tools}
    assert hints["recall"].read_only_hint and hints["status"].read_only_hint
    assert not hints["remember"].read_only_hint and not hints["remember"].destructive_hint
    assert hints["forget"].destructive_hint and hints["update"].destructive_hint
    assert hints["relate"].idempotent_hint and not hints["remember"].idempotent_hint
    assert all(t.output_schema for t in tools)


def test_full_set_adds_the_rest() -> None:
    names = [t.name for t in run(server("full"), lambda c: c.list_tools()).tools]
    assert names[:6] == CORE
    assert {"get_memory", "list_memories", "supersede", "unrelate", "get_links", "restore",
            "list_graveyard", "maintain", "check", "list_events", "export_memories",
            "import_memories", "reindex"} <= set(names)


def test_descriptions_have_examples_and_schemas_are_strict() -> None:
    first_party = {spec.name for spec in (*TOOLS, *GRAPH_TOOLS)}
    for tool in run(server("full"), lambda c: c.list_tools()).tools:
        schema = tool.input_schema
        assert schema["additionalProperties"] is False, tool.name
        assert "engine" not in schema.get("properties", {}) and "ctx" not in schema.get(
            "properties", {})
        if tool.name not in first_party:
            continue  # other plugins document their own tools
        assert "Example:" in (tool.description or ""), tool.name
        for name, prop in schema.get("properties", {}).items():
            assert prop.get("description"), f"{tool.name}.{name} has no description"
            assert "title" not in prop  # titles only repeat the names


def test_unknown_tool_set_names_the_choices() -> None:
    with pytest.raises(ProfileError, match=r"mcp.tools.*choose one of: core, full"):
        server("everything")


# the core tools ---------------------------------------------------------------------------------


def test_remember_recall_update_forget() -> None:
    async def body(c: Client) -> None:
        first = data(await c.call_tool("remember", {
            "content": "Orders API uses cursor pagination", "kind": "decision",
            "tags": ["API"], "project": "shop"}))
        assert first["created"] is True and "notes" not in first
        again = data(await c.call_tool("remember", {
            "content": "Orders API uses cursor pagination", "project": "shop"}))
        assert again == {"id": first["id"], "created": False, "outcome": "duplicate",
                         "notes": [f"duplicate of {first['id']}"]}

        plain = data(await c.call_tool("recall", {"query": "pagination"}))
        assert plain["hits"][0].keys() == {"id", "score", "confidence", "content"}
        explained = data(await c.call_tool("recall", {"query": "pagination", "explain": True}))
        hit = explained["hits"][0]
        assert hit["id"] == first["id"] and hit["tags"] == ["api"]
        assert "retrieve:bm25" in hit["why"] and "fuse:rrf" in hit["why"]

        edited = data(await c.call_tool("update", {"id": first["id"], "importance": 0.9}))
        assert edited == {"id": first["id"], "version": 2}
        new = data(await c.call_tool("update", {
            "id": first["id"], "content": "Orders API: cursor pagination since v2",
            "supersede": True}))
        assert new["supersedes"] == first["id"] and new["id"] != first["id"]
        hits = data(await c.call_tool("recall", {"query": "cursor pagination"}))["hits"]
        old = next(h for h in hits if h["id"] == first["id"])
        assert old["superseded_by"] == new["id"]

        gone = data(await c.call_tool("forget", {"id": new["id"]}))
        assert gone == {"id": new["id"], "action": "archived"}
        hits = data(await c.call_tool("recall", {"query": "since v2"}))["hits"]
        assert new["id"] not in [h["id"] for h in hits]
        deleted = data(await c.call_tool("forget", {"id": first["id"], "permanent": True}))
        assert deleted["action"] == "deleted"
        status = data(await c.call_tool("status", {}))
        assert status["memories"] == 1 and status["archived"] == 1

    run(server(), body)


def test_recall_filters_by_project_and_tags() -> None:
    async def body(c: Client) -> None:
        a = data(await c.call_tool("remember", {"content": "deploys use rsync",
                                                 "project": "shop", "tags": ["ops"]}))
        b = data(await c.call_tool("remember", {"content": "deploys use kubectl",
                                                 "project": "blog"}))
        shop = data(await c.call_tool("recall", {"query": "deploys", "project": "shop"}))
        assert [h["id"] for h in shop["hits"]] == [a["id"]]
        tagged = data(await c.call_tool("recall", {"query": "deploys", "tags": ["OPS"]}))
        assert [h["id"] for h in tagged["hits"]] == [a["id"]]
        both = data(await c.call_tool("recall", {"query": "deploys", "k": 1}))
        assert len(both["hits"]) == 1 and both["hits"][0]["id"] in {a["id"], b["id"]}

    run(server(), body)


def test_relate_and_the_full_set_tools() -> None:
    async def body(c: Client) -> None:
        a = data(await c.call_tool("remember", {"content": "service A calls service B"}))["id"]
        b = data(await c.call_tool("remember", {"content": "service B owns billing"}))["id"]
        link = data(await c.call_tool("relate", {"source": a, "target": b,
                                                 "type": "depends_on", "weight": 2}))
        assert link == {"source": a, "target": b, "type": "depends_on", "weight": 2.0}
        assert data(await c.call_tool("get_links", {"id": b}))["links"] == [link]
        memory = data(await c.call_tool("get_memory", {"id": a}))
        assert memory["content"] == "service A calls service B" and "title" not in memory
        listed = data(await c.call_tool("list_memories", {"limit": 1}))
        assert listed["memories"][0]["id"] == b and listed["next_offset"] == 1
        data(await c.call_tool("unrelate", {"source": a, "target": b, "type": "depends_on"}))
        assert data(await c.call_tool("get_links", {"id": b}))["links"] == []
        data(await c.call_tool("forget", {"id": a}))
        assert [m["id"] for m in data(await c.call_tool("list_graveyard", {}))["memories"]] == [a]
        assert data(await c.call_tool("restore", {"id": a}))["id"] == a
        assert data(await c.call_tool("check", {}))["ok"] is True
        ops = [e["op"] for e in data(await c.call_tool("list_events", {"id": a}))["events"]]
        assert ops == ["add", "relate", "unrelate", "archive", "restore"]
        assert data(await c.call_tool("maintain", {"dry_run": True}))["counts"] == {}

    run(server("full"), body)


def full_server(exports: Any) -> MCPServer[AppState]:
    return build_server(load_profile("test", overrides={
        "mcp": {"tools": "full", "exports": str(exports)}}))


def test_export_then_import_into_another_store(tmp_path: Any) -> None:
    exports = tmp_path / "exports"

    async def export(c: Client) -> dict[str, Any]:
        await c.call_tool("remember", {"content": "kept across stores"})
        done = data(await c.call_tool("export_memories", {"path": "export.json"}))
        assert "exists" in error(await c.call_tool("export_memories", {"path": "export.json"}))
        again = await c.call_tool("export_memories", {"path": "export.json", "overwrite": True})
        assert not again.is_error
        return done

    async def restore(c: Client) -> list[str]:
        report = data(await c.call_tool("import_memories", {"path": "export.json"}))
        assert report["mode"] == "restore" and report["memories"] == 1
        hits = data(await c.call_tool("recall", {"query": "kept across stores"}))["hits"]
        return [h["content"] for h in hits]

    assert run(full_server(exports), export)["memories"] == 1
    assert (exports / "export.json").stat().st_mode & 0o777 == 0o600
    assert run(full_server(exports), restore) == ["kept across stores"]  # a fresh engine


def test_file_tools_stay_in_their_folder(tmp_path: Any) -> None:
    import os

    exports = tmp_path / "exports"
    exports.mkdir()
    victim = tmp_path / ".bashrc"
    victim.write_text("export PATH=...\n", encoding="utf-8")
    (exports / "theirs.json").write_text("{}", encoding="utf-8")
    os.mkfifo(exports / "pipe.json")
    (exports / "link.json").symlink_to(victim)

    async def body(c: Client) -> list[str]:
        return [
            error(await c.call_tool("export_memories", {"path": str(victim),
                                                         "overwrite": True})),
            error(await c.call_tool("export_memories", {"path": "../.bashrc"})),
            error(await c.call_tool("export_memories", {"path": "theirs.json",
                                                         "overwrite": True})),
            error(await c.call_tool("import_memories", {"path": "pipe.json"})),
            error(await c.call_tool("import_memories", {"path": "link.json"})),
            error(await c.call_tool("export_memories", {"path": "x.json", "overwrite": "yes"})),
        ]

    outside, climbing, not_ours, fifo, link, flag = run(full_server(exports), body)
    assert "outside the exports folder" in outside and "outside the exports folder" in climbing
    assert "was not written by export_memories" in not_ours
    assert "not a regular file" in fifo and "not a regular file" in link
    assert "overwrite" in flag and "bool" in flag.lower()
    assert victim.read_text(encoding="utf-8") == "export PATH=...\n"
    assert (exports / "theirs.json").read_text(encoding="utf-8") == "{}"


def test_destructive_flags_take_real_booleans() -> None:
    async def body(c: Client) -> tuple[str, int]:
        mid = data(await c.call_tool("remember", {"content": "keep me"}))["id"]
        message = error(await c.call_tool("forget", {"id": mid, "permanent": "yes"}))
        status = data(await c.call_tool("status", {}))
        return message, status["memories"]

    message, memories = run(server(), body)
    assert "permanent" in message and memories == 1


@pytest.mark.parametrize(("tool", "arguments", "field"), [
    pytest.param("update", {"protected": "yes"}, "protected", id="protected-yes"),
    pytest.param("update", {"protected": 1}, "protected", id="protected-1"),
    pytest.param("update", {"importance": "0.5"}, "importance", id="importance-text"),
    pytest.param("update", {"valid_from": 1700000000}, "valid_from", id="valid-from-number"),
    pytest.param("remember", {"content": "x", "importance": "0.5"}, "importance",
                 id="remember-importance-text"),
    pytest.param("recall", {"query": "keep", "k": "5"}, "k", id="k-text"),
])
def test_arguments_must_have_their_own_type(tool: str, arguments: dict[str, Any],
                                            field: str) -> None:
    """A flag is true/false, a number is a number, a date is ISO text: no coercion at the
    door, and nothing changes."""
    async def body(c: Client) -> tuple[str, dict[str, Any]]:
        mid = data(await c.call_tool("remember", {"content": "keep me"}))["id"]
        call = {**arguments, **({"id": mid} if tool == "update" else {})}
        message = error(await c.call_tool(tool, call))
        after = data(await c.call_tool("recall", {"query": "keep me"}))
        return message, after

    message, after = run(server(), body)
    assert field in message
    (hit,) = after["memories"] if "memories" in after else after["hits"]
    assert hit.get("protected") in (None, False) and hit.get("importance") in (None, 0.5)


def test_a_1_mb_reason_and_a_100_kb_id_are_refused_with_the_limit() -> None:
    async def body(c: Client) -> tuple[str, str, dict[str, Any]]:
        mid = data(await c.call_tool("remember", {"content": "keep me"}))["id"]
        reason = error(await c.call_tool("forget", {"id": mid, "reason": "r" * 1_000_000}))
        long_id = error(await c.call_tool("forget", {"id": "m" + "x" * 100_000}))
        return reason, long_id, data(await c.call_tool("status", {}))

    reason, long_id, status = run(server(), body)
    assert "reason" in reason and "1000 characters" in reason and len(reason) < 1_500
    assert "id" in long_id and "200 characters" in long_id and len(long_id) < 1_500
    assert status["memories"] == 1  # nothing was archived


def test_typed_arguments_still_pass() -> None:
    async def body(c: Client) -> dict[str, Any]:
        mid = data(await c.call_tool("remember", {"content": "keep me", "importance": 1}))["id"]
        data(await c.call_tool("update", {"id": mid, "protected": True, "importance": 0.25,
                                          "valid_from": "2026-03-01"}))
        return data(await c.call_tool("recall", {"query": "keep me", "k": 5}))

    assert run(server(), body)


def test_an_in_memory_store_needs_an_exports_folder() -> None:
    async def body(c: Client) -> str:
        return error(await c.call_tool("export_memories", {"path": "x.json"}))

    assert "mcp.exports" in run(server("full"), body)


# bad calls --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tool", "arguments", "says"), [
    ("remember", {}, "content"),
    ("remember", {"content": "   "}, "content is empty"),
    ("remember", {"content": "x", "tag": ["a"]}, "unknown argument 'tag'; remember takes: "),
    ("remember", {"content": "x", "importance": 3}, "importance"),
    ("remember", {"content": "x", "layer": "longterm"}, "layer"),
    ("recall", {"query": ""}, "query text is empty"),
    ("recall", {"query": "x", "k": 0}, "k"),
    ("forget", {"id": "m-nope"}, "no memory has id 'm-nope'"),
    ("update", {"id": "m-nope", "content": "x"}, "no memory has id 'm-nope'"),
    ("relate", {"source": "m-a", "target": "m-b"}, "no memory has id 'm-a'"),
    ("no_such_tool", {}, "Unknown tool: no_such_tool"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_bad_calls_are_tool_errors_that_say_what_to_fix(
        tool: str, arguments: dict[str, Any], says: str) -> None:
    async def body(c: Client) -> tuple[str, dict[str, Any]]:
        message = error(await c.call_tool(tool, arguments))
        after = data(await c.call_tool("status", {}))  # the server is still serving
        return message, after

    message, after = run(server(), body)
    assert says in message
    assert after["memories"] == 0  # and nothing was written


def test_update_errors_name_the_missing_fields() -> None:
    async def body(c: Client) -> list[str]:
        mid = data(await c.call_tool("remember", {"content": "a fact"}))["id"]
        return [error(await c.call_tool("update", {"id": mid})),
                error(await c.call_tool("update", {"id": mid, "tags": ["x"],
                                                   "supersede": True}))]

    nothing, no_content = run(server(), body)
    assert "nothing to change" in nothing and "content" in nothing
    assert "supersede=true needs the new `content`" in no_content


# plugin tools -----------------------------------------------------------------------------------


class Count(BaseModel):
    """How many memories mention a word."""

    word: str
    count: int


def count_word(engine: Engine,
               word: Annotated[str, Field(description="the word to count")]) -> Count:
    """Count memories that mention a word. Example: {"word": "deploy"}"""
    n = sum(word in m.content for m in engine.list_memories(limit=1000))
    return Count(word=word, count=n)


class CountingPlugin:
    @hookimpl
    def cognimem_register_tools(self, register: Register) -> None:
        register(ToolSpec("count_word", count_word, read_only=True, sets=frozenset({"core"})))


def test_a_plugin_tool_joins_its_set_and_gets_the_engine() -> None:
    async def body(c: Client) -> tuple[list[str], dict[str, Any]]:
        names = [t.name for t in (await c.list_tools()).tools]
        await c.call_tool("remember", {"content": "deploy on friday"})
        return names, data(await c.call_tool("count_word", {"word": "deploy"}))

    names, counted = run(server(plugins=(CountingPlugin(),)), body)
    assert "count_word" in names
    assert counted == {"word": "deploy", "count": 1}


class DuplicatePlugin:
    @hookimpl
    def cognimem_register_tools(self, register: Register) -> None:
        register(ToolSpec("recall", count_word, sets=frozenset({"core"})))


def test_a_duplicate_tool_name_fails_the_build() -> None:
    with pytest.raises(PluginError, match="duplicate tool name 'recall'"):
        server(plugins=(DuplicatePlugin(),))


def no_engine() -> str:
    """Example: {}"""
    return ""


def var_keywords(engine: Engine, **arguments: Any) -> str:
    """Example: {}"""
    return ""


@pytest.mark.parametrize(("func", "says"), [
    (no_engine, "must take the engine"),
    (var_keywords, "typed keyword parameters"),
])
def test_a_tool_that_cannot_be_exposed_fails_the_build(func: Any, says: str) -> None:
    class BadPlugin:
        @hookimpl
        def cognimem_register_tools(self, register: Register) -> None:
            register(ToolSpec("bad_tool", func, sets=frozenset({"core"})))

    with pytest.raises(PluginError, match=says):
        server(plugins=(BadPlugin(),))


def test_the_engine_lives_in_the_lifespan_and_is_closed_at_shutdown() -> None:
    closed: list[Engine] = []

    class Watcher:
        @hookimpl
        def cognimem_engine_closing(self, engine: Engine) -> None:
            closed.append(engine)

    async def body(c: Client) -> int:
        await c.call_tool("status", {})
        return len(closed)

    during = run(server(plugins=(Watcher(),)), body)
    assert during == 0
    assert len(closed) == 1
