"""(wave 22) Two credentials the name readers do not see as one value: a setting named
"user info" and a key issued as an id and a secret in hexadecimal.

* **a user-info setting**: a name that ends in ``user.info``, ``user_info`` or ``userinfo``
  (RFC 3986 calls a URL's ``user:password`` its user information; Confluent's clients
  take ``basic.auth.user.info=KEY:SECRET`` for the schema registry) whose value is
  ``ID:SECRET``: the part after the first ``:`` is the password or the API secret. A
  placeholder or a reference (``${SR_KEY}:${SR_SECRET}``) is kept
  (:func:`.standins.assigned_reason`);
* **an id and a secret in hexadecimal** (``24 hex digits:64 hex digits``, as Ghost issues
  its Admin API keys and other services their id/secret pairs) on a line that names a key,
  a secret or a token: the part after ``:`` is the secret. Each part is long, so a digest
  (``sha256:...`` opens with letters), an IPv6 address or a MAC (short groups) is not one.

Both are switches chosen by leave-one-split-out CV (``cv_wave22_secrets.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .standins import assigned_reason

READ_USER_INFO = True
READ_HEX_PAIRS = True

_USER_INFO = re.compile(
    r"(?i)(?<![\w.\-])[\w.\-]{0,60}user[._\-]?info['\"]?\s*(?:[:=]|\s)\s*['\"]?"
    r"(?P<user>[^\s:'\",;=]{1,128}):(?P<value>[^\s'\",;]{4,512})")
#: the name's end, looked for first (the full pattern reads back over the name's parts)
_USER_INFO_NAME = re.compile(r"user[._\-]?info['\"]?\s*(?:[:=]|\s)")
_HEX_PAIR = re.compile(r"(?<![\w:/.\-])(?P<id>[0-9a-fA-F]{16,40}):(?P<value>[0-9a-fA-F]{32,128})"
                       r"(?![\w:/.\-])")
_NAMED_LINE = re.compile(r"(?i)key|secret|token")


_HEX_SIDES = re.compile(r"[0-9a-fA-F]{16}:[0-9a-fA-F]{32}")


def _hex_pairs(text: str) -> Iterator[re.Match[str]]:
    """:data:`_HEX_PAIR`'s matches, looked for only around a ``:`` with 16 hex digits before
    it and 32 after (a text's colons are few; the pattern tried at every place is not)."""
    at = text.find(":", 16)
    done = 0
    while at != -1:
        if at >= done and _HEX_SIDES.match(text, at - 16):
            m = _HEX_PAIR.search(text, max(0, at - 40), at + 129)
            if m is not None and m.start("value") == at + 1:
                done = m.end()
                yield m
        at = text.find(":", at + 1)


def user_info_secrets(text: str, low: str) -> Iterator[Decision]:
    """The secrets of ``NAME.user.info=ID:SECRET`` and of ``ID:SECRET`` in hexadecimal."""
    if READ_USER_INFO and "info" in low and _USER_INFO_NAME.search(low):
        for m in _USER_INFO.finditer(text):
            value = m.group("value")
            why_not = assigned_reason(value, explicit=True, password=False, literal=False)
            yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                         "the secret of a user-info setting (NAME.user.info=ID:SECRET)")
    if READ_HEX_PAIRS and ":" in text and ("key" in low or "secret" in low or "token" in low):
        for m in _hex_pairs(text):
            line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
            value = m.group("value")
            if not _NAMED_LINE.search(line):
                continue
            mixed = any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
            yield decide("high_entropy_secret", m.start("value"), m.end("value"),
                         None if mixed else "hexadecimal without both digits and letters",
                         "the secret of an id:secret pair in hexadecimal on a line that "
                         "names a key, a secret or a token")
