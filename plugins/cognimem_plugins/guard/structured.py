"""Secrets a structure says are secrets, whatever their provider (wave 11).

* **a key in ASCII armour**: ``-----BEGIN <label>-----`` ... ``-----END <label>-----``
  (RFC 7468's textual encoding, which OpenVPN's ``Static key V1``, PGP and others follow)
  whose label names a key and not a public one: the body is the key. Private keys are
  :data:`.formats.PRIVATE_BLOCK`'s; this is every other key label (a symmetric key such as
  OpenVPN's ``tls-auth``/``tls-crypt`` key). The body must hold 40 characters of key
  material, so a block's BEGIN and END lines alone are kept;
* **a WordPress application password**: 24 letters and digits shown as six groups of four
  separated by spaces (developer.wordpress.org, "Application Passwords": the password is
  generated and displayed in chunks of four), in a text that names a password or a
  credential; random, so it mixes upper and lower case and holds a digit or a capital
  inside a group (six words of prose or a grouped serial number do not);
* **the password column of an export**: a CSV (or tab-separated) header whose column is a
  password (``password``, ``login_password``, as browsers, Bitwarden, KeePass and 1Password
  export) and, on each following row of as many fields, the value in that column;
* **an Apple app-specific password**: ``abcd-efgh-ijkl-mnop`` (four groups of four
  lowercase letters, as Apple generates them) in a text about an Apple ID's sign-in
  (``altool``, ``notarytool``, Transporter, "app-specific", "Apple ID"); elsewhere such a
  slug is kept;
* **a key/value pair of an XML export**: ``<Key>Password</Key><Value>...</Value>``
  (KeePass XML) or ``<key>password</key><string>...</string>`` (an Apple property list),
  the key a secret-like name.

Each value passes :func:`.standins.assigned_reason` (a placeholder, a template or a
reference is kept).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import classes, identifier_reason
from .formats import is_user_password
from .names import NAME_HIT, NOT_SECRET_NAME, is_password_name
from .standins import assigned_reason, stand_in

_ARMOUR = re.compile(r"-----BEGIN (?P<label>[A-Za-z0-9 ]{0,40}\b[Kk][Ee][Yy]\b[A-Za-z0-9 ]{0,20})"
                     r"-----\s*\n(?P<body>.*?)(?:-----END (?P=label)-----|\Z)", re.DOTALL)
_KEY_MATERIAL = re.compile(r"[A-Za-z0-9+/=]{40}")


def armoured_keys(text: str) -> Iterator[Decision]:
    """The body of each armoured key block that is neither public nor private (those are
    kept, and redacted by the private-key rule, as before)."""
    for m in _ARMOUR.finditer(text):
        label = m.group("label").upper()
        if "PUBLIC" in label or "PRIVATE" in label:
            continue
        body = "".join(m.group("body").split())
        yield decide("armoured_key", m.start("body"), m.end("body"),
                     None if _KEY_MATERIAL.search(body) else "an armoured block's BEGIN "
                     "and END lines without a key between them",
                     f"the body of a key in ASCII armour (-----BEGIN {m.group('label')}-----)")


#: six groups, neither a seventh before nor after (a GPG fingerprint has ten)
_APPLICATION_PASSWORD = re.compile(r"(?<![A-Za-z0-9])(?<![A-Za-z0-9] )[A-Za-z0-9]{4}"
                                   r"(?: [A-Za-z0-9]{4}){5}(?![A-Za-z0-9]| [A-Za-z0-9])")


#: a lowercase letter then a capital inside a group ("iBCI", "wjAa"): random casing, which
#: prose's words (capitalised or in capitals) do not show
_MIXED_GROUP = re.compile(r"[a-z][A-Z]")


def application_passwords(text: str) -> Iterator[Decision]:
    """WordPress application passwords: six groups of four, random (both cases, and a
    digit or a capital inside a group); six words of prose, years or a serial number in
    groups are not candidates at all."""
    for m in _APPLICATION_PASSWORD.finditer(text):
        value = m.group()
        if (any(c.isupper() for c in value) and any(c.islower() for c in value)
                and (any(c.isdigit() for c in value) or _MIXED_GROUP.search(value))):
            yield decide("wordpress_application_password", m.start(), m.end(), None,
                         "24 letters and digits in six groups of four, as WordPress shows "
                         "an application password")


#: Apple's app-specific password: four groups of four lowercase letters joined by hyphens
#: (support.apple.com/102654, "Using app-specific passwords"), which Apple's upload and
#: notarisation tools take in place of the Apple ID's password
_APPLE_PASSWORD = re.compile(r"(?<![\w-])[a-z]{4}(?:-[a-z]{4}){3}(?![\w-])")
#: the words of a text about an Apple ID's sign-in (the tools that need such a password)
APPLE_WORDS = ("app-specific", "apple id", "appleid", "apple_id", "altool", "notarytool",
               "transporter", "icloud")


def apple_app_passwords(text: str) -> Iterator[Decision]:
    """Apple app-specific passwords, in a text about an Apple ID's sign-in (the caller
    asks for :data:`APPLE_WORDS` first)."""
    for m in _APPLE_PASSWORD.finditer(text):
        yield decide("apple_app_specific_password", m.start(), m.end(), None,
                     "four groups of four lowercase letters, as Apple shows an app-specific "
                     "password, in a text about an Apple ID's sign-in")


#: a CSV field (quoted or not) and its delimiter
_FIELDS = {sep: re.compile(rf'"(?P<q>(?:[^"\n]|"")*)"(?={sep}|$)|(?P<b>[^{sep}\n"]*)(?={sep}|$)')
           for sep in (",", "\t")}
_COLUMN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 _\-]{0,30}")
_PASSWORD_COLUMN = re.compile(r"(?i)(?:[a-z]+[_ ])?(?:password|passwd|pwd|passphrase)")


def _fields(line: str, sep: str) -> list[tuple[int, int]]:
    """The spans of ``line``'s fields (the value inside its quotes)."""
    spans: list[tuple[int, int]] = []
    at = 0
    pattern = _FIELDS[sep]
    while at <= len(line):
        m = pattern.match(line, at)
        if m is None:
            return []
        group = "q" if m.group("q") is not None else "b"
        spans.append(m.span(group))
        at = m.end() + 1
    return spans


