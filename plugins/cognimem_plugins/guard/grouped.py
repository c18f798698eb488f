"""(wave 17) Application passwords that mail and account providers show in groups.

Providers that issue a password for one application show it in groups, as the user is to
type it:

* Google (support.google.com/accounts/answer/185833): 16 lowercase letters in four groups
  of four, separated by spaces (``abcd efgh ijkl mnop``);
* Yahoo (help.yahoo.com, "Generate and manage third-party app passwords"): 16 lowercase
  letters, shown in four groups of four;
* Fastmail (fastmail.help, "App passwords"): 16 lowercase letters and digits in four groups
  of four;
* Apple (support.apple.com/102654): four groups of four lowercase letters joined by
  hyphens (``abcd-efgh-ijkl-mnop``; :func:`.structured.apple_app_passwords` also reads
  Apple's words);
* Zoho Mail (zoho.com/mail/help, "Application-specific passwords"): 12 lowercase letters and
  digits, in three groups of four.

Such a group is redacted on a line that names a password, an app password, a mail login
(IMAP, SMTP, POP) or a login call, or when it is the quoted second argument of a
``login(user, password)`` call. Groups that are English words ("make sure they have") are
prose: a group found in the BIP-39 English word list or the common-word list below keeps
the candidate.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path

from .decisions import Decision, decide
from .standins import placeholder

_GROUPED = re.compile(
    r"(?<![A-Za-z0-9\-])(?P<v>[a-z0-9]{4}(?P<s>[ \-])[a-z0-9]{4}(?P=s)[a-z0-9]{4}"
    r"(?:(?P=s)[a-z0-9]{4})?)(?![A-Za-z0-9\-]|[ \-][a-z0-9])")
#: what a line says for its grouped value to be a password
_CONTEXT = re.compile(
    r"(?i)pass(?:word|wd|phrase)?|pwd|imap|smtp|pop3|mail|gmail|login|app[\s_\-]?pw|"
    r"app[\s_\-]?specific|credentials?|mot de passe|contraseña|passwort|senha|parola")
_COMMON = frozenset(
    "that with have this will your from they know want been good much some time very when "
    "come here just like long make many more only over such take than them well were what "
    "said each tell does does into most also back call came even find give hand high keep "
    "last left life live look made mean must name next open part play read room same seem "
    "show side sure talk turn used word work year need also then case type user mail pass "
    "word test demo sign auth code".split())


@cache
def _words() -> frozenset[str]:
    path = Path(__file__).with_name("bip39_english.txt")
    return frozenset(w.strip() for w in path.read_text(encoding="utf-8").split()) | _COMMON


def _sequential(group: str) -> bool:
    return all(ord(b) - ord(a) == 1 for a, b in pairwise(group))


def _group_reason(value: str, sep: str) -> str | None:
    why = placeholder(value)
    if why:
        return why
    groups = value.split(sep)
    if any(len(set(g)) < 3 or _sequential(g) for g in groups):
        return ("a group of one repeated character or a run of the alphabet (a stand-in: "
                "xxxx-xxxx-xxxx-xxxx, the documentation's abcd-efgh-ijkl-mnop)")
    if len(groups) == 3 and not any(c.isdigit() for c in value):
        return "three groups of letters (Zoho's form has digits too): words, not a password"
    if len(groups) == 4 and any(c.isdigit() for c in value) and not all(
            c.isalnum() for c in value.replace(sep, "")):
        return "not a provider's grouped form"
    words = _words()
    if any(g in words for g in groups):
        return "a group is an English word (prose, not a generated password)"
    if value.replace(sep, "").isdigit():
        return "digits alone (a number written in groups)"
    return None


def grouped_app_passwords(text: str, low: str) -> Iterator[Decision]:
    for m in _GROUPED.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start:line_end if line_end >= 0 else len(text)]
        if _CONTEXT.search(line) is None:
            continue
        yield decide("app_password", m.start("v"), m.end("v"),
                     _group_reason(m.group("v"), m.group("s")),
                     "an application password in a provider's grouped form (Google, Yahoo, "
                     "Fastmail, Apple, Zoho) on a line about a password or a mail login")
