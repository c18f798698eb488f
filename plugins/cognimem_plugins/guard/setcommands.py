"""(wave 20) A secret set under its name by a command's ``set`` or ``add``, the name and the
value apart: ``balena env add WIFI_PASSWORD VALUE``, fish's ``set -x PARTNER_KEY VALUE``,
``ros2 param set /node api_secret VALUE``, ``dotnet user-secrets set "Ami:Secret" "VALUE"``,
``setx API_TOKEN VALUE``, ``launchctl setenv DB_PASSWORD VALUE``.

Many command lines set a variable, a parameter or a secret as ``VERB NAME VALUE``; the
assignment readers look for ``=`` or ``:`` between them. Here the verb (``set``, ``add``,
``setenv``, ``setx``), its flags and an optional path or node, then a NAME written as a
setting's identifier (an underscore, a colon, a dot, a hyphen or all capitals: not a word of
prose), which names a secret (:data:`.names.NAME_HIT`, not
:data:`.names.NOT_SECRET_NAME`), then the value, judged as a value assigned to that name
(:func:`.standins.assigned_reason`: a placeholder, a template, a variable or a plain word is
kept; after a password's name it must look chosen).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .names import NAME_HIT, NOT_SECRET_NAME, is_password_name
from .standins import assigned_reason


def _command(verbs: str, path: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?<![\w\-.])(?:{verbs})(?:[ \t]+-{{1,2}}[A-Za-z][\w\-]*)*"
        r"(?:[ \t]+/[\w/\-]{1,80})?"
        rf"[ \t]+(?P<q1>[\"']?){path}(?P<name>[A-Za-z_][\w.:\-]{{1,60}})(?P=q1)"
        r"[ \t]+(?P<q>[\"']?)(?P<value>[^\s\"'`;|&<>]{6,200})(?P=q)(?=[\s;|&)\"'`]|$)")


_SET = _command("set|add|setenv|setx", "")
#: (wave 21) also a key-value store's ``put`` and a settings tool's ``update``, the name
#: after its key's path: ``consul kv put plant/west/aws_secret_access_key VALUE``, ``etcdctl
#: put /app/db_password VALUE``, ``wp option update smtp_api_key 'VALUE'`` (a switch of
#: cv_wave21_secrets.py: ``WIDE_VERBS``)
_SET_WIDE = _command("set|add|setenv|setx|put|update", r"(?:[\w.\-]{1,40}/){0,6}")
WIDE_VERBS = True
_IDENTIFIER = re.compile(r"[\w.\-]*[_:.\-][\w.:\-]*|[A-Z0-9_]{3,}")


def named_sets(text: str) -> Iterator[Decision]:
    """The value a command sets under a secret's name (see the module's text)."""
    for m in (_SET_WIDE if WIDE_VERBS else _SET).finditer(text):
        name = m.group("name")
        if not _IDENTIFIER.fullmatch(name) or not NAME_HIT.search(name) or (
                NOT_SECRET_NAME.search(name)):
            continue
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     assigned_reason(m.group("value"), explicit=bool(m.group("q")),
                                     password=is_password_name(name), literal=True),
                     f"a value a command sets under the secret's name {name[:40]!r}")
