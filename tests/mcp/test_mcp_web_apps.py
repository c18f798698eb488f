"""``cognimem serve --http --mount NAME``: a plugin's web app (``cognimem_register_web_apps``)
beside the MCP endpoint, over the server's store, behind the same token, Host check and (for
the dashboard) CSRF; nothing is mounted unless asked."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from daemon_helpers import COGNIMEM, free_port, server_env, stop_server, wait_for_port
from mcp import Client
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient
from test_mcp_serve import TOKEN, data, http

from cognimem.errors import InvalidInput
from cognimem.mcp.web_apps import beside, mounted
from cognimem.profile import load_profile

WEB_PLUGIN = '''
from cognimem import hookimpl
from cognimem.extensions import WebAppSpec


@hookimpl
def cognimem_register_web_apps(register):
    register(WebAppSpec(name="hello", help="says hello", build="hello_web:build"))
'''

WEB_MODULE = '''
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

SEEN = []


def build(api, *, token, hosts, lock):
    SEEN.append((api, token, tuple(hosts), lock))

    async def hello(request):
        return PlainTextResponse("hello from the web app")

    return Starlette(routes=[Route("/hello", hello)])
'''


@pytest.fixture
def hello_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A profile loading a plugin file that adds the web app ``hello``."""
    (tmp_path / "hello_web.py").write_text(WEB_MODULE, encoding="utf-8")
    (tmp_path / "hello_web_plugin.py").write_text(WEB_PLUGIN, encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('[plugins]\nfiles = ["hello_web_plugin.py"]\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield profile
    sys.modules.pop("hello_web", None)


def test_hook_cognimem_register_web_apps(hello_profile: Path) -> None:
    """A plugin's web app is found by name, built over the server's store, and answers
    every path but the MCP endpoint's."""
    profile = load_profile(str(hello_profile))
    build = mounted(profile, "hello")
    assert "hello_web" in sys.modules  # imported only now, when mounted
    web = build("the store", token=TOKEN, hosts=["127.0.0.1"], lock="the lock")
    assert sys.modules["hello_web"].SEEN == [("the store", TOKEN, ("127.0.0.1",), "the lock")]

    async def mcp_says(request: Any) -> PlainTextResponse:
        return PlainTextResponse("mcp")

    mcp = Starlette(routes=[Route("/mcp", mcp_says, methods=["GET", "POST"]),
                            Route("/mcp/x", mcp_says)])
    with TestClient(beside(mcp, "/mcp", web)) as client:
        assert client.get("/hello").text == "hello from the web app"
        assert client.get("/mcp").text == "mcp" and client.get("/mcp/x").text == "mcp"
        assert client.get("/mcpx").status_code == 404  # not the endpoint: the web app's
    with pytest.raises(InvalidInput, match="web apps: dashboard, hello") as refused:
        mounted(profile, "nope")
    assert "--mount 'nope'" in str(refused.value)
    assert "dashboard" in {r["name"] for r in _plugins(hello_profile) if r["kind"] == "web_app"}


def _plugins(profile: Path) -> list[dict[str, Any]]:
    import json

    out = subprocess.run([COGNIMEM, "plugins", "--json", "--profile", str(profile)],
                         capture_output=True, text=True, timeout=120, check=True,
                         env={**os.environ, **server_env()}).stdout
    rows: list[dict[str, Any]] = json.loads(out)
    return rows


def serve(tmp_path: Path, *extra: str) -> tuple[int, subprocess.Popen[bytes]]:
    port = free_port()
    log = open(tmp_path / f"server-{port}.log", "wb")  # noqa: SIM115 - the process holds it
    process = subprocess.Popen(
        [COGNIMEM, "serve", "--http", "--port", str(port), "--profile", "test", *extra],
        stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, **server_env(), "COGNIMEM_HTTP_TOKEN": TOKEN})
    log.close()
    wait_for_port(port, process)
    return port, process


@pytest.mark.parametrize("where", ["in memory", "through the daemon"])
def test_the_dashboard_beside_mcp_shares_the_store_and_the_guards(
        tmp_path: Path, where: str, request: pytest.FixtureRequest) -> None:
    import httpx2

    disk = ["--store", str(request.getfixturevalue("store"))] if where != "in memory" else []
    port, process = serve(tmp_path, "--mount", "dashboard", *disk)
    try:
        base = f"http://127.0.0.1:{port}"

        async def remember() -> dict[str, Any]:
            async with Client(http(f"{base}/mcp")) as client:
                return data(await client.call_tool("remember", {
                    "content": "The release train leaves on Thursdays"}))
        kept = anyio.run(remember)
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        page = httpx2.get(f"{base}/search?q=release+train", headers=bearer, timeout=30)
        assert page.status_code == 200 and kept["id"] in page.text  # one store
        assert "script-src 'self';" in page.headers["content-security-policy"]
        assert httpx2.get(f"{base}/search", timeout=30).status_code == 401
        wrong = {"Authorization": "Bearer wrong-token-0123456789abcdef"}
        assert httpx2.get(f"{base}/search", headers=wrong, timeout=30).status_code == 401
        forged = httpx2.get(f"{base}/search", timeout=30,
                            headers={**bearer, "Host": "evil.example"})
        assert forged.status_code in (400, 403, 421)
        no_csrf = httpx2.post(f"{base}/memory/{kept['id']}/archive", headers=bearer,
                              data={"reason": "x"}, timeout=30)
        assert no_csrf.status_code == 403
        page = httpx2.get(f"{base}/search?q=release+train", headers=bearer, timeout=30)
        assert kept["id"] in page.text  # the refused post archived nothing
        assert httpx2.post(f"{base}/mcp", json={}, timeout=30).status_code == 401
    finally:
        stop_server(process)
    assert process.returncode == 0


def test_nothing_is_mounted_unless_asked(tmp_path: Path) -> None:
    import httpx2

    port, process = serve(tmp_path)
    try:
        reply = httpx2.get(f"http://127.0.0.1:{port}/search",
                           headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
        assert reply.status_code == 404
    finally:
        stop_server(process)
    unknown = subprocess.run(
        [COGNIMEM, "serve", "--http", "--port", str(free_port()), "--profile", "test",
         "--mount", "nope"], capture_output=True, text=True, timeout=120,
        env={**os.environ, **server_env(), "COGNIMEM_HTTP_TOKEN": TOKEN})
    assert unknown.returncode == 2 and "web apps: dashboard" in unknown.stderr
    stdio = subprocess.run([COGNIMEM, "serve", "--profile", "test", "--mount", "dashboard"],
                           capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
                           env={**os.environ, **server_env()})
    assert stdio.returncode == 2 and "--mount needs --http" in stdio.stderr
