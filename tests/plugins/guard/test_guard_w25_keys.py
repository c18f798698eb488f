"""Wave 25 (keys): the readers of :mod:`.keymaterial`: key material named by its domain's
noun, key-length literals given to a call that signs or encrypts with them, capital
hexadecimal of a key's length after "key", and drawn keys in one case and digits.

Each reader has rows it must redact (and leaks them when switched off) and near look-alikes
it must leave as they are. The values are made up for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cognimem_plugins.guard import authcalls, keymaterial, linenamed, qualified
from cognimem_plugins.guard.secrets import redact

SWITCHES = {"nouns": "READ_KEY_NOUNS", "calls": "READ_KEY_CALLS", "upperhex": "READ_UPPER_HEX",
            "twoclass": "READ_TWO_CLASS"}

H1 = "5d2a8f6e0c4b9d1a7e4f9a1c7e2b8d3f6a0c5e9b1d7a3f2c8e4b6d0a9f1e7c3b"
H2 = "A7E4F9A1C7E2B8D3F6A0C5E9B1D7A3F2C8E4B6D0A9F1E7C3B5D2A8F6E0C4B9D1"

CAUGHT = [
    # nouns: an app key joined, in camel case, an HMAC key in prose, an HSM's key component
    ("nouns", "env:\n  ACME_APPKEY: Rq4xTz8LmW2pKv7NcY3bHd9sJf6gQa1e",
     "Rq4xTz8LmW2pKv7NcY3bHd9sJf6gQa1e"),
    ("nouns", "GATEWAY_APPKEY=7c1d2e9a-44b0-4f1e-9a3c-5e8d7b6a2f10",
     "7c1d2e9a-44b0-4f1e-9a3c-5e8d7b6a2f10"),
    ("nouns", "the meter's nwkSKey, as the network server shows it -> "
              "9a41c07e3b5d28f6e1a09c4b7d3e2f58", "9a41c07e3b5d28f6e1a09c4b7d3e2f58"),
    ("nouns", "wifi:\n  psk: Hq7Lz2Wx9Kp4Rt6Yb3Nm8Vc1", "Hq7Lz2Wx9Kp4Rt6Yb3Nm8Vc1"),
    ("nouns", "Webhook HMAC key #2 for order events: q8Vb3LxN0mZt7Rw2Ks9Yc4Hd1Jf6Pa5Ue8Gi3To0Bn4=",
     "q8Vb3LxN0mZt7Rw2Ks9Yc4Hd1Jf6Pa5Ue8Gi3To0Bn4="),
    ("nouns", "data:\n  ZMK_COMPONENT: \"3E7A90C41D5B28F6A0C3E9D71B4F2A68\"",
     "3E7A90C41D5B28F6A0C3E9D71B4F2A68"),
    # calls: a signing setup, an HMAC check given its key
    ("calls", f'link.setup_signing(bytes.fromhex("{H1}"))',
     H1),
    ("calls", f'if not is_valid_hmac_payload(body, "{H2}"):',
     H2),
    # upperhex: a bare key in a block, a provider's key in prose
    ("upperhex", "api:\n  key: 8E2B7D41C9A03F56E1D8B4A27C90F3E5\n  enabled: true",
     "8E2B7D41C9A03F56E1D8B4A27C90F3E5"),
    ("upperhex", "the key the scoreboard service uses is C41D5B28F6A0C3E9D71B4F2A683E7A90",
     "C41D5B28F6A0C3E9D71B4F2A683E7A90"),
    # twoclass: capitals and digits, lower case and digits with long letter runs
    ("twoclass", "the scanner secret the venue checks is 38k6t43658uzqbvlldccxzqkrwzw",
     "38k6t43658uzqbvlldccxzqkrwzw"),
    ("twoclass", "the partner key for the import is 7xkqzvbnwrtpl4hjmgc9dfsq2yzrkwt8bnvc",
     "7xkqzvbnwrtpl4hjmgc9dfsq2yzrkwt8bnvc"),
]

KEPT = [
    # nouns: a stand-in, a fingerprint, an app key's id, a published test vector, a path
    "LoRaWAN docs use AppKey 00000000000000000000000000000000 as a stand-in.",
    "Release signing key fingerprint: bdfb322da3a0b125c5a4cb0057503d295112e891",
    "appkey_id: 7c1d2e9a-44b0-4f1e-9a3c-5e8d7b6a2f10",
    "hmac key: see secret/payments/webhooks in vault",
    "encryption key check value KCV 5D1F8A, length 32",
    # calls: a digest compared or computed, a non-key length
    f'hmac.compare_digest(expected, "{H2.lower()}")',
    'assign_role(user, "administrators_and_owners_group")',
    # upperhex: a cache key, a public key, lower-case digests, a key id
    "cache key: 8E2B7D41C9A03F56E1D8B4A27C90F3E5",
    "DISCORD_PUBLIC_KEY=8E2B7D41C9A03F56E1D8B4A27C90F3E58E2B7D41C9A03F56E1D8B4A27C90F3E5",
    "the key lookup span is 6835a840a17338ba1f1a6821db86c3a0",
    "GPG key id 8E2B7D41C9A03F56E1D8B4A27C90F3E5",
    # twoclass: an idempotency key (a ULID), a pagination token, words, a hex id, an address
    "idempotency key 01HQ8ZKXV4RTPJMB2NCS8D7Y3F reused by the retry",
    "next page token ABCD1234EFGH5678IJKL9012 returned",
    "the cache token is buildcache2024linuxamd64release",
    "token: ABCD1234EFGH5678IJKL9012",
    "token id 617444 on collection 0x9f99998797ac65c051b6c8223192d020f3e13409",
    "feature flag key: checkout2025variantb3holdout",
]


@contextmanager
def switched_off(name: str) -> Iterator[None]:
    attr = SWITCHES[name]
    saved = getattr(keymaterial, attr)
    setattr(keymaterial, attr, False)
    # a key given to a signing call is also wave 25's authcalls reader's (its own kin):
    # with "calls" off, that reader is off too, so the row is this module's to lose
    kin = authcalls.READ_AUTH_CALLS
    authcalls.READ_AUTH_CALLS = kin and name != "calls"
    # (wave 26) "the partner key for the import is VALUE" is also :mod:`.qualified`'s (a
    # noun, a qualifier, the value): with "twoclass" off, that reader is off too
    kin_qualified = qualified.READ_QUALIFIED
    qualified.READ_QUALIFIED = kin_qualified and name != "twoclass"
    # (wave 27) :mod:`.linenamed` reads a random value after any credential noun: off
    # too, so the row is this reader's to lose
    kin27 = linenamed.READ_LINE_NAMED, linenamed.READ_SHORT
    linenamed.READ_LINE_NAMED = linenamed.READ_SHORT = False
    try:
        yield
    finally:
        linenamed.READ_LINE_NAMED, linenamed.READ_SHORT = kin27
        setattr(keymaterial, attr, saved)
        authcalls.READ_AUTH_CALLS = kin
        qualified.READ_QUALIFIED = kin_qualified


@pytest.mark.parametrize(("reader", "text", "secret"), CAUGHT)
def test_caught(reader: str, text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(("reader", "text", "secret"), CAUGHT)
def test_leaks_when_switched_off(reader: str, text: str, secret: str) -> None:
    """The row is this reader's: with the reader off it leaks (the test can fail)."""
    with switched_off(reader):
        assert secret in redact(text)[0]


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_kept(text: str) -> None:
    assert redact(text)[0] == text


