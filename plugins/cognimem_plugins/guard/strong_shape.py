"""A strong password's shape, whatever the language around it (no word for "password").

NIST SP 800-63B and the password rules of most systems ask for length and, often, the four
classes of characters; a password chosen or generated so holds upper and lower case,
digits and a symbol, in no order a word or an identifier has. Such a value alone at the end
of a short line, after a colon, ``=``, "is" or a quote ("# master: ...", "SONAR_LOGIN:
...", "root / ..."), is a password in any language: identifiers, versions, hashes, paths
and links never mix the four classes with symbols of that kind.

Off unless :data:`.prose_i18n.READERS` holds ``"shape"`` (chosen by
``bench/guard_eval/cv_wave19_prose.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import camel_words, looks_chosen
from .standins import stand_in

#: the symbols a password policy counts, not those of names, paths, code, markup or base64
_SYMBOLS = frozenset("!#$%^&*~")
#: a value alone at the end of a line, after a colon, ``=``, an arrow, "is" or a slash
#: (the character before its space is looked for first; the line's head is read after)
_TAIL = re.compile(r"(?m)(?<=[:=>→s/])[^\S\n]+['\"`]?(?P<value>(?=[^\s]*[!#$%^&*~])[!-~]{10,64}?)"
                   r"['\"`]?[.,;]?[^\S\n]*$")
#: what the head of the line must end with: a colon, ``=``, an arrow, "is", a spaced slash
_HEAD_END = re.compile(r"(?::|=|->|→|\bis|\s/)$")
#: the longest head of a line before the value
_HEAD = 60
#: a password symbol and a digit in one run of non-space characters: a text without one
#: holds no value of the shape (one search before :data:`_TAIL`)
GATE = re.compile(r"[!#$%^&*~]\S*\d|\d\S*[!#$%^&*~]")
#: characters of code, markup and templates: a value holding one is no bare password
_CODE = re.compile(r"[()\[\]{}<>\\|'\"`/=:,;]")
REASON = "a value with a strong password's shape (four classes) alone after a colon"


def shape_reason(value: str) -> str | None:
    """Why ``value`` has not a strong password's shape, or None."""
    if _CODE.search(value):
        return "holds a character of code, a path or markup"
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)
            and any(c.isdigit() for c in value) and any(c in _SYMBOLS for c in value)):
        return "not all four classes (upper, lower, digit, a password symbol)"
    if value[0] in "$%@&#" and value[1:2].isalpha() and value[1:].replace("_", "").isalnum():
        return "a variable or a reference"
    return stand_in(value) or looks_chosen(value) or camel_words(value)


def shaped_passwords(text: str) -> Iterator[Decision]:
    """The values of :data:`_TAIL` with a strong password's shape (in a text :data:`GATE`
    finds)."""
    for m in _TAIL.finditer(text):
        value = m.group("value")
        head = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if len(head) <= _HEAD and _HEAD_END.search(head) and shape_reason(value) is None:
            start = m.start("value")
            yield decide("password_assignment", start, start + len(value), None, REASON)
