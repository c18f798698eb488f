"""Values no owner ever kept secret (wave 22, issue #39: the guard's precision).

Four classes of candidate :func:`.novalue.not_a_value_reason` keeps, whatever reader found
them (each a switch in :data:`TESTS`, chosen by leave-one-split-out CV,
``bench/guard_eval/cv_wave22_precision.py``):

* ``padded``: **a fill in base64**: one character repeated, then base64's ``=`` padding
  (``PrivateKey = AAAA...AAA=``: the encoding of zero bytes; a generated key never is);
* ``default``: **a default credential**: a password that is one word equal to its own
  user's name (``postgresql://postgres:postgres@``, ``USER: admin`` ... ``PASSWORD: admin``)
  or to the first word of its setting's name, the engine the setting belongs to
  (``POSTGRES_PASSWORD: postgres``, ``MYSQL_ROOT_PASSWORD=mysql``): the value every
  image's documentation prints, which a person who chooses a password never chooses;
* ``reference``: **a reference, not a value**: Symfony's environment processor
  (``%env(SMTP_PASSWORD)%``, ``%env(resolve:DB_PASS)%``), and a setting whose name says
  it holds a command (``*_COMMAND``, ``*_CMD``, ``passwordCommand``) given a command line
  that fetches the secret (``pass show homelab/restic``); a command that prints its own
  argument (``echo``, ``printf``) still holds the value and is not kept;
* ``cursor``: **base64 of public JSON**: a value that is base64 of a JSON object
  (``eyJ...``, no ``.``: not a JWT's segments) whose decoded text holds nothing the guard
  redacts, all of whose strings are short or not random (a paging token's timestamp and
  listing key: ``$skiptoken=eyJNb2RpZmljYXRpb25UaW1lc3RhbXAiOi...``);
* ``fingerprint``: **a public key's fingerprint**: 16, 40 or 64 hexadecimal digits after a
  public-key algorithm's name and "key" (gpg's ``using RSA key CB318A58...``, ``ED25519 key
  fingerprint``): what identifies a public key, printed by every signature check.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from .vouched import _b64url

#: the tests in use (a switch each of cv_wave22_precision.py)
TESTS: frozenset[str] = frozenset({"padded", "default", "reference", "cursor", "fingerprint"})

#: a public key's algorithm then "key" (and "ID" or "fingerprint") just before a value:
#: gpg's ``using RSA key CB31...``, ``ed25519 key fingerprint``
_ALGORITHM_KEY = re.compile(r"(?i)(?<![\w-])(?:rsa|dsa|ecdsa|eddsa|ed25519|ed448|cv25519|elg|"
                            r"elgamal|nistp\d{3}|brainpoolp\d{3}r1)\s+key(?:\s+(?:id|fingerprint))?"
                            r"[^\S\n]*[:=]?[^\S\n]*$")
#: a key's fingerprint or long ID in hexadecimal (16 or 40 digits, or 64 for v5)
_FINGERPRINT = re.compile(r"(?:0x)?(?:[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40}|[0-9A-Fa-f]{64})")
#: one character repeated, then base64's padding (at least twelve before it)
_PADDED = re.compile(r"([A-Za-z0-9+/])\1{11,}={1,2}")
#: a URL's user just before its password (``scheme://USER:``)
_URL_USER = re.compile(r"://([A-Za-z][A-Za-z0-9_-]*):$")
#: a setting's name just before its value, its first word apart (``POSTGRES_PASSWORD: ``,
#: ``"MYSQL_ROOT_PASSWORD"=``)
_NAME_BEFORE = re.compile(r"(?<![\w.-])([A-Za-z][A-Za-z0-9]*)((?:[_.-][A-Za-z0-9]+)+)"
                          r"[\"']?[^\S\n]*[:=][^\S\n]*[\"']?$")
#: a user's setting in the same text and its value (``POSTGRES_USER: postgres``,
#: ``user=admin``, ``"username": "admin"``)
_USER_SETTING = re.compile(r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_.-])*user(?:_?name)?"
                           r"[\"']?[^\S\n]*[:=][^\S\n]*[\"']?([A-Za-z][A-Za-z0-9_-]*)")
#: a default's value: one word of letters (and digits after them), short
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]{1,23}")
#: Symfony's environment processor: ``%env(NAME)%``, ``%env(prefix:...:NAME)%``
_SYMFONY_ENV = re.compile(r"%env\((?:[a-z_]+:)*[A-Za-z_][\w.-]*\)%")
#: a setting whose name says its value is a command (``RESTIC_PASSWORD_COMMAND``,
#: ``password_cmd``, ``passwordCommand``), just before its value
_COMMAND_NAME = re.compile(r"(?:[_.-](?:COMMAND|CMD|command|cmd)|Command|Cmd)[\"']?"
                           r"[^\S\n]*[:=][^\S\n]*[\"']?$")
#: a command line: a program's name or path, then its arguments
_COMMAND_LINE = re.compile(r"[\"']?(?:[~./\w-]*/)?([a-z][a-z0-9_.-]*)[^\S\n]+\S")
#: commands that print their own argument (their line holds the value itself)
_PRINTS = frozenset(("echo", "printf", "print"))
#: base64 of a JSON object (``{"``), standard or URL-safe
_JSON_B64 = re.compile(r"eyJ[A-Za-z0-9+/_-]{8,}={0,2}")
#: a JSON string long and mixed enough to be a key itself (a cursor's strings are dates,
#: numbers and names)
_RANDOM_STRING = re.compile(r"(?=[^\s]*[A-Z])(?=[^\s]*[a-z])(?=[^\s]*\d)[A-Za-z0-9+/_=-]{16,}")


def padded(value: str) -> bool:
    """Whether ``value`` is one character repeated then base64's padding."""
    return _PADDED.fullmatch(value) is not None


