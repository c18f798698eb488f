"""The real server process (``cognimem serve``) with a real MCP client session, over stdio
and over streamable HTTP: list tools, remember, recall with explain, update, forget, and bad
calls that come back as tool errors while the server keeps serving."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from daemon_helpers import COGNIMEM, free_port, server_env, stop_server, wait_for_port
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult

from cognimem.daemon.access import open_store
from cognimem.profile import load_profile


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def error(result: CallToolResult) -> str:
    assert result.is_error, result.structured_content
    return result.content[0].text  # type: ignore[union-attr]


async def exercise(client: Client) -> dict[str, str]:
    """The scenario every transport must pass; returns the ids it kept."""
    names = [t.name for t in (await client.list_tools()).tools]
    assert names == ["remember", "recall", "update", "forget", "relate", "status"]

    kept = data(await client.call_tool("remember", {
        "content": "CI runs on GitHub Actions with a uv cache", "kind": "fact",
        "tags": ["ci"], "project": "shop"}))
    dropped = data(await client.call_tool("remember", {"content": "the staging host is db-2"}))

    hits = data(await client.call_tool("recall", {"query": "GitHub Actions cache",
                                                  "project": "shop", "explain": True}))["hits"]
    assert hits[0]["id"] == kept["id"] and hits[0]["tags"] == ["ci"]
    assert "fuse:rrf" in hits[0]["why"]

    updated = data(await client.call_tool("update", {
        "id": kept["id"], "content": "CI runs on GitHub Actions with a uv cache and ruff"}))
    assert updated == {"id": kept["id"], "version": 2}
    assert data(await client.call_tool("forget", {"id": dropped["id"]}))["action"] == "archived"

    assert "no memory has id 'm-missing'" in error(
        await client.call_tool("forget", {"id": "m-missing"}))
    assert "unknown argument 'text'" in error(
        await client.call_tool("remember", {"text": "oops"}))
    assert "content is empty" in error(await client.call_tool("remember", {"content": " "}))
    assert "Unknown tool" in error(await client.call_tool("remember_everything", {}))

    status = data(await client.call_tool("status", {}))  # still serving after the bad calls
    assert status["memories"] == 2 and status["archived"] == 1
    return {"kept": kept["id"], "dropped": dropped["id"]}


def stdio(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=COGNIMEM, args=["serve", *args], env=server_env())


TOKEN = "test-token-0123456789abcdef"


def http(url: str, token: str = TOKEN) -> Any:
    """A streamable HTTP transport that sends the bearer token."""
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    return streamable_http_client(url, http_client=httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {token}"}, timeout=30))


def session(server: StdioServerParameters | str) -> dict[str, str]:
    async def main() -> dict[str, str]:
        target = http(server) if isinstance(server, str) else server
        async with Client(target) as client:
            return await exercise(client)
    return anyio.run(main)


def test_stdio_with_an_in_memory_store() -> None:
    session(stdio("--profile", "test"))


def test_stdio_through_the_store_daemon(store: Path) -> None:
    ids = session(stdio("--profile", "test", "--store", str(store)))
    # The server process is gone; the store (in its daemon) kept what it acknowledged.
    with open_store(load_profile("test", overrides={"path": str(store)})) as engine:
        assert "uv cache and ruff" in engine.get(ids["kept"]).content
        assert engine.get(ids["dropped"]).archived


NOISY_PLUGIN = '''
from typing import Annotated
from pydantic import BaseModel, Field
from cognimem import hookimpl
from cognimem.components import ToolSpec

print("a plugin printing while it loads")


class Shout(BaseModel):
    said: str


def shout(engine, word: Annotated[str, Field(description="what to shout")]) -> Shout:
    """Print to stdout, then answer. Example: {"word": "hi"}"""
    print("a tool printing", word)
    return Shout(said=word)


@hookimpl
def cognimem_register_tools(register):
    register(ToolSpec("shout", shout, read_only=True, sets=frozenset({"core"})))
'''


def test_printing_plugins_cannot_corrupt_the_stdio_wire(tmp_path: Path) -> None:
    plugin = tmp_path / "noisy.py"
    plugin.write_text(NOISY_PLUGIN, encoding="utf-8")
    profile = tmp_path / "noisy.toml"
    profile.write_text(f'[plugins]\nfiles = [{json.dumps(str(plugin))}]\n', encoding="utf-8")

    async def main() -> dict[str, Any]:
        async with Client(stdio("--profile", "test", "--profile", str(profile))) as client:
            return data(await client.call_tool("shout", {"word": "hello"}))

    assert anyio.run(main) == {"said": "hello"}


# HTTP ------------------------------------------------------------------------------------------


@pytest.fixture
def http_server(tmp_path: Path) -> Any:
    port = free_port()
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [COGNIMEM, "serve", "--http", "--port", str(port), "--profile", "test"],
        stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, **server_env(), "COGNIMEM_HTTP_TOKEN": TOKEN})
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/mcp", process
    finally:
        stop_server(process)
        log.close()


def test_streamable_http(http_server: tuple[str, subprocess.Popen[bytes]]) -> None:
    url, process = http_server
    session(url)
    # A second session shares the server's engine (the lifespan is the server's, not the
    # session's): what the first one remembered is there.
    async def second() -> dict[str, Any]:
        async with Client(http(url)) as client:
            return data(await client.call_tool("status", {}))
    assert anyio.run(second)["memories"] == 2
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == 0


def test_streamable_http_through_the_store_daemon(store: Path, tmp_path: Path) -> None:
    port = free_port()
    with open(tmp_path / "server.log", "wb") as log:
        process = subprocess.Popen(
            [COGNIMEM, "serve", "--http", "--port", str(port), "--profile", "test",
             "--store", str(store)],
            stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, **server_env(), "COGNIMEM_HTTP_TOKEN": TOKEN})
        try:
            wait_for_port(port, process)
            ids = session(f"http://127.0.0.1:{port}/mcp")
        finally:
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=20) == 0
    with open_store(load_profile("test", overrides={"path": str(store)})) as engine:
        assert engine.get(ids["dropped"]).archived  # kept by the daemon after the server left


def test_http_refuses_requests_without_the_token(
        http_server: tuple[str, subprocess.Popen[bytes]]) -> None:
    import httpx2

    url, _process = http_server
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "intruder", "version": "0"}}}
    headers = {"Accept": "application/json, text/event-stream"}
    for auth in ({}, {"Authorization": "Bearer wrong-token-0123456789"},
                 {"Authorization": TOKEN}):
        reply = httpx2.post(url, json=body, headers={**headers, **auth}, timeout=30)
        assert reply.status_code == 401, auth
        assert "Bearer" in reply.headers["www-authenticate"]
    forged = httpx2.post(url, json=body, timeout=30, headers={
        **headers, "Authorization": f"Bearer {TOKEN}", "Host": "evil.example"})
    assert forged.status_code in (400, 421)  # Host checked even with the token


def test_http_refuses_a_public_bind_unless_asked(tmp_path: Path) -> None:
    result = subprocess.run(
        [COGNIMEM, "serve", "--http", "--host", "0.0.0.0", "--profile", "test"],
        capture_output=True, text=True, timeout=60,
        env={**os.environ, **server_env(), "COGNIMEM_HTTP_TOKEN": TOKEN})
    assert result.returncode == 2
    assert "--public" in result.stderr and "TLS" in result.stderr


def test_the_token_is_made_once_private_and_written_for_http_clients(tmp_path: Path) -> None:
    from cognimem.cli.app import main
    from cognimem.mcp.http_auth import load_token, token_file

    env = {"XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    saved = {k: os.environ.get(k) for k in (*env, "COGNIMEM_HTTP_TOKEN")}
    os.environ.update(env)
    os.environ.pop("COGNIMEM_HTTP_TOKEN", None)
    try:
        token, made = load_token(create=True)
        assert made and (token_file().stat().st_mode & 0o777) == 0o600
        assert load_token(create=True) == (token, False)
        target = tmp_path / "claude.json"
        assert main(["config", "claude-code", "--http", "http://127.0.0.1:8765/mcp",
                     "--write", "--path", str(target), "--profile", "test"]) == 0
        entry = json.loads(target.read_text(encoding="utf-8"))["mcpServers"]["cognimem"]
        assert entry == {"type": "http", "url": "http://127.0.0.1:8765/mcp",
                         "headers": {"Authorization": f"Bearer {token}"}}
        assert main(["config", "claude-desktop", "--http", "http://x/mcp",
                     "--profile", "test"]) == 2
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def test_http_shutdown_closes_the_engine(
        http_server: tuple[str, subprocess.Popen[bytes]], tmp_path: Path) -> None:
    _url, process = http_server
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=20) == 0
    log = (tmp_path / "server.log").read_text(encoding="utf-8")
    assert "Application shutdown complete" in log  # the lifespan (and engine) closed


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_serve_refuses_a_bad_profile_on_stderr(tmp_path: Path) -> None:
    result = subprocess.run([COGNIMEM, "serve", "--profile", str(tmp_path / "missing.toml")],
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, **server_env()})
    assert result.returncode == 2
    assert result.stdout == ""  # stdout is the wire: nothing but protocol goes there
    assert "missing.toml" in result.stderr and "does not exist" in result.stderr
