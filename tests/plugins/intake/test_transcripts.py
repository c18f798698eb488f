"""Every transcript format that capture recognises gives the same turns (roles, texts, the
tools an agent turn called); anything else is refused in one line naming what was expected,
and nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem_plugins.intake.transcript import NotATranscript, read

ASK = "Which Postgres version do we run in production?"
ANSWER = "We decided to stay on Postgres 16 until the 2027 upgrade."


def jsonl(entries: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(e) for e in entries) + "\n"


CLAUDE = jsonl([
    {"type": "summary", "summary": "db talk"},
    {"type": "user", "sessionId": "cc-1", "message": {"role": "user", "content": ASK}},
    {"type": "user", "sessionId": "cc-1", "isMeta": True,
     "message": {"role": "user", "content": "Caveat: the messages below were generated"}},
    {"type": "assistant", "sessionId": "cc-1", "message": {"role": "assistant", "content": [
        {"type": "text", "text": "I'll check the config first."},
        {"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "/x"}}]}},
    {"type": "user", "sessionId": "cc-1", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "t1", "content": "postgres: 16"}]}},
    {"type": "assistant", "sessionId": "cc-1",
     "message": {"role": "assistant", "content": [{"type": "text", "text": ANSWER}]}},
])
CODEX = jsonl([
    {"timestamp": "t", "type": "session_meta", "payload": {"id": "cx-1", "cwd": "/w"}},
    {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
        {"type": "input_text", "text": "<environment_context>cwd</environment_context>"}]}},
    {"type": "response_item", "payload": {"type": "message", "role": "user",
                                          "content": [{"type": "input_text", "text": ASK}]}},
    {"type": "event_msg", "payload": {"type": "user_message", "message": ASK}},
    {"type": "response_item", "payload": {"type": "message", "role": "assistant", "content": [
        {"type": "output_text", "text": "I'll check the config first."}]}},
    {"type": "response_item", "payload": {"type": "function_call", "name": "shell",
                                          "arguments": "{}", "call_id": "c1"}},
    {"type": "response_item", "payload": {"type": "function_call_output", "call_id": "c1",
                                          "output": "postgres: 16"}},
    {"type": "response_item", "payload": {"type": "message", "role": "assistant",
                                          "content": [{"type": "output_text", "text": ANSWER}]}},
])
CODEX_OLD = jsonl([
    {"id": "cx-old", "timestamp": "t", "instructions": None},
    {"type": "message", "role": "user", "content": [{"type": "input_text", "text": ASK}]},
    {"type": "message", "role": "assistant",
     "content": [{"type": "output_text", "text": "I'll check the config first."}]},
    {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "c1"},
    {"type": "message", "role": "assistant",
     "content": [{"type": "output_text", "text": ANSWER}]},
])
CHAT = jsonl([{"role": "system", "content": "be brief"}, {"role": "user", "content": ASK},
              {"role": "assistant", "content": "I'll check the config first."},
              {"role": "assistant", "content": ANSWER}])
FIRST = "I'll check the config first."
TEXT_FORMS = {
    "plain": f"User: {ASK}\nAssistant: {FIRST}\nAssistant: {ANSWER}\n",
    "human-ai": f"Human: {ASK}\n\nAI: {FIRST}\n\nAI: {ANSWER}\n",
    "bold": f"**User:** {ASK}\n\n**Assistant:** {FIRST}\n\n**Assistant:** {ANSWER}\n",
    "bold-colon-outside": f"**User**: {ASK}\n**Assistant**: {FIRST}\n**Assistant**: {ANSWER}\n",
    "headings": f"# Chat\n\n## User\n{ASK}\n\n### Assistant\n{FIRST}\n\n### Assistant\n{ANSWER}\n",
}
EXPECTED = [("user", ASK), ("assistant", FIRST), ("assistant", ANSWER)]


@pytest.mark.parametrize(("text", "name", "fmt", "tools"), [
    (CLAUDE, "cc-1", "claude-code", ("Read",)),
    (CODEX, "cx-1", "codex", ("shell",)),
    (CODEX_OLD, "log", "codex", ("shell",)),
    (CHAT, "log", "chat", ()),
], ids=["claude-code", "codex", "codex-older", "chat-jsonl"])
def test_json_lines_formats(tmp_path: Path, text: str, name: str, fmt: str,
                            tools: tuple[str, ...]) -> None:
    found = read(tmp_path / "log.jsonl", text.encode())
    assert [(t.role, t.text) for t in found.turns] == EXPECTED
    assert found.session == name and found.format == fmt and found.problems == []
    assert found.turns[1].tools == tools and found.turns[2].tools == ()


def test_a_raw_line_separator_inside_a_message_keeps_its_line(tmp_path: Path) -> None:
    # JSON leaves U+2028 / U+2029 / U+0085 raw inside strings (JavaScript's JSON.stringify
    # does); only "\n" ends a JSON line, so the message stays whole and nothing is skipped.
    said = "first line\u2028second line\u2029third\x85fourth"
    entries = [{"type": "user", "sessionId": "cc-2", "message": {"role": "user", "content": said}},
               {"type": "assistant", "sessionId": "cc-2", "message": {
                   "role": "assistant", "content": [{"type": "text", "text": ANSWER}]}}]
    text = "\n".join(json.dumps(e, ensure_ascii=False) for e in entries) + "\n"
    assert "\u2028" in text  # written raw, as such writers do
    found = read(tmp_path / "log.jsonl", text.encode())
    assert [(t.role, t.text) for t in found.turns] == [("user", said), ("assistant", ANSWER)]
    assert found.problems == []


@pytest.mark.parametrize("text", list(TEXT_FORMS.values()), ids=list(TEXT_FORMS))
def test_text_and_markdown_logs(tmp_path: Path, text: str) -> None:
    found = read(tmp_path / "log.md", text)
    assert [(t.role, t.text) for t in found.turns] == EXPECTED


def test_labels_inside_code_fences_are_not_turns(tmp_path: Path) -> None:
    text = f"User: {ASK}\n```\nAssistant: quoted, not a turn\n```\nAssistant: {ANSWER}\n"
    found = read(tmp_path / "log.md", text)
    assert [t.role for t in found.turns] == ["user", "assistant"]
    assert "quoted, not a turn" in found.turns[0].text


@pytest.mark.parametrize(("content", "why"), [
    (b"", "is empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is a binary file"),
    (b"\xff\xfe broken", "is not UTF-8 text"),
    (b"# Meeting notes\n\nWe talked about the roadmap.\n\nNext: hiring.\n",
     "(no speaker labels)"),
    (b"User: only one speaker, a note that mentions a user\n", "(no speaker labels)"),
    (b'{"event": "click", "x": 1}\n{"event": "scroll"}\n', "(JSON lines with no message)"),
], ids=["empty", "binary", "latin1", "notes", "one-speaker", "other-jsonl"])
def test_unknown_formats_are_refused_and_store_nothing(engine: Engine, tmp_path: Path,
                                                       content: bytes, why: str) -> None:
    path = tmp_path / "thing.txt"
    path.write_bytes(content)
    with pytest.raises(NotATranscript, match="expected a Claude Code or Codex CLI session") as e:
        engine.ingest("transcript", str(path))
    assert why in str(e.value) and "\n" not in str(e.value)
    assert engine.list_memories(limit=5) == []


def test_the_cli_refuses_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\nnothing said by anyone\n", encoding="utf-8")
    assert main(["capture", str(path), "--profile", "test"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "notes.md is not a transcript" in err
