"""(wave 20) Code and settings quoted in a JSON string, read as written before they were
quoted.

A note that carries a program's text in a JSON string (a notebook's cell, a log shipper's
``"message"``, a chat export's ``"text"``, an issue's ``"body"``) escapes its quotes and its
line ends: ``{\\"s1_api_token\\": \\"...\\"}``, ``WebhookHandler(\\"...\\")``,
``tok = \\"...\\"\\n``. The readers of assignments, calls and elements look for a quote, not
for a backslash and a quote. :func:`json_view` undoes RFC 8259's short escapes (``\\"``,
``\\\\``, ``\\/``, ``\\n``, ``\\t``, ``\\r``) and keeps where each character of the view is in
the text, so a value found in the view is redacted where it is written
(:func:`text_span`).
"""

from __future__ import annotations

import re

_ESCAPE = re.compile(r"\\([\"'`\\/ntr])")
_STANDS_FOR = {"n": "\n", "t": "\t", "r": "\r"}


def json_view(text: str) -> tuple[str, list[int]]:
    """``text`` with a JSON string's short escapes read as what they stand for, and where
    each character of the view is in ``text`` (empty when nothing was escaped)."""
    if "\\" not in text:
        return text, []
    out: list[str] = []
    where: list[int] = []
    last = 0
    for m in _ESCAPE.finditer(text):
        out.append(text[last:m.start()])
        where.extend(range(last, m.start()))
        out.append(_STANDS_FOR.get(m.group(1), m.group(1)))
        where.append(m.start() + 1)
        last = m.end()
    if not where and last == 0:
        return text, []
    out.append(text[last:])
    where.extend(range(last, len(text)))
    return "".join(out), where


def text_span(where: list[int], start: int, end: int) -> tuple[int, int]:
    """A span of the view as the span of the text it was read from (:func:`json_view`)."""
    return (where[start], where[end - 1] + 1) if where and end > start else (start, end)
