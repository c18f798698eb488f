"""The entropy heuristic: a random value near a secret-like name, or in a token's shape.

The weakest evidence of all, so a value found here is redacted only with evidence an
identifier does not give (:func:`.evidence.identifier_reason`); a hexadecimal value only
after a credential's name (:func:`hex_key_reason`). Also the tokens in the shape most
providers now issue: a short lowercase prefix and a long random body.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from .decisions import PLACEHOLDER_RE, Decision, decide
from .evidence import camel_words, classes, entropy, identifier_reason, lower_random, upper_random
from .keynames import qualified_key
from .languages import NAME_WIDE, gloss
from .names import NAMES

#: a value a few words after a secret-like name ("the deploy token for CI is now 8f3...");
#: the window may cross the end of a sentence ("... key today. New value: ...")
#: a value a few words after a secret-like name: the words (runs of a value's characters)
#: and what may separate them; the first separator may cross a line (``- name: KEY`` then
#: ``value: ...``)
_TOKEN = re.compile(r"[\w+/\-=.~]+")  # (a word of another language is walked over too)
_GAP = re.compile(r"[ \t:,'\"=()>.?!-]{0,4}(?:\n[^\S\n]*(?:-[^\S\n]*)?['\"]?)?")
_GAP_INLINE = re.compile(
    # (wave 17) an arrow after a remark: "API token (prod) -> VALUE"
    r"\)?[ \t]*(?:->|=>|\u2192|\u2014|\u2013)[ \t]*"
    r"|[ \t:,'\"=()>.?!-]{1,4}")
_NEAR_WORDS = 7
#: (wave 14) a value after the colon that ends a clause opening with a secret's name ("the
#: upload token for the lab's dataset repository account: VALUE") may stand this many
#: words after the name: the clause says what the value is, however many words it takes
_CLAUSE_WORDS = 12
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")


def _clause_value(text: str, name_end: int, gap: re.Match[str]) -> bool:
    """Whether the word after ``gap`` follows the colon that ends the name's clause (no
    sentence end or line break between the name and the colon)."""
    return (gap.group(0).rstrip().endswith(":")
            and not _SENTENCE_END.search(text, name_end, gap.start() + 1))
#: a secret-like name right after a value ("I put VALUE as the AWS secret access key",
#: "VALUE (the staging token)"): the name, and the link words allowed between them
_NAME_ONLY = re.compile(rf"(?i)(?<![A-Za-z0-9])(?:{NAMES}|key\d?)\b")
_BACK_VALUE = re.compile(
    r"(?<![A-Za-z0-9+/_\-=.~])(?P<value>[A-Za-z0-9+/_\-=.~]{16,200})(?![A-Za-z0-9+/_\-=.~])"
    r"(?P<link>[^\S\n]+(?:is|was|as|are)[^\S\n]+(?:[\w'\-]+[^\S\n]+){0,5}"
    r"|[^\S\n]*[(\[][^\S\n]*(?:[\w'\-]+[^\S\n]+){0,5}"
    r"|[^\S\n]+[-—][^\S\n]+(?:[\w'\-]+[^\S\n]+){0,5})$")
#: providers that issue hexadecimal keys (their names make "key" a credential's name)
_PROVIDERS = (r"datadog|new\s?relic|mailgun|sendgrid|algolia|bugsnag|rollbar|pagerduty|sentry|"
              r"heroku|cloudflare|segment|mixpanel|amplitude|launchdarkly|postmark|mapbox|"
              r"etherscan|infura|alchemy|snyk|circleci|codecov|contentful|fastly|hubspot|"
              r"intercom|zendesk|twilio|plaid|sumo\s?logic|netlify|linode|vultr|pushover|"
              r"telnyx|vonage|nexmo|messagebird|honeycomb|loggly|papertrail|logz|"
              # (wave 9b) Steam Web API keys and Kaggle API keys: 32 hexadecimal digits
              # (partner.steamgames.com/doc/webapi_overview/auth, kaggle.com/docs/api)
              r"steam|kaggle")
#: a provider's name, then up to three words, then "key" or "token", on the value's line
#: ("the PagerDuty integration key: ..."); other nouns still keep a value ("Datadog trace id")
_PROVIDER_KEY = re.compile(rf"(?i)\b(?:{_PROVIDERS})\b(?:[\s_-]+[\w-]+){{0,3}}?[\s_-]+"
                           r"(?:key|token)\b")
#: names that say the value is an API key or another credential (not "key" alone: a cache
#: key, a flag key, a partition key): a long random hexadecimal value after one is a key
#: (Datadog, New Relic, Mailgun and many more issue hexadecimal keys)
_STRONG_NAME = re.compile(
    r"(?i)(?:api|app|application|access|secret|auth|client|account|master|signing|"
    # (a dotted name too: ``dd.api.key``, as Java properties and Spring name settings)
    r"encryption|license|licence|admin|ingest(?:ion)?)[\s_.-]?key|secret|token|passw|pwd|"
    r"credential|auth|bearer"
    # a key named by a provider that issues hexadecimal keys ("the Datadog key for ...")
    rf"|(?:{_PROVIDERS})[\s_-]*key")
#: (wave 22) the keys that admit a machine to a network or a service once (a VPN's setup
#: key, a pre-auth key, an enrolment or registration key): credentials, whatever their
#: alphabet (UUIDs and hexadecimal are how such keys are issued); switched by
#: leave-one-split-out CV (cv_wave22_secrets.py)
_ENROL_NAME = re.compile(r"(?i)(?:setup|pre[\s_.-]?auth|enrol(?:l)?(?:ment)?|registration)"
                         r"[\s_.-]?(?:auth[\s_.-]?)?key")
ENROL_KEYS = True
#: words that say a hexadecimal value is something else: a commit, a digest, a trace
_OTHER_NOUN = re.compile(
    r"(?i)\b(?:ids?|trace\w*|span|commit|sha\d*|hash\w*|digest|checksum|build|run|"
    r"fingerprint|request|object|revision|rev|version|etag|uuid|guid|session|change|fix|"
    r"patch|merge|pr|release|tag|job|task|event|instance|tenant|project|workspace|resource|"
    r"customer|order|ticket|issue|record|node|pod|device|host|file|message|step)\b")
_HASH = re.compile(r"(?i)(?:sha\d*[:=-]|md5[:=]|commit\s|digest\s|hash\s|checksum\s)\s*$")
_PUBLIC_KEY = re.compile(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\S+|sk-ssh-\S+)\s+$")
_HEX = re.compile(r"[0-9a-fA-F]+")

#: a token in the shape most providers now issue (GitHub's identifiable prefixes, followed by
#: Groq, Perplexity, Supabase, Sentry, Docker Hub, Linear and many more): a short lowercase
#: prefix, ``_`` or ``-`` (one or two parts: ``lin_api_``, ``dckr_pat_``), and a long random
#: body of letters and digits
_PREFIXED = re.compile(r"(?<![A-Za-z0-9_\-.])(?P<prefix>[a-z][a-z0-9]{1,9}(?:[_-][a-z0-9]{2,6})?"
                       r"[_-])(?P<body>[A-Za-z0-9]{24,128})(?![A-Za-z0-9_\-])")
#: (wave 14) the prefix's last part a word that says credential (``samsara_api_``,
#: ``acme_sk_``, ``vendor_live_``, ``x_pat_``): the body may be shorter than 32, down to 24
_MARKER = re.compile(r"[_-](?:api|key|sk|rk|pat|live|token|tok|secret|seed|prod|srv)[_-]$")
_MARKED_BODY = 24
_BODY = 32
#: prefixes of digests and hashes (``sha512-...`` in lock files): public data
_DIGEST_PREFIX = re.compile(r"(?:sha\d*|md5|blake2?\w*|xxh\w*|crc\d*|murmur\w*)[_-]")
#: a prefixed token's body must be as random as a key: the entropy of 32 or more random
#: letters and digits is 4.5 bits per character and more
_PREFIXED_ENTROPY = 4.0


def prefixed_tokens(text: str) -> Iterator[Decision]:
    for m in _PREFIXED.finditer(text):
        body = m.group("body")
        if _DIGEST_PREFIX.fullmatch(m.group("prefix")):
            why_not: str | None = "a digest (sha/md5/blake prefix)"
        elif camel_words(body):
            why_not = "its body is words in camel case (a function's or a class's name)"
        elif len(body) < _BODY and not _MARKER.search(m.group("prefix")):
            why_not = (f"a body shorter than {_BODY} after a prefix without a credential's "
                       "marker (api, key, sk, pat, live, token, secret)")
        else:
            why_not = identifier_reason(body)
            if why_not is None and not (any(c.isupper() for c in body)
                                        and any(c.islower() for c in body)
                                        and any(c.isdigit() for c in body)):
                why_not = "its body does not mix upper case, lower case and digits"
            elif why_not is None and entropy(body) < _PREFIXED_ENTROPY:
                why_not = f"its body's entropy is below {_PREFIXED_ENTROPY} bits per character"
        yield decide("prefixed_token", m.start(), m.end(), why_not,
                     "a provider token's shape: a short prefix and a long random body")


#: nouns that make "key" the key of a data structure, not a credential ("the cache key",
#: "a flag key", "the partition key", "an idempotency key"): a value after one is kept
#: unless a provider's format finds it
_DATA_KEY = re.compile(
    r"(?i)(?<![a-z])(?:cache|flag|feature|experiment|partition|sort|primary|foreign|"
    r"idempotency|dedup(?:e|lication)?|routing|lookup|shard(?:ing)?|row|map|hash|"
    r"translation|i18n|index|composite|unique|object|range|cursor|etag|checksum|digest|"
    r"content|storage\s+object)[\s_-]?key$")
#: the run of a value's characters before a name, read backwards (a path's ``/``, a URL)
_RUN_BACK = re.compile(r"[^\s'\"`=,;()<>\[\]]*")


def _in_path(text: str, start: int) -> bool:
    """Whether the name at ``start`` is part of a path or a link
    (``/run/secrets/django_secret_key``): it names a file, not a value after it."""
    if start == 0 or text[start - 1] not in "/\\_-.":
        return False  # the name starts its run, or a word before it does not end in a path
    lead = text[max(0, start - 200):start][::-1]
    run = _RUN_BACK.match(lead)
    return run is not None and ("/" in run.group(0) or "\\" in run.group(0))


def _data_key(decision: Decision, text: str, hit: re.Match[str]) -> Decision:
    """``decision`` kept when the name before it is a data structure's key."""
    if decision.redacted and _DATA_KEY.search(text[max(0, hit.start() - 24):hit.end()]):
        return replace(decision, redacted=False, reason="the key of a data structure (a "
                       "cache, a flag, a partition, an idempotency key), not a credential")
    return decision


