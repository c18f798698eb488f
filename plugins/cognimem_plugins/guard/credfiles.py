"""(wave 15) Passwords in the documented formats of credential-bearing files.

Each rule is the format as its tool documents it, not an example of one:

* FileZilla's ``sitemanager.xml`` and ``recentservers.xml``: ``<Pass>`` holds the saved
  password, in clear or base64 (``<Pass encoding="base64">``);
* Dovecot's password schemes (doc.dovecot.org, "Password schemes"): a ``{PLAIN}``,
  ``{CLEAR}``, ``{CLEARTEXT}`` or ``{PLAIN-TRUNC}`` prefix says the rest is the password in
  clear (a passwd-file line ``user:{PLAIN}secret::...``, ``password={PLAIN}...``);
* Postfix's ``sasl_passwd`` map (postfix.org SASL_README): ``[relay]:port user:password``
  or ``relay user:password``, one relay a line;
* davfs2's ``secrets`` file (davfs2.conf(5)): ``URL-or-mount-point user password``;
* npm's ``.npmrc`` ``_auth`` (docs.npmjs.com, "npmrc"): base64 of ``user:password``;
* Exim's authenticators (exim.org spec, "The plaintext authenticator"): the password a
  ``server_condition`` compares ``$auth2`` / ``$auth3`` with, and ``client_send``'s
  ``^user^password``;
* key/value arrays that name the setting in one member and give it in the next: OCPP's
  ``ChangeConfiguration`` (``{"key": "AuthorizationKey", "value": ...}``), CloudFormation's
  ``ParameterKey`` / ``ParameterValue``, Azure's and AWS's ``Key`` / ``Value`` tags.

Every value is still judged: a placeholder, a template or a reference is kept
(:func:`.standins.stand_in`), and where the format may be written in prose the value must
look chosen (:func:`.evidence.looks_chosen`).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import entropy, identifier_reason, looks_chosen, name_structure
from .names import is_password_name
from .standins import stand_in

#: the words that open these rules; a text holding none of them runs none
NEEDLES = ("<pass", "{plain", "{clear", "sasl_passwd", "]:", "] ", "davfs", "/dav", "webdav",
           "_auth", "$auth",
           "client_send", "parameterkey", '"key"', "'key'", '"name"', "-key", "-token",
           "-secret", "wep_key", "remotepass", "auth-pass", "userlist", "pgbouncer",
           "createuser", "ls0tls1crudjti", "-api:")

_FILEZILLA = re.compile(r"<Pass(?P<enc>\s+encoding=[\"']base64[\"'])?\s*>"
                        r"(?P<value>[^<\s]{1,256})</Pass>")
_DOVECOT = re.compile(r"\{(?:PLAIN|CLEAR|CLEARTEXT|PLAIN-TRUNC)\}(?P<value>[^\s:'\"]{4,128})")
#: a relay (``[host]:port``, ``[host]``, ``host:port``, ``host``), then ``user:password``
_SASL_LINE = re.compile(
    r"(?m)^[^\S\n]*(?P<relay>\[[\w.\-]+\](?::\d{1,5})?|[\w.\-]+\.[a-z]{2,}(?::\d{1,5})?)"
    r"[^\S\n]+(?P<user>[^\s:]{1,128}):(?P<value>[^\s]{4,128})[^\S\n]*$")
_DAVFS_LINE = re.compile(
    r"(?m)^[^\S\n]*(?P<where>https?://\S+|/\S+)[^\S\n]+(?P<user>[^\s\"]+)"
    r"[^\S\n]+(?P<q>[\"']?)(?P<value>[^\s\"']{4,128})(?P=q)[^\S\n]*$")
_NPM_AUTH = re.compile(r"(?m)(?:^|:)_auth[^\S\n]*=[^\S\n]*[\"']?"
                       r"(?P<value>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])")
_EXIM_EQ = re.compile(r"eq\s*\{\s*\$auth[23]\s*\}\s*\{(?P<value>[^{}\s]{4,128})\}")
_EXIM_SEND = re.compile(r"client_send\s*=\s*\^[^\^\s]{1,128}\^(?P<value>[^\s\^]{4,128})")
#: a member naming the setting, then the member holding its value
_KEY_THEN_VALUE = re.compile(
    r"(?P<kq>[\"'])(?:key|Key|ParameterKey|name|Name|OptionName)(?P=kq)\s*:\s*"
    r"(?P<nq>[\"'])(?P<name>[A-Za-z][\w.\-]{1,80})(?P=nq)\s*,\s*"
    r"(?P<vq>[\"'])(?:value|Value|ParameterValue)(?P=vq)\s*:\s*"
    r"(?P<q>[\"'])(?P<value>[^\"'\s]{4,256})(?P=q)")
#: a setting's name that says it is a credential (a password word, or a key, token or secret
#: of an API, an authorization, a licence or a subscription)
_SECRET_SETTING = re.compile(
    r"(?i)(?:pass(?:word|wd|phrase)?|pwd|secret|token|credential|"
    r"(?:api|auth\w*|access|private|signing|secret|licen[cs]e|subscription|master|"
    r"encryption|shared)[_\-.]?key)$")


def _b64_text(value: str) -> str | None:
    """``value`` decoded from base64 as printable text, or None."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    text = raw.decode("utf-8", "replace")
    if not text or any(not (c.isprintable() or c in "\t\r\n") for c in text):
        return None
    return text


