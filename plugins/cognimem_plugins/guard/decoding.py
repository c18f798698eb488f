"""Encoded runs of a text and what they decode to: an instruction wrapped to slip past.

An injection can be written so that no word of it shows: base64 (standard or URL-safe),
hexadecimal byte pairs (``4f 6b``, ``\\x4f\\x6b`` too), URL encoding (``%20``), character
codes in decimal (``73 103 110``) or binary (``01001001``), rot13, or the sentence written
backwards. :func:`decoded_runs` finds such runs and decodes them, bounded: runs of at most
:data:`MOST_RUN` characters, at most :data:`MOST_DECODES` decodes per text, each a linear
pass. A decoding is kept only when it reads as words (:func:`wordy`: letters, spaces,
printable); base64 of a key, a digest or binary data decodes to no words and is dropped, so
it adds nothing. rot13 and backwards text have no run to find: the whole text is read so
when it then holds more of the commonest English words (``the``, ``and``, ``you``...) than
as written, or, for rot13, when it says it is rot13.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import quopri
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote_plus

from .ciphers import DECODERS as CIPHER_DECODERS
from .ciphers import MARKS as CIPHER_MARKS
from .ciphers import spelled as cipher_spelled
from .decode_orders import orders_decoding
from .normalise import normalise
from .phonetic import respelled
from .spelled import CODE_SET, spelled_runs
from .unveiled import chain_span
from .unveiled import readings as unveiled_readings

#: the longest run decoded (longer runs are cut: an instruction fits in far less)
MOST_RUN = 4000
#: the most decodes tried per text
MOST_DECODES = 8
#: the fewest distinct common words a rotated or reversed reading must hold
MIN_COMMON = 3


@dataclass(frozen=True)
class Decoded:
    """A decoded run: its wrapping (``base64``, ``hex``, ``url``, ``charcodes``,
    ``binary``, ``rot13``, ``reversed``), its span in the text and the decoded text."""

    wrapping: str
    start: int
    end: int
    text: str

    def describe(self, most: int = 60) -> str:
        """``decoded base64 at 120-188: "first words..."`` (the decoded text cut at
        ``most`` characters, on one line)."""
        words = " ".join(self.text.split())
        shown = words if len(words) <= most else words[:most].rstrip() + "..."
        return f'decoded {self.wrapping} at {self.start}-{self.end}: "{shown}"'


_B64 = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=_-])")
_B64_URL = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9_-]{24,}={0,2}(?![A-Za-z0-9+/=_-])")
_HEX = re.compile(r"(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}){16,}(?![0-9a-fA-F])")
#: byte pairs apart: ``4f 6b 20``, ``\x4f\x6b``, ``0x4f, 0x6b``
_HEX_APART = re.compile(r"(?i)(?<![0-9a-z])(?:(?:\\x|0x)?[0-9a-f]{2}(?:[\s,]{1,2}|(?=\\x))){15,}"
                        r"(?:\\x|0x)?[0-9a-f]{2}(?![0-9a-z])")
#: a run of URL-safe characters and escapes (decoded when it holds :data:`MIN_ESCAPES`)
_URL_SAFE = r"[A-Za-z0-9._~+\-!*'()]"
_URL_ENCODED = re.compile(rf"(?<!{_URL_SAFE})(?:{_URL_SAFE}*+%[0-9a-fA-F]{{2}})++{_URL_SAFE}*+")
MIN_ESCAPES = 6
_CODES = re.compile(r"(?<![\d.])(?:(?:1[01]\d|12[0-6]|[3-9]\d)[\s,;]{1,2}){15,}"
                    r"(?:1[01]\d|12[0-6]|[3-9]\d)(?![\d.])")
_BINARY = re.compile(r"(?<![01])(?:[01]{8}[\s,]{0,2}){12,}(?![01])")
#: (wave 19) RFC 4648 base32 (upper case, or lower case throughout) and base58 (Bitcoin's
#: alphabet: no 0, O, I or l)
_B32 = re.compile(r"(?<![A-Za-z0-9+/=_-])(?:[A-Z2-7]{24,}|[a-z2-7]{24,})={0,6}(?![A-Za-z0-9+/=_-])")
_B58 = re.compile(r"(?<![A-Za-z0-9+/=_-])[1-9A-HJ-NP-Za-km-z]{24,}(?![A-Za-z0-9+/=_-])")
_B58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
#: (wave 19) Adobe's Ascii85 between its delimiters ``<~ ~>``
_A85 = re.compile(r"<~[!-u\s]{20,}~>")
#: (wave 27) a run of Ascii85's or base85's characters without delimiters: no space, three
#: marks at least (an ordinary word or a key has none); read when the note names the encoding;
#: never a run in Adobe's delimiters (``<~ ~>``: :data:`_A85` reads it; the merge's fix, the
#: bare run claimed the span and the delimited one was no longer decoded)
_A85_BARE = re.compile(r"(?<![!-~])(?!<~)(?=(?:\w*[!-/:-@\[-`{-~]){3})[!-~]{20,}(?![!-~])")
_NAMES_85 = re.compile(r"(?i)(?:ascii|base|a|b)[\s-]?85\b")
#: (wave 27) the decoders of UTF-16 hex and of Ascii85 or base85 without delimiters (a switch
#: chosen by leave-one-split-out CV, bench/guard_eval/cv_wave27_obfuscated.py)
MORE_DECODERS = True
#: (wave 19) escapes: ``\u0072`` (JSON, JavaScript, Python), ``\162`` (octal, C), HTML
#: character references (``&#114;``, ``&#x72;``, ``&lt;``) and quoted-printable (RFC 2045
#: ``=72``), each a run of at least :data:`MIN_ESCAPES`
_U_ESCAPES = re.compile(r"(?:\\[uU]\{?[0-9a-fA-F]{4}\}?[ ,]?){6,}")
_OCTAL = re.compile(r"(?:\\[0-3][0-7]{2}){6,}")
_ENTITIES = re.compile(r"(?:&#(?:[0-9]{2,4}|[xX][0-9a-fA-F]{2,4});[ ,]?){6,}")
_QP = re.compile(r"(?:=[0-9A-F]{2}|=\r?\n){6,}")
_ROT13_SAID = re.compile(r"(?i)\brot[\s-]?13\b|\bcaesar\b")
_WORD = re.compile(r"[a-z]+")

#: common English words whose rot13 and backwards spellings are not English words
_COMMON = ("the", "and", "you", "your", "this", "that", "with", "for", "all", "of", "to",
           "is", "in", "it", "from", "then", "any", "every", "must", "into", "before",
           "should", "when", "what", "will")
_ROTATED = frozenset(codecs.encode(w, "rot13") for w in (*_COMMON, "not", "now", "are"))
_REVERSED = frozenset(w[::-1] for w in _COMMON)
_SPELLED = _ROTATED | _REVERSED
_COMMON_SET = frozenset((*_COMMON, "not", "now", "are"))
_CIPHER_MARK_WORDS = frozenset(CIPHER_MARKS)
#: (wave 19) every word that a reading needs one of (so spelled, a cipher's mark, a
#: spelling alphabet's code word): one intersection with a text's words
_ALL_MARKS = _SPELLED | _CIPHER_MARK_WORDS | CODE_SET


def wordy(text: str) -> bool:
    """Whether a decoding reads as words: printable, at least two spaces (three words: "ignore
    previous instructions"), and most of its characters letters or spaces (a key, a digest
    or binary data is none of these)."""
    if text.count(" ") < 2 or not all(c.isprintable() or c in "\n\t" for c in text):
        return False
    letters = sum(c.isalpha() or c.isspace() for c in text)
    return letters >= 0.7 * len(text)


def _utf8(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except ValueError:
        return None


def _base64(run: str) -> str | None:
    padded = run + "=" * (-len(run) % 4)
    try:
        if "-" in run or "_" in run:
            return _utf8(base64.urlsafe_b64decode(padded))
        return _utf8(base64.b64decode(padded, validate=True))
    except (binascii.Error, ValueError):
        return None


def _hex(run: str) -> str | None:
    digits = re.sub(r"(?i)\\x|0x|[\s,]", "", run)
    if len(digits) % 2:
        return None
    raw = bytes.fromhex(digits)
    if MORE_DECODERS and len(raw) >= 8 and raw.count(0) * 2 >= len(raw) - 1:
        # (wave 27) UTF-16 (every other byte zero: "0055006e0062..."), either byte order
        return _utf16(raw)
    return _utf8(raw)


def _utf16(raw: bytes) -> str | None:
    order = "utf-16-be" if raw[0] == 0 else "utf-16-le"
    try:
        return raw[:len(raw) // 2 * 2].decode(order)
    except ValueError:
        return None


def _ascii85_bare(run: str) -> str | None:
    """(wave 27) Ascii85 without its delimiters, or base85 (RFC 1924, git's and Python's
    ``b85``): a run the note names so ("ascii85", "a85", "base85")."""
    for decode in (base64.a85decode, base64.b85decode):
        try:
            text = _utf8(decode(run.encode("ascii")))
        except (binascii.Error, ValueError):
            continue
        if text and wordy(text):
            return text
    return None


def _url(run: str) -> str | None:
    return unquote_plus(run) if run.count("%") >= MIN_ESCAPES else None


def _codes(run: str) -> str | None:
    return "".join(chr(int(n)) for n in re.findall(r"\d+", run))


def _binary(run: str) -> str | None:
    bits = re.sub(r"[\s,]", "", run)
    if len(bits) % 8:
        return None
    return _utf8(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)))


def _base32(run: str) -> str | None:
    padded = run.upper() + "=" * (-len(run.rstrip("=")) % 8 if "=" not in run else 0)
    try:
        return _utf8(base64.b32decode(padded))
    except (binascii.Error, ValueError):
        return None


def _base58(run: str) -> str | None:
    number = 0
    for c in run:
        number = number * 58 + _B58_ALPHABET.index(c)
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return _utf8(raw)


def _ascii85(run: str) -> str | None:
    try:
        return _utf8(base64.a85decode(run, adobe=True, ignorechars=b" \t\n\r\v"))
    except (binascii.Error, ValueError):
        return None


def _escapes(run: str) -> str | None:
    if run.count("\\") < MIN_ESCAPES:
        return None
    try:
        return codecs.decode(run.encode("latin-1", "backslashreplace"), "unicode_escape")
    except (UnicodeDecodeError, ValueError):
        return None


def _entities(run: str) -> str | None:
    return html.unescape(run) if run.count("&") >= MIN_ESCAPES else None


def _quoted_printable(run: str) -> str | None:
    if run.count("=") < MIN_ESCAPES:
        return None
    return _utf8(quopri.decodestring(run.encode("ascii", "replace")))


_RUNS = (("base64", _B64, _base64), ("base64", _B64_URL, _base64), ("hex", _HEX, _hex),
         ("hex", _HEX_APART, _hex), ("url", _URL_ENCODED, _url),
         ("charcodes", _CODES, _codes), ("binary", _BINARY, _binary))
#: (wave 19) runs of one long word: read only when the text has a word of
#: :data:`_LONG_WORD` characters
_LONG_RUNS = (("base32", _B32, _base32), ("base58", _B58, _base58))
#: (wave 19) runs of escapes, each read only when the text holds its escape
#: :data:`MIN_ESCAPES` times
_ESCAPED = (("ascii85", "<~", _A85, _ascii85), ("unicode_escapes", "\\u", _U_ESCAPES, _escapes),
            ("octal_escapes", "\\", _OCTAL, _escapes),
            ("html_entities", "&#", _ENTITIES, _entities),
            ("quoted_printable", "=", _QP, _quoted_printable))


#: cheap tests that a run of some sort may be there (most notes have none): a word of 24
#: characters or more (base64, hex, URL encoding), or 16 digits or more (hex apart,
#: character codes, binary)
_LONG_WORD = 24
_MANY_DIGITS = 16
#: a word that a rot13 or backwards reading of an English sentence almost always holds
#: (the, and, you, your, this, that): looked for before the words are counted
#: (wave 11: looked for among the text's words; each is one of :data:`_SPELLED`)
_MARK_WORDS = frozenset(("eht", "dna", "uoy", "ruoy", "siht", "taht", "gur", "naq", "lbh",
                         "lbhe", "guvf", "gung"))


def _digits(text: str) -> int:
    """How many ASCII digits ``text`` holds: counted in its UTF-8 bytes (no byte of a longer
    character is an ASCII one), one pass instead of ten counts."""
    raw = text.encode("utf-8", "surrogatepass")
    return len(raw) - len(raw.translate(None, b"0123456789"))


def decoded_runs(text: str, flat: str | None = None, *,
                 most: int = MOST_DECODES, words: list[str] | None = None,
                 longest: int | None = None) -> list[Decoded]:
    """The runs of ``text`` that decode to words, at most ``most`` decodes tried, in the
    order base64, hex, URL encoding, character codes, binary, rot13, backwards. ``flat``:
    the text's words as :func:`~.normalise.normalise` gives them (computed when not
    given); ``words``: ``flat``'s words, when the caller has them split; ``longest``: the
    length of ``text``'s longest word (``max(map(len, text.split()))``), if known."""
    out: list[Decoded] = []
    seen: set[tuple[str, int, int]] = set()
    tried = 0
    long_word = (max(map(len, text.split()), default=0) if longest is None else longest
                 ) >= _LONG_WORD
    maybe = long_word or _digits(text) >= _MANY_DIGITS
    runs = [(w, p, d) for w, p, d in _RUNS if maybe and (w != "url" or "%" in text)]
    if long_word:
        runs += _LONG_RUNS
    if MORE_DECODERS and "85" in text and _NAMES_85.search(text):
        runs.append(("ascii85", _A85_BARE, _ascii85_bare))
    if "<~" in text or "\\" in text or "&#" in text or "=" in text:
        runs += [(w, p, d) for w, mark, p, d in _ESCAPED
                 if text.count(mark) >= (1 if mark == "<~" else MIN_ESCAPES)]
    for wrapping, pattern, decode in runs:
        for m in pattern.finditer(text):
            if tried >= most:
                return out
            span = (wrapping, *m.span())
            if span in seen or span[2] - span[1] > MOST_RUN:
                continue
            seen.add(span)
            tried += 1
            decoded = decode(m.group(0))
            if decoded and not wordy(decoded) and wrapping.startswith("base") \
                    and _B64.fullmatch(decoded.strip()):
                # (wave 19) encoded twice ("double-encoded for safety"): decoded once more
                again = _base64(decoded.strip())
                decoded, wrapping = (again, f"{wrapping}_twice") if again else (decoded,
                                                                               wrapping)
            if decoded and decoded != m.group(0) and wordy(decoded):
                out.append(Decoded(wrapping, span[1], span[2], decoded))
    if flat is None:
        flat = normalise(text).flat
    words = flat.split() if words is None else words
    # (wave 19) letters spelled in a code (a spelling alphabet, Morse, Braille, letters
    # joined by dots) and words respelled by their sound
    marks = _ALL_MARKS.intersection(words)  # one pass for the readings' mark words
    for wrapping, start, end, spelled in spelled_runs(text, words if marks else []):
        if wordy(spelled):
            out.append(Decoded(wrapping, start, end, spelled))
    sounded = respelled(text[:MOST_RUN]) if "-" in text else None
    if sounded is not None:
        out.append(Decoded("phonetic_respelling", 0, min(len(text), MOST_RUN), sounded))
    out.extend(_read_whole(text, flat, marks))
    # (wave 24) the note read with a disguise of its own letters undone (:mod:`.unveiled`:
    # letters spaced out in a stretch, soft hyphens for spaces, quoted pieces joined,
    # accents on every vowel); a run of pieces spans them, the others the whole note
    for wrapping, reading in unveiled_readings(text):
        start, end = (chain_span(text) if wrapping == "concatenated"
                      else (0, min(len(text), MOST_RUN)))
        if wrapping == "concatenated" and not wordy(reading):
            continue
        out.append(Decoded(wrapping, start, end, reading))
    return out



