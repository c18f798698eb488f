"""Text spelled out letter by letter in a signalling code, and the words it spells (wave 19).

An instruction can be written so that none of its words shows: one code word per letter
(the ICAO/ITU/NATO radiotelephony spelling alphabet, "India Golf November Oscar Romeo
Echo"; Germany's DIN 5009, traditional and 2022; France's alphabet), International Morse
code (ITU-R M.1677-1: ``.. --. -. --- .-. .``), six-dot Braille (Unicode's Braille
Patterns block U+2800-U+28FF, grade-1 letters) or letters joined by dots or dashes
(``r.u.n r.m -.r.f``). Each reader here finds such a run and spells it out:

* a spelling alphabet: at least :data:`MIN_SPELLED` code words in a row (an aviation note's
  "taxi via Alpha, hold short of Bravo" names two or three, not a sentence); a slash, a
  newline or a comma-free break of three spaces is a space between words;
* Morse: at least :data:`MIN_MORSE` letters of dots and dashes, every one a letter of
  the code (a log's ``-- ... --`` rule is not eight letters of words);
* Braille: a run of Braille cells and spaces, read as grade-1 letters;
* separated letters: at least three words written as single letters joined by ``.``,
  ``-``, ``_``, ``*``, ``|`` or ``·`` (``e.g.`` and ``i.e.`` are two).

Each reader is gated by what it needs (its code words, dots and dashes, a Braille cell, a
letter-dot-letter run), so a text without them pays one scan at most. What is spelled out
is returned as a :class:`~.decoding.Decoded` run and screened like the note itself: only a
text whose spelled words show an instruction is flagged.
"""

from __future__ import annotations

import re

#: the ICAO/ITU/NATO spelling alphabet (ITU-R M.1172, ICAO Annex 10), with its figures
NATO = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e",
    "foxtrot": "f", "golf": "g", "hotel": "h", "india": "i", "juliett": "j", "juliet": "j",
    "kilo": "k", "lima": "l", "mike": "m", "november": "n", "oscar": "o", "papa": "p",
    "quebec": "q", "romeo": "r", "sierra": "s", "tango": "t", "uniform": "u", "victor": "v",
    "whiskey": "w", "whisky": "w", "xray": "x", "x-ray": "x", "yankee": "y", "zulu": "z",
    "zero": "0", "one": "1", "two": "2", "three": "3", "tree": "3", "four": "4",
    "fower": "4", "five": "5", "fife": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "niner": "9",
}
#: DIN 5009 (Germany): the traditional names and the 2022 cities
GERMAN = {
    "anton": "a", "berta": "b", "caesar": "c", "cäsar": "c", "dora": "d", "emil": "e",
    "friedrich": "f", "gustav": "g", "heinrich": "h", "ida": "i", "julius": "j",
    "kaufmann": "k", "konrad": "k", "ludwig": "l", "martha": "m", "nordpol": "n",
    "otto": "o", "paula": "p", "quelle": "q", "richard": "r", "samuel": "s",
    "siegfried": "s", "theodor": "t", "ulrich": "u", "viktor": "v", "wilhelm": "w",
    "xanthippe": "x", "ypsilon": "y", "zacharias": "z", "zeppelin": "z",
    "aachen": "a", "berlin": "b", "chemnitz": "c", "düsseldorf": "d", "essen": "e",
    "frankfurt": "f", "goslar": "g", "hamburg": "h", "ingelheim": "i", "jena": "j",
    "köln": "k", "leipzig": "l", "münchen": "m", "nürnberg": "n", "offenbach": "o",
    "potsdam": "p", "quickborn": "q", "rostock": "r", "salzwedel": "s", "tübingen": "t",
    "unna": "u", "völklingen": "v", "wuppertal": "w", "xanten": "x", "zwickau": "z",
}
#: the French spelling alphabet (PTT)
FRENCH = {
    "anatole": "a", "berthe": "b", "célestin": "c", "désiré": "d", "eugène": "e",
    "françois": "f", "gaston": "g", "henri": "h", "irma": "i", "joseph": "j",
    "kléber": "k", "louis": "l", "marcel": "m", "nicolas": "n", "pierre": "p",
    "quintal": "q", "raoul": "r", "suzanne": "s", "thérèse": "t", "ursule": "u",
    "william": "w", "xavier": "x", "yvonne": "y", "zoé": "z",
}
#: every code word and its letter (a word in two alphabets spells the same letter in both)
CODE_WORDS = {**FRENCH, **GERMAN, **NATO}

#: International Morse code (ITU-R M.1677-1): letters, figures and common punctuation
MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g",
    "....": "h", "..": "i", ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n",
    "---": "o", ".--.": "p", "--.-": "q", ".-.": "r", "...": "s", "-": "t", "..-": "u",
    "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
    "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5",
    "-....": "6", "--...": "7", "---..": "8", "----.": "9",
    ".-.-.-": ".", "--..--": ",", "..--..": "?", "-..-.": "/", ".--.-.": "@",
    "-....-": "-", "---...": ":", ".----.": "'",
}
#: grade-1 Braille letters (dots as Unicode's Braille Patterns number them)
BRAILLE = dict(zip("⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵", "abcdefghijklmnopqrstuvwxyz",
                   strict=True))

