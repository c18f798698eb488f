"""Wave 20 (secrets): a key given by position to a client's constructor or to a credential's
setter (:mod:`cognimem_plugins.guard.constructed`), and a cipher's key length after a
symmetric key's name (:mod:`cognimem_plugins.guard.symmetric`). Each reader has rows it
must redact and near look-alikes it must leave as they are."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

CAUGHT = [
    # a client's constructor, by position (a library no table lists)
    ("misp = PyMISP('https://misp.internal', 'Qz7rW2mKx9LpV4tN8bYc3HdF6gJs1AeU5oTi0RvX', "
     "ssl=True)", "Qz7rW2mKx9LpV4tN8bYc3HdF6gJs1AeU5oTi0RvX"),
    ("api = shodan.Shodan('pN4xK8mQ2vR7tY1wZ5bC9dF3gH6jL0sA')", "pN4xK8mQ2vR7tY1wZ5bC9dF3gH6jL0sA"),
    ('const OT = new OpenTok("46610022", "3b7f0c2e9a41d856e0b3c7f19a2d4e68b5c0a137");',
     "3b7f0c2e9a41d856e0b3c7f19a2d4e68b5c0a137"),
    ('handler = WebhookHandler("7c1e5a9f3b2d8e4c6a0f1b3d5e7a9c2e")',
     "7c1e5a9f3b2d8e4c6a0f1b3d5e7a9c2e"),
    ('let client = Client::new("t1.Xk3Lm9Qp2Rs7Tv4Wy8Za1Bc5De0Fg6Hj");',
     "t1.Xk3Lm9Qp2Rs7Tv4Wy8Za1Bc5De0Fg6Hj"),
    # a credential's setter
    ('config.setAesKey("uR4nD0mB4se64K3yW1thMixedC4seAndD1g1tsXyZ12");',
     "uR4nD0mB4se64K3yW1thMixedC4seAndD1g1tsXyZ12"),
    ("QgsApplication.authManager().setMasterPassword('Tq8+v-Lm3_Rz9!kW', True)",
     "Tq8+v-Lm3_Rz9!kW"),
    ('client.username_pw_set("meter-17", "Hk2-9Lp4xQz7Vw")', "Hk2-9Lp4xQz7Vw"),
    # a symmetric key after its setting's name
    ("<BlockCipherKey>5A1C9E3B7D2F4A6C8E0B1D3F5A7C9E2B</BlockCipherKey>",
     "5A1C9E3B7D2F4A6C8E0B1D3F5A7C9E2B"),
    ('hmac_key = bytes.fromhex("8E2A4C6E0B1D3F5A7C9E1B3D5F7A9C0E2B4D6F8A1C3E5B7D9F0A2C4E6B8D0F1A")',
     "8E2A4C6E0B1D3F5A7C9E1B3D5F7A9C0E2B4D6F8A1C3E5B7D9F0A2C4E6B8D0F1A"),
    ("EncodingAESKey\uff1aQm7Rt2Vx9Zb4Nd8Kf1Hj6Lp3Ws5Yc0Ae7Gu2Io9Tq4E",
     "Qm7Rt2Vx9Zb4Nd8Kf1Hj6Lp3Ws5Yc0Ae7Gu2Io9Tq4E"),
    # the default set on a later line for a variable read from a secret's variable (Go),
    # and the same code quoted in a JSON string
    ('tok := os.Getenv("LINE_CHANNEL_SECRET")\nif tok == "" {\n\ttok = '
     '"4c7e1a9f3b2d8e6c0a5f1b3d7e9a2c4e" // local fallback\n}',
     "4c7e1a9f3b2d8e6c0a5f1b3d7e9a2c4e"),
    ('{"body": "key := os.Getenv(\\"MAPS_API_KEY\\")\\nif key == \\"\\" {\\n\\tkey = '
     '\\"Vb3-9kLm2Qx7Rt4Wz8Yp1Nc6Hd0Fj5Gs\\"\\n}"}', "Vb3-9kLm2Qx7Rt4Wz8Yp1Nc6Hd0Fj5Gs"),
    ('{"text": "KEY = os.environ.get(\\"PL_API_KEY\\", \\"PLAK65294de6b5bdd0f30af81ae53fc81\\")"}',
     "PLAK65294de6b5bdd0f30af81ae53fc81"),
    # an Authorization header's value the formats refuse, curl's user slot
    ('curl -sS -H "Authorization: Basic 7rpdzRcjjF9SGu76" https://rest.example.com/v1/ping',
     "7rpdzRcjjF9SGu76"),
    ("curl https://refs.example/v1/me -H 'Authorization: Bearer q7%%G2p0dnbQy'",
     "q7%%G2p0dnbQy"),
    ("curl https://api.example.com/v1/tasks -u 4fe0b7c1d2e3a4f5b6c7d8e9f0a1b2c3:",
     "4fe0b7c1d2e3a4f5b6c7d8e9f0a1b2c3"),
    ("curl -u 8992upnjyaht061d3trw8erh1h16r1fnhdsxpkkdzseculaiy6sj:token https://logs.example",
     "8992upnjyaht061d3trw8erh1h16r1fnhdsxpkkdzseculaiy6sj"),
    # a command's set NAME VALUE
    ("balena env add WIFI_PASSWORD hT4.cfOcq9mW --fleet edge-gateways", "hT4.cfOcq9mW"),
    ('dotnet user-secrets set "Ami:Secret" "4UV%M45V.EUxOFTc"', "4UV%M45V.EUxOFTc"),
    # code and settings quoted in a JSON string (a notebook's cell, a log's message)
    ('{"text": "handler = WebhookHandler(\\"9d2f4b6a8c0e1f3a5b7c9d1e3f5a7b9c\\")"}',
     "9d2f4b6a8c0e1f3a5b7c9d1e3f5a7b9c"),
    ('{"message": "{\\"s1_api_token\\": \\"Rk8Tq2Lm5Vx9Pz3Wc7Nb1Hd4Fj6Gs0Ay\\", '
     '\\"enabled\\": true}"}', "Rk8Tq2Lm5Vx9Pz3Wc7Nb1Hd4Fj6Gs0Ay"),
    ('const WECHAT_AES_KEY: &str = "Jd8Kf1Hj6Lp3Ws5Yc0Ae7Gu2Io9Tq4EkQm7Rt2Vx9Zb";',
     "Jd8Kf1Hj6Lp3Ws5Yc0Ae7Gu2Io9Tq4EkQm7Rt2Vx9Zb"),
]

KEPT = [
    # a value type's constructor holds its value; hexadecimal alone to a non-client class
    'doc = ObjectId("5f3c2a9b8e7d6c5b4a392817")',
    'u = uuid.UUID("7c1e5a9f-3b2d-4e4c-a0f1-b3d5e7a9c2e1")',
    'h = Sha256Hash("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")',
    'job = Job("7c1e5a9f3b2d8e4c6a0f1b3d5e7a9c2e")',
    "pub = PublicKey('Qz7rW2mKx9LpV4tN8bYc3HdF6gJs1AeU5oTi0RvX')",
    "client = Client('https://api.example.com/v2', 'production-eu-west')",
    "client = Client(os.environ['MISP_KEY'], '${MISP_TOKEN}')",
    'svc = PaymentService("checkout-v2-3fa9", "YOUR_API_KEY_HERE")',
    # a setter's value that is a name, a placeholder or a bare key's hexadecimal
    'cache.setKey("a1b2c3d4e5f60718293a4b5c6d7e8f90")',
    'flags.setKey("new-checkout-flow")',
    "config.setAesKey(process.env.WECHAT_AES_KEY)",
    "user.set_password('changeme')",
    # a symmetric key's name before a hash, an id, a public value or nothing
    "aes_key_id = 5A1C9E3B7D2F4A6C8E0B1D3F5A7C9E2B",
    "SigningKeyFingerprint: 5A1C9E3B7D2F4A6C8E0B1D3F5A7C9E2B",
    "BlockCipherKey: 00000000000000000000000000000000",
    "set EncodingAESKey in the admin console (43 characters, generated there)",
    # a header's placeholder, template, variable or truncated example; curl's plain user
    'curl -H "Authorization: Bearer $API_TOKEN" https://api.example.com',
    'curl -H "Authorization: Bearer YOUR_TOKEN_HERE" https://api.example.com',
    'curl -H "Authorization: Basic {{credentials}}" https://api.example.com',
    "Authorization: Bearer abc12...xyz (truncated in the docs)",
    "Authorization: Basic base64-of-user-and-password",
    "curl -u deploy-user: https://ci.example.com/job/build",
    "curl -u alice:x https://example.com",
    # a command's set of a setting that holds no secret, or of a placeholder or a variable
    "balena env add WIFI_SSID PlantFloor-IoT --fleet edge-gateways",
    "balena env add WIFI_PASSWORD $WIFI_PASSWORD --fleet edge-gateways",
    'dotnet user-secrets set "Ami:Secret" "<your-secret>"',
    "we set password rotation to 90 days on the admin accounts",
    # JSON-quoted settings whose values are no secret
    '{"text": "{\\"s1_api_token\\": \\"${S1_API_TOKEN}\\", \\"enabled\\": true}"}',
    '{"body": "{\\"commit\\": \\"9d2f4b6a8c0e1f3a5b7c9d1e3f5a7b9c4d6e8f0a\\", '
    '\\"request_id\\": \\"7c1e5a9f-3b2d-4e4c-a0f1-b3d5e7a9c2e1\\"}"}',
    '{"text": "handler = WebhookHandler(\\"webhook-secret-name\\")"}',
    # a later default for a variable that holds no secret, or a placeholder default
    'region := os.Getenv("AWS_REGION")\nif region == "" {\n\tregion = "eu-west-1a9f3b2d8e6"\n}',
    'tok := os.Getenv("LINE_CHANNEL_SECRET")\nif tok == "" {\n\ttok = "YOUR_CHANNEL_SECRET"\n}',
    'tok := os.Getenv("API_TOKEN")\nif tok == "" {\n\ttok = os.Getenv("FALLBACK_TOKEN")\n}',
    '{"body": "key := os.Getenv(\\"MAPS_API_KEY\\")\\nif key == \\"\\" {\\n\\tkey = '
    '\\"${MAPS_API_KEY}\\"\\n}"}',
]


#: names whose value is not the key: the symmetric reader alone (another rule may read them)
NOT_KEYS = [
    "encryption_key_sha256: 8E2A4C6E0B1D3F5A7C9E1B3D5F7A9C0E2B4D6F8A1C3E5B7D9F0A2C4E6B8D0F1A",
    "aes_key_arn = 5A1C9E3B7D2F4A6C8E0B1D3F5A7C9E2B",
    "hmac_key_version: 5A1C9E3B7D2F4A6C8E0B1D3F5A7C9E2B",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_w20_catches(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert secret not in cleaned and found, cleaned


@pytest.mark.parametrize("text", KEPT)
def test_w20_keeps_look_alikes(text: str) -> None:
    assert redact(text) == (text, {})


@pytest.mark.parametrize("text", NOT_KEYS)
def test_w20_symmetric_skips_names_of_other_values(text: str) -> None:
    from cognimem_plugins.guard.symmetric import symmetric_keys

    assert not [d for d in symmetric_keys(text, text.lower()) if d.redacted]
    assert [d for d in symmetric_keys(text.replace("_sha256", "").replace("_arn", "")
                                      .replace("_version", ""), text.lower())
            if d.redacted], "the same value after the bare name is a key"
