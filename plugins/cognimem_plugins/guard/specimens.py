"""A disguised word quoted as a specimen of its disguise, and a chat template's own tokens
(wave 21).

Two kinds of note hold an attack's *form* in order to describe or build it:

* a note on a disguise quotes the disguised word itself, and names the disguise in the same
  sentence: "Homoglyph trick: 'ignore' with a Cyrillic i" (the i of U+0456), "the
  confusable 'password' (a Greek rho for the p) got past the filter", "leetspeak such as
  '1gn0r3'". The quotation is a
  short specimen (at most three words), and the sentence names what is disguised about it
  (a homoglyph, a confusable, a look-alike, the script a letter is from, zero-width
  characters, leetspeak). An injection disguises its words to be obeyed, and does not
  name the disguise;
* a chat template (a tokenizer's ``chat_template``, a Jinja or Go template) writes the
  model's special tokens around *placeholders*: ``<|im_start|>{{ m.role }}``,
  ``<|start_header_id|>{{ message['role'] }}<|end_header_id|>``. Its role is a variable,
  filled by the application: the template is the developer's code, not a message that
  gives itself a role. An imitation writes the role itself (``<|im_start|>system``).

:func:`blank_specimens` blanks such a quotation's words; :func:`blank_template_tokens`
blanks the special tokens of a text each of whose role-opening tokens is followed by a
placeholder. The rest of the note is read as before.
"""

from __future__ import annotations

import re

#: a short quotation (at most three words) in the common marks
_SHORT = re.compile(
    "(?:\"([^\"\n ]{2,30}(?: [^\"\n ]{1,30}){0,2})\""
    "|(?<!\\w)'([^'\n ]{2,30}(?: [^'\n ]{1,30}){0,2})'(?!\\w)"
    "|\u201c([^\u201d\n ]{2,30}(?: [^\u201d\n ]{1,30}){0,2})\u201d"
    "|\u2018([^\u2019\n ]{2,30}(?: [^\u2019\n ]{1,30}){0,2})\u2019"
    "|\u00ab\\s?([^\u00bb\n ]{2,30}(?: [^\u00bb\n ]{1,30}){0,2}?)\\s?\u00bb)")
#: the disguise named: homoglyphs, confusables, look-alike letters, a script's letter,
#: invisible characters, leetspeak (English and the languages' ordinary words for them)
_DISGUISE = re.compile(
    r"(?i)\b(?:homo?glyph\w*|confusables?|look-?alikes?|lookalike|"
    r"(?:cyrillic|greek|armenian|cherokee|fullwidth|full-width|latin) (?:letters?|"
    r"characters?|[a-z\u0430-\u044f\u03b1-\u03c9])|"
    r"zero-?width|invisible characters?|leet-?speak|l33t|"
    r"homoglyphe\w*|hom[oó]glifo\w*|omoglif\w*|kyrillisch\w*|cyrillique|cir[ií]lic[oa]|"
    r"griech\w+ buchstab\w*|lettre grecque|letra griega)")
#: the sentence around a quotation (no sentence end between)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")

#: a special token that opens a message, then a template's placeholder for its role
_OPENER = re.compile(r"<\|(?:im_start|start_header_id)\|>")
_PLACEHOLDER = re.compile(r"\s*(?:\{\{|\{%|\$\{|\{\w+\}|%\(\w+\)s|%s)")
#: every special token of the chat formats
_TOKEN = re.compile(r"<\|[a-z_]{2,20}\|>")


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` that holds ``text[start:end]``."""
    left = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    right = _SENTENCE_END.search(text, end)
    return text[left:right.start() if right else len(text)]


def blank_specimens(text: str) -> str:
    """``text`` with each short quotation that its sentence names a disguise of blanked."""
    if text.isascii() and "leet" not in text.lower() and "l33t" not in text.lower():
        return text  # the disguises quoted are letters outside ASCII, or leetspeak
    if _DISGUISE.search(text) is None:
        return text
    out: list[str] = []
    last = 0
    for m in _SHORT.finditer(text):
        if _DISGUISE.search(_sentence(text, m.start(), m.end())):
            out.append(text[last:m.start()])
            out.append('""')
            last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def blank_template_tokens(text: str) -> str:
    """``text`` with its chat special tokens blanked when each token that opens a message
    is followed by a template's placeholder (the role is a variable)."""
    if "<|" not in text:
        return text
    openers = list(_OPENER.finditer(text))
    if not openers or not all(_PLACEHOLDER.match(text, m.end()) for m in openers):
        return text
    return _TOKEN.sub("", text)
