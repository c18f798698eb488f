"""(wave 20) An HTTP credential whose shape the formats refuse, read by where it is written.

* **an Authorization header's value** (RFC 9110 11.6.2): after ``Basic`` or ``Bearer`` the
  value is the credential, whatever it looks like. The formats (:mod:`.formats`) redact a
  Basic value that decodes as ``user:password`` and a Bearer token of 16 characters or more
  of token68's alphabet; a provider that takes its key as the Basic value (not base64), or
  a short bearer password with ``%``, ``!`` or ``$``, is left. Here such a value is
  redacted when it reads as a key (:func:`.branded.key_shape_reason`: random, long enough,
  not a name or a URL) or, after Bearer, as a chosen secret (three classes of characters,
  ten or more); a placeholder, a template, a variable or a truncated example (``...``) is
  kept.
* **curl's user slot** (``-u KEY:`` / ``--user KEY:token``): the documented way to send an
  API key as basic auth's user with an empty or a dummy password (``:``, ``:x``,
  ``:token``, ``:api_token``, ``:X``): the user is the key when it reads as one.

Gated on ``authorization`` with ``basic`` or ``bearer``, and on ``-u`` / ``--user``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .branded import key_shape_reason
from .decisions import Decision, decide
from .evidence import classes
from .formats import is_user_password
from .standins import stand_in

_HEADER = re.compile(r"(?i)\bauthorization[\"']?[ \t]*[:=][ \t]*[\"']?(?P<scheme>basic|bearer)"
                     r"[ \t]+(?P<value>[^\s'\"`\\,;<>{}()\[\]]{6,512})")
_TOKEN68 = re.compile(r"[A-Za-z0-9_\-.~+/]{16,}=*")
_USER_SLOT = re.compile(r"(?<!\S)(?:-u|--user)[= ][ \t]*(?P<q>['\"]?)(?P<value>[^\s:'\"]{6,128})"
                        r":(?:|x|X|token|api_token|api|apikey|api_key)(?P=q)(?=[\s'\"]|$)")


def _bearer_reason(value: str) -> str | None:
    if _TOKEN68.fullmatch(value):
        return "a token68 value of 16 characters or more (the bearer format's)"
    why = stand_in(value)
    if why:
        return why
    if "..." in value or "\u2026" in value:
        return "a truncated example"
    if len(value) < 10:
        return "shorter than 10 characters"
    if classes(value) < 3:
        return "fewer than three classes of characters (a word, a name, a number)"
    return None


def _basic_reason(value: str) -> str | None:
    if is_user_password(value):
        return "base64 of user:password (the basic format's)"
    return key_shape_reason(value, min_slot=16)


def header_credentials(text: str, low: str) -> Iterator[Decision]:
    """The credential of an Authorization header, and curl's user slot (see the module's
    text)."""
    if "authorization" in low and ("basic" in low or "bearer" in low):
        for m in _HEADER.finditer(text):
            value = m.group("value")
            bearer = m.group("scheme").lower() == "bearer"
            yield decide("authorization_header", m.start("value"), m.end("value"),
                         _bearer_reason(value) if bearer else _basic_reason(value),
                         f"the value of an Authorization header ({m.group('scheme')}), "
                         "whatever its shape")
    if "-u" in text or "--user" in text:
        for m in _USER_SLOT.finditer(text):
            yield decide("authorization_header", m.start("value"), m.end("value"),
                         key_shape_reason(m.group("value"), min_slot=16),
                         "a key sent as basic auth's user with an empty or a dummy password "
                         "(curl -u KEY:)")
