"""(wave 25) Key material named by its domain's noun, and keys given to a call named for
what the key does (#39).

Two readers, each a switch of cv_wave25_keys.py:

* **Key nouns** (``READ_KEY_NOUNS``): a name whose last word is a noun for key material
  as its domain writes it, joined or split (``appkey``, ``UKG_APPKEY``, ``nwkSKey``,
  ``EncryptionKey``, ``HMAC key``, ``aes_key``, ``signing secret``, ``psk``, a zone master
  key's ``ZMK component``), then a value on the same line within a few words. The older
  readers know ``api key`` or ``secret_key``, but read "key" after another word as a data
  structure's (a cache or a flag key) and a value of hexadecimal after it as an id. Here
  the noun says the value is a key, so the value must carry the evidence a generated key
  gives: the exact length of a key in hexadecimal (16, 24, 32, 48 or 64 bytes) with
  letters and digits, base64 of such a number of bytes that is not readable text, a UUID
  (an app key only: many platforms issue app keys as UUIDs), or a random value
  (:func:`.evidence.identifier_reason`). An id's, a fingerprint's, a digest's, a check
  value's or a public key's word right before the value keeps it.
* **Key calls** (``READ_KEY_CALLS``): a literal of a key's exact length in hexadecimal or
  base64 given to a call whose function's name says it sets up signing, HMAC or
  encryption with that key (``setup_signing(bytes.fromhex("..."))``,
  ``is_valid_hmac_notification(item, "...")``, ``AES.new(b64decode("..."))``). A call that
  compares or computes a digest (``compare_digest``, ``hexdigest``, ``verify``... with
  ``digest`` or ``hash`` in its name) is given a digest, not a key: kept.

* **Upper-case hexadecimal keys** (``READ_UPPER_HEX``): a name whose last word is "key"
  (bare, qualified or a setting's: ``key=``, ``api:\n  key:``, ``the Steam key is``) then,
  within a few words on its line, hexadecimal in capitals of a key's exact length (16, 24,
  32, 48 or 64 bytes) with letters and digits. The older readers keep hexadecimal after
  "key" alone, since a cache key, an object key or a digest look the same; but the tools
  that print digests, commits, trace ids and cache keys print them in lower case (git,
  sha256sum, every lock file), while many issuers print keys in capitals (Steam's Web API
  keys, OctoPrint's, wireless M-Bus AES keys, HSM key components). Over the 56 splits no
  clean row holds capital hexadecimal of a key's length after "key". A data structure's key
  (:data:`.near._DATA_KEY`'s nouns), a public key, an id's or a digest's word, and a line
  that calls the value published keep it.

* **Keys in one case and digits** (``READ_TWO_CLASS``): a name whose last word is "key",
  "token" or "secret" then, within a few words on its line, 20 to 128 letters of one case
  and digits (``AWHBXT5HUPGMLWD10RBS``, ``laeopgcxvmgnozghl82la3xd2zprm8755dw9``). The
  entropy reader wants three classes, or digits in three places and no run of nine letters
  (:func:`.evidence.upper_random`, :func:`.evidence.lower_random`); but in a random draw
  over 36 symbols, runs of nine letters and digits in only two places are common. Here the
  value must hold 3 digits in 2 places or more and 6 letters, no word of five letters or
  more (BIP-39's English list, :data:`_WORDS_FILE`), no run of four syllables (a vowel then
  a consonant, four times: pronounceable text), not be hexadecimal, a ULID (Crockford's
  26) or of low entropy; an id's or a digest's word before it, a data structure's key
  (an idempotency key, a cursor), a pagination, CSRF or device token, and a published line
  keep it.

Each reader asks first for its words in the lowercased text and for a value long enough
(``longest``: the text's longest run of a value's characters).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path

from .decisions import Decision, decide
from .evidence import classes, entropy, identifier_reason, readable_base64

#: the switches (cv_wave25_keys.py)
READ_KEY_NOUNS = True
READ_KEY_CALLS = True
READ_UPPER_HEX = True
READ_TWO_CLASS = True

#: the words any key noun holds (a cheap test on the lowercased text before the pattern)
NOUN_STEMS = ("appkey", "app_key", "app-key", "appskey", "nwkkey", "nwkskey", "hmac", "psk",
              "aes", "encryption", "cipher", "signing", "component", "gmac")
CALL_STEMS = ("sign", "hmac", "crypt", "cipher", "aes")

#: the key nouns: a domain's word for a key (an app's, a LoRaWAN network's or session's, an
#: HMAC's, a cipher's, a signing key or secret, a Wi-Fi pre-shared key, an HSM's key
#: components), as the last word of a name in any layout (snake, SCREAMING, kebab, camel,
#: joined, prose)
_NOUN = re.compile(
    r"(?:(?<![A-Za-z0-9])|(?<=[a-z])(?=[A-Z]))"
    r"(?i:(?P<noun>(?:app|apps|nwk|nwks|hmac|aes|gmac|encryption|cipher)[_.\- ]?s?key"
    r"|(?:hmac|signing)[_.\- ]?(?:key|secret)"
    r"|psk|pre[_\- ]?shared[_\- ]?key"
    r"|(?:zmk|zpk|tmk|bdk|key)[_.\- ]?component))"
    r"(?![A-Za-z0-9])")
#: what a name's clause may hold before its value: a quote, a remark, a few words, then a
#: separator (``:``, ``=``, an arrow, "is"); the value is a run of a key's characters
_VALUE = re.compile(r"(?<![A-Za-z0-9+/_\-.])(?P<v>[A-Za-z0-9+/_\-]{20,200}={0,2})"
                    r"(?![A-Za-z0-9+/=_\-])")
_WINDOW = 90
_WORDS = 8
#: a name followed at once by a word that makes it a name of something else (``appkey_id``,
#: ``signing_key_path``, ``psk_length``)
_NAME_GOES_ON = re.compile(r"[_.\-]?[A-Za-z]")
#: the words right before the value that say it is not the key: an id, a fingerprint, a
#: digest, a check value, a public key, a name, a length
_NOT_KEY_WORD = re.compile(
    r"(?i)\b(?:ids?|identifier|fingerprint|thumbprint|hash|digest|checksum|kcv|check|"
    r"public|pub|name|label|alias|length|size|bits|version|serial|salt|nonce|iv|dev[_ ]?eui|"
    r"app[_ ]?eui|join[_ ]?eui|eui|address|addr|mac|cmac|mic|uuid|guid|sha\d*|md5|crc\d*)\b")
#: (on the value's line, before it) words that say the value is published: a test vector, a
#: specification's or a document's example, a sample, a dummy; such keys are printed in
#: standards (FIPS-197's AES key, RFC 4231's HMAC keys) and vendors' docs for anyone to use
_PUBLISHED = re.compile(
    r"(?i)\b(?:test[\s_-]?vectors?|examples?|e\.g\.|sample|dummy|fake|spec(?:ification)?|"
    r"rfc[\s-]?\d+|nist|fips|well[\s-]known|published|documented|docs?|public)\b")
#: a key's lengths in bytes (AES-128/192/256 and the HMAC keys of SHA-256/512)
_KEY_BYTES = frozenset({16, 24, 32, 48, 64})
_HEX = re.compile(r"[0-9a-fA-F]+")
_UUID = re.compile(r"[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}")
#: 32 random hexadecimal digits reach about 3.7 bits a character; a typed or repeated
#: pattern (``00112233...``, ``deadbeef...``) stays below
_HEX_ENTROPY = 3.2


def _b64_bytes(value: str) -> int:
    """How many bytes ``value`` decodes to as base64 (standard or URL-safe), or 0."""
    core = value.rstrip("=")
    if len(value) - len(core) > 2 or len(core) % 4 == 1:
        return 0
    try:
        raw = base64.urlsafe_b64decode(
            (core + "=" * (-len(core) % 4)).replace("+", "-").replace("/", "_"))
    except (binascii.Error, ValueError):
        return 0
    return len(raw)


def key_reason(value: str, *, uuid_ok: bool = False) -> str | None:
    """Why ``value`` is not key material by its shape, or None: a key's length in
    hexadecimal or base64, a UUID when ``uuid_ok``, or a random value."""
    if _UUID.fullmatch(value):
        if not uuid_ok:
            return "a UUID (an id, unless the name is an app key's)"
        return None if len(set(value.replace("-", ""))) > 4 else "a UUID of few digits"
    if _HEX.fullmatch(value):
        if len(value) % 2 or len(value) // 2 not in _KEY_BYTES:
            return "hexadecimal not of a key's length (16, 24, 32, 48 or 64 bytes)"
        if value.isdigit() or not any(c.isdigit() for c in value):
            return "hexadecimal without both digits and letters"
        if entropy(value) < _HEX_ENTROPY:
            return "hexadecimal of a typed or repeated pattern"
        return None
    if (_b64_bytes(value) in _KEY_BYTES and classes(value) >= 3 and not readable_base64(value)
            and re.fullmatch(r"[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_\-]+={0,2}", value)):
        return None
    return identifier_reason(value)


def _values_after(text: str, end: int) -> re.Match[str] | None:
    """The first value on the line after a name ending at ``end``, within a few words."""
    line_end = text.find("\n", end)
    window_end = min(len(text), end + _WINDOW, line_end if line_end >= 0 else len(text))
    m = _VALUE.search(text, end, window_end)
    if m is None:
        return None
    between = text[end:m.start()]
    if len(between.split()) > _WORDS or ";" in between.replace("&", ""):
        return None
    return m


def key_nouns(text: str) -> Iterator[Decision]:
    """The values named by a key noun (:data:`_NOUN`)."""
    for hit in _NOUN.finditer(text):
        if _NAME_GOES_ON.match(text, hit.end()):
            continue
        m = _values_after(text, hit.end())
        if m is None:
            continue
        value = m.group("v")
        before = " ".join(text[hit.end():m.start()].split()[-2:])
        noun = hit.group("noun").lower()
        line_start = text.rfind("\n", 0, hit.start()) + 1
        if _NOT_KEY_WORD.search(before):
            why_not: str | None = "named as an id, a fingerprint, a digest or a public value"
        elif _PUBLISHED.search(text, line_start, m.start()):
            why_not = "its line says it is published (a test vector, an example, a sample)"
        else:
            why_not = key_reason(value, uuid_ok=noun.startswith("app"))
        yield decide("high_entropy_secret", m.start("v"), m.end("v"), why_not,
                     f"key material named by its domain's noun {hit.group('noun')!r}")


#: "key" as the last word of a name in any layout (not ``keyboard``, ``keys_count``)
_KEY_WORD = re.compile(r"(?:(?<![A-Za-z0-9])(?:key|Key|KEY)|(?<=[a-z])Key)(?![A-Za-z0-9])")
#: capital hexadecimal, letters and digits (its length is checked by :func:`key_reason`)
_UPPER_HEX = re.compile(r"[0-9A-F]{32,128}")
#: the qualifiers that make "key" a data structure's or a public one (before the word)
_NOT_CREDENTIAL_KEY = re.compile(
    r"(?i)(?:cache|flag|feature|experiment|partition|sort|primary|foreign|idempotency|"
    r"dedup\w*|routing|lookup|shard\w*|row|map|hash|translation|i18n|index|composite|"
    r"unique|object|range|cursor|etag|checksum|digest|content|public|pub|verify|"
    r"verification|host|gpg|pgp|ssh|registry|license|product)[\s_.\-]?$")


#: "key", "token" or "secret" as the last word of a name in any layout
_CRED_WORD = re.compile(r"(?:(?<![A-Za-z0-9])(?i:key|token|secret)|(?<=[a-z])(?:Key|Token|Secret))"
                        r"(?![A-Za-z0-9])")
#: the qualifiers that make a token or a key something else than a credential
_NOT_CREDENTIAL_TOKEN = re.compile(
    r"(?i)(?:page|next|continuation|pagination|csrf|xsrf|device|push|registration|request|"
    r"sync|cancel(?:lation)?|resume|invite|invitation|verification|reset|form)[\s_.\-]?$")
_WORDS_FILE = Path(__file__).with_name("bip39_english.txt")
_ULID = re.compile(r"[0-9A-HJKMNP-TV-Z]{26}")
_SYLLABLES = re.compile(r"(?:[aeiou][b-df-hj-np-tv-z]){4}")
#: 20 random characters over 36 symbols reach about 3.9 bits a character
_TWO_CLASS_ENTROPY = 3.3


@cache
def _long_words() -> tuple[str, ...]:
    """BIP-39's English words of five letters or more (a word in a value is not drawn)."""
    words = _WORDS_FILE.read_text(encoding="utf-8").split()
    return tuple(w for w in words if len(w) >= 5)


