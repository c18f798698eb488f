"""Provider credential formats: where each matches and which group is the secret.

The formats come from the ``detect-secrets`` library: the compiled ``denylist`` regexes of
its plugin classes (AWS, GitHub, GitLab, PyPI, OpenAI, Stripe, Slack, SendGrid, Twilio,
Discord, Telegram, Mailchimp, Azure storage, Artifactory, Square, private keys, JWTs,
passwords in URLs) and its JWT validity check. Its per-line scanner (``scan_line``) is not
used: in ad-hoc mode it reports every word of a line as a candidate, at about 5 ms a line,
and it returns the secret's value, not where it is. The regexes are run with ``finditer``
so each match has a span to replace.

Added here, for formats the library lacks, each as its provider documents it: Google API
keys, Anthropic and newer OpenAI keys, GitHub fine-grained tokens, npm and Hugging Face
tokens, Stripe webhook secrets, Shopify, DigitalOcean and Vault tokens, Sentry DSN keys,
``Bearer`` tokens; and (wave 7) the formats with a prefix of their own in a survey of
gitleaks' published rules and the providers' documentation of 2026: LangSmith, Figma,
PlanetScale, OpenRouter, NVIDIA, Brevo, Dynatrace, ReadMe, Shippo, 1Password, Langfuse,
Alibaba, Bitbucket, AWS session and Bedrock keys, Discord bot tokens with a long HMAC, Entra
client secrets, ClickHouse, Clojars, Cloudflare origin CA, Duffel, EasyPost, Flutterwave,
Fly.io, Frame.io, Grafana, Harness, MaxMind, Octopus, OpenShift, Scalingo, Slack refresh,
Sourcegraph, Typeform, Yandex, Pinecone, ElevenLabs, SonarQube, Firecrawl, Cerebras, Neon,
E2B, Browserbase, SettleMint, Resend.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from detect_secrets.plugins.artifactory import ArtifactoryDetector
from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.discord import DiscordBotTokenDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.private_key import PrivateKeyDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.square_oauth import SquareOAuthDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

from .needles import Needles, spellings

_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_\-]*")


@dataclass(frozen=True)
class Rule:
    """One credential format: where it matches and which group is the secret."""

    kind: str
    pattern: re.Pattern[str]
    group: int = 0
    #: an extra check of the matched value (e.g. a JWT's parts decode as JSON)
    valid: Callable[[str], bool] | None = None
    #: a provider token cut short by the library's fixed length is extended to its end
    extend: bool = False
    #: the rule runs only on a text holding one of these (a cheap test before the regex)
    needs: tuple[str, ...] = ()
    #: ``needs`` are looked for in the lowercased text
    lower: bool = False
    #: a second cheap test, for rules whose needle is common ("." or ":"): a pattern that
    #: starts with a literal (so ``re`` scans for it) and that every match of the rule holds
    gate: re.Pattern[str] | None = None
    #: where the format comes from, for ``--explain``
    source: str = "detect-secrets"
    #: the rule runs only on a text with a word at least this long (a long word is looked
    #: for once, before these rules' needles; some needles are common: Mailgun's "-")
    min_word: int = 0

    @property
    def reason(self) -> str:
        """Why a match is a secret, in words."""
        return f"{self.kind.replace('_', ' ')} format ({self.source})"


def _bounded(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern`` only where it is not part of a longer word."""
    return re.compile(rf"(?<![A-Za-z0-9])(?:{pattern.pattern})(?![A-Za-z0-9])", pattern.flags)


def _library_rules() -> list[Rule]:
    aws_key, aws_secret = AWSKeyDetector.denylist
    rules = [Rule("aws_access_key", _bounded(aws_key),
                  needs=("A3T", "ABIA", "ACCA", "AKIA", "ASIA")),
             Rule("aws_secret_key", aws_secret, group=1, needs=("aws",), lower=True)]
    rules += [Rule("github_token", p, extend=True, needs=("ghp_", "gho_", "ghu_", "ghs_", "ghr_"))
              for p in GitHubTokenDetector.denylist]
    # (wave 10) each GitLab prefix as its needle: "gl" alone opened the seven patterns on
    # every text with "glad" or "English"; every match holds one of these
    rules += [Rule("gitlab_token", p, needs=("glpat-", "gldt-", "glft-", "glsoat-", "glrt-",
                                             "glcbt-", "glimt-", "glptt-", "glagent-", "gloas-",
                                             "GR1348941"))
              for p in GitLabTokenDetector.denylist]
    rules += [Rule("pypi_token", p, needs=("pypi-",)) for p in PypiTokenDetector.denylist]
    rules += [Rule("openai_key", p, extend=True, needs=("T3BlbkFJ",))
              for p in OpenAIDetector.denylist]
    rules += [Rule("stripe_key", p, extend=True, needs=("k_live_",))
              for p in StripeDetector.denylist]
    rules += [Rule("slack_token", p, needs=("xox", "hooks.slack.com"), lower=True)
              for p in SlackDetector.denylist]
    rules += [Rule("sendgrid_key", p, needs=("SG.",)) for p in SendGridDetector.denylist]
    rules += [Rule("twilio_key", _bounded(p), needs=("AC", "SK"))
              for p in TwilioKeyDetector.denylist]
    # a Discord token's second and third parts: ".XXXXXX." (the library's pattern costs
    # 25 us on every text with a dot, the gate 1 us); a Telegram token's ":" and 35 characters
    # (wave 10) both only on a text with a word as long as their gate (35 and 36 characters
    # without a space): the gate's search is then skipped on most texts with a dot or a colon
    rules += [Rule("discord_token", _bounded(p), needs=(".",),
                   gate=re.compile(r"\.[a-zA-Z\d_-]{6}\.[a-zA-Z\d_-]{27}"), min_word=35)
              for p in DiscordBotTokenDetector.denylist]
    rules += [Rule("telegram_token", _bounded(p), needs=(":",),
                   gate=re.compile(r":[0-9A-Za-z_-]{35}"), min_word=36)
              for p in TelegramBotTokenDetector.denylist]
    rules += [Rule("mailchimp_key", _bounded(p), needs=("-us",))
              for p in MailchimpDetector.denylist]
    rules += [Rule("azure_storage_key", re.compile(
        p.pattern.replace("AccountKey=", "(?<=AccountKey=)")), needs=("AccountKey=",)) for p in
        AzureStorageKeyDetector.denylist]
    rules += [Rule("artifactory_token", re.compile(
        p.pattern.replace(r"(?:\s|=|:|\"|^)", r"(?:(?<=[\s=:\"])|^)", 1)
        .replace(r'(?:\s|"|$)', r'(?=[\s"]|$)')), needs=("AKC", "AP"))
        for p in ArtifactoryDetector.denylist]
    rules += [Rule("square_token", p, needs=("sq0",)) for p in SquareOAuthDetector.denylist]
    rules.append(Rule("jwt", _bounded(JwtTokenDetector.denylist[0]), extend=True,
                      valid=JwtTokenDetector.is_formally_valid, needs=("eyJ",)))
    return rules


