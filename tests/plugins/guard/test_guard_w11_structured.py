"""Wave 11's redaction families: what each catches and the look-alikes it must keep."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact, scan

_HEX_LINES = "\n".join(["e29b4f5eaac35e0c80c81a3fc3e696da", "06497b86d79f64afcb55ae7e5b45bd31",
                        "fa13d5c9b22fff0d621dfe7a9fb6cdd2", "4fbea6963f73dddd4173deb6a0a5806f"])


def _kinds(text: str) -> dict[str, int]:
    return redact(text)[1]


@pytest.mark.parametrize("text", [
    f"<tls-crypt>\n-----BEGIN OpenVPN Static key V1-----\n{_HEX_LINES}\n"
    "-----END OpenVPN Static key V1-----\n</tls-crypt>",
    f"-----BEGIN SYMMETRIC KEY-----\n{_HEX_LINES}\n",  # cut short: to the end of the text
])
def test_an_armoured_key_is_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert kinds == {"armoured_key": 1}
    assert "e29b4f5eaac35e0c" not in cleaned and "-----BEGIN" in cleaned


@pytest.mark.parametrize("text", [
    f"-----BEGIN PUBLIC KEY-----\n{_HEX_LINES}\n-----END PUBLIC KEY-----",
    f"-----BEGIN PGP PUBLIC KEY BLOCK-----\n{_HEX_LINES}\n-----END PGP PUBLIC KEY BLOCK-----",
    f"-----BEGIN CERTIFICATE-----\n{_HEX_LINES}\n-----END CERTIFICATE-----",
    "-----BEGIN OpenVPN Static key V1-----\n-----END OpenVPN Static key V1-----",
])
def test_public_keys_certificates_and_empty_blocks_are_kept(text: str) -> None:
    assert _kinds(text) == {}


def test_a_private_key_block_keeps_its_kind() -> None:
    body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7" * 2
    text = f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----"
    assert _kinds(text) == {"private_key": 1}


@pytest.mark.parametrize("text", [
    "Application password for the front end: Kk9F xGkT mVmU OyF4 11ZA vb61",
    'curl --user "editor:rxf3 PIMX t8p4 wKag k1hb rJIV" https://blog.example/wp-json/',
    "new application password (name: n8n): TmgN iBCI GRQT BPpB llqU wjAa",
])
def test_a_wordpress_application_password_is_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert "wordpress_application_password" in kinds or "password_assignment" in kinds
    assert "xGkT" not in cleaned and "PIMX" not in cleaned and "iBCI" not in cleaned


@pytest.mark.parametrize("text", [
    "GPG key fingerprint E856 AFC9 B2E9 B556 97B9 4883 5DAB 7289 A2F0 32BF; password later",
    "The password? Good luck with your book club tonight",
    "password change by year: 2006 2008 2010 2012 2014 2016",
    "license password table: AB12 CD34 EF56 GH78 IJ90 KL12",
    "Kk9F xGkT mVmU OyF4 11ZA vb61",  # no word of a password or a credential
])
def test_six_groups_that_are_words_years_serials_or_unnamed_are_kept(text: str) -> None:
    assert "wordpress_application_password" not in _kinds(text)


@pytest.mark.parametrize("text,secret", [
    ("url,username,password,httpRealm\nhttps://portal.example,deploy,cX^Pe1_Qk!+*f%O.~.,",
     "cX^Pe1_Qk!+*f%O.~."),
    ('"Title","Username","Password","URL"\n"Router","admin","pF.cE#QId.Iei3hJ=+","http://r"',
     "pF.cE#QId.Iei3hJ=+"),
    ("name\turl\tusername\tpassword\nNAS\thttps://nas\tadmin\tY.tjXrZ%BPMrwLr2~d",
     "Y.tjXrZ%BPMrwLr2~d"),
    ("folder,type,name,login_uri,login_username,login_password,login_totp\n"
     "work,login,Grafana,https://g.example,jonas,pC3UphBR_tJ4+FYR!g,", "pC3UphBR_tJ4+FYR!g"),
])
def test_an_exports_password_column_is_redacted(text: str, secret: str) -> None:
    cleaned, _ = redact(text)
    assert secret not in cleaned and "username" in cleaned.lower()


@pytest.mark.parametrize("text", [
    "name,password_policy,owner\nprod,min 12 characters,alice",  # a column about passwords
    "url,username,password\nhttps://x.example,deploy",  # a row of fewer fields
    "url,username,password\nhttps://x.example,deploy,********",  # masked
    "Our password, they said, is\nnot, as such, written down",  # prose with commas
])
def test_export_look_alikes_are_kept(text: str) -> None:
    assert _kinds(text) == {}


@pytest.mark.parametrize("text,secret", [
    ('<Entry><String><Key>Password</Key><Value ProtectInMemory="True">%GP~*%=9AuJJcK#60A'
     "</Value></String></Entry>", "%GP~*%=9AuJJcK#60A"),
    ("<dict>\n  <key>password</key>\n  <string>Hq7#vLm2pW9x</string>\n</dict>",
     "Hq7#vLm2pW9x"),
])
def test_an_xml_key_value_pair_named_for_a_secret_is_redacted(text: str, secret: str) -> None:
    cleaned, _ = redact(text)
    assert secret not in cleaned


@pytest.mark.parametrize("text", [
    "<String><Key>Title</Key><Value>Router admin 2024</Value></String>",
    "<key>PasswordHint</key><string>the usual one with the year</string>",
    "<key>password</key><string>${VAULT_PASSWORD}</string>",
])
def test_xml_key_value_look_alikes_are_kept(text: str) -> None:
    assert _kinds(text) == {}


@pytest.mark.parametrize("text,secret", [
    ('{"routing_key": "f7d6b4c2e43d5d9d875570c877462c5c", "event_action": "trigger"}',
     "f7d6b4c2e43d5d9d875570c877462c5c"),
    ("PAGERDUTY_INTEGRATION_KEY=6a352dd7b68f1c354b97e6fb5128554f",
     "6a352dd7b68f1c354b97e6fb5128554f"),
    ("-H 'X-Honeycomb-Team: ea43ad419d8b0b69268d17acb55c852d'", "ea43ad419d8b0b69268d17acb55c852d"),
    ("init({ writeKey: 'hcaik_01yjayf3dsqnqqzbbryd9qrb0vmmexq1s4xs973x4xyr6gzb5wknkfkj93' })",
     "hcaik_01yjayf3dsqnqqzbbryd9qrb0vmmexq1s4xs973x4xyr6gzb5wknkfkj93"),
])
def test_pagerduty_and_honeycomb_keys_are_redacted(text: str, secret: str) -> None:
    cleaned, _ = redact(text)
    assert secret not in cleaned


@pytest.mark.parametrize("text", [
    'channel.basic_publish(exchange="orders", routing_key="orders.created.v2", body=b)',
    "-H 'X-Honeycomb-Dataset: checkout-service-prod'",
    "next_page_token: eyJ0aGVtZSI6ImRhcmsiLCJsYW5nIjoiZW4ifQ==",
    '{"NextToken": "AYADeKZ1bXdo3Ckx9vmfBk2QhU0Azq8"}',
])
def test_their_look_alikes_and_pagination_cursors_are_kept(text: str) -> None:
    assert _kinds(text) == {}


def test_a_token_that_is_no_cursor_is_still_redacted() -> None:
    assert _kinds("api_token: Zq8kLm2pW9xYb7Tc4Vd1Nf6G") != {}


def test_each_new_decision_explains_itself() -> None:
    label = "OpenVPN Static key V1"
    text = f"-----BEGIN {label}-----\n{_HEX_LINES}\n-----END {label}-----"
    (decision,) = [d for d in scan(text) if d.redacted]
    assert "ASCII armour" in decision.reason


@pytest.mark.parametrize("text", [
    "xcrun altool --upload-app -f build/app.ipa -u releases@pebble.app -p jrav-tnmv-ikqs-hpsr",
    "app-specific password for the CI Apple ID: gmji-pqvh-agnl-oesr",
    "Transporter login: releases@ledger.app / ipwf-pvgy-iawu-olcc",
])
def test_an_apple_app_specific_password_is_redacted(text: str) -> None:
    cleaned, _ = redact(text)
    assert not any(group in cleaned for group in ("tnmv", "pqvh", "pvgy"))


@pytest.mark.parametrize("text", [
    "the branch is blue-moon-rise-fast, merged yesterday",  # no Apple sign-in in the text
    "Apple ID docs: see the page make-sure-your-apps-work-well",  # five groups, not four
    "notarytool keychain profile: ci-notary-profile-main",  # groups of other lengths
    "altool flag: ABCD-EFGH-IJKL-MNOP",  # capitals: not Apple's shape
])
def test_apple_look_alikes_are_kept(text: str) -> None:
    assert "apple_app_specific_password" not in _kinds(text)


@pytest.mark.parametrize("text", [
    "assert redact('password=' + FAKE_VALUE) == 'password=[REDACTED]'",
    '$dsn = "password=" . $secret . ";host=db";',
    "local s = 'token=' .. token .. '&x=1'",
])
def test_the_code_between_two_string_literals_is_no_value(text: str) -> None:
    assert _kinds(text) == {}


def test_a_quoted_value_with_a_plus_inside_is_still_redacted() -> None:
    cleaned, _ = redact("password='Zq8+kLm2 pW9x'")
    assert "Zq8+kLm2" not in cleaned


@pytest.mark.parametrize("text,secret", [
    ('{"auths": {"quay.io": {"auth": "YnVpbGQ6WUoyZF4jfitrVWouTnRacg=="}}}',
     "YnVpbGQ6WUoyZF4jfitrVWouTnRacg=="),
    ('registry harbor.lan -> auth "cmVwb3J0aW5nOlRJZzkjVnZ+MCFDJTVeMTk="',
     "cmVwb3J0aW5nOlRJZzkjVnZ+MCFDJTVeMTk="),
    ('curl -H "Authorization: Splunk 84521e45-7306-4b14-86a6-327b89766278" https://hec:8088',
     "84521e45-7306-4b14-86a6-327b89766278"),
    ("Authorization: SSWS 00QCjAl4MlV-WPXM5bQ8Jm5YkKLqqT6jJrqfPXdVoK", "00QCjAl4MlV-WPXM"),
    ('client.username_pw_set("gateway-07", "-^+yTSyq~7zinOaD")', "-^+yTSyq~7zinOaD"),
])
def test_registry_auths_authorization_headers_and_paho_passwords(text: str, secret: str) -> None:
    cleaned, _ = redact(text)
    assert secret not in cleaned


@pytest.mark.parametrize("text", [
    '{"auth": "aGVsbG8gd29ybGQgYWdhaW4="}',  # decodes, but to no user:password
    "auth: oauth2-client-credentials-flow",
    "Authorization: Negotiate with the vendor before the renewal window closes",
    "Authorization: Token ${SERVICE_TOKEN}",
    'client.username_pw_set("gateway-07", os.environ["MQTT_PASSWORD"])',
])
def test_their_look_alikes_are_kept_too(text: str) -> None:
    assert _kinds(text) == {}
