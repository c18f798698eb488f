"""Deleted means gone: after a permanent delete the text is in none of the store's files
(DuckDB reuses free pages without clearing them; tantivy keeps a deleted document's terms
until a merge), from the engine, the CLI and the MCP tool."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile

#: A distinctive text (not a credential: the guard would redact one before it is stored).
SECRET = "quokka-zanzibar-7731"
STACK = {"records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
         "vectors": {"use": "lancedb"}}


def found_in_files(root: Path, needle: str) -> list[str]:
    """Files under ``root`` holding ``needle`` in any case (tantivy lowercases terms)."""
    wanted = needle.lower().encode()
    return [str(p.relative_to(root)) for p in root.rglob("*")
            if p.is_file() and wanted in p.read_bytes().lower()]


def fill(engine: Engine, n: int = 300) -> str:
    engine.add_many([f"ordinary note {i} about the deploy pipeline and its checks"
                     for i in range(n)])
    secret = engine.add(f"the meeting codename is {SECRET} do not share").id
    engine.add_many([f"later note {i} about reviews" for i in range(n)])
    return secret


def test_a_plain_delete_leaves_the_text_and_purge_removes_it(tmp_path: Path) -> None:
    store = tmp_path / "store"
    overrides = {"path": str(store), **STACK}
    with Engine.from_profile("test", overrides=overrides) as engine:
        secret = fill(engine)
    with Engine.from_profile("test", overrides=overrides) as engine:
        engine.delete(secret)
    leaked = found_in_files(store, SECRET)
    assert leaked, "the old behaviour this guards against: free pages keep the text"
    with Engine.from_profile("test", overrides=overrides) as engine:
        engine.purge()
        assert engine.records.count_memories() == 600
        assert engine.check().ok
        assert engine.search("ordinary note 7 deploy pipeline").hits
    assert found_in_files(store, SECRET) == []


def test_cli_delete_purges(tmp_path: Path, capsys: Any) -> None:
    store = tmp_path / "store"
    overrides = {"path": str(store), **STACK}
    with Engine.from_profile("test", overrides=overrides) as engine:
        secret = fill(engine, 50)
    profile = tmp_path / "p.toml"
    profile.write_text('[records]\nuse = "duckdb"\n[lexical]\nuse = "tantivy"\n'
                       '[vectors]\nuse = "lancedb"\n', encoding="utf-8")
    assert main(["delete", secret, "--profile", "test", "--profile", str(profile),
                 "--store", str(store)]) == 0
    main(["daemon", "stop", "--profile", "test", "--profile", str(profile),
          "--store", str(store)])
    assert found_in_files(store, SECRET) == []


def test_mcp_forget_permanent_purges(tmp_path: Path) -> None:
    store = tmp_path / "store"
    profile = load_profile("test", overrides={"path": str(store), **STACK})
    with Engine.from_profile(profile) as engine:
        secret = fill(engine, 50)

    async def body() -> None:
        async with Client(build_server(profile)) as client:
            done = await client.call_tool("forget", {"id": secret, "permanent": True})
            assert not done.is_error, done.content

    anyio.run(body)
    assert found_in_files(store, SECRET) == []
