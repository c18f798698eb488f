"""(wave 19) Credentials a command line gives by position or by flag, read by the conventions
command-line tools share, not tool by tool (:mod:`.commands` holds the tools whose flags
mean something else elsewhere).

* **a password flag**: ``-p`` / ``-P``, attached or apart, quoted or not (mysql(1)'s
  ``-p'...'``, macOS ``security import -P``, ``tauri signer sign -p``, Conjur's ``login
  -p``): the value must read as a password a person or a generator chose (mixed cases,
  digits, or random), since ``-p`` is also ``mkdir -p``'s, ``ssh -p 22``'s and ``docker run
  -p 80:80``'s;
* **a credential's long flag**: ``--password``, ``--passphrase``, ``--key-password``,
  ``--token``, ``--api-key``, ``--auth``, ``--secret``, ``--code`` and a flag whose last
  word is one of them (``--galaxy_user_key``, ``--auth-token``), ``=`` or a space before the
  value (GNU's long options, getopt_long(3)): a password word's value must look chosen,
  another word's must be random (it is also a flag that names a file or a mode);
* **the argument of a sign-in subcommand**: ``login``, ``auth``, ``init``, ``unseal``,
  ``authorize``, ``authenticate``, ``activate`` (``shodan init KEY``, ``vault operator
  unseal KEY``, ``b2 account authorize ID KEY``): a random argument on the command's line
  is the credential it signs in with;
* **a value written to a credential file**: ``echo|printf 'VALUE' > FILE`` where the file's
  name says it holds a password, a key or a token (``authd.pass``, ``.pgpass``,
  ``app.key``, ``credentials``, ``token``).

A value that is a variable, a template, a placeholder, a path or a URL is kept
(:func:`.standins.stand_in`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import classes, identifier_reason, looks_chosen, lower_random
from .keynames import random_value
from .standins import stand_in

#: a value, quoted or not (the quote out of the span); a quoted one may hold spaces' absence
_VALUE = r"(?P<q>['\"]?)(?P<value>[^\s'\"`|;&<>]{6,4096})(?P=q)(?![^\s;|&)\]\"'`])"
#: ``-p VALUE``, ``-pVALUE``, ``-P 'VALUE'`` as an argument of a command
_SHORT = re.compile(r"(?<=[ \t])-[pP](?:[ \t]+|(?=['\"])|(?=[^\s'\"-]))" + _VALUE)
#: ``--NAME=VALUE`` / ``--NAME VALUE``, NAME's last word a credential's
_LONG = re.compile(
    r"(?<=[\s\"'\[,])--(?P<flag>(?:[A-Za-z0-9]+[-_])*(?P<word>password|passphrase|passwd|pass|"
    r"token|api[-_]?key|apikey|key|auth|secret|code))(?:=|[ \t]+)" + _VALUE)
#: the password words among the long flags' (their value needs to look chosen only)
_PASSWORD_FLAGS = frozenset(("password", "passphrase", "passwd", "pass"))
#: a sign-in subcommand and the rest of its command (to the line's end or a shell operator):
#: the command's first or second word after the line's start, a prompt or a quote (``shodan
#: init``, ``$ vault operator unseal``, ``"b2 account authorize``), not a word of prose
_SIGN_IN = re.compile(
    r"(?m)(?:^|(?<=[$>#`\"'\[]))[^\S\n]*(?:sudo[^\S\n]+)?[\w./\-]+(?:[^\S\n]+[a-z][\w\-]*)?"
    r"[^\S\n]+(?:login|auth|init|unseal|authorize|authenticate|activate)"
    r"(?P<args>(?:[ \t]+[^\s;|&<>]+){1,8})")
#: ``echo|printf [-n] 'VALUE' >[>] FILE``
_TO_FILE = re.compile(r"\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?" + _VALUE
                      + r"[ \t]*>>?[ \t]*(?P<file>[^\s;|&]+)")
#: a file's name that says it holds a credential
_CREDENTIAL_FILE = re.compile(
    r"(?i)(?:^|[/._\-])(?:pass|passwd|password|passphrase|pgpass|secret|secrets|token|"
    r"credentials?|creds|apikey|api[_\-]key)(?:$|[._\-])|\.key$")
#: hexadecimal digits alone (a commit, a digest: after a sign-in word in a log line)
_HEX = re.compile(r"[0-9a-fA-F]+")
#: a path's look: a slash between words, or a file's extension
_PATH = re.compile(r"(?:^|/)[a-z]{3,}(?:/|$)|\.(?:[a-z]{1,4})$|^[~.]?/")


#: the words :data:`_SIGN_IN` needs, with the space after them (looked for in the lowercased
#: text first; "auth" and "init" alone are inside "author" and "definitely")
SIGN_IN_NEEDLES = ("login ", " auth ", " init ", "unseal ", "activate ", "authorize ",
                   "authenticate ")


def command_secrets(text: str, low: str) -> Iterator[Decision]:
    """The credentials of a command line's password flags, credential flags, sign-in
    arguments and credential files (see the module); ``low``: ``text`` lowercased."""
    if "-p" in text or "-P" in text:
        for m in _SHORT.finditer(text):
            value = m.group("value")
            yield decide("cli_password", m.start("value"), m.end("value"),
                         _chosen_reason(value, strong=True),
                         "the value of a command's -p/-P flag (a password by the tools' "
                         "shared convention)")
    if "--" in text:
        for m in _LONG.finditer(text):
            value, word = m.group("value"), m.group("word").lower()
            why = (_chosen_reason(value, strong=False) if word in _PASSWORD_FLAGS
                   else _random_reason(value))
            yield decide("cli_password", m.start("value"), m.end("value"), why,
                         f"the value of a command's --{m.group('flag')[:40]} flag")
    for m in _SIGN_IN.finditer(text) if any(w in low for w in SIGN_IN_NEEDLES) else ():
        pos = m.start("args")
        for arg in re.finditer(r"[^\s]+", m.group("args")):
            value = arg.group(0).strip("'\"),")
            if value.startswith("-") or len(value) < 20 or _HEX.fullmatch(value):
                continue  # a flag, a word, a commit or a digest
            start = pos + arg.start() + arg.group(0).find(value)
            yield decide("cli_password", start, start + len(value), _random_reason(value),
                         "a random argument of a sign-in subcommand (login, auth, init, "
                         "unseal, authorize): the credential it signs in with")
    if "echo" in text or "printf" in text:
        for m in _TO_FILE.finditer(text):
            if not _CREDENTIAL_FILE.search(m.group("file")):
                continue
            value = m.group("value")
            yield decide("cli_password", m.start("value"), m.end("value"),
                         _chosen_reason(value, strong=False),
                         f"a value written to the credential file {m.group('file')[:60]!r}")


def _stand_in_reason(value: str) -> str | None:
    why = stand_in(value, literal=True)
    if why:
        return why
    if "://" in value or "$" in value or "%s" in value:
        return "a URL, a variable or a format"
    if _PATH.search(value):
        return "a path"
    return None


def _chosen_reason(value: str, *, strong: bool) -> str | None:
    """Why a password flag's value is not a password, or None; ``strong``: a flag other
    tools take for something else (``-p``), whose value must mix cases and digits or be
    random."""
    why = _stand_in_reason(value) or looks_chosen(value)
    if why or not strong:
        return why
    if len(value) >= 8 and (classes(value) >= 3 and any(c.isupper() for c in value)
                            and any(c.islower() for c in value)):
        return None
    if random_value(value) or lower_random(value):
        return None
    return "not a chosen password (no mix of cases and digits, not random)"


def _random_reason(value: str) -> str | None:
    """Why a value a credential's flag or a sign-in command is given is not a random
    credential, or None."""
    why = _stand_in_reason(value)
    if why:
        return why
    if random_value(value) or lower_random(value):
        return None
    return identifier_reason(value, 20)
