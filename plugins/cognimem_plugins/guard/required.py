"""Strings every match of a pattern holds: substring tests before the pattern runs.

A weak cue's pattern is a long alternation that opens on ``\\b``; Python's ``re`` finds no
literal to scan for in it and tries every branch at every position of the text (5-100 µs
on a 200-character note), while most notes the cue's words open hold none of its phrases.
:func:`required` reads the pattern's parse tree once and gives sets of strings such that
every match holds one string of each set (``curl``, ``wget``, ``authorized_keys``, ``ssh``
...): when a text holds no string of a set, the pattern cannot match it, and a few
``in`` tests (a few hundred ns) say so. The answer is the pattern's own: a text holding
them is searched as before.

The sets come from the tree as follows (each rule keeps "every match holds one"): a run of
literal characters in a sequence must appear whole; a group, or a repeat of at least one,
needs what its content needs; a sequence needs what each of its elements needs; an
alternation needs one string of the union of its branches' most telling sets (no set for
one branch: nothing for the alternation). Anything else (classes, anchors, lookarounds,
back-references, optional parts) needs nothing. A pattern compiled case-insensitively, or
with a case-insensitive group, gets no sets (the screen's text is case-folded, but ``re``
matches ``i`` with the dotless i, U+0131, which folding keeps).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .needles import Needles

#: strings shorter than this are not worth a test (one letter is in nearly every text)
SHORTEST = 2

try:  # the parser of the standard library's ``re`` (3.11+): absent, no strings are found
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python
    _sre = _sre_parse = None


Strings = frozenset[str]
#: what a pattern needs: sets of strings, a match holding one string of each
Required = tuple[tuple[str, ...], ...]


#: words so common in chat that a string made of one of them tests nearly nothing: the
#: choice between two sets of strings a match needs avoids them (any choice is exact)
_COMMON = frozenset((
    "a", "all", "an", "and", "any", "are", "as", "at", "be", "but", "by", "can", "do", "for",
    "from", "get", "had", "has", "have", "he", "i", "if", "in", "is", "it", "just", "like",
    "me", "my", "no", "not", "now", "of", "on", "one", "or", "out", "so", "that", "the",
    "them", "then", "they", "this", "to", "up", "was", "we", "what", "when", "will", "with",
    "you", "your"))


@lru_cache(maxsize=1024)
def required(pattern: re.Pattern[str]) -> Required | None:
    """Sets of strings such that every match of ``pattern`` holds one string of each set
    (the most telling set first; each set longest string first), or None when no useful
    ones are known."""
    if _sre_parse is None or pattern.flags & re.IGNORECASE or not isinstance(
            pattern.pattern, str):
        return None
    try:
        tree = _sre_parse.parse(pattern.pattern, pattern.flags)
    except Exception:  # an unreadable tree: no strings, the pattern runs
        return None
    found = sorted((c for c in _clauses(list(tree)) if _worth(c) >= SHORTEST),
                   key=lambda c: (-_worth(c), len(c)))
    if not found:
        return None
    return tuple(tuple(sorted(c, key=lambda s: (-len(s), s))) for c in found[:3])


def holds_one(text: str, strings: Required | None) -> bool:
    """Whether ``text`` holds one string of each set of ``strings`` (None: no strings
    known, so maybe). (wave 18) A set of more than :data:`MOST_SCANS` strings is read in
    one pass of an Aho-Corasick automaton (:mod:`.needles`), not one scan per string: an
    act's set holds 200 strings, 35 µs of scans on a chat turn against 3 µs."""
    if strings is None:
        return True
    for clause in strings:
        if len(clause) > MOST_SCANS:
            if not _automaton(clause).holds(text):
                return False
        elif not any(s in text for s in clause):
            return False
    return True


#: the most strings of a set tested one scan each (a longer set is read by an automaton)
MOST_SCANS = 12


#: each long set's automaton, by the set's identity (a set is hashed by reading all of it)
_AUTOMATA: dict[int, tuple[tuple[str, ...], Needles[str]]] = {}


def _automaton(clause: tuple[str, ...]) -> Needles[str]:
    entry = _AUTOMATA.get(id(clause))
    if entry is None or entry[0] is not clause:
        entry = _AUTOMATA[id(clause)] = (clause, Needles([(s, s) for s in clause]))
    return entry[1]


def _worth(clause: Strings) -> int:
    """How telling a set of strings is: its shortest string's length (0 for a string that
    is one word common in chat)."""
    return min(0 if s.strip() in _COMMON else len(s) for s in clause)


def _clauses(items: list[tuple[Any, Any]]) -> list[Strings]:
    """What a sequence of parse items needs: one set of strings per literal run and per
    element that needs something (a match holds one string of each)."""
    out: list[Strings] = []
    run: list[str] = []
    for op, av in items:
        if op is _sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            out.append(frozenset(("".join(run),)))
            run = []
        out.extend(_item(op, av))
    if run:
        out.append(frozenset(("".join(run),)))
    return out


def _best(clauses: list[Strings]) -> Strings | None:
    """The most telling of a sequence's sets (the one a branch stands by)."""
    return max(clauses, key=lambda c: (_worth(c), -len(c))) if clauses else None


def _item(op: Any, av: Any) -> list[Strings]:
    if op is _sre.SUBPATTERN:
        _, add_flags, _, sub = av
        if add_flags & _sre.SRE_FLAG_IGNORECASE:
            return []
        return _clauses(list(sub))
    if op is _sre.BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            need = _best(_clauses(list(branch)))
            if not need:
                return []
            out |= need
        return [frozenset(out)]
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
        least, _, sub = av
        return _clauses(list(sub)) if least >= 1 else []
    if op is _sre.ATOMIC_GROUP:
        return _clauses(list(av))
    return []
