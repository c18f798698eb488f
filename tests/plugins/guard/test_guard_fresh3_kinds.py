# ruff: noqa: RUF001  (the Turkish dotless i is the point of one text)
"""The kinds of miss the third independent split (fresh3) showed, each with texts written for
these tests in other words (not taken from any split of bench/guard_eval). The fake
credentials are random strings in their providers' documented shapes.
"""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact, scan

# --- secrets that must be gone: (text, value) --------------------------------------------

SECRETS = {
    "RubyGems API key (rubygems_ and 48 hex)": (
        "gem push needs GEM_HOST_API_KEY; mine is "
        "rubygems_1ac33f86fba7961e6ede27886475997085cb7bfea8b8466c for now",
        "rubygems_1ac33f86fba7961e6ede27886475997085cb7bfea8b8466c"),
    "Docker Hub personal access token (dckr_pat_)": (
        "login in CI: docker login -u ci --password-stdin <<< dckr_pat_EcYUFgG-UVZM7-cRWBhbkbH6qjR",
        "dckr_pat_EcYUFgG-UVZM7-cRWBhbkbH6qjR"),
    "Sentry user auth token (sntryu_)": (
        "sentry-cli uses 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",
        "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"),
    "Sentry organisation auth token (sntrys_)": (
        "release upload: sntrys_VdDdaBScXS+839DH3OjMdqC5fVJNLqHkekZ/oj3oV2pv6NhJG5j6nK7OjNt2=",
        "sntrys_VdDdaBScXS+839DH3OjMdqC5fVJNLqHkekZ/oj3oV2pv6NhJG5j6nK7OjNt2="),
    "Okta API token in its SSWS header": (
        "requests.get(url, headers={'Authorization': 'SSWS 00DY2e164vkSBfXIaatUVtajQNCwDazirEJj8S"
        "TgQ_'})", "00DY2e164vkSBfXIaatUVtajQNCwDazirEJj8STgQ_"),
    "Microsoft Teams incoming webhook": (
        "deploy notices post to https://contoso.webhook.office.com/webhookb2/125f08ba-34a8-4724-"
        "ab94-5c769bbd6391@d1829102-a592-4aa0-a83f-1c2d9805aeb6/IncomingWebhook/d8f7d2f36bce50e5"
        "cb2bd23cb9908aa9/4e129a92-a8d9-4912-9219-a6295367b4a3",
        "d8f7d2f36bce50e5cb2bd23cb9908aa9"),
    "sshpass password that reads like a name": (
        "sshpass -p 'Tern_wq_Bay' rsync -a build/ deploy@10.1.2.3:/srv", "Tern_wq_Bay"),
    ".NET appSettings password": (
        '<appSettings>\n  <add key="MailPassword" value="r7Vq$e2Lp!" />\n</appSettings>',
        "r7Vq$e2Lp!"),
    "password with a slash and characters no path holds": (
        "the kiosk password is now tulip*river/19& until Friday", "tulip*river/19&"),
    "password with an @ that is no email address": (
        "wifi password for the lab: Fen}/x@91Q]", "Fen}/x@91Q]"),
    "password with an unbalanced bracket (not a call)": (
        "the password for the NAS admin is Otter(stone]77!", "Otter(stone]77!"),
    "password after a Swedish definite form": (
        "Lösenordet till skrivaren är Mossa!88grus", "Mossa!88grus"),
    "password after a Turkish possessive form": (
        "Veritabanı şifresi Kum%55deniz olarak ayarlandı", "Kum%55deniz"),
}


@pytest.mark.parametrize(("text", "secret"), list(SECRETS.values()), ids=list(SECRETS))
def test_secret_kinds_are_redacted(text: str, secret: str) -> None:
    cleaned, _ = redact(text)
    assert secret not in cleaned


# --- notes that must be kept as written ---------------------------------------------------

KEPT = {
    "a masked key: prefix, mask, last four": "OPENAI_API_KEY=sk-...b7Qz (set in CI)",
    "a masked token with stars": "GITHUB_TOKEN=ghp_****9fKd is what the settings page shows",
    "a log's filter word in brackets": "request body: password=[FILTERED] user=ci@example.org",
    "a 1Password reference": "DATADOG_API_KEY: op://Platform/Datadog/api-key",
    "an AWS Secrets Manager ARN": (
        "DB_PASSWORD=arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-Ab12Cd"),
    "a provider prefix then stand-in words": "STRIPE_API_KEY=sk_test_YOUR_KEY_HERE",
    "a sentence under a key named for a token": (
        '"auth.token.revoked": "This link no longer works, ask for a new one."'),
    "a real path after a password word": (
        "the password file is read from /etc/app/secrets/db_password.txt at boot"),
    "a call cut at its quote": 'API_TOKEN = get_secret("api-token")',
}


@pytest.mark.parametrize("text", list(KEPT.values()), ids=list(KEPT))
def test_look_alikes_are_kept(text: str) -> None:
    assert redact(text)[0] == text, scan(text)


def test_kept_values_say_why() -> None:
    reasons = {d.reason for d in scan(KEPT["a masked key: prefix, mask, last four"])}
    assert any("masked" in r for r in reasons)
    reasons = {d.reason for d in scan(KEPT["a 1Password reference"])}
    assert any("secret manager" in r for r in reasons)
