"""Values kept by their kind, whatever rule found them: public material and vocabulary.

A credential's rule (a secret-like name, a token's shape, high entropy) finds many values
that are public by their documented format, or that name an algorithm rather than hold a
secret. Each is kept with its reason (``cognimem guard --explain`` shows it):

* **public by format**: a key whose documented prefix says it is publishable (Stripe's,
  Clerk's and Paystack's ``pk_live_``/``pk_test_``, Supabase's ``sb_publishable_``,
  PostHog's project key ``phc_``, Mapbox's public token ``pk.``, Square's application id
  ``sq0idp-``, Plaid's ``public-sandbox-`` token, Flutterwave's ``FLWPUBK``, Omise's
  ``pkey_``); an age recipient (``age1`` and 58 Bech32 characters); a minisign or signify
  public key (base64 of ``Ed``, an 8-byte key id and a 32-byte key: 56 characters); an SSH
  public key's blob (base64 whose first field names its type, ``ssh-ed25519``...); anything
  inside a PEM or PGP block of public material (``PUBLIC KEY``, ``CERTIFICATE``, ``PGP
  PUBLIC KEY BLOCK``, RFC 4716's ``SSH2 PUBLIC KEY``); a JWK's public members (``n``,
  ``e``, ``x``, ``y``, ``x5c``, ``kid``) in a text that holds ``"kty"``; a value given to
  a key its line names public (``public key``, ``publishable key``, ``pubkey``, a CAPTCHA's
  ``site key``);
* **vocabulary**: a value made only of the documented names of algorithms, mechanisms and
  modes (``scram-sha-256``, ``HS256``, ``aes-256-gcm``, ``pbkdf2_sha256``, ``verify-full``):
  a setting that says how a secret is handled (``password_encryption = scram-sha-256``).

A private key's block is never kept here, and the private members of a JWK (``d``, ``p``,
``q``, ``dp``, ``dq``, ``qi``, ``k``) stay redacted.
"""

from __future__ import annotations

import base64
import binascii
import re

from .standins import ENV_NAME
from .vouched import marker_reason, sample_jwt_reason

#: documented prefixes of publishable keys and public ids (each provider's secret
#: counterpart has another prefix: ``sk_``, ``sb_secret_``, ``phx_``, ``sk.``, ``sq0csp-``,
#: ``FLWSECK``, ``skey_``, ``access-``)
_PUBLISHABLE = re.compile(
    r"(?:pk_(?:live|test|sbox)_|sb_publishable_|phc_|pk\.eyJ|sq0idp-|"
    r"public-(?:sandbox|development|production)-|FLWPUBK(?:_TEST)?-|pkey_(?:test_)?)")
_PUBLISHABLE_WHY = {
    "pk_": "a publishable key (pk_live_/pk_test_: Stripe, Clerk, Paystack; public by design)",
    "sb_": "a Supabase publishable key (sb_publishable_: public by design)",
    "phc": "a PostHog project API key (phc_: public by design, sent by every browser)",
    "pk.": "a Mapbox public token (pk.: public by design)",
    "sq0": "a Square application id (sq0idp-: public)",
    "pub": "a Plaid public token (public-...: public by design)",
    "FLW": "a Flutterwave public key (FLWPUBK: public by design)",
    "pke": "an Omise public key (pkey_: public by design)",
}
#: an age recipient: ``age1`` and the Bech32 encoding of a 32-byte X25519 key
_AGE_RECIPIENT = re.compile(r"age1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}")
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
#: blocks of public material: PEM (RFC 7468), OpenPGP armour, RFC 4716's SSH public keys
_PUBLIC_BLOCK = re.compile(
    r"-{4,5}\s?BEGIN (?P<label>PUBLIC KEY|RSA PUBLIC KEY|EC PUBLIC KEY|CERTIFICATE|"
    r"TRUSTED CERTIFICATE|X509 CRL|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|"
    r"PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY)\s?-{4,5}"
    r"(?:.*?-{4,5}\s?END (?P=label)\s?-{4,5}|.*$)", re.DOTALL)
#: a JWK's public members (RFC 7517/7518); its private ones are d, p, q, dp, dq, qi, k
_JWK_PUBLIC = re.compile(r"[\"'](?:n|e|x|y|x5c|x5t|x5t#S256|kid)[\"']\s*:\s*\[?\s*[\"']$")
#: a key its line names public: the last key word before the value
_KEY_WORD = re.compile(r"(?i)(?:key|token|secret|password|passwd|pwd)(?![a-z])")
_PUBLIC_NAME = re.compile(r"(?i)(?:public|publishable|pub|site|search[\s_-]?only[\s_.-]?api)"
                          r"[\s_.-]?$")
