"""graph_ask: neighbours, paths and facts, bounded, at the engine and both doors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.engine import Engine
from cognimem.errors import InvalidInput
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem.testing.cli import in_process_store
from cognimem.testing.cli import run_main as run
from cognimem_plugins.graph import ask as asking
from cognimem_plugins.graph.ask import ask

NOTES = ("The Billing Service retries charges with Stripe three times",
         "Stripe webhooks go to the Billing Service queue",
         "Postgres holds the invoices of the Ledger")


def seed(engine: Engine) -> list[str]:
    ids = [engine.add(text).id for text in NOTES]
    engine.relate(ids[0], ids[2], type="depends_on")
    return ids


def test_neighbours_facts_and_paths(gengine: Engine) -> None:
    ids = seed(gengine)
    around = ask(gengine, "neighbours", ids[0])
    kinds = {(n.edge, n.direction, n.node.id) for n in around.neighbours or []}
    assert ("depends_on", "out", ids[2]) in kinds
    assert ("mentions", "out", "entity:stripe") in kinds
    facts = ask(gengine, "facts", "Stripe")
    assert {f.id for f in facts.facts or []} == {ids[0], ids[1]}
    path = ask(gengine, "path", "stripe", to="postgres")
    assert [(s.edge, s.direction) for s in path.path or []] == [
        ("mentions", "in"), ("depends_on", "out"), ("mentions", "out")]
    short = ask(gengine, "path", "stripe", to="postgres", max_hops=2)
    assert short.path is None and short.note == "no path of at most 2 links"
    one = ask(gengine, "neighbours", "billing service", limit=1)
    assert len(one.neighbours or []) == 1 and one.left_out == 1


def test_archived_memories_and_other_projects_are_left_out(gengine: Engine) -> None:
    ids = seed(gengine)
    gengine.archive(ids[1])
    assert {f.id for f in ask(gengine, "facts", "stripe").facts or []} == {ids[0]}
    elsewhere = gengine.add("Stripe keys live in the vault", scope={"project": "ops"}).id
    assert elsewhere not in {f.id for f in ask(gengine, "facts", "stripe",
                                               project="shop").facts or []}


def test_bounds_are_refused_naming_the_limit(gengine: Engine,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    seed(gengine)
    with pytest.raises(InvalidInput, match="give 1 to 100"):
        ask(gengine, "neighbours", "stripe", limit=1000)
    with pytest.raises(InvalidInput, match="give 1 to 6"):
        ask(gengine, "path", "stripe", to="postgres", max_hops=9)
    with pytest.raises(InvalidInput, match="no memory or entity 'nothing here'"):
        ask(gengine, "facts", "nothing here")
    with pytest.raises(InvalidInput, match="give `to`"):
        ask(gengine, "path", "stripe")
    monkeypatch.setattr(asking, "MAX_VISITS", 2)
    with pytest.raises(InvalidInput, match="limit of 2 nodes"):
        ask(gengine, "path", "stripe", to="postgres")


def test_mcp_graph_ask() -> None:
    server = build_server(load_profile("graph", overrides={
        "embedder": {"use": "hash"}, "mcp": {"tools": "full"}}))

    async def body() -> tuple[Any, Any]:
        async with Client(server) as client:
            for text in NOTES:
                await client.call_tool("remember", {"content": text})
            facts = await client.call_tool("graph_ask", {"question": "facts",
                                                         "node": "billing service"})
            refused = await client.call_tool("graph_ask", {"question": "neighbours",
                                                           "node": "stripe", "limit": 500})
            return facts, refused

    facts, refused = anyio.run(body)
    assert not facts.is_error and len(facts.structured_content["facts"]) == 2
    assert refused.is_error and "100" in refused.content[0].text


def test_cli_graph_ask(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    base = in_process_store(tmp_path, monkeypatch, '[records]\nuse = "duckdb"\n\n'
                            '[[extract]]\nuse = "entities"\n', "graphask")
    for text in NOTES:
        assert run(capsys, "add", text, *base)[0] == 0
    status, answer, _ = run(capsys, "graph", "ask", "facts", "stripe", "--json", *base)
    assert status == 0 and len(answer["facts"]) == 2
    status, out, _ = run(capsys, "graph", "ask", "neighbours", "stripe", *base)
    assert status == 0 and "mentions" in out and "<-" in out
    status, out, _ = run(capsys, "graph", "ask", "path", "stripe", "billing service", *base)
    assert status == 0 and "entity:billing service" in out
    status, _, err = run(capsys, "graph", "ask", "path", "stripe", "x", "--max-hops", "7",
                         *base)
    assert status == 2 and "max_hops" in err and len(err.strip().splitlines()) == 1
