"""(wave 20) A symmetric key after its setting's name: hexadecimal or base64 of a cipher's key
length after a name that says the key encrypts, signs or authenticates.

A bare ``key`` before hexadecimal is a cache's, a flag's or an object's key as often as a
credential (:func:`.evidence.identifier_reason` keeps it). A name that qualifies the key
by what it does (``AES``, ``cipher``, ``encryption``, ``encoding``, ``signing``, ``HMAC``,
``symmetric``) names a secret of a fixed length: 128, 192 or 256 bits, written as 32, 48
or 64 hexadecimal digits or as base64 of 16, 24 or 32 bytes (22 to 24, 32, 43 or 44
characters). Smart meters' ``<BlockCipherKey>``, WeChat's ``EncodingAESKey``, an
``hmac_key = bytes.fromhex("...")``, a ``const AES_KEY: &str = "..."``: whatever the
product, the name and the length are the evidence.

The carrier between the name and the value may be any of the code's and the files' forms:
``=``, ``:`` (fullwidth too), an element's ``>``, quotes, escaped quotes, a declared type
(``&str``, ``string``, ``byte[]``), a decoding call (``bytes.fromhex(``, ``unhexlify(``,
``b64decode(``, ``Buffer.from(``). A name that says the value is not the key (an id, an
ARN, a hash, a digest, a fingerprint, a check value, a public key, a version, a path or a
file) is skipped. Gated on ``key`` and one of the qualifying words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide

#: the words that, before ``key``, say what the key does (lowercase, for the gate)
QUALIFIERS = ("aes", "cipher", "encrypt", "encoding", "signing", "hmac", "symmetric")

_NAME = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?P<name>[A-Za-z0-9_.\-]{0,40}?"
    r"(?:aes|cipher|encrypt(?:ion)?|encoding|signing|hmac|symmetric)[A-Za-z0-9_.\-]{0,20}?"
    r"key)(?:[_\-]?(?:hex|b64|base64))?(?![a-z])")
#: a name whose value is not the key itself
_NOT_KEY = re.compile(r"(?i)(?:^|[^a-z])(?:ids?|arn|hash|sha\d*|digest|fingerprint|check|kcv|"
                      r"public|pub|version|path|file|name|ref|alias|url|uri)(?:$|[^a-z])|"
                      r"(?-i:Id|Arn|Hash|Digest|Fingerprint|Check|Public|Version|Path|File|"
                      r"Name|Ref|Alias)")
#: between the name and the value: separators, quotes, a declared type, a decoding call
_GAP = re.compile(
    r"(?:[\s:=\uff1a>\"'\\(,&\[\]]|str\b|string\b|bytes?\b|const\b|fromhex\b|unhexlify\b|"
    r"b64decode\b|urlsafe_b64decode\b|Buffer\.from\b|from\b|hex\b|\.|`){1,12}")
_VALUE = re.compile(
    r"(?P<value>(?<![0-9A-Za-z+/])(?:[0-9A-Fa-f]{64}|[0-9A-Fa-f]{48}|[0-9A-Fa-f]{32})"
    r"(?![0-9A-Za-z+/])|(?<![0-9A-Za-z+/\-_])(?:[A-Za-z0-9+/]{43}=?|[A-Za-z0-9+/]{22}(?:==)?|"
    r"[A-Za-z0-9+/]{32}|[A-Za-z0-9_\-]{43})(?![0-9A-Za-z+/=\-_]))")


def _gate(low: str) -> bool:
    return "key" in low and any(word in low for word in QUALIFIERS)


def _reason(value: str) -> str | None:
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    if digits < 3 or letters < 3:
        return "one class of characters (a number or a word)"
    if (not re.fullmatch(r"[0-9A-Fa-f]+", value)
            and not (any(c.islower() for c in value) and any(c.isupper() for c in value))):
        return "base64 of one case (a name or an id)"
    if len(set(value)) < 10:
        return "too few distinct characters (a pattern, a placeholder)"
    return None


def symmetric_keys(text: str, low: str) -> Iterator[Decision]:
    """The hexadecimal or base64 keys after a symmetric key's name (see the module's
    text)."""
    if not _gate(low):
        return
    for m in _NAME.finditer(text):
        name = m.group("name")
        if _NOT_KEY.search(name):
            continue
        gap = _GAP.match(text, m.end())
        if gap is None:
            continue
        value = _VALUE.match(text, gap.end())
        if value is None:
            continue
        yield decide("symmetric_key", value.start("value"), value.end("value"),
                     _reason(value.group("value")),
                     f"a cipher's key length after the symmetric key's name {name[-40:]!r}")
