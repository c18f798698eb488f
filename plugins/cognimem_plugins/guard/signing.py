"""(wave 18) Shared secrets and signing keys, known by where their documentation puts them.

* **a literal key handed to an HMAC or a JWT call**, at the position each library's
  reference documents for the key: Python ``hmac.new(key, ...)``, PyCryptodome
  ``HMAC.new(key)``, PyJWT ``jwt.encode(payload, key)`` / ``jwt.decode(token, key)``,
  Node ``crypto.createHmac(alg, key)``, jsonwebtoken ``jwt.sign(payload, key)`` /
  ``jwt.verify(token, key)``, Go ``hmac.New(hash, key)``, Java ``new SecretKeySpec(key,
  alg)``, ``Keys.hmacShaKeyFor(key)``, ``Algorithm.HMAC256(key)``, Ruby
  ``OpenSSL::HMAC.hexdigest(alg, key, data)``, ``JWT.encode(payload, key)``, PHP
  ``hash_hmac(alg, data, key)``, ``JWT::encode($payload, $key)``, .NET ``new
  HMACSHA256(key)``, ``new SymmetricSecurityKey(key)``; the key as a string, as bytes
  (``b'...'``, ``[]byte("...")``, ``"...".getBytes()``, ``Encoding.UTF8.GetBytes("...")``)
  or decoded from base64 (``base64.b64decode("...")``);
* **a key file's contents**, printed after the command that reads it (``cat``,
  ``base64``, ``xxd -p``, ``od``, ``head -c``) or after ``# contents:`` beside its path:
  MUNGE's ``munge.key``, Slurm's ``jwt_hs256.key``, Rails' ``master.key``, MongoDB's
  ``keyFile``, Erlang's ``.erlang.cookie``, JupyterHub's ``jupyterhub_cookie_secret``, a
  Ceph ``keyring``, any ``*.key``;
* **a key given as base64 or hex under its name** (``munge_key_b64``, ``jwt_key_base64``,
  ``signingKeyHex``): the name says key and encoding;
* **mod_auth_openidc's secrets** (``OIDCClientSecret``, ``OIDCCryptoPassphrase``,
  ``OIDCOAuthClientSecret``): Apache directives, a space between name and value;
* **Go byte slices** given to a secret's name: ``var hmacKey = []byte("...")``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import name_structure
from .standins import stand_in

#: the words this module's rules open by (found in the guard's one pass over the lowercased
#: text)
NEEDLES = ("hmac", "jwt", "secretkeyspec", "symmetricsecuritykey", ".key", "keyfile",
           "key.txt", "cookie", "keyring", "_secret", ".secret", "b64", "base64", "hex",
           "bytes", "oidc", "[]byte")

_LIT = (r"(?:b|new\s+String\(|\[\]byte\(|Encoding\.\w+\.GetBytes\(|(?:base64\.)?\w*b64decode\()?"
        r"\s*(?P<q>['\"])(?P<v>[^'\"\n]{1,300})(?P=q)")
_ARG = r"[^,()\n]{1,120}?"
#: each call, up to the key's literal at its documented position
_CALL_HEADS = (
    r"\bhmac\.new\(\s*(?:key\s*=\s*)?", r"\bHMAC\.new\(\s*(?:key\s*=\s*)?",
    r"\bjwt\.(?:encode|decode|sign|verify)\(\s*" + _ARG + r",\s*(?:key\s*=\s*)?",
    r"\bJWT(?:::|\.)(?:encode|decode)\(\s*" + _ARG + r",\s*",
    r"\bcreateHmac\(\s*" + _ARG + r",\s*", r"\bhmac\.New\(\s*" + _ARG + r",\s*",
    r"\bSecretKeySpec\(\s*", r"\bhmacShaKeyFor\(\s*", r"\bAlgorithm\.HMAC(?:256|384|512)\(\s*",
    r"\bHMAC\.(?:hexdigest|digest|base64digest)\(\s*" + _ARG + r",\s*",
    r"\bhash_hmac\(\s*" + _ARG + r",\s*" + _ARG + r",\s*",
    r"\bnew\s+(?:HMACSHA(?:1|256|384|512)|SymmetricSecurityKey)\(\s*")
_CALLS = tuple(re.compile(head + _LIT) for head in _CALL_HEADS)


def _key_reason(value: str) -> str | None:
    if len(value) < 12:
        return "shorter than 12 characters"
    why = stand_in(value, literal=True)
    if why:
        return why
    if " " in value:
        return "words"
    return name_structure(value) if value.islower() else None


def call_keys(text: str) -> Iterator[Decision]:
    for pattern in _CALLS:
        for m in pattern.finditer(text):
            yield decide("signing_key", m.start("v"), m.end("v"), _key_reason(m.group("v")),
                         "the key of an HMAC or a JWT call (the position its library "
                         "documents)")


_KEY_FILE = (r"(?P<path>[\w./~\-]*(?:\.key|keyfile|key\.txt|\.erlang\.cookie|cookie_secret|"
             r"\.keyring|keyring|_secret|\.secret))")
#: a command that prints a key file, then its contents on the next line
_PRINTED = re.compile(
    r"(?im)(?:^|[$#>]\s*)(?:sudo\s+)?(?:cat|base64(?:\s+-w\s*0)?|xxd\s+-p|od\s+-\w+|"
    r"head\s+-c\s*\d+|Get-Content|type)\s+" + _KEY_FILE + r"[^\S\n]*\n"
    r"(?:[^\S\n]*\$[^\n]*\n)?[^\S\n]*(?P<v>[A-Za-z0-9+/=_\-]{24,})[^\S\n]*$")
#: a key file's path, then its contents after ``contents:`` on the same line
_CONTENTS = re.compile(_KEY_FILE + r"[^\n]{0,24}?#?\s*contents?\s*[:=]\s*"
                       r"(?P<v>[A-Za-z0-9+/=_\-]{24,})")


def key_file_contents(text: str) -> Iterator[Decision]:
    for pattern in (_PRINTED, _CONTENTS):
        for m in pattern.finditer(text):
            path = m.group("path").lower()
            if path.endswith((".pub", "public.key")) or "public" in path or "pub." in path:
                continue
            yield decide("signing_key", m.start("v"), m.end("v"), stand_in(m.group("v")),
                         f"the contents of the key file {m.group('path')[-40:]!r}")


#: a key's name that says its encoding, then the value
_ENCODED = re.compile(
    r"(?i)(?<![\w])['\"]?(?P<name>[\w.\-]{0,40}(?:key|secret|token|passphrase)[_\-.]?"
    r"(?:b64|base64|hex|bytes))['\"]?\s*[:=]\s*['\"]?(?P<v>[A-Za-z0-9+/=_\-]{16,})['\"]?")
_ENCODED_GATE = re.compile(r"(?:key|secret|token|passphrase)[_\-.]?(?:b64|base64|hex|bytes)")
_FILE_WORDS = (".key", "keyfile", "key.txt", "cookie", "keyring", "_secret", ".secret")
_PUBLIC_NAME = re.compile(r"(?i)public|pub[_\-.]|hash|digest|fingerprint|checksum|sha\d")


def encoded_keys(text: str) -> Iterator[Decision]:
    for m in _ENCODED.finditer(text):
        if _PUBLIC_NAME.search(m.group("name")):
            continue
        yield decide("signing_key", m.start("v"), m.end("v"), stand_in(m.group("v")),
                     f"a key given in base64 or hex under its name ({m.group('name')[:40]!r})")


_OIDC = re.compile(r"(?m)^[^\S\n]*(?P<name>OIDCClientSecret|OIDCCryptoPassphrase|"
                   r"OIDCOAuthClientSecret)[^\S\n]+(?P<q>['\"]?)(?P<v>[^\s'\"]{4,200})(?P=q)")


def oidc_directives(text: str) -> Iterator[Decision]:
    for m in _OIDC.finditer(text):
        value = m.group("v")
        why = stand_in(value) or ("a command that prints it (exec:)"
                                  if value.startswith("exec:") else None)
        yield decide("oidc_client_secret", m.start("v"), m.end("v"), why,
                     f"mod_auth_openidc's {m.group('name')} directive")


_BYTES = re.compile(r"(?i)(?P<name>\w*(?:secret|key|hmac|signing|jwt)\w*)\s*(?::=|=)\s*"
                    r"\[\]byte\(\s*\"(?P<v>[^\"\n]{8,300})\"\s*\)")


def byte_slices(text: str) -> Iterator[Decision]:
    for m in _BYTES.finditer(text):
        if _PUBLIC_NAME.search(m.group("name")):
            continue
        yield decide("signing_key", m.start("v"), m.end("v"), _key_reason(m.group("v")),
                     f"a byte slice given to the secret's name {m.group('name')[:40]!r}")


def signing_keys(text: str, low: str) -> Iterator[Decision]:
    """Every decision of this module (each rule asks first for its words)."""
    if "hmac" in low or "jwt" in low or "secretkeyspec" in low or "symmetricsecuritykey" in low:
        yield from call_keys(text)
    if any(word in low for word in _FILE_WORDS):
        yield from key_file_contents(text)
    if _ENCODED_GATE.search(low):
        yield from encoded_keys(text)
    if "oidc" in low:
        yield from oidc_directives(text)
    if "[]byte" in text:
        yield from byte_slices(text)
