"""(wave 19) A setting's name read as words, so a credential's word anywhere in it counts.

The name rules (:data:`.names.NAME_HIT`, :mod:`.keynames`) read a name by its spelling: a
secret-like word the denylist spells (``api_key``, ``secret``, ``token``), or ``key`` as the
name's *last* word. Names people write put the credential's word anywhere and in any case:
``CODEPUSH_KEY_PRODUCTION``, ``VAULT_UNSEAL_KEY_3``, ``unseal_keys_b64`` (Vault's
``operator init -format=json``), ``DUO_SKEY`` and ``skey`` (Duo's documented names of an
integration's secret key), ``CodePushDeploymentKey``. Here a name is split into its words
(snake, SCREAMING, kebab, dotted, camel case and digits apart), and a name whose words hold
``key``, ``keys`` or ``skey`` names a credential unless the word before the key makes it a
data structure's, a public or an index key (:data:`.keynames.NOT_CREDENTIAL`'s words) or
the words after it say the value is about the key (an id, a name, a file, a length:
:data:`.names.NOT_SECRET_NAME`).

"key" is also a cache's, a sort's or a row's, so the value must carry the evidence
:mod:`.keynames` asks of a key named only "key" (random, digits and letters, long:
:func:`.keynames.random_value`). Names the denylist already reads are left to their rules
(:func:`.assigned.paired_values` asks :func:`key_pair` of the pairs the denylist does not
name).

The carriers read here are those that give a name and its value apart, as their formats
document them: ``NAME = value`` / ``NAME: value`` / ``"NAME": "value"``, the pairs of
:mod:`.pairs` (Kubernetes' and ECS's ``- name:`` / ``value:``, XML properties, .NET's
``<add key= value=>``), a property list's ``<key>NAME</key><string>VALUE</string>`` (Apple's
Info.plist), Android's manifest ``<meta-data android:name="NAME" android:value="VALUE"/>``
(developer.android.com, "<meta-data>") and its resources' ``<string name="NAME">VALUE
</string>`` ("String resources"). The two Android shapes are read for every credential
name (the denylist's too): no other rule reads them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .keynames import NOT_CREDENTIAL, random_value
from .names import NAME_HIT, NOT_SECRET_NAME, is_password_name
from .standins import assigned_reason

#: a name's words: a capitalised or lowercase run, a run of capitals (an acronym, a SCREAMING
#: word), a run of digits
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
#: the words that name a key
_KEY_WORDS = frozenset(("key", "keys", "skey"))
#: the words anywhere in a name that make its key a public one (Sparkle's ``SUPublicEDKey``)
_PUBLIC = frozenset(("public", "publishable", "pub", "verify", "verification"))
#: the words after a key that say the value is about it, not it (``KEY_ID``, ``key_name``)
_ABOUT = frozenset(("id", "ids", "name", "names", "file", "path", "type", "size", "length",
                    "len", "count", "version", "prefix", "alias", "arn", "uri", "url",
                    "fingerprint", "hash", "ring", "store", "vault", "rotation", "expiry",
                    "expires", "ttl", "format", "algorithm", "alg", "usage", "index", "field",
                    "column", "header", "pair", "set", "space", "board", "word", "words",
                    "code", "codes", "event", "events", "stroke", "strokes", "press", "down",
                    "up", "map", "mapping", "binding", "bindings", "frame", "frames"))


def words(name: str) -> list[str]:
    """``name``'s words, lowercased (``CodePushDeploymentKey`` -> code, push, deployment,
    key; ``unseal_keys_b64`` -> unseal, keys, b, 64)."""
    return [w.lower() for w in _WORD.findall(name)]


def key_named(name: str) -> bool:
    """Whether ``name`` names a key credential by one of its words (see the module)."""
    parts = words(name)
    if _PUBLIC.intersection(parts):
        return False
    for i, word in enumerate(parts):
        if word not in _KEY_WORDS:
            continue
        before = parts[i - 1] if i else ""
        if before and NOT_CREDENTIAL.match(f"{before}_key"):
            continue
        after = [w for w in parts[i + 1:] if not w.isdigit() and len(w) > 1]
        if any(w in _ABOUT for w in after):
            continue
        return True
    return False


def credential_name(name: str) -> bool:
    """Whether ``name`` names a credential: the denylist's words or a key word."""
    return ((NAME_HIT.search(name) is not None and not NOT_SECRET_NAME.search(name))
            or key_named(name))