def two_class_reason(value: str) -> str | None:
    """Why ``value``, one case and digits, is not a drawn key, or None."""
    if not (20 <= len(value) <= 128 and value.isascii() and value.isalnum()):
        return "not 20 to 128 letters and digits"
    if not (value.islower() or value.isupper()) or value.isdigit() or value.isalpha():
        return "not letters of one case and digits"
    if _HEX.fullmatch(value) or (_HEX.fullmatch(value[2:]) and value[:2].lower() == "0x"):
        return "hexadecimal (digests, ids and addresses look the same)"
    if _ULID.fullmatch(value):
        return "a ULID (a sortable id)"
    digits = sum(c.isdigit() for c in value)
    if digits < 3 or len(re.findall(r"\d+", value)) < 2 or len(value) - digits < 6:
        return "digits in fewer than two places, or fewer than six letters"
    low = value.lower()
    steps = sum(ord(b) - ord(a) == 1 for a, b in pairwise(low))
    if steps * 4 >= len(value):
        return "runs of the alphabet and of digits (a typed stand-in: ABCD1234EFGH5678)"
    if any(word in low for word in _long_words()):
        return "holds a word"
    if _SYLLABLES.search(low):
        return "pronounceable (syllables: words, not a draw)"
    if entropy(value) < _TWO_CLASS_ENTROPY:
        return f"entropy below {_TWO_CLASS_ENTROPY} bits per character"
    return None


