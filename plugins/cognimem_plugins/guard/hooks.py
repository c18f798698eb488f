"""(wave 17) A webhook's secret path, with or without its host.

An incoming webhook's URL is its credential: whoever has the path can post. Written
without the host (a variable holding only the path, a config's ``slack_webhook =``), the
path keeps the structure its issuer documents:

* Slack (api.slack.com/messaging/webhooks): ``T<team>/B<bot>/<24 letters and digits>``;
* Discord (discord.com/developers/docs/resources/webhook): ``<snowflake id, 17 to 20
  digits>/<token, 60 to 80 URL-safe characters>``;
* Microsoft Teams / Office 365 connectors (learn.microsoft.com, "Create an Incoming
  Webhook"): ``<group GUID>@<tenant GUID>/IncomingWebhook/<32 hex>/<GUID>``;
* Rocket.Chat (docs.rocket.chat, "Integrations"): ``hooks/<17 characters>/<48>``;
* Zapier (help.zapier.com, catch hooks): ``hooks/catch/<account id>/<hook id>`` (the account
  id goes with the hook's: the two are the path);

And a value given to a name that says it is a webhook (``SLACK_WEBHOOK_URL``,
``discord.webhook``, ``teams_webhook``, ``hook_url``) that is not a URL, a reference or a
word: a token of NAMED_MIN (24) characters or more mixing letters and digits is the webhook's secret
part (a host-less path or its last segment).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .standins import placeholder

_GUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_EDGE_L = r"(?<![A-Za-z0-9_\-])"
_EDGE_R = r"(?![A-Za-z0-9_\-])"
#: (issuer, kind, a substring the path holds, the path's pattern)
PATHS: tuple[tuple[str, str, str, re.Pattern[str]], ...] = (
    ("Slack", "slack_webhook", "/B",
     re.compile(rf"{_EDGE_L}T[A-Z0-9]{{8,12}}/B[A-Z0-9]{{8,12}}/[A-Za-z0-9]{{24}}{_EDGE_R}")),
    ("Discord", "discord_webhook", "/",
     re.compile(rf"(?<![\w\-/])\d{{17,20}}/[A-Za-z0-9_\-]{{60,80}}{_EDGE_R}")),
    ("Microsoft Teams", "teams_webhook", "IncomingWebhook",
     re.compile(rf"{_GUID}@{_GUID}/IncomingWebhook/[0-9a-fA-F]{{32}}/{_GUID}")),
    ("Rocket.Chat", "rocketchat_webhook", "hooks/",
     re.compile(rf"hooks/[A-Za-z0-9]{{17}}/[A-Za-z0-9]{{48}}{_EDGE_R}")),
    ("Zapier", "webhook_zapier", "hooks/catch/",
     re.compile(r"hooks/catch/(\d{4,12}/[a-z0-9]{6,20})")),
)
#: the shortest token a webhook's name is given that counts as its secret (characters;
#: chosen by leave-one-split-out CV, bench/guard_eval/cv_wave17_documented.py)
NAMED_MIN = 24


def named_pattern(shortest: int) -> re.Pattern[str]:
    """A name that says its value is a webhook, the assignment, and a value of ``shortest``
    characters or more."""
    return re.compile(
        r"(?i)(?<![A-Za-z0-9])[\w.\-]{0,40}(?:web[_\-.]?hook|hook[_\-.]?url|hook[_\-.]?token)"
        r"[\w.\-]{0,20}['\"\]]{0,2}[^\S\n]*(?:=|:|\?\?|\|\||,)[^\S\n]*"
        # `process.env.X ?? "..."`, `os.environ.get(X) || "..."`
        r"(?:[\w.\[\]\"'(),]*(?:\?\?|\|\|)[^\S\n]*)?"
        rf"(?P<q>['\"`]?)(?P<v>[A-Za-z0-9_\-/]{{{shortest},200}})(?P=q)(?![A-Za-z0-9_\-/.:@])")


_NAMED = [named_pattern(NAMED_MIN)]


def _token_reason(value: str) -> str | None:
    """Why a value given to a webhook's name is not its secret path: a placeholder, a
    word or a path of words, no digit or no letter."""
    why = placeholder(value)
    if why:
        return why
    if not re.search(r"\d", value) or not re.search(r"[A-Za-z]", value):
        return "no digit or no letter (a word, a name or a number, not a token)"
    if not (re.search(r"[A-Z]", value) and re.search(r"[a-z]", value)) and len(value) < 32:
        return "one case of letters and short (a name or an id, not a token)"
    if re.fullmatch(r"[a-z]+(?:[_\-/][a-z0-9]+)*", value) or value.startswith("/") or any(
            re.fullmatch(r"[a-z]{3,}|v\d{1,2}", part) for part in re.split(r"[/_\-]", value)):
        return "words joined by separators (a name or a route)"
    return None


def webhook_paths(text: str, low: str) -> Iterator[Decision]:
    if "/" in text:
        for issuer, kind, needle, pattern in PATHS:
            for m in pattern.finditer(text) if needle in text else ():
                group = 1 if pattern.groups else 0
                yield decide(kind, m.start(group), m.end(group), None,
                             f"a {issuer} webhook's secret path (its documented structure, "
                             "with or without the host)")
    if "hook" in low:
        for m in _NAMED[0].finditer(text):
            value = m.group("v")
            yield decide("webhook_secret", m.start("v"), m.end("v"), _token_reason(value),
                         "a token given to a name that says it is a webhook (the webhook's "
                         "secret path without its host)")
