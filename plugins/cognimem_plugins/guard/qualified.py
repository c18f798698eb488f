"""(wave 26) A credential named in prose with a qualifier between its noun and its value.

The pair readers take a name right before its separator (``API key: VALUE``, ``the token is
VALUE``). People write the credential's noun, then what it is for, then the value: "partner
key for the rental feed: VALUE", "installer password for the gateway (lets you change grid
limits): VALUE", "the ship-tracking key for the berth planner is VALUE", "dev key for the
tracker (expires in 24h): VALUE". The noun's own words (up to two before it) must name a
credential as a setting's name does (:func:`.namewords.credential_name`: not a public,
cache or primary key); the qualifier opens with a preposition, a participle or a bracket and
holds no sentence's end; the separator is ``:``, ``=``, ``->`` or "is"; the value ends its
clause and must be shaped as a provider issues a key (:func:`.branded.key_shape_reason`, 16
characters or 24 hex digits or more; not a bare UUID, which names an object as often, nor
base64 of readable text: a cursor). A device's push token (APNs, FCM) is an address, not a
credential, as :mod:`.near` reads it.

A switch of ``cv_wave26_secrets.py`` (:data:`READ_QUALIFIED`); asked for first: the nouns'
stems and a separator, then a noun followed by a qualifier's opening
(the clause is read only around it: reading every position of a text cost ~4 % of
``scan()``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from detect_secrets.filters.heuristic import is_potential_uuid

from .branded import key_shape_reason
from .decisions import Decision, decide
from .evidence import readable_base64
from .namewords import credential_name
from .near import _DEVICE_TOKEN

#: (off after wave 26's held-out run: chosen by every fold of its CV, it caught no secret of
#: fresh59-62 and redacted a public key there whose qualifier said so, an Algolia
#: "search-only API key used in InstantSearch: <hex>"; the qualifier's words are not read
#: for what they say of the key)
READ_QUALIFIED = False

_CLAUSE = re.compile(
    r"(?i)(?<![\w-])(?P<name>(?:[\w'+-]{2,30}[^\S\n]){0,2}"
    r"(?:keys?|tokens?|secrets?|passwords?|passphrase|pat))[^\S\n]+"
    r"(?P<qual>(?:\([^()\n]{1,60}\)|(?:for|of|in|on|to|used|from|with)[^\S\n])"
    r"[^:=\n.!?]{0,70}?)[^\S\n]*(?::|=|->|\bis)[^\S\n]+"
    r"(?P<value>[^\s'\"`<>]{16,200}?)[.,;:]?(?=[^\S\n]*(?:$|\n|\(|[\u2014\u2013-][^\S\n])|\s*$)",
    re.M)
_GATE = ("key", "token", "secret", "password", "passphrase", "pat ")
#: a noun followed by a qualifier's opening (found first; the clause is read around it)
_HIT = re.compile(r"(?:key|token|secret|password|passphrase|pat)s?[ \t]+"
                  r"(?:\(|(?:for|of|in|on|to|used|from|with)[ \t])")
REASON = "a credential's noun, a qualifier, then its value (prose)"


def qualified_secrets(text: str, low: str) -> Iterator[Decision]:
    """The values named so (see the module)."""
    if not READ_QUALIFIED or not any(g in low for g in _GATE) or not (
            ": " in text or " is " in low or "= " in text or "-> " in text):
        return
    seen: set[int] = set()
    # (the lowercased text, when lowering kept every position: else the text lowered
    # letter by letter, which keeps them)
    view = low if len(low) == len(text) else "".join(c.lower()[:1] for c in text)
    for hit in _HIT.finditer(view):
        line = text.rfind("\n", 0, hit.start()) + 1
        end = text.find("\n", hit.end())
        m = _CLAUSE.search(text, max(line, hit.start() - 64), len(text) if end < 0 else end)
        if m is None or m.start("value") in seen:
            continue
        seen.add(m.start("value"))
        name = m.group("name")
        if not credential_name(re.sub(r"[\s'+-]+", "_", name)) or _DEVICE_TOKEN.search(name):
            continue
        value = m.group("value")
        if (is_potential_uuid(value) and len(value) <= 36) or readable_base64(value):
            continue
        if key_shape_reason(value, min_hex=24, min_slot=16) is not None:
            continue
        yield decide("qualified_prose_secret", m.start("value"), m.end("value"), None, REASON)
