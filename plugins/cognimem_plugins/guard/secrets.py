"""Credentials found in text and replaced by typed placeholders (``[REDACTED:aws_access_key]``).

The provider formats come from the ``detect-secrets`` library: the compiled ``denylist``
regexes of its plugin classes (AWS, GitHub, GitLab, PyPI, OpenAI, Stripe, Slack, SendGrid,
Twilio, Discord, Telegram, Mailchimp, Azure storage, Artifactory, private keys, JWTs,
passwords in URLs), its JWT validity check, its keyword list of secret-like names, its
heuristic filters (templated values, ``$VAR``, sequential strings) and its Shannon entropy.
Its per-line scanner (``scan_line``) is not used: in ad-hoc mode it reports every word of
a line as a candidate, at about 5 ms a line, and it returns the secret's value, not where
it is. The regexes are run here with ``finditer`` so each match has a span to replace.

Added here, for kinds the library lacks: Google API keys, Anthropic and newer OpenAI keys,
GitHub fine-grained tokens, npm and Hugging Face tokens, whole private-key blocks (the
library matches the header line only), ``key = value`` assignments in prose and config,
connection strings, ``Bearer`` tokens, and high-entropy values a few words after a
secret-like name.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from detect_secrets.filters.heuristic import (
    is_potential_uuid,
    is_prefixed_with_dollar_sign,
    is_sequential_string,
    is_templated_secret,
)
from detect_secrets.plugins.artifactory import ArtifactoryDetector
from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.discord import DiscordBotTokenDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.keyword import DENYLIST
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.private_key import PrivateKeyDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

PLACEHOLDER = "[REDACTED:{kind}]"
_PLACEHOLDER_RE = re.compile(r"\[REDACTED:[a-z0-9_]+\]")
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
    rules += [Rule("gitlab_token", p, needs=("gl", "GR1348941"))
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
    rules += [Rule("discord_token", _bounded(p), needs=(".",),
                   gate=re.compile(r"\.[a-zA-Z\d_-]{6}\.[a-zA-Z\d_-]{27}"))
              for p in DiscordBotTokenDetector.denylist]
    rules += [Rule("telegram_token", _bounded(p), needs=(":",),
                   gate=re.compile(r":[0-9A-Za-z_-]{35}"))
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
    rules.append(Rule("jwt", _bounded(JwtTokenDetector.denylist[0]), extend=True,
                      valid=JwtTokenDetector.is_formally_valid, needs=("eyJ",)))
    return rules


_SCHEME_KINDS = {"postgres": "connection_string", "postgresql": "connection_string",
                 "mysql": "connection_string", "mariadb": "connection_string",
                 "mongodb": "connection_string", "mongodb+srv": "connection_string",
                 "redis": "connection_string", "rediss": "connection_string",
                 "amqp": "connection_string", "amqps": "connection_string",
                 "mssql": "connection_string", "sqlserver": "connection_string",
                 "jdbc": "connection_string", "clickhouse": "connection_string"}

#: The password of ``scheme://user:password@host`` (the library's basic-auth regex, with the
#: scheme captured so a database URL is reported as a connection string).
_URL_PASSWORD = re.compile(
    r"(?<![a-z0-9+.\-])([a-z][a-z0-9+.\-]{0,30})" + BasicAuthDetector.denylist[0].pattern,
    re.IGNORECASE)
#: the same, lenient: people paste passwords with unescaped ``#``, ``!`` or ``%``
_URL_PASSWORD_LOOSE = re.compile(
    r"(?<![a-z0-9+.\-])([a-z][a-z0-9+.\-]{0,30})://[^\s:/@]{1,200}:([^\s/@]{1,200})@(?=[\w\[])",
                                 re.IGNORECASE)

_EXTRA_RULES = [
    Rule("google_api_key", re.compile(r"(?<![A-Za-z0-9])AIza[0-9A-Za-z_\-]{35}(?![A-Za-z0-9])"),
         needs=("AIza",)),
    Rule("anthropic_key", re.compile(r"sk-ant-[a-z]+[0-9]{2}-[A-Za-z0-9_\-]{32,}"),
         needs=("sk-ant-",)),
    Rule("openai_key", re.compile(r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}"),
         needs=("sk-",)),
    Rule("github_token", re.compile(r"github_pat_[A-Za-z0-9_]{60,}"), needs=("github_pat_",)),
    Rule("npm_token", re.compile(r"(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
         needs=("npm_",)),
    Rule("huggingface_token", re.compile(r"(?<![A-Za-z0-9])hf_[A-Za-z0-9]{34,}"), needs=("hf_",)),
    Rule("stripe_key", re.compile(r"(?<![A-Za-z0-9])(?:sk|rk)_test_[0-9a-zA-Z]{24,}"),
         needs=("k_test_",)),
    Rule("bearer_token", re.compile(r"\bBearer\s+([A-Za-z0-9_\-.~+/]{16,}=*)"), group=1,
         needs=("Bearer",)),
]

_PRIVATE_HEADER = re.compile("|".join(p.pattern for p in PrivateKeyDetector.denylist))
_PRIVATE_BLOCK = re.compile(
    r"-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----.*?(?:-----END \1-----|\Z)"
    r"|PuTTY-User-Key-File-\d.*?(?:Private-MAC:\s*\S+|\Z)", re.DOTALL)

_NAMES = "|".join([*DENYLIST, r"access_?key", r"signing_?key", r"secret_?key", r"_pass\b", r"pw\b",
                   r"client_?secret", r"passphrase", r"token", r"credentials?", r"auth_?token"])
#: names that hold something about a secret, not the secret (``token_count``, ``secret_name``)
_NOT_SECRET_NAME = re.compile(
    r"(?i)(?:tokens|tokeniz\w*|_?(?:url|uri|path|file|dir|name|id|type|len|length|count|limit|"
    r"size|ttl|expiry|expires?|timeout|version|header|field|policy|hash|algorithm|format|"
    r"prefix|manager|store|scanning|rotation))$")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+.\w]*)?")
#: ``name = value``, ``name: value``, ``"name": "value"``, ``name is value``.
#: Found in two steps, so a long run of word characters costs linear time: a secret-like
#: name (:data:`_NAME_HIT`), then from its end the rest (:data:`_ASSIGNMENT`).
_NAME_HIT = re.compile(rf"(?i)(?:{_NAMES})")
#: a text without any of these holds no secret-like name (a cheap test before the regexes)
_NAME_STEMS = ("key", "pass", "pw", "secret", "contrase", "token", "credential", "auth")
_WORDISH = frozenset(string.ascii_letters + string.digits + "_.-")
_ASSIGNMENT = re.compile(
    r"(?i)[\w.\-]{0,40}['\"\]]{0,2}"
    r"(?P<sep>\s*(?::=|=>|==?|:)\s*|\s+(?:is|was|=)\s+)"
    r"(?:(?P<q>['\"`])(?P<quoted>[^'\"`\n]{4,200})(?P=q)|(?P<bare>[^\s'\"`,;)<>]{4,200}))")
#: a high-entropy value a few words after a secret-like name ("the deploy token for CI
#: is now 8f3...").
_NEAR = re.compile(
    rf"(?i)(?<![A-Za-z0-9])(?:{_NAMES}|key)\b(?:[\s:,'\"=()>-]{{1,3}}[\w'\-]+){{0,6}}?"
    r"[\s:,'\"=()>-]{1,3}(?P<value>[A-Za-z0-9+/_\-=.~]{16,200})")
_HASH = re.compile(r"(?i)(?:sha\d*[:=-]|md5[:=]|commit\s|digest\s|hash\s|checksum\s)\s*$")
_CONN_ASSIGN = re.compile(r"(?i)\b(?:password|pwd)\s*=\s*(?P<value>[^;'\"\s]{3,200})")

_PLAIN_VALUES = frozenset(
    "true false null none nil required optional redacted hidden masked empty changeme "
    "example placeholder secret password token string undefined missing invalid expired "
    "rotated revoked".split())
_ENTROPY = Base64HighEntropyString(limit=4.5)


def _looks_random(value: str, *, minimum: float = 3.0) -> bool:
    """Letters and digits mixed, few repeats: not a word, a path or a version."""
    if len(value) < 8 or value.count("/") > 2 or value.count(".") > 2:
        return False
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    return has_digit and has_alpha and _ENTROPY.calculate_shannon_entropy(value) >= minimum


def _plausible_value(value: str, *, assigned: bool) -> bool:
    """Whether an assigned value can be a real secret (not a template, a reference or a
    word). ``assigned``: after ``=``/``:=``/quotes, where a short password is plausible."""
    bare = value.strip().strip(".")
    if (len(bare) < 4 or bare.lower() in _PLAIN_VALUES or _PLACEHOLDER_RE.search(bare)
            or is_templated_secret(bare) or is_prefixed_with_dollar_sign(bare)
            or is_sequential_string(bare) or set(bare) <= set("*xX._-#")):
        return False
    if re.fullmatch(r"[A-Z][A-Z0-9_]+|[a-z_]+\.[a-z_.]+|\w+\(.*|os\.\w+.*|process\.env.*", bare):
        return False  # an environment variable's name, an attribute, a call
    if _VERSION.fullmatch(bare) or (bare.isdigit() and len(bare) < 8):
        return False
    if assigned:
        return len(bare) >= 6 or any(c.isdigit() for c in bare)
    return _looks_random(bare)


@dataclass(frozen=True)
class Found:
    """One credential: its kind and where it is (never kept beyond the redaction)."""

    kind: str
    start: int
    end: int


def find_secrets(text: str) -> list[Found]:
    """Every credential in ``text``, non-overlapping, in order (the first, longest wins)."""
    found: list[Found] = list(_find(text))
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    out: list[Found] = []
    for item in found:
        if out and item.start < out[-1].end:
            if item.end > out[-1].end and item.kind == out[-1].kind:
                out[-1] = Found(item.kind, out[-1].start, item.end)
            continue
        out.append(item)
    return out


def _find(text: str) -> Iterator[Found]:
    if ("PRIVATE KEY" in text or "PuTTY" in text) and _PRIVATE_HEADER.search(text):
        for m in _PRIVATE_BLOCK.finditer(text):
            yield Found("private_key", m.start(), m.end())
    low = text.lower()
    for rule in _active_rules(text, low):
        if rule.gate is not None and rule.gate.search(text) is None:
            continue
        for m in rule.pattern.finditer(text):
            start, end = m.span(rule.group)
            if start < 0 or start == end:
                continue
            if rule.extend:
                end += _TOKEN_CHARS.match(text, end).end() - end  # type: ignore[union-attr]
            if rule.valid is not None and not rule.valid(text[start:end]):
                continue
            yield Found(rule.kind, start, end)
    urls = "://" in text and "@" in text
    for m in (*_URL_PASSWORD.finditer(text), *_URL_PASSWORD_LOOSE.finditer(text)) if urls else ():
        kind = _SCHEME_KINDS.get(m.group(1).lower(), "url_password")
        if _plausible_value(m.group(2), assigned=True):
            yield Found(kind, m.start(2), m.end(2))
    in_connection_string = "server=" in low
    for m in _CONN_ASSIGN.finditer(text) if ("password" in low or "pwd" in low) else ():
        if ((in_connection_string or text[m.end():m.end() + 1] == ";")
                and _plausible_value(m.group("value"), assigned=True)):
            yield Found("connection_string", m.start("value"), m.end("value"))
    named = any(stem in low for stem in _NAME_STEMS)
    for m, name in _assignments(text) if named else ():
        quoted = m.group("quoted")
        value_group = "quoted" if quoted is not None else "bare"
        value = m.group(value_group)
        sep = m.group("sep").strip()
        assigned = quoted is not None or sep in ("=", ":=", "=>", "==")
        if _NOT_SECRET_NAME.search(name):
            continue
        if _plausible_value(value, assigned=assigned):
            aws = "aws" in name.lower() and len(value) == 40
            yield Found("aws_secret_key" if aws else "password_assignment", m.start(value_group),
                        m.start(value_group) + len(value.rstrip(".")))
    for m in _NEAR.finditer(text) if named else ():
        value = m.group("value").rstrip(".")
        if ("/" in value and "." in value) or is_potential_uuid(value) or _HASH.search(
                text, max(0, m.start("value") - 12), m.start("value")):
            continue  # a path, an id or a digest ("sha256:...", "commit ...")
        if _looks_random(value, minimum=3.3) and not _PLACEHOLDER_RE.search(value):
            yield Found("high_entropy_secret", m.start("value"),
                        m.start("value") + len(value))


def _assignments(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each ``name <sep> value`` whose name holds a secret-like word, with the whole name."""
    for hit in _NAME_HIT.finditer(text):
        start = hit.start()
        while start > 0 and hit.start() - start < 40 and text[start - 1] in _WORDISH:
            start -= 1
        if start > 0 and text[start - 1].isalnum():
            continue  # inside a longer word
        m = _ASSIGNMENT.match(text, hit.end())
        if m is not None:
            yield m, text[start:m.start("sep")].rstrip("'\"]")