CODE_SET = frozenset(CODE_WORDS)
#: the fewest code words in a row read as spelling
MIN_SPELLED = 8
#: the fewest Morse letters in a run
MIN_MORSE = 8
#: the fewest words of separated letters
MIN_SEPARATED = 3

_CODE_TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?|/|\n|\|")
#: the dots and dashes of Morse as people type them: middle dot, bullet, minus sign, en
#: and em dashes, low line
_MORSE_LOOKALIKES = "\u00b7\u2022\u2212\u2013\u2014_"
_MORSE_CHARS = str.maketrans(_MORSE_LOOKALIKES, "..----")
_MORSE_RUN = re.compile(r"(?<![\w.\-])(?:[.\-]{1,7}(?:[ \t]*[/|][ \t]*|[ \t]+))+[.\-]{1,7}"
                        r"(?![\w.\-])")
_BRAILLE_RUN = re.compile(r"[\u2800-\u28ff][\u2800-\u28ff\s]*")
_SEPARATED = re.compile(r"(?<![\w.\-])(?:[^\W\d_][.\-_*|·]){1,}[^\W\d_](?![\w\-])[.]?")
#: (led by a separator: the scan looks for the rare character first)
_SEPARATED_GATE = re.compile(r"[.\-_*|\u00b7][A-Za-z][.\-_*|\u00b7][A-Za-z]")


def spelled_code(text: str, words: list[str]) -> list[tuple[str, int, int, str]]:
    """Runs of spelling-alphabet code words: ``(name, start, end, letters)``; ``words`` the
    text's case-folded words (the gate: at least :data:`MIN_SPELLED` of them code words,
    two of them distinct)."""
    if len(words) < MIN_SPELLED or len(CODE_SET.intersection(words)) < 2 or \
            sum(w in CODE_SET for w in words) < MIN_SPELLED:
        return []
    low = text.lower()
    out = []
    letters: list[str] = []
    start = end = -1
    count = 0

    def close() -> None:
        if count >= MIN_SPELLED:
            out.append(("spelling_alphabet", start, end, "".join(letters).strip()))

    for m in _CODE_TOKEN.finditer(low):
        token = m.group(0)
        if token in ("/", "\n", "|"):
            if letters and letters[-1] != " ":
                letters.append(" ")
            continue
        letter = CODE_WORDS.get(token)
        if letter is None:
            close()
            letters, count, start = [], 0, -1
            continue
        if start < 0:
            start = m.start()
        letters.append(letter)
        end = m.end()
        count += 1
    close()
    return out


def morse(text: str) -> list[tuple[str, int, int, str]]:
    """Runs of International Morse code spelled out (a slash or a bar between words)."""
    if not text.isascii():
        text = text.translate(_MORSE_CHARS)
    if (".-" not in text and "-." not in text) or \
            text.count("-") + text.count(".") < 2 * MIN_MORSE:
        return []
    out = []
    for m in _MORSE_RUN.finditer(text):
        words = re.split(r"\s*[/|]\s*|\s{3,}", m.group(0).strip())
        spelled = []
        for word in words:
            letters = [MORSE.get(code) for code in word.split()]
            if any(c is None for c in letters):
                break
            spelled.append("".join(c for c in letters if c))
        else:
            if sum(map(len, spelled)) >= MIN_MORSE:
                out.append(("morse", m.start(), m.end(), " ".join(spelled)))
    return out


def braille(text: str) -> list[tuple[str, int, int, str]]:
    """Runs of grade-1 Braille letters (a blank cell or a space between words)."""
    out = []
    for m in _BRAILLE_RUN.finditer(text):
        cells = m.group(0).rstrip()
        spelled = "".join(" " if c.isspace() or c == "\u2800" else BRAILLE.get(c, "?")
                          for c in cells)
        if "?" not in spelled and len(spelled.replace(" ", "")) >= MIN_MORSE:
            out.append(("braille", m.start(), m.start() + len(cells), spelled))
    return out


def separated(text: str) -> list[tuple[str, int, int, str]]:
    """The text with words written as letters joined by separators (``r.u.n r.m``) joined,
    when it holds at least :data:`MIN_SEPARATED` of them."""
    if _SEPARATED_GATE.search(text) is None:
        return []
    runs = list(_SEPARATED.finditer(text))
    if len(runs) < MIN_SEPARATED:
        return []
    joined = _SEPARATED.sub(lambda m: re.sub(r"[.\-_*|·]", "", m.group(0)), text)
    return [("separated_letters", runs[0].start(), runs[-1].end(), joined)]


def spelled_runs(text: str, words: list[str]) -> list[tuple[str, int, int, str]]:
    """Every run spelled out letter by letter in ``text`` (``words``: its case-folded
    words), each gated by what its code needs."""
    out = spelled_code(text, words)
    ascii_only = text.isascii()
    if ("-" in text and "." in text) or not ascii_only:
        out += morse(text)
    if not ascii_only and _BRAILLE_RUN.search(text):
        out += braille(text)
    if text.count(".") + text.count("-") + text.count("_") >= 2 * MIN_SEPARATED \
            or not ascii_only:
        out += separated(text)
    return out