def test_gates() -> None:
    """No reader runs without a value long enough or without its words."""
    assert list(keymaterial.key_material("appkey: short", "appkey: short", 5)) == []
    text = "the weather is fine " + "x" * 30
    assert list(keymaterial.key_material(text, text.lower(), 30)) == []


def test_published_line_keeps_a_test_vector() -> None:
    """A key noun's value on a line that calls it an example is kept by this reader (the
    older near-value reader decides the rest of this line)."""
    text = "AES key from the NIST SP 800-38A example: 2B7E151628AED2A6ABF7158809CF4F3C"
    decisions = list(keymaterial.key_nouns(text))
    assert decisions and not any(d.redacted for d in decisions)
    assert any(d.redacted for d in keymaterial.key_nouns(text.replace("NIST SP 800-38A example",
                                                                      "vault")))


def test_two_class_reason() -> None:
    assert keymaterial.two_class_reason("QW7ZKXV4RTPJMB2NCS8D") is None
    assert keymaterial.two_class_reason("01HQ8ZKXV4RTPJMB2NCS8D7Y3F") is not None  # a ULID
    assert keymaterial.two_class_reason("productioncluster2024build7") is not None  # words
    assert keymaterial.two_class_reason("ab12cd34ef56ab12cd34ef56") is not None  # hex
    assert keymaterial.two_class_reason("ABCD1234EFGH5678IJKL9012") is not None  # typed


def test_key_reason_lengths() -> None:
    assert keymaterial.key_reason("9A41C07E3B5D28F6E1A09C4B7D3E2F58") is None  # 16 bytes
    assert keymaterial.key_reason("9A41C07E3B5D28F6E1A09C4B7D3E2F5") is not None  # odd
    assert keymaterial.key_reason("9A41C07E3B5D28F6E1A09C4B7D3E2F58AB") is not None  # 17
    assert keymaterial.key_reason("7c1d2e9a-44b0-4f1e-9a3c-5e8d7b6a2f10") is not None
    assert keymaterial.key_reason("7c1d2e9a-44b0-4f1e-9a3c-5e8d7b6a2f10", uuid_ok=True) is None
