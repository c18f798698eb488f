"""The facts worth keeping in a transcript, found without an LLM: decisions, preferences,
commitments, exact values, file paths, commands, errors and their fixes, people and
ownership (memory-v2's auto-extraction categories), and personal facts a user states."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .transcript import Transcript

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
    """The facts worth keeping: the :func:`candidates` that the structure rules keep."""
    return candidates(transcript)


def candidates(transcript: Transcript) -> list[Fact]:
    """Every sentence of every turn that a cue marks, once (first kind that matches). The
    capture evaluation labels these (bench/capture_eval): change them only with new
    labels."""
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