def export_columns(text: str) -> Iterator[Decision]:
    """The values of a password column below a CSV or TSV header."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for i, header in enumerate(lines):
        sep = "\t" if "\t" in header else ","
        if sep not in header:
            continue
        names = [header[a:b] for a, b in _fields(header.rstrip("\r"), sep)]
        if len(names) < 3 or not all(_COLUMN_NAME.fullmatch(n) for n in names):
            continue
        columns = [j for j, n in enumerate(names) if _PASSWORD_COLUMN.fullmatch(n)]
        for row in range(i + 1, len(lines)):
            spans = _fields(lines[row].rstrip("\r"), sep)
            if len(spans) != len(names):
                break
            for j in columns:
                start, end = (offsets[row] + spans[j][0], offsets[row] + spans[j][1])
                value = text[start:end]
                if value:
                    yield decide("password_assignment", start, end,
                                 assigned_reason(value, explicit=True, password=True,
                                                 literal=True),
                                 f"the {names[j]!r} column of an export's rows")


#: (wave 22) a table's row in Markdown (GitHub, Jira and Confluence write them so): cells
#: between ``|``, the outer bars optional; the header's separator row (``|---|:--:|``)
_TABLE_ROW = re.compile(r"[^\S\n]*\|?(?P<cells>[^\n|]*(?:\|[^\n|]*)+?)\|?[^\S\n]*")
_TABLE_RULE = re.compile(r"[\s|:\-=+]*-[\s|:\-=+]*")
#: a column that holds the secret of each row: its header a secret-like name
#: (:data:`.names.NAME_HIT`), or one of the words a table gives such a column alone
_SECRET_COLUMN = re.compile(r"(?i)(?:[a-z]+[_ ])?(?:key|secret|token|pin)")
#: READ_TABLES: (wave 22) switched by leave-one-split-out CV (cv_wave22_secrets.py)
READ_TABLES = True


def _cells(line: str) -> list[tuple[int, int]]:
    """The spans of a Markdown table row's cells, trimmed (none when it is no such row)."""
    if line.count("|") < 2:
        return []
    body = line.rstrip()
    start = len(body) - len(body.lstrip())
    if body[start:start + 1] == "|":
        start += 1
    end = len(body) - 1 if body.endswith("|") and len(body) - 1 >= start else len(body)
    spans = []
    at = start
    for part in body[start:end].split("|"):
        lead = len(part) - len(part.lstrip())
        spans.append((at + lead, at + len(part.rstrip())))
        at += len(part) + 1
    return spans


