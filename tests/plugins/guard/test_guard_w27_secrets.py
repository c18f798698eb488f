"""Wave 27 (secrets of providers no reader has seen): a value its line names by a noun
ending in a credential's head (:mod:`.linenamed`), and a redacted base64 value carried over
the lines that go on at its width (:mod:`.continued`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cognimem_plugins.guard import continued, linenamed, pairs
from cognimem_plugins.guard.secrets import redact


@pytest.fixture
def off() -> Iterator[None]:
    saved = (linenamed.READ_LINE_NAMED, linenamed.READ_SHORT, continued.READ_CONTINUED,
             pairs.READ_RECORDS)
    linenamed.READ_LINE_NAMED = linenamed.READ_SHORT = False
    continued.READ_CONTINUED = pairs.READ_RECORDS = False
    yield
    (linenamed.READ_LINE_NAMED, linenamed.READ_SHORT, continued.READ_CONTINUED,
     pairs.READ_RECORDS) = saved


NAMED = [
    ("billing sync worker auth: Qm7xLp2RvT9wZk4NcY8bHs3D (prod, can refund!)",
     "Qm7xLp2RvT9wZk4NcY8bHs3D"),
    ("<headers>\n  <entry><string>X-Partner-Key</string><string>Vb8nQ2xLm4RtZ7pW9kYc3HdF"
     "</string></entry>\n</headers>", "Vb8nQ2xLm4RtZ7pW9kYc3HdF"),
    ("the storage secret in the old runbook was stale, the working one is "
     "Hq4Wm9Zt2Lx7Rb3Nc8Vk5Pd1Jf6S", "Hq4Wm9Zt2Lx7Rb3Nc8Vk5Pd1Jf6S"),
    ("panic: unexpected config entry\n\t店舗APIのserviceSecretは Tz8Kq3Wn5Rx1Lm7Bv4Yc9Hd です",
     "Tz8Kq3Wn5Rx1Lm7Bv4Yc9Hd"),
]

SHORT = [
    ("Octo gateway on the bench: user maker, API key Wq4hEZTmu49rKF", "Wq4hEZTmu49rKF"),
    ("ok the BACKUP_TOKEN for the box in the closet is AD0ifq7Kw2xZn4", "AD0ifq7Kw2xZn4"),
]
SHORT_KEPT = [
    "the secret key was used for ch_C05yybQTfAKqKr",
    "chunk key b64 MC8wLzAvMTIvNw==",
    "the signing key rotates every 90 days; see ticket OPS-2024-1177",
    "token bucket sized for Qx7 bursts of 12",
]

KEPT = [
    "the cache key is Kx7Qm2Lp9Rt4Vw8Nz3Bc6Yd1",
    'curl -H "Client-Id: lq402mvs000ms9mgxsga0qwhux5uv8" -H "Authorization: Bearer $T"',
    "the token refresh fix is 9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c, cherry-pick it",
    "public key for verification: Mz8Qx2Lr5Tw9Kb3Nv7Yc4Hd",
    "see src/components/auth/TokenRefresh2Button.tsx for the flow",
    "is Vq3Lm8Rt2Zx7Wk4Nb9Yc5Hd still the API key we use?",
    '{"NextToken": "AYADeKZ1bXdo3Ckx9vmfBk2QhU0Azq8"}',
    "usage: max_tokens=4096 for chatcmpl-oYWe83PnZZzF38enmJZbCCRaewgFE",
    "the key lookup span is 6835a840a17338ba1f1a6821db86c3a0",
    "auth service deployed from registry.example.org/team/auth-service:2024.11.3",
]


@pytest.mark.parametrize(("text", "secret"), SHORT)
def test_a_short_value_right_after_the_noun_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(("text", "secret"), SHORT)
def test_the_short_value_leaks_with_the_reader_off(text: str, secret: str, off: None) -> None:
    assert secret in redact(text)[0]


@pytest.mark.parametrize("text", SHORT_KEPT)
def test_short_look_alikes_are_left_alone(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize(("text", "secret"), NAMED)
def test_a_value_its_line_names_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(("text", "secret"), NAMED)
def test_it_leaks_with_the_reader_off(text: str, secret: str, off: None) -> None:
    assert secret in redact(text)[0]


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_are_left_alone(text: str) -> None:
    assert redact(text)[0] == text


def test_the_gate() -> None:
    assert not list(linenamed.line_named_secrets("no head here " + "Qm7xLp2RvT9wZk4NcY8b",
                                                 "no head here qm7xlp2rvt9wzk4ncy8b", 20))
    assert not list(linenamed.line_named_secrets("auth: Qm7x", "auth: qm7x", 10))


_L1 = "Zk8Qm2Lp9Rt4Vw8Nz3Bc6Yd1Hx5Jf7Ks0Tg2Pa6Wn4Eu8Ic3Ob9Mr1Dv5Sy7Fl3Q"
_L2 = "Nt4Xw8Ke2Qz6Hm0Ra3Vb9Lc5Jd1Yf7Pg3Us8Io2Wk6Ex4Tn0Mh9Gb5Cz1Ar7Bq2Y"
_L3 = "Pq7Lm3Zx9Wk2Rt5Nb8Vc4Hd1=="
WRAPPED = f"SAML_SP_KEY={_L1}\n{_L2}\n{_L3}\nLOG_LEVEL=info"


def test_a_wrapped_base64_value_is_redacted_whole() -> None:
    cleaned = redact(WRAPPED)[0]
    assert _L1[:20] not in cleaned and _L2 not in cleaned and _L3[:16] not in cleaned
    assert cleaned.endswith("\nLOG_LEVEL=info")


def test_only_the_first_line_without_the_reader(off: None) -> None:
    cleaned = redact(WRAPPED)[0]
    assert _L1[:20] not in cleaned and _L2 in cleaned


def test_lines_of_another_width_or_words_are_not_carried() -> None:
    wider = f"SAML_SP_KEY={_L1}\n{_L2}XYZ0123\n"
    assert f"{_L2}XYZ0123" in redact(wider)[0]
    words = f"SAML_SP_KEY={_L1}\nthen restart the service\n"
    assert "then restart the service" in redact(words)[0]
    assert continued.more_lines("short\nAAAA", 0, 5) == 5


RECORDS = [
    ('resource "aws_ssm_parameter" "acme_api_key" {\n  name  = "/shop/acme_api_key"\n'
     '  type  = "SecureString"\n  value = "7c1e9a44b0d35f28e6a1c9b7d402f5e83b6a9c10"\n}',
     "7c1e9a44b0d35f28e6a1c9b7d402f5e83b6a9c10"),
    ("Parameters:\n  - Name: /app/db_password\n    Type: SecureString\n"
     "    Value: Xy7Qm2Lp9Rt4Vw8Nz3Bc5Kd", "Xy7Qm2Lp9Rt4Vw8Nz3Bc5Kd"),
]
RECORDS_KEPT = [
    'resource "aws_ssm_parameter" "region" {\n  name  = "/shop/region"\n  type  = "String"\n'
    '  value = "eu-west-1a9c3f7d2b8e4"\n}',
    'resource "aws_ssm_parameter" "acme_api_key" {\n  name  = "/shop/acme_api_key"\n'
    '  type  = "SecureString"\n  value = var.acme_api_key\n}',
    "- name: /app/db_password\n  description: rotated monthly\n  value: CHANGE_ME",
]


@pytest.mark.parametrize(("text", "secret"), RECORDS)
def test_a_records_value_under_its_name_path_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


@pytest.mark.parametrize(("text", "secret"), RECORDS)
def test_the_record_leaks_with_the_reader_off(text: str, secret: str, off: None) -> None:
    assert secret in redact(text)[0]


@pytest.mark.parametrize("text", RECORDS_KEPT)
def test_records_that_name_no_secret_or_hold_none_are_left_alone(text: str) -> None:
    assert redact(text)[0] == text
