"""Patterns whose alternatives are grouped by their first character: the same matches, found
sooner.

A cue's pattern is a long alternation, most often ``\\b(?:send|transfer|wire) ...|\\b(?:approve
|release) ...|...``. Python's ``re`` tries every alternative at every word start. It skips an
alternative quickly only when the alternative opens on a literal character (or a class) that
the text's next character is not; an alternative that opens on a group of words is entered,
and each of its words tried, at every position. A 40-alternative act costs 30-60 µs on a
200-character note, most of it spent entering alternatives that cannot match there.

:func:`grouped` compiles the same pattern with each alternation rewritten as a trie on its
first character: ``\\b(?:s(?:end|weep) R1|t(?:ransfer) R1|a(?:pprove) R2|...)`` where every
alternative now opens on a literal, which ``re`` checks in one comparison. The rewrite keeps
every match, its span, its groups and which alternative ``re`` prefers:

- alternatives that open on different characters cannot both match at one position, so
  their order does not matter; alternatives that open on the same character keep their order;
- ``(A|B)R`` is ``(a'|b')R`` after the first character (``re`` tries ``A`` with ``R``, then
  ``B`` with ``R``; so does the rewrite);
- an alternative whose first character is not known (a class, a repeat, a look-around, a
  capturing group, anything case-insensitive) is left as it is and ends the run of
  alternatives grouped before it, so no alternative moves past it; a leading ``\\b`` (or
  another position test) is kept in front, and alternatives are grouped only with others
  that open on the same test.

The rewrite reads ``re``'s own parse tree and compiles it with ``re``'s own code generator
(the standard library's private ``re._parser`` and ``re._compiler``, as :mod:`.required`
reads the tree). Where they are missing, or the rewrite fails, the pattern is used as it is.
The test suite checks every cue's grouped pattern against the original on the evaluation
splits' texts: the same spans, match for match.
"""

from __future__ import annotations

import re
from typing import Any

try:  # the standard library's parser and code generator (3.11+): absent, no rewrite
    import _sre as _engine
    from re import _compiler as _sre_compile  # type: ignore[attr-defined]
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python
    _engine = _sre = _sre_parse = _sre_compile = None

#: an alternation of fewer alternatives is left as it is (``re`` tries them quickly)
FEWEST = 3
#: how many levels of the trie are built below an alternation
DEPTH = 2

Items = list[tuple[Any, Any]]

_CACHE: dict[int, tuple[re.Pattern[str], re.Pattern[str]]] = {}


