# ruff: noqa: RUF001, RUF003  (dictionary words and punctuation of other scripts: their letters are meant)
"""A password given in a sentence of any language: the first chosen-looking value in the
clause of the language's word for "password" (:mod:`.prose_words`).

Languages put the value where their grammar wants it: after a copula ("... parole ir X"),
before a verb at the end ("የይለፍ ቃል X ነው", "මුරපදය X වේ"), after a particle glued to the
word ("密码是X"), with a suffix glued to the value ("X-dir"), or before the word ("Is é X an
pasfhocal"). No table of copulas reaches them all; this reader needs none. From the word,
it reads the words of its clause (the rest of the line, up to a sentence's end, at most
:data:`_WORDS_AHEAD` words) and takes the first run of ASCII that looks chosen
(:func:`value_reason`): at least six characters of three classes among upper case, lower
case, digits and symbols other than ``-._`` (a host's or a file's name holds those), no
name built of words, no path, link, version, hexadecimal digest or stand-in. The words of
a sentence are never such a run, so a sentence about passwords ("the password must hold
12 characters", "mot de passe oublié ? voir /reset") gives none.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache

from .decisions import Decision, decide
from .evidence import camel_words, looks_chosen
from .passwords import prose_value_reason
from .prose_words import WORDS, Word
from .standins import stand_in

#: the words of the clause read after the password word (and before it, for the languages
#: that give the value first)
_WORDS_AHEAD = 14
_WORDS_BEHIND = 5
#: a run of printable ASCII: a value in a sentence of any script
_RUN = re.compile(r"[!-~]+")
#: a Turkic copula glued to the value ("X-dir", "X'dır": "is X"), cut before the run is read
_GLUED_COPULA = re.compile(r"['’-](?:d|t)[ıiuü]r\W{0,3}$")
#: what opens or closes a value inside its run (quotes, brackets, the end of a sentence)
_OPENERS = "'\"`([{<«“‘"
_CLOSERS = "'\"`)]}>»”’.,;:"
_PAIRS = {")": "(", "]": "[", "}": "{", ">": "<"}
#: an escaped line break or tab that ends a JSON string's line ("... je X\\n")
_ESCAPED_END = re.compile(r"\\[nrt]$")
#: a part of a name that is random, not words: eight characters or more, upper case, lower
#: case and digits, not camel case ("jq7N6JP0Gk" in "IJH.m.jq7N6JP0Gk")
_CAMEL = re.compile(r"(?:[A-Z][a-z]{2,}|[a-z]{3,}|[A-Z]{1,4}(?![a-z])|\d{1,4})++")
#: words in camel case and numbers ("Win32Application", "OAuth2Client", "1Password")
_WORDY = re.compile(r"(?:[A-Z]?[A-Z][a-z]{2,}|[a-z]{3,}|[A-Z]{2,5}(?![a-z])|\d+)++")
#: an encoded space, colon, equals sign or slash: a run that holds one is an encoded text
_ENCODED_WORDS = re.compile(r"(?i)%(?:20|3a|3d|2f)")
#: the symbols of names (a host's, a file's, an identifier's; a word's glued ending: "NAS'en",
#: "NAS:en"), not of a chosen password
_NAME_SYMBOLS = frozenset("-._:'’")
#: a setting written as ``name=value`` ("m=64MiB" in "Parameter m=64MiB, t=3")
_SETTING = re.compile(r"[A-Za-z_][\w.-]{0,30}=")
#: a word of the clause that ends its sentence (a full stop after letters)
_SENTENCE_END = re.compile(r"[^\W\d_]{2,}[.。!?！？]$")
#: (wave 19) the readers of this wave :mod:`.secrets` runs: this module's (``i18n``),
#: :mod:`.escaped_prose`'s (``escaped``), :mod:`.strong_shape`'s (``shape``) and
#: :mod:`.pins`' (``pin``); chosen by
#: ``bench/guard_eval/cv_wave19_prose.py``
READERS = frozenset({"i18n", "escaped", "shape", "pin"})
#: (wave 19) the mark of this reader's decisions
REASON = "a password given in a sentence after the language's word for it"


def _strict_classes(value: str) -> int:
    return (any(c.isupper() for c in value) + any(c.islower() for c in value)
            + any(c.isdigit() for c in value)
            + any(not c.isalnum() and c not in _NAME_SYMBOLS for c in value))


def value_reason(value: str) -> str | None:
    """Why ``value``, read in a password word's clause, is not the password, or None."""
    if len(value) < 6:
        return "shorter than 6 characters"
    if not value.isascii() or not any(c.isalpha() for c in value):
        return "no letter"
    if not any(c.isdigit() for c in value) and not any(
            not c.isalnum() and c not in _NAME_SYMBOLS for c in value):
        return "neither a digit nor a symbol"
    if _SETTING.match(value):
        return "a setting (name=value)"
    if _ENCODED_WORDS.search(value):
        return "URL-encoded words (a sentence or a query, not a value)"
    if _strict_classes(value) < 3:
        return "mixes fewer than three character classes (symbols of names not counted)"
    if all(c.isalnum() or c in _NAME_SYMBOLS for c in value) and not _random_letters(value):
        return "letters and digits as a name writes them (\"1Password\", \"OAuth2Client\")"
    why = stand_in(value) or looks_chosen(value) or prose_value_reason(value)
    if why is not None and why.startswith("reads as a name") and _random_part(value):
        why = None  # "IJH.m.jq7N6JP0Gk": dots, but one part is random
    return why or camel_words(value)


