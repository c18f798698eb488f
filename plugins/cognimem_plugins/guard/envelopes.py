"""(wave 18) Passwords in the fields of protocol messages and interchange envelopes.

Each rule reads a field its standard defines as a password or a shared secret, so the
value is redacted whatever it looks like (a placeholder aside):

* **FIX** (FIX 4.2-5.0 SP2, Logon ``35=A``): tag 554 ``Password`` and tag 925
  ``NewPassword``, in a message that holds ``8=FIX`` or ``35=A`` (fields split by SOH,
  ``|``, ``^A`` or ``;``);
* **ACORD XML** (ACORD Life / P&C ``SignonRq``): ``<Pswd>`` inside ``<CustPswd>`` or
  ``<SignonPswd>``, and ``<CustPswd>`` alone;
* **ASC X12** interchange header ``ISA``: ISA02 (authorization information, when ISA01 is
  not ``00``) and ISA04 (security information, the password, when ISA03 is ``01``); the
  element separator is the character after ``ISA``;
* **3M SIP2** (Standard Interchange Protocol 2.0) Login message ``93``: the ``CO`` field
  (login password) after ``CN`` (login user id);
* **Orthanc** (DICOM server) ``RegisteredUsers``: each user's password in the mapping;
* **EZproxy** ``::Ticket`` blocks: the shared secret after ``MD5``, ``SHA1``, ``SHA256`` or
  ``SHA512``;
* **Asterisk** ``sip.conf`` ``register => user:secret@host`` (the secret before ``@``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .standins import placeholder

#: the words this module's rules open by (found in the guard's one pass over the lowercased
#: text: a text without any pays nothing more)
NEEDLES = ("8=fix", "35=a", "pswd>", "isa", "|co", "registeredusers", "::ticket",
           "timevalid", "register")

_FIX_FIELD = re.compile(r"(?:^|(?<=[|\x01;\s])|(?<=\^A))(?P<tag>554|925)=(?P<v>[^|\x01;\s^]{1,64})")
_ACORD = re.compile(r"(?is)<(?P<t>Pswd|CustPswd|NewPswd)>\s*(?P<v>[^<>\s]{1,128})\s*</(?P=t)>")
_ISA = re.compile(r"ISA(?P<s>[*|~^:+!])(?P<q1>\d\d)(?P=s)(?P<a>[^\n]{10})(?P=s)(?P<q3>\d\d)"
                  r"(?P=s)(?P<p>[^\n]{10})(?P=s)")
_SIP2 = re.compile(r"(?<![0-9A-Za-z])93[0-9 ]{2}CN[^|\n]{0,40}\|CO(?P<v>[^|\n]{1,64})\|")
_ORTHANC = re.compile(r"(?i)[\"']?RegisteredUsers[\"']?\s*[:=]\s*\{(?P<body>[^{}]{1,2000})\}")
_PAIR = re.compile(r"[\"'](?P<u>[^\"'\n]{1,64})[\"']\s*:\s*[\"'](?P<v>[^\"'\n]{1,128})[\"']")
_TICKET = re.compile(r"(?im)^[^\S\n]*(?:MD5|SHA1|SHA256|SHA512)[^\S\n]+(?P<v>\S{4,128})[^\S\n]*$")
_ASTERISK = re.compile(r"(?im)^[^\S\n]*register[^\S\n]*=>[^\S\n]*[^:@\s/]{1,64}:"
                       r"(?P<v>[^\s:/]{1,128}?)(?::[^\s@/]{1,64})?@[\w.\-]+")


def _why(value: str) -> str | None:
    return placeholder(value) or (None if value.strip() else "blank")


def envelope_passwords(text: str, low: str) -> Iterator[Decision]:
    """Every password this module's formats put in a field."""
    if "8=fix" in low or "35=a" in low:
        for m in _FIX_FIELD.finditer(text):
            name = "Password (554)" if m.group("tag") == "554" else "NewPassword (925)"
            yield decide("fix_password", m.start("v"), m.end("v"), _why(m.group("v")),
                         f"the FIX Logon's {name} field")
    if "pswd>" in low:
        for m in _ACORD.finditer(text):
            yield decide("acord_password", m.start("v"), m.end("v"), _why(m.group("v")),
                         f"an ACORD sign-on's <{m.group('t')}> (the customer's password)")
    if "isa" in low:
        yield from _isa(text)
    if "|co" in low and "cn" in low:
        for m in _SIP2.finditer(text):
            yield decide("sip2_password", m.start("v"), m.end("v"), _why(m.group("v")),
                         "a SIP2 Login message's CO field (the login password)")
    if "registeredusers" in low:
        for m in _ORTHANC.finditer(text):
            base = m.start("body")
            for pair in _PAIR.finditer(m.group("body")):
                yield decide("orthanc_password", base + pair.start("v"), base + pair.end("v"),
                             _why(pair.group("v")),
                             "a password of Orthanc's RegisteredUsers (user: password)")
    if "::ticket" in low or "timevalid" in low:
        for m in _TICKET.finditer(text):
            yield decide("ezproxy_ticket_secret", m.start("v"), m.end("v"), _why(m.group("v")),
                         "the shared secret of an EZproxy ::Ticket block")
    if "register" in low and "=>" in text:
        for m in _ASTERISK.finditer(text):
            yield decide("sip_password", m.start("v"), m.end("v"), _why(m.group("v")),
                         "the secret of an Asterisk 'register =>' line (user:secret@host)")


def _isa(text: str) -> Iterator[Decision]:
    for m in _ISA.finditer(text):
        if m.group("q1") != "00" and m.group("a").strip():
            value = m.group("a").rstrip()
            yield decide("x12_password", m.start("a"), m.start("a") + len(value),
                         _why(value), "an X12 ISA02 (authorization information)")
        if m.group("q3") == "01" and m.group("p").strip():
            value = m.group("p").rstrip()
            yield decide("x12_password", m.start("p"), m.start("p") + len(value), _why(value),
                         "an X12 ISA04 (security information: the password, ISA03 = 01)")
