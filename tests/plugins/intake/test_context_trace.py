"""The startup context keeps markdown, shows titles once, explains itself (--trace / trace)
and refuses a bad budget; ``receipts`` prints a table; bad input to compact stores nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.engine import Engine
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem.testing.cli import in_process_store
from cognimem.testing.cli import run_main as run
from cognimem_plugins.intake.context import build
from cognimem_plugins.intake.context_text import item

NOTE = """## Restore

Restore with:

```bash
cognimem restore --from s3://bucket
# a comment, not a heading
```

- keep 30 days
- encrypt at rest
"""


def test_items_keep_markdown_and_show_titles_once(engine: Engine) -> None:
    memory = engine.add(NOTE, title="Backups > Backups > Restore").memory
    text = item(memory)
    lines = text.splitlines()
    assert lines[0] == f"- **Backups > Restore** [{memory.id}]"
    assert "  ```bash" in lines and "  # a comment, not a heading" in lines
    assert "  - keep 30 days" in lines and "Restore with:" in text
    assert text.count("Restore") == 2, "the section's heading is the title's, not repeated"
    heading = engine.add("# Deploys\n\nShip on Thursdays.\n\n### Rollback\n\nRun it.").memory
    assert "  ##### Rollback" in item(heading).splitlines()  # under the context's sections


def test_a_long_memory_is_cut_with_its_fence_closed(engine: Engine) -> None:
    code = "\n".join(f"line_{i} = {i}" for i in range(300))
    memory = engine.add(f"Setup:\n```python\n{code}\n```").memory
    lines = item(memory).splitlines()
    assert lines[-2:] == ["  ```", "  …"] and sum(len(x) for x in lines) < 1000


def test_trace_gives_reasons_and_near_misses(engine: Engine) -> None:
    engine.add("We decided the API is versioned in the path", kind="decision")
    engine.add("Keep this: the deploy key rotates monthly", protected=True)
    engine.add("I prefer tabs in Go code", kind="preference")
    for i in range(40):
        engine.add(f"worked on the importer step {i}: parsing dates and currencies")
    found = build(engine, budget=120)
    reasons = {t.reason for t in found.trace}
    assert {"decision", "protected", "preference", "recent"} <= reasons
    assert found.tokens <= 120 and found.left_out == len(found.near_misses) > 0
    assert sum(t.tokens for t in found.trace) <= found.tokens
    assert all(t.reason == "recent" for t in found.near_misses)
    assert [t.id for t in found.trace] == found.ids


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return in_process_store(tmp_path, monkeypatch, '[records]\nuse = "duckdb"\n', "ctx")


def test_cli_context_trace_and_budget(capsys: pytest.CaptureFixture[str],
                                      base: list[str], tmp_path: Path) -> None:
    assert run(capsys, "add", NOTE, "--title", "Backups > Restore", *base)[0] == 0
    assert run(capsys, "add", "ship on Thursdays", "--kind", "decision", *base)[0] == 0
    status, out, _ = run(capsys, "context", "--trace", *base)
    assert status == 0 and "  ```bash" in out and "tokens" in out and "decision" in out
    status, data, _ = run(capsys, "context", "--trace", "--budget", "50", "--json", *base)
    assert status == 0 and data["trace"][0]["reason"] == "decision"
    assert data["near_misses"][0]["reason"] == "recent" and data["tokens"] <= 50
    store = tmp_path / "s"
    before = sorted(p.name for p in store.iterdir()) if store.exists() else []
    status, out, err = run(capsys, "context", "--budget", "-5", *base)
    assert status == 2 and out == "" and err.strip().count("\n") == 0
    assert "budget -5: give a token budget from 50 to 20,000" in err
    assert (sorted(p.name for p in store.iterdir()) if store.exists() else []) == before


def test_mcp_context_trace_and_prompt() -> None:
    server = build_server(load_profile("test", overrides={"mcp": {"tools": "full"}}))

    async def body() -> tuple[Any, Any, str]:
        async with Client(server) as client:
            await client.call_tool("remember", {"content": "ship on Thursdays",
                                                "kind": "decision"})
            await client.call_tool("remember", {"content": NOTE, "title": "Backups > Restore"})
            traced = await client.call_tool("startup_context", {"trace": True})
            plain = await client.call_tool("startup_context", {})
            prompt = await client.get_prompt("startup_context", {"trace": "true"})
            return traced.structured_content, plain.structured_content, str(
                prompt.messages[0].content.text)  # type: ignore[union-attr]

    traced, plain, prompt = anyio.run(body)
    assert [t["reason"] for t in traced["trace"]] == ["decision", "recent"]
    assert traced["near_misses"] == [] and "trace" not in plain
    assert "  ```bash" in traced["text"] and "Why these items" in prompt


def transcript(folder: Path) -> Path:
    lines = [json.dumps({"type": role, "sessionId": "session-" + "0123456789abcdef" * 3,
                         "message": {"role": role, "content": text}})
             for role, text in (("user", "We decided to deploy with blue-green releases."),
                                ("assistant", "Noted: deploys are blue-green from now on."))]
    path = folder / "session.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cli_receipts_table_keeps_session_ids_whole(capsys: pytest.CaptureFixture[str],
                                                    base: list[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert run(capsys, "receipts", *base)[1].strip() == "no compaction receipts yet"
    assert run(capsys, "compact", str(transcript(tmp_path)), *base)[0] in (0, 1)
    status, out, _ = run(capsys, "receipts", *base)
    assert status == 0 and "receipt" in out.splitlines()[1] and "session" in out
    assert "session-" + "0123456789abcdef" * 3 in "".join(
        line.split("│")[3].strip() for line in out.splitlines() if line.count("│") > 4)
    assert all(len(line) <= 80 for line in out.splitlines())


@pytest.mark.parametrize("content", [os.urandom(3000), b"", b"just some notes\nno speakers\n"],
                         ids=["binary", "empty", "not-a-transcript"])
def test_compact_refuses_bad_input_at_both_doors(capsys: pytest.CaptureFixture[str],
                                                 base: list[str], tmp_path: Path,
                                                 content: bytes) -> None:
    path = tmp_path / "input.bin"
    path.write_bytes(content)
    status, out, err = run(capsys, "compact", str(path), *base)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert run(capsys, "receipts", "--json", *base)[1] == {"receipts": []}
    assert run(capsys, "list", "--json", *base)[1] == []
    server = build_server(load_profile("test", overrides={"mcp": {"tools": "full"}}))

    async def body() -> tuple[Any, Any, Any]:
        async with Client(server) as client:
            compacted = await client.call_tool("compact_transcript", {"path": str(path)})
            captured = await client.call_tool("capture", {"path": str(path)})
            listed = await client.call_tool("list_memories", {})
            return compacted, captured, listed.structured_content

    compacted, captured, listed = anyio.run(body)
    for refused in (compacted, captured):
        assert refused.is_error and "\n" not in refused.content[0].text.strip()
    assert listed["memories"] == []