#: the documented names of algorithms, KDFs, SASL mechanisms, JOSE algorithms and TLS/SSL
#: modes; a value made only of these (and numbers) names how a secret is handled
_ALGORITHM = (
    r"aes|sha|sha3|md4|md5|hmac|rsa|dsa|ecdsa|ecdh|ed25519|ed448|eddsa|x25519|x448|pbkdf2|"
    r"argon2|argon2i|argon2d|argon2id|bcrypt|scrypt|yescrypt|crypt|gcm|cbc|ctr|ecb|cfb|ofb|"
    r"xts|ccm|siv|chacha20|xchacha20|poly1305|salsa20|des|3des|tdes|blowfish|twofish|"
    r"camellia|blake2b|blake2s|blake3|ripemd|whirlpool|scram|cram|digest|plain|gssapi|"
    r"oauthbearer|xoauth2|ntlm|kerberos|krb5|hs|rs|es|ps|pkcs|oaep|pss|mgf1|kw|cbor|"
    r"native|caching|mysql|password|passwords|hash|hasher|verify|full|ca|ldap|radius|pam|"
    r"peer|ident|trust|reject|cert|sspi|gss|none|require|prefer|allow|disable|strict|lax"
)
_ALGORITHM_PART = re.compile(rf"(?i)(?:{_ALGORITHM})\d*|\d{{1,4}}")
#: the parts of a value that say it is an algorithm (not a plain word or a mode alone)
_CIPHER_PART = re.compile(
    r"(?i)(?:aes|sha|sha3|md4|md5|hmac|rsa|ecdsa|eddsa|ed25519|pbkdf2|argon2\w*|bcrypt|"
    r"scrypt|yescrypt|chacha20|xchacha20|poly1305|blake\w+|scram|cram|gssapi|oauthbearer|"
    r"xoauth2|ntlm|krb5|des|3des)\d*|(?:hs|rs|es|ps)\d{3}|verify|native|caching")
#: the kinds a name or a shape found (not a provider's format): a name that says public,
#: or a value that names an algorithm, keeps only these
HEURISTIC_KINDS = frozenset(("high_entropy_secret", "password_assignment", "prefixed_token",
                             "cli_password"))


def _publishable(value: str) -> str | None:
    m = _PUBLISHABLE.match(value)
    return None if m is None else _PUBLISHABLE_WHY[m.group(0)[:3]]


def _decoded(value: str) -> bytes | None:
    if not _BASE64.fullmatch(value):
        return None
    try:
        return base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None


def _key_format(value: str) -> str | None:
    """Why ``value`` is a public key by its own structure, or None."""
    if _AGE_RECIPIENT.fullmatch(value):
        return "an age recipient (age1...: a public key, public by design)"
    if len(value) == 56 and value.startswith("RW"):
        raw = _decoded(value)
        if raw is not None and len(raw) == 42 and raw[:2] == b"Ed":
            return ("a minisign or signify public key (Ed, a key id and a 32-byte key: "
                    "public by design)")
    if value.startswith("AAAA") and len(value) >= 60:
        raw = _decoded(value)
        if raw is not None and len(raw) > 4:
            size = int.from_bytes(raw[:4], "big")
            kind = raw[4:4 + size]
            if 7 <= size <= 40 and kind.startswith((b"ssh-", b"ecdsa-", b"sk-ssh-",
                                                    b"sk-ecdsa-")):
                return (f"an SSH public key ({kind.decode('ascii', 'replace')}: its blob "
                        "names its type; public by design)")
    if value.startswith("LS0tLS1CRUdJTi"):
        # (wave 16) base64 of a PEM block (a kubeconfig's ``client-certificate-data``):
        # public when the block is a certificate or a public key
        raw = _decoded(value[:64].rstrip("=")[:60])
        if raw is not None and re.match(rb"-----BEGIN (?:[A-Z0-9 ]+ )?(?:CERTIFICATE|PUBLIC KEY)"
                                        rb"(?: REQUEST)?-----", raw):
            return "base64 of a PEM certificate or public key (public by design)"
    return None


def _in_public_block(text: str, start: int, end: int) -> str | None:
    if "BEGIN" not in text:
        return None
    for m in _PUBLIC_BLOCK.finditer(text):
        if m.start() <= start and end <= m.end():
            return f"inside a {m.group('label')} block (public material)"
    return None


def _named_public(text: str, start: int) -> str | None:
    line = text[text.rfind("\n", 0, start) + 1:start]
    words = list(_KEY_WORD.finditer(line))
    if words and _PUBLIC_NAME.search(line[:words[-1].start()]):
        return "given to a key its line names public (public key, publishable key, site key)"
    if '"kty"' in text and _JWK_PUBLIC.search(text[max(0, start - 20):start]):
        return "a JWK's public member (n, e, x, y, x5c, kid: public by design)"
    return None


