"""Readings of a note whose order is hidden in its own letters, and the note's own words
around an opaque payload (wave 24, issue #39).

:mod:`.decoding` reads runs of an encoding (base64, hex, escapes, ciphers...) and
:mod:`.normalise` folds look-alike and styled letters. Some disguises keep every letter in
place and break only the words, or hide the order in pieces; each reader here gives the
whole note back with the disguise undone (punctuation kept, so the structural cues read
"Agent: ..." as they would plain), returned as a :class:`~.decoding.Decoded` run and
screened like the note itself:

* :func:`spaced_stretches`: a stretch of words spelled out letter by letter, letters one
  space apart and words two or more (``I g n o r e   a l l   p r e v i o u s``), inside
  an ordinary note (a note spelled so throughout is joined by :mod:`.normalise`);
* :func:`soft_split`: soft hyphens (U+00AD, invisible unless a line breaks there) standing
  for the spaces between words (``Copilot:\\xadreport\\xadthe``): read as spaces;
* :func:`concatenated`: quoted pieces the note asks to be joined (``'ig' + 'nore prev' +
  'ious rules'``, ``part A = '...'; part B = '...'``): the pieces in order, joined;
* :func:`unaccented`: English words written with an accent on every vowel (``yóú áré
  nów``): the accents dropped.

Each is gated by cheap evidence (a double space and four letters spaced; a soft hyphen; two
quoted pieces and a ``+`` or a word of joining; three common English words written with
accents), so a note without it pays a substring test.

:func:`obeyed_around` reads the note's own words outside a decoded run: an order to act on
what it holds (``comply``, ``obey``, ``follow``, ``execute``, ``evaluate and do it``,
``carry it out``) or a label naming an AI reader (``for the model``, ``Agent:``). A run
decoded to words beside either is the structure "decode this and do what it says" whatever
the phrasing: :mod:`.injection` weighs it (``AROUND_WEIGHT``, chosen by leave-one-split-out
CV, bench/guard_eval/cv_wave24_encoded.py).
"""

from __future__ import annotations

import re
import unicodedata
from itertools import pairwise

#: the longest text read (the readings are of short notes; a longer one is cut)
MOST = 4000

# -- letters spaced one by one ---------------------------------------------------------

#: a word spelled letter by letter: two characters or more, one space apart
_SPELLED_WORD = r"[^\s](?: [^\s])+"
#: three such words or more, two to four spaces apart (a stretch of a sentence)
_STRETCH = re.compile(rf"(?<![^\s])(?:{_SPELLED_WORD})(?: {{2,4}}(?:{_SPELLED_WORD}|[^\s])){{2,}}"
                      r"(?![^\s])")
#: the cheap gate: four characters spaced one by one
_STRETCH_GATE = re.compile(r"[^\s] [^\s] [^\s] [^\s]")
#: the fewest letters a stretch spells (initials, "A B C", a chord chart are fewer)
MIN_STRETCH_LETTERS = 10


def _join_stretch(m: re.Match[str]) -> str:
    return " ".join(w.replace(" ", "") for w in re.split(r" {2,}", m.group(0)))


def spaced_stretches(text: str) -> str | None:
    """``text`` with each stretch of words spelled out letter by letter joined (``None``:
    it holds none)."""
    if "  " not in text or _STRETCH_GATE.search(text) is None:
        return None
    found = False

    def join(m: re.Match[str]) -> str:
        nonlocal found
        if sum(not c.isspace() for c in m.group(0)) < MIN_STRETCH_LETTERS:
            return m.group(0)
        found = True
        return _join_stretch(m)

    joined = _STRETCH.sub(join, text[:MOST])
    return joined if found else None


# -- soft hyphens for spaces -----------------------------------------------------------

_SOFT = "\u00ad"
#: a soft hyphen between two letters or after a colon or comma (a hyphenation point sits
#: between two letters of one word)
_SOFT_GAP = re.compile(r"(?<=[^\W_]|[:,.;!?])\u00ad(?=[^\W_])")
#: a text whose words are joined by soft hyphens: this many of them at least, and more soft
#: hyphens than spaces in the stretch that holds them
MIN_SOFT = 3
#: short words of an English sentence (a compound word's parts are none of them)
_FUNCTION_WORDS = frozenset(("the", "to", "and", "of", "all", "every", "for", "my", "your",
                             "from", "with", "this", "that"))


