"""(wave 17) Values their owner or their documentation says are not secrets.

* **an inline allowlist marker** on the value's line, as the secret scanners document it
  for a value its owner vouches is no secret: detect-secrets' ``pragma: allowlist secret``
  (and ``pragma: allowlist nextline secret`` on the line before; github.com/Yelp/
  detect-secrets, "Inline Allowlisting"), gitleaks' ``gitleaks:allow`` (github.com/gitleaks/
  gitleaks, "gitleaks:allow"), TruffleHog's ``trufflehog:ignore`` and GitGuardian
  ggshield's ``ggignore``; and the linters' own waivers of their hard-coded-password rules
  (Bandit's ``# nosec B105``/``B106``/``B107``, Ruff's and flake8-bandit's ``# noqa:
  S105``/``S106``/``S107``): the waiver names the rule and the owner's judgement;
* **a JWT signed with a documented sample key**: an HS256/384/512 token whose signature
  verifies with a key the libraries' and jwt.io's documentation use as the example
  (``secret``: PyJWT's README; ``your-256-bit-secret``: jwt.io's debugger;
  ``shhhhh``: node-jsonwebtoken's README). Anyone can mint such a token: it proves
  nothing and holds no secret, and it is the output of a doctest or a README example.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re

_MARKER = re.compile(
    r"(?i)pragma:\s*allowlist\s+secret|gitleaks:allow|trufflehog:ignore|\bggignore\b|"
    r"#\s*nosec\s+B10[567]\b|noqa:\s*(?:S10[567]\b)")
_NEXT_LINE_MARKER = re.compile(r"(?i)pragma:\s*allowlist\s+nextline\s+secret")
#: keys the documentation of JWT libraries and of jwt.io sign their examples with
SAMPLE_KEYS: tuple[bytes, ...] = (
    b"secret", b"your-256-bit-secret", b"your-384-bit-secret", b"your-512-bit-secret",
    b"shhhhh", b"shhhhhared-secret", b"secretkey", b"secret-key", b"your-secret-key",
    b"mysecret", b"my-secret", b"my_secret", b"changeme", b"key")
_HASHES = {"HS256": hashlib.sha256, "HS384": hashlib.sha384, "HS512": hashlib.sha512}
_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]+")


def marker_reason(text: str, start: int) -> str | None:
    """Why the value at ``start`` is kept because its owner marked it, or None."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    if _MARKER.search(line):
        return ("its line carries a secret scanner's allowlist marker (detect-secrets' "
                "'pragma: allowlist secret', gitleaks:allow, ...): its owner vouches it is "
                "no secret")
    if line_start > 0:
        above = text[text.rfind("\n", 0, line_start - 1) + 1:line_start - 1]
        if _NEXT_LINE_MARKER.search(above):
            return ("the line above says 'pragma: allowlist nextline secret' "
                    "(detect-secrets' marker for the next line)")
    return None


def _b64url(part: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
    except (binascii.Error, ValueError):
        return None


def sample_jwt_reason(value: str) -> str | None:
    """Why a JWT is a documented sample (signed with a documented example key), or None."""
    m = _JWT.fullmatch(value)
    if m is None:
        return None
    header_part, payload_part, signature_part = value.split(".")
    header = _b64url(header_part)
    signature = _b64url(signature_part)
    if header is None or signature is None:
        return None
    try:
        alg = json.loads(header).get("alg")
    except (ValueError, AttributeError):
        return None
    digest = _HASHES.get(alg) if isinstance(alg, str) else None
    if digest is None:
        return None
    signed = f"{header_part}.{payload_part}".encode()
    for key in SAMPLE_KEYS:
        if hmac.compare_digest(hmac.new(key, signed, digest).digest(), signature):
            return (f"a JWT signed with the documented sample key {key.decode()!r} "
                    "(anyone can mint it: a README's or a doctest's example)")
    return None
