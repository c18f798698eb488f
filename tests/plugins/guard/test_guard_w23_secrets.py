"""Wave 23 (secrets): the readers of :mod:`.named_settings`: PIN settings, secret and
certificate ids, a secret's name given as an attribute or a call's argument, short random
values of settings named a key, a secret or a token, UUIDs after a credential's noun, and
the secret half of a sign-in call's or an auth pair's literals.
Each reader has rows it must redact (and leaks them when switched off) and near
look-alikes it must leave as they are. The values are made up for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cognimem_plugins.guard import linenamed, named_settings
from cognimem_plugins.guard.secrets import redact

CAUGHT = [
    # pins: an HSM's PIN in an env file, a JSON porting record, a tool's flags, camel case
    ("pins", "PKCS11_PIN=482913\nPKCS11_MODULE=/usr/lib/softhsm/libsofthsm2.so", "482913"),
    ("pins", '{"porting_order": "PON-1", "account_pin": "730418"}', "730418"),
    ("pins", "softhsm2-util --init-token --free --label ca --so-pin 58204917 --pin 9031",
     "58204917"),
    ("pins", 'tokenConfig = { userPin: "72094", slot: 0 }', "72094"),
    ("pins", "openssl pkeyutl -sign -keyform engine -inkey "
             "'pkcs11:token=ca;object=sign;pin-value=64829173' -in d.bin", "64829173"),
    # secretids: Vault's AppRole, a marketplace's cert id
    ("secretids", "VAULT_ROLE_ID=app-reader\nVAULT_SECRET_ID=3f1c2b7e-9a4d-4c1e-8b2f-6d5e4a3b2c1d",
     "3f1c2b7e-9a4d-4c1e-8b2f-6d5e4a3b2c1d"),
    ("secretids", "vault write auth/approle/login role_id=db "
                  "secret_id=9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
     "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d"),
    ("secretids", "shop:\n  cert_id: PRD-4c2e9a1b7d3f-8e6a4c2b-1d9f-4b7a-8c3e",
     "PRD-4c2e9a1b7d3f-8e6a4c2b-1d9f-4b7a-8c3e"),
    # attrs: an element's value attribute, an element's text, a call's arguments
    ("attrs", '<channel-setting name="lab_db_password" value="7hQ!xr2-Lp9Wz"/>', "7hQ!xr2-Lp9Wz"),
    ("attrs", '<Config Name="BACKUP_PASSWORD" Target="BACKUP_PASSWORD" Mask="false">'
              "qT4~mW8!zR2p</Config>", "qT4~mW8!zR2p"),
    ("attrs", '<property name="hibernate.connection.password">vK3$nP8@qL2x</property>',
     "vK3$nP8@qL2x"),
    ("attrs", "[Environment]::SetEnvironmentVariable('LIS_PASSWORD', 'Zr8&kP2!wQ6m', 'Machine')",
     "Zr8&kP2!wQ6m"),
    # short: a deploy key, a payment gateway's transaction key, a bare key in a block
    ("short", "env:\n  DEPLOY_KEY: hT4_mW9xQe2LzR", "hT4_mW9xQe2LzR"),
    ("short", "AUTHNET_LOGIN_ID=shop01\nAUTHNET_TRANSACTION_KEY=8x7Yz9Qw2Er4Ty6U",
     "8x7Yz9Qw2Er4Ty6U"),
    ("short", 'key = "Jq2vT8kMz4Rw_Ln"', "Jq2vT8kMz4Rw_Ln"),
    # uuids: a collector's token, a CLI's auth, an API token in prose
    ("uuids", "HEC token for the edge forwarder: 6FF4DA0A-F838-4971-8954-1859437F5C1B",
     "6FF4DA0A-F838-4971-8954-1859437F5C1B"),
    ("uuids", "scanner auth 1c4d0606-cc87-4077-959a-6309da553b96",
     "1c4d0606-cc87-4077-959a-6309da553b96"),
    ("uuids", "here is the API token for the bakery so you can finish: "
              "4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d", "4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d"),
    # signin: a robot's sign-in call, a client-credentials call, requests' auth pair
    ("signin", "robot.authenticate('operator', 'pW7xR2kQ9mLzT4vN')", "pW7xR2kQ9mLzT4vN"),
    ("signin", 'tok = api.get_client_credentials_token("c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f", '
               '"Xq8_rT2vLm9pZ4wK7nB3cY6")', "Xq8_rT2vLm9pZ4wK7nB3cY6"),
    ("signin", 'requests.get(url, auth=("svc-sync", "Hn4!qW8zR2pLx6"))', "Hn4!qW8zR2pLx6"),
]

KEPT = [
    # pins: a board's pins, a dependency's pin, a postal PIN, a run, a certificate pin
    "led_pin: 13\nbutton_pin: 4",
    "pin: 1.24.3",
    '{"city": "Bengaluru", "postal_pin": "560001"}',
    "PKCS11_PIN=123456",
    "pkcs11:token=ca;object=sign;pin-source=file:/etc/hsm/pin.txt",
    "ssl_pin = sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    # secretids: a secret manager's name, an ARN, a one-digit UUID, an accessor's name
    'secret_id = "prod/db/password-rotation"',
    "SecretId=arn:aws:secretsmanager:eu-west-1:123456789012:secret:db-AbCdEf",
    "VAULT_SECRET_ID=00000000-0000-0000-0000-000000000000",
    # attrs: an empty form field, a label's text, a getter's placeholder default
    '<input type="password" name="password" value="">',
    '<label name="password_hint">Use your company login</label>',
    'os.getenv("DB_PASSWORD", "changeme")',
    '<param name="token_url" value="https://auth.example.com/oauth/token"/>',
    # short: a cache's key, a name in camel case, digits and letters of one case
    "cache_key: UserProf2024v9x",
    "primaryKey: OrderLineItem2",
    "LICENSE_KEY: ABCD1234EFGH5678",
    "i18n_key: Home.Title2Main",
    # uuids: an id after the noun, a request's token, a path, a UUID after "key" alone
    "token id: 6FF4DA0A-F838-4971-8954-1859437F5C1B",
    "pagination token for the next page 1c4d0606-cc87-4077-959a-6309da553b96",
    "bazel build //services/auth:server  # invocation 4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d",
    "the secret's name in the vault is 4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d",
    # signin: a placeholder, a log message, a default pair, variables
    "client.login('alice', 'password')",
    "audit.login('user logged in', 'from the kiosk')",
    "auth=('admin', 'admin')",
    "robot.authenticate(user, password)",
]

_SWITCHES = {"pins": "READ_PINS", "secretids": "READ_SECRET_IDS", "attrs": "READ_NAME_ATTRS",
             "short": "READ_SHORT", "uuids": "READ_UUIDS", "signin": "READ_SIGN_IN"}


@contextmanager
def _off(mechanism: str) -> Iterator[None]:
    name = _SWITCHES[mechanism]
    saved = getattr(named_settings, name)
    setattr(named_settings, name, False)
    # (wave 27) :mod:`.linenamed` reads a random value after any credential noun: off
    # too, so the row is this reader's to lose
    kin27 = linenamed.READ_LINE_NAMED, linenamed.READ_SHORT
    linenamed.READ_LINE_NAMED = linenamed.READ_SHORT = False
    try:
        yield
    finally:
        linenamed.READ_LINE_NAMED, linenamed.READ_SHORT = kin27
        setattr(named_settings, name, saved)


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


def test_readers_ask_first_for_their_characters() -> None:
    """A text without the readers' words starts none of them."""
    assert list(named_settings.named_settings("the weather is fine", "the weather is fine")) == []