def two_class_keys(text: str) -> Iterator[Decision]:
    """Letters of one case and digits after "key", "token" or "secret"."""
    for hit in _CRED_WORD.finditer(text):
        if _NAME_GOES_ON.match(text, hit.end()):
            continue
        m = _values_after(text, hit.end())
        if m is None:
            continue
        value = m.group("v")
        if not value.isalnum() or value.isdigit() or value.isalpha():
            continue
        if not (value.islower() or value.isupper()):
            continue
        words = text[hit.end():m.start()].split()
        before = " ".join(words[:1] + words[-2:])
        line_start = text.rfind("\n", 0, hit.start()) + 1
        lead = max(line_start, hit.start() - 24)
        if (_NOT_CREDENTIAL_KEY.search(text, lead, hit.start())
                or _NOT_CREDENTIAL_TOKEN.search(text, lead, hit.start())):
            why_not: str | None = ("a data structure's key, a public key, or a token that "
                                   "is not a credential")
        elif _NOT_KEY_WORD.search(before):
            why_not = "named as an id, a fingerprint, a digest or a public value"
        elif _PUBLISHED.search(text, line_start, m.start()):
            why_not = "its line says it is published (a test vector, an example, a sample)"
        else:
            why_not = two_class_reason(value)
        yield decide("high_entropy_secret", m.start("v"), m.end("v"), why_not,
                     "a drawn key in one case and digits after a key's, a token's or a "
                     "secret's name")


