"""(wave 25) The password of a sign-in command given as ``login USER PASSWORD``.

:mod:`.positional` reads a sign-in subcommand's random argument of 20 characters or more (an
API key: ``shodan init KEY``). Many tools' ``login`` takes a user and a password a person
chose, by position or after a short flag: ``steamcmd +login USER PASSWORD``, TeamSpeak's
ServerQuery ``login USER PASSWORD``, OMERO's ``omero login -s HOST -u USER -w PASSWORD``
(``-w``: the password flag of OMERO and of the LDAP tools' binds). The reader:

* a command line whose first, second or third word is ``login`` or ``logon`` (also
  ``+login``, steamcmd's form), at a line's start (after a YAML item's ``- run:``) or after
  a prompt or a quote, as :mod:`.positional`'s sign-in reader finds it;
* its arguments to the line's end, a shell operator or the next ``+command``: the value of a
  ``-w``, ``-p`` or ``-P`` flag, else the second of two positional arguments (the first is
  the user);
* the value must look chosen as :mod:`.positional`'s ``-p`` does (mixed cases and digits, 8
  or more, or random): ``login admin secret`` and ``login user Dashboard`` stay.

A switch of ``cv_wave25_secrets.py`` (:data:`READ_SIGNINS`); asked for first: "login " or
"logon " in the lowercased text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .positional import _chosen_reason

READ_SIGNINS = True

_COMMAND = re.compile(
    r"(?m)(?:^|(?<=[$>#`\"'\[]))[^\S\n]*(?:-[^\S\n]+)?(?:[a-z]\w*:[^\S\n]+)?(?:sudo[^\S\n]+)?"
    r"(?:[\w./\-]+(?:[^\S\n]+[a-z][\w\-]*)?[^\S\n]+)?\+?(?:login|logon)"
    r"(?P<args>(?:[ \t]+(?!\+)[^\s;|&<>]+){2,8})")
#: an argument, quoted or not
_ARG = re.compile(r"'(?P<s>[^'\s]+)'|\"(?P<d>[^\"\s]+)\"|(?P<b>[^\s'\"]+)")
#: the short flags whose value is the password
_PASSWORD_FLAGS = frozenset(("-w", "-p", "-P"))


def signin_passwords(text: str, low: str) -> Iterator[Decision]:
    """The password of each ``login USER PASSWORD`` command line (see the module)."""
    if not READ_SIGNINS or ("login " not in low and "logon " not in low):
        return
    for m in _COMMAND.finditer(text):
        args = [(a.start(), a.group("s") or a.group("d") or a.group("b"),
                 a.start("s") if a.group("s") else a.start("d") if a.group("d")
                 else a.start("b"))
                for a in _ARG.finditer(m.group("args"))]
        base = m.start("args")
        found: tuple[int, str] | None = None
        positional: list[tuple[int, str]] = []
        i = 0
        while i < len(args):
            _, value, at = args[i]
            if value.startswith("-"):
                if value in _PASSWORD_FLAGS and i + 1 < len(args):
                    found = (args[i + 1][2], args[i + 1][1])
                    break
                i += 2  # a flag and its value
                continue
            positional.append((at, value))
            i += 1
        if found is None and len(positional) == 2:
            found = positional[1]
        if found is None:
            continue
        at, value = found
        start = base + at
        yield decide("cli_password", start, start + len(value),
                     _chosen_reason(value, strong=True),
                     "the password of a sign-in command (login USER PASSWORD, or its -w/-p "
                     "flag)")
