"""Wave 21 (secrets): PKCS #8 encrypted private key blocks (:mod:`.formats`), JSON strings
that escape only their line ends (``secrets.ESCAPED_LINES``), a wallet's key in its own export
forms (:mod:`cognimem_plugins.guard.wallets`) and an AWS secret access key beside its key ID
(:mod:`cognimem_plugins.guard.aws_pairs`), a YAML value holding ``=``, XML properties in any
case, names ending in "pass", a command's ``put`` and ``update``, and "key" as a request's
header or parameter, a URL's password holding "@". Each reader has rows it must redact and near
look-alikes it must leave as they are."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

_KEY_LINES = ("MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQIp7Rk2Lw9Qz8CAggA\n"
              "MAwGCCqGSIb3DQIJBQAwHQYJYIZIAWUDBAEqBBBd3k8Vq1Lx7Tr9Wm2Zc5Hy4Nq6\n")
_SOLANA = ("[149, 186, 231, 197, 162, 248, 197, 136, 13, 47, 81, 253, 1, 251, 35, 113, 163, 57, "
           "92, 87, 178, 170, 177, 156, 125, 52, 86, 33, 89, 219, 191, 81, 18, 123, 208, 83, 7, "
           "177, 251, 192, 126, 125, 83, 35, 224, 208, 247, 29, 147, 26, 132, 148, 17, 214, "
           "127, 87, 201, 35, 173, 74, 77, 245, 25, 129]")

CAUGHT = [
    # PKCS #8's encrypted form, with and without its END line (a paste cut short)
    ("-----BEGIN ENCRYPTED PRIVATE KEY-----\n" + _KEY_LINES + "-----END ENCRYPTED PRIVATE KEY-----",
     "BQwwHAQIp7Rk2Lw9Qz8CAggA"),
    ("from the old laptop:\n-----BEGIN ENCRYPTED PRIVATE KEY-----\n" + _KEY_LINES,
     "BQwwHAQIp7Rk2Lw9Qz8CAggA"),
    # a setting's line inside a JSON string that escapes only its line ends
    ('{"user": "U01", "text": "[smtp]\\nhost = mail.example.org\\nuser = alerts\\n'
     'pass = Zw9h-LSKgm2J", "ts": "1733223195.004689"}', "Zw9h-LSKgm2J"),
    # a WIF private key (compressed, uncompressed, testnet), whatever stands before it
    ("$ bitcoin-cli importprivkey Kz4dLEEC25d4ycd1Vax916U3Hs4o9roK7JiAdTNQfbABXqKsCRmn",
     "Kz4dLEEC25d4ycd1Vax916U3Hs4o9roK7JiAdTNQfbABXqKsCRmn"),
    ("old paper wallet: 5JTeghcAJ1bTGzv223FkxJYxM8ieC52tEDAnEF8a18jrxyYMLW7",
     "5JTeghcAJ1bTGzv223FkxJYxM8ieC52tEDAnEF8a18jrxyYMLW7"),
    ('{"note": "faucet wallet cQRco9E3T9KL946GszmGNQy6v6NCpJu1BLrdjspvAhpBnaNaAZQp"}',
     "cQRco9E3T9KL946GszmGNQy6v6NCpJu1BLrdjspvAhpBnaNaAZQp"),
    # a keypair's 64 bytes
    ("$ cat ~/.config/solana/id.json\n" + _SOLANA, "149, 186, 231, 197, 162, 248"),
    ("const payer = Keypair.fromSecretKey(Uint8Array.from(" + _SOLANA + "));",
     "149, 186, 231, 197, 162, 248"),
    # an AWS secret access key beside its key ID: a pasted pair, the console's CSV
    ("new pair for the worker: AKIAQ3EGTY7LM2XKZP4N / R/UObLtOvNr49J1HjUcFw0AMh6Z/14PPRkRIMMsw",
     "R/UObLtOvNr49J1HjUcFw0AMh6Z/14PPRkRIMMsw"),
    # a YAML value that holds "=" after a secret's name (not a name typed by its first part)
    ("services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: Qr7vXk2m=Lp9?Tz%w",
     "Qr7vXk2m"),
    # an XML property element written with a capital, a name ending in "pass" as a word
    ('<Property name="truststorePassword" value="Hn4-Wq8zRt2Vb6Yk"/>', "Hn4-Wq8zRt2Vb6Yk"),
    ('<Set name="x"/><Property name="keystorePass" value="Hn4=Wq8zRt2Vb6Yk"/>', "Hn4=Wq8zRt2Vb6Yk"),
    ('<account><user_pass idx="2">Tz8!Qm4-Wx7Lp</user_pass></account>', "Tz8!Qm4-Wx7Lp"),
    # a key-value store's put, a settings tool's update, the name after its key's path
    ("$ consul kv put site/east/db_password Vq8Lz3Xn7Rk2Tm9W", "Vq8Lz3Xn7Rk2Tm9W"),
    ("$ wp option update mailer_settings_api_key 'mk-Qz7Wx2Rv9Lp4'", "mk-Qz7Wx2Rv9Lp4"),
    # hexadecimal after "key" as a request's own header or parameter
    ('curl -G https://api.example.net/v2/check -H "Key: 5d0c7e2a9f4b1d8e3c6a0f5b2e9d4c7a1f8b3e6d"',
     "5d0c7e2a9f4b1d8e3c6a0f5b2e9d4c7a1f8b3e6d"),
    ('requests.get(url, params={"key": "C4A91E7D3B2F08A6E5D1C9B7F3A2E0D8", "steamid": sid})',
     "C4A91E7D3B2F08A6E5D1C9B7F3A2E0D8"),
    # a URL's password holding "@" unescaped
    ('engine = create_engine("postgresql+psycopg://svc:Qm7@x2Lp=9Vr%T@10.0.0.5/warehouse")',
     "Qm7@x2Lp=9Vr%T"),
    ("Access key ID,Secret access key\n"
     "ASIAQ3EGTY7LM2XKZP4N,R/UObLtOvNr49J1HjUcFw0AMh6Z/14PPRkRIMMsw",
     "R/UObLtOvNr49J1HjUcFw0AMh6Z/14PPRkRIMMsw"),
]

KEPT = [
    # a key block's lines without a key between them
    "-----BEGIN ENCRYPTED PRIVATE KEY-----\n-----END ENCRYPTED PRIVATE KEY-----",
    "openssl pkcs8 -topk8 writes the file as -----BEGIN ENCRYPTED PRIVATE KEY----- (PKCS #8)",
    # a JSON string's setting whose value is a reference, and prose with escaped line ends
    '{"text": "[smtp]\\nuser = alerts\\npass = ${SMTP_PASS}", "ts": "1733223195.004689"}',
    '{"text": "deploy finished\\nall 42 checks passed\\nsee the dashboard"}',
    # a WIF's shape whose checksum fails (one character changed), a Bitcoin address
    "$ bitcoin-cli importprivkey Kz4dLEEC25d4ycd1Vax916U3Hs4o9roK7JiAdTNQfbABXqKsCRmm",
    "send the refund to 18YD1r4A9N4SWiDBSF1bf6kLotUshc1DSo (public address)",
    # an array of 32 bytes (a public key's), of 64 numbers above a byte, of few distinct values
    "pubkey bytes: [" + ", ".join(str(n) for n in range(100, 132)) + "]",
    "latencies_ms = [" + ", ".join(str(300 + n) for n in range(64)) + "]",
    "mask = [" + ", ".join("0" if n % 2 else "255" for n in range(64)) + "]",
    # a typed name in code (the annotation ends at " = ")
    'const api_key: string = process.env.API_KEY ?? "";',
    # XML elements and properties whose names end in "pass" as part of a word
    '<property name="bypass" value="Xk3Lm9Qp2Rs7"/>',
    "<compass>Xk3Lm9Qp2Rs7</compass>",
    "<Property name=\"keystorePass\" value=\"${KEYSTORE_PASS}\"/>",
    # a put or an update of a setting that is no secret's, or of a secret's name without value
    "$ consul kv put site/east/db_pool_size 25",
    "$ wp option update blogdescription 'Just another site'",
    "$ consul kv put site/east/db_password_ttl 3600",
    # "key" as a mapping's or a sentence's, not a request's: a cache key, an object key
    'cache.set({"key": "5d0c7e2a9f4b1d8e3c6a0f5b2e9d4c7a", "ttl": 300})',
    "the cache key is 5d0c7e2a9f4b1d8e3c6a0f5b2e9d4c7a1f8b3e6d for the nightly report",
    # "@" after a URL's host (a query's address, a path's handle), a template's password
    "https://u:${DB_PASS}@db.example/x?notify=ops@example.org",
    "see https://medium.com/@someone and write to me@example.org",
    # AWS's documented example pair
    "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY (from the AWS docs)",
]

#: beside a key ID (itself redacted by its format), a value that is not its secret stays
KEPT_BESIDE = [
    ("AKIAQ3EGTY7LM2XKZP4N rotated in commit 9f1c2e7a4b8d3f6e0a5c9b2d7e4f1a8c3b6d0e9f",
     "9f1c2e7a4b8d3f6e0a5c9b2d7e4f1a8c3b6d0e9f"),
    ("AKIAQ3EGTY7LM2XKZP4N for arn:aws:iam::123456789012:user/ci-deployer-for-the-nightly-jobs",
     "arn:aws:iam::123456789012:user/ci-deployer-for-the-nightly-jobs"),
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_caught(text: str, secret: str) -> None:
    cleaned, _ = redact(text)
    assert secret not in cleaned, cleaned


@pytest.mark.parametrize("text", KEPT)
def test_kept(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize(("text", "value"), KEPT_BESIDE)
def test_kept_beside(text: str, value: str) -> None:
    assert value in redact(text)[0]


_KEY_SWITCHES = ("READ_KEY_NOUNS", "READ_KEY_CALLS", "READ_UPPER_HEX", "READ_TWO_CLASS")
_NAMED_SWITCHES = ("READ_PINS", "READ_SECRET_IDS", "READ_NAME_ATTRS", "READ_SHORT", "READ_UUIDS",
                   "READ_SIGN_IN")


def test_switches_off_miss() -> None:
    """The rows above are caught by the new readers (off, each leaks): the tests can fail."""
    from cognimem_plugins.guard import (
        assigned,
        aws_pairs,
        formats,
        keymaterial,
        linenamed,
        named_settings,
        near,
        pairs,
        secrets,
        setcommands,
        wallets,
    )

    saved = (formats.READ_ENCRYPTED, secrets.ESCAPED_LINES, wallets.READ_WIF,
             wallets.READ_BYTES, aws_pairs.READ_PAIRS, assigned.TYPED_VALUES, pairs.ANY_CASE,
             assigned.PASS_NAMES, setcommands.WIDE_VERBS, near.REQUEST_KEYS, formats.READ_AT)
    try:
        formats.READ_ENCRYPTED = secrets.ESCAPED_LINES = False
        wallets.READ_WIF = wallets.READ_BYTES = aws_pairs.READ_PAIRS = False
        assigned.TYPED_VALUES = pairs.ANY_CASE = assigned.PASS_NAMES = False
        setcommands.WIDE_VERBS = near.REQUEST_KEYS = formats.READ_AT = False
        # (wave 23) :mod:`.named_settings` reads an element's name attribute whatever the
        # element: off with the others, or ``<Property name=...>`` is caught by it
        named = {s: getattr(named_settings, s) for s in _NAMED_SWITCHES}
        for s in _NAMED_SWITCHES:
            setattr(named_settings, s, False)
        # (wave 25) :mod:`.keymaterial` reads key nouns and drawn keys too: off with them
        keys = {s: getattr(keymaterial, s) for s in _KEY_SWITCHES}
        for s in _KEY_SWITCHES:
            setattr(keymaterial, s, False)
        # (wave 27) :mod:`.linenamed` reads a random value after any credential noun
        kin27 = linenamed.READ_LINE_NAMED, linenamed.READ_SHORT
        linenamed.READ_LINE_NAMED = linenamed.READ_SHORT = False
        try:
            leaked = [secret for text, secret in CAUGHT if secret in redact(text)[0]]
        finally:
            linenamed.READ_LINE_NAMED, linenamed.READ_SHORT = kin27
            for s, v in named.items():
                setattr(named_settings, s, v)
            for s, v in keys.items():
                setattr(keymaterial, s, v)
        assert len(leaked) == len(CAUGHT), leaked
    finally:
        (formats.READ_ENCRYPTED, secrets.ESCAPED_LINES, wallets.READ_WIF,
         wallets.READ_BYTES, aws_pairs.READ_PAIRS, assigned.TYPED_VALUES, pairs.ANY_CASE,
         assigned.PASS_NAMES, setcommands.WIDE_VERBS, near.REQUEST_KEYS,
         formats.READ_AT) = saved