def upper_hex_keys(text: str) -> Iterator[Decision]:
    """Capital hexadecimal of a key's length after "key" (:data:`_KEY_WORD`)."""
    for hit in _KEY_WORD.finditer(text):
        if _NAME_GOES_ON.match(text, hit.end()):
            continue
        m = _values_after(text, hit.end())
        if m is None or not _UPPER_HEX.fullmatch(m.group("v")):
            continue
        value = m.group("v")
        before = " ".join(text[hit.end():m.start()].split()[-2:])
        line_start = text.rfind("\n", 0, hit.start()) + 1
        if _NOT_CREDENTIAL_KEY.search(text, max(line_start, hit.start() - 24), hit.start()):
            why_not: str | None = "the key of a data structure, or a public key"
        elif _NOT_KEY_WORD.search(before):
            why_not = "named as an id, a fingerprint, a digest or a public value"
        elif _PUBLISHED.search(text, line_start, m.start()):
            why_not = "its line says it is published (a test vector, an example, a sample)"
        else:
            why_not = key_reason(value)
        yield decide("high_entropy_secret", m.start("v"), m.end("v"), why_not,
                     "hexadecimal in capitals of a key's length after 'key' (issuers print "
                     "keys so; digests, commits and cache keys are printed in lower case)")


#: a call whose function's name sets up signing, HMAC or encryption, then (within its
#: parentheses, after a decoding call at most) a literal
_KEY_CALL = re.compile(
    r"(?P<fn>[A-Za-z_][\w.]*)"
    r"\s*\((?P<args>[^()\n]{0,80}?(?:\w[\w.]*\()?)\s*b?(?P<q>['\"])"
    r"(?P<v>[A-Za-z0-9+/_\-]{20,200}={0,2})(?P=q)")