def vocabulary_reason(value: str) -> str | None:
    """Why ``value`` names an algorithm, a mechanism or a mode rather than holds a secret,
    or None (``scram-sha-256``, ``HS256``, ``aes-256-gcm``, ``verify-full``)."""
    parts = [p for p in re.split(r"[-_/]", value) if p]
    if (len(value) <= 40 and parts and all(_ALGORITHM_PART.fullmatch(p) for p in parts)
            and any(_CIPHER_PART.fullmatch(p) for p in parts)):
        return "names an algorithm, a mechanism or a mode (scram-sha-256, HS256, aes-256-gcm)"
    return None


#: a name made of three words or more (letters, or a platform such as ``x64``), then a
#: SHA-1 or SHA-256 digest: a cache key or an artefact's name (``node-cache-Linux-x64-npm-``
#: and the hash of a lock file), which CI prints; a secret's own prefix is one or two parts
_DIGEST_NAME = re.compile(r"(?:[A-Za-z][A-Za-z0-9]{1,15}[-_]){3,}(?:[a-f0-9]{40}|[a-f0-9]{64})")


def digest_name(value: str) -> str | None:
    """Why ``value`` is a name built of words and a content digest, or None."""
    if _DIGEST_NAME.fullmatch(value):
        return ("words joined by dashes and a SHA-1 or SHA-256 digest (a cache key or an "
                "artefact's name: the digest is of public inputs)")
    return None


def kept_reason(text: str, start: int, end: int, kind: str) -> str | None:
    """Why the candidate ``text[start:end]`` of ``kind`` is kept by what it is (public
    material or a vocabulary word), or None. A provider's format outweighs a name: a value
    in a secret's format given to a "public key" stays redacted."""
    value = text[start:end]
    why = _publishable(value) or _key_format(value) or _in_public_block(text, start, end)
    if why is None and kind != "private_key":
        # (wave 17) an owner's allowlist marker, a JWT signed with a documented sample key
        why = marker_reason(text, start) if "allow" in text or "ignore" in text or (
            "nosec" in text or "noqa" in text) else None
        why = why or (sample_jwt_reason(value) if value.startswith("eyJ") else None)
    if why is None and kind in HEURISTIC_KINDS:
        why = (_named_public(text, start) or vocabulary_reason(value) or digest_name(value)
               or described_reason(text, start, end))
    return why


#: (wave 16) a key's last part and ``=`` before a variable's name (``env=DB_PASSWORD``)
_ENV_ASSIGNED = re.compile(r"(?:[\w.\-]+=)?([A-Z][A-Z0-9_]+)")
#: (wave 14) an empty assignment's next line: the name of the variable assigned there
_NEXT_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+=")
#: a parenthesised remark's first word (``access_token: (stored in the unit's credential)``)
_REMARK = re.compile(r"\([a-z]{2,20}")
#: the longest placeholder in angle brackets looked at around a value
_ANGLE_SPAN = 200


def _described(inside: str) -> bool:
    """Whether the inside of angle brackets is words describing a value (a space, no line
    break, and none of a markup tag's ``=`` and quotes: ``<a href="...?token=...">`` is a
    tag), opening with a letter or a digit."""
    if re.fullmatch(r"[a-z]{2,12}(?:[-_][a-z]{1,12}){2,6}", inside, re.IGNORECASE):
        # (wave 16) words joined by hyphens or underscores (``<paste-token-here>``)
        return True
    return (" " in inside and inside[:1].isalnum() and "\n" not in inside
            and not any(c in inside for c in "=\"'"))


def described_reason(text: str, start: int, end: int) -> str | None:
    """(wave 14) Why a value a heuristic found is words describing where the secret is, not
    the secret, or None: inside a placeholder in angle brackets that holds a space
    (``<from 1Password: Support/api-token>``), a prefix written before such a placeholder
    (``sk1_<64 hex chars from the console>``), a parenthesised remark's first word, or the
    next line's ``NAME=`` after an empty assignment."""
    value = text[start:end]
    named = _ENV_ASSIGNED.fullmatch(value)
    if named and ENV_NAME.fullmatch(named.group(1)):
        return ("the name of an environment variable that holds the secret (a key path "
                "then the variable read), not the secret")
    if _NEXT_NAME.fullmatch(value):
        return "the next line's variable name (the assignment before it is empty)"
    if _REMARK.fullmatch(value):
        return "a parenthesised remark's first word (words about where the secret is)"
    if text[end:end + 1] == "<":
        close = text.find(">", end, end + _ANGLE_SPAN)
        if close > 0 and _described(text[end + 1:close]):
            return "the fixed prefix of a placeholder described in angle brackets"
    opened = text.rfind("<", max(0, start - _ANGLE_SPAN), start)
    if opened >= 0 and ">" not in text[opened:start] and "\n" not in text[opened:start]:
        close = text.find(">", end, end + _ANGLE_SPAN)
        if close > 0 and "<" not in text[end:close] and _described(text[opened + 1:close]):
            return "inside a placeholder described in angle brackets (<from the vault: ...>)"
    return None
