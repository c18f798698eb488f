"""Wave 25 (secrets kept because of their layout): a setting's name in one slot and its
value in another (:mod:`.siblings`), a key given by position to a call named for
authentication or signing (:mod:`.authcalls`), base64 of ``user:password`` right after a
setting's ``=`` (:mod:`.wrapped`), a sign-in command's ``login USER PASSWORD``
(:mod:`.signins`).

Each reader has rows it must redact (and leaks them when switched off) and near look-alikes
it must leave as they are. The values are made up for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cognimem_plugins.guard import authcalls, keymaterial, linenamed, siblings, signins, wrapped
from cognimem_plugins.guard.secrets import redact

CAUGHT = [
    # keyed: render's envVars, a Postman environment quoted in a mail
    ("keyed", "envVars:\n  - key: STRIPE_SECRET_KEY\n    value: \"Tq7mR2xKp9Lz4Wv8Nc3Hb6Yd\"",
     "Tq7mR2xKp9Lz4Wv8Nc3Hb6Yd"),
    ("keyed", '> {\n>   "key": "BILLING_CLIENT_SECRET",\n>   "value": "Hq8rT2mZx9Lp4Wk7Nc2Vb5Jd",'
              '\n>   "enabled": true\n> }', "Hq8rT2mZx9Lp4Wk7Nc2Vb5Jd"),
    # blocks: ARM parameters, CloudFormation, Terraform, an INI section (also in JSON)
    ("blocks", '"parameters": {\n  "LEDGER_HMAC_KEY": {\n    "value": '
               '"D9BBA1F3711B52A6C18141D14C0683811EFAD4DF95A2941E"\n  }\n}',
     "D9BBA1F3711B52A6C18141D14C0683811EFAD4DF95A2941E"),
    ("blocks", "Parameters:\n  DbPassword:\n    Type: String\n    Default: Lm4xQ8zTw2",
     "Lm4xQ8zTw2"),
    ("blocks", 'variable "ledger_hmac_key" {\n  description = "the ledger key"\n  default'
               '     = "C18141D14C0683811EFAD4DF95A2941ED9BBA1F3711B52A6"\n}',
     "C18141D14C0683811EFAD4DF95A2941ED9BBA1F3711B52A6"),
    ("blocks", "[ledger_client_secret]\nvalue = \"Zx8Pq3Lm7Wv2Rt6Yk4Nb9Hc\"\nrotated = 2026-01-02",
     "Zx8Pq3Lm7Wv2Rt6Yk4Nb9Hc"),
    ("blocks", '{"_raw": "[ledger_api_key]\\nvalue = \\"Vn3qR8zKx4Lm7Tw2Pc9Hb5Yd\\"\\nrotated = '
               '2026-01-02"}', "Vn3qR8zKx4Lm7Tw2Pc9Hb5Yd"),
    # named: an element its Name attribute names
    ("named", '<Config Name="LEDGER_LOGIN_KEY" Target="LEDGER_LOGIN_KEY" Default="" '
              'Mask="false">9c1e4b7a2d8f6e3c5a0b9d7f1e2c4a6b</Config>',
     "9c1e4b7a2d8f6e3c5a0b9d7f1e2c4a6b"),
    # tables: a table's last row closing a JSON string
    ("tables", '{"body": "| env var | value |\\n|---|---|\\n| LEDGER_API_TOKEN | '
               '`Nc3Hb6YdTq7mR2xKp9Lz4Wv8` |"}', "Nc3Hb6YdTq7mR2xKp9Lz4Wv8"),
    # calls: a method on a client's result, an HMAC check, a signing call, a session
    ("calls", "client = LedgerClient('shop', '1.0').with_security(6567132, 'C9A2F4E7B1D3A5F8')",
     "C9A2F4E7B1D3A5F8"),
    ("calls", 'if not is_valid_hmac_notification(item, "9C1E4B7A2D8F6E3C5A0B9D7F1E2C4A6B"):',
     "9C1E4B7A2D8F6E3C5A0B9D7F1E2C4A6B"),
    ("calls", "const sig = JWS.sign('HS256', header, payload, 'Tz7kQ2xLm9Wv4Rp8Nc3Hb6Yd');",
     "Tz7kQ2xLm9Wv4Rp8Nc3Hb6Yd"),
    ("calls", "client.session.start('5be0a1c9f3d7e2b48a6c0f1d9e3b7a25', 'capture', 2)",
     "5be0a1c9f3d7e2b48a6c0f1d9e3b7a25"),
    # basic: base64 of user:password after a setting's '=', a Windows domain's user
    ("basic", "HR_API_BASIC=YXBpLWV4cG9ydDpUcTdtUjJ4S3A5THo0IQ==",
     "YXBpLWV4cG9ydDpUcTdtUjJ4S3A5THo0IQ=="),
    ("basic", 'PI_BASIC: "UExBTlRcc3ZjX2JyaWRnZTpScTh0VzJ6TXg0TGs5IVY="',
     "UExBTlRcc3ZjX2JyaWRnZTpScTh0VzJ6TXg0TGs5IVY="),
    # signins: steamcmd's +login, a ServerQuery login, a -w flag
    ("signins", "steamcmd +login ci_builder Wq7rT3k#Lp9 +run_app_build app.vdf", "Wq7rT3k#Lp9"),
    ("signins", "[code]\nlogin serveradmin 7XsvkNQr\nuse sid=1\n[/code]", "7XsvkNQr"),
    ("signins", "$ omero login -s omero.example -u imaging -w Rk8pQ2mZxL4wT7vN",
     "Rk8pQ2mZxL4wT7vN"),
]

KEPT = [
    # keyed / blocks: a key that names no secret, a reference, a placeholder, a YAML key
    # whose value key is not inside it, a sentence
    "envVars:\n  - key: LOG_LEVEL\n    value: \"debug-verbose-2026\"",
    'variable "db_password" {\n  description = "the password"\n  default     = var.db_secret\n}',
    "[api_token]\nvalue = \"<your token here>\"",
    "api_token:\nvalue: Zx8Pq3Lm7Wv2Rt6Yk4Nb9Hc",
    '"parameters": {\n  "location": {\n    "value": "westeurope-2-Zx8Pq3"\n  }\n}',
    # named: an element without a value, one whose name is no secret's
    '<Config Name="LEDGER_API_KEY" Target="LEDGER_API_KEY" Default="" Mask="true"></Config>',
    '<Config Name="WEBUI_PORT" Target="8080">8080</Config>',
    # tables: a row whose value cell is a variable
    '{"body": "| env var | value |\\n|---|---|\\n| LEDGER_API_TOKEN | `${LEDGER_TOKEN}` |"}',
    # calls: a commit, a UUID, a URL, a word, a call named for no credential
    "repo.checkout('3f2a9c1e4b7d8f6a5c0e9d2b1a7f4c3e8d6b5a09')",
    "auth.get_user('366ee727-d86d-46b5-bf38-322306d1a034')",
    "session.get('https://api.example.com/v1/items?page=2')",
    "login_form.fill('username', 'alice')",
    "JWS.sign('HS256', header, payload, secret_from_env)",
    "hashlib.sha256('Tz7kQ2xLm9Wv4Rp8Nc3Hb6Yd'.encode())",
    # basic: a pagination cursor (a field and a date), a setting's plain base64 text
    "cursor=dXBkYXRlZF9hdDoyMDI2LTEyLTAyVDAwOjAwOjAwWg==",
    "NOTE=aGVsbG8gd29ybGQsIHRoaXMgaXMgYSBub3Rl",
    # signins: prose, a plain password, a variable, one argument
    "after login the admin Dashboard opens",
    "steamcmd +login anonymous +app_update 740 validate",
    "omero login -s omero.example -u imaging -w $OMERO_PASS",
    "login serveradmin secret",
]

_SWITCHES = {"keyed": (siblings, "READ_KEYED"), "blocks": (siblings, "READ_BLOCKS"),
             "named": (siblings, "READ_NAMED"), "tables": (siblings, "READ_TABLES"),
             "calls": (authcalls, "READ_AUTH_CALLS"), "basic": (wrapped, "READ_SETTINGS"),
             "signins": (signins, "READ_SIGNINS")}


@contextmanager
def _off(mechanism: str) -> Iterator[None]:
    module, name = _SWITCHES[mechanism]
    saved = getattr(module, name)
    setattr(module, name, False)
    # wave 25's key-material reader also reads a key given to a signing call: off with
    # "calls", so the row is this reader's to lose
    kin = keymaterial.READ_KEY_CALLS
    keymaterial.READ_KEY_CALLS = kin and mechanism != "calls"
    # (wave 27) :mod:`.linenamed` reads a random value after any credential noun: off
    # too, so the row is this reader's to lose
    kin27 = linenamed.READ_LINE_NAMED, linenamed.READ_SHORT
    linenamed.READ_LINE_NAMED = linenamed.READ_SHORT = False
    try:
        yield
    finally:
        linenamed.READ_LINE_NAMED, linenamed.READ_SHORT = kin27
        setattr(module, name, saved)
        keymaterial.READ_KEY_CALLS = kin


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
    text = "the weather is fine, see you at noon (bring the umbrella)"
    assert list(siblings.sibling_pairs(text)) == []
    assert list(authcalls.auth_call_secrets(text, text.lower())) == []
    assert list(signins.signin_passwords(text, text.lower())) == []
