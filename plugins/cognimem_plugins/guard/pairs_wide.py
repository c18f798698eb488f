"""(wave 22) Logins written as a pair the password readers do not read.

* **a user and a password after the word for an account's holder**: ``user PLANT\\svc /
  ...``, ``local admin 'labadmin' / ...``, ``basic auth for X: user / ...``: the word
  (user, username, admin, administrator, operator, auth) then, on its line, a user name, a
  spaced ``/`` and the value; :mod:`.passwords`' ``_CREDENTIAL_PAIR`` needs "login",
  "credentials" or "account" before the pair;
* **an Oracle connect string**: ``user/password@//host:port/service`` or
  ``user/password@host:port/service`` (Oracle's Easy Connect, which sqlplus, SQLcl, JDBC's
  thin driver and many tools' settings take): the part between ``/`` and ``@``. The host
  must be followed by ``//`` before it or a port after it, so a path with an ``@`` in it
  (``node_modules/react@18.2.0/``) is no connect string;
* **basic authentication in clear**: ``basic auth user:password``, ``Basic user:password``
  (the header's credentials before base64, as a note writes them).

Every value must look chosen (:func:`.evidence.looks_chosen`, :func:`.passwords.
prose_value_reason`: three classes of characters, not a name built of parts, a version, a
path or a commit id) and be no stand-in. Each reader is a switch chosen by
leave-one-split-out CV (``cv_wave22_secrets.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import looks_chosen
from .passwords import prose_value_reason
from .standins import stand_in

READ_HOLDER_PAIRS = True
READ_EZCONNECT = True
READ_CLEAR_BASIC = True

_HOLDER_PAIR = re.compile(
    r"(?i)\b(?:user(?:name)?|admin(?:istrator)?|operator|auth)\b[^\S\n]*:?[^\S\n]+"
    r"(?P<uq>['\"`]?)(?P<user>[^\s/:'\"`]{2,64})(?P=uq)[^\S\n]+/[^\S\n]+"
    r"(?P<q>['\"`]?)(?P<value>[^\s'\"`]{6,128})")
_EZCONNECT = re.compile(
    r"(?<![\w/.:@-])(?P<user>[A-Za-z][\w$#.]{1,30})/(?P<q>\"?)(?P<value>[^\s/@\"]{4,64})(?P=q)"
    r"@(?:(?://)[A-Za-z0-9][\w.-]*(?::\d{2,5})?|[A-Za-z0-9][\w.-]*:\d{2,5})/\w")
_CLEAR_BASIC = re.compile(
    r"(?i)\bbasic(?:[^\S\n]*[_-]?auth\w*)?(?:[^\S\n]*[:=][^\S\n]*|[^\S\n]+)"
    r"(?P<user>[^\s:'\"/=]{1,64}):(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})")


def _reason(value: str) -> str | None:
    trimmed = value.rstrip(".,;:)?!")
    return (stand_in(trimmed) or looks_chosen(trimmed)
            or prose_value_reason(trimmed, subject=True))


def login_pairs_wide(text: str, low: str) -> Iterator[Decision]:
    """The passwords of the three layouts above (each asks first for its characters)."""
    if READ_HOLDER_PAIRS and " / " in text and (
            "user" in low or "admin" in low or "operator" in low or "auth" in low):
        for m in _HOLDER_PAIR.finditer(text):
            value = m.group("value").rstrip(".,;:)?!")
            yield decide("password_assignment", m.start("value"),
                         m.start("value") + len(value), _reason(value),
                         "a password given as user / password after the word for its holder")
    if READ_EZCONNECT and "@" in text and "/" in text:
        for m in _EZCONNECT.finditer(text):
            value = m.group("value")
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         _reason(value), "the password of an Oracle connect string "
                         "(user/password@//host:port/service)")
    if READ_CLEAR_BASIC and "basic" in low:
        for m in _CLEAR_BASIC.finditer(text):
            value = m.group("value").rstrip(".,;:)?!")
            yield decide("password_assignment", m.start("value"),
                         m.start("value") + len(value), _reason(value),
                         "the password of basic authentication written in clear (user:password)")