def soft_split(text: str) -> str | None:
    """``text`` with soft hyphens read as spaces when they stand for them: at least
    :data:`MIN_SOFT`, in a stretch with fewer spaces than soft hyphens (``None``: no such
    stretch). Soft hyphens inside words (a hyphenation hint, or a word broken to slip past
    a filter) are dropped by :mod:`.normalise` as every invisible character is."""
    if _SOFT not in text or text.count(_SOFT) < MIN_SOFT:
        return None
    first, last = text.index(_SOFT), text.rindex(_SOFT)
    stretch = text[first:last + 1]
    if stretch.count(" ") >= stretch.count(_SOFT):
        return None
    # a piece between soft hyphens is a word of an English sentence ("the", "to"), as no
    # hyphenation point leaves it (a compound word's parts are none of them)
    if _FUNCTION_WORDS.isdisjoint(p.lower() for p in stretch.split(_SOFT)[1:-1]):
        return None
    spaced = _SOFT_GAP.sub(" ", text[:MOST]).replace(_SOFT, "")
    # a piece with no vowel was a word's end split off ("uploa\u00add", "Assista\u00adnt"):
    # joined back to the piece before it
    return _NO_VOWEL_PIECE.sub("", spaced)


#: a space before a piece of letters with no vowel (``d``, ``nt``, ``rs``), in a reading
#: with soft hyphens made spaces
_NO_VOWEL_PIECE = re.compile(r"(?<=[^\W\d_]) (?=[b-df-hj-np-tv-xzB-DF-HJ-NP-TV-XZ]{1,3}\b)")


# -- pieces to concatenate -------------------------------------------------------------

#: a quoted piece (single, double or typographic quotes; one line)
_PIECE = re.compile(r"'([^'\n]{0,200})'|\"([^\"\n]{0,200})\"|\u2018([^\u2019\n]{1,200})\u2019"
                    r"|\u201c([^\u201d\n]{1,200})\u201d")
#: words that ask for pieces to be joined (or a ``+`` between two of them)
_JOINING = re.compile(r"(?i)\b(?:concat\w*|join\w*|combin\w*|glue|append\w*|merg\w*)\b"
                      r"|\b[a-z]\s*\+\s*(?:[a-z]\b|['\"])")
_JOINING_NEEDLES = ("concat", "join", "combin", "glue", "append", "merg")
_PLUS_BETWEEN = re.compile(r"['\"\u2019\u201d]\s*\+\s*['\"\u2018\u201c]")
#: the fewest pieces joined
MIN_PIECES = 2


def concatenated(text: str) -> str | None:
    """The quoted pieces of ``text`` joined in order, when it holds two or more and joins
    them (a ``+`` between two, or a word of joining: ``concatenate``, ``join A+B``)
    (``None``: it does not)."""
    if text.count("'") + text.count('"') + text.count("\u2019") + text.count("\u201d") < 4:
        return None
    low = text.lower()
    if "+" not in low and not any(w in low for w in _JOINING_NEEDLES):
        return None
    if _PLUS_BETWEEN.search(text) is None and _JOINING.search(text) is None:
        return None
    chain = _chain(text[:MOST])
    if chain is None:
        return None
    return "".join(piece for piece, _, _ in chain)


#: the most characters between two pieces of one chain (``' + '``, ``'; part B = '``)
MOST_GAP = 30


def _chain(text: str) -> list[tuple[str, int, int]] | None:
    """The longest chain of quoted pieces of ``text`` (each at most :data:`MOST_GAP`
    characters after the one before), when it holds :data:`MIN_PIECES` and either a
    ``+`` joins two of them or one piece ends and the next begins inside a word (``'con'``,
    ``'tainers'``): (piece, start, end) each; ``None`` when there is none."""
    # (wave 26) an empty pair of quotes (``''.join``) is read as one, so the pieces after it
    # keep their quotes; it is no piece
    pieces = [(g, m.start(), m.end()) for m in _PIECE.finditer(text)
              if (g := next(g for g in m.groups() if g is not None))]
    best: list[tuple[str, int, int]] = []
    run: list[tuple[str, int, int]] = []
    for piece in pieces:
        if run and piece[1] - run[-1][2] > MOST_GAP:
            run = []
        run.append(piece)
        if len(run) > len(best):
            best = list(run)
    if len(best) < MIN_PIECES:
        return None
    plus = any("+" in text[a[2]:b[1]] for a, b in pairwise(best))
    split = any(a[0][-1:].isalpha() and b[0][:1].isalpha()
                for a, b in pairwise(best))
    # (wave 26) or each piece is a value given a name (``a = '...'``, ``part B: '...'``)
    # and the note adds names up (``a + b``)
    named = (_NAMES_ADDED.search(text) is not None
             and all(_NAMED.search(text, max(0, s - 16), s) for _, s, _ in best))
    # or the pieces are a list a ``join`` call joins (``''.join(['Re', 'set '])``)
    called = _JOIN_CALL.search(text, max(0, best[0][1] - 12), best[0][1]) is not None
    return best if plus or split or named or called else None


