"""(wave 16) Passwords in prose (a login written as 'account / password', "log in as X
with Y", inflected password words, Tagalog's and Malay's copulas, "I typed ...") and more
tools' documented password flags; each beside a look-alike that stays unchanged."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

SECRET = "Hv6#pQ2!wZ9m"

FOUND = [
    # logins written as the login screen asks for them
    f"PDU management card web UI: apc / {SECRET}",
    f"ILO on rack 3: Administrator / {SECRET}.",
    f"nightly ETL: user ETLSYNC / {SECRET}",
    "camera NVR web admin: admin / 5d1c7e3a-9b2f-4c8d-a6e0-3f7b1d9c2e54",
    f"to reach the archive NAS log in as backup with {SECRET} until Friday",
    # inflected password words and copulas
    f"A levelezőszerver jelszava {SECRET}, ne add tovább.",
    f"Ang password ng wifi sa opisina ay {SECRET}",
    f"password untuk panel admin adalah {SECRET}",
    f"the installer asked for the password, I typed {SECRET} and it went through",
    f"Sunucudaki şifremiz {SECRET}, kimseyle paylaşmayın.",  # noqa: RUF001
    f"security add-internet-password -a ops -s git.example.net -w '{SECRET}'",
    # tools' manuals
    f"signtool sign /fd sha256 /f release.pfx /p {SECRET} setup.exe",
    f'kadmin.local -q "addprinc -pw {SECRET} svc/app01.corp.example"',
    f"snmpget -v3 -l authPriv -u poller -a SHA -A {SECRET} -x AES -X {SECRET}x 10.1.1.1 sysName.0",
    "cloudsmith push rpm acme/tools pkg.rpm -k 5e2b9d7a1c3f8e6b4a0d2c9f7e5b3a1d8c6f4e20",
    f"mc alias set backup https://minio.example.net backupsvc {SECRET}",
    f"cf auth deployer {SECRET}",
    f"aws configure set aws_secret_access_key {SECRET}Qz8 --profile ci",
    f"kubectl create secret generic smtp --from-literal=relay={SECRET}",
    f"hdbuserstore SET BACKUPKEY hana01:30015 BACKUPUSER {SECRET}",
    f"args: ['login', '-u', 'ci-bot', '-p', '{SECRET}', 'registry.example.net']",
    f"printf '%s\\n%s\\n' vpnsvc '{SECRET}' > /etc/openvpn/client/auth.txt",
]

KEPT = [
    "permissions: read / write",
    "ratio: 3 / 4 of the nodes",
    "my account: alice / eu-west-1b",
    "admin: dashboards / Team-Overview_2",
    "layout: header / Sidebar_2 / footer",
    "log in as admin with SSO",
    "the password I typed was wrong twice",
    "the cf auth command takes a user and a password",
    "ssh -p 2222 deploy@host && mkdir -p /srv/app",
    "subprocess.run(['ssh', '-p', '2222', 'host'])",
    "snmpwalk -v2c -c public 10.1.1.1 -A",
    "kubectl create configmap app --from-literal=mode=production",
]


@pytest.mark.parametrize("text", FOUND)
def test_password_found(text: str) -> None:
    cleaned, counts = redact(text)
    assert counts, cleaned
    assert SECRET not in cleaned and SECRET[-5:] not in cleaned and "2e54" not in cleaned


@pytest.mark.parametrize("text", KEPT)
def test_look_alike_kept(text: str) -> None:
    assert redact(text)[0] == text
