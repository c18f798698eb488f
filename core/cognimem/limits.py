"""The limits of every field a caller can give, checked in the models so the CLI, the MCP
tools and ``import`` share them. A refusal names the field and the limit and quotes at most
:data:`QUOTE_CHARS` characters of the offending value.

Content has its own, profile-set limit (``write.max_content_chars``, default
:data:`cognimem.models.MAX_CONTENT_CHARS`).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

#: Characters of a refused value quoted in an error message.
QUOTE_CHARS = 40
TITLE_CHARS = 500
KIND_CHARS = 64
#: A scope's project, agent and user; an agent name on a query or write.
NAME_CHARS = 200
TAG_CHARS = 64
TAGS = 64
PROVENANCE = 1024
PROVENANCE_CHARS = 512
SOURCE_CHARS = 2048
#: A folder path a session names (its project's folder).
PATH_CHARS = 4096
REASON_CHARS = 1000
QUERY_CHARS = 10_000
#: ``meta`` serialised as JSON, in bytes, and its nesting depth.
META_BYTES = 64 * 1024
META_DEPTH = 16
#: A memory id given to look one up (ids the store makes are 17 characters).
ID_CHARS = 200
#: An error message shown or sent: longer ones are cut (a 100 KB id is not echoed back).
ERROR_CHARS = 1000
#: JSON nesting accepted at a door (the daemon's connection, an import file): far deeper than
#: any record needs (``meta`` is held to META_DEPTH), far shallower than the parser's stack.
JSON_DEPTH = 64
#: Timestamps must fall within these years (and carry a time zone, or are taken as UTC).
FIRST_YEAR = 1900
LAST_YEAR = 2500


def quote(value: object) -> str:
    """A short, printable prefix of ``value`` for an error message."""
    text = value if isinstance(value, str) else repr(value)
    return repr(text[:QUOTE_CHARS]) + ("..." if len(text) > QUOTE_CHARS else "")


def check_chars(value: str | None, limit: int, what: str) -> str | None:
    """``value`` unchanged, or a ValueError naming ``what`` and the limit."""
    if value is not None and len(value) > limit:
        raise ValueError(f"{what} is {len(value):,} characters; the limit is {limit:,} "
                         f"(starts {quote(value)})")
    return value


def depth(value: Any, limit: int) -> int:
    """The nesting depth of JSON-like data, counted up to ``limit + 1`` (no deeper)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list | tuple):
            deepest = max(deepest, level)
            if level > limit:
                return level
            stack.extend((child, level + 1)
                         for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def check_meta(value: dict[str, Any]) -> dict[str, Any]:
    """``meta`` unchanged, or a ValueError for one nested too deep, too large, or not JSON."""
    if not value:
        return value
    if depth(value, META_DEPTH) > META_DEPTH:
        raise ValueError(f"meta is nested more than {META_DEPTH} levels deep: flatten it")
    try:
        size = len(json.dumps(value, default=str).encode("utf-8"))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"meta must be JSON data (objects, lists, text, numbers): {exc}") from None
    if size > META_BYTES:
        raise ValueError(f"meta is {size:,} bytes as JSON; the limit is {META_BYTES:,}: "
                         "keep large data in a file and store its path")
    return value


def check_year(value: datetime | None, what: str) -> datetime | None:
    """``value`` unchanged, or a ValueError for a year outside the sane range."""
    if value is not None and not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise ValueError(f"{what} {value.isoformat()[:QUOTE_CHARS]} is outside the years "
                         f"{FIRST_YEAR}-{LAST_YEAR}")
    return value


def clip(text: str, limit: int = ERROR_CHARS) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... (cut: {len(text):,} characters)"


def load_json(text: str | bytes, what: str) -> Any:
    """``text`` parsed as JSON nested at most :data:`JSON_DEPTH` levels deep.

    :raises ValueError: one line naming ``what``: not JSON, or nested too deep.
    """
    too_deep = f"{what} is nested more than {JSON_DEPTH} levels deep; nothing cognimem writes is"
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(too_deep) from None
    except ValueError as exc:
        raise ValueError(f"{what} is not JSON ({exc})") from None
    if depth(data, JSON_DEPTH) > JSON_DEPTH:
        raise ValueError(too_deep)
    return data
