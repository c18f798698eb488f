"""Wave 9 (#39): secrets known by their provider's documentation, session cookies, passwords
in infrastructure state and tool configs, and the clean look-alikes kept.

Every text is written here from a provider's or a standard's documented syntax (never a
split's row); each fake credential is built from its documented prefix, alphabet and length
with a seeded generator. Each positive fails without its rule; each look-alike is kept.
"""

from __future__ import annotations

import base64
import json
import random
import string
from typing import Any

import pytest

from cognimem.engine import Engine
from cognimem_plugins.guard.explain import explain
from cognimem_plugins.guard.providers import NAMED, SHAPES, URLS
from cognimem_plugins.guard.secrets import redact, scan

_RNG = random.Random(939)
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_LOWER = string.ascii_lowercase + string.digits


def _rand(alphabet: str, n: int) -> str:
    while True:  # a random value of letters and digits shows both (as its rules ask)
        value = "".join(_RNG.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            return value


def _digits(n: int) -> str:
    return "".join(_RNG.choice(string.digits) for _ in range(n))


def _mixed(n: int) -> str:
    while True:
        value = _rand(_ALNUM, n)
        if any(c.isupper() for c in value) and any(c.islower() for c in value):
            return value


def _uuid() -> str:
    return f"{_rand(_HEX, 8)}-{_rand(_HEX, 4)}-{_rand(_HEX, 4)}-{_rand(_HEX, 4)}-{_rand(_HEX, 12)}"


def _b64_key(n: int = 32) -> str:
    return base64.b64encode(bytes(_RNG.randrange(256) for _ in range(n))).decode()


def _leaks(secret: str, text: str, piece: int = 8) -> bool:
    """Whether ``text`` keeps the secret or any ``piece``-character part of it."""
    return any(secret[i:i + piece] in text for i in range(len(secret) - piece + 1))


# --- providers: documented names, shapes and URLs ----------------------------------------

_FEISHU, _LARK, _WECOM = _uuid(), _uuid(), _uuid()
_APIKEY = _b64_key(40)
_DINGTALK = _rand(_HEX, 64)
_CHAT_TOKEN = _rand(_ALNUM + "-_", 43)
_MATTERMOST = _rand(_LOWER, 26)
_ROCKET = _rand(_ALNUM, 48)
_STEAM = _rand("0123456789ABCDEF", 32)
_AKID = "AKID" + _rand(_ALNUM, 32)
_HUAWEI_SK = _rand(_ALNUM, 40)
_IOT_KEY = _b64_key()
_FCM = f"AAAA{_rand(_ALNUM, 7)}:APA91b{_rand(_ALNUM + '-_', 134)}"
_RZP_SECRET = _mixed(24)
_MOLLIE = "live_" + _mixed(30)
_MERCADO = f"APP_USR-{_digits(16)}-{_digits(6)}-{_rand(_HEX, 32)}-{_digits(9)}"
_PARTICLE = _rand(_HEX, 40)
_OVH = _mixed(32)
_ALIBABA = _mixed(30)
_SCW = _uuid()
_AES_KEY = _rand(_ALNUM, 43)
_PYPI = "pypi-AgEIcHlwaS5vcmc" + _rand(_ALNUM + "-_", 60)

PROVIDERS = {
    "feishu": (f"alerting:\n  webhook: 'https://open.feishu.cn/open-apis/bot/v2/hook/{_FEISHU}'",
               _FEISHU),
    "lark": (f"curl -X POST https://open.larksuite.com/open-apis/bot/v2/hook/{_LARK} -d @m.json",
             _LARK),
    "wecom": (f"WECOM_HOOK=https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key={_WECOM}",
              _WECOM),
    "mattermost": (f"incoming hook: https://chat.example.org/hooks/{_MATTERMOST}", _MATTERMOST),
    "rocketchat": (f"post to https://rocket.example.org/hooks/{_rand(_ALNUM, 17)}/{_ROCKET}",
                   _ROCKET),
    "steam": ("GET https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key="
              f"{_STEAM}&steamids=76561197960435530", _STEAM),
    "tencent_id": (f'cred := common.NewCredential("{_AKID}", os.Getenv("TC_SK"))', _AKID),
    "huawei_notebook": ('{"source": ["os.environ[\\"HUAWEICLOUD_SDK_SK\\"] = \\"'
                        f'{_HUAWEI_SK}\\"\\n"]}}', _HUAWEI_SK),
    "azure_iot": (f'IOTHUB_DEVICE_CONNECTION_STRING: "{_IOT_KEY}"', _IOT_KEY),
    "fcm": (f"docker run -e FCM_SERVER_KEY={_FCM} push-worker:2.1", _FCM),
    "razorpay": (f'client = razorpay.Client(auth=("rzp_test_{_rand(_ALNUM, 14)}", '
                 f'"{_RZP_SECRET}"))', _RZP_SECRET),
    "mollie_tf": (f'variable "payments_key" {{\n  type = string\n  default = "{_MOLLIE}"\n}}',
                  _MOLLIE),
    "mercadopago": (f"define('MP_ACCESS_TOKEN', '{_MERCADO}');", _MERCADO),
    "particle_tf": (f'variable "particle_access_token" {{\n  default = "{_PARTICLE}"\n}}',
                    _PARTICLE),
    "ovh_table": (f"| provider | value |\n|---|---|\n| OVHcloud app secret | `{_OVH}` |", _OVH),
    "wecom_aes": (f"Token: callback\nEncodingAESKey: {_AES_KEY}", _AES_KEY),
    "pypi_notebook": (f'"os.environ[\\"TWINE_PASSWORD\\"] = \\"{_PYPI}\\"\\n"', _PYPI),
}


@pytest.mark.parametrize(("text", "secret"), list(PROVIDERS.values()), ids=list(PROVIDERS))
def test_provider_secrets_are_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert found and not _leaks(secret, cleaned), cleaned


PROVIDER_LOOKALIKES = {
    "feishu_docs": "Feishu's guide: https://open.feishu.cn/document/client-docs/bot-v3/"
                   "add-custom-bot explains the hook URL and its signing secret",
    "feishu_placeholder": "webhook: https://open.feishu.cn/open-apis/bot/v2/hook/"
                          "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    "wecom_doc_key": "the robot URL ends in send?key=YOUR_KEY (WeCom docs)",
    "mattermost_api": "GET https://chat.example.org/api/v4/hooks/incoming?page=0 lists hooks",
    "razorpay_order": "Razorpay order order_Kx9mP2aQ7rT4bN created for 4999 paise",
    "akid_short": "the SecretId starts with AKID and is 36 characters long",
    "secret_id_uuid": f"request_id = {_uuid()}",
    "steam_id": "Steam profile https://steamcommunity.com/profiles/76561197960435530",
    "mollie_doc": "Mollie keys start with live_ or test_; use test_ in CI",
    "tf_variable_ref": 'variable "db_password" {\n  default = "${var.fallback}"\n}',
    "connection_string_ref": "IOTHUB_DEVICE_CONNECTION_STRING: ${{ secrets.IOTHUB }}",
}


@pytest.mark.parametrize("text", list(PROVIDER_LOOKALIKES.values()),
                         ids=list(PROVIDER_LOOKALIKES))
def test_provider_lookalikes_are_kept(text: str) -> None:
    assert redact(text)[0] == text


def test_the_provider_table_is_broad_and_sourced() -> None:
    providers = {row.provider for row in (*NAMED, *SHAPES, *URLS)}
    assert len(providers) >= 100
    from pathlib import Path

    from cognimem_plugins.guard import providers

    source = Path(providers.__file__).read_text(encoding="utf-8")
    # every row of the tables has its documentation's address in the comment above it
    assert source.count("# https://") >= len(NAMED) * 0.8


#: forms other rules caught before this round (a token's name, entropy): the new rules
#: must keep them redacted (controls, holding before and after)
CAUGHT_BEFORE = {
    "dingtalk": ("requests.post('https://oapi.dingtalk.com/robot/send?access_token="
                 f"{_DINGTALK}', json=msg)", _DINGTALK),
    "google_chat": ("https://chat.googleapis.com/v1/spaces/AAAAqQ1x2Yz/messages?key=AIzaSyDd"
                    f"I0hCZtE6vySjMm-WEfRq3CPzqKqqsHI&token={_CHAT_TOKEN}", _CHAT_TOKEN),
    "alibaba_prose": (f"the Alibaba Cloud pair for the batch job, secret half: {_ALIBABA}",
                      _ALIBABA),
    "scaleway": (f"export SCW_SECRET_KEY={_SCW}", _SCW),
    "authorization_apikey": (f"Authorization: ApiKey {_APIKEY}", _APIKEY),
}


@pytest.mark.parametrize(("text", "secret"), list(CAUGHT_BEFORE.values()), ids=list(CAUGHT_BEFORE))
def test_forms_caught_before_stay_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert found and not _leaks(secret, cleaned), cleaned


# --- cookies and Authorization headers -----------------------------------------------------

_GITLAB = _rand(_HEX, 32)
_CONNECT = f"s%3A{_mixed(32)}.{_rand(_ALNUM + '-_', 43)}"
_PHPSESSID = _rand(_LOWER, 26)
_DJANGO = _rand(_LOWER, 32)
_LARAVEL = _b64_key(120)
_JAR = _rand(_ALNUM + "-_", 48)
_GENIE, _SHARED, _BARE = _uuid(), _b64_key(32), _mixed(40)

COOKIES = {
    "set_cookie": (f"Set-Cookie: _gitlab_session={_GITLAB}; path=/; secure; HttpOnly",
                   _GITLAB),
    "cookie_header": (f"Cookie: theme=dark; connect.sid={_CONNECT}", _CONNECT),
    "curl_b": (f"curl -b 'PHPSESSID={_PHPSESSID}' https://admin.example.org/", _PHPSESSID),
    "curl_header": (f"curl https://x.example.org -H 'cookie: sessionid={_DJANGO}'", _DJANGO),
    "har_header": (json.dumps({"name": "Cookie", "value": f"sessionid={_DJANGO}; lang=en"}),
                   _DJANGO),
    "cookie_object": (json.dumps({"domain": ".example.org", "name": "laravel_session",
                                  "value": _LARAVEL}), _LARAVEL),
    # RFC 9110's ``Authorization: <scheme> <credentials>`` of schemes the formats did not
    # know (Opsgenie's GenieKey, Azure Storage's SharedKey) and of none
    "authorization_geniekey": (f"-H 'Authorization: GenieKey {_GENIE}'", _GENIE),
    "authorization_sharedkey": (f"Authorization: SharedKey myaccount:{_SHARED}", _SHARED),
    "authorization_bare": (f"Authorization: {_BARE}", _BARE),
    "netscape_jar": (f"# Netscape HTTP Cookie File\n.example.org\tTRUE\t/\tTRUE\t1798761600\t"
                     f"session\t{_JAR}", _JAR),
}


@pytest.mark.parametrize(("text", "secret"), list(COOKIES.values()), ids=list(COOKIES))
def test_session_cookies_and_authorization_headers_are_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert found and not _leaks(secret, cleaned), cleaned


COOKIE_LOOKALIKES = {
    "preferences": "Cookie: theme=dark; lang=en-GB; _ga=GA1.2.1234567890.1700000000",
    "deleted": "Set-Cookie: sessionid=; Max-Age=0; Path=/",
    "load_balancer": f"Set-Cookie: AWSALB={_rand(_ALNUM + '/+', 120)}; Path=/",
    "analytics": f"Cookie: _hjSessionUser_123={_rand(_ALNUM, 40)}; _gcl_au=1.1.{_digits(10)}",
    "cookie_file_arg": "curl -b cookies.txt -c cookies.txt https://example.org/login",
    "cookie_prose": "the session cookie is set with SameSite=Lax and HttpOnly",
    "authorization_doc": "Authorization: Bearer <token> is required on every call",
    "authorization_setting": "authorization = requirePermissionsForAdminUsers",
}


@pytest.mark.parametrize("text", list(COOKIE_LOOKALIKES.values()), ids=list(COOKIE_LOOKALIKES))
def test_cookie_lookalikes_are_kept(text: str) -> None:
    assert redact(text)[0] == text


# --- passwords in IaC state and tool configs ------------------------------------------------

_P1, _P2, _P3, _P4 = "Qx7!m~Rz@2pL#v9", "Tn4$wK.8&hB1%d", "u8^Hq!Zr3~Lm#0x", "Wp3#kz!9Lq~2"
_ORA, _ISQL, _MQ = "Fv8.kQ-2mZx7Rq", "^Jq7Lx2_%Pn9Wz", "Kd8*qLz^2m@Xr"

CONFIGS = {
    "tf_output": ('"outputs": {\n  "db_admin_password": {"value": "' + _P1 + '", '
                  '"type": "string", "sensitive": true}\n}', _P1),
    "random_password": (json.dumps({"type": "random_password", "name": "db", "instances": [
        {"attributes": {"length": 16, "result": _P2}}]}), _P2),
    "postman": (json.dumps({"auth": {"type": "basic", "basic": [
        {"key": "password", "value": _P3}, {"key": "username", "value": "svc"}]}}), _P3),
    "c_define": (f'#define WIFI_SSID "lab"\n#define WIFI_PASS "{_P4}"', _P4),
    "oracle_thin": (f"jdbc:oracle:thin:scott/{_ORA}@//db.example.net:1521/ORCL", _ORA),
    "isql": (f"$ isql -v Reporting bi {_ISQL}\n| Connected! |", _ISQL),
    "mosquitto": (f"# mosquitto password file, before mosquitto_passwd -U\nsensor-1:{_MQ}", _MQ),
    "french_prose": ("Le mot de passe du compte est : ~gX05Nr.kDsB#_7", "~gX05Nr.kDsB#_7"),
}


@pytest.mark.parametrize(("text", "secret"), list(CONFIGS.values()), ids=list(CONFIGS))
def test_passwords_in_state_and_tool_configs_are_redacted(text: str, secret: str) -> None:
    cleaned, found = redact(text)
    assert found and not _leaks(secret, cleaned), cleaned


# --- what counts as clean ---------------------------------------------------------------

CLEAN = {
    "tf_plan_sensitive": "Plan: 1 to add, 0 to change, 0 to destroy.\n  ~ password = "
                         "(sensitive value)",
    "vault_masked": "vault kv get shows data: map[password:(sensitive)]",
    "tf_known_after_apply": "  + master_password = (known after apply)",
    # actions/setup-node's and setup-java's cache keys: tool, platform, arch, package manager
    # and the lock file's SHA-256
    "cache_key": "Cache restored from key: node-cache-Linux-x64-npm-" + _rand(_HEX, 64),
    "cache_key_java": "Cache saved with key: setup-java-Linux-x64-gradle-" + _rand(_HEX, 64),
    "algolia_search_only": f"docsearch: appId X1Y2Z3, search-only apiKey {_rand(_HEX, 32)}",
}
#: clean texts the guard kept before this round (controls)
CLEAN_BEFORE = {
    "mosquitto_hashed": "# mosquitto password file\nsensor-1:$7$101$" + _b64_key(12),
    "cache_key_plain": "Cache restored from key: Linux-pip-wheels-" + _rand(_HEX, 64),
}


@pytest.mark.parametrize("text", [*CLEAN.values(), *CLEAN_BEFORE.values()],
                         ids=[*CLEAN, *CLEAN_BEFORE])
def test_clean_notes_are_kept(text: str) -> None:
    assert redact(text)[0] == text


def test_a_digest_name_is_no_shield_for_a_provider_format() -> None:
    token = "ghp_" + _rand(_ALNUM, 36)
    assert token not in redact(f"Cache restored from key: {token}")[0]


def test_an_admin_key_is_redacted_where_a_search_only_key_is_kept() -> None:
    admin = _rand(_HEX, 32)
    assert admin not in redact(f"ALGOLIA_ADMIN_KEY={admin}")[0]


# --- explain, the write, MCP -------------------------------------------------------------


def test_explain_gives_each_new_rule_its_reason() -> None:
    reasons = {
        PROVIDERS["feishu"][0]: "Feishu / Lark URL",
        PROVIDERS["mattermost"][0]: "Mattermost URL",
        PROVIDERS["huawei_notebook"][0]: "Huawei Cloud's documented shape",
        COOKIES["set_cookie"][0]: "a session cookie is a bearer credential",
        CONFIGS["random_password"][0]: "random_password",
        CLEAN["tf_plan_sensitive"]: "(sensitive value)",
        CLEAN["cache_key"]: "cache key",
    }
    for text, reason in reasons.items():
        assert any(reason in d.reason for d in explain(text).secrets), (text, reason)


def test_explain_command_shows_a_provider_reason(capsys: pytest.CaptureFixture[str]) -> None:
    from cognimem.cli import main

    # exit status 1: something would be redacted
    assert main(["guard", "--explain", PROVIDERS["wecom"][0], "--profile", "test"]) == 1
    out = capsys.readouterr().out
    assert "WeCom URL" in out and _WECOM not in out


def test_guard_explain_over_mcp_gives_the_cookie_reason() -> None:
    import anyio
    from mcp import Client

    from cognimem.mcp.server import build_server
    from cognimem.profile import load_profile

    async def body() -> Any:
        srv = build_server(load_profile("test", overrides={"mcp": {"tools": "full"}}))
        async with Client(srv) as client:
            result = await client.call_tool("guard_explain", {"text": COOKIES["curl_b"][0]})
            return result.structured_content

    explained = anyio.run(body)
    assert any(d["redacted"] and "cookie" in d["reason"] for d in explained["secrets"])


def test_a_write_redacts_the_webhook_and_keeps_the_plan() -> None:
    engine = Engine.from_profile("test")
    try:
        hook = engine.add(PROVIDERS["wecom"][0]).memory
        plan = engine.add(CLEAN["tf_plan_sensitive"]).memory
        assert _WECOM not in json.dumps(engine.export())
        assert "[REDACTED:webhook_wecom]" in hook.content
        assert plan.content == CLEAN["tf_plan_sensitive"]
    finally:
        engine.close()


def test_scan_keeps_a_placeholder_in_a_documented_url_with_its_reason() -> None:
    decisions = scan(PROVIDER_LOOKALIKES["feishu_placeholder"])
    assert decisions and not decisions[0].redacted and "placeholder" in decisions[0].reason