def grouped(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern`` compiled with its alternations grouped by first character (the pattern
    itself when it cannot be rewritten). Kept per pattern object."""
    entry = _CACHE.get(id(pattern))
    if entry is not None and entry[0] is pattern:
        return entry[1]
    quick = _rewritten(pattern)
    _CACHE[id(pattern)] = (pattern, quick)
    return quick


def _rewritten(pattern: re.Pattern[str]) -> re.Pattern[str]:
    if (_sre_parse is None or not isinstance(pattern.pattern, str)
            or pattern.flags & (re.IGNORECASE | re.VERBOSE)):
        return pattern
    try:
        tree = _sre_parse.parse(pattern.pattern, pattern.flags)
        state = tree.state
        rewritten = _sre_parse.SubPattern(state, _walk(list(tree.data), state))
        code = _sre_compile._code(rewritten, pattern.flags)
        if code == _sre_compile._code(tree, pattern.flags):  # nothing worth grouping
            return pattern
        indexgroup: list[str | None] = [None] * state.groups
        for name, index in state.groupdict.items():
            indexgroup[index] = name
        return _engine.compile(pattern.pattern, pattern.flags | state.flags, code,
                               state.groups - 1, state.groupdict, tuple(indexgroup))
    except Exception:  # a tree this rewrite does not know: the pattern as it is
        return pattern


def _walk(items: Items, state: Any, depth: int = DEPTH) -> Items:
    """The items with every alternation below them grouped."""
    out: Items = []
    for op, av in items:
        if op is _sre.BRANCH:
            alternatives = [_sub(state, _walk(list(a.data), state, depth)) for a in av[1]]
            out.append((op, (av[0], _group(alternatives, state, depth))))
        elif op is _sre.SUBPATTERN:
            group, add_flags, del_flags, sub = av
            if add_flags & _sre.SRE_FLAG_IGNORECASE:
                out.append((op, av))
            else:
                out.append((op, (group, add_flags, del_flags,
                                 _sub(state, _walk(list(sub.data), state, depth)))))
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            low, high, sub = av
            out.append((op, (low, high, _sub(state, _walk(list(sub.data), state, depth)))))
        elif op in (_sre.ASSERT, _sre.ASSERT_NOT):
            direction, sub = av
            out.append((op, (direction, _sub(state, _walk(list(sub.data), state, depth)))))
        elif op is _sre.ATOMIC_GROUP:
            out.append((op, _sub(state, _walk(list(av.data), state, depth))))
        else:
            out.append((op, av))
    return out


def _sub(state: Any, items: Items) -> Any:
    return _sre_parse.SubPattern(state, items)


def _firsts(items: Items) -> set[int] | None:
    """The characters a match of ``items`` can open on (None: not known)."""
    if not items:
        return None
    op, av = items[0]
    if op is _sre.LITERAL:
        return {av}
    if op is _sre.BRANCH:
        out: set[int] = set()
        for alternative in av[1]:
            found = _firsts(list(alternative.data))
            if found is None:
                return None
            out |= found
        return out
    if op is _sre.SUBPATTERN and av[0] is None and not av[1] and not av[2]:
        return _firsts(list(av[3].data))
    return None


def _after(items: Items, char: int, state: Any) -> Items | None:
    """What ``items`` match after opening on ``char`` (None: they cannot open on it). Only
    called on items whose first characters :func:`_firsts` knows."""
    op, av = items[0]
    rest = items[1:]
    if op is _sre.LITERAL:
        return rest if av == char else None
    if op is _sre.BRANCH:
        kept = [_sub(state, after) for a in av[1]
                if (after := _after(list(a.data), char, state)) is not None]
        if not kept:
            return None
        if len(kept) == 1:
            return list(kept[0].data) + rest
        return [(_sre.BRANCH, (None, kept)), *rest]
    # a non-capturing group without flags (the only group :func:`_firsts` opens)
    inner = _after(list(av[3].data), char, state)
    if inner is None:
        return None
    if not rest:
        return inner
    return [(_sre.SUBPATTERN, (None, 0, 0, _sub(state, inner))), *rest]


def _group(alternatives: list[Any], state: Any, depth: int) -> list[Any]:
    """The alternatives of one alternation, runs of those with known first characters (and
    the same leading position test) grouped by first character, in their order."""
    if len(alternatives) < FEWEST or depth <= 0:
        return alternatives
    out: list[Any] = []
    run: list[tuple[set[int], Items]] = []
    run_test: Any = None

    def flush() -> None:
        chars: dict[int, list[Any]] = {}
        for firsts, _items in run:
            for char in sorted(firsts):
                chars.setdefault(char, [])
        for char, branch in chars.items():
            for firsts, items in run:
                if char in firsts and (after := _after(items, char, state)) is not None:
                    branch.append(_sub(state, after))
        opened: list[Any] = []
        for char, branch in chars.items():
            inner = _group(branch, state, depth - 1)
            tail: Items = (list(inner[0].data) if len(inner) == 1
                           else [(_sre.BRANCH, (None, inner))])
            opened.append(_sub(state, [(_sre.LITERAL, char), *tail]))
        if run_test is None:
            out.extend(opened)
        else:  # the run's position test once, before its characters
            out.append(_sub(state, [(_sre.AT, run_test), *(
                opened[0].data if len(opened) == 1 else [(_sre.BRANCH, (None, opened))])]))
        run.clear()

    for alternative in alternatives:
        items = list(alternative.data)
        test = None
        if items and items[0][0] is _sre.AT:
            test, items = items[0][1], items[1:]
        firsts = _firsts(items)
        if firsts is None:
            flush()
            out.append(alternative)
            continue
        if run and test is not run_test:
            flush()
        run_test = test
        run.append((firsts, items))
    flush()
    return out
