"""(wave 16) Values of settings named only "key": a credential when the value is random and
nothing in the name says the key is of another sort.

Many platforms have no token shape of their own and call their credential a *key*: the
setting is ``PARTNER_KEY``, ``stationKey``, ``weather-key``, ``hec.key``, or just ``key``
beside the service's ``url`` in its section. "key" alone is also a cache's, a sort's, a
partition's or a row's, so two rules ask for more than the name:

* **a qualified key name** (``VENDOR_KEY``, ``partnerKey``, ``ingest-key``, ``feed.key``:
  the last word is ``key``, the words before it are not a data structure's, a public key's
  or an index's; :data:`_NOT_CREDENTIAL`): the value must carry the evidence of
  :func:`.evidence.identifier_reason` (random, mixed classes, long), be random in one case
  with digits (:func:`.credfiles.issued_key_reason`, :func:`.evidence.upper_random`),
  or be 32 hexadecimal digits or more mixing digits and letters;
* **a bare ``key``** in a block (an INI section, a YAML or JSON mapping, a TOML table) that
  also names a service's ``url``, ``endpoint``, ``host`` or account: the value must mix
  three character classes (or be random in one case with digits) and have 12 characters
  or more.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .credfiles import issued_key_reason
from .decisions import Decision, decide
from .evidence import classes, lower_random, upper_random
from .standins import assigned_reason

#: a setting whose last word is "key" (snake, SCREAMING, kebab, dotted, camel), then its value
_KEY_SETTING = re.compile(
    r"(?<![\w.\-])['\"]?(?P<name>(?:[A-Za-z][A-Za-z0-9]*[_.\-])+(?:key|KEY|Key)|"
    r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*Key)['\"]?"
    r"(?P<sep>\s*[:=]\s*|\s*=>\s*)(?P<q>['\"]?)(?P<value>[^\s'\",;<>(){}\[\]]{12,4096})(?P=q)"
    r"(?![^\s,;'\"\])}])")
#: the words before "key" that make it something other than a credential: a data
#: structure's or a database's key, a public or identifying key, a keyboard's, a
#: translation's, a cache's, a lock's, an idempotency key
_NOT_CREDENTIAL = re.compile(
    r"(?i)(?:^|[_.\-]|(?<=[a-z])(?=[A-Z]))(?:primary|foreign|sort|partition|hash|cache|public|"
    r"publishable|pub|site|idempotency|shard|row|object|s3|i18n|translation|lookup|map|dict|"
    r"unique|composite|natural|surrogate|range|cluster|index|group|dedupe?|lock|ssh|gpg|pgp|"
    r"host|known|hot|short|music|piano|react|list|item|entity|table|column|field|message|msg|"
    r"event|metric|label|tag|json|yaml|config|setting|env|verify|verification|path|file|"
    r"bucket|kv|redis|dynamo|request|trace|correlation|nonce|etag|upload|state|csrf|xsrf|"
    r"cursor|page|pagination|continuation|device|push|registration|"
    r"recaptcha|captcha|turnstile|hcaptcha|maps|analytics|measurement|tracking|pk|fk)"
    r"(?=[_.\-]?(?:key|KEY|Key)$)")
#: (wave 19) the same, for :mod:`.namewords`
NOT_CREDENTIAL = _NOT_CREDENTIAL


def random_value(value: str) -> bool:
    """Whether ``value`` carries the evidence of a random credential."""
    if issued_key_reason(value) is None or upper_random(value):
        return True
    return (len(value) >= 32 and re.fullmatch(r"(?:[a-z]{1,8}_)?[0-9a-fA-F]{32,}", value)
            is not None and any(c.isdigit() for c in value)
            and any(c.isalpha() for c in value))


def qualified_keys(text: str) -> Iterator[Decision]:
    """The random values of settings named ``..._KEY``, ``...Key``, ``...-key``."""
    for m in _KEY_SETTING.finditer(text):
        name, value = m.group("name"), m.group("value")
        if _NOT_CREDENTIAL.search(name):
            continue
        why_not = assigned_reason(value, explicit=True, password=False,
                                  literal=bool(m.group("q")))
        if why_not is None and not random_value(value):
            why_not = "not random enough for a key named only 'key' (an id, a word, a path)"
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     f"a random value given to the key setting {name[:40]!r}")


#: a line that sets a bare ``key`` (INI, YAML, TOML, JSON), its value to the line's end
_BARE_KEY = re.compile(
    r"(?im)^[^\S\n]*['\"]?key['\"]?[^\S\n]*[:=][^\S\n]*(?P<q>['\"]?)"
    r"(?P<value>[^\s'\",;]{12,4096})(?P=q)[^\S\n]*,?[^\S\n]*(?:[#;][^\n]*)?$")
#: a sibling line naming the service the key is for
_SERVICE_SIBLING = re.compile(
    r"(?im)^[^\S\n]*['\"]?(?:url|base_?url|api_?url|endpoint|host|hostname|server|uri|"
    r"account|account_?id|user|username|client_?id|app_?id|vendor|provider|service)['\"]?"
    r"[^\S\n]*[:=]")
#: how far from the ``key`` line a sibling is looked for (characters either side)
_BLOCK = 300


def section_keys(text: str) -> Iterator[Decision]:
    """The values of a bare ``key`` in a block that names a service."""
    for m in _BARE_KEY.finditer(text):
        lo, hi = max(0, m.start() - _BLOCK), min(len(text), m.end() + _BLOCK)
        block = text[lo:m.start()].rsplit("\n\n", 1)[-1] + text[m.end():hi].split("\n\n", 1)[0]
        if not _SERVICE_SIBLING.search(block):
            continue
        value = m.group("value")
        why_not = assigned_reason(value, explicit=True, password=False,
                                  literal=bool(m.group("q")))
        if why_not is None and not (classes(value) >= 3 or lower_random(value)
                                    or upper_random(value) or random_value(value)):
            why_not = "mixes fewer than three character classes (a name or an id)"
        if why_not is None and value.startswith(("http", "/", "~", ".")):
            why_not = "a URL or a path"
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     "the value of a bare 'key' in a block that names a service (its url, "
                     "host or account): the service's credential")


#: "WORD key" in prose (``weather key``, ``integration key``); the word is a qualifier when
#: it is not a determiner nor a word of :data:`_NOT_CREDENTIAL`, and no id's or a hash's
#: noun follows the key
_PROSE_KEY = re.compile(r"(?i)\b([a-z][a-z0-9]{1,20})[\s_.\-]key\b(?![\s_.\-]?(?:id|name|"
                        r"fingerprint|hash|type|file|path|size|length|server|ring|chain)\b)")
_DETERMINERS = frozenset("the a an this that these those your my our their its his her same "
                         "new old one which what each every any no first second other "
                         "another last next current".split())


def qualified_key(line: str) -> bool:
    """(wave 16) Whether the last "WORD key" on ``line`` names a credential: a qualifier,
    not a determiner, and no data structure's, public or index key."""
    found = list(_PROSE_KEY.finditer(line))
    if not found:
        return False
    word = found[-1].group(1).lower()
    return word not in _DETERMINERS and not _NOT_CREDENTIAL.search(word + "_key")


