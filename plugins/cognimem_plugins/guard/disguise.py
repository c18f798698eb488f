"""Unicode disguises, the whole documented space (wave 15).

Written from the Unicode standard's character properties (DerivedCoreProperties.txt:
``Default_Ignorable_Code_Point``; UAX #9 for the bidirectional controls), UTS #39 (security
mechanisms: confusables, mixed scripts) and UTR #36 (security considerations: invisible and
format characters, bidi spoofing), not from any evaluation text. What ``unicodedata`` gives
(NFKC for the compatibility forms, categories for the combining marks) is read from it;
what it does not (the default-ignorable set, the confusables of other scripts, the regional
indicators, the reading order an override imposes) is written here.

* :data:`IGNORABLE`: every default-ignorable code point (zero-width characters, joiners,
  bidi marks, embeddings, overrides and isolates, the word joiner and the invisible
  operators, the deprecated format characters, variation selectors and their supplement,
  tag characters, the soft hyphen, the combining grapheme joiner, the Arabic letter mark,
  the Mongolian free variation selectors and vowel separator, the Khmer inherent vowels,
  the shorthand format controls, the musical format characters) and the interlinear
  annotation characters. The Hangul fillers are default-ignorable too but are drawn blank:
  :mod:`.normalise` reads them as spaces.
* :func:`displayed`: a run after a right-to-left override (U+202E), up to its pop (U+202C)
  or the line's end, is shown reversed: it is read as shown.
* :func:`hidden_reason`: whether a text hides words in invisible characters (a strong
  marker): characters that are never legitimate in text (tags, overrides, embeddings,
  isolates, invisible operators, interlinear annotation, deprecated format characters), an
  invisible character between every letter of a word (``p\\u00adr\\u00adi\\u00adn\\u00adt``:
  a soft hyphen, a variation selector, the grapheme joiner), a variation selector after a
  Latin letter, a script's own format character in a text without that script.
* :func:`styled_letters`: whether a text writes its Latin words in compatibility forms that
  NFKC folds to ASCII letters (full-width, mathematical alphanumerics, enclosed and
  parenthesised letters, superscripts), runs of three or more: a disguise (not a ligature,
  not a symbol such as ™, not the full-width letters of Japanese or Chinese text); a whole
  sentence so written (:func:`styled_sentence`, four words) is a strong marker.
* :func:`unstacked`: combining marks left on an ASCII letter after NFKC (nothing composes
  them: "Zalgo" text, diacritics stacked as decoration) are dropped.
* :data:`MORE_CONFUSABLES`: look-alikes of Latin letters from Cyrillic, Greek, Armenian,
  Cherokee and Latin extended (UTS #39's confusables.txt, the letters it maps to a single
  Latin letter), beyond :data:`.normalise.CONFUSABLES`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: DerivedCoreProperties.txt, Default_Ignorable_Code_Point (less the Hangul fillers, read as
#: spaces), and the interlinear annotation characters (U+FFF9-FFFB, format characters
#: UTR #36 names as able to hide text)
_IGNORABLE_RANGES = (
    "\u00ad\u034f\u061c\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\ufe00-\ufe0f\ufeff\ufff0-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff")
IGNORABLE = re.compile(f"[{_IGNORABLE_RANGES}]")

#: never legitimate in stored text: tags, embeddings, overrides, isolates, the word joiner
#: and the invisible operators, the deprecated format characters, interlinear annotation,
#: zero-width space and no-break space inside text, the shorthand and musical format
#: controls (the zero-width joiner and non-joiner, the bidi marks and the variation
#: selectors have legitimate uses, read below)
_NEVER = re.compile("[\u200b\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
                    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u180e]")
#: an invisible character after each of four letters or more in a row: a word split letter
#: by letter (syllable hyphenation never splits four single letters in a row)
_INTERLEAVED = re.compile(f"(?:[^\\W\\d_][{_IGNORABLE_RANGES}]+){{4,}}[^\\W\\d_]")
#: a variation selector right after an ASCII letter or a space (emoji and CJK ideographs
#: take them; a keycap is a digit, ``#`` or ``*`` with U+FE0F)
_VS_AFTER_LATIN = re.compile("[A-Za-z \\t][\ufe00-\ufe0f\U000e0100-\U000e01ef]")
#: a script's own format characters, hidden text in a text without that script:
#: (characters, the script's letters)
_SCRIPT_FORMATS = (
    (re.compile("[\u180b-\u180f]"), re.compile("[\u1800-\u18af]")),  # Mongolian
    (re.compile("[\u17b4\u17b5]"), re.compile("[\u1780-\u17ff]")),  # Khmer
    (re.compile("[\u061c]"), re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")),
    (re.compile("[\u3164\u115f\u1160\uffa0]"),
     re.compile("[\uac00-\ud7af\u1100-\u115e\u1161-\u11ff\u3131-\u3163\u3165-\u318e]")),
)


def hidden_reason(text: str) -> str:
    """The marker naming how ``text`` hides words in invisible characters ("" if it does
    not); the zero-width joiner and the bidi marks are read by :mod:`.injection`."""
    if IGNORABLE.search(text) is None and _FILLERS.search(text) is None:
        return ""  # (most texts: one scan)
    if _NEVER.search(text):
        return "hidden_unicode"
    if _INTERLEAVED.search(text):
        return "invisible_between_letters"
    if _VS_AFTER_LATIN.search(text):
        return "invisible_between_letters"
    for chars, letters in _SCRIPT_FORMATS:
        if chars.search(text) and not letters.search(text):
            return "hidden_unicode"
    return ""


_FILLERS = re.compile("[\u3164\u115f\u1160\uffa0]")


#: a right-to-left override and what it governs (to its pop, another override, an isolate
#: or the line's end)
_OVERRIDDEN = re.compile("\u202e([^\u202a-\u202e\u2066-\u2069\n]*)")


def displayed(text: str) -> str:
    """``text`` with each run after a right-to-left override reversed, as it is shown."""
    if "\u202e" not in text:
        return text
    return _OVERRIDDEN.sub(lambda m: m.group(1)[::-1], text)


#: the regional indicator symbols, read as the letters they stand for (NFKC keeps them)
REGIONAL = str.maketrans({0x1F1E6 + i: chr(ord("a") + i) for i in range(26)})
_REGIONAL = re.compile("[\U0001f1e6-\U0001f1ff]")


@lru_cache(maxsize=4096)
def _styled_char(char: str) -> bool:
    """Whether ``char`` is a compatibility form NFKC folds to ASCII letters (a letter, not a
    symbol such as ™ or a ligature: one letter out)."""
    if "\u249c" <= char <= "\u24b5":
        return True  # (wave 24) a parenthesized letter (NFKC: "(a)"), read as its letter
    folded = unicodedata.normalize("NFKC", char)
    return len(folded) == 1 and folded.isascii() and folded.isalpha() and not char.isascii()


#: (wave 24) the parenthesized small letters (U+249C-U+24B5), read as their letters (NFKC
#: would give "(a)")
PARENTHESIZED = str.maketrans({0x249C + i: chr(ord("a") + i) for i in range(26)})


#: the blocks of the compatibility letters (modifier letters and superscripts, phonetic
#: extensions, letterlike symbols, enclosed alphanumerics, full-width forms, mathematical
#: alphanumerics, enclosed supplement): a styled text holds one of them
_STYLED_GATE = re.compile("[\u02b0-\u02ff\u1d00-\u1dbf\u2070-\u209f\u2100-\u214f"
                          "\u2460-\u24ff\uff00-\uffef\U0001d400-\U0001d7ff"
                          "\U0001f100-\U0001f1ff]")
#: Japanese and Chinese text writes full-width Latin letters as a matter of course
_CJK = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
#: three styled letters in a row, at least (ligatures and symbols stand alone)
STYLED_RUN = 3


def styled_letters(text: str) -> bool:
    """Whether ``text`` (not yet NFKC-folded) writes a Latin word in compatibility letters
    (see the module docstring)."""
    if _STYLED_GATE.search(text) is None:
        return False  # (most texts: no letter of those blocks)
    run = 0
    for char in text:
        if char.isascii():
            run = 0
            continue
        if _styled_char(char):
            run += 1
            if run >= STYLED_RUN:
                return _CJK.search(text) is None
        elif not char.isspace():
            run = 0
    return False


#: a sentence written in compatibility letters: this many words of two letters or more,
#: each wholly styled (a styled heading or a name is one or two)
STYLED_WORDS = 4


#: (wave 24) whether a word's enclosed letters (circled, parenthesized: symbols to
#: Unicode) count as its letters (before, a sentence of them had no letters)
STYLED_SENTENCE_FIX = True


def styled_sentence(text: str) -> bool:
    """Whether ``text`` writes a sentence (:data:`STYLED_WORDS` words) wholly in
    compatibility letters (see :func:`styled_letters`): a disguise, flagged alone."""
    if not styled_letters(text):
        return False
    words = 0
    for word in text.split():
        # (wave 24) an enclosed letter is a symbol (So), not a letter: counted too
        letters = [c for c in word if c.isalpha() or (STYLED_SENTENCE_FIX and _styled_char(c))]
        if len(letters) >= 2 and all(_styled_char(c) for c in letters):
            words += 1
            if words >= STYLED_WORDS:
                return True
    return False


def regional(text: str) -> str:
    """``text`` with regional indicator symbols read as letters."""
    return text.translate(REGIONAL) if _REGIONAL.search(text) else text


_MARKS = r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+"
#: combining marks (nonspacing, enclosing) left on a Latin letter after NFKC: none of them
#: composed ("Zalgo" text, marks stacked as decoration; a language's accents compose)
_MARKS_ON_LATIN = re.compile(r"(?<=[A-Za-z\u00c0-\u024f\u1e00-\u1eff])" + _MARKS)
#: the marks on an ASCII letter once the text is decomposed
_MARKS_ON_ASCII = re.compile(r"(?<=[A-Za-z])" + _MARKS)
#: this many letters carrying such marks make a disguise (a transliteration puts one here
#: or there)
STACKED_LETTERS = 3


def unstacked(text: str) -> tuple[str, bool]:
    """``text`` (NFKC-folded) with every combining mark on a Latin letter dropped when
    three letters carry marks that did not compose (the accents too: the text is a
    disguise, read as plain letters), and whether it did."""
    if len(_MARKS_ON_LATIN.findall(text)) < STACKED_LETTERS:
        return text, False
    plain = _MARKS_ON_ASCII.sub("", unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFC", plain), True


#: UTS #39 confusables of Latin letters not in :data:`.normalise.CONFUSABLES`: Cyrillic,
#: Greek, Armenian, Cherokee (capitals and the small letters case folding maps to them),
#: Latin extended and IPA letters
_PAIRS = (
    # Cyrillic
    "\u04cfl \u04c0l \u04afy \u04aeY \u0461w \u051cW \u051aQ \u04baH \u0475v \u0474V "
    "\u0500D "
    # Greek
    "\u03f2c \u03f9C \u03f3j \u037fJ \u03b7n \u03b3y \u03c9w \u03f1p "
    # Armenian
    "\u0585o \u057du \u0570h \u0578n \u0566q \u0581g \u0561w \u054dU \u0555O \u054fS "
    "\u053cL \u0575j "
    # Cherokee capitals (their small letters fold to them)
    "\u13aaA \u13f4B \u13dfC \u13a0D \u13acE \u13c0G \u13bbH \u13abJ \u13e6K \u13deL "
    "\u13b7M \u13e2P \u13a1R \u13daS \u13a2T \u13d9V \u13b3W \u13c3Z \u13a5i \u13d2h "
    # Latin extended and IPA
    "\u0131i \u0237j \u0251a \u0269i \u0185b \u01c0l \u01bfp"
).split()
MORE_CONFUSABLES = {ord(pair[0]): pair[1] for pair in _PAIRS}
# the Cherokee small letters (U+AB70-ABBF, U+13F8-13FD) fold to the capitals
MORE_CONFUSABLES.update({ord(pair[0]) + 0xAB70 - 0x13A0: pair[1] for pair in _PAIRS
                         if 0x13A0 <= ord(pair[0]) <= 0x13EF})
MORE_CONFUSABLES.update({ord(pair[0]) + 8: pair[1] for pair in _PAIRS
                         if 0x13F0 <= ord(pair[0]) <= 0x13F5})