def _random_letters(value: str) -> bool:
    """Whether ``value``, of letters, digits and name symbols, mixes them at random: ten
    characters or more, two upper and two lower case letters, a digit, and not words in
    camel case with numbers."""
    bare = "".join(c for c in value if c.isalnum())
    return (len(value) >= 10 and sum(c.isupper() for c in bare) >= 2
            and sum(c.islower() for c in bare) >= 2 and any(c.isdigit() for c in bare)
            and not _WORDY.fullmatch(bare))


def _random_part(value: str) -> bool:
    return any(len(p) >= 8 and _strict_classes(p) >= 3 and not _CAMEL.fullmatch(p)
               for p in re.split(r"[-._:]+", value))


def trim(run: str, start: int) -> tuple[str, int]:
    """``run`` (at ``start``) without its quotes, brackets and the end of its sentence."""
    lead = len(run) - len(run.lstrip(_OPENERS))
    run, start = run[lead:], start + lead
    while run and (run[-1] in _CLOSERS or _ESCAPED_END.search(run)):
        if _ESCAPED_END.search(run):  # a JSON string's "\n" after the value
            run = run[:-2]
            continue
        if run[-1] in _PAIRS and _PAIRS[run[-1]] in run:
            break  # "x(7Hq)": the bracket is the value's own
        run = run[:-1]
    return run, start


def _candidates(text: str, begin: int, words: list[re.Match[str]], *,
                backwards: bool = False) -> Iterator[tuple[str, int]]:
    """The ASCII runs of the clause's words, each trimmed, with its start (``backwards``:
    the words before the password word, nearest first, up to the end of a sentence)."""
    for word in reversed(words) if backwards else words:
        token = word.group(0)
        if backwards and _SENTENCE_END.search(token):
            return
        glued = _GLUED_COPULA.search(token)
        if glued and glued.start() >= 6:
            token = token[:glued.start()]
        for run in _RUN.finditer(token):
            yield trim(run.group(0), begin + word.start() + run.start())
        if not backwards and _SENTENCE_END.search(token):
            return


@cache
def _pattern(word: Word) -> re.Pattern[str]:
    spaced = unicodedata.name(word.stem[0], "").startswith(
        ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "GEORGIAN"))
    lead = r"(?<![^\W\d_])" if spaced else ""
    return re.compile(rf"(?i){lead}(?:{word.pattern})")


def _line(text: str, start: int, end: int) -> tuple[int, int]:
    return text.rfind("\n", 0, start) + 1, (text.find("\n", end) % (len(text) + 1))


def i18n_passwords(text: str, words: Iterable[Word]) -> Iterator[Decision]:
    """The passwords given after (or, where the language says so, before) one of ``words``
    (those :data:`STEMS` found in the lowercased text)."""
    done: set[int] = set()
    for word in dict.fromkeys(words):
        for m in _pattern(word).finditer(text):
            line_start, line_end = _line(text, m.start(), m.end())
            ahead = list(re.finditer(r"\S+", text[m.end():line_end]))[:_WORDS_AHEAD]
            found = _first(_candidates(text, m.end(), ahead))
            if found is None and word.before:
                behind = list(re.finditer(r"\S+", text[line_start:m.start()]))
                found = _first(_candidates(text, line_start, behind[-_WORDS_BEHIND:],
                                           backwards=True))
            if found is not None and found[1] not in done:
                value, start = found
                done.add(start)
                yield decide("password_assignment", start, start + len(value), None, REASON)


def _first(candidates: Iterable[tuple[str, int]]) -> tuple[str, int] | None:
    for value, start in candidates:
        if value_reason(value) is None:
            return value, start
    return None


#: the stems, each with its word (for the one pass of :mod:`.secrets` over the lowercased
#: text)
STEMS: tuple[tuple[str, Word], ...] = tuple((w.stem, w) for w in WORDS)
