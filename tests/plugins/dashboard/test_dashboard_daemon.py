"""The dashboard over the store's owner daemon (the default stack: DuckDB, Tantivy, HNSW,
with the hash embedder; and the PostgreSQL stack): pages read and changes write through the
daemon's typed client while another client (an agent) keeps using the store, a dream run is
applied and undone; and ``cognimem ui``'s refusals."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dash_fixtures import HOST, TOKEN, make_app
from starlette.testclient import TestClient

from cognimem.daemon.access import open_store
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.spawn import stop_daemon
from cognimem.profile import Profile, load_profile
from cognimem_plugins.dashboard.security import Keys


@pytest.fixture(params=["duckdb", "postgres"])
def on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            request: pytest.FixtureRequest) -> Iterator[Profile]:
    """The default profile on a temp store with the hash embedder (on the PostgreSQL stack
    in a schema of its own for ``postgres``); its daemon stopped after."""
    monkeypatch.setenv("COGNIMEM_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    store = tmp_path / "store"
    stack: dict[str, Any] = {}
    schema = f"dash_{os.getpid()}_{abs(hash(request.node.name)) % 10**8}"
    if request.param == "postgres":
        dsn = request.getfixturevalue("postgres_dsn")
        stack = {"records": {"use": "postgres", "dsn": dsn, "schema": schema},
                 "lexical": {"use": "postgres"}, "vectors": {"use": "pgvector"}}
    yield load_profile("default", overrides={"path": str(store), "embedder": {"use": "hash"},
                                             **stack})
    stop_daemon(store)
    if stack:
        import psycopg

        with psycopg.connect(stack["records"]["dsn"], autocommit=True) as con:
            con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def test_pages_and_changes_go_through_the_daemon(on_disk: Profile) -> None:
    with open_store(on_disk) as dashboard_api, open_store(on_disk) as agent:
        assert isinstance(dashboard_api, RemoteEngine) and isinstance(agent, RemoteEngine)
        first = agent.add("Orders API uses cursor pagination", scope={"project": "shop"}).memory
        client = TestClient(make_app(dashboard_api), base_url=f"http://{HOST}",
                            headers={"Authorization": f"Bearer {TOKEN}"},
                            follow_redirects=False)
        assert first.id in client.get("/search?q=orders+pagination").text
        later = agent.add("Refunds are settled nightly", scope={"project": "shop"}).memory
        assert later.id in client.get("/search?q=refunds").text  # the agent's write, live
        health = client.get("/health").text
        assert 'id="daemon"' in health and "api:search" in health  # per-call p50/p95
        response = client.post(f"/memory/{first.id}/archive", data={"csrf": Keys(TOKEN).csrf})
        assert response.status_code == 303
        assert agent.get(first.id).archived  # the agent sees the dashboard's change
        assert client.get(f"/memory/{first.id}").status_code == 200
        assert client.get("/health?check=1").text.count('id="check" class="ok"') == 1


def test_dream_and_undo_through_the_daemon(on_disk: Profile) -> None:
    dreamy = on_disk.model_copy(update={"guard": []})  # near-duplicates reach the store
    with open_store(dreamy) as dashboard_api, open_store(dreamy) as agent:
        pair = [agent.add(t, scope={"project": "shop"}).memory.id for t in (
            "Orders API uses cursor pagination", "Orders API uses cursor pagination.")]
        client = TestClient(make_app(dashboard_api), base_url=f"http://{HOST}",
                            headers={"Authorization": f"Bearer {TOKEN}"},
                            follow_redirects=False)
        csrf = {"csrf": Keys(TOKEN).csrf}
        applied = client.post("/consolidation/apply", data={**csrf, "force": "1"})
        assert applied.status_code == 200 and "Applied" in applied.text
        [grave] = agent.graveyard()
        run = agent.undo_dream(dry_run=True).run
        assert run and f"Undo run {run}" in applied.text
        undone = client.post("/consolidation/undo", data={**csrf, "run": run})
        assert undone.status_code == 200 and f"Undone: {run}" in undone.text
        assert not agent.graveyard() and grave.memory.id in pair
        assert not any(m.archived for m in agent.get_many(pair).values())


def _ui(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cognimem", "ui", "--profile", "test", *args],
                          capture_output=True, text=True, timeout=60)


def test_cognimem_ui_serves_behind_the_token(tmp_path: Path) -> None:
    import httpx
    from dash_browser import free_port, wait_until

    port = free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "COGNIMEM_HTTP_TOKEN": TOKEN}
    server = subprocess.Popen([sys.executable, "-m", "cognimem", "ui", "--profile", "test",
                               "--port", str(port)], env=env, stderr=subprocess.PIPE,
                              text=True)
    try:
        url = f"http://127.0.0.1:{port}/search"
        assert wait_until(lambda: _answers(url), timeout=60)
        assert httpx.get(url).status_code == 401
        page = httpx.get(url, headers={"Authorization": f"Bearer {TOKEN}"})
        assert page.status_code == 200 and "Recently changed memories" in page.text
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/login" in err and TOKEN not in err


def _answers(url: str) -> bool:
    import httpx

    try:
        httpx.get(url, timeout=1)
    except httpx.HTTPError:
        return False
    return True


def test_ui_refuses_a_public_bind_and_a_folder_without_runs(tmp_path: Path) -> None:
    public = _ui("--host", "0.0.0.0")
    assert public.returncode != 0 and "--public" in public.stderr
    assert len(public.stderr.strip().splitlines()) == 1
    folder = _ui("--eval", str(tmp_path))
    assert folder.returncode != 0 and "aggregated.csv" in folder.stderr
