"""Candidates whose place in the note says they are no secret's value (wave 24, #39).

:mod:`.nonsecret` keeps a candidate by what its own text is. These tests keep one by what
stands right beside it, read whatever reader found it (each a switch in :data:`TESTS`,
chosen by leave-one-split-out CV, ``bench/guard_eval/cv_wave24_precision.py``):

* **continued**: a short head (a provider's prefix, at most 12 letters and digits) that the
  note continues, with nothing between, by an ellipsis after the prefix's own separator
  (``-`` or ``_``) or by a word of masking between delimiters (``sk-lf-...``,
  ``CFPAT-<hidden>``, ``xoxb-[masked]``): the reader stopped at the mask, and what it took
  is only the prefix every key of that provider shares;
* **column**: a cell of a Markdown table whose column's header is a word that names
  neither a value nor a secret (``| name | where |``, ``| Variable | Purpose |``), the
  cell itself words (at most two digits): the table says where a secret is kept or what it
  is for; a table that gives secrets heads their column ``value``, ``secret`` or the
  secret's own name;
* **pattern**: a regular expression in the value's place (``[0-9a-f]+``, ``\\w{32}``,
  ``[A-Za-z0-9_-]{20,}``, read past a reader's cut): code that finds or masks a secret,
  made only of character classes, escapes, groups and quantifiers;
* **filed**: a file's path given as the value of ``file=``, ``path=`` or after ``@``
  (``password.file=/run/secrets/pw``): where the secret is kept, read by the tool;
* **public**: the words that label the value, on its own line before it, call it public or
  publishable, as a key's adjective or a remark (``Branch key (public, ships in the app):
  key_live_...``, ``publishable key pk_...``), and none of them calls it secret or private
  (``public`` as a code modifier, ``public.schema`` or "anywhere public" is not a label).
"""

from __future__ import annotations

import re

from . import publicdata
from .names import NAME_HIT

#: the tests in use (the CV's choice, see the module docstring)
TESTS: frozenset[str] = frozenset({"continued", "column", "pattern", "filed", "public",
                                   "decoded", "capitals", "template", "nextline",
                                   # (wave 26) the CV's choice: "digest" lets 4 secrets
                                   # through and frees no clean row, "pubkey" moves no row
                                   "versioned", "browser", "repeated",
                                   # (wave 27) the CV's choice (cv_wave27_precision.py)
                                   "remark", "recipient", "cursor"})
ALL_TESTS = ("continued", "column", "pattern", "filed", "public")
#: (wave 25) the tests of :mod:`.publicdata`, read here after the wave 24 ones
PUBLIC_DATA_TESTS = ("decoded", "capitals", "template", "nextline")
#: (wave 26) what the line calls a value of a key's or a digest's length (:mod:`.publicdata`)
W26_TESTS = ("versioned", "digest", "pubkey", "browser", "repeated")
#: (wave 27) what the words after the value, or its documented encoding, say it is
#: (:mod:`.publicdata`): "remark", "recipient", "cursor"
W27_TESTS = ("remark", "recipient", "cursor")

_VISIBLE = 12
#: what continues a short head: an ellipsis, or a word of masking between delimiters
_CONTINUED = re.compile(
    r"(?:\.{3}|\u2026|(?:<|\[|\(|\{\{?)\s*(?i:redacted|masked|hidden|removed|omitted|secret|"
    r"snip|elided|truncated|filtered)\s*(?:>|\]|\)|\}\}?))")
#: a word that names a value's column (the secret's own names are :data:`.names.NAME_HIT`)
_VALUE_HEADERS = frozenset("value values val wert valeur valor valore waarde wartość "
                           "secret secrets token tokens key keys credential credentials "
                           "password passwords pass pwd".split())
_HEADER_WORD = re.compile(r"[A-Za-z][A-Za-z _/-]{0,30}")
#: one element of a regular expression: a class, an escape, a group's bracket or an
#: anchor, each with an optional quantifier
_REGEX = re.compile(r"(?:(?:\[\^?(?:\\.|[^\]\\])+\]|\\[dDwWsSbB.]|\((?:\?:)?|\)|\.|\^|\$|\|)"
                    r"(?:[+*?]|\{\d{1,3}(?:,\d{0,3})?\})?\??)+")
_FILED = re.compile(r"(?:(?i:file|path|filename|file_path|from-file)=|@)"
                    r"(?:\.{1,2}/|~/|/|[A-Za-z]:\\)[\w.\\/-]+")
_PUBLIC = re.compile(r"(?i)\(\s*(?:public|publishable)\b|\b(?:public|publishable)\s+(?:[\w-]+\s+)?"
                     r"(?:key|token|id|identifier|client id|api key|site key)\b")
_PRIVATE = re.compile(r"(?i)\b(?:secret|private|confidential|sensitive|do not share|"
                      r"don't share|leak|leaked)\b")


def continued(text: str, start: int, end: int) -> bool:
    """Whether the short candidate ``text[start:end]`` is continued by a mask."""
    head = text[start:end]
    visible = re.sub(r"[^A-Za-z0-9]", "", head)
    if len(visible) > _VISIBLE or text[end:end + 1] not in ".\u2026<[({":
        return False
    mask = _CONTINUED.match(text, end)
    # an ellipsis continues a prefix only after its separator ("sk-lf-..."): a short word
    # before one ("the password is hunter2...") is a sentence trailing off
    return mask is not None and (mask.group(0)[0] not in ".\u2026" or head[-1:] in "-_")


def _cells(line: str) -> list[str]:
    body = line.strip()
    if not (body.startswith("|") and body.endswith("|")):
        return []
    return [c.strip().strip("`*") for c in body[1:-1].split("|")]