SCHEME_KINDS = {"postgres": "connection_string", "postgresql": "connection_string",
                 "mysql": "connection_string", "mariadb": "connection_string",
                 "mongodb": "connection_string", "mongodb+srv": "connection_string",
                 "redis": "connection_string", "rediss": "connection_string",
                 "amqp": "connection_string", "amqps": "connection_string",
                 "mssql": "connection_string", "sqlserver": "connection_string",
                 "jdbc": "connection_string", "clickhouse": "connection_string"}

#: where a URL's scheme starts: not inside a longer scheme's characters, or (wave 14) after
#: the ``+`` or ``-`` that opens a line of a diff (``+nats://user:password@host``)
_SCHEME_START = r"(?:(?<![a-z0-9+.\-])|(?<=\n[+\-])|(?<=\A[+\-]))"
#: The password of ``scheme://user:password@host`` (the library's basic-auth regex, with the
#: scheme captured so a database URL is reported as a connection string).
URL_PASSWORD = re.compile(
    _SCHEME_START + r"([a-z][a-z0-9+.\-]{0,30})" + BasicAuthDetector.denylist[0].pattern,
    re.IGNORECASE)
#: the same, lenient: people paste passwords with unescaped ``#``, ``!`` or ``%``
URL_PASSWORD_LOOSE = re.compile(
    _SCHEME_START + r"([a-z][a-z0-9+.\-]{0,30})://[^\s:/@]{0,200}:([^\s/@]{1,200})@(?=[\w\[])",
                                 re.IGNORECASE)

#: (wave 21) the same, a password that holds ``@`` unescaped (``user:KOlCA@2u3=5H@host``): the
#: user information runs to the last ``@`` before the host, as the host holds none (a switch of
#: cv_wave21_secrets.py: ``READ_AT``)
URL_PASSWORD_AT = re.compile(
    _SCHEME_START + r"([a-z][a-z0-9+.\-]{0,30})://[^\s:/@]{0,200}:([^\s/@]{1,100}@[^\s/?#]{1,100})"
    r"@(?=[\w\[][^\s@/]*(?:[/:?#\s\"'),;]|$))", re.IGNORECASE)
READ_AT = True

_GUARD = "provider's documented format"


def is_user_password(value: str) -> bool:
    """Whether ``value`` is base64 of ``user:password`` (printable, one colon inside)."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    user, _, password = raw.partition(":")
    return bool(user) and len(password) >= 4 and raw.isprintable()


def _mixed(body: str, *, upper: bool) -> bool:
    """Whether ``body`` holds digits and letters (and, with ``upper``, both cases)."""
    cases = any(c.isupper() for c in body) and any(c.islower() for c in body)
    return any(c.isdigit() for c in body) and any(c.isalpha() for c in body) and (
        cases or not upper)


def _mixed_after(skip: int, *, upper: bool) -> Callable[[str], bool]:
    """(wave 15) :func:`_mixed` of a value's body, after its ``skip`` characters of prefix."""
    return lambda value: _mixed(value[skip:], upper=upper)


