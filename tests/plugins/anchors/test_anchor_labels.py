"""The startup context labels memories about code (``cognimem_memory_labels``, implemented
by the anchors plugin): fresh, stale or orphaned beside each item, and the trace says why;
in the Python API, the command line (through the store's daemon) and the MCP tool."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from anchor_helpers import RETRY, repository
from mcp import Client

from cognimem.cli import main
from cognimem.engine import Engine
from cognimem.labels import labels_of
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem.session import bound
from cognimem.testing import build_engine
from cognimem_plugins.intake.context import build

FACT = "retry backoff doubles each time: src/net/retry.py::backoff"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return repository(tmp_path)


@pytest.fixture
def engine(repo: Path) -> Iterator[Engine]:
    eng = build_engine()  # no anchors ranker: the hook labels on its own
    with bound({"folder": str(repo)}):
        yield eng
    eng.close()


def change(repo: Path) -> None:
    (repo / "src/net/retry.py").write_text(RETRY.replace("2 ** n", "3 ** n"),
                                           encoding="utf-8")


def test_hook_cognimem_memory_labels(engine: Engine, repo: Path) -> None:
    kept = engine.add(FACT).memory
    plain = engine.add("we deploy on Thursdays").memory
    found = labels_of(engine, [kept, plain])
    assert list(found) == [kept.id] and [(x.name, x.warn) for x in found[kept.id]] == [
        ("fresh", False)]
    change(repo)
    [label] = labels_of(engine, [kept, plain])[kept.id]
    assert (label.name, label.warn) == ("stale", True)
    assert label.note.startswith("changed since: src/net/retry.py")
    (repo / "src/net/retry.py").unlink()
    [label] = labels_of(engine, [kept])[kept.id]
    assert (label.name, label.note[:25]) == ("orphaned", "gone: src/net/retry.py (c")
    with bound({"folder": str(repo.parent)}):  # another folder: its file is not there
        assert labels_of(engine, [kept])[kept.id][0].name == "orphaned"
    assert labels_of(engine, []) == {}


def test_the_context_marks_each_anchored_item_and_the_trace_says_why(
        engine: Engine, repo: Path) -> None:
    kept = engine.add(FACT, kind="decision").memory
    engine.add("we deploy on Thursdays")
    found = build(engine)
    line = next(i for i, x in enumerate(found.text.splitlines()) if kept.id in x)
    assert found.text.splitlines()[line + 1] == "  *fresh: the anchored code is unchanged*"
    assert found.text.count("*fresh") == 1, "only the anchored memory is labelled"
    change(repo)
    found = build(engine)
    assert "  *! stale: changed since: src/net/retry.py" in found.text
    traced = {t.id: t for t in found.trace}
    assert traced[kept.id].reason == "decision, stale"
    assert traced[kept.id].labels[0].startswith("stale: changed since: src/net/retry.py")
    assert all(t.reason == "recent" and not t.labels for i, t in traced.items()
               if i != kept.id)


def test_cli_context_labels_through_the_daemon(repo: Path, persistent: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(repo / "src")  # the command's folder: the repository's root is bound
    p = ["--profile", str(persistent)]
    assert main(["add", FACT, *p, "--json"]) == 0
    added = json.loads(capsys.readouterr().out)["id"]
    change(repo)
    assert main(["context", "--trace", *p, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "*! stale: changed since: src/net/retry.py" in data["text"]
    [row] = data["trace"]
    assert (row["id"], row["reason"]) == (added, "recent, stale")
    assert main(["context", "--trace", *p]) == 0
    out = capsys.readouterr().out
    assert "recent, stale" in out and "changed since" in out


def test_mcp_startup_context_labels(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo)
    server = build_server(load_profile("test", overrides={"mcp": {"tools": "full"}}))

    async def body() -> dict[str, Any]:
        async with Client(server) as client:
            await client.call_tool("remember", {"content": FACT})
            (repo / "src/net/retry.py").unlink()
            done = await client.call_tool("startup_context", {"trace": True})
            assert done.structured_content is not None
            return done.structured_content

    found = anyio.run(body)
    assert "*! orphaned: gone: src/net/retry.py" in found["text"]
    assert found["trace"][0]["reason"] == "recent, orphaned"
