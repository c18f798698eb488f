# ruff: noqa: RUF001  (full-width and CJK punctuation are the point of some texts)
"""The kinds of miss a fourth independent split (fresh4) showed, each as a class written for
these tests from the documented syntax or format (never a split's row): passwords handed to
command-line tools, provider formats, secret names in other languages; and the precision
kinds: references to a secret, calls, stand-in passwords. Fake credentials are built here
from each format's documented prefix, alphabet and length with a seeded generator."""

from __future__ import annotations

import base64
import json
import random
import string
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem_plugins.guard.commands import RULES, command_passwords
from cognimem_plugins.guard.explain import explain
from cognimem_plugins.guard.secrets import redact

_RNG = random.Random(7)
_ALNUM = string.ascii_letters + string.digits
_HEXDIGITS = "0123456789abcdef"
_UPPER = string.ascii_uppercase + string.digits


def _rand(alphabet: str, n: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


#: a password a person chose: letters of both cases, digits, symbols
PASSWORD = "Vq7#rT2mLx9w"

# --- passwords given to command-line tools, one per family's documented flag ---------------

CLI = [
    # (wave 17) registry login -p=, codecov -t, composer's auth settings
    f'docker login -u="ci+bot" -p="{PASSWORD}" reg.example.io',
    f"codecovcli upload-process -t {PASSWORD}",
    f"composer config -g http-basic.repo.example.org ci {PASSWORD}",
    f"composer config -g github-oauth.github.com {PASSWORD}",
    f"redis-cli -h cache -p 6380 -a {PASSWORD} ping",
    f"redis-cli --user app --pass '{PASSWORD}' -h cache",
    f"sqlcmd -S tcp:db,1433 -U sa -P {PASSWORD} -d master",
    f'bcp dbo.orders out orders.dat -S db -U etl -P "{PASSWORD}" -c',
    f"ipmitool -I lanplus -H bmc1 -U admin -P {PASSWORD} chassis status",
    f"htpasswd -bc /etc/apache2/.htpasswd alice {PASSWORD}",
    f"htpasswd -nb alice '{PASSWORD}'",
    f"htpasswd -b -B -C 12 users.htpasswd bob {PASSWORD}",
    f'$pw = ConvertTo-SecureString -String "{PASSWORD}" -AsPlainText -Force',
    f"CREATE USER 'etl'@'10.%' IDENTIFIED BY '{PASSWORD}';",
    f"ALTER USER app IDENTIFIED WITH mysql_native_password BY '{PASSWORD}';",
    f"CREATE ROLE reporter WITH LOGIN PASSWORD '{PASSWORD}';",
    f"openssl pkcs12 -export -in c.pem -inkey k.pem -passout pass:{PASSWORD} -out c.p12",
    f"keytool -importkeystore -srckeystore a.p12 -srcstorepass {PASSWORD} -destkeystore b.jks",
    f"ldapsearch -x -D 'cn=admin,dc=corp' -w {PASSWORD} -b 'dc=corp'",
    f"smbclient //fs01/share -U backup%{PASSWORD}",
    f"xfreerdp /v:10.1.1.5 /u:admin /p:{PASSWORD}",
    f"cmdkey /add:fs01 /user:CORP\\svc /pass:{PASSWORD}",
    f"schtasks /create /tn backup /tr b.cmd /sc daily /ru svc /RP {PASSWORD}",
    f"net user backup {PASSWORD} /add",
    f"net use Z: \\\\fs01\\data {PASSWORD} /user:CORP\\svc",
    f"rabbitmqctl add_user app {PASSWORD}",
    f"zip -P {PASSWORD} -r conf.zip conf/",
    f"7z a -p{PASSWORD} backup.7z data/",
    f"sqlplus system/{PASSWORD}@//db:1521/ORCL",
    f"lftp -u upload,{PASSWORD} sftp://files.example.com",
    f"ssh-keygen -p -P oldpass123 -N '{PASSWORD}' -f ~/.ssh/id_rsa",
    f"echo '{PASSWORD}' | docker login ghcr.io -u bot --password-stdin",
    f"echo {PASSWORD} | sudo -S systemctl restart nginx",
    f"echo 'deploy:{PASSWORD}' | sudo chpasswd",
    f"curl -u deploy:'{PASSWORD}' https://ci.example.com/api/json",
    f"wget --http-user=bot --http-password={PASSWORD} https://files.example.com/x",
    f"helm repo add corp https://charts.example.com --username bot --password {PASSWORD}",
    f"gpg --batch --passphrase {PASSWORD} -d backup.gpg",
    f"az keyvault secret set --vault-name kv --name db --value '{PASSWORD}'",
    f"gcloud secrets versions add db-pass --data-file=- <<< '{PASSWORD}'",
    # (wave 10) a PowerShell cmdlet's -Password, the ftp client's user NAME PASSWORD
    f"Connect-VIServer vc01 -User admin@vsphere.local -Password '{PASSWORD}'",
    f"ftp files01\nuser batch {PASSWORD}\nget report.csv",
    f"wpa_passphrase HomeNet '{PASSWORD}'",
    f"mosquitto_passwd -b /etc/mosquitto/passwd sensor {PASSWORD}",
    f"netsh wlan set hostednetwork mode=allow ssid=Lab key={PASSWORD}",
    f"echo '{PASSWORD}' | kinit admin@CORP.EXAMPLE",
    # (wave 14) influx -t, the Net-SNMP tools' -c, snmpd.conf's communities, sssd's authtok
    f"influx write -b metrics -o home -t {PASSWORD} -f points.lp",
    f"snmpbulkwalk -v2c -c {PASSWORD} edge-router 1.3.6.1.2.1.31",
    f"rocommunity {PASSWORD} 10.20.0.0/16",
    f"ldap_default_authtok = {PASSWORD}",
    f"wandb login --relogin {PASSWORD}",
    f"mcrcon -H mc.example -P 25575 -p {PASSWORD} list",
    f"$ terraform output -raw admin_password\n{PASSWORD}\n$ ",
    # (wave 15) tools' credentials no password word names (tests/.../test_guard_w15_tools.py)
    f"vault login {PASSWORD}",
    f"bw unlock {PASSWORD}",
    f"expdp system/{PASSWORD}@orcl schemas=hr directory=dp",
    f"db2 connect to sample user db2inst1 using {PASSWORD}",
    f"redis-server --requirepass {PASSWORD}",
    f"openssl enc -aes-256-cbc -k {PASSWORD} -in a.tar -out a.enc",
    f"rar a -hp{PASSWORD} backup.rar data/",
    f"npm config set //registry.example.com/:_authToken {PASSWORD}",
    f"poetry config http-basic.corp deploy {PASSWORD}",
    f"nuget push pkg.1.0.0.nupkg -ApiKey {PASSWORD} -Source corp",
    f"x11vnc -display :0 -passwd {PASSWORD}",
    f"rclone config create store s3 provider Ceph secret_access_key {PASSWORD}",
    f"./srcds_run -game tf +map cp_badlands +sv_setsteamaccount {PASSWORD}",
    f"SSHPASS={PASSWORD} sshpass -e rsync -a ./ host:/srv",
    # (wave 16) more tools' manuals (tests/.../test_guard_w16_prose_tools.py)
    f"signtool sign /f code.pfx /p {PASSWORD} app.exe",
    f"pvk2pfx -pvk k.pvk -pi {PASSWORD} -spc c.spc -pfx c.pfx",
    f"certutil -f -p {PASSWORD} -importpfx c.pfx",
    f"kadmin -q 'cpw -pw {PASSWORD} alice'",
    f"> snmp-server user poller POLLERS v3 auth sha {PASSWORD} priv aes 128 {PASSWORD}",
    f"snmpget -v3 -u poller -l authNoPriv -a SHA -A {PASSWORD} 10.0.0.1 sysName.0",
    f"cloudsmith push raw acme/files a.zip -k {PASSWORD}",
    f"security add-generic-password -a ops -s vpn -w {PASSWORD}",
    f"cf auth deployer {PASSWORD}",
    f"mc alias set store https://s3.example.net storesvc {PASSWORD}",
    f"aws configure set aws_secret_access_key {PASSWORD}",
    f"kubectl create secret generic relay --from-literal=upstream={PASSWORD}",
    f"hdbuserstore SET BK hana01:30015 BKUSER {PASSWORD}",
    f"args: ['login', '-u', 'bot', '-p', '{PASSWORD}']",
    f"printf '%s\\n%s\\n' vpnsvc '{PASSWORD}' > /etc/openvpn/auth.txt",
]


@pytest.mark.parametrize("text", CLI, ids=[t.split()[0] if t[0] != "$" else t[:30]
                                          for t in CLI])
def test_passwords_given_to_tools_are_redacted(text: str) -> None:
    cleaned, _ = redact(text)
    assert PASSWORD not in cleaned and "[REDACTED:" in cleaned


CLI_CLEAN = [
    "mysql -u root -p shop",  # -p alone prompts; "shop" is the database
    "htpasswd -c /etc/nginx/.htpasswd admin",  # without -b htpasswd prompts
    'sqlcmd -S db -E -Q "select 1"',
    "scp -P 2222 dump.sql deploy@host:/tmp",  # scp's -P is a port
    "mosquitto_pub -h broker -p 1883 -t x -m hello",
    "openssl enc -aes-256-cbc -pass env:BACKUP_KEY -in a -out b",
    "openssl pkcs12 -export -passout file:/run/secrets/p12 -out c.p12",
    "keytool -list -keystore cacerts -storepass changeit",  # Java's documented default
    "llm --max-tokens 4096 'hi'",
    "cli --no-password mydb",
    "net user alice /add",
    "net user alice * /add",
    "net user alice\nThen we moved on.",
    "rabbitmqctl list_users",
    "ipmitool -H bmc1 power status | grep -P 'on|off'",  # grep's -P, another command
    "CREATE USER app IDENTIFIED EXTERNALLY;",
    "ALTER USER app IDENTIFIED BY VALUES 'S:ABC';",
    "ldapsearch -x -W -D cn=admin -b dc=corp",
    'ipmitool -I lanplus -H bmc -U admin -P "$IPMI_PASS" power status',
    'echo "$PASS" | docker login -u ci --password-stdin',
    "redis-cli -a \"$REDIS_PASSWORD\" ping",
    "sqlcmd -S db -U sa -P $(SA_PASSWORD) -Q 'select 1'",
    'htpasswd -b -c /etc/nginx/.htpasswd admin "$ADMIN_PASS"',
    "$cred = ConvertTo-SecureString $env:SVC_PASS -AsPlainText -Force",
    "CREATE USER app IDENTIFIED BY '${APP_DB_PASSWORD}';",
    "the --token flag takes a personal access token",
    "--api-key $OPENAI_API_KEY",
]


@pytest.mark.parametrize("text", CLI_CLEAN)
def test_tool_lookalikes_and_references_are_left_alone(text: str) -> None:
    assert redact(text) == (text, {})


def test_every_tool_family_has_a_case() -> None:
    """Each rule of commands.py finds the password of a positive case above (another rule
    may redact it first: the generic ``-p`` or a password word)."""
    fired = {rule.family for text in CLI for rule, _, _, value in command_passwords(text)
             if value == PASSWORD}
    assert [r.family for r in RULES if r.family not in fired] == []


# --- provider formats (documented prefix, alphabet, length) -------------------------------


def _discord() -> str:
    snowflake = str(_RNG.randrange(10**17, 10**19)).encode()
    first = base64.urlsafe_b64encode(snowflake).decode().rstrip("=")
    return f"{first}.{_rand(_ALNUM + '_-', 6)}.{_rand(_ALNUM + '_-', 38)}"


FORMATS = {
    "langsmith_key": f"lsv2_pt_{_rand(_HEXDIGITS, 32)}_{_rand(_HEXDIGITS, 10)}",
    "langsmith_key (service key)": f"lsv2_sk_{_rand(_HEXDIGITS, 32)}_{_rand(_HEXDIGITS, 10)}",
    "figma_token": f"figd_{_rand(_ALNUM + '_-', 40)}",
    "planetscale_token": f"pscale_tkn_{_rand(_ALNUM + '_-', 43)}",
    "planetscale_token (password)": f"pscale_pw_{_rand(_ALNUM + '_-', 43)}",
    "openrouter_key": f"sk-or-v1-{_rand(_HEXDIGITS, 64)}",
    "nvidia_key": f"nvapi-{_rand(_ALNUM + '_-', 64)}",
    "brevo_key": f"xkeysib-{_rand(_HEXDIGITS, 64)}-{_rand(_ALNUM, 16)}",
    "dynatrace_token": (f"dt0c01.{_rand(string.ascii_uppercase + string.digits, 24)}."
                        f"{_rand(string.ascii_uppercase + string.digits, 64)}"),
    "readme_key": f"rdme_{_rand(string.ascii_lowercase + string.digits, 70)}",
    "shippo_token": f"shippo_live_{_rand(_HEXDIGITS, 40)}",
    "onepassword_token": f"ops_eyJ{_rand(_ALNUM, 300)}",
    "langfuse_key": (f"sk-lf-{_rand(_HEXDIGITS, 8)}-{_rand(_HEXDIGITS, 4)}-"
                     f"{_rand(_HEXDIGITS, 4)}-{_rand(_HEXDIGITS, 4)}-{_rand(_HEXDIGITS, 12)}"),
    "alibaba_access_key": f"LTAI{_rand(_ALNUM, 20)}",
    "bitbucket_app_password": f"ATBB{_rand(_ALNUM, 32)}",
    "aws_session_token": f"IQoJb3JpZ2luX2Vj{_rand(_ALNUM + '+/', 300)}==",
    "aws_session_token (older)": f"FwoGZXIvYXdzE{_rand(_ALNUM + '+/', 200)}",
    "discord_token": _discord(),
    # the survey of formats with a prefix of their own (gitleaks' published rules and the
    # providers' documentation)
    "onepassword_secret_key": (f"A3-{_rand(_UPPER, 6)}-{_rand(_UPPER, 11)}-{_rand(_UPPER, 5)}-"
                               f"{_rand(_UPPER, 5)}-{_rand(_UPPER, 5)}"),
    "aws_bedrock_key": f"ABSK{_rand(_ALNUM + '+/', 120)}",
    "azure_client_secret": f"{_rand(_ALNUM, 3)}8Q~{_rand(_ALNUM + '_~.-', 34)}",
    "clickhouse_key": f"4b1d{_rand(_ALNUM, 38)}",
    "cloudflare_origin_ca_key": f"v1.0-{_rand(_HEXDIGITS, 24)}-{_rand(_HEXDIGITS, 146)}",
    "duffel_token": f"duffel_live_{_rand(_ALNUM + '_-', 43)}",
    "easypost_key": f"EZAK{_rand(_ALNUM, 54)}",
    "flyio_token": f"fm2_{_rand(_ALNUM + '+/', 120)}",
    "grafana_key": f"eyJrIjoi{_rand(_ALNUM, 80)}",
    "grafana_cloud_token": f"glc_{_rand(_ALNUM + '+/', 60)}",
    "harness_token": f"pat.{_rand(_ALNUM + '_-', 22)}.{_rand(_ALNUM, 24)}.{_rand(_ALNUM, 20)}",
    "maxmind_key": f"{_rand(_ALNUM, 6)}_{_rand(_ALNUM, 29)}_mmk",
    "octopus_key": f"API-{_rand(_UPPER, 26)}",
    "openshift_token": f"sha256~{_rand(_ALNUM + '_-', 43)}",
    "slack_token": f"xoxe-1-{_rand(_UPPER, 146)}",
    "sourcegraph_token": f"sgp_{_rand(_HEXDIGITS, 16)}_{_rand(_HEXDIGITS, 40)}",
    "typeform_token": f"tfp_{_rand(_ALNUM + '_-', 59)}",
    "yandex_key": f"AQVN{_rand(_ALNUM + '_-', 36)}",
    "pinecone_key": f"pcsk_{_rand(_ALNUM, 5)}_{_rand(_ALNUM + '_', 60)}",
    "elevenlabs_key": f"sk_{_rand(_HEXDIGITS, 48)}",
    "sonarqube_token": f"squ_{_rand(_HEXDIGITS, 40)}",
    "firecrawl_key": f"fc-{_rand(_HEXDIGITS, 32)}",
    "neon_key": f"napi_{_rand(string.ascii_lowercase + string.digits, 64)}",
    "e2b_key": f"e2b_{_rand(_HEXDIGITS, 40)}",
    "resend_key": f"re_{_rand(_ALNUM, 8)}_{_rand(_ALNUM, 24)}",
}


@pytest.mark.parametrize(("kind", "value"), FORMATS.items(), ids=list(FORMATS))
def test_documented_formats_are_redacted_alone(kind: str, value: str) -> None:
    """The format alone is evidence: no name nearby, in prose or in code."""
    for text in (f"ok here it is {value} thanks", f"client.run('{value}')"):
        cleaned, found = redact(text)
        assert value not in cleaned and found == {kind.split(" ")[0]: 1}


FORMAT_LOOKALIKES = [
    "lsv2_pt_ is the prefix of a LangSmith personal access token",
    "set figd_ tokens to expire after 30 days",
    # a Discord-shaped value whose first part is not base64 of a numeric id
    "see build MTIzYWJjZGVmZ2hpamtsbW5v.Ab3dE5.Fg7hI9jK1lM3nO5pQ7rS9tU1vW3xY5z",
    "IQoJb3JpZ2luX2Vj is how every AWS session token starts",
    "API-ABCDEFGHIJKLMNOPQRSTUVWXYZ",  # capitals alone: no key mixes no digit in
    "re_compile_patterns_for_all_values",  # a Python name, not a Resend key
    "sha256~ is the prefix of an OpenShift token",
]


@pytest.mark.parametrize("text", FORMAT_LOOKALIKES)
def test_format_lookalikes_are_left_alone(text: str) -> None:
    assert redact(text) == (text, {})


# --- secret names in other languages ------------------------------------------------------

_KEY = "Zq8Lw3Nx6Tb1Rk5Vm9Pc2Hd7Yf4"
_HEX_TOKEN = "c3f81a7e09b24d6c8e5f1a2b3c4d5e6f"

MULTILINGUAL = [
    f"Voici le jeton du bot de staging : {_KEY}",
    f"la clé API pour le bac à sable est {_KEY}",
    f"aquí va la clave de la API: {_KEY}",
    f"segue a chave da API de homologação: {_KEY}",
    f"Der Zugriffsschlüssel für das Backup lautet {_KEY}",
    f"CI anahtarı şu: {_KEY}",
    f"вот токен для бота: {_KEY}",
    f"这是测试环境的密钥：{_HEX_TOKEN}",
    f"本番用のトークンです：{_KEY}",
    f"개발 서버 API 키: {_KEY}",
    f"le token d'accès est {_KEY}",  # an English name, then words with accents
    f"khóa API cho môi trường thử nghiệm: {_KEY}",
    f"kunci API untuk staging: {_KEY}",
    f"το κλειδί API είναι {_KEY}",
    f"מפתח ה-API לסביבת הבדיקות: {_KEY}",
    f"مفتاح API لبيئة الاختبار: {_KEY}",
    f"एपीआई कुंजी: {_KEY}",
]


@pytest.mark.parametrize("text", MULTILINGUAL)
def test_values_after_secret_names_in_other_languages_are_redacted(text: str) -> None:
    value = _HEX_TOKEN if _HEX_TOKEN in text else _KEY
    assert value not in redact(text)[0]


MULTILINGUAL_CLEAN = [
    "la clé de cache est user-profile-v2-3fa9c2",  # a cache key: a name of parts
    "der Schlüssel der Partition ist orders-2026-05-eu-west",
    f"la clé du commit est {_HEX_TOKEN}",  # hexadecimal after a plain "key": a digest
    "el token de la sesión caduca en 3600 segundos",
    "キーは設定ファイルにあります: config/settings.yaml",
    "ключ кэша: user-profile-v2-3fa9c2",
    "密钥存放在 Vault 的 secret/data/prod 路径下",
    "API 키는 환경 변수 OPENAI_API_KEY에 있습니다",
]


@pytest.mark.parametrize("text", MULTILINGUAL_CLEAN)
def test_identifiers_after_names_in_other_languages_are_kept(text: str) -> None:
    assert redact(text) == (text, {})


PROSE_PASSWORDS = [
    (f"Das Root-Passwort für den Build-Server lautet {PASSWORD}, bitte nicht teilen.",
     "a hyphenated compound"),
    (f"das WLAN-Kennwort ist {PASSWORD}", "a hyphenated compound"),
    (f"Salasana testipalvelimelle on {PASSWORD}", "Finnish, whose 'is' is 'on'"),
    (f"Adgangskoden til routeren er {PASSWORD}", "Danish, whose 'is' is 'er'"),
    (f"Heslo k serveru je {PASSWORD}", "Czech, whose 'is' is 'je'"),
    (f"la contrasenya del servidor és {PASSWORD}", "Catalan"),
    (f"parola serverului de test este {PASSWORD}", "Romanian"),
    (f"mật khẩu của máy chủ thử nghiệm là {PASSWORD}", "Vietnamese"),
    (f"kata sandi server staging adalah {PASSWORD}", "Indonesian"),
    (f"пароль от тестового сервера {PASSWORD}", "Russian, no verb"),
    (f"स्टेजिंग सर्वर का पासवर्ड {PASSWORD} है", "Hindi, the verb after the value"),
    (f"كلمة المرور لخادم الاختبار هي {PASSWORD}", "Arabic"),
    (f"הסיסמה לשרת הבדיקות היא {PASSWORD}", "Hebrew, the article joined to the word"),
    (f"ο κωδικός για τον διακομιστή είναι {PASSWORD}", "Greek"),
    (f"รหัสผ่านของเซิร์ฟเวอร์ทดสอบคือ {PASSWORD}", "Thai, no spaces"),
    (f"رمز عبور سرور تست {PASSWORD} است", "Persian"),
    (f"Zugangsdaten: admin / {PASSWORD}", "German 'credentials', user / password"),
]


PROSE_CLEAN = [
    "пароль от prod-db-01 хранится в vault",  # a host's name, not the password
    "пароль от сервера лежит в 1Password, запись Infra/DB",
    "пароль должен содержать не менее 12 символов",
    "كلمة المرور مخزنة في AWS Secrets Manager",
    "ο κωδικός αλλάζει κάθε 90 ημέρες (policy v2.1)",
    "mật khẩu được lưu trong Vault, đường dẫn secret/prod/db",
    "Salasana on tallennettu Vaultiin",
    "Adgangskoden er i 1Password under Infra",
    "la contraseña de este servidor es la misma",  # Spanish "este" is "this"
]


@pytest.mark.parametrize("text", PROSE_CLEAN)
def test_prose_about_a_password_without_one_is_left_alone(text: str) -> None:
    assert redact(text) == (text, {})


@pytest.mark.parametrize(("text", "why"), PROSE_PASSWORDS)
def test_passwords_in_prose_of_more_languages(text: str, why: str) -> None:
    assert PASSWORD not in redact(text)[0], why


def test_english_on_is_not_a_copula() -> None:
    """Finnish "on" is "is"; after an English password word it is a preposition."""
    text = f"set the password on staging: {PASSWORD}"
    assert PASSWORD not in redact(text)[0]
    assert redact("the password on file is stale") == ("the password on file is stale", {})


# --- precision: references, calls, stand-ins ------------------------------------------------

REFERENCES = [
    "set PGPASSWORD=%DB_PASSWORD%",
    "token = %env:GITHUB_TOKEN%",
    "password = vault:secret/data/prod/db#password",
    "api_key: @Microsoft.KeyVault(SecretUri=https://kv.vault.azure.net/secrets/ApiKey/)",
    "db_password: sm://prod-project/db-password",
    "password = ENV.fetch(\"DB_PASSWORD\")",
    "password = getpass.getpass(\"DB password: \")",
    "password = factory.Faker(\"password\")",
    "password = Password::hash(Input::get('password'));",
    "password = settings.DATABASES[\"default\"][\"PASSWORD\"]",
    "password = request.form[\"password\"]",
    "$password = $request->input('password');",
    "Credential cred = GoogleCredentials.getApplicationDefault();",
    "PASSWORD_HASHERS=argon2",
    "AUTH_PASSWORD_VALIDATORS=strict",
    "ENV['TWILIO_AUTH_TOKEN'] ||= ENV.fetch('TWILIO_TOKEN')",
    "const apiKey = import.meta.env.VITE_API_KEY;",
    "password: !secret db_password",  # Home Assistant's documented reference
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",  # a mapping's key
    '"Password": "#{DbPassword}#"',  # Octopus Deploy's token replacement
    "password: ENC[AES256_GCM,data:Tr3kQ9==,iv:Xb7pL2mN4qR8sT1vW5yZ0aC3dE6fG9hJ=,type:str]",
    "password_confirmation: must match password",
    "self.client.login(username='alice', password='alice')",  # the user name again
    "ALTER ROLE app WITH PASSWORD :'app_password';",  # a psql variable
]


@pytest.mark.parametrize("text", REFERENCES)
def test_references_calls_and_names_about_secrets_are_kept(text: str) -> None:
    assert redact(text) == (text, {})


STAND_INS = ['password = "password123"', 'User(email="a@b.c", password="hunter2")',
             "password: P@ssw0rd!", 'token = "test1234"', "admin_password=changeme1",
             # a documentation's stand-in phrase (Microsoft's SQL Server container docs)
             "MSSQL_SA_PASSWORD=yourStrong(!)Password", "api_key=YourApiKeyHere",
             # the user name with stand-in words, in a test's fixture
             'create_user(username="bob", password="bob-password")',
             'User(username="alice", password="alice123")',
             # values their providers publish for everyone: Stripe's docs, Azurite's key
             'stripe.api_key = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"',
             "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNO"
             "cqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"]


@pytest.mark.parametrize("text", STAND_INS)
def test_well_known_stand_in_passwords_are_kept(text: str) -> None:
    assert redact(text) == (text, {})


def test_a_chosen_password_beside_the_stand_ins_is_still_redacted() -> None:
    for text in (f'password = "{PASSWORD}"', f"password: {PASSWORD}",
                 'password = "MyDogRex2024!"', "user: bob\npassword: bobby!Xz9",
                 'stripe.api_key = "sk_test_4eC39HqLyjWDarjtT1zdp8ec"',
                 f"ENV['TWILIO_AUTH_TOKEN'] ||= '{_HEX_TOKEN}'",
                 f"settings.DB_PASSWORD = '{PASSWORD}'"):
        assert redact(text)[1], text


# --- every decision explained ---------------------------------------------------------------


def test_explain_names_the_tool_family_and_never_the_password(
        capsys: pytest.CaptureFixture[str]) -> None:
    from cognimem.cli import main

    shown = explain(f"redis-cli -h cache -a '{PASSWORD}' info")
    redacted = [d for d in shown.secrets if d.redacted]
    assert [d.kind for d in redacted] == ["cli_password"]
    assert "redis-cli" in redacted[0].reason and redacted[0].value is None
    assert main(["guard", "--explain", f"sqlcmd -S db -U sa -P {PASSWORD}", "--profile",
                 "test", "--json"]) == 1  # 1: something was redacted
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert data["secrets"][0]["reason"].endswith("(sqlcmd / bcp / osql / isql -P)")
    assert PASSWORD not in json.dumps(data)


# --- the wifi's password, a key named by its provider ---------------------------------------


def test_a_wifi_password_given_in_prose_is_redacted() -> None:
    text = f"heads up, the guest wifi downstairs is now {PASSWORD}"
    assert PASSWORD not in redact(text)[0]
    for clean in ("the wifi in the office is down again", "WIFI_SSID=Acme-Guest-5G",
                  "the wifi router is a TP-Link AX5400"):
        assert redact(clean) == (clean, {})


def test_a_hexadecimal_key_named_by_its_provider_is_redacted() -> None:
    value = "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c2b4d6f80"
    assert value not in redact(f"the Mailgun key for the EU region is {value}")[0]
    assert value not in redact(f"PagerDuty integration key: {value}")[0]
    assert redact(f"Datadog trace id {value}") == (f"Datadog trace id {value}", {})
    # a plain "key" is not a credential's name: a digest or a cache key looks the same
    kept = f"the cache key for the EU region is {value}"
    assert redact(kept) == (kept, {})


# --- files and secret stores: documented formats of where a password is put ---------------

_AUTH = base64.b64encode(f"deploy:{PASSWORD}".encode()).decode()

STORED = [
    (f"# ~/.pgpass\ndb.internal:5432:shop:app:{PASSWORD}", PASSWORD),
    ('{"auths": {"registry.example.com": {"auth": "' + _AUTH + '"}}}', _AUTH),
    (f"az keyvault secret set --vault-name kv --name db --value '{PASSWORD}'", PASSWORD),
    (f"aws secretsmanager put-secret-value --secret-id db --secret-string '{PASSWORD}'",
     PASSWORD),
    (f"gh secret set NPM_TOKEN --body {_KEY}", _KEY),
    (f"gcloud secrets versions add db-pass --data-file=- <<< '{PASSWORD}'", PASSWORD),
    (f"vercel env add SECRET_KEY production <<< {_KEY}", _KEY),
    (f"ssid Office-5G psk {PASSWORD}", PASSWORD),
    (f"wifi: Office-5G / {PASSWORD}", PASSWORD),
    (f"the recovery code is {_KEY}", _KEY),
]


@pytest.mark.parametrize(("text", "value"), STORED)
def test_passwords_in_files_and_secret_stores_are_redacted(text: str, value: str) -> None:
    assert value not in redact(text)[0]


STORED_CLEAN = [
    "2001:4860:4860:0:0:0:0:8888",  # an IPv6 address, not a .pgpass line
    "db.internal:5432:shop:app:*",
    '{"auths": {"ghcr.io": {"auth": "aGVsbG8gd29ybGQ="}}}',  # base64 of no user:password
    "az keyvault secret set --vault-name kv --name db --value \"$DB_PASS\"",
    "gh secret set NPM_TOKEN < token.txt",
    "the recovery codes are in the safe",
]


@pytest.mark.parametrize("text", STORED_CLEAN)
def test_secret_store_lookalikes_are_left_alone(text: str) -> None:
    assert redact(text) == (text, {})


def test_a_write_notes_the_tool_family_span_and_reason(clock: ManualClock) -> None:
    """Through the engine's write pipeline: the note gives the span and the family, the
    store keeps neither the password nor any trace of it."""
    engine = Engine.from_profile("test", clock=clock)
    try:
        text = f"redis-cli -h cache -a '{PASSWORD}' info"
        written = engine.add(text)
        note = next(n for n in written.notes if n.startswith("redacted 1 secret(s)"))
        start = text.index(PASSWORD)
        assert (f"content[{start}:{start + len(PASSWORD)}] cli_password: a password given on "
                "the command line (redis-cli -a / --pass)") in note
        assert PASSWORD not in json.dumps(engine.export()) and PASSWORD not in note
    finally:
        engine.close()


# --- a name and its value given apart (pairs.py) ------------------------------------------

PAIRS = [
    f"password: >-\n  {PASSWORD}",  # a YAML block scalar
    f"db:\n  password: |\n    {PASSWORD}",
    f"env:\n  - name: DB_PASSWORD\n    value: \"{PASSWORD}\"",  # Kubernetes
    f'{{"name": "DB_PASSWORD", "value": "{PASSWORD}"}}',  # ECS task definition
    f'<property name="password" value="{PASSWORD}"/>',  # Spring, Ant
    f"config.set('database', 'password', '{PASSWORD}')",  # configparser
    f'System.setProperty("db.password", "{PASSWORD}");',
    f'setx DB_PASSWORD "{PASSWORD}"',  # Windows
    f"set -gx DB_PASSWORD '{PASSWORD}'",  # fish
]


@pytest.mark.parametrize("text", PAIRS)
def test_a_value_given_apart_from_its_name_is_redacted(text: str) -> None:
    assert PASSWORD not in redact(text)[0]


PAIRS_CLEAN = [
    "env:\n  - name: API_TOKEN\n    value: \"$(API_TOKEN)\"",
    "password: |\n  {{ .Values.password }}",
    "password: |\n  must be rotated every 90 days",
    '<property name="passwordEncoder" value="bcrypt"/>',
    'props.setProperty("password", System.getenv("DB_PASSWORD"))',
    'setx PATH "%PATH%;C:\\bin"',
    "monkeypatch.setenv('OPENAI_API_KEY', 'sk-fake')",
    "form.add('password', 'Password')",
    '{"name": "TOKEN_TTL", "value": "3600"}',
    "cache.set('token_count', 'x7Kq9LmP2vR8')",
]


@pytest.mark.parametrize("text", PAIRS_CLEAN)
def test_pairs_that_hold_no_secret_are_left_alone(text: str) -> None:
    assert redact(text) == (text, {})


# --- English prose: the forms a password is given in -------------------------------------

ENGLISH = [
    f"creds are admin:{PASSWORD}",  # user:password after a credential word
    f"login: admin:{PASSWORD}",
    f"**Password:** {PASSWORD}",  # markdown bold around the word and its colon
    f"it's {PASSWORD} (the vpn password)",  # the value before its word
    f"{PASSWORD} is the new wifi password",
    f"remember the db password, it's {PASSWORD}",
    f"the password is literally {PASSWORD}",
    f"password was reset to {PASSWORD} by IT",  # a word ("reset") first, then the value
]


@pytest.mark.parametrize("text", ENGLISH)
def test_passwords_in_english_prose_are_redacted(text: str) -> None:
    assert PASSWORD not in redact(text)[0]


ENGLISH_CLEAN = [
    "correct-horse-battery-staple is the classic password example",
    "hunter2 is the most famous password on the internet",
    "login: https://grafana.example.com",
    "the password reset flow is in auth/reset.py",
    "That is the password policy now.",
    "rotating credentials is the password manager's job",
]


@pytest.mark.parametrize("text", ENGLISH_CLEAN)
def test_english_prose_about_passwords_is_left_alone(text: str) -> None:
    assert redact(text) == (text, {})