def _read_whole(text: str, flat: str, flat_words: frozenset[str]) -> list[Decoded]:
    """The text read in rot13, backwards, in a Caesar shift or in Atbash (:mod:`.ciphers`)
    from the line or colon-led part that holds at least :data:`MIN_COMMON` of the common
    words so read, and the most more than as written (rot13: the whole text when none does
    and it says it is rot13). (wave 19) A note that orders its text decoded and obeyed
    (:func:`.decode_orders.orders_decoding`) needs one such word, and one that names a
    shift or a cipher one fewer."""
    said = ("rot" in flat or "caesar" in flat) and _ROT13_SAID.search(text) is not None
    # a text that asks to reverse something needs one common word fewer (a short reversed
    # sentence: "... dna snoitcurtsni suoiverp erongi")
    need = MIN_COMMON - 1 if ("revers" in flat or "backwards" in flat or "shift" in flat
                              or "cipher" in flat or "atbash" in flat) else MIN_COMMON
    cipher_marks = _CIPHER_MARK_WORDS.intersection(flat_words)
    marked_ciphers = frozenset().union(*(CIPHER_MARKS[w] for w in cipher_marks)) \
        if cipher_marks else frozenset()
    marked = _SPELLED.intersection(flat_words)
    # (wave 19) a note that orders its text reversed and obeyed: read so even without the
    # common words (a reversed command: "hs.x/ved... lruc nur")
    backwards = need < MIN_COMMON and ("revers" in flat or "backwards" in flat) \
        and orders_decoding(flat)
    if not said and (not marked or marked.isdisjoint(_MARK_WORDS)) and not marked_ciphers \
            and not backwards:
        return []  # the words of no reading are there (most texts)
    if backwards or orders_decoding(flat):
        need = 1
    readings: list[tuple[str, frozenset[str], Callable[[str], str]]] = []
    if said or backwards or (marked and not marked.isdisjoint(_MARK_WORDS)
                             and len(marked) >= need):
        readings += [("rot13", _ROTATED, _rot13), ("reversed", _REVERSED, _backwards)]
    if marked_ciphers:
        spellings = _cipher_spellings()
        readings += [(name, spellings[name], CIPHER_DECODERS[name])
                     for name in sorted(marked_ciphers)]
    out = []
    for wrapping, spelled, decode in readings:
        best: tuple[int, int] | None = None
        for start, part in _segments(text):
            words = set(_WORD.findall(part.lower()))
            hits = len(words & spelled)
            margin = hits - len(words & _COMMON_SET)
            # the part read best so (of parts read as well, the later: the narrower)
            if hits >= need and margin > 0 and (best is None or margin >= best[0]):
                best = (margin, start)
        if best is None and wrapping == "reversed" and backwards:
            best = (0, _segments(text)[-1][0])  # the last part: what follows the order
        start = 0 if best is None else best[1]
        if best is not None or (wrapping == "rot13" and said):
            end = min(len(text), start + MOST_RUN)
            out.append(Decoded(wrapping, start, end, decode(text[start:end])))
    if backwards:
        # the words in reverse order ("now it merge and request pull this approve")
        start = _segments(text)[-1][0]
        end = min(len(text), start + MOST_RUN)
        out.append(Decoded("reversed_words", start, end,
                           " ".join(reversed(text[start:end].split()))))
    return out


@lru_cache(maxsize=1)
def _cipher_spellings() -> dict[str, frozenset[str]]:
    """Each cipher's spellings of the common words (built once, when first needed)."""
    return cipher_spelled((*_COMMON, "not", "now", "are"))


def _rot13(text: str) -> str:
    return codecs.encode(text, "rot13")


def _backwards(text: str) -> str:
    return text[::-1]


def _segments(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` and their parts after a colon, each with its start (at most
    :data:`MOST_DECODES` of them)."""
    out: list[tuple[int, str]] = []
    start = 0
    for line in text.splitlines(keepends=True):
        at = 0
        while len(out) < MOST_DECODES:
            out.append((start + at, line[at:at + MOST_RUN]))
            colon = line.find(": ", at)
            if colon < 0:
                break
            at = colon + 2
        start += len(line)
    return out
