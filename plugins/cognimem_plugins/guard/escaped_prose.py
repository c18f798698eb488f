"""A password given in prose inside an escaped carrier: a JSON string whose letters are
``\\uXXXX`` escapes (a log shipper's ``ensure_ascii`` output: ``"\\u041b\\u043e\\u0437...
\\u0458\\u0435 X"``), a URL-encoded form or query (``pass%20is%3A%20X``), HTML with entities
(``Mot de passe&nbsp;: X``).

The sentence says "password" only once decoded. The text is decoded as its carrier is
(RFC 8259's ``\\u`` escapes, RFC 3986's percent-encoding, HTML's character references), the
prose readers (:mod:`.passwords`, :mod:`.prose_i18n`) read the decoded text, and each value
they redact is found again in the text as written, raw or escaped as its carrier escapes it
(``&`` as ``&amp;``, ``%26`` or ``\\u0026``): that span is redacted.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from urllib.parse import quote, unquote

from .decisions import Decision
from .names import PASSWORD_GATE_WIDE, PASSWORD_STEMS
from .needles import Needles
from .passwords import prose_passwords
from .prose_i18n import STEMS, i18n_passwords, trim

_JSON_ESCAPE = re.compile(r"\\u[0-9a-fA-F]{4}")
_JSON_ESCAPES = re.compile(r"(?:\\u[0-9a-fA-F]{4})+")
_URL_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
_HTML_ESCAPE = re.compile(r"&(?:#[0-9]{2,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,9});")
_WORDS = Needles(list(STEMS))


def _json_unescape(m: re.Match[str]) -> str:
    """A run of ``\\uXXXX`` escapes as its characters (surrogate pairs joined)."""
    try:
        return str(json.loads(f'"{m.group(0)}"'))
    except ValueError:
        return m.group(0)


def _json_escape(value: str) -> str:
    return json.dumps(value)[1:-1]


def _decodings(text: str) -> Iterator[tuple[str, Callable[[str], str]]]:
    """The text decoded by each carrier whose escapes it holds, with that carrier's escape."""
    if "\\u" in text and _JSON_ESCAPE.search(text):
        yield _JSON_ESCAPES.sub(_json_unescape, text), _json_escape
    if "%" in text and _URL_ESCAPE.search(text):
        yield unquote(text), lambda v: quote(v, safe="")
    if "&" in text and _HTML_ESCAPE.search(text):
        yield html.unescape(text), html.escape


def _prose(decoded: str) -> Iterator[Decision]:
    low = decoded.lower()
    words = _WORDS.found(low)
    if words:
        yield from i18n_passwords(decoded, words)
    if PASSWORD_STEMS.holds(low) or (not low.isascii() and PASSWORD_GATE_WIDE.search(low)):
        yield from prose_passwords(decoded)


def escaped_passwords(text: str) -> Iterator[Decision]:
    """The passwords that the prose readers find in ``text`` decoded, at their spans in
    ``text`` as written."""
    for decoded, escape in _decodings(text):
        if decoded == text:
            continue
        for decision in _prose(decoded):
            if not decision.redacted:
                continue
            value, _ = trim(decoded[decision.start:decision.end], decision.start)
            for form in dict.fromkeys((value, escape(value))):
                start = text.find(form)
                while start != -1 and len(form) >= 6:
                    yield replace(decision, start=start, end=start + len(form))
                    start = text.find(form, start + len(form))
