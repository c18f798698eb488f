"""(wave 15) Provider token formats written from their documented prefix, alphabet and
length, each beside a look-alike of the wrong length or alphabet that stays unchanged."""

from __future__ import annotations

import random
import string

import pytest

from cognimem_plugins.guard.secrets import redact

_RNG = random.Random(15)
_HEX = "0123456789abcdef"
_LOW = string.ascii_lowercase + string.digits
_UP = string.ascii_uppercase + string.digits


def _mixed(n: int) -> str:
    """``n`` random letters of both cases and digits (each class present)."""
    while True:
        v = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(n))
        if any(c.isdigit() for c in v) and any(c.islower() for c in v) and any(
                c.isupper() for c in v):
            return v


def _of(alphabet: str, n: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


TOKENS = {
    "tailscale_key": f"tskey-auth-k{_mixed(10)}CNTRL-{_mixed(32)}",
    "adafruit_io_key": f"aio_{_mixed(28)}",
    "contentful_token": f"CFPAT-{_mixed(43)}",
    "brevo_smtp_key": f"xsmtpsib-{_of(_HEX, 64)}-{_mixed(16)}",
    "tavily_key": f"tvly-dev-{_mixed(32)}",
    "infracost_key": f"ico-{_mixed(32)}",
    "linear_oauth_token": f"lin_oauth_{_of(_HEX, 64)}",
    "postman_access_key": f"PMAT-{_of(_UP, 25)}7",
    "twitch_oauth_token": f"oauth:{_of(_LOW, 29)}4",
    "intercom_token": f"dG9rOj{_mixed(56)}=",
    "trello_token": f"ATTA{_of(_HEX, 64)}",
    "clickup_token": f"pk_81234567_{_of(_UP, 32)}",
    "twitter_bearer_token": "A" * 22 + _mixed(90),
    "pagerduty_token": f"u+{_mixed(18)}",
    "bitwarden_access_token": f"0.0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b.{_mixed(30)}:"
                              f"{_mixed(22)}==",
    "matrix_access_token": f"syt_YW5h_{_mixed(20)}_{_mixed(6)}",
    "youtrack_token": f"perm:YW5h.NDMtMTI=.{_mixed(30)}",
    "akamai_token": f"akab-{_of(_LOW, 15)}1-{_of(_LOW, 15)}2",
    "databricks_oauth_secret": f"dose{_of(_HEX, 32)}",
    "klaviyo_private_key": f"pk_{_of(_HEX, 33)}a",
    "paddle_api_key": f"pdl_live_apikey_{_of(_LOW, 26)}_{_mixed(22)}_{_mixed(3)}",
    "google_refresh_token": f"1//0{_mixed(100)}",
    "make_webhook": f"https://hook.eu2.make.com/{_of(_LOW, 32)}",
    "pipedream_webhook": f"https://eo{_of(_LOW, 14)}.m.pipedream.net",
}

LOOKALIKES = [
    "tskey-auth-<your-key>",
    "aio_" + "x" * 10,
    "CFPAT-tooshort",
    "tvly-YOUR_API_KEY",
    "ico-" + "a" * 32,  # one letter repeated: no digit
    "oauth:authorize",
    "ATTA" + "z" * 64,  # not hexadecimal
    "pk_live_51HxY",  # a publishable key's opening
    "A" * 80,
    "u+FFFF is a code point",
    "syt_short_x",
    "perm:read",
    "dose 12 mg twice a day",
    "https://hook.eu1.make.com/",
    "https://www.make.com/en/help",
    "https://pipedream.com/docs",
    "see https://www.youtube.com/watch?v=1//0",
]


@pytest.mark.parametrize("kind", sorted(TOKENS))
def test_documented_provider_tokens_are_redacted(kind: str) -> None:
    token = TOKENS[kind]
    cleaned, kinds = redact(f"the token for staging: {token} (rotate monthly)")
    secret = token.rsplit("/", 1)[-1] if token.startswith("https://hook") else token
    assert kind in kinds and secret.split("//")[-1].split(".")[0] not in cleaned


@pytest.mark.parametrize("text", LOOKALIKES)
def test_provider_lookalikes_are_kept(text: str) -> None:
    assert redact(text) == (text, {})
