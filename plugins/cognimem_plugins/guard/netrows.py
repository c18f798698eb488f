"""(wave 18) The table machinery of the network, daemon and operations rules.

A row is one documented place a secret sits: the words without which it cannot occur
(lowercased needles, found in one pass of an automaton), optionally a context the text must
also hold (a vendor's or a file's mark), the pattern (its value in the group ``v``, a second
one in ``w``) and how the value is judged:

* ``shape``: the value's own documented shape is the evidence (Junos ``$9$``, a type 7
  hex string, a WireGuard key); only a placeholder is kept;
* ``config``: a position a configuration gives a secret; a stand-in, a plain word (a line
  of prose that starts as the syntax does), a default every installation ships with
  (``public``, ``private``, Quagga's ``zebra``, FreeRADIUS' ``testing123``) or a one-way
  hash (crypt's ``$id$salt$hash``, FortiOS' ``ENC SH2...``) is kept;
* ``chosen``: a position prose also reads as; the value must also look chosen
  (:func:`.evidence.looks_chosen`).

Hashes are kept by decision: Cisco's types 4, 5, 8 and 9, crypt hashes (``$1$``, ``$5$``,
``$6$``, ``$2y$``), Huawei's ``irreversible-cipher`` and FortiOS admin hashes cannot be
turned back into the password; reversible encodings are redacted (Cisco type 7, Junos
``$9$``, Huawei ``cipher``, HP ``$c$``, FortiOS ``ENC`` of other secrets, Cisco type 6).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .decisions import Decision, decide
from .evidence import looks_chosen
from .needles import Needles
from .standins import placeholder, stand_in

#: a line break as the text writes it, or as a JSON string or a notebook cell escapes it
NL = r"(?:\n|\\n)"
#: a line's start, raw or escaped
BOL = r"(?:^|(?<=\n)|(?<=\\n)|(?<=[\"'\[]))"
#: a value, quoted or bare (the quote, escaped or not, left out); a trailing ``;`` or ``,``
#: ends it as the syntax does
V = (r"(?:\\?[\"'`])?(?P<v>[^\s\"'`\\<>]{4,128}?)"
     r"(?=[;,]?(?:[\s\"'`\\}\])<>]|$))")
#: the second value of a row (RANCID's enable password, ...)
W = V.replace("(?P<v>", "(?P<w>")

#: the shortest value a ``config`` or ``chosen`` position is taken to hold (characters;
#: chosen by leave-one-split-out CV, bench/guard_eval/cv_wave18_netops.py)
MIN_LENGTH = [8]
#: defaults every installation ships with or its manual prints
DEFAULTS = frozenset({"public", "private", "zebra", "testing123", "cisco", "1111", "community"})
#: a one-way hash: crypt's ``$id$[rounds$]salt$hash``, FortiOS ``ENC SH2``/``AK1``, an
#: ``md5``-prefixed digest, an ASA/PIX ``... encrypted`` value (set by the row's pattern)
_HASH = re.compile(r"\$(?:1|2[abxy]?|5|6|7|8|9|y|gy|sha1|md5|pbkdf2[\w-]*|scrypt|argon2\w*)"
                   r"\$[^\s$]+\$[^\s]+|(?:SH2|AK1)[A-Za-z0-9+/=]{20,}|md5[0-9a-f]{32}")


@dataclass(frozen=True)
class Row:
    """A documented place a secret sits."""

    kind: str
    reason: str
    needles: tuple[str, ...]
    pattern: re.Pattern[str]
    judge: str = "config"  # "shape", "config" or "chosen"
    context: re.Pattern[str] | None = None  # searched in the lowercased text


def row(kind: str, reason: str, needles: Sequence[str], pattern: str, judge: str = "config",
        context: str | None = None) -> Row:
    """A :class:`Row` with its patterns compiled (``context`` against lowercased text)."""
    return Row(kind, reason, tuple(needles), re.compile(pattern),
               judge, re.compile(context) if context else None)


def value_reason(value: str, judge: str) -> str | None:
    """Why ``value`` in a row's position is no secret, or None."""
    if judge == "shape":
        return None if not re.fullmatch(r"[xX*._\-#<>]+", value) else "a placeholder"
    if _HASH.fullmatch(value):
        return "a one-way hash (not reversible): kept by decision"
    if value.startswith("$") and not value.startswith("$9$"):
        return "a variable or a macro ($NAME, $USER1$)"
    if value.lower() in DEFAULTS:
        return "a default every installation ships with or its manual prints"
    why = placeholder(value) if value.startswith("$9$") else stand_in(value)
    if why and why.startswith("a variable") and re.fullmatch(r"(?=\D*\d)[A-Z0-9]+", value):
        # capitals and digits in a configuration that expands no variable: a value
        why = None
    if why:
        return why
    if value[0] in "([{":
        return "an aside in brackets (prose, not a value)"
    if len(value) < MIN_LENGTH[0]:
        return f"shorter than {MIN_LENGTH[0]} characters"
    if value.isalpha() and (value.islower() or value.istitle()):
        return "a plain word"
    if len(set(value.lower())) < 3:
        return "too few distinct characters (a filler)"
    if judge == "chosen":
        return looks_chosen(value)
    return None


class Table:
    """Rows found by one pass over their needles."""

    def __init__(self, rows: Sequence[Row]) -> None:
        self.rows = tuple(rows)
        self.gate: Needles[int] = Needles([(n, i) for i, r in enumerate(self.rows)
                                           for n in r.needles])

    def decisions(self, text: str, low: str) -> Iterator[Decision]:
        """Each row's values in ``text`` (``low``: lowercased)."""
        hits = self.gate.found(low)
        if not hits:
            return
        for index in sorted(set(hits)):
            r = self.rows[index]
            if r.context is not None and r.context.search(low) is None:
                continue
            for m in r.pattern.finditer(text):
                for group in ("v", "w"):
                    if group not in r.pattern.groupindex or m.group(group) is None:
                        continue
                    value = m.group(group)
                    why = value_reason(value, r.judge)
                    if why is None and re.match(r"[\"']?\s+(?:encrypted|pbkdf2)\b",
                                                text[m.end(group):m.end(group) + 16]):
                        why = "an ASA/PIX hash (the value is followed by 'encrypted')"
                    yield decide(r.kind, m.start(group), m.end(group), why, r.reason)


def needle_words() -> tuple[str, ...]:
    """Every table's needles (the words :mod:`.secrets`' one pass looks for first)."""
    from .daemons import ROWS as DAEMON_ROWS
    from .netconfig import ROWS as NET_ROWS
    from .opsfiles import ROWS as OPS_ROWS
    return tuple(sorted({n for rows in (NET_ROWS, DAEMON_ROWS, OPS_ROWS) for r in rows
                         for n in r.needles} | {"kind:"}))