_RULES: list[Rule] = []
#: each distinct needle of the rules: (needle, looked for lowercased, the rules it opens)
_NEEDLES: list[tuple[str, bool, tuple[int, ...]]] = []
#: the rules that run on every text (no needles)
_ALWAYS: list[int] = []


def _library_rules_cached() -> list[Rule]:
    if not _RULES:
        _RULES.extend(_library_rules())
        _RULES.extend(_EXTRA_RULES)
        owners: dict[tuple[str, bool], list[int]] = {}
        for i, rule in enumerate(_RULES):
            for needle in rule.needs:
                owners.setdefault((needle, rule.lower), []).append(i)
        _NEEDLES.extend((n, lower, tuple(rules)) for (n, lower), rules in owners.items())
        _ALWAYS.extend(i for i, rule in enumerate(_RULES) if not rule.needs)
    return _RULES


def _active_rules(text: str, low: str) -> list[Rule]:
    """The rules to run on ``text``: those without needles and those with one present. Each
    distinct needle is looked for once (the rules share many), which costs a tenth of asking
    each rule in turn."""
    rules = _library_rules_cached()
    opened = set(_ALWAYS)
    for needle, lower, owners in _NEEDLES:
        if needle in (low if lower else text):
            opened.update(owners)
    return [rules[i] for i in sorted(opened)]


def redact(text: str) -> tuple[str, dict[str, int]]:
    """``text`` with each credential replaced by ``[REDACTED:kind]``, and the count of each
    kind replaced."""
    found = find_secrets(text)
    if not found:
        return text, {}
    parts: list[str] = []
    last = 0
    for item in found:
        parts.append(text[last:item.start])
        parts.append(PLACEHOLDER.format(kind=item.kind))
        last = item.end
    parts.append(text[last:])
    return "".join(parts), dict(Counter(item.kind for item in found))