#: (wave 17) a setting's name and its operator at a line's start (``signing.keyId=``)
_SETTING_START = re.compile(r"[^\S\n]*[\w.\-\[\]]+[^\S\n]*(?:=|:(?!//))")


def _empty_assignment(text: str, gap: re.Match[str], token: re.Match[str]) -> bool:
    """Whether a name's value would be taken from the next line after an empty assignment
    (``imap_password =`` at a line's end) or the next line is itself a setting: a value
    never crosses a line break unless its format says so."""
    before = gap.group(0).split("\n", 1)[0]
    if "=" in before:
        return True
    line_start = text.rfind("\n", 0, token.start()) + 1
    return _SETTING_START.match(text, line_start) is not None


def near(text: str) -> Iterator[Decision]:
    hits = [hit for hit in _NAME_ONLY.finditer(text) if not _in_path(text, hit.start())]
    for hit in hits:
        name = text[max(0, hit.start() - 12):hit.end()]
        pos = hit.end()
        for n in range(_CLAUSE_WORDS):
            gap = (_GAP if n == 0 else _GAP_INLINE).match(text, pos)
            if gap is None or gap.end() == pos:
                break
            token = _TOKEN.match(text, gap.end())
            if token is None:
                break
            if "\n" in gap.group(0) and _empty_assignment(text, gap, token):
                break
            pos = token.end()
            if n >= _NEAR_WORDS and not _clause_value(text, hit.end(), gap):
                continue
            if len(token.group(0)) >= 16 and token.group(0).isascii():
                decision = _data_key(_near_decision(text, token.group(0), token.start(),
                                                    name, text[hit.end():token.start()]),
                                     text, hit)
                yield decision
                if decision.redacted:
                    break
    for hit in hits:
        window = text[max(0, hit.start() - 240):hit.start()]
        if max(map(len, window.split()), default=0) < 16:
            continue  # no value long enough (a cheap test before the regex)
        back = _BACK_VALUE.search(window)
        if back is not None:
            start = hit.start() - len(window) + back.start("value")
            yield _data_key(_near_decision(text, back.group("value"), start,
                                           text[max(0, hit.start() - 12):hit.end()],
                                           back.group("link")), text, hit)


