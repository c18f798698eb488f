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

from .branded import key_shape_reason
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
    # (wave 18) science, research and public data: pyowm ``OWM(api_key)``, cdsapi
    # ``Client(url, key)``, Globus ``ConfidentialAppAuthClient(client_id, client_secret)``,
    # pyDataverse ``NativeApi(base_url, api_token)``, sentinelsat ``SentinelAPI(user,
    # password)``, Benchling ``ApiKeyAuth(api_key)``, elsapy ``ElsClient(api_key)``,
    # pyzotero ``Zotero(library_id, library_type, api_key)``, OpenCage
    # ``OpenCageGeocode(key)``, googlemaps ``Client(key)``, Planet ``Auth.from_key(key)``,
    # heroku3 ``from_key(key)``, figshare ``Figshare(token)``
    "OWM": (1,), "cdsapi.Client": (2,), "ConfidentialAppAuthClient": (2,), "NativeApi": (2,),
    "SentinelAPI": (2,), "ApiKeyAuth": (1,), "ElsClient": (1,), "Zotero": (3,),
    "OpenCageGeocode": (1,), "googlemaps.Client": (1,), "Auth.from_key": (1,),
    "heroku3.from_key": (1,), "Figshare": (1,),
    # marketing, flags, messaging: Klaviyo ``KlaviyoAPI(api_key)``, Customer.io
    # ``CustomerIO(site_id, api_key)`` / ``APIClient(key)``, Amplitude ``Amplitude(api_key)``,
    # Statsig ``statsig.initialize(secret_key)``, LaunchDarkly ``Config(sdk_key)``,
    # ConfigCat ``configcatclient.get(sdk_key)``, Split ``get_factory(sdk_key)``,
    # Twilio (Node) ``twilio(sid, token)`` / ``new Twilio(sid, token)``, Slack (Go)
    # ``slack.New(token)``, pyTelegramBotAPI ``TeleBot(token)``, python-telegram-bot
    # ``Updater(token)``, tweepy ``Client(bearer_token)``
    "KlaviyoAPI": (1,), "CustomerIO": (2,), "customerio.APIClient": (1,), "Amplitude": (1,),
    "statsig.initialize": (1,), "ldclient.Config": (1,), "configcatclient.get": (1,),
    "get_factory": (1,), "twilio": (2,), "Twilio": (2,), "slack.New": (1,), "TeleBot": (1,),
    "Updater": (1,), "tweepy.Client": (1,),
    # AI providers: ``MistralClient(api_key)``, ``cohere.Client(api_key)``,
    # ``voyageai.Client(api_key)``, ``DeepgramClient(api_key)``, Weaviate
    # ``AuthApiKey(api_key)``, ``wandb.login(key)``, ``huggingface_hub.login(token)``
    "MistralClient": (1,), "cohere.Client": (1,), "voyageai.Client": (1,),
    "DeepgramClient": (1,), "AuthApiKey": (1,), "wandb.login": (1,),
    "huggingface_hub.login": (1,),
}
_CALLEE = "|".join(re.escape(name) for name in sorted(CALLS, key=len, reverse=True))
_CALL = re.compile(rf"(?<![\w])(?:[\w]+\.)*?(?P<callee>{_CALLEE})\s*\(\s*(?:new\s+)?")
_ARG = re.compile(r"\s*(?:(?P<q>['\"])(?P<v>[^'\"\n]{1,400})(?P=q)|[^,()'\"\n]{1,80}"
                  r"|\([^()\n]{0,80}\))\s*(?P<end>[,)])")
#: the words that open such a call (one gate before the regex)
GATE = tuple(sorted({name.lower() for name in CALLS}))


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


#: (wave 18) a keyword argument a client library documents for its credential
_KEYWORD = re.compile(
    r"(?<![\w.])(?P<kw>key|api_?key|apikey|apiKey|token|api_?token|access_?token|auth_?token|"
    r"secret|client_?secret|app_?key|app_?secret|sdk_?key|server_?key|environment_?key|"
    r"secret_?key|auth_?key|write_?key|bearer_?token|subscription_?key|license_?key)"
    r"\s*=\s*(?P<q>['\"])(?P<v>[^'\"\n]{8,300})(?P=q)")
#: a callee that constructs or configures a client (its last name)
_CLIENTISH = re.compile(r"(?:Client|API|Api|Instance|Service|Session|Auth|Connection|Config|"
                        r"Configuration|Provider|SDK|Sdk|Connector|Geocoder|Handler|init|"
                        r"initialize|login|connect|configure|authenticate)$")
_CALLEE_BEFORE = re.compile(r"(?P<callee>[A-Za-z_][\w.]*)\s*\($")


def _enclosing_callee(text: str, pos: int) -> str | None:
    """The name of the call whose parentheses hold ``pos`` (within 300 characters)."""
    depth = 0
    for i in range(pos - 1, max(-1, pos - 300), -1):
        c = text[i]
        if c == ")":
            depth += 1
        elif c == "(":
            if depth == 0:
                m = _CALLEE_BEFORE.search(text, max(0, i - 80), i + 1)
                return m.group("callee") if m else None
            depth -= 1
        elif c == "\n" and depth == 0 and text[i - 1:i] not in (",", "("):
            return None
    return None


def keyword_secrets(text: str) -> Iterator[Decision]:
    """A literal given to a credential's keyword argument of a client's constructor or
    configuration call (``GalaxyInstance(url, key='...')``, ``Client(url=..., key=...)``):
    the library documents the argument as its key, so hexadecimal and UUIDs count."""
    for m in _KEYWORD.finditer(text):
        callee = _enclosing_callee(text, m.start())
        if callee is None or not _CLIENTISH.search(callee):
            continue
        yield decide("sdk_credential", m.start("v"), m.end("v"),
                     key_shape_reason(m.group("v")),
                     f"the {m.group('kw')!r} argument of {callee[-40:]}() (a client's "
                     "documented credential)")


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