#: (wave 16) a value in bcrypt's shape (``$2a$10$`` and 53 characters): a password's hash
#: under a password's or a hash's name, but CurseForge for Studios issues its API keys in
#: this shape, so under a key's or a token's name it is the key
_BCRYPT = re.compile(r"\$2[aby]?\$\d{2}\$[./A-Za-z0-9]{53}")
_KEY_NAME = re.compile(r"(?i)(?:api[_\-.]?key|apikey|token|x-api-key|curseforge|access[_\-.]?key|"
                       r"secret[_\-.]?key|client[_\-.]?secret)")
_HASH_NAME = re.compile(r"(?i)hash|digest|crypt|passw|pwd|shadow|htpasswd|salt")


def bcrypt_shaped_keys(text: str) -> Iterator[Decision]:
    for m in _BCRYPT.finditer(text) if "$2" in text else ():
        before = text[max(text.rfind("\n", 0, m.start()) + 1, m.start() - 80):m.start()]
        if not _KEY_NAME.search(before):
            continue
        why_not = ("a password's hash (its name says hash or password)"
                   if _HASH_NAME.search(before) else None)
        yield decide("curseforge_key", m.start(), m.end(), why_not,
                     "a key in bcrypt's shape given to a key's or a token's name (CurseForge "
                     "for Studios issues its API keys so)")


#: what a qualified key's name holds (a cheap search before :data:`_KEY_SETTING`)
_QUALIFIED = re.compile(r"[_.\-](?:key|KEY|Key)\b|[a-z0-9]Key\b")
#: what a bare key's line holds
_BARE = re.compile(r"(?im)^[^\S\n]*['\"]?key['\"]?[^\S\n]*[:=]")


def key_settings(text: str) -> Iterator[Decision]:
    if _QUALIFIED.search(text):
        yield from qualified_keys(text)
    if "\n" in text and _BARE.search(text):
        yield from section_keys(text)
    if "$2" in text:
        yield from bcrypt_shaped_keys(text)
