"""(wave 27) A value its line names as a credential by any compound noun ending in a
credential's head word, read whatever the provider (#39).

Every author of a split brings providers no reader has seen (``flight search worker auth:``,
``<string>X-Api-Key</string><string>...``, ``楽天RMSのserviceSecretは ...``, ``the AWS secret
access key ... the working one is ...``, ``| `INSTANA_AGENT_KEY` | `...` |``). The older
readers want a known name or a known layout right before the value; here the only evidence
of the name is a noun whose LAST word is a credential's head (secret, key, token, password,
passwd, pwd, passphrase, credential, PSK, PIN, auth), in any case style (``apiKey``,
``API_KEY``, ``api-key``, ``api key``, ``serviceSecret`` after other scripts), standing on
the value's line before it (at most :data:`WINDOW` characters before the value). The value
must then carry a drawn key's evidence by itself:

* 20 characters or more of a token's alphabet, holding a digit;
* random by :func:`.evidence.identifier_reason`: mixed classes, no word or name structure,
  not hexadecimal (a commit, a digest, a trace id in prose about keys and tokens: the
  wider reader redacted 44 clean notes of the seen splits with hexadecimal), not a UUID,
  not base64 of readable text, entropy;
* not a path (a lowercase word between slashes, a file's extension), not a dotted
  attribute path, not ``0x`` hex (an address), not a resource id (``sg-``, ``subnet-`` then
  hex);
* not an id: the value's own label right before it says ``id`` (``Client-Id: ...``).

The noun is not a credential's when the word before the head makes it a structure's key, a
public key or a count (:data:`.keynames.NOT_CREDENTIAL`: ``cache key``, ``NextToken``,
``max_tokens``), and a line that calls its value public, published, an example, a
fingerprint, a hash or a digest keeps it. A value BEFORE its noun ("is V still the X_KEY")
is not read: the same order in clean notes names a public or a cached value.

A switch of ``cv_wave27_secrets.py`` (:data:`READ_LINE_NAMED`); asked first: a value long
enough in the text (its longest word) and a head's letters in the lowercased text.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import classes, entropy, identifier_reason, readable_base64
from .keymaterial import _PUBLISHED
from .keynames import NOT_CREDENTIAL

#: the switches (cv_wave27_secrets.py)
READ_LINE_NAMED = True
#: a chosen password's length (12 to 19 characters, a symbol allowed) right after the head
READ_SHORT = True
SHORT_WINDOW = 40
SHORT_MIN = 12
#: how far after the head's end the value may start, on its line
WINDOW = 80
MIN_LENGTH = 20
#: the heads' letters, asked first in the lowercased text
NEEDLES = ("secret", "key", "token", "pass", "pwd", "credential", "psk", "pin", "auth")

#: a credential's head word ENDING a noun, in any case style: after a non-letter or a camel
#: step, not followed by more of a word (``keyboard``, ``TokenEndpoint``, ``key_id``)
HEAD = re.compile(
    r"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))"
    r"(?i:secret|key|token|password|passwd|passphrase|pwd|credentials?|psk|pin|auth)s?"
    r"(?![a-z]|[A-Z][a-z]|[_.\-][A-Za-z])")
#: the word right before the head in its noun (``cache`` of ``cache key``, ``Next`` of
#: ``NextToken``)
_PREV = re.compile(r"([A-Za-z][a-z0-9]*|[A-Z0-9]+)(?:[_.\- ]|(?<=[a-z0-9])(?=[A-Z]))?$")
#: a count's or a page's word before the head (``max_tokens``, ``next_token``)
_NOT_HEAD = re.compile(r"(?i)^(?:next|prev(?:ious)?|total|max|min|num|count|prompt|"
                       r"completion|input|output|cached)$")
#: a token of a key's alphabet, standing alone (not inside a name, a URL or a template)
_TOKEN = re.compile(r"(?<![\w+/=\-.~$%{@:])[A-Za-z0-9+/_\-.~]{20,300}={0,2}"
                    r"(?![\w+/=\-.~}%@:(])")
#: a line that says its value is not a secret
_NOT_SECRET = re.compile(r"(?i)\b(?:public|publishable|search[\s-]only|read[\s-]only|"
                         r"fingerprint|hash(?:ed)?|digest|checksum|sha\d*|md5)\b")
#: a path's word between slashes, a file's extension, an address, a resource id
_PATHLIKE = re.compile(r"(?:^|/)[a-z][a-z_\-]{2,}(?:/|$)|\.[A-Za-z]{1,5}$|^0x|"
                       r"^[a-z]{1,10}[-_][0-9a-f]+$")
#: an attribute path's lowercase word between dots
_DOTTED = re.compile(r"(?:^|\.)[a-z]{4,}(?:\.|$)")
#: the value's own label right before it names an id
_OWN_ID = re.compile(r"(?:\b(?i:id)|[a-z]Id|_ID|_id|-ID|-Id|-id)['\"]?\s*[:=]?\s*['\"]?$")
#: a chosen password: 12 to 19 characters of letters, digits and a password's symbols
_SHORT = re.compile(r"(?<![\w+/=\-.~$%{@:!#&*?^])[A-Za-z0-9!#$%&*+=?@^_~.\-]{12,19}"
                    r"(?![\w+/=\-.~}%@:(!#&*?^])")
#: an object id's prefix (``ch_``, ``cus_``, ``sub_``)
_OBJECT_ID = re.compile(r"[a-z]{2,5}_")
#: a word of five letters or more in the value (a chosen phrase, a name)
_WORDISH = re.compile(r"[a-z]{5,}|[A-Z][a-z]{4,}")
#: a stored hash's scheme in braces (``{SSHA}``, ``{PBKDF2-SHA256}``)
_SCHEME = re.compile(rb"\{[A-Z0-9\-]{2,20}\}")
REASON = ("a random value its line names as a credential (a noun ending in secret, key, "
          "token, password, credential, PSK, PIN or auth before it)")


#: a noun that goes on past the head in prose: the token's id, the key's name, its expiry
#: (what follows is the noun's last word, and names something else than the secret)
_GOES_ON = re.compile(
    r"[ \t]+(?i:ids?|identifiers?|names?|numbers?|no|hash(?:es)?|prefix(?:es)?|suffix(?:es)?|"
    r"length|type|format|count|expiry|expiration|ttl|lifetime|age|version|fingerprints?|"
    r"digest|endpoint|url|uri|path|file|scopes?|rotation|policy|events?|requests?|bucket|"
    r"usage|limits?|field|column|cache|lookup|index)\b")


def _heads(text: str, pos: int, endpos: int) -> Iterator[re.Match[str]]:
    """The heads of credential nouns in ``text[pos:endpos]`` (not a structure's key, a
    public key or a count's word, nor a noun that goes on: ``token id``)."""
    for h in HEAD.finditer(text, pos, endpos):
        if _GOES_ON.match(text, h.end()):
            continue
        p = _PREV.search(text, max(0, h.start() - 40), h.start())
        prev = p.group(1) if p else ""
        if prev and (NOT_CREDENTIAL.search(prev + "_key") or _NOT_HEAD.match(prev)):
            continue
        yield h


def value_reason(value: str) -> str | None:
    """Why ``value`` does not carry a drawn key's evidence by itself, or None."""
    if not (value[:1].isalnum() or value[:1] in "+/"):
        return "opens with punctuation"
    if not any(c.isdigit() for c in value):
        return "no digit"
    if _PATHLIKE.search(value) or _DOTTED.search(value):
        return "a path, an attribute, an address or a resource id"
    if _hash_scheme(value):
        return "base64 of a password hash ({SSHA}, {PBKDF2}: LDAP's stored form)"
    return identifier_reason(value, MIN_LENGTH)


def _hash_scheme(value: str) -> bool:
    """Whether ``value`` is base64 of a stored password hash that names its scheme
    (``{SSHA}...``, RFC 2307's userPassword)."""
    if not value.startswith("e") or len(value) % 4:
        return False
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return False
    return _SCHEME.match(raw) is not None


def short_reason(value: str) -> str | None:
    """Why a short value (12 to 19 characters) is not a drawn or chosen secret, or None:
    it mixes upper case, lower case and digits (a symbol counts for one of them), holds no
    word of five letters, no path or address, and its characters are varied."""
    if not (value[:1].isalnum()):
        return "opens with punctuation"
    if classes(value) < 3 or not any(c.isdigit() for c in value) or not any(
            c.isupper() for c in value) or not any(c.islower() for c in value):
        return "fewer than upper case, lower case and digits"
    if _WORDISH.search(value) or _PATHLIKE.search(value) or _DOTTED.search(value):
        return "a word, a path or an attribute"
    if _OBJECT_ID.match(value):
        return "an object's id (a short lowercase prefix and an underscore: ch_, cus_)"
    if value.endswith("=") and readable_base64(value):
        return "base64 of readable text"
    if entropy(value) < 3.0:
        return "few distinct characters"
    return None


def _named_before(text: str, start: int, window: int) -> bool:
    """Whether a credential's noun ends at most ``window`` characters before ``start`` on
    its line, on a line that does not call its value public or published."""
    line_start = text.rfind("\n", 0, start) + 1
    lo = max(line_start, start - window - 40)
    for h in _heads(text, lo, start):
        if start - h.end() > window:
            continue
        line_end = text.find("\n", start)
        if line_end < 0:
            line_end = len(text)
        return not (_PUBLISHED.search(text, line_start, line_end)
                    or _NOT_SECRET.search(text, line_start, line_end)
                    or _OWN_ID.search(text, max(line_start, start - 24), start))
    return False


def _mixed(value: str) -> bool:
    """A digit and a letter (asked before anything else)."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def line_named_short(text: str) -> Iterator[Decision]:
    """Short chosen or drawn secrets right after the head (see the module)."""
    for tm in _SHORT.finditer(text):
        value = tm.group()
        if not _mixed(value) or not _named_before(text, tm.start(), SHORT_WINDOW):
            continue
        if short_reason(value) is None:
            yield decide("high_entropy_secret", tm.start(), tm.end(), None, REASON)


def line_named(text: str) -> Iterator[Decision]:
    """The values named so (see the module): the values first (a long run of a key's
    alphabet with a digit is rare in prose), then a noun before each."""
    for tm in _TOKEN.finditer(text):
        value = tm.group().rstrip(".,;:!?)")
        if len(value) < MIN_LENGTH or not _mixed(value):
            continue
        if _named_before(text, tm.start(), WINDOW) and value_reason(value) is None:
            yield decide("high_entropy_secret", tm.start(), tm.start() + len(value), None,
                         REASON)


def line_named_secrets(text: str, low: str, longest: int) -> Iterator[Decision]:
    """:func:`line_named` behind its switch and its needles."""
    if longest < SHORT_MIN or not any(n in low for n in NEEDLES):
        return
    if READ_LINE_NAMED and longest >= MIN_LENGTH:
        yield from line_named(text)
    if READ_SHORT:
        yield from line_named_short(text)
