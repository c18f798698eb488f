"""(wave 17) A literal passed where a client library documents its key, token or secret.

SDKs take their credential as a positional argument of a constructor or an init call; the
library's documentation says which one. Written from the SDKs' own quick starts (the
argument's position counts from 1):

* error and crash reporting: Rollbar ``rollbar.init(access_token)``, Bugsnag
  ``Bugsnag.start(apiKey)`` / ``bugsnag.configure``, Raygun ``RaygunClient(apiKey)``,
  Airbrake ``Notifier(projectId, projectKey)`` (2), Honeybadger ``Honeybadger(api_key)``;
* search, translation, data: Algolia ``SearchClient.create(appId, apiKey)`` and
  ``algoliasearch(appId, apiKey)`` (2), DeepL ``deepl.Translator(auth_key)``, the US Census
  ``Census(key)``, Airtable ``Airtable(base, key)`` / ``pyairtable.Api(token)``, Typesense,
  Meilisearch ``Client(url, key)`` (2);
* chat, mail and messaging: Slack ``WebClient(token)``, Telegram ``Bot(token)``, Discord
  ``client.run(token)``, SendGrid ``SendGridAPIClient(key)``, Postmark
  ``ServerClient(token)``, Twilio ``Client(account_sid, auth_token)`` (2), Mailgun, Pushover;
* code hosts and tools: PyGithub ``Github(token)``, Dropbox ``Dropbox(token)``, Trello
  ``TrelloClient(api_key, token)`` (1, 2), Canvas ``Canvas(url, key)`` (2), Tableau
  ``PersonalAccessTokenAuth(name, secret)`` (2), Globus ``RefreshTokenAuthorizer(token)`` /
  ``AccessTokenAuthorizer(token)``, PagerDuty ``EventsAPIV2Client(routing_key)``,
  ``APISession(token)``, Particle ``listDevices({auth})``;
* AI and quantum providers: ``OpenAI(api_key)``, ``Anthropic(api_key)``, Cohere
  ``Client(key)``, IonQ ``IonQProvider(token)``, ``IBMProvider(token)``,
  ``QiskitRuntimeService(token=...)``.

The value must be a string literal of 16 characters or more that is not a placeholder,
a URL, a path or words; the library's documentation, not the value's look, says it is
the secret, so hexadecimal and UUIDs count.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import camel_words, name_structure
from .standins import stand_in

#: callee (its last name, after any module or object) -> the positions of the secret
CALLS: dict[str, tuple[int, ...]] = {
    "rollbar.init": (1,), "Bugsnag.start": (1,), "bugsnag.start": (1,),
    "RaygunClient": (1,), "Honeybadger": (1,), "Notifier": (2,),
    "SearchClient.create": (2,), "algoliasearch": (2,), "Translator": (1,), "Census": (1,),
    "Airtable": (2,), "Api": (1,), "WebClient": (1,), "Bot": (1,), "client.run": (1,),
    "bot.run": (1,), "SendGridAPIClient": (1,), "ServerClient": (1,), "Github": (1,),
    "Dropbox": (1,), "TrelloClient": (1, 2), "Canvas": (2,), "PersonalAccessTokenAuth": (2,),
    "RefreshTokenAuthorizer": (1,), "AccessTokenAuthorizer": (1,),
    "EventsAPIV2Client": (1,), "APISession": (1,), "OpenAI": (1,), "Anthropic": (1,),
    "IonQProvider": (1,), "IBMProvider": (1,), "Pushover": (1,), "Mailgun": (1,),
    "Typesense": (1,), "Pinecone": (1,), "Replicate": (1,), "Mixpanel": (2,),
}
_CALLEE = "|".join(re.escape(name) for name in sorted(CALLS, key=len, reverse=True))
_CALL = re.compile(rf"(?<![\w])(?:[\w]+\.)*?(?P<callee>{_CALLEE})\s*\(\s*(?:new\s+)?")
_ARG = re.compile(r"\s*(?:(?P<q>['\"])(?P<v>[^'\"\n]{1,400})(?P=q)|[^,()'\"\n]{1,80}"
                  r"|\([^()\n]{0,80}\))\s*(?P<end>[,)])")
#: the words that open such a call (one gate before the regex)
GATE = tuple({name.split(".")[-1].lower() for name in CALLS})


def _value_reason(value: str) -> str | None:
    if len(value) < 16:
        return "shorter than 16 characters"
    why = stand_in(value, literal=True)
    if why:
        return why
    if value.startswith(("http://", "https://", "/", "./", "~/")) or " " in value:
        return "a URL, a path or words"
    return name_structure(value) or camel_words(value)


def sdk_call_secrets(text: str) -> Iterator[Decision]:
    for call in _CALL.finditer(text):
        positions = CALLS[call.group("callee")]
        pos = call.end()
        for index in range(1, max(positions) + 1):
            arg = _ARG.match(text, pos)
            if arg is None:
                break
            if index in positions and arg.group("v") is not None:
                yield decide("sdk_credential", arg.start("v"), arg.end("v"),
                             _value_reason(arg.group("v")),
                             f"the argument {call.group('callee')}() documents as its key, "
                             "token or secret")
            if arg.group("end") == ")":
                break
            pos = arg.end()


#: (wave 17) an Intercom access token: base64 of ``tok:``, a UUID and two numbers
#: (developers.intercom.com, "Authentication": the token the Developer Hub shows)
_INTERCOM = re.compile(r"(?<![A-Za-z0-9+/])dG9rO[g-v][A-Za-z0-9+/]{40,120}={0,2}"
                       r"(?![A-Za-z0-9+/=])")


def intercom_tokens(text: str) -> Iterator[Decision]:
    for m in _INTERCOM.finditer(text):
        try:
            decoded = base64.b64decode(m.group(0) + "=" * (-len(m.group(0)) % 4))
        except (binascii.Error, ValueError):
            continue
        if not decoded.startswith(b"tok:"):
            continue
        yield decide("intercom_access_token", m.start(), m.end(), None,
                     "an Intercom access token (base64 of 'tok:', a UUID and two numbers)")
