"""One memory as an item of the startup context: its markdown kept (code fences, lists,
headings, line breaks), its title shown once.

An item is a list entry ending with the memory's id: one line for a one-line memory, else a
first line and the content indented under it. A title written as a path of headings
(``Backups > Backups > New section``, as the vault names a note's sections) loses its
repeated parts, and a content that starts with the title's last heading does not repeat it.
Headings inside a memory are pushed two levels down, under the context's own sections. A
long memory is cut at a line, its open code fence closed.
"""

from __future__ import annotations

import re

from cognimem.models import Memory

#: Characters of a memory's content an item shows at most.
ITEM_CHARS = 800
_HEADING = re.compile(r"(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"\s{0,3}(```|~~~)")


def item(memory: Memory) -> str:
    """The memory as a markdown list item ending with ``[id]``."""
    title = shown_title(memory.title)
    lines = memory.content.strip().splitlines()
    if title and lines:
        first = _HEADING.fullmatch(lines[0].strip())
        last = title.split(" > ")[-1].strip().lower()
        if first and first[2].strip().lower() == last:
            lines = lines[1:]
        elif " ".join(lines[0].split()).lower().startswith(title.lower()):
            title = None  # the content says it first
    body = _cut(_demoted(_trimmed(lines)))
    tag = f"[{memory.id}]"
    if title:
        if len(body) == 1 and not _special(body[0]):
            return f"- **{title}**: {body[0]} {tag}"
        return "\n".join([f"- **{title}** {tag}", *_indented(body)])
    if body and not _special(body[0]):
        return "\n".join([f"- {body[0]} {tag}", *_indented(body[1:])])
    return "\n".join([f"- {tag}", *_indented(body)])


def shown_title(title: str | None) -> str | None:
    """The title with consecutive repeated parts of a heading path removed."""
    if not title or not title.strip():
        return None
    parts: list[str] = []
    for part in (p.strip() for p in title.split(" > ")):
        if part and (not parts or parts[-1].lower() != part.lower()):
            parts.append(part)
    return " > ".join(parts) or None


def _trimmed(lines: list[str]) -> list[str]:
    """Leading and trailing blank lines dropped, runs of blank lines made one."""
    out: list[str] = []
    for line in lines:
        line = line.rstrip()
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return out


def _demoted(lines: list[str]) -> list[str]:
    """Headings outside code fences two levels down (at most six)."""
    out, fenced = [], False
    for line in lines:
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (found := _HEADING.fullmatch(line.strip())):
            line = "#" * min(6, len(found[1]) + 2) + " " + found[2]
        out.append(line)
    return out


def _cut(lines: list[str]) -> list[str]:
    """At most :data:`ITEM_CHARS`, cut at a line; an open fence closed, the cut marked."""
    out: list[str] = []
    size, fenced = 0, False
    for line in lines:
        if size + len(line) > ITEM_CHARS:
            if not out:  # one long line: cut inside it
                out.append(line[: ITEM_CHARS - 1] + "…")
            else:
                out.append("…")
            if fenced:
                out.insert(len(out) - 1, "```")
            return out
        if _FENCE.match(line):
            fenced = not fenced
        out.append(line)
        size += len(line) + 1
    return out


def _special(line: str) -> bool:
    """Whether a line must start a block of its own (a fence, heading, list or quote)."""
    stripped = line.lstrip()
    return bool(_FENCE.match(line) or stripped.startswith(("#", "- ", "* ", "> ", "|"))
                or re.match(r"\d+[.)] ", stripped))


def _indented(lines: list[str]) -> list[str]:
    return [f"  {line}" if line else "" for line in lines]
