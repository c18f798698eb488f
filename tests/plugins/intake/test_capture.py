"""Transcript capture and compaction receipts: facts found without an LLM, each memory with
its session and turn, growing sessions captured again without duplicates, malformed lines
reported with their line, receipts kept and failures said loudly; CLI and MCP."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.mcp.server import build_server
from cognimem.profile import load_profile
from cognimem_plugins.intake.rules import facts
from cognimem_plugins.intake.transcript import read

TURNS = [
    ("user", "We decided to use Postgres 16 for the billing service. Thanks!"),
    ("assistant", "Noted. I will add the migration in db/migrations/0042_billing.sql today."),
    ("user", "Please always run `make lint` before you commit."),
    ("assistant", "The build failed with ImportError: no module named foo. The fix was to "
                  "pin foo==2.1.0 in requirements.txt."),
    ("user", "Alice owns the payments API and Bob is on-call this week."),
    ("assistant", "The p95 latency budget is 250 ms for checkout."),
    ("user", "ok"),
]


def session_file(folder: Path, turns: list[tuple[str, str]] = TURNS, bad: bool = True) -> Path:
    lines = [json.dumps({"type": "summary", "summary": "x"})]
    for role, text in turns:
        content: Any = text if role == "user" else [{"type": "text", "text": text}]
        lines.append(json.dumps({"type": role, "sessionId": "s-123",
                                 "message": {"role": role, "content": content}}))
    if bad:
        lines.insert(3, "{not json")
    path = folder / "session.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_facts_of_every_kind_are_found(tmp_path: Path) -> None:
    path = session_file(tmp_path)
    transcript = read(path, path.read_text(encoding="utf-8"))
    assert transcript.session == "s-123" and len(transcript.turns) == 7
    assert transcript.problems == ["session.jsonl:4: not JSON (Expecting property name "
                                   "enclosed in double quotes): skipped"]
    kinds = {f.kind for f in facts(transcript)}
    assert {"decision", "preference", "error", "ownership", "value"} <= kinds
    # the agent announcing its next step is not a commitment worth keeping
    assert "commitment" not in kinds
    assert not [f for f in facts(transcript) if f.text in ("ok", "Thanks!")]


def test_capture_stores_facts_with_session_and_turn(engine: Engine, tmp_path: Path) -> None:
    path = session_file(tmp_path)
    first = engine.ingest("transcript", str(path))
    assert first.added >= 6 and first.problems
    decision = next(m for m in engine.list_memories(limit=50) if m.kind == "decision")
    assert decision.source.session == "s-123" and decision.meta["capture"]["turn"] == 0
    again = engine.ingest("transcript", str(path))
    assert again.unchanged == 1 and again.added == 0
    session_file(tmp_path, [*TURNS, ("user", "We agreed to switch to uv for installs.")])
    grown = engine.ingest("transcript", str(path))
    assert grown.added == 1 and grown.archived == 0


CHATTER = [("assistant", "Let me look at the code around that part of the module first, "
                         "reading through the surrounding functions to understand how the "
                         "pieces fit together before changing anything at all here.")] * 12


def test_compaction_keeps_a_receipt(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = session_file(tmp_path, [*TURNS, *CHATTER])
    assert main(["compact", str(path), "--profile", "test", "--json"]) == 0
    done = json.loads(capsys.readouterr().out)
    receipt = done["receipt"]
    assert receipt["ok"] and receipt["score"] == 1.0 and receipt["items"] >= 6
    assert receipt["compressed_tokens"] < receipt["original_tokens"]
    assert "Decisions:" in done["summary"]


def test_mcp_capture_compact_receipts(tmp_path: Path) -> None:
    path = session_file(tmp_path)
    srv = build_server(load_profile("test", overrides={"mcp": {
        "tools": "full", "read_roots": [str(tmp_path)]}}))

    async def body() -> tuple[Any, Any, Any]:
        async with Client(srv) as client:
            captured = await client.call_tool("capture", {"path": str(path)})
            compacted = await client.call_tool("compact_transcript",
                                               {"path": str(path), "threshold": 1.0})
            listed = await client.call_tool("receipts", {})
            return (captured.structured_content, compacted.structured_content,
                    listed.structured_content)

    captured, compacted, listed = anyio.run(body)
    assert captured["added"] >= 6
    assert compacted["receipt"]["memories_written"] == 0  # captured before: nothing new
    assert compacted["receipt"]["score"] == 1.0 and compacted.get("warning") is None
    assert [r["id"] for r in listed["receipts"]] == [compacted["receipt"]["id"]]


def test_plain_text_transcripts(engine: Engine, tmp_path: Path) -> None:
    log = tmp_path / "chat.md"
    log.write_text("User: we decided to ship on Thursdays.\nAssistant: Sounds good, a "
                   "weekly release of version 2.0 works.\nUser: I will update "
                   "docs/release.md by Friday.\n", encoding="utf-8")  # chat: advice dropped
    report = engine.ingest("transcript", str(log))
    kinds = sorted(m.kind for m in engine.list_memories(limit=10))
    assert report.added == 2 and kinds == ["commitment", "decision"]
