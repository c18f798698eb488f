"""Agent transcripts read into turns, and the facts worth keeping found in them without an
LLM: decisions, preferences, commitments, exact values, file paths, commands, errors and
their fixes, people and ownership (memory-v2's auto-extraction categories).

Two formats: a Claude Code session file (JSON lines; ``type`` user or assistant, text in
``message.content`` as a string or text blocks; tool calls and results are skipped) and plain
text or markdown (turns start with ``User:`` / ``Assistant:`` / ``Human:`` / ``AI:``, else
each paragraph is a turn). A malformed line is reported with its line number and skipped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

SPEAKER = re.compile(r"^\s*(user|assistant|human|ai|me|agent)\s*:\s*", re.I)


@dataclass(frozen=True)
class Turn:
    """One message of a transcript: its 0-based number, role, text and line."""

    number: int
    role: str
    text: str
    line: int


@dataclass
class Transcript:
    """The turns of a transcript, its session id and what could not be read."""

    session: str
    turns: list[Turn] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read(path: Path, text: str) -> Transcript:
    """The turns of ``text`` (the content of ``path``)."""
    if path.suffix == ".jsonl" or text.lstrip().startswith("{"):
        return _jsonl(path, text)
    return _plain(path, text)


def _jsonl(path: Path, text: str) -> Transcript:
    out = Transcript(session=path.stem)
    for number, line in enumerate(text.splitlines(), start=1):
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
        if isinstance(entry.get("sessionId"), str):
            out.session = entry["sessionId"][:200]
        message = entry.get("message")
        role = entry.get("type") or (message or {}).get("role")
        if role not in ("user", "assistant") or not isinstance(message, dict):
            continue
        words = _text_of(message.get("content"))
        if words.strip():
            out.turns.append(Turn(len(out.turns), role, words, number))
    return out


def _text_of(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(block.get("text", "") for block in content
                         if isinstance(block, dict) and block.get("type") == "text")
    return ""


def _plain(path: Path, text: str) -> Transcript:
    out = Transcript(session=path.stem)
    role, start = "user", 1
    lines: list[str] = []
    labelled = any(SPEAKER.match(line) for line in text.splitlines())

    def flush() -> None:
        body = "\n".join(lines).strip()
        if body:
            out.turns.append(Turn(len(out.turns), role, body, start))

    for number, line in enumerate(text.splitlines(), start=1):
        match = SPEAKER.match(line)
        if match or (not labelled and not line.strip()):
            flush()
            lines, start = [], number
            if match:
                who = match.group(1).lower()
                role = "user" if who in ("user", "human", "me") else "assistant"
                line = line[match.end():]
        lines.append(line)
    flush()
    return out


# extraction ----------------------------------------------------------------------------------

#: Kinds of facts and the cues that mark a sentence as one (first match wins, in order).
CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("decision", re.compile(
        r"\b(we|i|let'?s|team)\b.{0,40}\b(decided|decide|agreed|chose|choose|going with|"
        r"will use|'ll use|settled on|switch(ed)? to|standardi[sz]e on)\b|\bdecision\b", re.I)),
    ("preference", re.compile(
        r"\b(i|we)\s+(prefer|like|want|hate|dislike)\b|\b(always|never)\s+(use|run|do|put|"
        r"write|commit|push)\b|\bplease (always|never|don'?t)\b", re.I)),
    ("commitment", re.compile(
        r"\b(i|we)('ll| will| shall| need to| must| have to)\b|\b(todo|fixme|by (monday|"
        r"tuesday|wednesday|thursday|friday|tomorrow|eod|next week))\b|\bremember to\b", re.I)),
    ("error", re.compile(
        r"\b(error|exception|traceback|failed|failing|crash(es|ed)?|fix(ed)? (it |this )?by|"
        r"the fix (is|was)|root cause|workaround)\b", re.I)),
    ("ownership", re.compile(
        r"\b(owns|owned by|is responsible for|maintains|maintained by|is the owner of|"
        r"point of contact|on-?call)\b", re.I)),
    ("command", re.compile(r"`[^`\n]{2,120}`|^\s*\$ \S", re.M)),
    ("path", re.compile(r"(?<![\w/])(?:\.{0,2}/)?(?:[\w.-]+/)+[\w.-]+\.\w{1,6}\b")),
    ("value", re.compile(
        r"\b\d+(?:\.\d+)?\s?(?:ms|s|sec|seconds|minutes|min|h|hours|days|gb|mb|kb|%|"
        r"percent|req/s|rps|qps|usd|eur|\$)\b|\bv?\d+\.\d+\.\d+\b|\bport \d{2,5}\b", re.I)),
)
#: A statement of the user about themselves with something specific in it (a number, a
#: name): "I adopted a cat named Luna in March", "my sister lives in Denver".
PERSONAL = re.compile(r"\b(i|i'm|i've|i'd|my|we|our|me)\b", re.I)
SPECIFIC = re.compile(r"\d|(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}")
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(])|\n{2,}|\n(?=\s*[-*] )")
MIN_CHARS, MAX_CHARS = 12, 600


@dataclass(frozen=True)
class Fact:
    """A candidate fact: its kind, text, and the turn it came from."""

    kind: str
    text: str
    turn: int
    role: str
    line: int


def facts(transcript: Transcript) -> list[Fact]:
    """Every sentence of every turn that a cue marks, once (first kind that matches)."""
    out: list[Fact] = []
    seen: set[str] = set()
    for turn in transcript.turns:
        for sentence in SENTENCE.split(turn.text):
            text = " ".join(sentence.split())
            if not MIN_CHARS <= len(text) <= MAX_CHARS:
                continue
            kind = next((k for k, cue in CUES if cue.search(sentence)), None)
            if (kind is None and turn.role == "user" and PERSONAL.search(sentence)
                    and SPECIFIC.search(text)):
                kind = "fact"
            key = text.lower()
            if kind is None or key in seen:
                continue
            seen.add(key)
            out.append(Fact(kind, text, turn.number, turn.role, turn.line))
    return out