#: a function's name that says signing, HMAC or encryption (a word of it: not ``assign``,
#: ``signal``, ``signup``)
_KEY_FUNCTION = re.compile(r"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))"
                           r"(?i:sign(?:ing|er|ed|s)?(?![a-z])|hmac|encrypt|decrypt|crypt|"
                           r"cipher|aes)")
#: the function names that compute or compare a digest, or verify against one: their
#: literal is a digest or a signature, not a key
_DIGEST_CALL = re.compile(r"(?i)digest|hash|compare|equal|signature|sig\b|verify_sig")


def key_calls(text: str) -> Iterator[Decision]:
    """Key-length literals given to calls that set up signing, HMAC or encryption."""
    for m in _KEY_CALL.finditer(text):
        fn, value = m.group("fn"), m.group("v")
        if not _KEY_FUNCTION.search(fn):
            continue
        if _DIGEST_CALL.search(fn) or _DIGEST_CALL.search(m.group("args")):
            why_not: str | None = "given to a call that computes or compares a digest"
        elif _PUBLISHED.search(text, text.rfind("\n", 0, m.start()) + 1, m.start("v")):
            why_not = "its line says it is published (a test vector, an example, a sample)"
        elif _HEX.fullmatch(value) or _b64_bytes(value) in _KEY_BYTES:
            why_not = key_reason(value)
        else:
            why_not = "not a key's length in hexadecimal or base64"
        yield decide("high_entropy_secret", m.start("v"), m.end("v"), why_not,
                     f"key material given to {fn[-40:]!r} (a call that signs, "
                     "authenticates or encrypts with it)")


def key_material(text: str, low: str, longest: int) -> Iterator[Decision]:
    """Both readers, each behind its words and a value long enough."""
    if longest < 20:
        return
    if READ_KEY_NOUNS and any(stem in low for stem in NOUN_STEMS):
        yield from key_nouns(text)
    if READ_UPPER_HEX and "key" in low:
        yield from upper_hex_keys(text)
    if READ_TWO_CLASS and ("key" in low or "token" in low or "secret" in low):
        yield from two_class_keys(text)
    if READ_KEY_CALLS and "(" in text and any(stem in low for stem in CALL_STEMS):
        yield from key_calls(text)
