"""Wave 10 (#39): the redaction families added from the classes the held-out fresh8 split
missed, each written from its documented syntax or format, never a split's row. Each family
has cases it must redact and the clean look-alikes it must keep. Fake credentials are built
here from each format's documented shape with a seeded generator."""

from __future__ import annotations

import base64
import random
import string

import pytest

from cognimem_plugins.guard.explain import explain
from cognimem_plugins.guard.secrets import redact, scan

_RNG = random.Random(10)
_ALNUM = string.ascii_letters + string.digits
_B64 = _ALNUM + "+/"
#: a password a person chose: letters of both cases, digits, symbols
PW = "Zr4}q!Lm7#tW"


def _rand(alphabet: str, n: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _kept(text: str) -> None:
    assert redact(text)[0] == text, scan(text)


def _gone(text: str, secret: str) -> str:
    cleaned, _ = redact(text)
    assert secret not in cleaned and "[REDACTED:" in cleaned, cleaned
    return cleaned


# --- provider formats --------------------------------------------------------------------

_ORG = "00D" + _rand(_ALNUM, 12)
SALESFORCE = f"{_ORG}!{_rand(_ALNUM, 30)}.{_rand(_ALNUM + '._', 80)}"


@pytest.mark.parametrize("text", [
    f"Authorization: Bearer {SALESFORCE}",
    f"sf org display -> Access Token   {SALESFORCE}",
    f"SF_SESSION={SALESFORCE}",
])
def test_a_salesforce_session_id_is_redacted(text: str) -> None:
    _gone(text, SALESFORCE)


def test_a_salesforce_org_id_alone_is_kept() -> None:
    _kept(f"Our org id is {_ORG}, the sandbox is {_ORG[:-3]}xyz.")


ALCHEMY = _rand(_ALNUM + "_-", 32)
INFURA = _rand("0123456789abcdef", 32)


@pytest.mark.parametrize("text, secret", [
    (f"RPC_URL=https://eth-mainnet.g.alchemy.com/v2/{ALCHEMY}", ALCHEMY),
    (f"new JsonRpcProvider('https://polygon-amoy.g.alchemy.com/v2/{ALCHEMY}')", ALCHEMY),
    (f"wss://mainnet.infura.io/ws/v3/{INFURA}", INFURA),
])
def test_a_node_providers_endpoint_key_is_redacted(text: str, secret: str) -> None:
    _gone(text, secret)


def test_a_node_providers_docs_link_is_kept() -> None:
    _kept("See https://docs.alchemy.com/reference/api-overview and https://infura.io/pricing")


def _keytab() -> str:
    return base64.b64encode(b"\x05\x02" + _RNG.randbytes(70)).decode()


def test_a_base64_keytab_is_redacted() -> None:
    keytab = _keytab()
    _gone(f"keytab for HTTP/web@CORP (base64):\n{keytab}", keytab)
    _gone(f"KRB5_KEYTAB_B64={keytab}", keytab)


def test_base64_that_is_not_a_keytab_is_kept() -> None:
    # the same opening letters, but not the version bytes 0x05 0x02 once decoded
    other = "BQ" + base64.b64encode(b"\x00" + _RNG.randbytes(60)).decode()[2:]
    assert not base64.b64decode(other + "=" * (-len(other) % 4)).startswith(b"\x05\x02")
    assert all(d.kind != "kerberos_keytab" or not d.redacted for d in scan(f"blob {other}"))


# --- network device configurations ------------------------------------------------------------


@pytest.mark.parametrize("text", [
    f"username netops privilege 15 password 0 {PW}",
    f"username admin secret {PW}",
    f"enable secret 0 {PW}",
    f"radius-server host 10.0.0.5 auth-port 1812 acct-port 1813 key {PW}",
    f"tacacs-server key 7 {PW}",
    f"radius server ISE\n address ipv4 10.0.0.9\n key 0 {PW}",
    f"snmp-server user nms NMSGROUP v3 auth sha {PW} priv aes 128 Other#Priv9",
    f"crypto isakmp key {PW} address 198.51.100.7",
    f"set system login user lab authentication plain-text-password-value {PW}",
    f'set protocols ospf area 0 interface ge-0/0/0 authentication-key "{PW}"',
])
def test_a_device_configurations_secret_is_redacted(text: str) -> None:
    _gone(text, PW)


@pytest.mark.parametrize("text", [
    "username admin privilege 15 secret 9 $9$nhEmQVczB7dQVd$ZbZxCvw5Tm3Uzya",  # a hash
    "enable secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0",
    "snmp-server community public RO",  # the default every device ships with
    "radius-server key <shared-secret>",
    "Use `username NAME privilege 15 secret 0 PASSWORD` and never type 7.",
    "The enable password is managed in the vault; see the runbook.",
    "enable password complexity rules on every switch",
])
def test_device_look_alikes_are_kept(text: str) -> None:
    _kept(text)


# --- raw private keys and recovery phrases --------------------------------------------------

ETH_KEY = "0x" + _rand("0123456789abcdef", 64)
WG_KEY = base64.b64encode(_RNG.randbytes(32)).decode()


@pytest.mark.parametrize("text, secret", [
    (f"deployer wallet priv key {ETH_KEY} holds the gas float", ETH_KEY),
    (f"forge script Deploy.s.sol --broadcast --private-key {ETH_KEY}", ETH_KEY),
    (f'networks: {{ main: {{ url: RPC, accounts: ["{ETH_KEY}"] }} }}', ETH_KEY),
    (f"PRIVATE_KEY={ETH_KEY[2:]}", ETH_KEY[2:]),
    (f"wg set wg0 private-key <(echo {WG_KEY})", WG_KEY),
])
def test_a_raw_private_key_after_its_name_is_redacted(text: str, secret: str) -> None:
    _gone(text, secret)


@pytest.mark.parametrize("text", [
    f"tx hash {ETH_KEY} confirmed in block 19000000",
    f"The private key's public key hash is {ETH_KEY}",
    f"keccak256 of the payload: {ETH_KEY}",
    f"PublicKey = {WG_KEY}",
])
def test_hashes_and_public_keys_are_kept(text: str) -> None:
    _kept(text)


PHRASE = ("ribbon glance oyster daring method cement jungle absurd civil tobacco "
          "merge frost")


@pytest.mark.parametrize("text", [
    f'MNEMONIC="{PHRASE}"',
    f"hardhat accounts: {{ mnemonic: \"{PHRASE}\" }}",
    f"seed phrase for the faucet wallet: {PHRASE} {PHRASE}",
])
def test_a_recovery_phrase_is_redacted(text: str) -> None:
    cleaned = _gone(text, PHRASE)
    assert "ribbon" not in cleaned and "frost" not in cleaned


@pytest.mark.parametrize("text", [
    'mnemonic: "test test test test test test test test test test test junk"',  # Hardhat's
    "seed phrase: abandon abandon abandon abandon abandon abandon abandon abandon abandon "
    "abandon abandon about",
    "The seed phrase is twelve words; write them on paper and keep them in a safe place.",
    "seed the garden beds with clover and radish after the frost and before the rain",
])
def test_recovery_phrase_look_alikes_are_kept(text: str) -> None:
    _kept(text)


def test_a_run_of_list_words_without_a_phrase_named_is_kept() -> None:
    _kept(f"word game: {PHRASE}")


# --- assignments, flags and replies ------------------------------------------------------


@pytest.mark.parametrize("text", [
    "MAIL_PASSWORD=Rg)fnd^?56T&5FX",
    "MATCH_PASSWORD=BFy<XVd3o~];04pke9 bundle exec fastlane beta",
    "ansible-playbook site.yml -e 'ansible_become_password=w)$K&x6Ai[2rUx5'",
])
def test_a_shell_word_holds_its_whole_value(text: str) -> None:
    value = text.split("=", 1)[1].split()[0].rstrip("'")
    cleaned = _gone(text, value)
    assert value[:3] not in cleaned.split("=", 1)[1]


@pytest.mark.parametrize("text", [
    "connect(host, password=pw)",
    "login(user=u, password=get_pw(), timeout=3)",
    "PASSWORD=<your-password>",
])
def test_shell_word_look_alikes_are_kept(text: str) -> None:
    _kept(text)


def test_an_ldif_base64_password_is_redacted_and_a_hash_kept() -> None:
    value = base64.b64encode(PW.encode()).decode()
    _gone(f"dn: uid=svc,ou=people,dc=corp\nuserPassword:: {value}", value)
    hashed = base64.b64encode(b"{SSHA}" + _RNG.randbytes(20)).decode()
    _kept(f"dn: uid=svc,ou=people,dc=corp\nuserPassword:: {hashed}")


def test_a_ws_security_password_element_with_attributes_is_redacted() -> None:
    _gone('<wsse:UsernameToken><wsse:Username>SN</wsse:Username><wsse:Password Type="'
          f'...#PasswordText">{PW}</wsse:Password></wsse:UsernameToken>', PW)
    _kept('<input type="password" name="password" placeholder="Password">')


def test_curl_user_colon_value_is_redacted_whatever_its_alphabet() -> None:
    token = "11" + _rand("0123456789abcdef", 32)  # a Jenkins API token
    _gone(f"curl -X POST -u deploy-bot:{token} https://ci.example/job/x/build", token)
    _kept("docker run -u 1000:1000 alpine id")
    _kept("docker exec -u www-data:www-data app php artisan migrate")


@pytest.mark.parametrize("text", [
    "PowerShell history can leak -Password arguments; use Get-Credential instead.",
    "Connect-VIServer vc01 -User admin -Password $cred.GetNetworkCredential().Password",
])
def test_powershell_password_look_alikes_are_kept(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize("text", [
    f"Zofia: what's the pw for the staging Keycloak admin?\nAmara: {PW}",
    f"what is the wifi password?\n{PW}",
])
def test_a_reply_to_a_question_for_a_password_is_redacted(text: str) -> None:
    _gone(text, PW)


@pytest.mark.parametrize("text", [
    "what's the pw for the staging Keycloak admin?\nAmara: ask-the-ops-team",
    "What's the password policy?\nBob: 12-characters",
    "Where is the password stored?\nIn the vault, under team/app.",
    "did you reset the password?\nyes",
])
def test_replies_that_are_no_password_are_kept(text: str) -> None:
    _kept(text)


# --- precision: what an assigned value may be instead of a secret ---------------------------


@pytest.mark.parametrize("text", [
    "$env:SQL_PASSWORD = Read-Host -AsSecureString",
    "$credential = Get-Credential -UserName 'CORP\\svc' -Message 'Enter password'",
    "//PAYR01 JOB ... PASSWORD=&RACFPW   (symbolic, resolved by the scheduler)",
    "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl><id>x</id>",
])
def test_references_cmdlets_and_class_names_are_kept(text: str) -> None:
    _kept(text)


def test_a_password_that_looks_like_a_cmdlet_or_a_symbol_is_still_redacted() -> None:
    _gone("DB_PASSWORD='Read-Host'", "Read-Host")  # quoted: a literal, not a call
    _gone("PASSWORD=&g{Y*[uSs#7gr", "&g{Y*[uSs#7gr")  # not a JCL symbol's name


def test_explain_names_the_new_families() -> None:
    shown = explain(f"username netops privilege 15 password 0 {PW}").secrets
    assert [(d.kind, d.redacted) for d in shown] == [("network_device_secret", True)]
    assert "device's configuration" in shown[0].reason and shown[0].value is None
    kept = explain("$env:SQL_PASSWORD = Read-Host -AsSecureString").secrets
    assert kept and not kept[0].redacted and "cmdlet" in kept[0].reason


# --- classes no split has shown: documented syntaxes ------------------------------------------


@pytest.mark.parametrize("text", [
    f"signingConfigs {{ release {{ storeFile file('rel.jks')\n storePassword '{PW}' }} }}",
    f'android {{ signingConfigs {{ create("release") {{ keyPassword "{PW}" }} }} }}',
    f"wpa_passphrase HomeNet '{PW}'",
    f"mosquitto_passwd -b /etc/mosquitto/passwd sensor {PW}",
    f"netsh wlan set hostednetwork mode=allow ssid=Lab key={PW}",
    f"echo '{PW}' | kinit admin@CORP.EXAMPLE",
])
def test_documented_syntaxes_no_split_showed_are_redacted(text: str) -> None:
    _gone(text, PW)


@pytest.mark.parametrize("text", [
    "Click the password 'Reset' link, then check your mail.",
    "storePassword System.getenv('STORE_PASSWORD')",
    "keyPassword 'changeme'",
    "wpa_passphrase HomeNet",  # prompts for the passphrase
    "kinit admin@CORP.EXAMPLE",
    "ftp is slow from the office\nuser bob smith",  # a line of prose after "ftp"
])
def test_their_look_alikes_are_kept(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize("text", [
    f"# redis.conf\nrequirepass {PW}\nmasterauth {PW}",
    f"vrrp_instance VI_1 {{\n  authentication {{\n    auth_type PASS\n    auth_pass {PW}\n  }}\n}}",
])
def test_a_password_directive_is_redacted(text: str) -> None:
    _gone(text, PW)


@pytest.mark.parametrize("text", [
    "requirepass foobared",  # redis.conf's own commented example: a word
    "password reset\npassword policy",
    "pass 20-yard\npw 3rd-try",  # chat lines that start with a bare word
    "requirepass <your-password>",
])
def test_directive_look_alikes_are_kept(text: str) -> None:
    _kept(text)
