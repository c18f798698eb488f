"""Secrets in a network device's configuration, by each vendor's documented command syntax.

A device configuration is lines of ``keyword ... value`` with no ``=`` nor ``:`` to mark a
value, so the assignment rules do not see them. Each rule here is a command's grammar
from its vendor's reference, and the value it names is the secret:

* Cisco IOS / IOS XE / NX-OS: ``username NAME [privilege N] password|secret [0|7] VALUE``,
  ``enable password|secret [0|7] VALUE``, ``radius-server host H [...] key [0|7] VALUE``,
  ``tacacs-server [host H] key [0|7] VALUE``, a ``key [0|7] VALUE`` line under ``radius
  server`` / ``tacacs server``, ``snmp-server user NAME GROUP v3 auth md5|sha... VALUE [priv
  des|3des|aes [128|192|256] VALUE]``, ``snmp-server community VALUE``, ``crypto isakmp key
  VALUE address ...``, ``pre-shared-key [local|remote] [0|6] VALUE``. Type 0 is clear text,
  type 7 a reversible encoding (either is the password); types 5, 8 and 9 are one-way
  hashes and are kept;
* Juniper Junos: ``plain-text-password-value VALUE``, ``authentication-key VALUE``,
  ``pre-shared-key ascii-text VALUE`` and a RADIUS/TACACS+ server's ``secret VALUE`` (a
  ``$9$`` value is Junos' reversible encoding and is redacted too).

The value is still judged (:func:`.standins.stand_in`): ``<password>``, ``$VAR``, ``{{ x }}``,
the SNMP defaults ``public`` / ``private`` and a plain word (a line of prose that starts as
a command does: "enable password complexity rules") are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .needles import Needles
from .standins import stand_in

#: a text holding none of these (lowercased) holds no device command below: one pass of an
#: automaton first
GATE = Needles([(n, n) for n in ("username", "enable", "-server", "snmp", "isakmp",
                                 "pre-shared-key", "plain-text-password", "authentication-key",
                                 "radius", "tacacs")])
_VALUE = r"(?P<q>\"?)(?P<value>[^\s\"]{4,128})(?P=q)(?=\s|$)"
_TYPE = r"(?:[07][^\S\n]+)?"
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (family, re.compile(pattern, re.MULTILINE)) for family, pattern in (
        ("Cisco username / enable password",
         rf"^[^\S\n]*(?:username[^\S\n]+\S+[^\S\n]+(?:privilege[^\S\n]+\d+[^\S\n]+)?"
         rf"|enable[^\S\n]+)(?:password|secret)[^\S\n]+{_TYPE}{_VALUE}"),
        ("Cisco RADIUS / TACACS+ key",
         rf"^[^\S\n]*(?:radius|tacacs)-server[^\S\n]+(?:host[^\S\n]+\S+[^\S\n]+"
         rf"(?:(?:auth-port|acct-port|port|timeout|retransmit)[^\S\n]+\d+[^\S\n]+)*)?"
         rf"key[^\S\n]+{_TYPE}{_VALUE}"),
        ("Cisco RADIUS / TACACS+ server key",
         rf"^(?:radius|tacacs)[^\S\n]+server[^\S\n]+\S+[^\S\n]*\n(?:[^\S\n]+\S[^\n]*\n)*?"
         rf"[^\S\n]+key[^\S\n]+{_TYPE}{_VALUE}"),
        ("Cisco SNMPv3 user (auth)",
         rf"^[^\S\n]*snmp-server[^\S\n]+user[^\S\n]+\S+[^\S\n]+\S+[^\S\n]+v3[^\S\n]+"
         rf"(?:encrypted[^\S\n]+)?auth[^\S\n]+(?:md5|sha\S*)[^\S\n]+{_VALUE}"),
        ("Cisco SNMPv3 user (priv)",
         rf"^[^\S\n]*snmp-server[^\S\n]+user[^\n]*?[^\S\n]priv[^\S\n]+(?:des|3des|aes)"
         rf"(?:[^\S\n]+(?:128|192|256))?[^\S\n]+{_VALUE}"),
        ("Cisco SNMP community",
         rf"^[^\S\n]*snmp-server[^\S\n]+community[^\S\n]+{_VALUE}"),
        ("Cisco ISAKMP key",
         rf"^[^\S\n]*crypto[^\S\n]+isakmp[^\S\n]+key[^\S\n]+{_TYPE}{_VALUE}"),
        ("Cisco IKEv2 pre-shared key",
         rf"^[^\S\n]*pre-shared-key[^\S\n]+(?:(?:local|remote)[^\S\n]+)?(?:[06][^\S\n]+)?"
         rf"{_VALUE}"),
        ("Junos plain-text password / authentication key / pre-shared key / server secret",
         rf"(?:plain-text-password-value|authentication-key|pre-shared-key[^\S\n]+ascii-text"
         rf"|(?:radius|tacplus)-server[^\n]*?[^\S\n]secret)[^\S\n]+{_VALUE}"),
    ))
#: SNMP communities every device ships with: public knowledge, not a secret
_DEFAULTS = frozenset({"public", "private"})


def device_secrets(text: str, low: str) -> Iterator[Decision]:
    """The secrets of device configuration lines in ``text`` (``low``: lowercased; the
    caller runs this only on a text with a secret-like word's stem or ``snmp``)."""
    if not GATE.holds(low):
        return
    for family, pattern in _RULES:
        for m in pattern.finditer(text):
            value = m.group("value")
            why_not = stand_in(value) or (
                "a default every device ships with" if value.lower() in _DEFAULTS else
                # a plain word reads as prose ("enable password complexity rules")
                "a plain word" if value.isalpha() and (value.islower() or value.istitle())
                else None)
            yield decide("network_device_secret", m.start("value"), m.end("value"), why_not,
                         f"a secret in a device's configuration ({family})")
