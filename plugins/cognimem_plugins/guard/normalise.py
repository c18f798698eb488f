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

Wave 14 adds: letters chained by dots (``a.s.s.i.s.t.a.n.t``) are joined like those
chained by hyphens, in ``folded`` too (the structural cues read it); small capitals
(``ɢʀᴀɴᴛ``) are read as letters; combining underlines and strokes (``a̲s̲k̲``) are dropped and
blank letters used as spaces (the Hangul filler, the blank Braille cell) read as spaces;
and a text mostly written in leetspeak (``1gn0r3 y0ur 0r1g1n4l t4sk``: most of its words
mix letters with digits drawn like letters) is read with those digits as the letters.

Wave 15 (:mod:`.disguise`): every default-ignorable character is dropped, a right-to-left
override's run is read as shown, regional indicators as letters, compatibility letters and
stacked combining marks are noted (``styled``) and the marks dropped, and the look-alikes of
more scripts (Armenian, Cherokee, more Cyrillic, Greek, Latin extended) are mapped.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from . import disguise as _disguise
from .disguise import (
    IGNORABLE,
    MORE_CONFUSABLES,
    PARENTHESIZED,
    displayed,
    regional,
    styled_letters,
    unstacked,
)

#: Format characters that render as nothing (wave 15: every default-ignorable code point
#: and the interlinear annotation characters, :data:`.disguise.IGNORABLE`).
INVISIBLE = IGNORABLE
#: Cyrillic and Greek letters drawn like Latin ones (the common subset of Unicode's
#: confusables list; NFKC does not fold these).
CONFUSABLES = str.maketrans(
    "\u0430\u0432\u0435\u0451\u043a\u043c\u043d\u043e\u0440\u0441\u0442\u0443"
    "\u0445\u0456\u0457\u0458\u0455\u0501\u0261\u04bb\u051b\u051d\u0410\u0412"
    "\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0406\u0408\u0405"
    "\u03b1\u03b5\u03b9\u03ba\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7\u0391\u0392"
    "\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7",
    "abeekmhopctyxiijsdghqwABEKMHOPCTXIJSaeikvoptuxABEZHIKMNOPTYX")
#: (wave 15) and the look-alikes of the other scripts UTS #39 lists (Armenian, Cherokee, more
#: Cyrillic, Greek and Latin extended: :data:`.disguise.MORE_CONFUSABLES`)
CONFUSABLES.update({k: ord(v) for k, v in MORE_CONFUSABLES.items() if k not in CONFUSABLES})
#: (wave 14) the small capitals (NFKC leaves them alone), read as letters; not counted as
#: look-alikes mixed into a word: phonetic transcriptions write some of them (IPA)
SMALL_CAPITALS = str.maketrans(
    "\u1d00\u0299\u1d04\u1d05\u1d07\ua730\u0262\u029c\u026a\u1d0a\u1d0b\u029f\u1d0d"
    "\u0274\u1d0f\u1d18\u0280\ua731\u1d1b\u1d1c\u1d20\u1d21\u028f\u1d22",
    "abcdefghijklmnoprstuvwyz")
