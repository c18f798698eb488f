"""Agent transcripts read into turns. Formats recognised (docs/intake.md lists them):

- **Claude Code** session files (JSON lines; ``type`` user or assistant, text in
  ``message.content`` as a string or text blocks). ``tool_use`` blocks are kept as the tools
  a turn called; tool results, meta entries, sub-agent (sidechain) entries and slash-command
  echoes are not turns.
- **Codex CLI** session files (JSON lines; ``response_item`` entries whose payload is a
  ``message`` with ``input_text`` / ``output_text`` blocks, or the older lines that are the
  payload itself); ``function_call`` / ``local_shell_call`` entries are the tools of the turn
  before; the injected ``<environment_context>`` / ``<user_instructions>`` messages are not
  turns.
- **Chat messages** as JSON lines: ``{"role": "user" | "assistant", "content": "..."}``.
- **Text and markdown logs** whose turns start with a speaker label: ``User:`` /
  ``Assistant:`` (also ``Human:``, ``Me:``, ``You:``, ``AI:``, ``Claude:``, ``ChatGPT:``...),
  in bold (``**User:**``, ``**User**:``) or as a heading line (``## User``,
  ``### Assistant``).

Anything else (no speaker labels, an empty or binary file, JSON lines holding no message of
these formats) is refused with :class:`NotATranscript`, before anything is stored. A
malformed JSON line is reported with its line number and skipped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cognimem.errors import InvalidInput

USER_LABELS = ("user", "human", "me", "you")
ASSISTANT_LABELS = ("assistant", "ai", "agent", "claude", "chatgpt", "codex", "bot")
_LABEL = "|".join(USER_LABELS + ASSISTANT_LABELS)
#: ``User: text``, ``**User:** text``, ``**User**: text``, ``> **User:** text``
INLINE = re.compile(rf"^\s*(?:>\s*)?(?:\*\*|__)?\s*({_LABEL})\s*(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:"
                    rf"|:)\s*", re.I)
#: ``## User`` or ``**Assistant**`` alone on its line (the text follows on the next lines)
HEADING = re.compile(rf"^\s*(?:#{{1,6}}\s+(?:\*\*)?|\*\*)\s*({_LABEL})\s*:?\s*(?:\*\*)?\s*:?\s*$",
                     re.I)
EXPECTED = ("expected a Claude Code or Codex CLI session (JSON lines), chat messages as JSON "
            "lines ({\"role\", \"content\"}), or a text/markdown log whose turns start with "
            "User: / Assistant: (also **User:** or a '## User' heading)")
#: User messages a client injects (not what the user said).
INJECTED = ("<environment_context>", "<user_instructions>", "# agents.md instructions",
            "<command-name>", "<command-message>", "<local-command-stdout>",
            "<system-reminder>", "caveat: the messages below were generated")


class NotATranscript(InvalidInput):
    """The file is not a transcript in any format recognised (nothing is stored)."""


@dataclass(frozen=True)
class Turn:
    """One message of a transcript: its 0-based number, role, text and line, and the tools
    the message called (assistant turns of agent sessions)."""

    number: int
    role: str
    text: str
    line: int
    tools: tuple[str, ...] = ()


@dataclass
class Transcript:
    """The turns of a transcript, its session id, its format and what could not be read."""

    session: str
    turns: list[Turn] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    format: str = ""

    def add(self, role: str, text: str, line: int) -> None:
        """A new turn at the end."""
        self.turns.append(Turn(len(self.turns), role, text, line))

    def called(self, tool: str) -> None:
        """The last assistant turn called ``tool`` (a tool call with no text before it opens
        an empty assistant turn, so later text is not taken for its announcement)."""
        if not self.turns or self.turns[-1].role != "assistant":
            return
        last = self.turns[-1]
        self.turns[-1] = replace(last, tools=(*last.tools, tool[:80]))


def read(path: Path, raw: bytes | str) -> Transcript:
    """The turns of a transcript file's content.

    :raises NotATranscript: empty, binary, or in no format recognised.
    """
    name = path.name
    if isinstance(raw, bytes):
        if b"\x00" in raw[:8192]:
            raise NotATranscript(f"{name} is a binary file, not a transcript: {EXPECTED}")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotATranscript(f"{name} is not UTF-8 text (byte {exc.start}): "
                                 f"{EXPECTED}") from None
    else:
        text = raw
    if not text.strip():
        raise NotATranscript(f"{name} is empty: {EXPECTED}")
    first = text.lstrip()[:1]
    out = _jsonl(path, text) if first == "{" else _labelled(path, text)
    if not out.turns:
        found = "JSON lines with no message" if first == "{" else "no speaker labels"
        raise NotATranscript(f"{name} is not a transcript I can read ({found}): {EXPECTED}")
    return out


# JSON lines ----------------------------------------------------------------------------------


def _jsonl(path: Path, text: str) -> Transcript:
    out = Transcript(session=path.stem)
    formats: dict[str, int] = {}
    # JSON lines end at "\n" alone: str.splitlines() would also cut at U+2028, U+2029 and
    # U+0085, which JSON writers (JavaScript's among them) leave raw inside strings.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as exc:
            out.problems.append(f"{path.name}:{number}: not JSON ({exc.msg}): skipped")
            continue
        if not isinstance(entry, dict):
            out.problems.append(f"{path.name}:{number}: not a JSON object: skipped")
            continue
        for reader in READERS:
            kind = reader(entry, out, number)
            if kind:
                formats[kind] = formats.get(kind, 0) + 1
                break
    out.format = max(formats, key=lambda k: formats[k]) if formats else "json lines"
    return out


def _claude_code(entry: dict[str, Any], out: Transcript, number: int) -> str:
    """A Claude Code entry; '' when the line is not one."""
    message = entry.get("message")
    kind = entry.get("type")
    if kind not in ("user", "assistant") or not isinstance(message, dict):
        return "claude-code" if kind in ("summary", "system", "file-history-snapshot") else ""
    if isinstance(entry.get("sessionId"), str):
        out.session = entry["sessionId"][:200]
    if entry.get("isMeta") or entry.get("isSidechain"):
        return "claude-code"
    content = message.get("content")
    blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
    texts = [str(b.get("text") or "") for b in blocks
             if isinstance(b, dict) and b.get("type") == "text"]
    words = "\n".join(texts)
    if words.strip() and not _injected(words):
        out.add(kind, words, number)
    for block in blocks:
        if isinstance(block, dict) and block.get("type") == "tool_use":
            out.called(str(block.get("name") or "tool"))
    return "claude-code"


def _codex(entry: dict[str, Any], out: Transcript, number: int) -> str:
    """A Codex CLI entry (``{type, payload}``, or the older bare payload lines)."""
    kind = entry.get("type")
    if kind == "session_meta":
        payload = entry.get("payload")
        if isinstance(payload, dict) and isinstance(payload.get("id"), str):
            out.session = payload["id"][:200]
        return "codex"
    if kind in ("event_msg", "turn_context", "compacted"):
        return "codex"  # event_msg repeats the response items; the rest is not said
    item = entry.get("payload") if kind == "response_item" else entry
    if not isinstance(item, dict):
        return ""
    item_type = item.get("type")
    if item_type in ("function_call", "local_shell_call", "custom_tool_call"):
        out.called(str(item.get("name") or item_type))
        return "codex"
    if item_type in ("function_call_output", "custom_tool_call_output", "reasoning"):
        return "codex"
    role = item.get("role")
    content = item.get("content")
    if item_type != "message" or not isinstance(content, list):
        return ""
    if role in ("user", "assistant"):
        words = "\n".join(str(b.get("text") or "") for b in content if isinstance(b, dict)
                          and b.get("type") in ("input_text", "output_text", "text"))
        if words.strip() and not _injected(words):
            out.add(role, words, number)
    return "codex"


def _chat(entry: dict[str, Any], out: Transcript, number: int) -> str:
    """``{"role": ..., "content": "..."}`` (chat messages, one a line)."""
    role, content = entry.get("role"), entry.get("content")
    if role not in ("user", "assistant", "system") or not isinstance(content, str):
        return ""
    if role != "system" and content.strip():
        out.add(role, content, number)
    return "chat"


READERS: tuple[Callable[[dict[str, Any], Transcript, int], str], ...] = (
    _claude_code, _codex, _chat)


def _injected(text: str) -> bool:
    head = text.lstrip()[:60].lower()
    return head.startswith(INJECTED)


# labelled text -------------------------------------------------------------------------------


def _role(label: str) -> str:
    return "user" if label.lower() in USER_LABELS else "assistant"


def _labelled(path: Path, text: str) -> Transcript:
    """Turns of a text or markdown log, each from a speaker label to the next; the lines
    before the first label are not a turn."""
    out = Transcript(session=path.stem, format="text")
    role: str | None = None
    start = 1
    lines: list[str] = []
    fence = False
    roles: set[str] = set()

    def flush() -> None:
        body = "\n".join(lines).strip()
        if role is not None and body:
            out.add(role, body, start)

    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        match = None if fence else (HEADING.match(line) or INLINE.match(line))
        if match:
            flush()
            role, start = _role(match.group(1)), number
            roles.add(role)
            lines = [line[match.end():]]
            out.format = "markdown" if line.lstrip()[:1] in "#*>_" else out.format
        else:
            lines.append(line)
    flush()
    if len(out.turns) < 2 or len(roles) < 2:
        out.turns = []  # one speaker label is a note that mentions a speaker, not a log
    return out
