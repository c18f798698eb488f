"""Markdown notes cut into sections: by heading, never inside a code fence, each section at
most ``max_chars`` (a long section is cut at paragraph breaks outside fences; a fence longer
than the bound stays whole). Every section keeps its heading path and line range."""

from __future__ import annotations

import re
from dataclasses import dataclass

HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")


@dataclass(frozen=True)
class Section:
    """A piece of a note: its heading path, text and 1-based line range in the file."""

    path: tuple[str, ...]
    text: str
    first: int
    last: int


def sections(body: str, *, first_line: int = 1, max_chars: int = 4000) -> list[Section]:
    """``body`` cut at headings (outside code fences), then at paragraph breaks to stay under
    ``max_chars``; empty sections are dropped."""
    out: list[Section] = []
    path: list[tuple[int, str]] = []
    lines: list[str] = []
    start = first_line
    fence: str | None = None
    for offset, line in enumerate(body.split("\n")):
        number = first_line + offset
        marker = FENCE.match(line)
        if marker:
            fence = None if fence == marker.group(1) else (fence or marker.group(1))
        heading = HEADING.match(line) if fence is None and not marker else None
        if heading:
            out.extend(_bounded(tuple(t for _, t in path), lines, start, max_chars))
            level = len(heading.group(1))
            path = [(lvl, t) for lvl, t in path if lvl < level] + [(level, heading.group(2))]
            lines, start = [line], number
        else:
            lines.append(line)
    out.extend(_bounded(tuple(t for _, t in path), lines, start, max_chars))
    return out


def _bounded(path: tuple[str, ...], lines: list[str], start: int,
             max_chars: int) -> list[Section]:
    """One section, or several cut at blank lines outside fences when it is too long."""
    text = "\n".join(lines).strip()
    if not text:
        return []
    if len(text) <= max_chars:
        return [Section(path, text, start, start + len(lines) - 1)]
    out: list[Section] = []
    piece: list[str] = []
    piece_start = start
    fence: str | None = None
    for offset, line in enumerate(lines):
        marker = FENCE.match(line)
        if marker:
            fence = None if fence == marker.group(1) else (fence or marker.group(1))
        piece.append(line)
        size = sum(len(x) + 1 for x in piece)
        if fence is None and not line.strip() and size >= max_chars // 2:
            chunk = "\n".join(piece).strip()
            if chunk:
                out.append(Section(path, chunk, piece_start, start + offset))
            piece, piece_start = [], start + offset + 1
    chunk = "\n".join(piece).strip()
    if chunk:
        out.append(Section(path, chunk, piece_start, start + len(lines) - 1))
    return out


WIKILINK = re.compile(r"\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]")


def wikilinks(text: str) -> list[str]:
    """The note names ``[[Name]]``, ``[[Name|label]]`` and ``[[Name#heading]]`` point at."""
    return [m.group(1).strip() for m in WIKILINK.finditer(text)]
