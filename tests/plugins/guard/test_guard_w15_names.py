"""(wave 15) Keys named by their vendors' headers and settings (licence, subscription and
activation keys, ``x-<vendor>-key``), directives that take a password without a password
word, and base64 of a PEM private key; each beside a look-alike that stays unchanged."""

from __future__ import annotations

import base64

import pytest

from cognimem_plugins.guard.secrets import redact

HEX_KEY = "4f1c9e27b03a58d6e1f2a7c4b9d03e85"
SECRET = "Tn6$vLq2Wz8k"
PEM = base64.b64encode(b"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAq8abc"
                       b"defghijklmnop\n-----END RSA PRIVATE KEY-----\n").decode()

FOUND = [
    f"curl -H 'x-scoreboard-key: {HEX_KEY}' https://feed.example.net/v2/live",
    f"Invoke-RestMethod -Uri $u -Headers @{{ 'Acme-Api-Key' = '{HEX_KEY}' }}",
    "requests.get(url, headers={'X-Partner-Key': 'k3x9q7m2v8z4w1p6t5r0y2u8'})",
    'licenseKey="C3E19A07B64D2F85"',
    "TAXCALC_LICENSE_KEY=7A40E2C91D5B3F68",
    f"subscription_key: {HEX_KEY}",
    f'wep_key0="{SECRET}"',
    f"remotepass = {SECRET}",
    f"sentinel auth-pass mymaster {SECRET}",
    f'# pgbouncer userlist.txt\n"app" "{SECRET}"',
    f'createUser monitor SHA "{SECRET}" AES "{SECRET}"',
    f"users:\n- name: admin\n  user:\n    client-key-data: {PEM}",
]

KEPT = [
    f"X-Cache-Key: {HEX_KEY}",
    f"X-Request-Key: {HEX_KEY}",
    "X-Api-Key: ${API_KEY}",
    "X-Api-Key: <your-api-key>",
    "X-Api-Key: YOUR_API_KEY_GOES_HERE",
    "x-api-key: 00000000000000000000000000000000",
    "X-Api-Key: abcdefghijklmnopqrstuvwxyz",
    "X-Api-Key: productioncluster01ab",
    'license_key = "MIT"',
    "license_key: Apache-2.0",
    "licenseKey: process.env.LICENSE_KEY",
    "LICENSE_KEY_PATH=/etc/app/license.key",
    "remotepass = <from keyring>",
    "sentinel auth-pass mymaster $SENTINEL_PASSWORD",
    '"app" "md5' + "0" * 31 + 'a"\n# pgbouncer',
    'createUser monitor SHA "${AUTH_PASS}" AES "${PRIV_PASS}"',
    "client-key-data: " + base64.b64encode(b"-----BEGIN CERTIFICATE-----\nMIIBabc"
                                           b"defghijklmnopqrstuvwxyz\n").decode(),
]


@pytest.mark.parametrize("text", FOUND)
def test_vendor_named_keys_and_directives_are_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert kinds
    for secret in (HEX_KEY, SECRET, PEM, "k3x9q7m2v8z4w1p6t5r0y2u8", "C3E19A07B64D2F85",
                   "7A40E2C91D5B3F68"):
        assert secret not in cleaned


@pytest.mark.parametrize("text", KEPT)
def test_vendor_named_lookalikes_are_kept(text: str) -> None:
    assert redact(text) == (text, {})


LOWER_TOKEN = "q8w3e5r1t7y2u9i4o6p0a3s5d7"


@pytest.mark.parametrize("text", [
    f"the chat bot's access token is {LOWER_TOKEN}",
    f"api token: {LOWER_TOKEN}",
])
def test_random_lowercase_tokens_after_a_credentials_name_are_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert kinds and LOWER_TOKEN not in cleaned


@pytest.mark.parametrize("text", [
    "the cache key is clx9a2b3c4d5e6f7g8h9i0j1k",
    f"the access token id is {LOWER_TOKEN}",
    "the session token is abc123abc123abc123abc123",
    "token: abcdefghij1234567890",
    "the deploy token slug is release2026candidate3final4",
])
def test_lowercase_identifiers_near_a_name_are_kept(text: str) -> None:
    assert redact(text) == (text, {})