def table_columns(text: str) -> Iterator[Decision]:
    """The cells below a Markdown table's header in a column the header names a password, a
    secret, a token or a key (``| service | user | password |``, then ``|---|---|---|``):
    a password column's value must look chosen (:func:`.standins.assigned_reason`), any other
    column's must hold the evidence of a random value (:func:`.evidence.identifier_reason`:
    a key column also lists settings, shortcuts and ids)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for i in range(len(lines) - 2):
        rule = lines[i + 1]
        if "-" not in rule or not _TABLE_RULE.fullmatch(rule) or "|" not in rule:
            continue
        header = lines[i]
        spans = _cells(header)
        names = [header[a:b].strip("*_` ") for a, b in spans]
        if len(names) < 2:
            continue
        columns = [(j, is_password_name(n)) for j, n in enumerate(names)
                   if 0 < len(n) <= 40 and not NOT_SECRET_NAME.search(n) and (
                       is_password_name(n) or NAME_HIT.search(n) or _SECRET_COLUMN.fullmatch(n))]
        if not columns:
            continue
        for row in range(i + 2, len(lines)):
            cells = _cells(lines[row])
            if len(cells) != len(names):
                break
            for j, password in columns:
                start, end = offsets[row] + cells[j][0], offsets[row] + cells[j][1]
                value = text[start:end].strip("`")
                start += text[start:end].index(value) if value else 0
                end = start + len(value)
                if not value or " " in value:
                    continue
                why_not = (assigned_reason(value, explicit=True, password=True, literal=True)
                           if password else stand_in(value) or identifier_reason(value))
                yield decide("password_assignment", start, end, why_not,
                             f"the {names[j]!r} column of a table's rows")


_KEY_VALUE = re.compile(r"<(?P<k>[Kk]ey)>\s*(?P<name>[^<>\n]{1,40}?)\s*</(?P=k)>\s*"
                        r"<(?P<t>[Vv]alue|string)(?:\s[^<>\n]{0,100})?>(?P<value>[^<\n]{1,200})"
                        r"</(?P=t)>")


def key_value_elements(text: str) -> Iterator[Decision]:
    """The value of a KeePass XML or property list pair whose key is a secret-like name."""
    for m in _KEY_VALUE.finditer(text):
        name = m.group("name")
        if not NAME_HIT.search(name) or NOT_SECRET_NAME.search(name):
            continue
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     assigned_reason(m.group("value"), explicit=True,
                                     password=is_password_name(name), literal=True),
                     f"the value of an export's key/value pair named {name[:40]!r}")


#: (wave 11) a registry's ``auth`` in a Docker config (docs.docker.com, "docker login":
#: ``"auths": {"<registry>": {"auth": "<base64 of user:password>"}}``), or written as
#: ``auth=...`` / ``auth "..."``: the value decodes to ``user:password``
_DOCKER_AUTH = re.compile(r"(?i)(?<![\w-])auth[\"']?\s*(?:[:=]\s*|\s+)[\"']?"
                          r"(?P<value>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])")


def registry_auths(text: str) -> Iterator[Decision]:
    """A registry's ``auth``: base64 of ``user:password`` (checked by decoding it)."""
    for m in _DOCKER_AUTH.finditer(text):
        if is_user_password(m.group("value")):
            yield decide("docker_config_auth", m.start("value"), m.end("value"), None,
                         "a registry's auth: base64 of user:password (Docker's config)")


#: (wave 11) an ``Authorization`` header's credentials under any scheme (RFC 9110 11.6.2:
#: ``Authorization: <scheme> <credentials>``): Splunk's HEC (``Splunk <token>``), ``Token``,
#: ``SSWS``, ``Bot``, ``GenieKey``... (Bearer and Basic have their own rules)
_AUTHORIZATION = re.compile(r"(?i)\bauthorization[\"']?\s*[:=]\s*[\"']?"
                            r"(?P<scheme>[A-Za-z][\w\-]{1,20})[ \t]+"
                            r"(?P<value>[A-Za-z0-9._~+/=\-]{16,512})")


def authorization_headers(text: str) -> Iterator[Decision]:
    """The credentials of an ``Authorization`` header: a token (letters and digits both)."""
    for m in _AUTHORIZATION.finditer(text):
        if m.group("scheme").lower() in ("bearer", "basic"):
            continue  # their own rules (formats.py)
        value = m.group("value")
        why_not = stand_in(value) or (None if classes(value) >= 2 and any(
            c.isdigit() for c in value) and any(c.isalpha() for c in value)
            else "letters or digits alone (a word, not a token)")
        yield decide("authorization_header", m.start("value"), m.end("value"), why_not,
                     f"the credentials of an Authorization header ({m.group('scheme')} scheme)")


#: (wave 11) paho-mqtt's ``client.username_pw_set(username, password)``
#: (eclipse.dev/paho/files/paho.mqtt.python: the second argument is the password)
_PAHO_PASSWORD = re.compile(r"username_pw_set\(\s*(?:username\s*=\s*)?(?P<q1>[\"'])[^\"'\n]*"
                            r"(?P=q1)\s*,\s*(?:password\s*=\s*)?(?P<q>[\"'])"
                            r"(?P<value>[^\"'\n]{1,128})(?P=q)")


def paho_passwords(text: str) -> Iterator[Decision]:
    """The password given to paho-mqtt's ``username_pw_set``."""
    for m in _PAHO_PASSWORD.finditer(text):
        yield decide("mqtt_password", m.start("value"), m.end("value"),
                     assigned_reason(m.group("value"), explicit=True, password=True,
                                     literal=True),
                     "the password argument of paho-mqtt's username_pw_set")