def column(text: str, start: int, end: int) -> bool:
    """Whether the candidate is a cell of a Markdown table under a header that names
    neither a value nor a secret, and is words itself."""
    if sum(ch.isdigit() for ch in text[start:end]) > 2:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    if not line.lstrip().startswith("|"):
        return False
    index = line[:start - line_start].count("|") - 1
    # the header: the first line of the table (the block of lines that open with "|")
    lines = text[:line_start].split("\n")[:-1]
    header = line
    for previous in reversed(lines):
        if not previous.lstrip().startswith("|"):
            break
        header = previous
    if header is line:
        return False
    cells = _cells(header)
    if not 0 <= index < len(cells):
        return False
    name = cells[index]
    if not _HEADER_WORD.fullmatch(name) or NAME_HIT.search(name):
        return False
    return not any(w in _VALUE_HEADERS for w in re.split(r"[ _/-]+", name.lower()))


def pattern(bare: str) -> bool:
    """Whether ``bare`` is a regular expression made of classes, escapes and quantifiers,
    with at least one class or escape and one quantifier."""
    return (_REGEX.fullmatch(bare) is not None and re.search(r"\[|\\[dDwWsS]", bare) is not None
            and re.search(r"[+*]|\{\d", bare) is not None)


def pattern_at(text: str, start: int, end: int, bare: str) -> bool:
    """Whether a regular expression (:func:`pattern`) opens where ``bare`` does and runs at
    least to the candidate's end (a reader may stop inside it: ``[A-Za-z0-9_-]{20`` of
    ``[A-Za-z0-9_-]{20,}``)."""
    at = text.find(bare, start, end + 1) if bare else -1
    if at < 0:
        return False
    match = _REGEX.match(text, at)
    return match is not None and match.end() >= at + len(bare) and pattern(match.group(0))


def public(text: str, start: int) -> bool:
    """Whether the words before the candidate on its line call it public, none secret."""
    line_start = text.rfind("\n", 0, start) + 1
    label = text[max(line_start, start - 60):start]
    # only the label of this value: from the last value-like separator of a sentence on
    for stop in (". ", "; ", ", and ", " and "):
        cut = label.rfind(stop)
        if cut >= 0 and not _PUBLIC.search(label[cut:]):
            label = label[cut:]
    return _PUBLIC.search(label) is not None and _PRIVATE.search(label) is None


def lookalike_reason(text: str, start: int, end: int, bare: str) -> str | None:
    """Why the candidate ``text[start:end]`` (``bare`` without its quotes) stands where no
    secret's value does, or None (the module docstring)."""
    tests = TESTS
    if "continued" in tests and continued(text, start, end):
        return "a provider's prefix continued by a mask: the value was cut or hidden"
    if "column" in tests and "|" in text and column(text, start, end):
        return "a table's cell under a header that names neither a value nor a secret"
    if "pattern" in tests and ("[" in bare or "\\" in bare) and pattern_at(text, start, end, bare):
        return "a regular expression in the value's place: code that finds a secret"
    if "filed" in tests and ("=" in bare or "@" in bare) and _FILED.fullmatch(bare):
        return "a file's path given to file= or @: where the secret is kept"
    if "public" in tests and "ubli" in text[max(0, start - 60):start] and public(text, start):
        return "labelled public or publishable on its own line: not a secret"
    # (wave 25) what the value's own bytes or its place say it is (:mod:`.publicdata`)
    line_start = text.rfind("\n", 0, start) + 1
    if "decoded" in tests and len(bare) >= 16:
        publicdata.VERSIONED = "versioned" in tests
        why = publicdata.decoded(bare, text[max(line_start, start - 60):start])
        if why is not None:
            return f"base64 of public data: {why}"
    # (wave 26) a value of a digest's or a public key's length that its line names so
    if len(bare) >= 22:
        label = text[max(line_start, start - 80):start]
        if "digest" in tests and publicdata.digest(bare, label):
            return "a digest's bytes that the line names a hash: not the secret itself"
        if ("pubkey" in tests and ("ub" in label or "UB" in label)
                and publicdata.named_public_key(bare, label)):
            return "a public key's bytes under the line's name of a public key"
    if ("browser" in tests and "ec-" in text[max(line_start, start - 40):start]
            and publicdata.browser_header(text[max(line_start, start - 40):start])):
        return "the value of a browser's own Sec- header: a nonce, no credential"
    # (wave 27) a remark after the value calls it public; a public key's own encoding; a
    # page's cursor (:mod:`.publicdata`)
    if ("remark" in tests and ("ubli" in text[end:end + 160] or "ide" in text[end:end + 160]
                               or "afe" in text[end:end + 160] or "nly" in text[end:end + 160])
            and publicdata.remark(text, start, end, bare)):
        return "a remark after the value calls it public: a key a provider documents as public"
    if "recipient" in tests and bare[:1] in "an" and publicdata.recipient(bare):
        return "an age recipient or a Nostr public key: the public half, in its own encoding"
    if ("cursor" in tests and len(bare) >= 8
            and publicdata.cursor(bare, text[max(line_start, start - 60):start])):
        return "base64 of printable text under a pagination cursor's name: a position"
    if "repeated" in tests and len(bare) >= 12 and publicdata.repeated(bare):
        return "a placeholder's word repeated in the value: not random bytes"
    if "capitals" in tests and bare[:2].isupper() and publicdata.capitals(bare):
        return "a secret's name in capitals in the value's place: a placeholder"
    if "template" in tests and bare[:1] in "%<#${" and publicdata.template(text, start):
        return "a template's interpolation: a value filled in elsewhere"
    if ("nextline" in tests and start > 0 and text[start - 1] in "\n \t"
            and publicdata.nextline(text, start)):
        return "the next line's own setting after a name left empty: not its value"
    return None