#: a value's start after a name in another language: a run of a value's characters, not
#: inside a longer one (in Chinese or Japanese the name and the value may touch)
_WIDE_VALUE = re.compile(r"(?<![A-Za-z0-9+/_\-=.~])[A-Za-z0-9+/_\-=.~]{16}")
#: how far after such a name its value may start (characters; scripts without spaces count
#: no words)
_WIDE_WINDOW = 60


def near_wide(text: str) -> Iterator[Decision]:
    """A value a few words after a secret-like name in another language (:mod:`.languages`),
    judged as :func:`near` judges one after an English name, by the name's English gloss."""
    for hit in NAME_WIDE.finditer(text):
        window = text[hit.end():hit.end() + _WIDE_WINDOW].split("\n")[0]
        m = _WIDE_VALUE.search(window)
        if m is None or len(window[:m.start()].split()) > _NEAR_WORDS:
            continue
        start = hit.end() + m.start()
        token = _TOKEN.match(text, start)
        if token is not None:
            yield _near_decision(text, token.group(0), start, gloss(hit), window[:m.start()])


#: a PowerShell cmdlet's name: an approved verb, "-", a noun in camel case, letters only
_CMDLET_NAME = re.compile(r"[A-Z][a-z]{1,12}-[A-Z][A-Za-z]{2,60}")


