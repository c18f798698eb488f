"""(wave 19) Base64 that wraps a credential: the run is redacted when its decoded bytes hold one.

Tools hand credentials over base64-encoded (RFC 4648, sections 4 and 5), and the encoding
hides every shape a reader knows:

* HTTP Basic authentication sends ``base64(user-id ":" password)`` (RFC 7617 section 2),
  and so do the settings that carry it (fastlane match's ``git_basic_authorization``, a
  registry's ``auth``, a CI variable);
* Elasticsearch's enrollment tokens are base64 of a JSON object whose ``key`` member is an
  API key (``id:secret``; elastic.co, "elasticsearch-create-enrollment-token");
* Kubernetes stores a Secret's data and a kubeconfig's ``client-key-data`` as base64 of the
  value or of the PEM key (kubernetes.io, "Secrets", "Organizing Cluster Access").

So a run of a base64 alphabet (24 to 8,192 characters: below that no credential fits with
its wrapping, above it is a file) is decoded, and redacted when the decoded text is printable
UTF-8 and holds:

* what the guard redacts in plain text (``release-bot:ghp_...``, ``-----BEGIN ... PRIVATE
  KEY-----``): asked of the caller's ``judge``;
* ``user:password`` as a whole, the password a chosen value (RFC 7617's form);
* a JSON object with a member named for a credential (``key``, ``password``, ``secret``,
  ``token``, ``api_key``... as a word of the member's name) whose value is a chosen string.

Base64 of binary data (a key's bytes, a digest, an image) does not decode to printable text
and is dropped after one decode; the runs are sought only in a text whose longest word is as
long as the shortest run.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from .decisions import Decision, decide
from .evidence import looks_chosen
from .standins import stand_in

#: the shortest run looked at (18 bytes decoded: ``a:`` and a password of 16)
SHORTEST = 24
#: the longest run decoded (a longer one is a file, an image, a bundle)
_LONGEST = 8192
#: a run of one base64 alphabet, padded or not, not inside a longer word
_RUN = re.compile(r"(?<![A-Za-z0-9+/=_\-])(?:[A-Za-z0-9+/]{24,}|[A-Za-z0-9_\-]{24,})={0,2}"
                  r"(?![A-Za-z0-9+/=_\-])")
#: ``user-id ":" password`` (RFC 7617 section 2), the whole decoded text: a user name (letters,
#: digits, ``._-+@``: an account or an e-mail address), then the password
_USER_PASS = re.compile(r"(?P<user>[\w.@+\-]{1,100}):(?P<password>\S{6,200})")
#: (wave 25) the same, the user name also a Windows domain's (``DOMAIN\\user``), and a run
#: that opens right after a setting's ``=`` (``HR_API_BASIC=<base64>``; a switch of
#: cv_wave25_secrets.py)
READ_SETTINGS = True
_RUN_AFTER_EQUALS = re.compile(r"(?<=\w=)(?<!==)(?:[A-Za-z0-9+/]{24,}|[A-Za-z0-9_\-]{24,})={0,2}"
                               r"(?![A-Za-z0-9+/=_\-])")
_DOMAIN_USER_PASS = re.compile(r"(?P<user>[\w.\-]{1,60}\\[\w.@+\-]{1,100}):"
                               r"(?P<password>\S{6,200})")
#: a member's name that names a credential, as one of its words
_CREDENTIAL_WORDS = frozenset(("key", "password", "passwd", "pass", "pwd", "secret", "token",
                               "apikey", "credential", "credentials", "passphrase"))
#: a member's name split into its words (snake, kebab, dotted, camel case)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
#: what a judge is: whether a plain text holds a credential the guard redacts
Judge = Callable[[str], bool]


def wrapped_credentials(text: str, judge: Judge) -> Iterator[Decision]:
    """The base64 runs of ``text`` whose decoded text holds a credential."""
    runs = [(m, False) for m in _RUN.finditer(text)]
    if READ_SETTINGS and "=" in text:
        runs += [(m, True) for m in _RUN_AFTER_EQUALS.finditer(text)]
    for m, after_equals in runs:
        run = m.group(0)
        if len(run) > _LONGEST or (run.isalnum() and (run.isdigit() or run.isalpha())):
            continue
        decoded = _decoded(run)
        if decoded is None or (after_equals and _stamp(decoded)):
            continue
        why = _holds(decoded, judge)
        if why is not None:
            yield decide("encoded_credential", m.start(), m.end(), None,
                         f"base64 (RFC 4648) whose decoded text holds {why}")


def _stamp(decoded: str) -> bool:
    """(wave 25) Whether a decoded ``name:value`` is a field and a date, a time or a number
    (a pagination cursor's ``updated_at:2026-12-02T00:00:00Z``): fewer than three letters
    after the colon."""
    _, _, value = decoded.partition(":")
    return sum(c.isalpha() for c in value) < 3


def _decoded(run: str) -> str | None:
    """``run`` decoded, when it is printable UTF-8 text (newlines and tabs allowed)."""
    body = run.rstrip("=")
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = (base64.urlsafe_b64decode(padded) if "-" in body or "_" in body
               else base64.b64decode(padded, validate=True))
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    if not decoded or not all(c.isprintable() or c in "\n\r\t" for c in decoded):
        return None
    return decoded


def _holds(decoded: str, judge: Judge) -> str | None:
    """What credential ``decoded`` holds (for the reason), or None."""
    stripped = decoded.strip()
    pair = _USER_PASS.fullmatch(stripped) or (
        _DOMAIN_USER_PASS.fullmatch(stripped) if READ_SETTINGS and "\\" in stripped else None)
    if pair is not None and not pair.group("password").startswith("//"):
        password = pair.group("password")
        if stand_in(password) is None and looks_chosen(password) is None:
            return "user:password (HTTP Basic authentication's form, RFC 7617)"
    if stripped.startswith("{") and stripped.endswith("}"):
        try:
            loaded = json.loads(stripped)
        except ValueError:
            loaded = None
        member = _credential_member(loaded)
        if member is not None:
            return f"a JSON object whose member {member[:40]!r} is a credential"
    if judge(decoded):
        return "a credential the guard redacts in plain text"
    return None


def _credential_member(value: Any, depth: int = 0) -> str | None:
    """The name of the first member of ``value`` (a JSON value, nested objects and arrays
    four deep) named for a credential whose value is a chosen string, or None."""
    if depth > 4:
        return None
    if isinstance(value, dict):
        for name, member in value.items():
            if (isinstance(member, str) and isinstance(name, str)
                    and _CREDENTIAL_WORDS.intersection(w.lower() for w in _WORD.findall(name))
                    and stand_in(member, literal=True) is None
                    and looks_chosen(member) is None):
                return name
            found = _credential_member(member, depth + 1)
            if found is not None:
                return found
    elif isinstance(value, list):
        for item in value:
            found = _credential_member(item, depth + 1)
            if found is not None:
                return found
    return None
