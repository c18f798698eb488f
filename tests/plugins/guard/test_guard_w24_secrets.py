"""Wave 24 (secrets): the readers of :mod:`.handled`: a value on a line that handles it as a
secret, a credential's HTTP header in any layout, the forms of "password" in Arabic, Hebrew
and Kazakh the word rows miss, a literal piped or given as a here-string to a command that
reads a secret.

Each reader has rows it must redact (and leaks them when switched off) and near look-alikes
it must leave as they are. The values are made up for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cognimem_plugins.guard import credwords, handled, linenamed
from cognimem_plugins.guard.secrets import redact

CAUGHT = [
    # handled: a vault, a revocation, a warning not to paste, "only once", "be careful"
    ("handled", "fyi the billing export value is Qm7rT2xKp9LwZ4vNc8Hd until I move it to the "
                "vault", "Qm7rT2xKp9LwZ4vNc8Hd"),
    ("handled", "new warehouse creds are Jf4!kQ9z@Lm2Rx7 (old one revoked at noon)",
     "Jf4!kQ9z@Lm2Rx7"),
    ("handled", "the mailer one is 9c1e4b7a2d8f6e3c5a0b9d7f1e2c4a6b, please don't paste it "
                "anywhere", "9c1e4b7a2d8f6e3c5a0b9d7f1e2c4a6b"),
    ("handled", "portal shows it only once so here: Zx8Pq3Lm7Wv2Rt6Yk4Nb9",
     "Zx8Pq3Lm7Wv2Rt6Yk4Nb9"),
    # headers: a hash, a log shipper's directive, a session header, a header list's pair
    ("headers", 'headers => { "X-Auth" => "Lr8Kq2Wm9Zt4Xv7Np3Hc" }', "Lr8Kq2Wm9Zt4Xv7Np3Hc"),
    ("headers", "[OUTPUT]\n    Name  http\n    Header X-Api-Key w!8Rk2Qz#m4Lp", "w!8Rk2Qz#m4Lp"),
    ("headers", "curl -H 'X-Museum-Session: 5be0a1c9f3d7e2b48a6c0f1d9e3b7a25' http://host/x",
     "5be0a1c9f3d7e2b48a6c0f1d9e3b7a25"),
    ("headers", '{"name": "Authorization", "value": "Bearer Tq7!mR2x@Kp9Lz"}', "Tq7!mR2x@Kp9Lz"),
    ("headers", 'headers = {"Authorization": "abc3Hx9Qm2Lr7Tz4Wv8Kp1"}', "abc3Hx9Qm2Lr7Tz4Wv8Kp1"),
    # words: Arabic's construct state, Hebrew's spelling without yod, Kazakh's one word
    ("words", "كلمة مرور خادم النسخ الاحتياطي هي Rk8#pQ2mZx", "Rk8#pQ2mZx"),
    ("words", "ססמת השרת היא Lm4!xQ8zTw", "Lm4!xQ8zTw"),
    ("words", "Дерекқор құпиясөзі Wq7$rT3kLp, ұмытпа.", "Wq7$rT3kLp"),
    # piped: stdin of a secret-reading command, a here-string, a process substitution
    ("piped", "printf 'Hq8rT2mZx9Lp4Wk7Nc2Vb' | docker secret create api_key -",
     "Hq8rT2mZx9Lp4Wk7Nc2Vb"),
    ("piped", "pg_restore -U app --password <<< 'Tz7!kQ2x#Lm9' dump.sql", "Tz7!kQ2x#Lm9"),
    ("piped", "rsync -av /a host::b --password-file=<(echo Vn3!qR8z@Kx4)", "Vn3!qR8z@Kx4"),
    # directives: a daemon's config line, a console's command, a line in a JSON string
    ("directives", "2026-12-02T06:49:49Z cache-1 WARN cmd=requirepass hQ4~mW8zR2px",
     "hQ4~mW8zR2px"),
    ("directives", "console: SmtpPassword Wz4^kQ9xLm2R", "Wz4^kQ9xLm2R"),
    ('directives', '{"content": "AdminPassword Tq7+mR2xKp9Lz\\nPort 2306"}', "Tq7+mR2xKp9Lz"),
]

KEPT = [
    # handled: a commit and a UUID named as ids, a field, prose, a path, a variable
    "reverted commit 3f2a9c1e4b7d8f6a5c0e9d2b1a7f4c3e8d6b5a09, rotate the key later",
    "tenant 366ee727-d86d-46b5-bf38-322306d1a034 has 3 API keys, all rotated last week",
    "INFO job=key-rotation run_id=492d7f97-c007-4d66-8376-2d6cee892400 rotated=17 failed=0",
    "please don't paste screenshots into the ticket, link the dashboard instead",
    "the backup is at /srv/backups/2026-12-01.tar.gz until we move it to the vault",
    "the value is $BILLING_TOKEN until we move it to the vault",
    # headers: a request id, an idempotency key, a signature, a placeholder, a scheme alone
    "curl -H 'X-Request-Id: 6f1c2b7e9a4d4c1e8b2f6d5e4a3b2c1d' https://api.example.com",
    '{"Idempotency-Key": "a8f2c9e1-4b7d-4f6a-9c3e-1d2b5a7e8f40"}',
    "X-Hub-Signature-256: sha256=9c1e4b7a2d8f6e3c5a0b9d7f1e2c4a6b9c1e4b7a2d8f6e3c5a0b9d7f1e2c4a6b",
    'headers => { "X-Auth" => "<your-api-key>" }',
    "Authorization: Bearer ${TOKEN}",
    '"X-Tenant-Key": "productioncluster01ab"',
    # words: a hint, a word, a field's name
    "كلمة مرور قوية تحتوي على رموز وأرقام",
    "ססמה חזקה היא ססמה ארוכה",
    # piped: a message to sign, a variable, a command that reads no secret
    "echo 'hello world' | gpg --clearsign",
    'echo "$REGISTRY_TOKEN" | docker login --password-stdin ghcr.io',
    "echo 'Xq8rT2mZx9Lp4Wk' | wc -c",
    # directives: a bypass, a setting's word, a variable, a directive with two words
    "bypass 10.0.0.0/8",
    "requirepass yes",
    "requirepass $REDIS_PASSWORD",
    "AuthToken required for every request",
]

_SWITCHES = {"handled": "READ_HANDLED", "headers": "READ_HEADERS", "words": "READ_WORDS",
             "piped": "READ_PIPED", "directives": "READ_DIRECTIVES"}


@contextmanager
def _off(mechanism: str) -> Iterator[None]:
    name = _SWITCHES[mechanism]
    saved = getattr(handled, name)
    setattr(handled, name, False)
    # (wave 26) a session header's value is also credwords' session reader's (its kin):
    # with "headers" off, that reader is off too, so the row is this module's to lose
    kin = credwords.READ_SESSIONS
    credwords.READ_SESSIONS = kin and mechanism != "headers"
    # (wave 27) :mod:`.linenamed` reads a random value after any credential noun: off
    # too, so the row is this reader's to lose
    kin27 = linenamed.READ_LINE_NAMED, linenamed.READ_SHORT
    linenamed.READ_LINE_NAMED = linenamed.READ_SHORT = False
    try:
        yield
    finally:
        linenamed.READ_LINE_NAMED, linenamed.READ_SHORT = kin27
        setattr(handled, name, saved)
        credwords.READ_SESSIONS = kin


@pytest.mark.parametrize(("mechanism", "text", "secret"), CAUGHT)
def test_caught(mechanism: str, text: str, secret: str) -> None:
    cleaned, _ = redact(text)
    assert secret not in cleaned, cleaned


@pytest.mark.parametrize(("mechanism", "text", "secret"), CAUGHT)
def test_leaks_when_switched_off(mechanism: str, text: str, secret: str) -> None:
    with _off(mechanism):
        cleaned, _ = redact(text)
    assert secret in cleaned


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_kept(text: str) -> None:
    cleaned, found = redact(text)
    assert cleaned == text, found


def test_readers_ask_first_for_their_words() -> None:
    """A text without the readers' words starts none of them."""
    text = "the weather is fine, see you at noon"
    assert list(handled.handled_secrets(text, text.lower())) == []
