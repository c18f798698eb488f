# ruff: noqa: RUF001  (dictionary words and punctuation of other scripts: their letters are meant)
"""A PIN or a numeric code given in a sentence ("the admin PIN on the terminals is ...",
"Manager override code for refunds: ...", "Terminal supervisor passcode (...): ...").

A PIN is digits only, so the prose readers of passwords (which want a letter) keep it. ISO
9564 (banking PINs, 4 to 12 digits) and the device makers' manuals (payment terminals'
supervisor and manager codes, alarm panels' master and installer codes, door keypads)
name it so: "PIN", "PIN code", "passcode", a role's "code" ("supervisor code", "master
code", "installer code", "override code") and the same words in other languages
("PIN-Code", "Geheimzahl", "code PIN", "código PIN", "pinkode", "暗証番号"). The value must
follow the word's clause and a colon, ``=`` or a copula, hold 4 to 12 digits, and be no
stand-in: one digit repeated (``0000``), a run (``1234``, ``654321``) or a value a unit
follows ("6 digits").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from .decisions import Decision, decide

#: the words, case-sensitive where English uses the word otherwise ("pin a version")
_WORD = (r"(?:\bPINs?\b|(?i:\bpin[- ]?(?:code|kode|kod|koodi|number|nummer|numéro)s?\b|"
         r"\bpasscodes?\b|\bgeheimzahl\b|\bcode pin\b|\bc(?:ó|o)digo pin\b|\bcodice pin\b|"
         r"\b(?:supervisor|manager|master|installer|override|admin|administrator|unlock|"
         r"alarm|door|gate|keypad|safe|engineer|technician)[- ](?:code|passcode)s?\b)|"
         r"暗証番号|비밀번호|密码|密碼)")
#: the word, up to eight words of its clause (no sentence's end), a colon, ``=`` or a
#: copula, the digits
_PIN = re.compile(
    rf"{_WORD}(?P<mid>(?:[^\S\n]+[^\s.!?:=]+){{0,8}}?|[^\S\n]*\([^)\n]{{0,60}}\))"
    r"(?:[^\S\n]*[:=：][^\S\n]*|[^\S\n]+(?:is|was|are|ist|lautet|est|es|är|er|é|è|je|"
    r"jest|on|is now|ist jetzt|set to|changed to|reset to)[^\S\n]+|[^\S\n]*(?:は|是|为|는|은)"
    r"[^\S\n]*)['\"`]?(?P<value>\d{4,12})(?![\d\w.,/-]*\w)(?![^\S\n]*(?:digits?|characters?|"
    r"chars?|stellen|ziffern|chiffres|d[ií]gitos|cifre|minutes?|seconds?|times|tries|"
    r"attempts|%))")
REASON = "a PIN or a numeric code given after its word"
#: a role's code ("supervisor code"), looked for only in a text that holds " code"
_ROLE_CODE = re.compile(r"(?:supervisor|manager|master|installer|override|admin|unlock|alarm|"
                        r"door|gate|keypad|safe|engineer|technician)[- ](?:pass)?code")
#: the lowercased words that open :data:`_PIN` besides "PIN" in capitals
_LOW_WORDS = ("passcode", "geheimzahl", "code pin", "digo pin", "codice pin", "暗証番号",
              "비밀번호", "密码", "密碼")
#: "pin code", "PIN-Code", "pinkode", "pin number" in lowercase
_PIN_LOW = re.compile(r"pin[- ]?(?:code|kode|kod|number|nummer|numéro)")


def may_hold_pin(text: str, low: str) -> bool:
    """Whether ``text`` (``low`` lowercased) holds a word of :data:`_PIN` (cheap tests)."""
    return ("PIN" in text or any(w in low for w in _LOW_WORDS)
            or ("pin" in low and _PIN_LOW.search(low) is not None)
            or (" code" in low and _ROLE_CODE.search(low) is not None))


def pin_reason(value: str) -> str | None:
    """Why ``value`` is not a PIN given in earnest, or None."""
    if len(set(value)) == 1:
        return "one digit repeated (a default or a mask)"
    steps = {int(b) - int(a) for a, b in pairwise(value)}
    if steps <= {1, -9} or steps <= {-1, 9}:
        return "a run of digits (a default or an example)"
    return None


def pins(text: str) -> Iterator[Decision]:
    """The PINs and numeric codes of :data:`_PIN`."""
    for m in _PIN.finditer(text):
        value = m.group("value")
        start = m.start("value")
        yield decide("password_assignment", start, start + len(value), pin_reason(value), REASON)
