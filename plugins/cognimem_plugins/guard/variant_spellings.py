# ruff: noqa: RUF002, RUF003  (the marks and letters named are meant)
"""The ways a text may write one dictionary word of the tables (wave 19).

A table lists a word once, as its dictionary writes it; a text may write it otherwise:

* without its diacritics ("ma se tele" for "má ṣe tẹ̀lé", "tuubs" for "túubs"): people type
  what their keyboard has, so the word is also read with the combining marks of Unicode's
  Combining Diacritical Marks block (U+0300-U+036F, the Latin, Greek and Cyrillic accents;
  not the vowel signs of the Indic scripts) taken off its letters;
* with its glottal stop or apostrophe as ``'``, ``’``, ``‘``, a modifier letter (which
  :mod:`.normalise` reads as ``'``) or left out ("fa'agalo", "faʻagalo", "faagalo");
* with the Caucasian palochka (``Ӏ``, the stop of Chechen, Ingush, Kabardian, Lezgian and
  Avar) as a Latin capital I, a small l or the digit 1, as most keyboards make people
  write it.

:func:`variants` gives those spellings; the tables' readers spell each as the screen reads
text (:func:`.overrides_i18n._spellings`).
"""

from __future__ import annotations

import re
import unicodedata
from itertools import product

_MARKS = re.compile("[\u0300-\u036f]")
_APOSTROPHES = re.compile("['\u2019\u2018\u02bb\u02bc]")
_PALOCHKA = re.compile("[\u04c0\u04cf]")
#: the fewest characters a spelling other than the word's own may have
SHORTEST = 5
#: spellings without diacritics that are English words (Latvian "ignorē" as "ignore",
#: Albanian "parolë" as "parole"): an English note's word, not the table's (found by reading
#: the 420 ASCII spellings the tables gain)
ENGLISH = frozenset(("ignore", "parole", "reels", "credential"))


def _unmarked(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word)
    if not _MARKS.search(decomposed):
        return word
    return unicodedata.normalize("NFC", _MARKS.sub("", decomposed))


def variants(word: str) -> tuple[str, ...]:
    """``word`` and the other ways a text may write it (the module docstring), the word
    first."""
    out = [word]
    if not word.isascii():
        out.append(_unmarked(word))
    if _APOSTROPHES.search(word):
        out += [_APOSTROPHES.sub(mark, w) for w in tuple(out) for mark in ("'", "\u2019", "")]
    if _PALOCHKA.search(word):
        # (each palochka written its own way: "Iункlыбзэ"; up to three in a word)
        for w in tuple(out):
            parts = _PALOCHKA.split(w)
            if len(parts) <= 4:
                out += ["".join(p + m for p, m in zip(parts, (*marks, ""), strict=True))
                        for marks in product("\u04c0Il1", repeat=len(parts) - 1)]
    # (a spelling of fewer than five characters other than the word's own is dropped: "lờ"
    # as "lo", "ʻave" as "ave" would be needles found in most English text)
    return tuple(dict.fromkeys(w for w in out if w == word
                               or (len(w) >= SHORTEST and w.lower() not in ENGLISH)))
