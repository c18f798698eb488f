"""(wave 17) Credential files whose lines, not names, say which value is the password.

* OpenVPN's ``auth-user-pass`` file (openvpn.net, the reference manual: "a file containing
  username/password on 2 lines"): after a line naming such a file (``auth-user-pass FILE``,
  a path under ``openvpn``, ``# /etc/openvpn/client/auth.txt``), the second of the two lines
  that follow is the password; inline, between ``<auth-user-pass>`` and
  ``</auth-user-pass>`` (OpenVPN 2.6) too;
* the same file written by a command: ``printf '%s\\n%s\\n' USER PASS > FILE`` (or ``echo
  -e "USER\\nPASS" > FILE``) into a file the line names for OpenVPN or credentials;
* a sentence about such a file that names its two values ("creds.txt holds `backup` and
  `...`"): the second quoted value;
* pppd's ``chap-secrets`` and ``pap-secrets`` (the pppd manual, "AUTHENTICATION"): lines
  of ``client server secret [addresses]`` after the file's name, the third column.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import looks_chosen
from .standins import stand_in

NEEDLES = ("auth-user-pass", "openvpn", "chap-secrets", "pap-secrets", "%s\\n%s")
#: a line that names an auth-user-pass file, then its two lines
_FILE_THEN_LINES = re.compile(
    r"(?im)^[^\n]*(?:auth-user-pass|openvpn)[^\n]*\n"
    r"[^\S\n]*[+>]?[^\S\n]*(?P<user>[^\s#<>]{1,64})[^\S\n]*\n"
    r"[^\S\n]*[+>]?[^\S\n]*(?P<v>[^\s<>]{4,128})[^\S\n]*(?:\n|$)")
#: (wave 18) the same two lines written as comments under a line that says what the file
#: holds (``# creds.txt contains:``), or inside a JSON string (escaped line breaks: an
#: Ansible task's stdout, a notebook cell)
_NL = r"(?:\n|\\n)"
_FILE_THEN_COMMENTS = re.compile(
    r"(?i)(?:auth-user-pass|openvpn)[^\n\"]*?" + _NL
    + r"(?:[^\S\n]*#[^\n\\]*?(?:contains|holds|has|reads)[^\n\\]*" + _NL + ")?"
    r"[^\S\n]*[#+>]?[^\S\n]*(?P<user>[^\s#<>\\\"]{1,64})[^\S\n]*" + _NL
    + r"[^\S\n]*[#+>]?[^\S\n]*(?P<v>[^\s<>\\\"]{4,128})[^\S\n]*(?=\n|\\n|\"|$)")
_INLINE = re.compile(r"<auth-user-pass>[^\S\n]*\n[^\S\n]*[^\s<]{1,64}[^\S\n]*\n"
                     r"[^\S\n]*(?P<v>[^\s<]{4,128})[^\S\n]*\n[^\S\n]*</auth-user-pass>")
_PRINTF = re.compile(
    r"""printf\s+(['"])%s\\n%s(?:\\n)?\1\s+(?P<q1>['"]?)[^\s'"]{1,64}(?P=q1)\s+"""
    r"""(?P<q>['"]?)(?P<v>[^\s'"]{4,128})(?P=q)\s*>{1,2}\s*(?P<file>\S+)""")
_PROSE = re.compile(r"(?i)(?:auth-user-pass|openvpn)[^\n]{0,120}?(?P<q>[`'\"])[^`'\"\s]{1,64}"
                    r"(?P=q)\s+(?:and|/|,)\s+(?P<q2>[`'\"])(?P<v>[^`'\"\s]{4,128})(?P=q2)")
_PPP_FILE = re.compile(r"(?i)(?:chap|pap)-secrets")
_PPP_LINE = re.compile(r"(?m)^[^\S\n]*(?!#)(?P<client>[\"']?[\w.@\-]+[\"']?)[^\S\n]+"
                       r"(?:\*|[\w.\-]+)[^\S\n]+(?P<q>[\"']?)(?P<v>[^\s\"']{4,128})(?P=q)"
                       r"(?:[^\S\n]+[^\n]*)?$")


def _why_not(value: str) -> str | None:
    return stand_in(value) or looks_chosen(value)


def auth_files(text: str, low: str) -> Iterator[Decision]:
    if "auth-user-pass" in low or "openvpn" in low:
        for m in (*_FILE_THEN_LINES.finditer(text), *_INLINE.finditer(text),
                  *_PROSE.finditer(text), *_FILE_THEN_COMMENTS.finditer(text)):
            yield decide("openvpn_auth_password", m.start("v"), m.end("v"),
                         _why_not(m.group("v")),
                         "the password line of an OpenVPN auth-user-pass file (username and "
                         "password on two lines)")
    if "printf" in low:
        for m in _PRINTF.finditer(text):
            if re.search(r"(?i)openvpn|auth|cred|pass|secret|login", m.group("file")):
                yield decide("openvpn_auth_password", m.start("v"), m.end("v"),
                             _why_not(m.group("v")),
                             "the second of two lines printf writes to a credentials file "
                             "(username, then password)")
    if "-secrets" in low:
        found = _PPP_FILE.search(text)
        if found is not None:
            for m in _PPP_LINE.finditer(text, found.end()):
                yield decide("ppp_secret", m.start("v"), m.end("v"), _why_not(m.group("v")),
                             "the secret column of pppd's chap-secrets or pap-secrets "
                             "(client server secret addresses)")
