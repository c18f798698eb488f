"""Wave 23 (masked): values whose own text says they are no secret (:mod:`.nonsecret`).

Each test has a clean row the redaction must now keep and a near look-alike, a real
secret in the same place, it must still redact; each kept row is also checked to be
redacted with the test switched off (so the test can fail).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cognimem_plugins.guard import nonsecret
from cognimem_plugins.guard.secrets import redact

#: test: (a clean row it keeps, a secret in the same place it must still redact)
CASES = {
    "dated": ("export SIGNING_KEY_EXPIRES_AT=2027-03-09T12:00:00Z",
              "export SIGNING_KEY=Qm7vX2pL9sK4wR8tZ3yB6nH1"),
    "address": ('"auth_token_owner": "soc-oncall@county.gov"',
                '"auth_token": "Tq9Lr2Wx7Kp4Zm8Ns3Vb6Hd1"'),
    "accessor": ("hec_token = settings.SPLUNK_HEC_TOKEN",
                 "hec_token = 'Wb3kP9xQ2mL7vT4zR8nY6cJ1'"),
    "bracketed": ('webhook_secret: "[not shown]"',
                  "WEBHOOK_SECRET=Lk8Pz3Qw9Rx2Vm7Tn4Yb6Hc1"),
    "maskword": ("CMS_API_TOKEN=prod:REDACTED",
                 "CMS_API_TOKEN=prod:Xr7Kq2Lp9Wm4Zt8Vn3Bc6Hd"),
    "masked": ("kiosk_password: \u2592\u2592\u2592\u2592\u2592\u2592\u2592\u2592",
               "kiosk_password: Gh7#kP2q!Lx9"),
    "truncated": ("PUBLISHER_API_KEY=pub_live_...Zq4",
                  "PUBLISHER_API_KEY=pub_live_Wq8Zr3Lx9Km2Vt7Pn4Hb6"),
    "schema": ("properties:\n  api_secret: {type: string, format: password}",
               "properties:\n  api_secret: Zk4Wq9Lr2Xm7Pt3Vn8Hb6Cd1"),
    "sequence": ("AES_KEY=101112131415161718191a1b1c1d1e1f",
                 "AES_KEY=9f3b1c7ad2e84f60b5a1c3d9e7f20a4b"),
    "account": ("Account SID AC4f0e9d8c7b6a59483726150fedcba987 belongs to the school board",
                "Auth token SKe1d2c3b4a5968778695a4b3c2d1e0f9a for the school board"),
    "described": ("SMTP_PASSWORD=not-set-in-dev", "SMTP_PASSWORD=Cobalt-Heron-Quartz"),
    "named": ('"password": "ldap_bind_password"', '"password": "Lantern-osprey-Walnut"'),
    "path": ("kubectl create secret generic smtp --from-file=password=./smtp_pass",
             "kubectl create secret generic smtp --from-literal=password=Vq8Lx2Kz9Wp4"),
    "stamped": ("password=rotated-2026-11-30", "password=Hq7Lz2Wx9Kp4Vm8Tn3"),
}


@pytest.fixture
def shipped() -> Iterator[None]:
    before = nonsecret.TESTS
    yield
    nonsecret.TESTS = before


@pytest.mark.parametrize("test", sorted(CASES))
def test_each_test_keeps_its_row_and_redacts_the_look_alike(test: str, shipped: None) -> None:
    kept, secret = CASES[test]
    nonsecret.TESTS = frozenset(nonsecret.ALL_TESTS)
    assert redact(kept)[0] == kept
    assert redact(secret)[0] != secret
    # with the test off the row is redacted: each test is what keeps it
    nonsecret.TESTS = frozenset(nonsecret.ALL_TESTS) - {test}
    assert redact(kept)[0] != kept


def test_random_letters_are_not_words() -> None:
    # a token of random mixed case splits into pieces that are no words of one case
    assert nonsecret.words("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") is None
    assert nonsecret.words("not-required-in-dev") == ["not", "required", "in", "dev"]


def test_a_short_visible_part_only_and_a_jwt_header_only() -> None:
    assert nonsecret.truncated("sk-...Xy9Z")
    assert not nonsecret.truncated("sk_live_51Hq8ZrLxWmK2VtPn4Hb6Cd9...")
    assert nonsecret.truncated("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9...")
    # a payload is no header: base64url of {"sub": ...}
    assert not nonsecret.truncated("eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ...")


def test_counting_by_one_only() -> None:
    assert nonsecret.sequence("000102030405060708090a0b0c0d0e0f")
    assert nonsecret.sequence("fedcba9876543210")
    assert not nonsecret.sequence("2b7e151628aed2a6abf7158809cf4f3c")
