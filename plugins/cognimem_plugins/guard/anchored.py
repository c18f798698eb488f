"""A pattern that opens with one of a few words, tried only where one of them begins.

``pattern.finditer(text)`` tries the pattern at every place of the text; a pattern that
opens with a case-blind alternation of words behind a look-behind (the password words
after :data:`.names.COMPOUND`) costs 100-200 ns a character that way, so 20-40 µs on a
chat turn that merely holds "pass" or "login". In ASCII text such a pattern can only
match where one of its words begins, which ``str.find`` of each word's fixed opening (its
*stem*) in the lowercased text lists in a few hundred nanoseconds; trying the pattern at
those places alone, in order and never inside the last match, gives what ``finditer``
gives (``match`` at a place sees the text before it, so look-behinds and ``\\b`` hold
as they do there). Other text, where case-blind matching reaches letters beyond ASCII,
is searched the ordinary way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator


class Anchored:
    """``pattern``, whose every match in ASCII text begins where one of ``stems`` (lowercase
    ASCII) begins in the lowercased text."""

    def __init__(self, pattern: re.Pattern[str], stems: tuple[str, ...]) -> None:
        if any(not stem or not stem.isascii() or stem != stem.lower() for stem in stems):
            raise ValueError("stems must be lowercase ASCII")
        self.pattern = pattern
        self.stems = stems

    def starts(self, low: str) -> list[int]:
        """Every place of ``low`` where a stem begins, in order."""
        found: set[int] = set()
        for stem in self.stems:
            at = low.find(stem)
            while at >= 0:
                found.add(at)
                at = low.find(stem, at + 1)
        return sorted(found)

    def finditer(self, text: str, low: str | None = None) -> Iterator[re.Match[str]]:
        """What ``pattern.finditer(text)`` yields (``low``: the text lowercased, if the
        caller has it)."""
        if not text.isascii():
            yield from self.pattern.finditer(text)
            return
        end = 0
        for at in self.starts(text.lower() if low is None else low):
            if at < end:
                continue
            m = self.pattern.match(text, at)
            if m is not None:
                yield m
                end = m.end() if m.end() > at else at + 1
