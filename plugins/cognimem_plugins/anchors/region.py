"""The anchored text of a file and its hash: the whole file, a line range, or a symbol's
block (its ``def``/``class``/``function``... line and the lines indented under it)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

#: Files larger than this are anchored by name only (their text is not hashed).
MAX_FILE_BYTES = 4 * 1024 * 1024
#: Characters of the hash kept (hex digits of SHA-256).
HASH_CHARS = 16

_KEYWORDS = (r"(?:async\s+def|def|class|function|func|fn|struct|enum|trait|interface|type|"
             r"const|let|var|impl|module|object)")


def digest(data: bytes) -> str:
    """The hash an anchor keeps."""
    return hashlib.sha256(data).hexdigest()[:HASH_CHARS]


def symbol_block(lines: list[bytes], symbol: str) -> list[bytes] | None:
    """The lines of ``symbol``'s definition (the last dotted part is looked up), or None."""
    name = re.escape(symbol.rsplit(".", 1)[-1]).encode()
    head = re.compile(rb"^(\s*)(?:(?:pub|export|public|private|static|default)\s+)*"
                      + _KEYWORDS.encode() + rb"\s+" + name + rb"\b")
    for at, line in enumerate(lines):
        found = head.match(line)
        if found is None:
            continue
        indent = len(found.group(1))
        end = at + 1
        while end < len(lines):
            text = lines[end]
            if text.strip() and len(text) - len(text.lstrip()) <= indent:
                break
            end += 1
        return lines[at:end]
    return None


def anchored(data: bytes, lines: list[int] | None = None,
             symbol: str | None = None) -> bytes | None:
    """The anchored part of a file's bytes; None when the symbol or the lines are gone."""
    if symbol:
        block = symbol_block(data.splitlines(keepends=True), symbol)
        return b"".join(block) if block is not None else None
    if lines:
        split = data.splitlines(keepends=True)
        first, last = lines
        if first > len(split):
            return None
        return b"".join(split[first - 1:last])
    return data


def region_hash(path: Path, lines: list[int] | None = None,
                symbol: str | None = None) -> str | None:
    """The hash of the anchored part of the file at ``path``; None when it is gone (the
    symbol or the lines) or the file is too large to hash."""
    with path.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        return None
    part = anchored(data, lines, symbol)
    return digest(part) if part is not None else None
