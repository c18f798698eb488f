"""The startup context as an MCP prompt and as MCP resources (every project, or one), over
an in-process client session; bad specs refused when the server is built."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem import hookimpl
from cognimem.components import PromptSpec, ResourceSpec
from cognimem.errors import PluginError
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem.registry import Register


def text(content: Any) -> str:
    """The text of a message or resource content (an error when it has none)."""
    return str(content.text)


def test_context_prompt_and_resources() -> None:
    srv = build_server(load_profile("test"))

    async def body() -> dict[str, Any]:
        async with Client(srv) as client:
            await client.call_tool("remember", {
                "content": "We decided to ship the shop on Thursdays.", "project": "shop",
                "kind": "decision"})
            await client.call_tool("remember", {
                "content": "Billing retries failed charges three times.", "project": "billing"})
            prompts = await client.list_prompts()
            resources = await client.list_resources()
            templates = await client.list_resource_templates()
            prompt = await client.get_prompt("startup_context",
                                             {"project": "shop", "budget": "200"})
            everything = await client.read_resource("cognimem://context")
            shop = await client.read_resource("cognimem://context/shop")
            return {"prompts": [p.name for p in prompts.prompts],
                    "arguments": {a.name for p in prompts.prompts for a in p.arguments or []},
                    "resources": [str(r.uri) for r in resources.resources],
                    "templates": [t.uri_template for t in templates.resource_templates],
                    "prompt": text(prompt.messages[0].content),
                    "all": text(everything.contents[0]), "shop": text(shop.contents[0])}

    got = anyio.run(body)
    assert got["prompts"] == ["startup_context"] and got["arguments"] == {"project", "budget",
                                                                          "trace"}
    assert "cognimem://context" in got["resources"]
    assert "cognimem://context/{project}" in got["templates"]
    assert got["prompt"].startswith("What long-term memory holds")
    assert "ship the shop on Thursdays" in got["prompt"] and "Billing" not in got["prompt"]
    assert "Thursdays" in got["all"] and "Billing retries" in got["all"]
    assert "Thursdays" in got["shop"] and "Billing" not in got["shop"]


def test_a_bad_budget_is_a_clear_prompt_error() -> None:
    srv = build_server(load_profile("test"))

    async def body() -> str:
        async with Client(srv) as client:
            try:
                await client.get_prompt("startup_context", {"budget": "3"})
            except Exception as exc:  # the SDK raises its MCP error type
                return str(exc)
            return "no error"

    message = anyio.run(body)
    assert "budget" in message and "50" in message


class BadResource:
    @hookimpl
    def cognimem_register_tools(self, register: Register) -> None:
        register(ResourceSpec("bad", "cognimem://x/{nope}", "startup_context", str))


class NoTool:
    @hookimpl
    def cognimem_register_tools(self, register: Register) -> None:
        register(PromptSpec("orphan", "no_such_tool", str))


@pytest.mark.parametrize(("plugin", "message"), [
    (BadResource(), r"URI variables \['nope'\] are not parameters"),
    (NoTool(), "no tool 'no_such_tool' is registered")])
def test_bad_specs_fail_the_build(plugin: object, message: str) -> None:
    with pytest.raises(PluginError, match=message):
        build_server(load_profile("test"), plugins=[plugin])
