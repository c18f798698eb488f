"""(wave 26) Credentials named by a word the older readers do not count as a credential's
name, read by the name's structure and the value's evidence (#39).

Three readers, each a switch of cv_wave26_keys.py:

* **Abbreviated names** (``READ_ABBREVIATED``): "PAT" (a personal access token) or "OAuth"
  (an OAuth token) as the last word of a name, joined to the words before it or standing
  alone in capitals (``OVSX_PAT``, ``shipbob.pat``, ``livechat_pat``, ``TwitchOauth``,
  ``twitch_oauth``, ``PAT:``). The older readers know ``token``, ``secret``, ``key`` and
  ``password`` as a name's last word; a platform's abbreviation for its token is read as no
  name at all, and the value is kept. Nothing but a token is named so. The value, right
  after a separator, must still carry the evidence a drawn token gives: a random value
  (:func:`.evidence.identifier_reason`), letters of one case and digits drawn
  (:func:`.keymaterial.two_class_reason`), hexadecimal of 32 digits or more with letters
  and digits and no typed pattern, or a random UUID (version 4: many platforms issue their
  tokens so). A region's or a user's prefix before it (``dal:VALUE``) is read past.
* **Session names** (``READ_SESSIONS``): "session" as the last word of a name, or a
  session's key or token (``aspace_session``, ``laravel_session``, ``"session":``,
  ``OMERO_SESSION_KEY``), then a value of 32 characters or more that carries the same
  evidence. A session's value is a bearer credential: whoever holds it is signed in. A
  session's id, number, count or length goes on as another name and is kept; a UUID is
  read only after a session's key or token (a session's id is often a UUID).
* **Signed with** (``READ_SIGNED_WITH``): a value right after "signs ... with", "signed
  with", "HMAC-signed with" on its line: what a text signs with is the signing secret.
  The value must be 32 characters or more and carry the evidence above; a key id, a
  fingerprint, an algorithm's name (``sha256``) or a path are not such values, and a line
  that calls the value published (an example, a test vector) keeps it.

Each reader asks first for its words in the lowercased text and for a value long enough.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import entropy, identifier_reason
from .keymaterial import _PUBLISHED, two_class_reason
from .keynames import NOT_CREDENTIAL

#: the switches (cv_wave26_keys.py)
READ_ABBREVIATED = True
READ_SESSIONS = True
READ_SIGNED_WITH = True
READ_HEX_NAMES = True

#: "PAT" or "OAuth" as a name's last word: joined after another word by a separator or a
#: camel-case step, or "PAT" alone in capitals (not "path", "pattern", "Pat" the person)
_ABBREVIATED = re.compile(
    r"(?:(?<=[A-Za-z0-9][_.\-])(?i:pat|oauth)|(?<=[a-z0-9])(?:Pat|PAT|Oauth|OAuth|OAUTH)"
    r"|(?<![A-Za-z0-9_.\-])(?:PAT|OAUTH))"
    r"(?![A-Za-z0-9])")
#: "session" as a name's last word, or a session's key or token
_SESSION = re.compile(
    r"(?:(?<![A-Za-z])|(?<=[a-z])(?=S))(?i:session)(?P<kt>[_.\-]?(?i:key|token))?"
    r"(?![A-Za-z0-9])")
#: a cookie header before the name on its line (:mod:`.secrets`' cookie reader reads it)
_COOKIE_HEADER = re.compile(r"(?i)\b(?:set-)?cookie[^\S\n]*:")
#: the separator between a name and its value: quotes or a subscript's bracket, then
#: ``:``, ``=``, ``=>``, ``:=`` or "is", then an opening quote
_SEPARATOR = re.compile(r"['\"\]]{0,2}[^\S\n]*(?::=|=>|[:=]|\bis\b)[^\S\n]*['\"]?")
#: a region's or a user's prefix before the value (``dal:``, ``fra:``)
_PREFIX = re.compile(r"[a-z]{2,4}:(?=[A-Za-z0-9_\-])")
_VALUE = re.compile(r"[A-Za-z0-9+/_\-]{16,200}={0,2}(?![A-Za-z0-9+/=_\-])")
#: a name that goes on as the name of something else (``pat_expiry``, ``session_id``)
_GOES_ON = re.compile(r"[_.\-]?[A-Za-z]")
_HEX = re.compile(r"[0-9a-fA-F]+")
_UUID4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
                    re.IGNORECASE)
#: 32 random hexadecimal digits reach about 3.7 bits a character
_HEX_ENTROPY = 3.2
#: "signs ... with", "signed with" (a verb of signing, then "with" within a few words)
_SIGNED_WITH = re.compile(r"(?i)\bsign(?:s|ed)\b(?:[^\S\n]+[A-Za-z\-]{1,20}){0,4}?"
                          r"[^\S\n]+with[^\S\n]+['\"`]?")


def drawn_reason(value: str, *, uuid_ok: bool = True, min_length: int = 16) -> str | None:
    """Why ``value`` is not a drawn token, or None: random by its classes, one case and
    digits drawn, hexadecimal of 32 digits or more, or (``uuid_ok``) a version 4 UUID."""
    if len(value) < min_length:
        return f"shorter than {min_length} characters"
    if "-" in value and _UUID4.fullmatch(value):
        if not uuid_ok:
            return "a UUID (a session's or a record's id)"
        return None if entropy(value.replace("-", "")) >= _HEX_ENTROPY else "a UUID of few digits"
    if _HEX.fullmatch(value):
        if len(value) < 32:
            return "hexadecimal shorter than 32 digits (commit ids, short hashes)"
        if value.isdigit() or not any(c.isdigit() for c in value):
            return "hexadecimal without both digits and letters"
        if entropy(value) < _HEX_ENTROPY:
            return "hexadecimal of a typed or repeated pattern"
        return None
    why = identifier_reason(value)
    if why is None:
        return None
    if value.isalnum() and (value.islower() or value.isupper()):
        return two_class_reason(value)
    return why


def _value_after(text: str, end: int) -> re.Match[str] | None:
    """The value right after a name ending at ``end`` (a separator, then at most a
    region's prefix)."""
    sep = _SEPARATOR.match(text, end)
    if sep is None:
        return None
    at = sep.end()
    prefix = _PREFIX.match(text, at)
    if prefix is not None:
        at = prefix.end()
    return _VALUE.match(text, at)


def abbreviated_names(text: str) -> Iterator[Decision]:
    """Values named "PAT" or "OAuth" (:data:`_ABBREVIATED`)."""
    for hit in _ABBREVIATED.finditer(text):
        if _GOES_ON.match(text, hit.end()):
            continue
        m = _value_after(text, hit.end())
        if m is None:
            continue
        line_start = text.rfind("\n", 0, hit.start()) + 1
        why_not = ("its line says it is published (a test vector, an example, a sample)"
                   if _PUBLISHED.search(text, line_start, m.start())
                   else drawn_reason(m.group()))
        yield decide("high_entropy_secret", m.start(), m.end(), why_not,
                     f"a drawn token named by the abbreviation {hit.group()!r} (a personal "
                     "access or an OAuth token)")


def session_names(text: str) -> Iterator[Decision]:
    """Values named as a session, a session's key or a session's token."""
    for hit in _SESSION.finditer(text):
        if _GOES_ON.match(text, hit.end()):
            continue
        m = _value_after(text, hit.end())
        if m is None:
            continue
        line_start = text.rfind("\n", 0, hit.start()) + 1
        if _COOKIE_HEADER.search(text, line_start, hit.start()):
            continue  # a cookie header's: the cookie reader's, with its own reason
        why_not = ("its line says it is published (a test vector, an example, a sample)"
                   if _PUBLISHED.search(text, line_start, m.start())
                   else drawn_reason(m.group(), uuid_ok=bool(hit.group("kt")), min_length=32))
        yield decide("high_entropy_secret", m.start(), m.end(), why_not,
                     "a session's bearer value (whoever holds it is signed in)")


def signed_with(text: str) -> Iterator[Decision]:
    """Values a text says it signs with."""
    for hit in _SIGNED_WITH.finditer(text):
        m = _VALUE.match(text, hit.end())
        if m is None:
            continue
        line_start = text.rfind("\n", 0, hit.start()) + 1
        why_not = ("its line says it is published (a test vector, an example, a sample)"
                   if _PUBLISHED.search(text, line_start, m.start())
                   else drawn_reason(m.group(), uuid_ok=False, min_length=32))
        yield decide("high_entropy_secret", m.start(), m.end(), why_not,
                     "the secret a text says it signs with")


def credential_words(text: str, low: str, longest: int) -> Iterator[Decision]:
    """The three readers, each behind its words and a value long enough."""
    if longest < 16:
        return
    if READ_ABBREVIATED and ("pat" in low or "oauth" in low):
        yield from abbreviated_names(text)
    if longest < 32:
        return
    if READ_SESSIONS and "session" in low:
        yield from session_names(text)
    if READ_SIGNED_WITH and "sign" in low and " with" in low:
        yield from signed_with(text)
    if READ_HEX_NAMES and "key" in low:
        yield from hex_names(text)



#: a setting's name of two words or more whose last word is "key" (snake, SCREAMING,
#: kebab, dotted or camel case), as a subscript's or a call's argument too
_KEY_NAME = re.compile(
    r"(?<![\w.\-])(?P<name>(?:[A-Za-z][A-Za-z0-9]*[_.\-])+(?:key|KEY|Key)"
    r"|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*Key)['\"\]]{0,2}"
    r"(?:[^\S\n]*(?::=|=>|[:=])[^\S\n]*|[^\S\n]+is[^\S\n]+|[^\S\n]+(?=['\"]))['\"]?"
    r"(?P<v>[0-9a-fA-F]{32,128})(?![\w])")


def hex_names(text: str) -> Iterator[Decision]:
    """Hexadecimal of 32 digits or more given to a key's setting of two words or more."""
    for m in _KEY_NAME.finditer(text):
        name, value = m.group("name"), m.group("v")
        line_start = text.rfind("\n", 0, m.start()) + 1
        if NOT_CREDENTIAL.search(name):
            why_not: str | None = "a data structure's, a record's or a public key"
        elif _PUBLISHED.search(text, line_start, m.start("v")):
            why_not = "its line says it is published (a test vector, an example, a sample)"
        else:
            why_not = drawn_reason(value)
        yield decide("high_entropy_secret", m.start("v"), m.end("v"), why_not,
                     f"hexadecimal of a key's length given to the key setting {name[-40:]!r}")
