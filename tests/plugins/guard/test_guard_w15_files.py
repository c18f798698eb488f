"""(wave 15) Passwords in the documented formats of credential files (:mod:`.credfiles`),
each beside a look-alike that must stay unchanged. Written by hand from the formats' docs."""

from __future__ import annotations

import base64

import pytest

from cognimem_plugins.guard.secrets import redact

SECRET = "Hq4#wLz8mRt2"
B64 = base64.b64encode(SECRET.encode()).decode()

FOUND = [
    # FileZilla's sitemanager.xml / recentservers.xml
    f'<Server><Host>files.example.net</Host><User>ops</User><Pass encoding="base64">{B64}'
    "</Pass></Server>",
    f"<Server><Host>files.example.net</Host><Pass>{SECRET}</Pass></Server>",
    # Dovecot's passwd-file with a clear-text scheme
    f"ana@mail.example.net:{{PLAIN}}{SECRET}::::::",
    f"bo@mail.example.net:{{CLEARTEXT}}{SECRET}:1001:1001::/home/bo",
    # Postfix's sasl_passwd
    f"[smtp.relay.example.com]:587 relay@example.com:{SECRET}",
    f"# /etc/postfix/sasl_passwd\nsmtp.relay.example.com notify@example.com:{SECRET}",
    # davfs2's secrets file
    f"# /etc/davfs2/secrets\n/mnt/cloud ana {SECRET}",
    f"https://cloud.example.org/remote.php/webdav/ ana {SECRET}",
    # .npmrc _auth (base64 of user:password)
    "_auth=" + base64.b64encode(f"ana:{SECRET}".encode()).decode(),
    # Exim's plaintext authenticators
    "server_condition = ${if eq{$auth3}{" + SECRET + "}}",
    "client_send = ^relayuser^" + SECRET,
    # key/value arrays: OCPP ChangeConfiguration, CloudFormation parameters
    '[2,"19","ChangeConfiguration",{"key":"AuthorizationKey","value":"'
    '7E2A91C04D5B36F8A1C9E07D42B6F3A8"}]',
    f'[{{"ParameterKey": "MasterUserPassword", "ParameterValue": "{SECRET}"}}]',
    # a .pgpass line after a shell's prompt or quoted
    f"$ db-3.example.internal:5432:*:replicator:{SECRET}",
]

KEPT = [
    '<Server><Pass encoding="base64"></Pass></Server>',
    "<Pass>${FTP_PASSWORD}</Pass>",
    "bo@mail.example.net:{SHA512-CRYPT}$6$rounds$abcdefgh::::::",
    "password_scheme = {PLAIN} is not recommended",
    "[smtp.relay.example.com]:587 relay@example.com:YOUR_PASSWORD",
    "- [x] done: see the relay notes",
    "[mail.example.net]:25 is the relay we use",
    "https://cloud.example.org/remote.php/webdav/ see the docs",
    "_auth=${NPM_AUTH}",
    "server_condition = ${if eq{$auth3}{$value}}",
    '{"key":"HeartbeatInterval","value":"300"}',
    '{"key":"AuthorizationKey","value":"<key>"}',
    '{"ParameterKey": "DbPassword", "ParameterValue": "{{resolve:secretsmanager:db}}"}',
    '{"ParameterKey": "ApiKeyName", "ParameterValue": "prod-key"}',
    "at 10:20:30:40:5000 the job ran",
]


@pytest.mark.parametrize("text", FOUND)
def test_credential_file_passwords_are_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert kinds and SECRET not in cleaned and B64 not in cleaned
    assert "7E2A91C04D5B36F8A1C9E07D42B6F3A8" not in cleaned


@pytest.mark.parametrize("text", KEPT)
def test_credential_file_lookalikes_are_kept(text: str) -> None:
    assert redact(text) == (text, {})