_SMALL_CAPITAL_CHARS = frozenset(k for k in SMALL_CAPITALS if isinstance(k, int))
_CONFUSABLE_CHARS = frozenset(k for k in CONFUSABLES if isinstance(k, int))
#: (wave 14) combining marks that style a letter without changing it (underline, stroke,
#: slash), dropped; letters drawn blank, used as spaces (Hangul fillers, the blank Braille
#: cell), read as spaces
STYLE_MARKS = re.compile("[\u0332\u0333\u0335-\u0338\u20d2\u20e5]")
BLANKS = re.compile("[\u3164\u115f\u1160\uffa0\u2800\u1680\u1361]")
#: (wave 19) with the spaces NFKC leaves alone: the Ogham space mark and the Ethiopic
#: wordspace (between the words of Ge'ez-script text; ideographic and typographic spaces
#: NFKC already reads as spaces). The glottal stop written with a modifier letter (U+02BB,
#: U+02BC, U+02BD: Hawaiian, Tongan, Guarani, Mayan, Uzbek) is the apostrophe it stands
#: for, and in ``flat`` the left single quote is a mark like the right one
_GLOTTAL = str.maketrans("\u02bb\u02bc\u02bd", "'" * 3)
_GLOTTAL_CHARS = frozenset("\u02bb\u02bc\u02bd")
#: (wave 19) a word of Greek, Cyrillic or Armenian letters with a capital: when one of its
#: letters is no look-alike (a word of the language, not English in disguise), its case is
#: folded before the look-alikes are mapped, so that a capital and its small letter, mapped
#: apart, read alike ("ΑΓΝΟΗΣΕ" as "αγνοησε", "Ուղարկիր" as "ուղարկիր")
_NATIVE = "\u0370-\u03ff\u1f00-\u1fff\u0400-\u052f\u0531-\u058f"
_NATIVE_WORD = re.compile(f"[{_NATIVE}]*[\u0391-\u03a9\u0400-\u042f\u0531-\u0556][{_NATIVE}]*")
#: ASCII punctuation and markdown marks, read as spaces in ``flat`` (the apostrophe too:
#: "you're" reads "you re")
PUNCTUATION = str.maketrans({c: " " for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u2018\u2019"})
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
    #: (wave 14) whether the text was written in leetspeak (read with its digits as letters)
    leet: bool = False
    #: (wave 15) whether Latin words were written in compatibility letters (full-width,
    #: mathematical, enclosed...) or under stacked combining marks (:mod:`.disguise`)
    styled: bool = False


def normalise(text: str) -> Normalised:
    """``text`` in the screen's spelling (see the module docstring)."""
    mixed = styled = False
    if text.isascii():
        folded = text.lower()  # the same as casefold for ASCII, and quicker
    else:
        # (wave 15) read as shown: a right-to-left override's run reversed, regional
        # indicators as letters; compatibility letters and stacked marks noted
        styled = styled_letters(text)
        if "\u00ad" in text and SOFT_HYPHEN_DISGUISE:
            # (wave 24) words broken by soft hyphens (invisible: "ig\u00adnore the
            # us\u00ader"): weighed as styled letters are
            styled = styled or len(_SOFT_IN_WORD.findall(text)) >= SOFT_HYPHENS
        if _disguise.STYLED_SENTENCE_FIX and max(text) >= "\u249c" \
                and any("\u249c" <= c <= "\u24b5" for c in text):
            text = text.translate(PARENTHESIZED)  # (wave 24) before NFKC's "(a)"
        text = unicodedata.normalize("NFKC", INVISIBLE.sub("", regional(displayed(text))))
        if STYLE_MARKS.search(text) or BLANKS.search(text):
            text = BLANKS.sub(" ", STYLE_MARKS.sub("", text))
        text, stacked = unstacked(text)
        styled = styled or stacked
        if any(ord(c) in _SMALL_CAPITAL_CHARS for c in text):
            # (wave 24) a sentence in small capitals is styled as one in full-width letters
            # (IPA writes a few of them among its other letters, not whole words)
            styled = styled or (SMALL_CAPITAL_SENTENCE and _small_capital_sentence(text))
            text = text.translate(SMALL_CAPITALS)
        if not _GLOTTAL_CHARS.isdisjoint(text):
            text = text.translate(_GLOTTAL)
        if any(ord(c) in _CONFUSABLE_CHARS for c in text):
            mixed = _mixes_scripts(text)
            text = _NATIVE_WORD.sub(_native_case, text)
            text = text.translate(CONFUSABLES)
        folded = text.casefold()
    joined = folded
    # (wave 14) cheap counts before each pattern: a chain needs three separators, a name
    # four
    dots, hyphens, unders = folded.count("."), folded.count("-"), folded.count("_")
    if max(dots, hyphens, unders) >= 3 and _CHAIN_GATE.search(folded) \
            and _LETTER_CHAIN.search(folded):
        # (wave 14) once one chain of four letters shows the disguise, shorter ones of
        # three are joined too ("a.s.s.i.s.t.a.n.t: r.u.n c.u.r.l")
        chains = {m.group(0): m.group(1) for m in _SHORT_CHAIN.finditer(folded)}
        joined = _SHORT_CHAIN.sub(_join_chain, folded)
        # a disguise: a hyphen or underscore chain, or several different dotted ones (a
        # dotted acronym, "Agents of S.H.I.E.L.D.", is joined but is no disguise)
        chained = len(chains) >= 2 or any(sep in "-_" for sep in chains.values())
    else:
        chained = False
    # (leetspeak writes several of its digits: two distinct ones at least, a cheap test)
    leet = (("0" in joined) + ("1" in joined) + ("3" in joined) + ("4" in joined)
            + ("5" in joined) + ("7" in joined) >= 2
            and _LEET_GATE.search(joined) is not None and _leetspeak(joined))
    if leet:
        joined = _LEET_WORD.sub(_unleet, joined)
    if "-\n" in joined:
        # (wave 14) words broken at the end of a line ("ig-\nnore") are joined
        joined = _BROKEN_WORD.sub("", joined)
    if hyphens + unders >= 4 and _NAME_PHRASE.search(joined):
        # (wave 14) a sentence written as a file or branch name
        # ("ai_read_me_first_delete_all_backups"): its separators read as spaces
        joined = _NAME_PHRASE.sub(_spaced_name, joined)
    folded = joined  # (wave 14) the structural cues read the joined words too
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
        if JOIN_SPACED_FOLDED:
            # (wave 24) the structural cues read the joined words too, with their
            # punctuation ("a g e n t :   a d d" reads "agent: add")
            folded = _MANY_SPACES.sub(" ", _ONE_SPACE.sub("", folded))
    return Normalised(folded=folded, flat=flat, mixed_script=mixed,
                      spaced=spaced or chained, words=words, leet=leet, styled=styled)


#: (wave 24) whether a text spelled out letter by letter throughout has its ``folded``
#: form joined as ``flat`` is (a switch chosen by bench/guard_eval/cv_wave24_encoded.py)
JOIN_SPACED_FOLDED = True
_ONE_SPACE = re.compile(r"(?<! ) (?! )")
_MANY_SPACES = re.compile(r"  +")


#: letters chained one by one with a hyphen or an underscore (``i-g-n-o-r-e``): at least
#: four, each a single letter (``a-b`` is left alone)
#: (wave 14) or a dot (``a.s.s.i.s.t.a.n.t``; "e.g." and "i.e." are too short)
_LETTER_CHAIN = re.compile(r"(?<![\w.\-])[a-z](?:([-_.])[a-z](?:\1[a-z]){2,})(?![\w\-]|\.\w)")
_SHORT_CHAIN = re.compile(r"(?<![\w.\-])[a-z](?:([-_.])[a-z](?:\1[a-z])+)(?![\w\-]|\.\w)")
_CHAIN_GATE = re.compile(r"[a-z][-_.][a-z][-_.][a-z][-_.][a-z]")


#: (wave 14) five words or more of letters joined by underscores or hyphens
_NAME_PHRASE = re.compile(r"(?<![\w\-])[a-z]+(?:[_\-][a-z]+){4,}(?!\w)")


#: (wave 14) a word broken by a hyphen at the end of a line, its two halves letters
_BROKEN_WORD = re.compile(r"(?<=[a-z])-[ \t]*\n[ \t>|]*(?=[a-z])")


def _spaced_name(m: re.Match[str]) -> str:
    return re.sub(r"[_\-]", " ", m.group(0))


def _join_chain(m: re.Match[str]) -> str:
    return re.sub(r"[-_.]", "", m.group(0))


#: (wave 14) digits drawn like letters, as leetspeak writes them
_LEET = str.maketrans("013457@$", "oieastas")
#: a word that mixes letters with those digits (a word of letters and such digits only, with
#: at least one of each)
_LEET_WORD = re.compile(r"(?<![\w@$])(?=[\w@$]*[a-z])(?=[\w@$]*[013457@$])[a-z013457@$]{2,12}"
                        r"(?![\w@$])")
_LEET_GATE = re.compile(r"[a-z][013457]|[013457][a-z]")
#: hexadecimal (a hash, a colour) and ordinals ("1st", "4th") are not leetspeak
_NOT_LEET = re.compile(r"[0-9a-f]+|\d*(?:1st|2nd|3rd|[04-9]th|1[1-3]th)|v\d+")
#: a text is read as leetspeak when this many of its words are, and at least this share
#: of its words of two letters or more
LEET_WORDS = 4
LEET_SHARE = 0.4


def _leetspeak(folded: str) -> bool:
    """Whether most of the text's words mix letters with digits drawn like letters."""
    leet = [w for w in _LEET_WORD.findall(folded) if not _NOT_LEET.fullmatch(w)]
    if len(leet) < LEET_WORDS:
        return False
    words = sum(len(w) >= 2 for w in re.findall(r"[\w@$]+", folded))
    return len(leet) >= LEET_SHARE * words


def _unleet(m: re.Match[str]) -> str:
    word = m.group(0)
    return word if _NOT_LEET.fullmatch(word) else word.translate(_LEET)


#: (wave 24) switches chosen by bench/guard_eval/cv_wave24_encoded.py
SMALL_CAPITAL_SENTENCE = True
SOFT_HYPHEN_DISGUISE = True
#: a soft hyphen between two ASCII letters, and how many make a disguise
_SOFT_IN_WORD = re.compile(r"(?<=[A-Za-z])\u00ad(?=[A-Za-z])")
SOFT_HYPHENS = 2
#: words of two letters or more, each written wholly in small capitals
SMALL_CAPITAL_WORDS = 4


def _small_capital_sentence(text: str) -> bool:
    """Whether :data:`SMALL_CAPITAL_WORDS` words of ``text`` are written wholly in small
    capitals."""
    words = 0
    for word in text.split():
        letters = [c for c in word if c.isalpha()]
        if len(letters) >= 2 and all(ord(c) in _SMALL_CAPITAL_CHARS for c in letters):
            words += 1
            if words >= SMALL_CAPITAL_WORDS:
                return True
    return False


def _native_case(m: re.Match[str]) -> str:
    """A word of Greek, Cyrillic or Armenian letters, its case folded when one of its letters
    is no look-alike (:data:`_NATIVE_WORD`)."""
    word = m.group(0)
    if all(ord(c) in _CONFUSABLE_CHARS for c in word):
        return word
    return word.casefold()


def _mixes_scripts(text: str) -> bool:
    """Whether a word holds both Latin letters and Cyrillic or Greek look-alikes."""
    for word in text.split():
        if any(ord(c) in _CONFUSABLE_CHARS for c in word) and _LATIN.search(word.lower()):
            return True
    return False
