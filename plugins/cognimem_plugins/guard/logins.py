"""(wave 16) A login written as an account and its password, with no password word.

Devices, consoles and back offices are logged into with an account and a password, and a
note writes the pair as the login screen asks for it:

* ``ACCOUNT / PASSWORD`` (spaced slash) after a colon that ends a line's subject ("BMC web
  admin: root / ...", "crew export: user CREWSYNC / ..."), the account being a documented
  default or service account (``admin``, ``root``, ``administrator``, ``sa``, ``pi``,
  ``ubnt``, ``svc_...``) or the line naming what is logged into (admin, console, panel, web
  UI, portal, BMC, iDRAC, iLO, IPMI, router, basic auth, login);
* "log in as ACCOUNT with PASSWORD", "sign in as ACCOUNT using PASSWORD".

The value must look chosen and mix three character classes; a fraction, a path, a pair of
words ("read / write") is no password.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import NOT_A_PATH, classes, looks_chosen, name_structure, versioned_name
from .standins import stand_in

#: accounts every vendor documents as a default or a service's
_ACCOUNTS = re.compile(
    r"(?i)(?:admin|administrator|root|sa|superuser|su|pi|ubnt|operator|guest|sysadmin|"
    r"manager|installer|service|support|tech|supervisor|maintenance|postgres|oracle|system|"
    r"sys|cisco|svc[_\-.]\w+|\w+[_\-.]svc|service[_\-.]\w+|\w+[_\-.]bot|bot[_\-.]\w+)")
#: what a line logs into (one of these before the pair on its line)
_LOGIN_WORDS = re.compile(
    r"(?i)\b(?:admin|console|panel|web[ -]?ui|gui|portal|bmc|idrac|ilo|ipmi|router|switch|"
    r"firewall|basic[ -]auth|auth|login|log-?in|logon|sign-?in|account|user|station|"
    r"controller|gateway|dashboard|backend|back office|nas|camera|nvr|dvr|printer|plc|hmi|"
    r"scada|kiosk|terminal|appliance)\b")
#: ``ACCOUNT / VALUE``, after a colon or "user"; the value to the next space
_PAIR = re.compile(
    r"(?m)(?:(?<=:)|(?<=\buser)|(?<=\bUser)|(?<=\bUSER))[^\S\n]+(?P<account>[A-Za-z_][\w.@\-]{0,40})"
    r"[^\S\n]+/[^\S\n]+(?P<q>['\"`]?)(?P<value>[^\s'\"`]{6,128})(?P=q)")
#: "log in as ACCOUNT with PASSWORD", "sign in as ACCOUNT using PASSWORD"
_AS_WITH = re.compile(
    r"(?i)\b(?:log[ -]?in|logon|log on|sign[ -]?in|sign on|authenticate)[^\S\n]+as[^\S\n]+"
    r"(?P<account>[\w.@\-]{1,40})[^\S\n]+(?:with|using|and|pw|pass(?:word)?)[^\S\n]+"
    r"(?:(?:the[^\S\n]+)?pass(?:word)?[^\S\n]+)?(?P<q>['\"`]?)(?P<value>[^\s'\"`]{6,128})")


#: what :data:`_AS_WITH` holds (a cheap search before the pattern)
_AS_GATE = re.compile(r"(?i)(?:in|on|te) as ")


def _value_reason(value: str) -> str | None:
    value = value.rstrip(".,;:!?)") if classes(value.rstrip(".,;:!?)")) >= 3 else value
    why = stand_in(value, literal=False) or looks_chosen(value)
    if why is None and classes(value) < 3:
        why = "mixes fewer than three character classes"
    if why is None and not re.search(r"[^\w.\-]", value):
        # no symbol but a name's separators: words, versions and ids joined (a region, a
        # menu's path, a host) are no password
        why = name_structure(value) or versioned_name(value) or _words(value)
    if why is None and "/" in value and not NOT_A_PATH.search(value):
        why = "a path"
    return why


def _words(value: str) -> str | None:
    """Why ``value`` is words joined by separators, each a word of letters (capitalised or
    not) with at most a short number after it, or None."""
    parts = [p for p in re.split(r"[-_.]+", value) if p]
    if len(parts) >= 2 and all(re.fullmatch(r"[A-Za-z][a-z]{2,}\d{0,2}|\d{1,4}", p)
                               for p in parts):
        return "words joined by separators (a name, a path of a menu)"
    return None


def _end(m: re.Match[str]) -> int:
    """The value's end without a sentence's closing punctuation."""
    value = m.group("value")
    trimmed = value.rstrip(".,;:)")
    return m.start("value") + (len(trimmed) if classes(trimmed) >= 3 else len(value))


def login_pairs(text: str) -> Iterator[Decision]:
    if " / " in text:
        for m in _PAIR.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
            if not (_ACCOUNTS.fullmatch(m.group("account")) or _LOGIN_WORDS.search(line)):
                continue
            yield decide("password_assignment", m.start("value"), _end(m),
                         _value_reason(m.group("value")),
                         "the password of a login written as 'account / password'")
    if " as " in text and _AS_GATE.search(text):
        for m in _AS_WITH.finditer(text):
            yield decide("password_assignment", m.start("value"), _end(m),
                         _value_reason(m.group("value")),
                         "the password of 'log in as ACCOUNT with PASSWORD'")