def _file_value_reason(value: str, *, prose: bool) -> str | None:
    """Why a value where a file's format puts a password is not one: a stand-in, or (where
    the format's lines also read as prose) a value that does not look chosen."""
    return stand_in(value) or (looks_chosen(value) if prose else None)


def credential_files(text: str, low: str) -> Iterator[Decision]:
    """The passwords of the formats above that ``text`` (lowercased: ``low``) holds."""
    if "<pass" in low:
        for m in _FILEZILLA.finditer(text):
            value = m.group("value")
            if m.group("enc"):
                decoded = _b64_text(value)
                why = ("does not decode as base64 text" if decoded is None
                       else _file_value_reason(decoded, prose=False))
            else:
                why = _file_value_reason(value, prose=False)
            yield decide("password_assignment", m.start("value"), m.end("value"), why,
                         "a saved password in FileZilla's site manager (<Pass>)")
    if "{plain" in low or "{clear" in low:
        for m in _DOVECOT.finditer(text):
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         stand_in(m.group("value")),
                         "a password in clear after Dovecot's {PLAIN} / {CLEARTEXT} scheme")
    if "sasl_passwd" in low or re.search(r"\[[\w.\-]+\](?::\d{1,5})?[^\S\n]", text):
        for m in _SASL_LINE.finditer(text):
            if not (m.group("relay").startswith("[") or ":" in m.group("relay")
                    or "sasl_passwd" in low):
                continue
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         _file_value_reason(m.group("value"), prose=True),
                         "a relay's user:password in Postfix's sasl_passwd map")
    if "davfs" in low or "/dav" in low or "webdav" in low:
        for m in _DAVFS_LINE.finditer(text):
            if "davfs" not in low and "dav" not in m.group("where").lower():
                continue
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         _file_value_reason(m.group("value"), prose=True),
                         "a WebDAV user's password in davfs2's secrets file")
    if "_auth" in low:
        for m in _NPM_AUTH.finditer(text):
            decoded = _b64_text(m.group("value"))
            if decoded is None or ":" not in decoded.strip(":"):
                continue
            password = decoded.split(":", 1)[1]
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         _file_value_reason(password, prose=False),
                         "npm's _auth: base64 of user:password (.npmrc)")
    if "$auth" in low:
        for m in _EXIM_EQ.finditer(text):
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         stand_in(m.group("value")),
                         "the password an Exim authenticator compares $auth2/$auth3 with")
    if "client_send" in low:
        for m in _EXIM_SEND.finditer(text):
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         stand_in(m.group("value")),
                         "the password an Exim client authenticator sends (^user^password)")
    if "key" in low or "name" in low:
        yield from _key_then_value(text)
    if "-key" in low or "-token" in low or "-secret" in low or "-api:" in low:
        yield from _vendor_headers(text)
    yield from _directives(text, low)


