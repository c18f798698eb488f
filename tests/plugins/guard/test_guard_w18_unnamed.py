"""Wave 18: secrets of providers the rules never named, by class: a bare key after its
provider's name, section, documented header or client call; a password in a protocol's or
an envelope's field; a shared secret or a signing key where its library or tool puts it.
Each beside a look-alike that must stay unchanged. Cases written by hand from the
providers' and the standards' documentation."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact, scan

#: (text, the secret that must be gone)
REDACTED = [
    # class 1: a provider's name, then its credential's noun, then the value
    ("Mailjet REST key for prod, keep it safe: 3b8f2e9c-41d7-4a6b-9e05-c2f1d8a7b6e4",
     "3b8f2e9c-41d7-4a6b-9e05-c2f1d8a7b6e4"),
    ("weatherbit appid 0a9b8c7d6e5f40312a3b4c5d6e7f8091", "0a9b8c7d6e5f40312a3b4c5d6e7f8091"),
    ("Contentstack management token (stack 4411): QkLmNoPrStUvWxYzAbCdEfGhJkLmNoPq",
     "QkLmNoPrStUvWxYzAbCdEfGhJkLmNoPq"),
    # an environment variable's reference, then the literal fallback (a long value whole)
    ('const f = { growthbook_key: process.env.GB_KEY ?? '
     '"gbk-1/Xq9LmP2zW7vR4tY8uI3oK6jH1gF5dS0aQ9wE2rT7y/Zp4Nc8Vb" };',
     "uI3oK6jH1gF5dS0aQ9wE2rT7y/Zp4Nc8Vb"),
    # a section named for the provider
    ("[klaviyo]\nkey = 5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b\nretries = 2",
     "5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b"),
    ("amplitude api:\n  key: 1f2e3d4c5b6a79880a1b2c3d4e5f6071", "1f2e3d4c5b6a79880a1b2c3d4e5f6071"),
    # a header an API documents for its key
    ('curl -H "token: KpLmNoQrStUvWxYzAbCdEfGhIjKlMnOp" https://data.test/api/v2',
     "KpLmNoQrStUvWxYzAbCdEfGhIjKlMnOp"),
    # a client's documented argument
    ("geocoder = OpenCageGeocode('4c3b2a190f8e7d6c5b4a39281706f5e4')",
     "4c3b2a190f8e7d6c5b4a39281706f5e4"),
    ("qc = QdrantClient(url='https://q.test', key='b7a6f5e4-d3c2-4b1a-9f8e-7d6c5b4a3928')",
     "b7a6f5e4-d3c2-4b1a-9f8e-7d6c5b4a3928"),
    # class 2: protocol and envelope fields
    ("8=FIX.4.2\x019=70\x0135=A\x0149=BUYSIDE\x0156=BROKER\x01553=trader7\x01554=Fx!9qLm2\x0110=201\x01",
     "Fx!9qLm2"),
    ("8=FIX.4.4|35=A|553=ops|554=OldPw7x|925=NewPw8y!z|10=100|", "NewPw8y!z"),
    ("<CustPswd><Pswd>Acord!Pw42</Pswd></CustPswd>", "Acord!Pw42"),
    ("ISA*00*          *01*EDIpass99 *ZZ*SUBMITTER01    *ZZ*PAYERX         *261206*0900*^*00501"
     "*000000001*0*P*:~", "EDIpass99"),
    ("9300CNkiosk2|COsip2Secret!|CPBRANCH|AY1AZF0B1", "sip2Secret!"),
    ('"RegisteredUsers" : { "viewer" : "Dic0m-Vw!7" }', "Dic0m-Vw!7"),
    ("::Ticket\nTimeValid 60\nSHA512 tkt8Zq2Lm9Xv\n/Ticket", "tkt8Zq2Lm9Xv"),
    ("register => 1001:ast3risk!Pw@pbx.carrier.test", "ast3risk!Pw"),
    # class 3: shared secrets and signing keys
    ("sig = hmac.new(b'Wh5ecr3t-Signing-Key-99', payload, hashlib.sha256)",
     "Wh5ecr3t-Signing-Key-99"),
    ("const sig = crypto.createHmac('sha256', 'n0d3HmacK3y!x29').update(body)", "n0d3HmacK3y!x29"),
    ("token = jwt.encode(claims, 'Jw7SignK3y_2026x', algorithm='HS256')", "Jw7SignK3y_2026x"),
    ("$ sudo cat /etc/mongodb/keyfile\nZ2xvYmFsLXJlcGxpY2Etc2V0LWtleS0yMDI2LXJhbmRvbQ9x",
     "Z2xvYmFsLXJlcGxpY2Etc2V0LWtleS0yMDI2LXJhbmRvbQ9x"),
    ("OIDCClientSecret Xk9pQ2mLz7wRv4t", "Xk9pQ2mLz7wRv4t"),
    ('var signingKey = []byte("g0S1gn!ngK3y-2026")', "g0S1gn!ngK3y-2026"),
]

#: look-alikes that must stay unchanged
UNCHANGED = [
    # a provider's name and an id, a commit, a public key, a word
    "our Klaviyo list id -> 7c1e0f9a2b3d4c5e6f708192a3b4c5d6",
    "Mailjet campaign 3b8f2e9c-41d7-4a6b-9e05-c2f1d8a7b6e4 went out at nine",
    "the zenodo key point: deposits are versioned, see deposition_versioning_guide",
    "weatherbit key commit 0a9b8c7d6e5f40312a3b4c5d6e7f8091 fixed the parser",
    "Algolia search-only api key 0a9b8c7d6e5f40312a3b4c5d6e7f8091 is public by design",
    "[klaviyo]\nkey = REPLACE_WITH_YOUR_KEY\nretries = 2",
    "[klaviyo]\nkey = 1234\nretries = 2",
    "curl -H 'Ocp-Apim-Subscription-Key: <your-key>' https://x.test",
    "token: the word we use for a unit of text",
    "geocoder = OpenCageGeocode(os.environ['OPENCAGE_KEY'])",
    "qc = QdrantClient(url='https://q.test', api_key=os.environ['QDRANT_KEY'])",
    # protocol look-alikes
    "8=FIX.4.4|35=D|55=AAPL|54=1|38=100|10=100|",
    "the FIX logon carries 554 (Password) and 925 (NewPassword) as tags",
    "<Pswd>${ACORD_PASSWORD}</Pswd>",
    "ISA*00*          *00*          *ZZ*SUBMITTER01    *ZZ*PAYERX         *261206*0900*^*00501"
    "*000000001*0*P*:~",
    "::Ticket\nTimeValid 60\n/Ticket",
    # signing look-alikes
    "sig = hmac.new(key, payload, hashlib.sha256)",
    "token = jwt.encode(claims, settings.SECRET_KEY, algorithm='HS256')",
    "token = jwt.encode(claims, 'your-256-bit-secret', algorithm='HS256')",
    "$ cat /etc/ssh/ssh_host_ed25519_key.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG host",
    "public_key_b64: MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=",
    "OIDCCryptoPassphrase exec:/usr/local/bin/get-oidc-passphrase",
    'var greeting = []byte("hello, world")',
]


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_unnamed_provider_secret_is_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert secret not in cleaned, cleaned
    assert found


@pytest.mark.parametrize("text", UNCHANGED)
def test_look_alike_stays(text: str) -> None:
    assert redact(text)[0] == text


def test_explain_names_the_new_reasons() -> None:
    shown = " ".join(d.reason for d in scan("[klaviyo]\nkey = 5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b\n"
                         "8=FIX.4.4|35=A|554=Fx!9qLm2|10=1|\n"
                         "sig = hmac.new(b'Wh5ecr3t-Signing-Key-99', p, sha256)") if d.redacted)
    assert "section named for its provider" in shown
    assert "FIX Logon" in shown
    assert "HMAC or a JWT call" in shown
