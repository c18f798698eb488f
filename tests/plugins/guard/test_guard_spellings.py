"""For ASCII text the provider formats' needles are found in one pass over the text as
written (the lowercased needles by their case spellings): the same rules open as when the
lowercased needles are looked for in the lowercased text; digits counted in bytes."""

from __future__ import annotations

import re

import pytest

from cognimem_plugins.guard import formats
from cognimem_plugins.guard.decoding import _digits
from cognimem_plugins.guard.needles import spellings


def _reference(text: str) -> list[formats.Rule]:
    """The rules the needles open, each needle asked with ``in`` (the table's meaning)."""
    rules = formats._library_rules_cached()
    low = text.lower()
    opened = set(formats._ALWAYS)
    for needle, lower, owners in formats._NEEDLES:
        if needle in (low if lower else text):
            opened.update(owners)
    if re.search(r"\S{28}", text):  # a word as long as the long rules' shortest token
        for needle, lower, owners in formats._LONG_NEEDLES:
            if needle in (low if lower else text):
                opened.update(owners)
    return [rules[i] for i in sorted(opened)]


def test_spellings_are_every_case_of_the_letters() -> None:
    assert sorted(spellings("a-b")) == ["A-B", "A-b", "a-B", "a-b"]
    assert list(spellings("--")) == ["--"]
    with pytest.raises(ValueError, match="lowercase ASCII"):
        list(spellings("Aws"))


def test_ascii_text_opens_the_rules_of_every_spelling_of_a_lowercased_needle() -> None:
    formats.active_rules("", "")
    lowered = [needle for needle, lower, _ in formats._NEEDLES if lower]
    assert lowered and formats._AS_WRITTEN  # the one-pass table is in use
    texts = ["nothing to see here", "a.b: c"]
    for needle in lowered:
        for spelled in (needle, needle.upper(), needle.title(), needle.swapcase(),
                        "".join(c.upper() if i % 2 else c for i, c in enumerate(needle))):
            texts.append(f"see {spelled} here")
            texts.append(f"{spelled}")
    for text in texts:
        assert text.isascii()
        assert formats.active_rules(text, text.lower()) == _reference(text), text


def test_other_text_still_opens_the_same_rules() -> None:
    for text in ("clé AWS über xoxb", "\u212aey WEBHOOK \u0130", "hooks.SLACK.com — ok"):
        assert formats.active_rules(text, text.lower()) == _reference(text), text


def test_digits_are_the_ascii_digits_whatever_the_text() -> None:
    for text in ("", "abc123", "\u0663\uff11 12 \ud800 x9", "\u00e9" * 5 + "0" * 16):
        assert _digits(text) == sum(map(text.count, "0123456789"))