def _keytab(value: str) -> bool:
    """Whether ``value`` is base64 of a keytab file: version bytes 0x05 0x02, 48 bytes or
    more (a principal and one key at least)."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    return raw[:2] == b"\x05\x02" and len(raw) >= 48


def _snowflake(part: str) -> bool:
    """Whether ``part`` is base64 of a Discord id (a number of 17 to 20 digits)."""
    try:
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
    except (binascii.Error, ValueError):
        return False
    return raw.isdigit() and 17 <= len(raw) <= 20


_EXTRA_RULES = [
    Rule("google_api_key", re.compile(r"(?<![A-Za-z0-9])AIza[0-9A-Za-z_\-]{35}(?![A-Za-z0-9])"),
         source=_GUARD, needs=("AIza",)),
    Rule("anthropic_key", re.compile(r"sk-ant-[a-z]+[0-9]{2}-[A-Za-z0-9_\-]{32,}"),
         source=_GUARD, needs=("sk-ant-",)),
    Rule("openai_key", re.compile(r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}"),
         source=_GUARD, needs=("sk-",)),
    # the legacy format: "sk-" and 48 letters and digits (OpenAI's keys before project keys)
    Rule("openai_key", re.compile(r"(?<![A-Za-z0-9_-])sk-[A-Za-z0-9]{48}(?![A-Za-z0-9_-])"),
         source=_GUARD, needs=("sk-",), valid=lambda v: len({c.isdigit() for c in v[3:]}) == 2
         and any(c.isupper() for c in v) and any(c.islower() for c in v[3:])),
    Rule("github_token", re.compile(r"github_pat_[A-Za-z0-9_]{60,}"), source=_GUARD,
         needs=("github_pat_",)),
    Rule("npm_token", re.compile(r"(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
         source=_GUARD, needs=("npm_",)),
    Rule("huggingface_token", re.compile(r"(?<![A-Za-z0-9])hf_[A-Za-z0-9]{34,}"),
         source=_GUARD, needs=("hf_",)),
    Rule("stripe_key", re.compile(r"(?<![A-Za-z0-9])(?:sk|rk)_test_[0-9a-zA-Z]{24,}"),
         source=_GUARD, needs=("k_test_",)),
    Rule("bearer_token", re.compile(r"\bBearer\s+([A-Za-z0-9_\-.~+/]{16,}=*)"), group=1,
         source=_GUARD, needs=("Bearer",)),
    # HTTP basic credentials (RFC 7617): base64 of "user:password"
    Rule("basic_auth", re.compile(r"\bBasic\s+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])"),
         group=1, source=_GUARD, needs=("Basic",), valid=is_user_password),
    # Mailgun's legacy API keys: "key-" and 32 hex
    Rule("mailgun_key", re.compile(r"(?<![A-Za-z0-9_-])key-[0-9a-f]{32}(?![A-Za-z0-9])"),
         source=_GUARD, needs=("key-",)),
    Rule("stripe_key", re.compile(r"(?<![A-Za-z0-9])whsec_[A-Za-z0-9+/=]{24,}"),
         source=_GUARD, needs=("whsec_",)),
    Rule("shopify_token", re.compile(r"(?<![A-Za-z0-9])shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"),
         source=_GUARD, needs=("shp",)),
    Rule("digitalocean_token", re.compile(r"(?<![A-Za-z0-9])do[opr]_v1_[a-f0-9]{64}"),
         source=_GUARD, needs=("_v1_",)),
    Rule("vault_token", re.compile(r"(?<![A-Za-z0-9])hv[sbr]\.[A-Za-z0-9_\-]{24,}"),
         source=_GUARD, needs=("hvs.", "hvb.", "hvr.")),
    # the key of a Sentry DSN, https://KEY[:SECRET]@HOST/PROJECT
    Rule("sentry_dsn", re.compile(r"https?://([a-f0-9]{32}(?::[a-f0-9]{32})?)@[\w.\-]+"
                                  r"(?::\d+)?/[\w/]*?\d+\b"),
         group=1, source=_GUARD, needs=("://",), gate=re.compile(r"://[a-f0-9]{32}[:@]")),
    # a Discord webhook: https://discord.com/api/webhooks/{id}/{token}, the token 60-80
    # characters (discord.com and the older discordapp.com); the id goes with the token:
    # the URL's path is the credential (whoever holds it posts as the webhook)
    Rule("discord_webhook", re.compile(r"discord(?:app)?\.com/api/webhooks/"
                                       r"(\d{5,25}/[A-Za-z0-9_\-]{40,100})"),
         group=1, source=_GUARD, needs=("/api/webhooks/",)),
    # a Telegram bot token in the Bot API's URL: https://api.telegram.org/bot{token}/method
    Rule("telegram_token", re.compile(r"(?<=/bot)\d{6,12}:[A-Za-z0-9_\-]{30,40}"),
         source=_GUARD, needs=("/bot",)),
    *(Rule(kind, re.compile(rf"(?<![A-Za-z0-9_\-.]){pattern}(?![A-Za-z0-9_\-])"), source=_GUARD,
           needs=(needle,), min_word=min_word) for kind, needle, pattern, min_word in (
        # each as its provider documents it: a fixed prefix, then a body of fixed alphabet
        # and length (hexadecimal bodies, which the generic prefixed shape refuses)
        ("supabase_token", "sbp_", r"sbp_[a-f0-9]{40}", 28),
        ("pulumi_token", "pul-", r"pul-[a-f0-9]{40}", 28),
        ("databricks_token", "dapi", r"dapi[a-f0-9]{32}(?:-\d)?", 28),
        ("doppler_token", "dp.", r"dp\.(?:st|ct|sa|scim|audit|pt)\.(?:[a-z0-9_\-]{2,35}\.)?"
                                  r"[A-Za-z0-9]{40,44}", 28),
        ("age_secret_key", "AGE-SECRET-KEY-", r"AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}", 28),
        ("terraform_token", ".atlasv1.", r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=\-]{60,70}", 28),
        ("flyio_token", "fo1_", r"fo1_[\w\-]{43}", 28),
        ("dropbox_token", "sl.", r"sl\.[A-Za-z0-9_\-]{130,}", 130),
        ("mapbox_token", "sk.eyJ", r"sk\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}", 28),
        ("atlassian_token", "ATATT", r"ATATT3[A-Za-z0-9_\-=]{150,}", 150),
        ("heroku_token", "HRKU-", r"HRKU-[A-Za-z0-9_\-]{60}", 28),
        ("square_token", "EAAA", r"EAAA[A-Za-z0-9_\-]{60}", 28),
        ("facebook_token", "EAA", r"EAA[A-Za-z0-9]{100,}", 100),
        ("mailgun_key", "-", r"[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}", 50),
        ("google_oauth_secret", "GOCSPX-", r"GOCSPX-[A-Za-z0-9_\-]{28}", 28),
        ("google_oauth_token", "ya29.", r"ya29\.[A-Za-z0-9_\-]{30,}", 28),
        ("newrelic_key", "NRAK-", r"NRAK-[A-Z0-9]{27}", 28),
        ("postman_key", "PMAK-", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}", 28),
        ("slack_token", "xapp-", r"xapp-\d-[A-Z0-9]{8,12}-\d{10,14}-[a-f0-9]{64}", 28),
        ("airtable_token", "pat", r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}", 80),
        ("grafana_token", "glsa_", r"glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}", 28),
        # RubyGems API keys (named for GEM_HOST_API_KEY: a placeholder naming "rubygems"
        # would repeat the key's own prefix)
        ("gem_host_api_key", "rubygems_", r"rubygems_[a-f0-9]{48}", 28),
        ("dockerhub_pat", "dckr_pat_", r"dckr_pat_[A-Za-z0-9_\-]{27}", 28),
        # (wave 16) prefixes the generic shape refuses (short, or hex, or a dot): Docker's
        # organisation access tokens, New Relic's insert keys, Square's OAuth access
        # tokens, MailerSend's API tokens (each from the provider's docs or gitleaks'
        # published rules)
        ("dockerhub_pat", "dckr_oat_", r"dckr_oat_[A-Za-z0-9_\-]{20,}", 28),
        ("newrelic_key", "NRII-", r"NRII-[A-Za-z0-9_\-]{32}", 28),
        ("square_token", "sq0atp-", r"sq0atp-[A-Za-z0-9_\-]{22,60}", 28),
        ("mailersend_key", "mlsn.", r"mlsn\.[a-f0-9]{64}", 64),
        # Sentry's organisation tokens (base64 of their claims, then a secret) and user
        # tokens (64 hex)
        ("sentry_auth_token", "sntrys_", r"sntrys_[A-Za-z0-9+/=_]{40,}", 28),
        ("sentry_auth_token", "sntryu_", r"sntryu_[a-f0-9]{64}", 28),
        # formats whose body holds hex, ``_``, ``-`` or ``.`` (which the generic prefixed
        # shape refuses), each from its provider's documentation or gitleaks' published rules
        # LangSmith personal access tokens and service keys (LangChain's docs: lsv2_pt_,
        # lsv2_sk_)
        ("langsmith_key", "lsv2_", r"lsv2_(?:pt|sk)_[A-Za-z0-9_]{30,80}", 28),
        # Figma personal access tokens (figd_)
        ("figma_token", "figd_", r"figd_[A-Za-z0-9_\-]{30,80}", 28),
        # PlanetScale API tokens, OAuth tokens and database passwords
        ("planetscale_token", "pscale_", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9=_\-.]{32,64}", 28),
        # OpenRouter keys: sk-or-v1- and 64 hex
        ("openrouter_key", "sk-or-", r"sk-or-v1-[a-f0-9]{64}", 28),
        # NVIDIA API keys (nvapi-)
        ("nvidia_key", "nvapi-", r"nvapi-[A-Za-z0-9_\-]{60,70}", 28),
        # Brevo (Sendinblue) API keys
        ("brevo_key", "xkeysib-", r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}", 28),
        # Dynatrace API tokens: dt0c01, a public part and a secret part
        ("dynatrace_token", "dt0c01.", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}", 28),
        # ReadMe API keys, Shippo tokens, 1Password service account tokens
        ("readme_key", "rdme_", r"rdme_[a-z0-9]{70}", 28),
        ("shippo_token", "shippo_", r"shippo_(?:live|test)_[a-f0-9]{40}", 28),
        ("onepassword_token", "ops_eyJ", r"ops_eyJ[A-Za-z0-9+/]{250,}={0,3}", 28),
        # Langfuse secret keys (sk-lf- and a UUID)
        ("langfuse_key", "sk-lf-", r"sk-lf-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}"
                                    r"-[a-f0-9]{12}", 28),
        # Alibaba Cloud access key ids (LTAI and 20 letters and digits)
        ("alibaba_access_key", "LTAI", r"LTAI[A-Za-z0-9]{20}", 0),
        # Bitbucket app passwords (ATBB and 32 letters and digits)
        ("bitbucket_app_password", "ATBB", r"ATBB[A-Za-z0-9]{32}", 28),
        # a survey of gitleaks' published rules for formats with a prefix of their own, and of
        # the providers' documentation for the keys a coding agent handles in 2026
        ("onepassword_secret_key", "A3-", r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-"
                                          r"[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}", 28),
        ("artifactory_token", "cmVmd", r"cmVmd[A-Za-z0-9]{59}", 28),
        ("aws_bedrock_key", "ABSK", r"ABSK[A-Za-z0-9+/]{109,269}={0,2}", 28),
        # Microsoft Entra (Azure AD) client secrets: 3 characters, a digit, "Q~", 31-34 more
        ("azure_client_secret", "Q~", r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}", 28),
        ("clickhouse_key", "4b1d", r"4b1d[A-Za-z0-9]{38}", 28),
        ("clojars_token", "CLOJARS_", r"CLOJARS_[a-z0-9]{60}", 28),
        ("cloudflare_origin_ca_key", "v1.0-", r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}", 28),
        ("duffel_token", "duffel_", r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}", 28),
        ("easypost_key", "EZ", r"EZ[AT]K[A-Za-z0-9]{54}", 28),
        ("flutterwave_key", "FLWSECK", r"FLWSECK(?:_TEST)?-[a-h0-9]{32}-X", 28),
        ("flyio_token", "fm", r"fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,}={0,3}", 100),
        ("frameio_token", "fio-u-", r"fio-u-[A-Za-z0-9_\-=]{64}", 28),
        ("grafana_key", "eyJrIjoi", r"eyJrIjoi[A-Za-z0-9]{70,400}={0,3}", 28),
        ("grafana_cloud_token", "glc_", r"glc_[A-Za-z0-9+/]{32,400}={0,3}", 28),
        ("harness_token", "at.", r"[ps]at\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}",
         28),
        ("huggingface_token", "api_org_", r"api_org_[A-Za-z]{34}", 28),
        ("maxmind_key", "_mmk", r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk", 28),
        ("openshift_token", "sha256~", r"sha256~[A-Za-z0-9_\-]{43}", 28),
        ("scalingo_token", "tk-us-", r"tk-us-[A-Za-z0-9_\-]{48}", 28),
        ("slack_token", "xoxe", r"xoxe(?:\.xox[bp])?-\d-[A-Z0-9]{146,166}", 100),
        ("sourcegraph_token", "sgp_", r"sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}", 28),
        ("typeform_token", "tfp_", r"tfp_[A-Za-z0-9_\-.=]{59}", 28),
        ("yandex_key", "AQVN", r"AQVN[A-Za-z0-9_\-]{35,38}", 28),
        ("pinecone_key", "pcsk_", r"pcsk_[A-Za-z0-9_]{50,100}", 28),
        ("elevenlabs_key", "sk_", r"sk_[a-f0-9]{48}", 28),
        ("sonarqube_token", "sq", r"sq[upa]_[a-f0-9]{40}", 28),
        ("firecrawl_key", "fc-", r"fc-[a-f0-9]{32}", 28),
        ("cerebras_key", "csk-", r"csk-[a-z0-9]{40,60}", 28),
        ("neon_key", "napi_", r"napi_[a-z0-9]{60,70}", 28),
        ("e2b_key", "e2b_", r"e2b_[a-f0-9]{40}", 28),
        ("browserbase_key", "bb_live_", r"bb_live_[A-Za-z0-9_\-]{20,40}", 28),
        ("settlemint_token", "sm_", r"sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}", 0),
        # wave 8's survey, each as its provider documents it: Supabase's secret API keys
        # (sb_secret_; its publishable sb_publishable_ keys are public), CircleCI's personal
        # and project tokens (CCIPAT_, CCIPRJ_: a random part, "_" and 40 hex), NuGet API
        # keys (oy2 and 43 lowercase letters and digits), New Relic license keys (36 hex then
        # NRAL), Buildkite API access tokens (bkua_ and 40 hex), crates.io tokens (cio and 32)
        ("supabase_api_key", "sb_secret_", r"sb_secret_[A-Za-z0-9_\-]{20,80}", 28),
        ("circleci_token", "CCIP", r"CCIP(?:AT|RJ)_[A-Za-z0-9]{16,40}_[a-f0-9]{40}", 28),
        ("nuget_api_key", "oy2", r"oy2[a-z0-9]{43}", 28),
        ("newrelic_license_key", "NRAL", r"[a-f0-9]{36}NRAL", 28),
        ("buildkite_token", "bkua_", r"bkua_[a-f0-9]{40}", 28),
        ("crates_io_token", "cio", r"cio[A-Za-z0-9]{32}", 28),
    )),
    # Octopus Deploy API keys (API- and 26 capitals and digits) and Resend API keys (re_):
    # their bodies must mix letters and digits (``API-`` and capitals alone is a heading)
    Rule("octopus_key", re.compile(r"(?<![A-Za-z0-9_\-.])API-[A-Z0-9]{26}(?![A-Za-z0-9_\-])"),
         source=_GUARD, needs=("API-",), valid=lambda v: _mixed(v[4:], upper=False)),
    Rule("resend_key", re.compile(r"(?<![A-Za-z0-9_\-.])re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}"
                                  r"(?![A-Za-z0-9_\-])"),
         source=_GUARD, needs=("re_",), valid=lambda v: _mixed(v[3:], upper=True)),
    # (wave 15) prefixes documented by their providers and absent above, each with its
    # body's alphabet and length; a body that must mix letters and digits says so
    *(Rule(kind, re.compile(rf"(?<![A-Za-z0-9_\-.]){pattern}(?![A-Za-z0-9_\-])"),
           source=_GUARD, needs=(needle,), min_word=min_word,
           valid=None if mixed is None else _mixed_after(len(needle), upper=mixed))
      for kind, needle, pattern, min_word, mixed in (
        # Tailscale: tskey-{auth,api,client,scim,webhook}-<id>-<secret> (auth keys, API
        # access tokens, OAuth clients' secrets)
        ("tailscale_key", "tskey-", r"tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,24}"
                                    r"-[A-Za-z0-9]{20,64}", 28, True),
        # Adafruit IO keys (aio_ and 28), Contentful personal access tokens (CFPAT- and 43),
        # Brevo SMTP keys (xsmtpsib-, 64 hex, -, 16), Tavily (tvly-[dev-|prod-] and 32),
        # Infracost (ico- and 32), Linear OAuth tokens
        # (lin_oauth_ and 64 hex), Postman collection access keys (PMAT- and 26)
        ("adafruit_io_key", "aio_", r"aio_[A-Za-z0-9]{28}", 28, True),
        ("contentful_token", "CFPAT-", r"CFPAT-[A-Za-z0-9_\-]{43}", 28, None),
        ("brevo_smtp_key", "xsmtpsib-", r"xsmtpsib-[a-f0-9]{64}-[A-Za-z0-9]{16}", 28, None),
        ("tavily_key", "tvly-", r"tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}", 28, None),
        ("infracost_key", "ico-", r"ico-[A-Za-z0-9]{32}", 28, True),
        ("linear_oauth_token", "lin_oauth_", r"lin_oauth_[a-f0-9]{64}", 28, None),
        ("postman_access_key", "PMAT-", r"PMAT-[0-9A-Z]{26}", 0, False),
        # Twitch chat tokens (oauth: and 30 lowercase letters and digits); Intercom access
        # tokens (base64 of "tok:..."); Trello tokens (ATTA and 64 or more hex); ClickUp
        # personal tokens (pk_<user id>_ and 32 capitals and digits); Twitter/X app-only
        # bearer tokens (22 A's, then the token); PagerDuty user tokens (u+ and 18)
        ("twitch_oauth_token", "oauth:", r"oauth:[a-z0-9]{30}", 0, False),
        ("intercom_token", "dG9rOj", r"dG9rOj[A-Za-z0-9+/]{40,120}={0,2}", 28, None),
        ("trello_token", "ATTA", r"ATTA[A-Fa-f0-9]{64,72}", 28, None),
        ("clickup_token", "pk_", r"pk_\d{6,12}_[A-Z0-9]{32}", 28, None),
        ("twitter_bearer_token", "AAAAAAAAAAAAAAAAAAAAAA", r"A{22}[A-Za-z0-9%]{60,140}", 28,
         True),
        ("pagerduty_token", "u+", r"u\+[A-Za-z0-9_\-]{18}", 0, True),
        # Bitwarden Secrets Manager access tokens (0.<uuid>.<30>:<base64>), Matrix (Synapse)
        # access tokens (syt_<localpart>_<20>_<6>), YouTrack permanent tokens (perm:...),
        # Akamai EdgeGrid tokens (akab-<16>-<16>), Databricks OAuth secrets (dose and 32 hex),
        # Klaviyo private API keys (pk_ and 34 hex), Paddle API keys, Google OAuth refresh
        # tokens (1//0...)
        ("bitwarden_access_token", "0.", r"0\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
                                        r"[0-9a-f]{12}\.[A-Za-z0-9]{30}:[A-Za-z0-9+/]{22,24}"
                                        r"={0,2}", 28, None),
        ("matrix_access_token", "syt_", r"syt_[A-Za-z0-9]{2,80}_[A-Za-z0-9]{20}_[A-Za-z0-9]{6}",
         28, None),
        ("youtrack_token", "perm:", r"perm:[A-Za-z0-9+/=]{4,64}\.[A-Za-z0-9+/=]{4,64}\."
                                     r"[A-Za-z0-9]{20,40}", 28, None),
        ("akamai_token", "akab-", r"akab-[a-z0-9]{16}-[a-z0-9]{16}", 0, None),
        ("databricks_oauth_secret", "dose", r"dose[a-f0-9]{32}", 28, None),
        ("klaviyo_private_key", "pk_", r"pk_[a-f0-9]{34}", 28, False),
        ("paddle_api_key", "pdl_", r"pdl_(?:live|sdbx)_apikey_[A-Za-z0-9_]{40,80}", 28, None),
        ("google_refresh_token", "1//0", r"1//0[A-Za-z0-9_\-]{40,200}", 28, None),
    )),
    # (wave 15) the URL of a no-code automation's webhook: its path is the credential
    # (Make, formerly Integromat: hook.<zone>.make.com/<32>; Pipedream: <id>.m.pipedream.net)
    Rule("make_webhook", re.compile(r"hook\.(?:[a-z]{2}\d\.)?(?:make|integromat)\.com/"
                                    r"([a-z0-9]{32})(?![A-Za-z0-9])"),
         group=1, source=_GUARD, needs=("make.com", "integromat.com")),
    Rule("pipedream_webhook", re.compile(r"(?<=//)(e[no][a-z0-9]{12,30})\.m\.pipedream\.net"),
         group=1, source=_GUARD, needs=("pipedream.net",)),
    # a line of PostgreSQL's password file (~/.pgpass): host:port:database:user:password
    # (wave 15) or such a line quoted, or after a shell's prompt (``$ host:5432:...``): the
    # line's fields stand alone between spaces or quotes
    Rule("pgpass_password", re.compile(r"(?m)(?:^|(?<=[\s\"'`]))[\w.\-*\[\]]+:(?:\d{2,5}|\*):"
                                       r"[\w.\-*]+:[^\s:\"'`]+:([^\s:\"'`]{4,128})"
                                       r"(?=$|[\s\"'`\\])"),
         group=1, source=_GUARD, needs=(":",), gate=re.compile(r":(?:\d{2,5}|\*):"),
         valid=lambda v: not v.isdigit()),
    # Docker's config.json: "auth" holds base64 of user:password
    Rule("basic_auth", re.compile(r"\"auth\"\s*:\s*\"([A-Za-z0-9+/]{8,}={0,2})\""), group=1,
         source=_GUARD, needs=('"auth"',), valid=is_user_password),
    # Okta's API tokens go in the header ``Authorization: SSWS {token}``
    Rule("okta_api_token", re.compile(r"\bSSWS\s+([A-Za-z0-9_\-]{20,})"), group=1,
         source=_GUARD, needs=("SSWS",)),
    # a Microsoft Teams incoming webhook: the path after ``webhookb2/`` (or the legacy
    # ``outlook.office.com/webhook/``) holds the webhook's ids and its secret
    Rule("teams_webhook_url", re.compile(r"(?:\.webhook\.office\.com/webhookb2/"
                                         r"|outlook\.office(?:365)?\.com/webhook/)"
                                         r"([A-Za-z0-9@/\-]{40,400})"),
         group=1, source=_GUARD, needs=("webhook",), lower=True),
    # an AWS STS session token: base64 of a binary structure whose first bytes are fixed,
    # so every token opens the same way (``IQoJb3JpZ2luX2Vj``, base64 of "origin_ec", and the
    # older ``FwoGZXIvYXdzE``); hundreds of characters long
    Rule("aws_session_token", re.compile(r"(?<![A-Za-z0-9+/])(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE)"
                                         r"[A-Za-z0-9+/]{80,}={0,2}"),
         source=_GUARD, needs=("IQoJb3JpZ2luX2Vj", "FwoGZXIvYXdzE"), min_word=96),
    # a Discord bot token: base64 of the bot's numeric id, a 6-character timestamp and an
    # HMAC of 27 to 38 characters (the library's pattern stops at 27 and at 26 for the id)
    Rule("discord_token", re.compile(r"(?<![A-Za-z0-9_\-.])[MNO][A-Za-z0-9_\-]{23,27}\."
                                     r"[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,40}"
                                     r"(?![A-Za-z0-9_\-])"),
         source=_GUARD, needs=(".",), gate=re.compile(r"\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27}"),
         valid=lambda v: _snowflake(v.split(".")[0]), min_word=58),
    # the signature of an Azure shared access signature (a URL holding sv= and sig=)
    Rule("azure_sas", re.compile(r"[?&]sig=([A-Za-z0-9%+/]{30,}(?:%3D|=){0,2})"), group=1,
         source=_GUARD, needs=("sig=",), gate=re.compile(r"[?&]s[vp]=")),
    # (wave 10) a Salesforce session id / OAuth access token: the 15-character org id
    # (``00D`` and 12 more), ``!``, then the session's body (help.salesforce.com, "Find
    # your Salesforce org ID"; the ``!`` is the token's own separator, no identifier has it)
    Rule("salesforce_access_token", re.compile(r"(?<![A-Za-z0-9])00D[A-Za-z0-9]{12}"
                                               r"(?:[A-Za-z0-9]{3})?![A-Za-z0-9._]{60,}"),
         source=_GUARD, needs=("00D",), min_word=80),
    # (wave 10) the key in a node provider's endpoint: Alchemy's ``https://<network>.g.alchemy.
    # com/v2/<apiKey>`` (docs.alchemy.com, "Alchemy URL") and Infura's ``https://<network>.
    # infura.io/v3/<API key>`` (docs.infura.io, "Make requests"): the path segment is the key
    Rule("alchemy_rpc_key", re.compile(r"\.g\.alchemy\.com/(?:v2|nft/v[23])/([A-Za-z0-9_\-]{20,64})"
                                       r"(?![A-Za-z0-9_\-])"),
         group=1, source=_GUARD, needs=("alchemy.com/",), lower=True),
    Rule("infura_project_key", re.compile(r"\.infura\.io/(?:ws/)?v3/([a-fA-F0-9]{32})"
                                          r"(?![A-Za-z0-9])"),
         group=1, source=_GUARD, needs=("infura.io/",), lower=True),
    # (wave 10) a Kerberos keytab in base64: the MIT keytab file opens with its version
    # bytes 0x05 0x02 (web.mit.edu/kerberos/krb5-latest/doc/formats/keytab_file_format.html),
    # which base64 writes ``BQ`` then I, J, K or L; a keytab holds the service's long-term
    # keys, so the whole blob is the credential (checked: it decodes, to 48 bytes or more)
    Rule("kerberos_keytab", re.compile(r"(?<![A-Za-z0-9+/])BQ[IJKL][A-Za-z0-9+/]{61,}={0,2}"
                                       r"(?![A-Za-z0-9+/=])"),
         source=_GUARD, needs=("BQ",), min_word=64, valid=lambda v: _keytab(v)),
]

#: (wave 21) also PKCS #8's encrypted form (RFC 5958 section 3, ``BEGIN ENCRYPTED PRIVATE
#: KEY``), which detect-secrets' list leaves out: the key encrypted under a passphrase is still
#: the key (a passphrase is guessed offline, and it is often beside it)
ENCRYPTED_HEADER = re.compile(r"BEGIN ENCRYPTED PRIVATE KEY")
#: (wave 21) whether :data:`ENCRYPTED_HEADER` opens a block (a switch of cv_wave21_secrets.py)
READ_ENCRYPTED = True
PRIVATE_HEADER = re.compile("|".join(p.pattern for p in PrivateKeyDetector.denylist))
PRIVATE_BLOCK = re.compile(
    r"-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----.*?(?:-----END \1-----|\Z)"
    r"|PuTTY-User-Key-File-\d.*?(?:Private-MAC:\s*\S+|\Z)", re.DOTALL)

_RULES: list[Rule] = []
#: each distinct needle of the rules: (needle, looked for lowercased, the rules it opens)
_NEEDLES: list[tuple[str, bool, tuple[int, ...]]] = []
#: the same for the rules that run only on a text with a long word (``min_word``)
_LONG_NEEDLES: list[tuple[str, bool, tuple[int, ...]]] = []
#: the shortest token of those rules: they run only on a text with a word this long
_LONG_WORD = 28
#: the rules that run on every text (no needles)
_ALWAYS: list[int] = []


def _library_rules_cached() -> list[Rule]:
    if not _RULES:
        _RULES.extend(_library_rules())
        _RULES.extend(_EXTRA_RULES)
        for table, long in ((_NEEDLES, False), (_LONG_NEEDLES, True)):
            owners: dict[tuple[str, bool], list[int]] = {}
            for i, rule in enumerate(_RULES):
                for needle in rule.needs if bool(rule.min_word) == long else ():
                    owners.setdefault((needle, rule.lower), []).append(i)
            table.extend((n, lower, tuple(rules)) for (n, lower), rules in owners.items())
        _ALWAYS.extend(i for i, rule in enumerate(_RULES) if not rule.needs)
    return _RULES


def longest_word(text: str) -> int:
    """The length of the longest run of non-space characters in ``text`` (``str.split``'s
    whitespace is the regular expressions' ``\\s``, character for character)."""
    return max(map(len, text.split()), default=0)


def active_rules(text: str, low: str, longest: int | None = None) -> list[Rule]:
    """The rules to run on ``text``: those without needles and those with one present. Each
    distinct needle is looked for once (the rules share many), which costs a tenth of asking
    each rule in turn. ``longest``: :func:`longest_word` of ``text``, if the caller has it."""
    rules = _library_rules_cached()
    if not _TABLES:
        _TABLES.extend(Needles([(n, o) for n, lower, o in table if lower == want])
                       for table in (_NEEDLES, _LONG_NEEDLES) for want in (True, False))
        _AS_WRITTEN.extend(_as_written())
    lowered, exact, long_lowered, long_exact = _TABLES
    if text.isascii() and _AS_WRITTEN:
        # ASCII text: the lowercased needles by their case spellings, in one pass with the
        # others over the text as written (the same rules: see :func:`.needles.spellings`)
        opened = set(_ALWAYS).union(*_AS_WRITTEN[0].found(text))
    else:
        opened = set(_ALWAYS).union(*lowered.found(low), *exact.found(text))
    if (longest_word(text) if longest is None else longest) >= _LONG_WORD:
        opened.update(*long_lowered.found(low), *long_exact.found(text))
    return [rules[i] for i in sorted(opened)]


#: :data:`_NEEDLES` and :data:`_LONG_NEEDLES`, each as two tables (the needles looked for
#: in the lowercased text, then those looked for as written), built on first use
_TABLES: list[Needles[tuple[int, ...]]] = []
#: for ASCII text, :data:`_NEEDLES` as one table over the text as written (the lowercased
#: needles by their case spellings); empty when they would be too many spellings
_AS_WRITTEN: list[Needles[tuple[int, ...]]] = []
#: the most case spellings of the lowercased needles that table holds
_MOST_SPELLINGS = 16_384


def _as_written() -> list[Needles[tuple[int, ...]]]:
    lowered = [(n, o) for n, lower, o in _NEEDLES if lower]
    if any(not n.isascii() or n != n.lower() for n, _ in lowered):
        return []
    if sum(2 ** sum(c.isalpha() for c in n) for n, _ in lowered) > _MOST_SPELLINGS:
        return []
    rows = [(n, o) for n, lower, o in _NEEDLES if not lower]
    rows += [(spelled, o) for n, o in lowered for spelled in spellings(n)]
    return [Needles(rows)]




#: a needle of the rules as a caller's one pass finds it: (the needle, looked for
#: lowercased, only on a text with a long word, the rules it opens)
FormatNeedle = tuple[str, bool, bool, tuple[int, ...]]


def gate_rows() -> list[tuple[str, tuple[str, FormatNeedle]]]:
    """The rules' needles of two characters or more, lowercased, for a caller that looks
    for them in one pass over the lowercased text with its own words (a needle ``text``
    holds is there lowercased: ``str.lower`` lowercases each ASCII letter in place); the
    rows found are then asked as the rule wants (:func:`opened_rules`). The one-character
    needles (``.``, ``:``, ``-``) are in most texts: ``in`` asks for them faster than an
    automaton reports each place."""
    _library_rules_cached()
    if any(not needle.isascii() for needle, _, _ in (*_NEEDLES, *_LONG_NEEDLES)):
        raise ValueError("a format's needle outside ASCII: gate_rows would not be exact")
    return [(needle.lower(), ("format", (needle, lower, long, owners)))
            for table, long in ((_NEEDLES, False), (_LONG_NEEDLES, True))
            for needle, lower, owners in table if len(needle) > 1]


def _singles() -> list[FormatNeedle]:
    if not _SINGLES:
        _library_rules_cached()
        _SINGLES.extend((needle, lower, long, owners)
                        for table, long in ((_NEEDLES, False), (_LONG_NEEDLES, True))
                        for needle, lower, owners in table if len(needle) == 1)
    return _SINGLES


_SINGLES: list[FormatNeedle] = []


def opened_rules(text: str, low: str, longest: int,
                 candidates: Iterable[FormatNeedle]) -> list[Rule]:
    """:func:`active_rules`, from the rows of :func:`gate_rows` whose needle ``low`` holds:
    each is asked as its rule wants (as written, or lowercased) and the one-character
    needles with ``in``."""
    rules = _library_rules_cached()
    long = longest >= _LONG_WORD
    opened = set(_ALWAYS)
    for needle, lower, is_long, owners in (*candidates, *(_SINGLES or _singles())):
        if (long or not is_long) and needle in (low if lower else text):
            opened.update(owners)
    return [rules[i] for i in sorted(opened)]


def provider_matches(text: str, low: str | None = None, longest: int | None = None,
                     candidates: Iterable[FormatNeedle] | None = None,
                     ) -> Iterator[tuple[Rule, int, int, bool]]:
    """Each match of a provider format in ``text`` (``low``: the text lowercased, and
    ``longest``: :func:`longest_word` of it, if the caller has them; ``candidates``: the
    rows of :func:`gate_rows` ``low`` holds, when the caller looked already): the rule,
    the secret's span, and whether the value passed the rule's own check (a JWT whose
    parts decode)."""
    low = text.lower() if low is None else low
    longest = longest_word(text) if longest is None else longest
    for rule in (active_rules(text, low, longest) if candidates is None
                 else opened_rules(text, low, longest, candidates)):
        if rule.min_word and longest < rule.min_word:
            continue
        if rule.gate is not None and rule.gate.search(text) is None:
            continue
        for m in rule.pattern.finditer(text):
            start, end = m.span(rule.group)
            if start < 0 or start == end:
                continue
            if rule.extend:
                end += _TOKEN_CHARS.match(text, end).end() - end  # type: ignore[union-attr]
            yield rule, start, end, rule.valid is None or rule.valid(text[start:end])
