"""Wave 8 (#39): precision by kind, and the documented secret formats that slipped.

Every text here is written for these tests from a provider's or a standard's documented
syntax (never a split's row): public material is public by its format (publishable-key
prefixes, minisign, SSH, PEM and PGP public blocks, JWKs' public members, a key its line
names public), references and vocabulary are kept (a command's output, an algorithm's
name, a data structure's key, a versioned name, a name inside a path), and the formats a
survey of the providers' documentation found missing are redacted. Fake credentials are
built from each format's documented prefix, alphabet and length with a seeded generator.
"""

from __future__ import annotations

import base64
import json
import random
import string
from typing import Any

import pytest

from cognimem.engine import Engine
from cognimem_plugins.guard.explain import explain
from cognimem_plugins.guard.secrets import Allowlist, Decision, redact, scan

_RNG = random.Random(88)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_LOWER = string.ascii_lowercase + string.digits
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _rand(alphabet: str, n: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _bytes(n: int) -> bytes:
    return bytes(_RNG.randrange(256) for _ in range(n))


def _uuid() -> str:
    return f"{_rand(_HEX, 8)}-{_rand(_HEX, 4)}-{_rand(_HEX, 4)}-{_rand(_HEX, 4)}-{_rand(_HEX, 12)}"


#: an SSH public key's blob (RFC 4253: the key type as a length-prefixed string, the key)
_SSH_BLOB = _b64(len(b"ssh-ed25519").to_bytes(4, "big") + b"ssh-ed25519"
                 + (32).to_bytes(4, "big") + _bytes(32))
#: minisign's own public key, as its README publishes it
_MINISIGN = "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3"
#: an Ed25519 SubjectPublicKeyInfo (RFC 8410), base64 as PEM holds it
_SPKI = _b64(bytes.fromhex("302a300506032b6570032100") + _bytes(32))
#: a chosen password: letters of both cases, digits, symbols
PASSWORD = "Vq7#rT2mLx9w"

# --- 1. public by format: each kept, each redacted before its rule --------------------------

PUBLIC_BY_PREFIX = [
    # Stripe.js and Clerk take the publishable key in the browser (pk_live_, pk_test_)
    pytest.param(f"const stripe = Stripe('pk_live_{_rand(_ALNUM, 99)}');", id="stripe-js"),
    pytest.param(f"CLERK_KEY=pk_test_{_rand(_ALNUM, 40)}", id="clerk"),
    # Supabase's publishable API keys (sb_publishable_; the secret ones are sb_secret_)
    pytest.param(f"SUPABASE_KEY=sb_publishable_{_rand(_ALNUM, 22)}_{_rand(_HEX, 8)}",
                 id="supabase"),
    # PostHog's project API key, sent by every browser (phc_)
    pytest.param(f"POSTHOG_KEY=phc_{_rand(_ALNUM, 43)}", id="posthog"),
    # Mapbox's public tokens (pk.; the secret ones are sk.)
    pytest.param(f"mapboxgl.accessToken = 'pk.eyJ1IjoiZXhhbXBsZSIsImEiOiJ{_rand(_ALNUM, 20)}."
                 f"{_rand(_ALNUM, 22)}';", id="mapbox"),
    # Square's application id (sq0idp-; the secret is sq0csp-)
    pytest.param(f"SQUARE_APP_KEY=sq0idp-{_rand(_ALNUM, 22)}", id="square-app-id"),
    # Plaid's public token, exchanged for an access token (public-<environment>-<uuid>)
    pytest.param(f"PLAID_LINK_TOKEN=public-production-{_uuid()}", id="plaid-public"),
    # Flutterwave's and Omise's public keys
    pytest.param(f"FlutterwaveCheckout({{ public_key: 'FLWPUBK_TEST-{_rand(_HEX, 32)}-X' }})",
                 id="flutterwave"),
    pytest.param(f"OMISE_KEY=pkey_test_{_rand(_LOWER, 19)}", id="omise"),
]


@pytest.mark.parametrize("text", PUBLIC_BY_PREFIX)
def test_publishable_keys_are_kept_by_their_documented_prefix(text: str) -> None:
    assert redact(text)[0] == text
    assert any(not d.redacted and "public" in d.reason for d in scan(text))


PUBLIC_BY_STRUCTURE = [
    # minisign and signify public keys: base64 of "Ed", an 8-byte key id and a 32-byte key
    pytest.param(f"release signing key: {_MINISIGN}", "minisign", id="minisign"),
    pytest.param(f"the updater's signing key: {_b64(b'Ed' + _bytes(40))}", "minisign",
                 id="signify"),
    # an age recipient (age1 and 58 Bech32 characters) quoted under a key's name
    pytest.param(f'"api_key": "age1{_rand(_BECH32, 58)}"', "age recipient", id="age"),
    # an SSH public key's blob alone (authorized_keys without its type word)
    pytest.param(f"deploy key for ci: {_SSH_BLOB}", "SSH public key", id="ssh-blob"),
    pytest.param(f"ssh key: {_SSH_BLOB}", "SSH public key", id="ssh-blob-short"),
    # PEM blocks of public material (RFC 7468)
    pytest.param(f"token: -----BEGIN CERTIFICATE----- {_b64(_bytes(30))} -----END CERTIFICATE-----",
                 "CERTIFICATE block", id="pem-certificate"),
    pytest.param(f"api token signer: -----BEGIN PUBLIC KEY----- {_SPKI} -----END PUBLIC KEY-----",
                 "PUBLIC KEY block", id="pem-public-key"),
    pytest.param(f"signing key: -----BEGIN PGP PUBLIC KEY BLOCK----- {_b64(_bytes(30))} "
                 "-----END PGP PUBLIC KEY BLOCK-----", "PGP PUBLIC KEY BLOCK", id="pgp-public"),
    # a JWK's public members (RFC 7517/7518): n and e of an RSA key
    pytest.param('{"keys": [{"kty": "RSA", "kid": "token-signing-2026", "alg": "RS256", '
                 f'"n": "{_b64url(_bytes(256))}", "e": "AQAB"}}]}}', "JWK's public member",
                 id="jwks-rsa"),
]


@pytest.mark.parametrize(("text", "said"), PUBLIC_BY_STRUCTURE)
def test_public_keys_are_kept_by_their_structure(text: str, said: str) -> None:
    assert redact(text)[0] == text
    assert any(not d.redacted and said in d.reason for d in scan(text))


NAMED_PUBLIC = [
    # Web Push's application server key, as the web-push library's README shows it
    pytest.param("VAPID_PUBLIC_KEY=BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckj"
                 "BJuBkr3qBUYIHBQFLXYp5Nksh8U", id="vapid"),
    # reCAPTCHA's documented test site key (its site keys are public, its secret keys not)
    pytest.param("RECAPTCHA_SITE_KEY=6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI", id="recaptcha"),
    # a key of no format the guard knows, that its line names public
    pytest.param(f"the webhook public key: {_b64(b'pk' + _bytes(40))}", id="public-key"),
]


@pytest.mark.parametrize("text", NAMED_PUBLIC)
def test_a_key_its_line_names_public_is_kept(text: str) -> None:
    assert redact(text)[0] == text


def test_a_secret_format_under_a_public_name_stays_redacted() -> None:
    live = f"sk_live_{_rand(_ALNUM, 99)}"
    assert live not in redact(f"STRIPE_PUBLISHABLE_KEY={live}")[0]
    private = _b64url(_bytes(32))
    assert private not in redact(f"VAPID_PRIVATE_KEY={private}")[0]
    age_secret = f"AGE-SECRET-KEY-1{_rand(_BECH32.upper(), 58)}"
    assert age_secret not in redact(f"# created: 2026-12-05\n{age_secret}")[0]
    assert "BEGIN PRIVATE KEY" not in redact(
        f"-----BEGIN PRIVATE KEY-----\n{_b64(_bytes(48))}\n-----END PRIVATE KEY-----")[0]


def test_a_jwk_keeps_its_public_members_and_loses_its_private_ones() -> None:
    # RFC 8037, appendix A.1: an Ed25519 private key as a JWK
    d = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
    x = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
    cleaned = redact(f'token signing JWK: {{"kty": "OKP", "crv": "Ed25519", "d": "{d}", '
                     f'"x": "{x}"}}')[0]
    assert d not in cleaned and x in cleaned and "[REDACTED:jwk_private_key]" in cleaned


# --- 1. references, vocabulary, data structures' keys, versioned names ---------------------

KEPT_BY_KIND = [
    # PowerShell's SecretManagement and Az modules: the value is a cmdlet's output
    pytest.param("$env:GITHUB_TOKEN = (Get-Secret -Name GitHubToken -AsPlainText)",
                 "PowerShell", id="get-secret"),
    pytest.param("$password = (Get-AzKeyVaultSecret -VaultName kv -Name db -AsPlainText)",
                 "PowerShell", id="get-azkeyvaultsecret"),
    # settings that name an algorithm, a mechanism or a mode (PostgreSQL, Kafka, Django)
    pytest.param("password_encryption = scram-sha-256", "algorithm", id="postgres"),
    pytest.param("sasl.password.mechanism: SCRAM-SHA-512", "algorithm", id="kafka-sasl"),
    pytest.param('PASSWORD_SCHEME = "pbkdf2_sha256"', "algorithm", id="django-hasher"),
    pytest.param("db_password_sslmode=verify-full", "algorithm", id="sslmode"),
    # a data structure's key: GitHub Actions' cache key (runner.os, a hash of the lock
    # file), Stripe's Idempotency-Key header, DynamoDB's partition key
    pytest.param(f"cache key: macOS-node-{_rand(_HEX, 64)}", "data structure", id="cache-key"),
    pytest.param(f"Idempotency-Key: {_rand(_ALNUM, 32)}", "data structure", id="idempotency"),
    pytest.param(f"partition key: tenant-{_rand(_ALNUM, 24)}", "data structure",
                 id="partition-key"),
    # a name: words, a version or a date, and a short random suffix (a flag or an experiment)
    pytest.param("password reset experiment: pw_reset_mobile_ui_r11_9wjk", "short suffix",
                 id="experiment-key"),
    pytest.param("the rotation token is billing.portal.ui.2026h1.k3x9", "short suffix",
                 id="flag-key"),
]


@pytest.mark.parametrize(("text", "said"), KEPT_BY_KIND)
def test_references_vocabulary_and_names_are_kept(text: str, said: str) -> None:
    assert redact(text)[0] == text
    assert any(not d.redacted and said in d.reason for d in scan(text))


def test_a_secret_like_name_inside_a_path_names_a_file() -> None:
    # Docker's convention: NAME_FILE holds the path of the secret, mounted under /run/secrets
    text = "DJANGO_SECRET_KEY_FILE=/run/secrets/secret_key\nALLOWED_HOSTS=web.corp.io"
    assert redact(text)[0] == text
    chosen = f"the db_password is {PASSWORD}"
    assert PASSWORD not in redact(chosen)[0], "a name outside a path still names its value"


def test_an_algorithm_is_no_password_but_a_password_is() -> None:
    assert redact("password_hasher: argon2id")[0] == "password_hasher: argon2id"
    assert PASSWORD not in redact(f"password_encryption = {PASSWORD}")[0]
    assert "x7Q2-vN8p!" not in redact("db_password = scram-x7Q2-vN8p!")[0]


# --- 2. secrets: documented formats that slipped, and passwords in prose -------------------

_SB_SECRET = f"sb_secret_{_rand(_ALNUM, 22)}_{_rand(_HEX, 8)}"
_CIRCLECI = f"CCIPAT_{_rand(_ALNUM, 22)}_{_rand(_HEX, 40)}"
_NUGET = f"oy2{_rand(_LOWER, 43)}"
_NR_LICENSE = f"{_rand(_HEX, 36)}NRAL"
_BUILDKITE = f"bkua_{_rand(_HEX, 40)}"
_CRATES = f"cio{_rand(_ALNUM, 32)}"
_RAILS = _rand(_HEX, 32)
_OKTA = f"00{_rand(_ALNUM + '_-', 40)}"
_CF = _rand(_ALNUM + "_", 40)

SECRETS = [
    pytest.param(f"createClient(url, '{_SB_SECRET}')", _SB_SECRET, id="supabase-secret"),
    pytest.param(f"rotated the circleci one, new value {_CIRCLECI}", _CIRCLECI, id="circleci"),
    pytest.param(f"dotnet nuget push pkg.nupkg -k {_NUGET}", _NUGET, id="nuget"),
    pytest.param(f'const license = "{_NR_LICENSE}"', _NR_LICENSE, id="newrelic-license"),
    pytest.param(f"buildkite: {_BUILDKITE}", _BUILDKITE, id="buildkite"),
    pytest.param(f"cargo login {_CRATES}", _CRATES, id="crates-io"),
    # Rails keeps its master key, 32 hex, in config/master.key
    pytest.param(f"$ cat config/master.key\n{_RAILS}\n", _RAILS, id="rails-master-key"),
    # a value under its column's name in an SQL INSERT, a Markdown table's next cell
    pytest.param("INSERT INTO credentials (tenant_id, provider, secret_value, created_at)\n"
                 f"VALUES (42, 'okta', '{_OKTA}', now());", _OKTA, id="sql-insert"),
    pytest.param("| env | name | value |\n|---|---|---|\n"
                 f"| staging | CLOUDFLARE_API_TOKEN | `{_CF}` |", _CF, id="markdown-table"),
    # a Java properties name with dots (a hexadecimal key after api.key)
    pytest.param(f"app.api.key={_RAILS}{_RAILS[:8]}", f"{_RAILS}{_RAILS[:8]}",
                 id="dotted-name"),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_documented_formats_that_slipped_are_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)[0]


def test_a_table_and_an_insert_keep_what_is_no_secret() -> None:
    table = "| name | value |\n|---|---|\n| token_count | 4096 |\n| DB_PASSWORD | see 1Password |"
    assert redact(table)[0] == table
    insert = "INSERT INTO users (name, password_hash) VALUES ('ann', 'x'), ('bob', 'y');"
    assert redact(insert)[0] == insert


_SYMBOLIC = ["(x7Hq)!m~2Lp", "%O+~Rk8oabmL@", "G7#kq!Pz@2"]
PROSE = [
    "the admin password for grafana is {p}",
    'the password was changed to "{p}" yesterday',
    "passcode {p}",
    "the RADIUS shared secret is {p}",
    "break-glass account: ops / {p}",
    "the account deploy / {p} is break-glass",
    "creds for staging are deploy/{p}",
]


@pytest.mark.parametrize("form", PROSE)
@pytest.mark.parametrize("password", _SYMBOLIC)
def test_passwords_in_prose_with_symbols_are_redacted(form: str, password: str) -> None:
    assert password not in redact(form.format(p=password))[0]


@pytest.mark.parametrize("text", [
    "**2. Acrylic Wi-Fi (Windows)**",
    "the password is (see the vault)",
    "the account settings / billing page",
    "my account: alice / eu-west-1b",
])
def test_prose_around_the_new_forms_is_kept(text: str) -> None:
    assert redact(text)[0] == text


# --- explain, the write, MCP, and the split's public names ---------------------------------


def test_explain_shows_why_public_material_is_kept() -> None:
    text = f"const stripe = Stripe('pk_live_{_rand(_ALNUM, 40)}');"
    shown = explain(text)
    kept = [d for d in shown.secrets if not d.redacted]
    assert kept and "publishable key" in kept[0].reason and kept[0].value is not None


def test_explain_command_says_kept_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    from cognimem.cli import main

    assert main(["guard", "--explain", "password_encryption = scram-sha-256",
                 "--profile", "test"]) == 0
    out = capsys.readouterr().out
    assert "kept" in out and "names an algorithm" in out


def test_guard_explain_over_mcp_gives_the_reason() -> None:
    import anyio
    from mcp import Client

    from cognimem.mcp.server import build_server
    from cognimem.profile import load_profile

    async def body() -> Any:
        srv = build_server(load_profile("test", overrides={"mcp": {"tools": "full"}}))
        async with Client(srv) as client:
            result = await client.call_tool("guard_explain",
                                            {"text": f"release signing key: {_MINISIGN}"})
            return result.structured_content

    explained = anyio.run(body)
    assert any(not d["redacted"] and "minisign" in d["reason"] for d in explained["secrets"])


def test_a_write_keeps_public_material_and_redacts_the_secret_beside_it() -> None:
    engine = Engine.from_profile("test")
    try:
        public = f"[Peer]\nPublicKey = {_b64(_bytes(32))}\nEndpoint = vpn.example.org:51820"
        kept = engine.add(f"deploy key for ci: {_SSH_BLOB}").memory
        assert kept.content == f"deploy key for ci: {_SSH_BLOB}"
        assert engine.add(public).memory.content == public
        mixed = engine.add(f"SUPABASE_KEY=sb_publishable_{_rand(_ALNUM, 22)}\n"
                           f"SUPABASE_SECRET={_SB_SECRET}").memory
        assert _SB_SECRET not in json.dumps(engine.export()) and "sb_publishable_" in mixed.content
    finally:
        engine.close()


def test_the_split_keeps_the_public_names_of_secrets() -> None:
    decision = Decision("kind", 0, 1, True, "why")
    assert decision.redacted and Allowlist.of(["x"]).why("x") is not None
