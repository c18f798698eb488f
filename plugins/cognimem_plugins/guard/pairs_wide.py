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
* **a login given as its secret**: "the Empower login for the QC account: ...", "the HMI
  login for line 2 is now ...": the word "login" (or "log-in", "sign-in"), up to six words,
  then ``:`` or "is" and a value that holds a digit, a capital and a lowercase letter, ten
  characters or more, and no ``\\`` or ``@`` (a user name, ``DOMAIN\\user`` or an
  address, is what a login names otherwise);
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
from .evidence import camel_words, looks_chosen
from .passwords import _OTHER_SUBJECT, prose_value_reason
from .standins import stand_in

READ_HOLDER_PAIRS = True
READ_EZCONNECT = True
READ_CLEAR_BASIC = True
READ_LOGIN_VALUE = True

_HOLDER_PAIR = re.compile(
    r"(?i)\b(?:user(?:name)?|admin(?:istrator)?|operator|auth)\b[^\S\n]*:?[^\S\n]+"
    r"(?P<uq>['\"`]?)(?P<user>[^\s/:'\"`]{2,64})(?P=uq)[^\S\n]+/[^\S\n]+"
    r"(?P<q>['\"`]?)(?P<value>[^\s'\"`]{6,128})")
#: found from its ``@`` (rare in a text) and read back: the host after it, then the user and
#: the password that end right before it
_EZCONNECT_HOST = re.compile(
    r"@(?://[A-Za-z0-9][\w.-]*(?::\d{2,5})?|[A-Za-z0-9][\w.-]*:\d{2,5})/\w")
_EZCONNECT = re.compile(
    r"(?<![\w/.:@-])(?P<user>[A-Za-z][\w$#.]{1,30})/(?P<q>\"?)(?P<value>[^\s/@\"]{4,64})(?P=q)$")
_LOGIN_VALUE = re.compile(
    r"(?i)\b(?:login|log-in|sign-in)\b(?P<mid>(?:[^\S\n]+[^\s:=]+?){0,6}?)"
    r"(?:[^\S\n]*:[^\S\n]+|[^\S\n]+(?:is|was)(?:[^\S\n]+now)?[^\S\n]+)"
    r"(?P<q>['\"`]?)(?P<value>[^\s'\"`]{10,128})")
_WORDS_DIGITS = re.compile(r"(?:[A-Z]?[a-z]+)+\d*|[A-Za-z]+[._-]?\d+")
_CLEAR_BASIC = re.compile(
    r"(?i)\bbasic(?:[^\S\n]*[_-]?auth\w*)?(?:[^\S\n]*[:=][^\S\n]*|[^\S\n]+)"
    r"(?P<user>[^\s:'\"/=]{1,64}):(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})")


def _reason(value: str, *, subject: bool = False) -> str | None:
    """Why ``value`` is not a password: a stand-in, not chosen-looking, or (``subject``
    false: the layout does not say the value is the password itself) a name built of
    parts (``Team-Overview_2``)."""
    trimmed = value.rstrip(".,;:)?!")
    return (stand_in(trimmed) or looks_chosen(trimmed)
            or prose_value_reason(trimmed, subject=subject))


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
        for host in _EZCONNECT_HOST.finditer(text):
            at = host.start()
            begin = max(text.rfind("\n", 0, at) + 1, text.rfind(" ", 0, at) + 1, at - 100)
            found = _EZCONNECT.search(text, begin, at)
            if found is None:
                continue
            value = found.group("value")
            yield decide("password_assignment", found.start("value"), found.end("value"),
                         _reason(value, subject=True), "the password of an Oracle connect "
                         "string (user/password@//host:port/service)")
    if READ_LOGIN_VALUE and ("login" in low or "log-in" in low or "sign-in" in low):
        for m in _LOGIN_VALUE.finditer(text):
            value = m.group("value").rstrip(".,;:)?!")
            why_not = _reason(value, subject=True)
            if why_not is None and not (any(c.isdigit() for c in value)
                                        and any(c.isupper() for c in value)
                                        and any(c.islower() for c in value)):
                why_not = "not a digit, a capital and a lowercase letter (a user name)"
            if why_not is None and ("\\" in value or "@" in value or len(value) < 10):
                why_not = "a user name (DOMAIN\\user, an address) or shorter than 10"
            if why_not is None and re.search(r"[<>|{}\[\]]", value):
                why_not = "markup, a template or a protocol's fields (<login>|CO<password>)"
            if why_not is None and (_WORDS_DIGITS.fullmatch(value) or camel_words(value)):
                why_not = "words in camel case and digits (a user's or a component's name)"
            if why_not is None and _OTHER_SUBJECT.search(m.group("mid") or ""):
                why_not = "the words after 'login' name something else (a page, a form, a flow)"
            yield decide("password_assignment", m.start("value"),
                         m.start("value") + len(value), why_not,
                         "a secret given as a login's value (\"the login for X is ...\")")
    if READ_CLEAR_BASIC and "basic" in low:
        for m in _CLEAR_BASIC.finditer(text):
            value = m.group("value").rstrip(".,;:)?!")
            yield decide("password_assignment", m.start("value"),
                         m.start("value") + len(value), _reason(value, subject=True),
                         "the password of basic authentication written in clear (user:password)")