#: (wave 15) directives whose name holds no password word but whose value is one:
#: wpa_supplicant.conf's ``wep_key0..3`` (wpa_supplicant.conf(5)), OfflineIMAP's
#: ``remotepass``, Redis Sentinel's ``sentinel auth-pass <master> <password>``
_DIRECTIVE = re.compile(
    r"(?im)(?:^|(?<=[\s\"'`;{]))(?:(?P<wep>wep_key[0-3])|remotepass|"
    r"sentinel[^\S\n]+auth-pass[^\S\n]+\S+)(?:[^\S\n]*=[^\S\n]*|[^\S\n]+)"
    r"(?P<q>[\"']?)(?P<value>[^\s\"']{4,128})(?P=q)")
#: PgBouncer's auth_file (userlist.txt): ``"user" "password"`` a line; a hash (md5 and 32
#: hex, SCRAM-SHA-256$...) is kept
_USERLIST = re.compile(r"(?m)^[^\S\n]*\"[^\"\n]{1,64}\"[^\S\n]+\"(?P<value>[^\"\n]{4,128})\""
                       r"[^\S\n]*$")
#: Net-SNMP's snmpd.conf / snmptrapd.conf ``createUser NAME AUTHPROTO "authpass" [PRIVPROTO
#: "privpass"]`` (snmpd.conf(5))
_CREATE_USER = re.compile(
    r"(?i)\bcreateUser[^\S\n]+(?:-e[^\S\n]+\S+[^\S\n]+)?\S+[^\S\n]+"
    r"(?:MD5|SHA(?:-?\d{3})?)[^\S\n]+(?P<q>[\"']?)(?P<auth>[^\s\"']{4,128})(?P=q)"
    r"(?:[^\S\n]+(?:DES|AES(?:-?\d{3})?)[^\S\n]+(?P<q2>[\"']?)(?P<priv>[^\s\"']{4,128})"
    r"(?P=q2))?")
#: base64 of a PEM private key (a kubeconfig's ``client-key-data``, a Kubernetes Secret's
#: ``tls.key``, a Helm value): "LS0tLS1CRUdJTi" is base64 of "-----BEGIN"
_PEM_B64 = re.compile(r"LS0tLS1CRUdJTi[A-Za-z0-9+/]{40,}={0,2}")


def _directives(text: str, low: str) -> Iterator[Decision]:
    if "wep_key" in low or "remotepass" in low or "auth-pass" in low:
        for m in _DIRECTIVE.finditer(text):
            value = m.group("value")
            why = stand_in(value) or (None if m.group("wep") else looks_chosen(value))
            yield decide("password_assignment", m.start("value"), m.end("value"), why,
                         "a password given to a directive that takes one (wep_key, "
                         "remotepass, sentinel auth-pass)")
    if "userlist" in low or "pgbouncer" in low:
        for m in _USERLIST.finditer(text):
            value = m.group("value")
            why = ("a password's hash" if re.fullmatch(r"md5[0-9a-f]{32}|SCRAM-SHA-256\$\S+",
                                                       value) else stand_in(value))
            yield decide("password_assignment", m.start("value"), m.end("value"), why,
                         "a user's password in PgBouncer's auth_file (userlist.txt)")
    if "createuser" in low:
        for m in _CREATE_USER.finditer(text):
            for group in ("auth", "priv"):
                if m.group(group):
                    yield decide("password_assignment", m.start(group), m.end(group),
                                 stand_in(m.group(group)),
                                 "an SNMPv3 user's passphrase (Net-SNMP createUser)")
    if "ls0tls1crudjti" in low:
        for m in _PEM_B64.finditer(text):
            decoded = _b64_text(m.group(0).rstrip("="))
            if decoded is not None and "PRIVATE KEY" in decoded:
                yield decide("private_key", m.start(), m.end(), None,
                             "base64 of a PEM private key (a kubeconfig's client-key-data)")


