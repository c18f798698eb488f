"""Every field a caller gives has a limit, checked in the models: the engine, the CLI, the
MCP tools and import refuse the same values, quote at most a short prefix, and write nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem import limits
from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.errors import InvalidInput
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile

HUGE = "x" * 20_000_000


def nested(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"k": value}
    return value


@pytest.mark.parametrize(("fields", "says"), [
    ({"title": HUGE}, "title is 20,000,000 characters; the limit is 500"),
    ({"kind": "k" * 65}, "kind is 65 characters; the limit is 64"),
    ({"scope": {"project": "p" * 201}}, "scope.project is 201 characters; the limit is 200"),
    ({"tags": [f"t{i}" for i in range(65)]}, "65 tags; the limit is 64"),
    ({"tags": ["t" * 65]}, "a tag is 65 characters; the limit is 64"),
    ({"meta": nested(900)}, "meta is nested more than 16 levels deep"),
    ({"meta": {"blob": "b" * 70_000}}, "the limit is 65,536"),
    ({"provenance": ["m"] * 1025}, "1,025 provenance entries"),
    ({"created_at": "0001-01-01T00:00:00+00:00"}, "outside the years 1900-2500"),
    ({"valid_until": "9999-01-01T00:00:00+00:00"}, "outside the years 1900-2500"),
], ids=["title", "kind", "project", "tag-count", "tag-length", "meta-depth", "meta-size",
        "provenance", "created-year", "valid-year"])
def test_the_engine_refuses_oversized_fields(engine: Engine, fields: dict[str, Any],
                                             says: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        engine.add("a note", **fields)
    message = str(caught.value)
    assert says in message
    assert len(message) < 400  # a short prefix, never the value
    assert engine._records.count_memories() == 0 and engine.store.last_event() is None


def test_values_at_the_limit_are_accepted(engine: Engine) -> None:
    written = engine.add("a note", title="t" * limits.TITLE_CHARS, kind="k" * limits.KIND_CHARS,
                         tags=[f"t{i}" for i in range(limits.TAGS)],
                         meta=nested(limits.META_DEPTH))
    assert len(written.memory.tags) == limits.TAGS


def test_queries_are_bounded(engine: Engine) -> None:
    with pytest.raises(InvalidInput, match="query text is 10,001 characters"):
        engine.search("q" * 10_001)
    with pytest.raises(InvalidInput, match="the limit is 200"):
        engine.search("q", agent="a" * 201)


def test_updates_share_the_limits(engine: Engine) -> None:
    memory = engine.add("a note").memory
    with pytest.raises(InvalidInput, match="title is"):
        engine.update(memory.id, title="t" * 501)
    assert engine.get(memory.id).version == 1


def test_the_cli_prints_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["add", "a note", "--title", "t" * 100_000, "--profile", "test"])
    err = capsys.readouterr().err
    assert status == 2
    assert "title is 100,000 characters; the limit is 500" in " ".join(err.split())
    assert len(err) < 400


def test_mcp_remember_refuses_and_writes_nothing() -> None:
    srv = build_server(load_profile("test"))

    async def body() -> tuple[str, Any]:
        async with Client(srv) as client:
            bad = await client.call_tool("remember", {"content": "x", "title": "t" * 10_000})
            status = await client.call_tool("status", {})
            assert bad.is_error
            return bad.content[0].text, status.structured_content  # type: ignore[union-attr]

    message, status = anyio.run(body)
    assert "title is 10,000 characters; the limit is 500" in message and len(message) < 400
    assert status["memories"] == 0


def test_import_refuses_foreign_ids_and_times_with_their_position(engine: Engine,
                                                                  tmp_path: Path) -> None:
    engine.add("first")
    engine.add("second")
    good = engine.export()
    with Engine.from_profile("test") as target:
        bad_id = copy.deepcopy(good)
        bad_id["memories"][1]["id"] = "../../etc/passwd"
        with pytest.raises(InvalidInput, match=r"memories\[1\]: the id '../../etc/passwd'"):
            target.import_(bad_id)
        naive = copy.deepcopy(good)
        naive["memories"][0]["created_at"] = "2025-01-01T00:00:00"
        with pytest.raises(InvalidInput, match=r"memories\[0\]\.created_at: .* no time zone"):
            target.import_(naive)
        ancient = copy.deepcopy(good)
        ancient["events"][1]["at"] = "0005-01-01T00:00:00+00:00"
        with pytest.raises(InvalidInput, match=r"events\[1\]\.at: .*outside the years"):
            target.import_(ancient)
        deep = copy.deepcopy(good)
        deep["memories"][0]["meta"] = nested(900)
        with pytest.raises(InvalidInput, match=r"memories\[0\]\.meta: .*nested"):
            target.import_(json.loads(json.dumps(deep)))
        assert target._records.count_memories() == 0
        assert target.import_(good).memories == 2