#: (wave 10) a qualified name made of words: lowercase parts and camel-case words joined by
#: dots (``impl.UsernamePasswordCredentialsImpl``, ``spring.datasource.password``): no digit,
#: each part a word or words, as a Java class or a property is named
_DOTTED_WORDS = re.compile(r"(?:[a-z]{1,20}|(?:[A-Z][a-z]+)+)"
                           r"(?:\.(?:[a-z]{1,20}|(?:[A-Z][a-z]+)+))+")


def _near_decision(text: str, value: str, start: int, name: str, between: str) -> Decision:
    """A value found near a secret-like ``name`` (``between``: the words between them)."""
    value = value.rstrip(".")
    before = text[max(0, start - 40):start]
    why_not: str | None
    if "/" in value and "." in value:
        why_not = "a path or a URL"
    elif _HASH.search(before[-12:]):
        why_not = "a digest or a commit id (after sha/commit/hash)"
    elif _PUBLIC_KEY.search(before):
        why_not = "an SSH public key (public by design)"
    elif PLACEHOLDER_RE.search(value):
        why_not = "already redacted"
    elif text[start + len(value):start + len(value) + 1] == "(":
        why_not = "a function's name (a call follows)"
    elif _CMDLET_NAME.fullmatch(value):
        why_not = "a PowerShell cmdlet's name (Verb-Noun: Get-AzKeyVaultSecret)"
    elif _DOTTED_WORDS.fullmatch(value):
        why_not = "a qualified name of words (a package, a class, a property)"
    elif _EVM_ADDRESS.fullmatch(value):
        why_not = "an Ethereum address (0x and 20 bytes: public, as an account number is)"
    else:
        why_not = identifier_reason(value)
        if (why_not is None and classes(value) < 3 and not upper_random(value)
                and (_OTHER_NOUN.search(" ".join(before.split()[-2:]))
                     or _DEVICE_TOKEN.search(name))):
            # (wave 22) two classes of characters pass only as a credential's value (an
            # id, a device's token: :func:`.evidence.lower_random`'s conditions above)
            why_not = "random in two classes of characters, named as an id or a device's token"
        if (why_not is not None and why_not.startswith("shorter") and _PAIR_HALF.search(name)
                and _RIGHT_AFTER.fullmatch(between)):
            # (wave 16) the secret half of a documented pair, right after its name: providers
            # issue client and consumer secrets of 16 characters and more
            why_not = identifier_reason(value, _PAIR_SECRET_LENGTH)
        # a UUID is a key only right after the name ("Heroku API key 3fa85f64-...")
        if (why_not == "mixes fewer than three character classes" and lower_random(value)
                and (_STRONG_NAME.search(name) or (ENROL_KEYS and _ENROL_NAME.search(name)))
                and not _OTHER_NOUN.search(" ".join(before.split()[-2:]))
                and not _DEVICE_TOKEN.search(name)):
            # (wave 15) random lowercase letters and digits after a credential's name (many
            # platforms issue tokens so: 26 for Mattermost's, 32 for others)
            why_not = None
        if why_not is not None and _HEX.fullmatch(value.replace("-", "")) and (
                _HEX.fullmatch(value) or (why_not == "a UUID" and len(between.split()) <= 3)):
            why_not = _hex_key_reason(value.replace("-", ""), name,
                                      " ".join(before.split()[-2:]),
                                      text[text.rfind("\n", 0, start) + 1:start], between)
    return decide("high_entropy_secret", start, start + len(value), why_not,
                  "a random value (long, mixed characters, no word structure) near a "
                  "secret-like name")


