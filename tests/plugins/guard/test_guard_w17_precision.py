"""Wave 17: the secret side's precision. A value never crosses a line break after an empty
assignment (only YAML's indented value or mapping below its name does); a value its owner
marks with a secret scanner's documented allowlist marker, a JWT signed with a documented
sample key and a fixture's self-described stand-in stay. Each beside the look-alike that is
still redacted. Cases written by hand."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest

from cognimem_plugins.guard.secrets import redact


def _jwt(key: bytes) -> str:
    def part(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    head = part(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    body = part(json.dumps({"user": "demo", "role": "reader"}).encode())
    sig = part(hmac.new(key, f"{head}.{body}".encode(), hashlib.sha256).digest())
    return f"{head}.{body}.{sig}"


UNCHANGED = [
    # empty assignments: the next line is another setting
    "[smtp]\nrelay_password =\nrelay_user = mailer",
    "deploy.token=\ndeploy.keystoreAlias=release_key_2024",
    "export API_SECRET=\nexport API_REGION=eu-west-1a",
    # owners' allowlist markers (detect-secrets, gitleaks, the next-line pragma)
    "DB_PASSWORD = 'Zr8!qLm2vX9w'  # pragma: allowlist secret",
    "token := \"Kq7Wz2Lm9Xv4Rt8Bn3Ch\" // gitleaks:allow",
    "# pragma: allowlist nextline secret\nAPI_TOKEN = 'Rt8Bn3ChKq7Wz2Lm9Xv4'",
    # a JWT signed with a documented sample key (jwt.io's, PyJWT's)
    f"    >>> jwt.encode(payload, key)\n    {_jwt(b'your-256-bit-secret')}",
    f"example token: {_jwt(b'secret')}",
    # a fixture's self-described stand-in
    'seed_users.yaml: password: "sample-password-for-docs-only"',
    "client_secret = 'fake-secret-do-not-use'",
]

REDACTED = [
    # a value on the same line as its name
    ("[smtp]\nrelay_password = Vq8#mZ2pLw4x\nrelay_user = mailer", "Vq8#mZ2pLw4x"),
    # YAML's value indented below its name, and a mapping's key under credentials
    ("smtp:\n  password:\n    Vq8#mZ2pLw4x", "Vq8#mZ2pLw4x"),
    ("mailer:\n  credentials:\n    secret: 9c1f0e7a2b4d4c8e8f3a6b5d7e9f1a2c",
     "9c1f0e7a2b4d4c8e8f3a6b5d7e9f1a2c"),
    # the marker on another line does not cover this one
    ("API_TOKEN = 'Rt8Bn3ChKq7Wz2Lm9Xv4'\n# pragma: allowlist secret", "Rt8Bn3ChKq7Wz2Lm9Xv4"),
    # a JWT signed with another key
    (f"session: {_jwt(b'k9#Lm2vQ8zR4wX7p')}", _jwt(b"k9#Lm2vQ8zR4wX7p")[-20:]),
]


@pytest.mark.parametrize("text", UNCHANGED)
def test_unchanged(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_still_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert secret not in cleaned, cleaned
    assert found