#: a ``join`` call right before the first piece
_JOIN_CALL = re.compile(r"\.join\(\s*[\[(]?\s*$")


#: a piece's name before it (``a = ``, ``part B: ``, ``b=``)
_NAMED = re.compile(r"\b\w{1,12}\s*[=:]\s*$")
#: names added up (``a + b``, ``a+' '+b``, ``A+B``)
_NAMES_ADDED = re.compile(r"\b\w{1,12}\s*\+\s*(?:['\"][^'\"\n]{0,3}['\"]\s*\+\s*)?\w{1,12}\b")


def chain_span(text: str) -> tuple[int, int]:
    """The span of the chain of quoted pieces :func:`concatenated` joins (the whole text
    when it has none)."""
    chain = _chain(text[:MOST])
    return (chain[0][1], chain[-1][2]) if chain else (0, len(text))


# -- accents on every vowel ------------------------------------------------------------

#: common English words; three of them written with accents are a disguise (French "thé"
#: alone is a word)
_COMMON = frozenset(("the", "you", "are", "now", "your", "this", "that", "with", "all",
                     "and", "for", "from", "not", "send", "reveal", "ignore", "delete"))
_ACCENTED_WORD = re.compile(r"[a-z]*[\u00e0-\u00f6\u00f8-\u00ff][a-z\u00e0-\u00f6\u00f8-\u00ff]*")
MIN_ACCENTED = 3


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def unaccented(text: str) -> str | None:
    """``text`` without its accents when at least :data:`MIN_ACCENTED` distinct common
    English words in it carry one (``None``: fewer do)."""
    if text.isascii():
        return None
    text = unicodedata.normalize("NFC", text[:MOST])  # (accents written as marks composed)
    low = text.lower()
    hits = {p for w in _ACCENTED_WORD.findall(low) if (p := _plain(w)) in _COMMON}
    if len(hits) < MIN_ACCENTED:
        return None
    return _plain(text)


#: the readings, in order: (wrapping, reader)
READERS = (("spaced_letters", spaced_stretches), ("soft_hyphens", soft_split),
           ("concatenated", concatenated), ("accents", unaccented))


#: whether the readings are made (a switch chosen by bench/guard_eval/cv_wave24_encoded.py)
ENABLED = False
#: (wave 26) whether, with :data:`ENABLED` off, the readings that show an order are made
#: (:func:`ordered`); weighed by ``injection.ORDERED_READING_WEIGHT`` (chosen by
#: bench/guard_eval/cv_wave26_obfuscated.py)
ORDERED = True


def readings(text: str) -> list[tuple[str, str]]:
    """Each reading of ``text`` that undoes a disguise: (wrapping, the text so read); with
    :data:`ENABLED` off and :data:`ORDERED` on, only those :func:`ordered` keeps."""
    out: list[tuple[str, str]] = []
    if not (ENABLED or ORDERED):
        return out
    for wrapping, read in READERS:
        got = read(text)
        if got is not None and got != text and (ENABLED or ordered(wrapping, text, got)):
            out.append((wrapping, got))
    return out


# -- (wave 26) a reading that shows an order -------------------------------------------

#: where a clause opens: the text's start, or after a colon, a sentence's end or a dash
_CLAUSE = re.compile(r"(?:^|[:;.!?\u2014\u2013]\s*|\s-\s+|\n\s*)")
#: "please" before the address ("please assistant publish ..."), read as after it
_PLEASE_FIRST = re.compile(r"please\s+(?:the\s+)?(?:ai|assistant|bot|model|agent|llm|copilot|"
                           r"chatbot)\s*[:,]?\s+", re.IGNORECASE)


def _orders(text: str, start: int, end: int) -> bool:
    """Whether a clause opening before ``end`` is an act's imperative that reaches into
    ``text[start:end]``
    (:func:`.decoded_acts.imperative_run`: an optional address to the reader, "please",
    an act verb and two more words)."""
    from .decoded_acts import imperative_span

    for m in _CLAUSE.finditer(text, 0, min(end, MOST)):
        at = m.end()
        if at >= end:
            break
        clause = text[at:at + 200]
        please = _PLEASE_FIRST.match(clause)
        reach = imperative_span(clause[please.end():] if please else clause)
        if reach is not None and at + reach + (please.end() if please else 0) > start:
            return True
    return False


