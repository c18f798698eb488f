"""(wave 15) Credentials given to tools whose manuals name no password word, each beside a
look-alike that must stay unchanged (the CLI positives are also in test_guard_wave7_kinds'
table, which asks that every rule of commands.py fires)."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

SECRET = "Jm5!tRq8Wz2k"

FOUND = [
    f"vault login {SECRET}",
    f"bw unlock '{SECRET}'",
    f"bw login ana@example.org {SECRET}",
    f"impdp system/{SECRET}@orclpdb directory=dp dumpfile=hr.dmp",
    f"sqlldr userid=scott/{SECRET} control=load.ctl",
    f"rman target sys/{SECRET}@prod",
    f"CONNECT TO sample USER db2inst1 USING {SECRET}",
    f"redis-server /etc/redis.conf --masterauth {SECRET}",
    f"openssl aes-256-cbc -d -k {SECRET} -in a.enc",
    f"rar a -hp{SECRET} archive.rar docs/",
    f"yarn config set npmAuthToken {SECRET}",
    f"poetry config pypi-token.corp {SECRET}",
    f"nuget setapikey {SECRET} -Source https://nuget.example.com",
    f"rclone config create store azureblob account corpdata key {SECRET}",
    f'+set sv_licenseKey "{SECRET}"',
    f"export BW_SESSION='{SECRET}'",
    f'export OP_SESSION_myteam="{SECRET}"',
    f"export SSHPASS='{SECRET}'",
    f'gslt="{SECRET}"',
]

KEPT = [
    "vault login -method=oidc",
    "vault login with your token",
    "vault login $VAULT_TOKEN",
    "bw unlock --raw",
    "bw unlock --passwordenv BW_PASSWORD",
    "expdp system/${ORACLE_PWD}@orcl schemas=hr",
    "db2 connect to sample user db2inst1 using $DB2PASS",
    'redis-server --requirepass "$REDIS_PASSWORD"',
    "npm config set //registry.npmjs.org/:_authToken ${NPM_TOKEN}",
    "poetry config http-basic.acme bob $PASSWORD",
    "nuget push pkg.nupkg -ApiKey %NUGET_KEY%",
    "rclone config create s3 s3 provider AWS env_auth true",
    "./srcds_run -game csgo +sv_setsteamaccount $GSLT -port 27015",
    'SSHPASS="$PASS" sshpass -e ssh host',
    "export BW_SESSION=$(bw unlock --raw)",
    "TF_TOKEN_app_terraform_io=${{ secrets.TF_API_TOKEN }}",
    "openssl enc -aes-256-cbc -kfile key.txt -in a -out b",
    'gslt=""',
    "SERVER_GSLT=${GSLT}",
]


@pytest.mark.parametrize("text", FOUND)
def test_tool_credentials_are_redacted(text: str) -> None:
    cleaned, kinds = redact(text)
    assert kinds and SECRET not in cleaned


@pytest.mark.parametrize("text", KEPT)
def test_tool_lookalikes_are_kept(text: str) -> None:
    assert redact(text) == (text, {})