#: ``NAME <sep> value``: a name of word characters (a key word among them, found first), a
#: separator, then the value quoted or bare
_AFTER_NAME = re.compile(
    r"['\"]?(?P<sep>[^\S\n]*(?::=|=>|=|:)[^\S\n]*)(?P<q>['\"]?)"
    r"(?P<value>[^\s'\",;<>(){}\[\]&]{12,4096})(?P=q)(?![^\s,;'\"\])}])")
#: where a key word is (a cheap search before the name is read around it)
_KEY_HIT = re.compile(r"(?i)s?keys?")
#: the characters of a setting's name
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
#: Android's manifest meta-data and string resources, a property list's key and string
_MARKUP = re.compile(
    r"<meta-data\s+android:name\s*=\s*\"(?P<mname>[\w.\-]{1,80})\"\s+android:value\s*=\s*"
    r"\"(?P<mvalue>[^\"\n]{4,4096})\""
    r"|<string\b[^<>\n]{0,100}?\bname\s*=\s*\"(?P<sname>[\w.\-]{1,80})\"[^<>\n]{0,100}>"
    r"(?P<svalue>[^<\n]{4,4096})</string>"
    r"|<key>\s*(?P<pname>[\w.\-]{1,80})\s*</key>\s*<string>(?P<pvalue>[^<\n]{4,4096})</string>")


def named_settings(text: str) -> Iterator[Decision]:
    """The values of settings named for a key by one of the name's words (the denylist's
    names are read by :func:`.assigned.assigned`)."""
    last = -1
    for hit in _KEY_HIT.finditer(text):
        start, end = hit.start(), hit.end()
        if start < last:
            continue
        while start > 0 and hit.start() - start < 60 and text[start - 1] in _NAME_CHARS:
            start -= 1
        while end < len(text) and end - hit.end() < 60 and text[end] in _NAME_CHARS:
            end += 1
        last = end
        name = text[start:end]
        if NAME_HIT.search(name) or not key_named(name) or NOT_SECRET_NAME.search(name):
            continue
        if words(name) in (["key"], ["keys"]):
            continue  # a bare key: :func:`.keynames.section_keys` (a cache's, a JSON's "key")
        m = _AFTER_NAME.match(text, end)
        if m is None:
            continue
        yield _decide(name, m.group("value"), m.start("value"), bool(m.group("q")),
                      "a setting")


def key_pair(name: str, value: str, start: int, shape: str) -> Decision | None:
    """The decision about a pair of :mod:`.pairs` whose name the denylist does not read:
    named for a key by one of its words, or None."""
    if not key_named(name) or NOT_SECRET_NAME.search(name):
        return None
    return _decide(name, value, start, True, shape)


def markup_pairs(text: str) -> Iterator[Decision]:
    """The values of Android's meta-data and string resources and of a property list's
    pairs whose name names a credential."""
    for m in _MARKUP.finditer(text):
        group = "m" if m.group("mname") else "s" if m.group("sname") else "p"
        name = m.group(f"{group}name")
        if group == "p" and NAME_HIT.search(name):
            continue  # (:func:`.structured.key_value_elements` reads it)
        if not credential_name(name):
            continue
        shape = {"m": "an Android manifest's meta-data", "s": "an Android string resource",
                 "p": "a property list's key"}[group]
        yield _decide(name, m.group(f"{group}value"), m.start(f"{group}value"), True, shape)


def _decide(name: str, value: str, start: int, literal: bool, shape: str) -> Decision:
    strong = NAME_HIT.search(name) is not None and not NOT_SECRET_NAME.search(name)
    why_not = assigned_reason(value, explicit=True, password=is_password_name(name),
                              literal=literal)
    if why_not is None and not strong and not random_value(value):
        why_not = "not random enough for a key named only 'key' (an id, a word, a path)"
    return decide("password_assignment", start, start + len(value), why_not,
                  f"the value of {shape} whose name {name[:40]!r} holds a key's word")


def name_words_secrets(text: str) -> Iterator[Decision]:
    yield from named_settings(text)
    if "<" in text:
        yield from markup_pairs(text)
