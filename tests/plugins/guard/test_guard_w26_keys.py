"""Wave 26 (keys): the readers of :mod:`.credwords`: a token named by the abbreviation
"PAT" or "OAuth", a session's bearer value, what a text says it signs with, and a random
hexadecimal given to a key's setting of two words or more.

Each reader has rows it must redact (and leaks them when switched off) and near look-alikes
it must leave as they are. The values are made up for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cognimem_plugins.guard import credwords
from cognimem_plugins.guard.secrets import redact

SWITCHES = {"abbrev": "READ_ABBREVIATED", "session": "READ_SESSIONS",
            "signed": "READ_SIGNED_WITH", "hexnames": "READ_HEX_NAMES"}

CAUGHT = [
    # abbrev: a PAT in SCREAMING case, dotted, after a region's prefix; an OAuth token
    ("abbrev", "env:\n  FLEET_PAT: Wq3ZrT8vNm2LkP7xYc4HbJ9s", "Wq3ZrT8vNm2LkP7xYc4HbJ9s"),
    ("abbrev", "export OPENVSX_PAT=4b1f9c2e-7d3a-4e8b-a6c5-2f9e1d7b3a80",
     "4b1f9c2e-7d3a-4e8b-a6c5-2f9e1d7b3a80"),
    ("abbrev", "warehouse.pat=9E3D71B4F2A683E7A90C41D5B28F6A0C3E9D71B4F2A683E7A90C41D5B28F6A0",
     "9E3D71B4F2A683E7A90C41D5B28F6A0C3E9D71B4F2A683E7A90C41D5B28F6A0"),
    ("abbrev", '{"chat_pat": "ams:Tq8Lm3Vz7Rx2Kp9Wc4Yb6Nh1J"}', "Tq8Lm3Vz7Rx2Kp9Wc4Yb6Nh1J"),
    ("abbrev", "STREAM_OAUTH=k3x9tq7vz2mw8rj4pl6ns1yh5bcd0f", "k3x9tq7vz2mw8rj4pl6ns1yh5bcd0f"),
    # session: a session in JSON, in a setting
    ("session", '{"session":"9c4e1a7b3f2d8e6a0b5c9d1e7f3a2b8c4d6e0f9a1b7c3d5e8f2a4b6c0d9e1f7a"}',
     "9c4e1a7b3f2d8e6a0b5c9d1e7f3a2b8c4d6e0f9a1b7c3d5e8f2a4b6c0d9e1f7a"),
    ("session", "shop_session = Zk4_qW9xLm2RtV7nBc3YpH8sJd6FgA1eTu5",
     "Zk4_qW9xLm2RtV7nBc3YpH8sJd6FgA1eTu5"),
    ("session", "imaging_session_key: 2e8f4a6c-1b9d-4c7e-a3f5-0d8b6e2c9a41",
     "2e8f4a6c-1b9d-4c7e-a3f5-0d8b6e2c9a41"),
    # signed: a webhook's secret, a licence file's
    ("signed", "the billing callbacks are signed with Qx7Lm2Vz9Rt4Kp8Wc3Yb6Nh1JsFd5Ga0Te",
     "Qx7Lm2Vz9Rt4Kp8Wc3Yb6Nh1JsFd5Ga0Te"),
    ("signed", "the PDF service signs reports with 8d3f6a0c5e9b1d7a3f2c8e4b6d0a9f1e",
     "8d3f6a0c5e9b1d7a3f2c8e4b6d0a9f1e"),
    # hexnames: a key's setting after "is", as an argument, in a subscript
    ("hexnames", "can you add this? LABSYNC_HARVEST_KEY is 3f9a7c1e5b2d8f4a6c0e9b1d7a3f5c2e",
     "3f9a7c1e5b2d8f4a6c0e9b1d7a3f5c2e"),
    ("hexnames", "airflow variables set tracker_harvest_key '8b2e6d0a4f9c1e7b3d5a2f8c6e0b4d9a'",
     "8b2e6d0a4f9c1e7b3d5a2f8c6e0b4d9a"),
    ("hexnames", "app.config['WEATHERSTACK_KEY'] = 'c5e9b1d7a3f2c8e4b6d0a9f1e7c3b5d2'",
     "c5e9b1d7a3f2c8e4b6d0a9f1e7c3b5d2"),
]

KEPT = [
    # abbrev: a stand-in, a path, a pattern, a person named Pat, a PAT's expiry
    "AIRTABLE_PAT=patxxxxxxxxxxxxxxxxxxxxx",
    "config_path=/etc/acme/worker/settings.yaml",
    "glob_pattern: src/**/generated_schema_v2.py",
    "[10:02] Pat: Tq8Lm3Vz7Rx2Kp9Wc4Yb6Nh1J is the ticket's hash, not a secret",
    "GITLAB_PAT_EXPIRES=2027-01-31T00:00:00Z",
    "OAUTH: enabled for the admin console",
    # session: a session's id, a count, a word, a UUID as a session's id
    "session_id: 9c4e1a7b3f2d8e6a0b5c9d1e7f3a2b8c",
    "session: 4 of 12 (the afternoon block)",
    '{"session": "2e8f4a6c-1b9d-4c7e-a3f5-0d8b6e2c9a41", "event": "page_view"}',
    # signed: a key id, an algorithm, a path, a published example
    "the release tags are signed with 3AA5C34371567BD2 (GPG key id)",
    "the tokens are signed with sha256 over the payload",
    "the artefacts are signed with /etc/keys/release.pem on the build box",
    "in the docs example the requests are signed with 8d3f6a0c5e9b1d7a3f2c8e4b6d0a9f1e",
    # hexnames: a cache key, an object key, a public key, a typed pattern, a docs example
    "the BUILD_CACHE_KEY is 3f9a7c1e5b2d8f4a6c0e9b1d7a3f5c2e",
    "s3_object_key '8b2e6d0a4f9c1e7b3d5a2f8c6e0b4d9a'",
    "DISCORD_PUBLIC_KEY is c5e9b1d7a3f2c8e4b6d0a9f1e7c3b5d2c5e9b1d7a3f2c8e4b6d0a9f1e7c3b5d2",
    "STAGING_SIGNING_KEY is 0123456789abcdef0123456789abcdef",
    "the docs example: LABSYNC_HARVEST_KEY is c5e9b1d7a3f2c8e4b6d0a9f1e7c3b5d2",
]


@contextmanager
def switched_off(name: str) -> Iterator[None]:
    attr = SWITCHES[name]
    saved = getattr(credwords, attr)
    setattr(credwords, attr, False)
    try:
        yield
    finally:
        setattr(credwords, attr, saved)


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
    assert list(credwords.credential_words("MY_PAT: short", "my_pat: short", 6)) == []
    text = "the weather is fine " + "x" * 40
    assert list(credwords.credential_words(text, text.lower(), 40)) == []


def test_drawn_reason() -> None:
    assert credwords.drawn_reason("Wq3ZrT8vNm2LkP7xYc4HbJ9s") is None
    assert credwords.drawn_reason("k3x9tq7vz2mw8rj4pl6ns1yh5bcd0f") is None
    assert credwords.drawn_reason("patxxxxxxxxxxxxxxxxxxxxx") is not None
    assert credwords.drawn_reason("00000000-0000-4000-8000-000000000000") is not None
    assert credwords.drawn_reason("2e8f4a6c-1b9d-4c7e-a3f5-0d8b6e2c9a41", uuid_ok=False) \
        is not None