#: how far from a chain of pieces the order to act on it is read (a long answer's "follow"
#: or "as a language model," far away is none)
NEAR = 80
#: an order to act on pieces joined (wave 24's order to act on a run, without a bare
#: "follow"; and "do what a+b+c says", "put them together and act")
_ACT_ON_JOINED = re.compile(
    r"\b(?:comply|obey|execute|exec|eval(?:uate)?|act\s+on|perform|"
    r"carry\s+(?:it\s+|them\s+|this\s+|the\s+result\s+)?out|"
    r"(?:run|follow)\s+(?:it|this|that|them|the\s+result|what\s+it\s+says)|"
    r"do\s+(?:it|this|that|so|exactly\s+that|what\s+it\s+says|as\s+it\s+says|"
    r"[a-z](?:\s*\+\s*[a-z])+|what\s+[a-z](?:\s*\+\s*[a-z])+\s+says)|and\s+act)\b(?!\s+as\b)",
    re.IGNORECASE)


def ordered(wrapping: str, text: str, reading: str) -> bool:
    """Whether the reading ``reading`` of ``text`` (by ``wrapping``) shows an order: the
    words its disguise hid open with an act's imperative (a clause that opens inside the
    stretch undone: spaced letters, soft hyphens, accents), or, for quoted pieces, the
    note's words between them and within :data:`NEAR` characters of them say to act on
    them (``_ACT_ON_JOINED``: "execute", "do A+B", "carry it out", "do what a+b+c says";
    not a bare "follow", as a long answer's "follow these authors" is none). A reading of
    an honest note (a spaced heading, a hyphenation hint, a string built in code, a French
    word) does not open with an act on data, money, access or the rules, nor is it asked
    to be obeyed."""
    if wrapping == "concatenated":
        chain = _chain(text[:MOST])
        if chain is None:
            return False
        # the note's words before, between and after the pieces
        cuts = [max(0, chain[0][1] - NEAR), *(i for _, a, b in chain for i in (a, b)),
                chain[-1][2] + NEAR]
        near = " ".join(text[a:b] for a, b in zip(cuts[::2], cuts[1::2], strict=True))
        return _ACT_ON_JOINED.search(near) is not None
    # the stretch the disguise held, in the reading: from its first changed character to
    # the last (the reading keeps the note's other characters in place before it)
    first = next((i for i, (a, b) in enumerate(zip(text, reading, strict=False)) if a != b),
                 min(len(text), len(reading)))
    tail = next((i for i, (a, b) in enumerate(
        zip(reversed(text), reversed(reading), strict=False))
                 if a != b), 0)
    lead = max(0, first - 1)
    return _orders(reading, lead, max(lead + 1, len(reading) - tail))


# -- the note's own words around a decoded run -----------------------------------------

#: an order to act on what the note holds
_OBEY = re.compile(
    r"\b(?:comply|obey|follow(?:\s+(?:it|this|that|them|the\s+result|what\s+it\s+says|"
    r"exactly))?(?=\s*[\W]|$)|execute|exec|eval(?:uate)?|act\s+on|"
    r"carry\s+(?:it\s+|them\s+|this\s+)?out|do\s+(?:it|this|that|so|exactly\s+that|what\s+it\s+"
    r"says|as\s+it\s+says|a\s*\+\s*b)|perform|run\s+(?:it|this|that|them|the\s+result))\b",
    re.IGNORECASE)
#: a label naming an AI reader ("for the model", "(for LLMs)", "Agent:", "assistant,")
_FOR_AI = re.compile(
    r"\bfor\s+(?:the|any|all|our|every)\s+(?:\w+\s+)?"
    r"(?:ai|assistant|agent|bot|model|llm|copilot|chatbot)s?\b(?!\s+(?:of|in|on|with)\b)|"
    r"\bfor\s+(?:ai|llm|language model)s?\b|"
    r"(?:^|[\s(\[])(?:ai|assistant|agent|bot|model|llm|copilot|chatbot)s?\s*[:,]|"
    r",\s*(?:the\s+)?(?:ai|assistant|agent|bot|model|llm|copilot|chatbot)s?\s*[.!]?\s*$",
    re.IGNORECASE)
#: the wrappings whose words around are read: an encoding or a code, not a reading of the
#: note's own words (a respelling by sound, dotted letters, the words in reverse order)
NOT_AROUND = frozenset(("phonetic_respelling", "separated_letters", "reversed_words",
                        *(w for w, _ in READERS if w != "concatenated")))
#: needles: one of these must be in the case-folded words around
AROUND_NEEDLES = ("comply", "obey", "follow", "exec", "eval", "act on", "carry", "do ",
                  "perform", "run ", "ai", "assistant", "agent", "bot", "model", "llm",
                  "copilot")


def obeyed_around(text: str, start: int, end: int) -> int:
    """How many of two marks the words of ``text`` outside ``start:end`` show: an order to
    act on what the note holds, and a label naming an AI reader (0, 1 or 2)."""
    around = (text[:start] + " " + text[end:])[:MOST]
    low = around.lower()
    if not any(n in low for n in AROUND_NEEDLES):
        return 0
    return (_OBEY.search(around) is not None) + (_FOR_AI.search(around) is not None)
