"""Text as the injection screen reads it: one spelling for the many ways to write a word.

An instruction survives rewording tricks that keep it readable to a model: full-width or
mathematical letters, Cyrillic or Greek look-alikes, zero-width characters inside words,
markdown emphasis and headings, letters spaced apart. :func:`normalise` undoes them:

1. invisible format characters are dropped;
2. Unicode NFKC folds compatibility forms (full-width letters, ligatures, circled and
   mathematical letters) to their plain letters;
3. a small confusables map turns Cyrillic and Greek look-alikes into Latin letters;
4. case is folded;
5. ``flat``: markdown and punctuation become spaces, runs of spaces one, and letters
   spaced one by one (``i g n o r e``) are joined.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

#: Format characters that render as nothing (zero-width, bidirectional controls, tags).
INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069"
                       "\ufeff\u180e\U000e0000-\U000e007f]")
#: Cyrillic and Greek letters drawn like Latin ones (the common subset of Unicode's
#: confusables list; NFKC does not fold these).
CONFUSABLES = str.maketrans(
    "\u0430\u0432\u0435\u0451\u043a\u043c\u043d\u043e\u0440\u0441\u0442\u0443"
    "\u0445\u0456\u0457\u0458\u0455\u0501\u0261\u04bb\u051b\u051d\u0410\u0412"
    "\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0406\u0408\u0405"
    "\u03b1\u03b5\u03b9\u03ba\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7\u0391\u0392"
    "\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7",
    "abeekmhopctyxiijsdghqwABEKMHOPCTXIJSaeikvoptuxABEZHIKMNOPTYX")
_CONFUSABLE_CHARS = frozenset(k for k in CONFUSABLES if isinstance(k, int))
#: ASCII punctuation and markdown marks, read as spaces in ``flat`` (the apostrophe too:
#: "you're" reads "you re")
PUNCTUATION = str.maketrans({c: " " for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u2019"})
#: the same for ASCII text as a bytes table (``bytes.translate`` is several times quicker
#: than ``str.translate`` with a dict)
_ASCII_MARKS = b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
_ASCII_PUNCTUATION = bytes.maketrans(_ASCII_MARKS, b" " * len(_ASCII_MARKS))


def unpunctuate(text: str) -> str:
    """``text`` with :data:`PUNCTUATION` read as spaces."""
    if text.isascii():
        return text.encode("ascii").translate(_ASCII_PUNCTUATION).decode("ascii")
    return text.translate(PUNCTUATION)


_LATIN = re.compile(r"[a-z]")


class Normalised(NamedTuple):
    """A text in the screen's spelling (a named tuple: made for every write, it must be
    cheap)."""

    #: NFKC, look-alikes mapped, invisible characters dropped, case folded (punctuation
    #: and lines kept, for structural cues: headings, links, templates)
    folded: str
    #: ``folded`` without punctuation or markdown, words joined by single spaces
    flat: str
    #: whether a word mixed Latin letters with Cyrillic or Greek look-alikes
    mixed_script: bool
    #: whether the words were spelled out letter by letter
    spaced: bool
    #: ``flat``'s words (``flat.split(" ")`` but for an empty ``flat``: no word), split
    #: once for every reader (wave 11)
    words: list[str]


def normalise(text: str) -> Normalised:
    """``text`` in the screen's spelling (see the module docstring)."""
    mixed = False
    if text.isascii():
        folded = text.lower()  # the same as casefold for ASCII, and quicker
    else:
        text = unicodedata.normalize("NFKC", INVISIBLE.sub("", text))
        if any(ord(c) in _CONFUSABLE_CHARS for c in text):
            mixed = _mixes_scripts(text)
            text = text.translate(CONFUSABLES)
        folded = text.casefold()
    joined = (_LETTER_CHAIN.sub(_join_chain, folded)
              if ("-" in folded or "_" in folded) and _CHAIN_GATE.search(folded) else folded)
    chained = joined != folded
    unpunctuated = unpunctuate(joined)
    words = unpunctuated.split()
    flat = " ".join(words)
    # letters spelled out one by one: words of about one letter on average, then counted
    # (the words' letters: ``flat`` less the spaces between them)
    spaced = (len(words) >= 8 and len(flat) - len(words) + 1 < 2 * len(words)
              and sum(len(w) == 1 for w in words) >= 0.6 * len(words))
    if spaced:
        words = re.sub(r"(?<! ) (?! )", "", unpunctuated).split()
        flat = " ".join(words)
    return Normalised(folded=folded, flat=flat, mixed_script=mixed,
                      spaced=spaced or chained, words=words)


#: letters chained one by one with a hyphen or an underscore (``i-g-n-o-r-e``): at least
#: four, each a single letter (``a-b`` is left alone)
_LETTER_CHAIN = re.compile(r"(?<![\w.\-])[a-z](?:[-_][a-z]){3,}(?![\w\-])")
_CHAIN_GATE = re.compile(r"[a-z][-_][a-z][-_][a-z][-_][a-z]")


def _join_chain(m: re.Match[str]) -> str:
    return re.sub(r"[-_]", "", m.group(0))


def _mixes_scripts(text: str) -> bool:
    """Whether a word holds both Latin letters and Cyrillic or Greek look-alikes."""
    for word in text.split():
        if any(ord(c) in _CONFUSABLE_CHARS for c in word) and _LATIN.search(word.lower()):
            return True
    return False