#: (wave 15) an HTTP header a vendor names for its key (RFC 6648 retired the ``X-`` prefix,
#: so both spellings are documented: ``X-Api-Key``, ``x-<vendor>-key``, ``<Vendor>-Api-Key``,
#: ``Ocp-Apim-Subscription-Key``, ``X-Auth-Token``), given after ``:`` (a request) or ``=``
#: (a PowerShell or Python headers dictionary); (wave 16) a header ending in ``-Api`` too
#: (JFrog's ``X-JFrog-Art-Api``)
_HEADER = re.compile(
    r"(?i)(?<![\w-])(?P<name>(?:x-[a-z0-9]+(?:-[a-z0-9]+){0,3}|[a-z0-9]+(?:-[a-z0-9]+){0,2}"
    r"-(?:api|auth|access|subscription|secret|private))-(?:key|token|secret|apikey|api))"
    r"[\"']?[^\S\n]*[:=][^\S\n]*[\"']?(?P<value>[A-Za-z0-9_\-+/=.~]{16,256})"
    r"(?![A-Za-z0-9_\-+/=.~])")
#: headers whose key is public or no credential (a cache's, a request's or a site's key)
_NOT_CREDENTIAL_HEADER = re.compile(
    r"(?i)(?:cache|idempotency|request|trace|correlation|surrogate|dedup\w*|partition|"
    r"routing|sort|object|public|publishable|site|session-id|csrf|xsrf|client-id|page|"
    r"pagination|continuation|next|cursor|device|push|registration|upload-id)")


def issued_key_reason(value: str) -> str | None:
    """Why a value a key's own name is given is not a key a vendor issued, or None: a key is
    hexadecimal of 24 digits or more (letters and digits both), or 20 letters and digits or
    more, random (no words, high entropy), or whatever :func:`.evidence.identifier_reason`
    takes as evidence."""
    if re.fullmatch(r"(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{24,}", value):
        return None
    if (re.fullmatch(r"[A-Za-z0-9]{20,}", value) and len(re.findall(r"\d+", value)) >= 3
            and not re.search(r"[A-Za-z]{9}", value) and entropy(value) >= _RANDOM_ENTROPY
            and name_structure(value) is None):
        return None
    return identifier_reason(value)


#: a random run of 20 letters and digits or more: digits in three places or more, no run
#: of nine letters (a word), and entropy a typed sequence or a repeated part does not reach
_RANDOM_ENTROPY = 3.0


def _vendor_headers(text: str) -> Iterator[Decision]:
    for m in _HEADER.finditer(text):
        name, value = m.group("name"), m.group("value")
        if _NOT_CREDENTIAL_HEADER.search(name):
            continue
        why = stand_in(value, literal=True) or issued_key_reason(value)
        yield decide("api_key_header", m.start("value"), m.end("value"), why,
                     f"a key given in the vendor's header {name[:40]!r}")


def _key_then_value(text: str) -> Iterator[Decision]:
    for m in _KEY_THEN_VALUE.finditer(text):
        name = m.group("name")
        if not _SECRET_SETTING.search(name):
            continue
        value = m.group("value")
        why = stand_in(value, literal=True)
        if why is None and not is_password_name(name):
            # a key's or a token's value: long and random, or a hexadecimal key of 16+
            why = (None if re.fullmatch(r"[0-9A-Fa-f]{16,}", value)
                   else identifier_reason(value))
        elif why is None:
            why = looks_chosen(value)
        yield decide("password_assignment", m.start("value"), m.end("value"), why,
                     f"the value given to the setting {name[:40]!r} in a key/value pair")
