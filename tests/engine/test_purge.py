"""Deleted means gone: after a permanent delete (and an update, once purged) the text is in
none of the store's files (DuckDB reuses free pages without clearing them; tantivy keeps a
deleted document's terms until a merge), from the engine, the CLI and the MCP tool; the
access and event logs keep no query, forget reason or conflict value (issue #40)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.events import verify_chain
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
        assert engine._records.count_memories() == 600
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


# text that outlives its memory (issue #40, point 6): what an update replaced, what a search
# asked and why a memory was forgotten leave the store's files ----------------------------

OLD = "wombat-kilimanjaro-4417"
ASKED = "pangolin-samarkand-9052"
WHY = "narwhal-timbuktu-2288"
EXACT = {**STACK, "vectors": {"use": "exact"}}


def overrides(store: Path, purge: str = "close", query: str = "hash") -> dict[str, Any]:
    return {"path": str(store), **EXACT, "write": {"purge_on_update": purge},
            "search": {"access_query": query}}


def fill_old(engine: Engine) -> str:
    engine.add_many([f"ordinary note {i} about the deploy pipeline" for i in range(200)])
    return engine.add(f"the project codename is {OLD} for now").id


def test_update_without_purge_leaves_the_old_text(tmp_path: Path) -> None:
    """The finding: an update's old text stays in the files (`purge_on_update = "off"`)."""
    store = tmp_path / "store"
    with Engine.from_profile("test", overrides=overrides(store, "off")) as engine:
        mid = fill_old(engine)
    with Engine.from_profile("test", overrides=overrides(store, "off")) as engine:
        engine.update(mid, content="the project codename is secret now")
    assert found_in_files(store, OLD), "free pages and index segments keep the old text"


@pytest.mark.parametrize("mode", ["close", "update"])
def test_update_purges_the_old_text(tmp_path: Path, mode: str) -> None:
    store = tmp_path / "store"
    with Engine.from_profile("test", overrides=overrides(store, mode)) as engine:
        mid = fill_old(engine)
    with Engine.from_profile("test", overrides=overrides(store, mode)) as engine:
        engine.update(mid, content="the project codename is secret now")
        if mode == "update":  # purged as the update committed, the engine still open
            assert found_in_files(store, OLD) == []
            assert engine.search("codename secret", k=1).hits[0].memory.id == mid
    assert found_in_files(store, OLD) == []
    with Engine.from_profile("test", overrides=overrides(store, mode)) as engine:
        assert engine.check().ok and engine.get(mid).version == 2


def test_cli_and_mcp_purge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "store"
    with Engine.from_profile("test", overrides=overrides(store, "off")) as engine:
        mid = fill_old(engine)
        engine.update(mid, content="the project codename is secret now")
    assert found_in_files(store, OLD)
    profile = tmp_path / "p.toml"
    profile.write_text('[records]\nuse = "duckdb"\n[lexical]\nuse = "tantivy"\n'
                       '[write]\npurge_on_update = "off"\n', encoding="utf-8")
    args = ["--profile", "test", "--profile", str(profile), "--store", str(store)]
    try:
        assert main(["purge", *args]) == 0
        assert "purged" in capsys.readouterr().out
    finally:
        main(["daemon", "stop", *args])
    assert found_in_files(store, OLD) == []

    other = tmp_path / "other"
    profile_mcp = load_profile("test", overrides={**overrides(other, "off"),
                                                  "mcp": {"tools": "full"}})
    with Engine.from_profile(profile_mcp) as engine:
        mid = fill_old(engine)
        engine.update(mid, content="the project codename is secret now")

    async def body() -> None:
        async with Client(build_server(profile_mcp)) as client:
            done = await client.call_tool("purge_store", {})
            assert not done.is_error, done.content
            assert done.structured_content == {"purged": True}

    anyio.run(body)
    assert found_in_files(other, OLD) == []


@pytest.mark.parametrize(("mode", "kept"), [("hash", False), ("none", False), ("text", True)])
def test_the_access_log_keeps_no_query_text(tmp_path: Path, mode: str, kept: bool) -> None:
    """Searches are recorded per hit; by default with a hash of the query, not its words."""
    store = tmp_path / "store"
    with Engine.from_profile("test", overrides=overrides(store, query=mode)) as engine:
        fill_old(engine)
        assert engine.search(f"deploy pipeline {ASKED}", k=3).hits
    assert bool(found_in_files(store, ASKED)) is kept


def test_the_event_log_keeps_no_forget_reason(tmp_path: Path) -> None:
    """A forget reason is kept in the graveyard while the memory is archived, and in the
    event log only as a digest: after a delete and a purge it is in no file, and the hash
    chain still verifies."""
    store = tmp_path / "store"
    with Engine.from_profile("test", overrides=overrides(store)) as engine:
        mid = fill_old(engine)
        engine.archive(mid, reason=f"retired because {WHY}")
        assert WHY in engine.graveyard()[0].reason
        engine.delete(mid, purge=True)
        assert verify_chain(engine.events()) == []
        assert [e.op for e in engine.events() if e.target == mid] == ["add", "archive",
                                                                       "delete"]
    assert found_in_files(store, WHY) == []
