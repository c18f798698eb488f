"""Wave 17: secrets found by the structure their issuers document (a webhook's secret path
without its host, a device or account key after its documented name, a provider's grouped
app password, an OpenVPN auth-user-pass file's second line), each beside a look-alike that
must stay unchanged. Cases written by hand from the providers' documentation."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

#: (text, the secret that must be gone)
REDACTED = [
    # Slack: T<team>/B<bot>/<24> without hooks.slack.com
    ("notify_url_path: TQ7W2K9ZD/B0R5XH3NPL/Hq8rV2mKcX4pLz9Tb6Ny1WsE", "Hq8rV2mKcX4pLz9Tb6Ny1WsE"),
    # Discord: <snowflake>/<token> without discord.com/api/webhooks
    ("ALERTS=918273645546372819/Zq9-xV2mK_cX4pLz9Tb6Ny1WsEa8Rt3YuIo0PaSdFgHjKlZxCvBnMqWeRtYuIoP",
     "Zq9-xV2mK_cX4pLz9Tb6Ny1WsEa8Rt3YuIo0PaSdFgHjKlZxCvBnMqWeRtYuIoP"),
    # a value given to a webhook's name
    ("TEAMS_WEBHOOK = 'p4Rk9ZxQ2mWv7LtB1cYh8NsD'", "p4Rk9ZxQ2mWv7LtB1cYh8NsD"),
    # Zapier: the account id goes with the hook id
    ("POST https://hooks.zapier.com/hooks/catch/4471023/3kq9zmw/", "4471023/"),
    # Microsoft Teams: <group>@<tenant>/IncomingWebhook/<32 hex>/<GUID>, without the host
    ("connector: 1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d@9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a"
     "/IncomingWebhook/5e0c2a9b7d4f41c8a3e6b1d9f0c2e4a7/7a6b5c4d-3e2f-4109-8a7b-6c5d4e3f2a1b",
     "5e0c2a9b7d4f41c8a3e6b1d9f0c2e4a7"),
    # LoRaWAN AppKey (32 hex) after its name
    ("dev.set_appkey = 9F3A61C0B24E7D58A1C36E90F2B4D817", "9F3A61C0B24E7D58A1C36E90F2B4D817"),
    # a Z-Wave S0 key (zwave-js securityKeys)
    ("z-wave controller S0 legacy key 7D3E90A1C45B28F6E01D9C4A3B7F2E68",
     "7D3E90A1C45B28F6E01D9C4A3B7F2E68"),
    # Thread network key
    ("ot-ctl dataset networkkey 4e8b1f0a9c27d36e5a40b18f7c2d9e31",
     "4e8b1f0a9c27d36e5a40b18f7c2d9e31"),
    # Azure Storage account key (88 base64 characters)
    ("AZURE_STORAGE = pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw0YL4xIB5p/tqg7ui5mX9cfCmZ/a/"
     "lkyU81lSvTfrXFA==",
     "pU3KGCUwux1tEyze1iN7Ltke"),
    # Met Office WOW site authentication key
    ("wow site authentication key: 7fKq29Lx", "7fKq29Lx"),
    # Google app password (four groups of four)
    ("gmail app password for the reports bot is wkzq hvtr pmxj cfdn", "wkzq hvtr pmxj cfdn"),
    # Apple's hyphenated form, on a login line
    ("imap login for the shared mailbox: ptqz-vmkw-rxjc-hbnd", "ptqz-vmkw-rxjc-hbnd"),
    # OpenVPN auth-user-pass file, second line
    ("auth-user-pass /etc/openvpn/office.pass\nnightly_sync\nT7v!qR2#zLp9w", "T7v!qR2#zLp9w"),
    # pppd chap-secrets
    ("/etc/ppp/chap-secrets:\nbranch7 * Vw3$kP9!mQ2z *", "Vw3$kP9!mQ2z"),
]

UNCHANGED = [
    # a Slack channel id and a Discord id without a token
    "the alerts channel is C0R5XH3NPL, the guild is 918273645546372819",
    # a webhook's name given a route or a flag
    "WEBHOOK_EVENTS=push_events,merge_requests",
    "webhook_path: /api/v1/integrations/github-events",
    # a 32-hex digest beside a LoRaWAN word
    "lorawan firmware md5 9F3A61C0B24E7D58A1C36E90F2B4D817",
    # LoRaWAN's all-zero default and a DevEUI (16 hex: public)
    "AppKey = 00000000000000000000000000000000, DevEUI = 70B3D57ED005A1B2",
    # an SRI digest (64 bytes of base64) in a storage account's lock file
    'azure storage sdk: integrity "sha512-pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw0YL4xIB5p/'
    'tqg7ui5mX9cfCmZ/a/lkyU81lSvTfrXFA=="',
    # a station's name
    "station key: Greenwich (the upload uses the vault entry)",
    # prose in four words of four letters after "password"
    "the password must have more than four words",
    # an OpenVPN config's directives
    "client.ovpn for openvpn:\nclient\nnobind\npersist-key",
]


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_documented_structure_is_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert secret not in cleaned, cleaned
    assert found


@pytest.mark.parametrize("text", UNCHANGED)
def test_look_alike_stays(text: str) -> None:
    assert redact(text)[0] == text