#: (wave 14) "secret" as the head noun right before the value (an app secret, a client or
#: webhook secret): nothing but a credential is called so, and providers issue secrets of
#: 20 hexadecimal digits and more (Pusher's app secret: 20)
_SECRET_HEAD = re.compile(r"(?i)secret$")
#: (wave 16) the secret half of a credential pair as providers name it (OAuth's client
#: secret, OAuth 1's consumer and token secrets, an app's secret, an API secret, a secret
#: access key): a value right after it is the secret from 16 characters on
_PAIR_HALF = re.compile(r"(?i)(?:client|consumer|app|application|api|token|oauth|shared|"
                        r"webhook|signing)[\s_.-]?secret$|secret[\s_.-]?(?:access[\s_.-]?)?key$")
_PAIR_SECRET_LENGTH = 16
#: (wave 14) an Ethereum address: public, whatever name stands before it
_EVM_ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}")
_SECRET_HEX = 20
#: what may stand between "secret" and such a value: a separator, a remark in parentheses
_RIGHT_AFTER = re.compile(r"['\"]?[^\S\n]*(?:\([^()\n]{0,80}\))?[^\S\n]*(?:[:=]|is)?"
                          r"[^\S\n]*['\"]?")
#: (wave 14) a token that addresses a device for push notifications (Apple's APNs device
#: token, 64 hexadecimal digits; a registration token): an address, not a credential
_DEVICE_TOKEN = re.compile(r"(?i)(?:device|push|registration|apns)[\s_-]?token$")
_DIGEST_LINE = re.compile(r"(?i)\b(?:sha\d*|md5|checksum|digest|hash(?:es|ing|ed)?|"
                          r"sha\d*sum|md5sum|integrity|etag)\b")


#: (wave 21) "key" as a request's own parameter or header, right before the value: curl's
#: ``-H "Key: ..."``, a ``headers`` or ``params`` mapping's ``"key": "..."``
#: (``requests.get(url, params={"key": ...})``). A request sends its key to the server that
#: checks it: an API key (Steam's, AbuseIPDB's), where a cache or a flag key is never sent
#: so. (A URL's ``?key=`` is :mod:`.providers`' and the query reader's, with their reasons.)
#: (a switch of cv_wave21_secrets.py: ``REQUEST_KEYS``)
_REQUEST_KEY = re.compile(
    r"(?i)(?:-H\s*['\"]?key:\s*"
    r"|\b(?:headers|params)\s*=\s*\{[^{}\n]{0,300}['\"]key['\"]\s*:\s*['\"]?)$")
REQUEST_KEYS = True


def _hex_key_reason(value: str, name: str, naming: str, line: str = "",
                    between: str = "") -> str | None:
    """Why a hexadecimal value near a secret-like name is not a key, or None: it is one when
    it is long (32 digits or more, letters and digits mixed), the name says credential (an
    API key, a secret, a token; not "key" alone) and no other noun (id, commit, trace,
    digest...) names the value in ``naming``, the two words right before it."""
    short = _SECRET_HEAD.search(name) and _RIGHT_AFTER.fullmatch(between)
    if len(value) < (_SECRET_HEX if short else 32):
        return "hexadecimal shorter than 32 digits (commit ids, short hashes)"
    if value.isdigit() or value.isalpha():
        return "hexadecimal without both digits and letters"
    if not (_STRONG_NAME.search(name) or (ENROL_KEYS and _ENROL_NAME.search(name))
            or _PROVIDER_KEY.search(line)
            or qualified_key(line) or (REQUEST_KEYS and _REQUEST_KEY.search(line))):
        return "hexadecimal after a name that is not a credential's (a cache or flag key)"
    if _DEVICE_TOKEN.search(name):
        return ("a device's push token (APNs, FCM: the address of an app on a device, "
                "not a credential)")
    if _OTHER_NOUN.search(naming):
        return "hexadecimal named as an id, a commit, a digest or a trace"
    if _DIGEST_LINE.search(line):
        return "hexadecimal on a line that names a digest (sha1, md5, checksum, hashing)"
    return None
