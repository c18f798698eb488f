"""Wave 14's secret families: what each redacts and the look-alikes it must keep unchanged.

The values are random, drawn for these tests; the texts are written here, none copied
from an evaluation split."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.evidence import random_pair, readable_base64, upper_random
from cognimem_plugins.guard.secrets import redact, scan

NKEY = "SAISDYNTJTUYDSHTK4UWZYO6A7KGEIEEVF77AWUIDH77OWPSQXHLMNVJQF"
NKEY_OPERATOR = "SODZ7DNNQEFTUJKMIIE36O4B6FXJLTLQBICOULF6VA2M7BKM4KOQNSKFOA"
NKEY_PUBLIC = "URC7X3J642QECEIEO6JXTVBKI5PXRXSKBJAWJGWXMLLBFZ55MRXGOGR5"
UPPER = "AU4ONCF2RDIWL8XDGII30QJIN6UE3EWB"
UPPER_40 = "NUT7IZF0EXLS7THJI4JV5NIQ9TOBNYNXJ61RWRBB"
UUID = "56819277-72d3-4242-92c6-ecb502b80866"
BODY_28 = "JDl1BtALB6lonF4yEyOgFwdm9Qey"
RANDOM_40 = "xuzh3Sc4kLvuC0bcmJprRUnC5TdpmoLPa8xOdy19"
PAIR = "bEQ3VFJHSW1Sd3VTZUlBSW9oaG46THpTSXM5bnNWNnNpd0d5T3hreXZ4Mg=="
B64_64 = ("j8l73x0FXRCq9bP4BHDUmiLNOOZtxlkxnbNWMl25XjW23EUP76q+TqZsUTY+Y42cgAM/bU8eCnalWxn9FYw"
          "0eQ==")
HEX_32 = "5C87C86D7279755CE00F42304F974B02"
HEX_32_LOW = "d476b0af45dfdf46eefe0619ebd7f1a9"
HEX_20 = "6be14d8322537256032b"
BYTES = "191, 90, 92, 121, 125, 210, 73, 10, 189, 235, 96, 155, 12, 255, 99, 216"
SHORT = "Yfl27r5jGnSk3JzJ5bL2"


def _gone(text: str, value: str) -> bool:
    cleaned, kinds = redact(text)
    return value not in cleaned and bool(kinds)


def _kept(text: str) -> bool:
    return redact(text)[0] == text


# -- documented structures (issued.py) ------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    (f"the gateway signs in with {NKEY}", NKEY),
    (f"nkey seed: {NKEY_OPERATOR}", NKEY_OPERATOR),
    (f"launchdarkly server key sdk-{UUID}", f"sdk-{UUID}"),
    (f"mobile key mob-{UUID} for the iOS app", f"mob-{UUID}"),
    (f"HUBSPOT = 'pat-eu1-{UUID}'", f"pat-eu1-{UUID}"),
    (f'deepl.Translator("{UUID}:fx")', f"{UUID}:fx"),
    (f"zigbee:\n  network_key: [{BYTES}]", BYTES),
    (f"GET https://api.weather.example/v1?lat=1&appid={HEX_32_LOW}", HEX_32_LOW),
    (f"https://maps.example/staticmap?center=0,0&key={RANDOM_40}&size=2", RANDOM_40),
    (f"requests.get(url, auth=('{RANDOM_40}', ''))", RANDOM_40),
    (f"curl -u {RANDOM_40}: https://api.example.com/v1/charges", RANDOM_40),
    (f'client.setApiKey("{SHORT}");', SHORT),
    (f"$gateway->set_access_token('{RANDOM_40}');", RANDOM_40),
])
def test_a_documented_structure_is_redacted(text: str, value: str) -> None:
    assert _gone(text, value)


@pytest.mark.parametrize("text", [
    f"the account's public nkey is {NKEY_PUBLIC}",
    f"request id {UUID} failed at the proxy",
    f"deployment api-{UUID} scaled to 3",
    "zigbee:\n  network_key: GENERATE",
    "network_key: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]",
    "network_key: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
    "https://shop.example/search?key=winter-jackets-for-kids&page=2",
    f"https://example.com/items?page_token={RANDOM_40}",
    "requests.get(url, auth=('alice', ''))",
    "curl -u admin: http://localhost:8080/health",
    'client.setApiKey(process.env.MAIL_KEY);',
    'client.setApiKey("<your key here>");',
])
def test_a_look_alike_of_a_structure_is_kept(text: str) -> None:
    assert _kept(text)


# -- random capitals and digits (evidence.upper_random) -----------------------------------

@pytest.mark.parametrize("text,value", [
    (f"PRINTER_API_KEY={UPPER}", UPPER),
    (f"headers: {{'X-Api-Key': '{UPPER_40}'}}", UPPER_40),
    (f"the render farm key for every node: {UPPER}", UPPER),
])
def test_random_capitals_and_digits_are_a_key(text: str, value: str) -> None:
    assert _gone(text, value)


@pytest.mark.parametrize("value,expected", [
    (UPPER, True), (UPPER_40, True),
    ("MAX_RETRY_COUNT_FOR_UPLOADS", False),  # a constant's name
    ("AES256GCMWITHHMACSHA384", False),  # digits in one or two places
    ("01HV3Z8K4Q9W2XRTY7BNMD5CFG", False),  # a ULID's shape
    ("ABCDEFGHIJKLMNOPQRSTUVWX12", False),  # a sequence, digits in one place
    ("a" * 24, False),
])
def test_upper_random(value: str, expected: bool) -> None:
    assert upper_random(value) is expected


@pytest.mark.parametrize("text", [
    "the event ULID 01HV3Z8K4Q9W2XRTY7BNMD5CFG names the key rotation",
    "API_KEY=MAILGUN_API_KEY_FROM_VAULT",
    "set token = DEFAULT_TOKEN_VALUE_NAME",
])
def test_capitals_with_structure_are_kept(text: str) -> None:
    assert _kept(text)


# -- base64 of an id and a key (evidence.random_pair) -------------------------------------

def test_base64_of_a_random_pair_is_not_readable_text() -> None:
    import base64

    assert random_pair(base64.b64decode(PAIR))
    assert not readable_base64(PAIR)
    assert _gone(f"SEARCH_MASTER_KEY={PAIR}", PAIR)


@pytest.mark.parametrize("plain", [b"User:1234567890123456789", b"user:alice-in-wonderland",
                                   b'{"offset": 40, "limit": 20}', b"gid://shop/Product/1234"])
def test_base64_of_readable_pairs_stays_readable(plain: bytes) -> None:
    import base64

    encoded = base64.b64encode(plain).decode()
    assert not random_pair(plain)
    assert readable_base64(encoded)


# -- tools and directives (commands.py) ---------------------------------------------------

@pytest.mark.parametrize("text,value", [
    (f"influx query 'from(bucket:\"b\")' -o org -t {B64_64}", B64_64),
    (f"influx bucket list --token {B64_64}", B64_64),
    ("snmpget -v 2c -c Tr0ub4dor-77 10.1.1.1 sysUpTime.0", "Tr0ub4dor-77"),
    ("rwcommunity k9Xw2mQ7vL 192.168.0.0/24", "k9Xw2mQ7vL"),
    ("ldap_default_authtok = q7#Lm2vX9pR", "q7#Lm2vX9pR"),
])
def test_a_tool_or_directive_secret_is_redacted(text: str, value: str) -> None:
    assert _gone(text, value)


@pytest.mark.parametrize("text", [
    "snmpwalk -v2c -c public switch-1 ifDescr",
    "rocommunity public default",
    "ldap_default_authtok_type = password",
    "influx -t $INFLUX_TOKEN bucket list",
])
def test_default_communities_and_references_are_kept(text: str) -> None:
    assert _kept(text)


# -- near a name (near.py, names.py) ------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    (f"acme_api_{BODY_28}", f"acme_api_{BODY_28}"),
    (f"the signing token for the nightly export job's storage account: {RANDOM_40}",
     RANDOM_40),
    (f"webhook app secret: {HEX_20}", HEX_20),
    (f"the relay's secret (rotated in May): {HEX_20}", HEX_20),
    (f'"MasterKey": "{RANDOM_40}"', RANDOM_40),
    (f"the exporter uses bearer {RANDOM_40}", RANDOM_40),
    (f"ZWAVE_S2_AUTHENTICATED_KEY={HEX_32}", HEX_32),
    (f"securityKeys.S0_Legacy: {HEX_32}", HEX_32),
    (f"POST https://iot.example/api/v1/{SHORT}/telemetry", SHORT),
])
def test_a_value_named_a_credential_is_redacted(text: str, value: str) -> None:
    assert _gone(text, value)


@pytest.mark.parametrize("text", [
    f"checkout_flag_{BODY_28}",  # no credential's marker: the body must reach 32
    f"the token for the nightly export job. Its run id: {RANDOM_40}",
    f"commit secret-rotation: {HEX_20}",
    f"APNs device token from the lab phone: {HEX_32_LOW}{HEX_32_LOW}",
    f"cache_key: {HEX_32}",
    "GET https://iot.example/api/v1/devices/telemetry",
])
def test_a_value_near_a_name_that_is_no_credential_is_kept(text: str) -> None:
    assert _kept(text)


# -- words describing where a secret is (precision.described_reason) ----------------------

@pytest.mark.parametrize("text", [
    "STRIPE_API_KEY=<from the vault: payments/stripe-live>",
    "PAYMENTS_SECRET_KEY=sk1_<64 hex characters from the dashboard>",
    "MAIL_API_KEY=\nSMS_API_KEY=\nMAPS_API_KEY=",
    "bot access_token: (kept in the unit's credential store)",
])
def test_words_describing_a_secret_are_kept(text: str) -> None:
    assert _kept(text)


def test_a_secret_inside_a_markup_tag_is_still_redacted() -> None:
    text = f'<img src="https://cdn.example/p.png?token={RANDOM_40}" alt="x y">'
    assert _gone(text, RANDOM_40)


# -- recovery phrases (raw_keys.py) --------------------------------------------------------

_PHRASE_12 = "cable divert lumber orchard pilot velvet sunny tribe anchor glimpse nephew ridge"


def test_a_phrase_with_one_word_off_the_list_is_redacted() -> None:
    words = _PHRASE_12.split()
    words[5] = "velvety"  # off the BIP-39 list
    phrase = " ".join(words)
    assert _gone(f"seed phrase: {phrase}", phrase)


def test_prose_naming_a_phrase_is_kept() -> None:
    text = ("the recovery phrase should never be typed into a chat window because anyone who "
            "reads the channel later could take the wallet and every coin held in it")
    assert _kept(text)


def test_explain_shows_the_new_reasons() -> None:
    decisions = scan(f"the gateway signs in with {NKEY}")
    assert any(d.redacted and "nkey" in d.reason for d in decisions)


# -- the second group (written from fresh9 and fresh10's misses) ---------------------------

RANDOM_36 = "8x0u6RTve5bLKJjgVCyFfzz9SEjRcjHjHcSm"
OPS_BODY = ("eyJzaWduSW5BZGRyZXNzIjoibXkuMXBhc3N3b3JkLmNvbSIsInVzZXJBdXRoIjp7Im1ldGhvZCI6IlNSUGct"
            "NDA5NiIsImFsZyI6IlBCRVMyZy1IUzI1NiJ9fQ")
DATA_B64 = "UXg3IW1QMiN2TDl6"  # base64 of a chosen password: readable text, still the secret
HEX_40 = "fcc7031c3f02316f15abe2b522a487bdf0edfcd5"
HEX_64 = "74781a1ce152c34e05c237daf570a0692d49799fb34ef7cba55722f2fb05a54a"
GROUPS = "yry0-6zie-rz5d-4f77-tq4x"


@pytest.mark.parametrize("text,value", [
    (f"ffmpeg -i in.mp4 -f flv rtmp://ingest.example.tv/live2/{GROUPS}", GROUPS),
    (f"server: rtmps://live.example.com:443/app/{RANDOM_36}", RANDOM_36),
    (f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: {DATA_B64}\n",
     DATA_B64),
    (f'new PaymentsClient(clientId, "{RANDOM_36}")', RANDOM_36),
    (f"export OP_SERVICE_ACCOUNT_TOKEN=ops_{OPS_BODY}", f"ops_{OPS_BODY}"),
    (f"StoragePass={RANDOM_36[:20]}", RANDOM_36[:20]),
    (f"JUPYTERHUB_CRYPT_KEY={HEX_64}", HEX_64),
    (f"STREAM_KEY={GROUPS}", GROUPS),
    (f"wandb login {HEX_40}", HEX_40),
    (f"$ terraform output -raw db_password\n{RANDOM_36[:18]}\n", RANDOM_36[:18]),
    (f"@@ -1 +1 @@\n+amqp://svc:{RANDOM_36[:22]}@mq.internal:5672", RANDOM_36[:22]),
    (f'curl -u "{"AbQ3" * 20}:{RANDOM_36}" https://api.example/oauth2', RANDOM_36),
])
def test_a_second_group_value_is_redacted(text: str, value: str) -> None:
    assert _gone(text, value)


@pytest.mark.parametrize("text", [
    "ffmpeg -i in.mp4 -f flv rtmp://localhost/live/stream",
    "rtmp://ingest.example.tv/app/{stream_key}",
    f"apiVersion: v1\nkind: ConfigMap\ndata:\n  greeting: {DATA_B64}\n",
    "kind: Secret\nmetadata:\n  name: db\nstringData:\n  note: see vault\n",
    f'getOrder(orderId, "{UUID}")',
    'fetchUser(userId, "alice.smith.2024.profile")',
    "$ terraform output -raw db_host\ndb.internal.example\n",
    "$ terraform output -raw admin_password\n<sensitive>\n",
    "wandb login --relogin",
])
def test_a_second_group_look_alike_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text,value", [
    (f"signer key for the relays: 0x{HEX_64}", HEX_64),
    (f"DEPLOYER_KEY={HEX_64}", HEX_64),
    ("REDIS_URL=rediss://default:%pQ7%Lm2vX9w@cache.example:6379", "%pQ7%Lm2vX9w"),
])
def test_a_signing_account_key_and_a_percent_password_are_redacted(text: str,
                                                                    value: str) -> None:
    assert _gone(text, value)


@pytest.mark.parametrize("text", [
    f"deployer wallet address hash: {HEX_64}",
    "Server=db;Password=%DB_PASSWORD%;User Id=app",
    "password: %APPDATA%\\vault\\pw.txt",
])
def test_a_transaction_hash_and_a_windows_reference_are_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text,value", [
    (f'fetch("/api", {{"headers": {{"cookie": "sid={RANDOM_36}"}}}})', RANDOM_36),
    (f'Invoke-WebRequest -Uri $u -Headers @{{"Cookie"="JSESSIONID={RANDOM_36}"}}', RANDOM_36),
    (f'{{"name": "sessionid", "value": "{RANDOM_36}", "httpOnly": true}}', RANDOM_36),
    ("transporter auth: { user: 'ops@example.org', pass: 'r7#Vq2mLx9' }", "r7#Vq2mLx9"),
    ('{"user": "ci", "pass": "Gk2!wq9Zp_x"}', "Gk2!wq9Zp_x"),
    ("DATABASE_URL=mysql://app:k2w.Vq9xZ3m.L7p@db.internal/app", "k2w.Vq9xZ3m.L7p"),
])
def test_cookies_pass_keys_and_dotted_url_passwords_are_redacted(text: str, value: str) -> None:
    assert _gone(text, value)


@pytest.mark.parametrize("text", [
    'fetch("/api", {"headers": {"cookie": "theme=dark; lang=en"}})',
    '{"name": "theme", "value": "dark", "httpOnly": false}',
    '{"test": "login", "pass": "true"}',
    "tests: { pass: 'skip' }",
    "postgres://app:${DB_PASSWORD}@db.internal/app",
])
def test_their_look_alikes_are_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text", [
    "rtmp://localhost:1935/live/test_stream_2024",
    "ffmpeg -re -i in.mp4 -f flv rtmp://127.0.0.1/live/camera-front-door-01",
    "nginx-rtmp: rtmp://media.example.org/hls/conference_room_b2",
    "the test should pass: 'all green' on CI",
    "terraform output -raw db_password_secret_name\nprod/db/password",
    "run `wandb login KEY`, then `wandb sync`",
])
def test_stream_names_prose_and_names_of_names_are_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text", [
    "my_api_GetUserProfileQueryV2Handler",
    "commit secret rotation script 6be14d8322537256032b7f0a (see PR)",
    "kind: Secret\ntype: kubernetes.io/tls\ndata:\n"
    "  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n",
    "deployer key address: 0x5FbDB2315678afecb367f032d93F642f64180aa3",
    "token: ABCD1234EFGH5678IJKL9012",
    "renderItem(itemId, 'ProductCardCompactLayoutV2')",
    "apiVersion: v1\nkind: Secret\ndata:\n  username: YWRtaW4=\n",
])
def test_camel_names_other_nouns_certificates_and_addresses_are_kept(text: str) -> None:
    assert _kept(text)