def default_credential(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a password equal to its user's name or to the first
    word of its setting's name (the module docstring)."""
    value = text[start:end].strip("\"'")
    if _WORD.fullmatch(value) is None:
        return False
    low = value.lower()
    before = text[max(0, start - 120):start]
    url = _URL_USER.search(before)
    if url is not None:
        return url.group(1).lower() == low
    name = _NAME_BEFORE.search(before)
    if name is not None and name.group(1).lower() == low:
        return True
    return any(m.group(1).lower() == low for m in _USER_SETTING.finditer(text)
               if not m.start(1) <= start < m.end(1))


def reference(text: str, start: int, end: int) -> str | None:
    """Why ``text[start:end]`` is a reference to a value rather than one, or None."""
    value = text[start:end].strip("\"'")
    if _SYMFONY_ENV.fullmatch(value):
        return "a reference to an environment variable (Symfony's %env(...)%)"
    line_start = text.rfind("\n", 0, start) + 1
    if _COMMAND_NAME.search(text[max(line_start, start - 80):start]):
        rest = text[start:text.find("\n", start) if "\n" in text[start:] else len(text)]
        line = _COMMAND_LINE.match(rest)
        if line is not None and line.group(1) not in _PRINTS:
            return "a command that fetches the secret (a setting named for a command)"
    return None


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def public_json(value: str) -> bool:
    """Whether ``value`` is base64 of a JSON object that holds no secret (the module
    docstring)."""
    body = value.strip("\"'")
    if _JSON_B64.fullmatch(body) is None:
        return False
    raw = _b64url(body.rstrip("="))
    if raw is None:
        return False
    try:
        decoded = raw.decode("utf-8")
        data = json.loads(decoded)
    except ValueError:
        return False
    if not isinstance(data, dict) or not data:
        return False
    if any(_RANDOM_STRING.search(s) for s in _strings(data)):
        return False
    from .secrets import scan  # the guard's own readers on the decoded text (lazy: a cycle)
    return not any(d.redacted for d in scan(decoded, nested=True))


def default_reason(text: str, start: int, end: int) -> str | None:
    """Why ``text[start:end]`` is a value no owner kept secret (the module docstring), or
    None."""
    value = text[start:end]
    tests = TESTS
    if "padded" in tests and padded(value.strip("\"'")):
        return "one character repeated then base64's padding (the encoding of zero bytes)"
    if "default" in tests and default_credential(text, start, end):
        return ("a default credential: a password equal to its user's name or to its "
                "setting's engine")
    if "reference" in tests:
        why = reference(text, start, end)
        if why:
            return why
    if ("fingerprint" in tests and _FINGERPRINT.fullmatch(value)
            and _ALGORITHM_KEY.search(text[max(0, start - 60):start])):
        return "a public key's fingerprint or ID (after its algorithm's name and \"key\")"
    if "cursor" in tests and "eyJ" in value and public_json(value):
        return "base64 of a JSON object that holds no secret (a paging cursor, a state)"
    return None
