"""(wave 18) A key with no prefix, read after its provider's documented name, header or
section (the providers of :mod:`.brands`).

Three places where a provider's documentation, not the value's look, says the value is
its credential:

* **prose or a label**: the provider's name, then within a few words a credential's noun
  (``key``, ``API key``, ``token``, ``secret``, ``appid``, ``PAT``; "the Braze REST key
  for staging: ...", "openweather appid ...", "token for the figshare upload: ..."), then
  the value within a few words on the same line. No id's, hash's or commit's noun may
  stand between the noun and the value;
* **a section named for the provider** (``[customer.io]`` / ``hubspot:``) whose ``key``,
  ``token`` or ``secret`` line gives the value;
* **a header the API documents** for its key (NOAA's ``token:``, ``X-Api-Key``,
  ``Ocp-Apim-Subscription-Key``, ``X-Auth-Token``, ``X-RapidAPI-Key``...), with or without
  a provider's name.

The value must be shaped as such keys are issued (:func:`key_shape_reason`): a UUID, at
least :data:`MIN_HEX` hexadecimal digits mixing digits and letters, or at least
:data:`MIN_SLOT` random letters and digits (no words, paths, versions or placeholders).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from detect_secrets.filters.heuristic import is_potential_uuid

from .brands import found_brands
from .decisions import Decision, decide
from .evidence import camel_words, entropy, name_structure, versioned_name
from .standins import stand_in

#: the fewest hexadecimal digits read as a key after a provider's name (chosen by
#: leave-one-split-out cross-validation, ``bench/guard_eval/cv_wave18_brands.py``)
MIN_HEX = 28
#: the fewest hexadecimal digits read as a key in a section named for its provider (chosen
#: with MIN_HEX)
SECTION_MIN_HEX = 32
#: the fewest characters of a non-hexadecimal key after a provider's name or header
MIN_SLOT = 24
#: bits a character a mixed value must reach (random letters and digits: 4.5 and more)
MIN_SLOT_ENTROPY = 3.3

_HEXDIGITS = re.compile(r"[0-9a-fA-F]+")
_VALUE = r"[A-Za-z0-9][A-Za-z0-9_\-+/=.~]{7,199}"
#: a credential's noun, not followed by a word that names something else
_NOUN = re.compile(
    r"(?i)(?<![a-z0-9])(?:api[\s_\-]?key|apikey|appid|app[\s_\-]?key|"
    r"key|token|secret|pat|passphrase|insttoken|access[\s_\-]?code)s?(?![a-z0-9])"
    r"(?![\s_\-]?(?:id|ids|name|names|type|file|path|length|size|format|rotation|hash|"
    r"fingerprint|prefix|header|param|parameter|scope|scopes|expir\w*|ttl|policy|"
    r"manager|store|vault|endpoint|url|docs?|page|link|field)\b)")
#: a noun that says the value after it is not the key
_OTHER = re.compile(r"(?i)\b(?:id|ids|sid|uuid|commit|sha\d*|hash|digest|trace|request|"
                    r"version|build|run|job|issue|ticket|order|invoice|project[\s_\-]?id|"
                    r"account[\s_\-]?id|client[\s_\-]?id|user(?:name)?|email|fingerprint|"
                    r"public|publishable|site[\s_\-]?key|checksum|dashboard|campaign|list|"
                    r"segment|report|event|message|record|meeting|workspace|dataset|image)\b")
#: a key its provider publishes by design (Algolia's search-only key, Stripe's publishable
#: key, a site key, an anonymous key) or the public half of a pair
_PUBLIC = re.compile(r"(?i)(?:search[\s_\-]?only|public|publishable|client[\s_\-]?side|browser|"
                     r"frontend|site|anon|anonymous|pub)[\s_\-]*(?:api[\s_\-]?)?$")
#: the words after a value that say it is public (an app id shipped in a bundle)
_SAID_PUBLIC = re.compile(r"(?i)[\s,;:(\-]{0,4}(?:it'?s\s+|is\s+)?(?:public|publishable|"
                          r"not\s+(?:a\s+)?secret|safe\s+to\s+share)")
#: an environment variable's reference before a literal fallback
_ENV_REFERENCE = re.compile(r"process\.env\.|os\.environ|os\.getenv|ENV\.fetch|System\.getenv")
#: how far before the noun the provider's name may stand, and from the noun to the value
_BEFORE = 48
_GAP = 64
_VALUE_TAIL = re.compile(r"[A-Za-z0-9_\-+/=.~]*")
_VALUE_AFTER = re.compile(rf"(?P<v>{_VALUE})(?![A-Za-z0-9_\-+/=.~@])")
_URLISH = re.compile(r"(?i)^(?:https?|ftp|s3|gs)://|^www\.|\.(?:com|org|net|io|edu|gov)\b")


def key_shape_reason(value: str, min_hex: int | None = None, min_slot: int | None = None,
                     ) -> str | None:
    """Why ``value`` is not shaped as a provider issues a bare key, or None (``min_hex``,
    ``min_slot``: :data:`MIN_HEX`, :data:`MIN_SLOT` unless given)."""
    min_hex = MIN_HEX if min_hex is None else min_hex
    min_slot = MIN_SLOT if min_slot is None else min_slot
    value = value.rstrip(".,;:")
    why = stand_in(value, literal=True)
    if why:
        return why
    if value.startswith(("/", "./", "~")) or _URLISH.search(value):
        return "a URL, a host or a path"
    if value.startswith(("AAAAB3NzaC1", "AAAAC3NzaC1", "AAAAE2VjZHNh", "ssh-", "MIIB", "MIIC")):
        return "a public key (SSH or DER)"
    if is_potential_uuid(value):
        return None
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    if _HEXDIGITS.fullmatch(value):
        if len(value) < min_hex:
            return f"hexadecimal shorter than {min_hex} digits"
        return None if has_digit and has_alpha else "hexadecimal of one class (a number)"
    if len(value) < min_slot:
        return f"shorter than {min_slot} characters"
    why = name_structure(value) or versioned_name(value) or camel_words(value)
    if why:
        return why
    if re.search(r"[a-z]{10}|[A-Z]{10}", value) and not has_digit:
        return "holds a word"
    if not has_digit and not (any(c.islower() for c in value)
                              and any(c.isupper() for c in value) and len(value) >= 24):
        return "no digit (a word or a name)"
    if entropy(value) < MIN_SLOT_ENTROPY:
        return f"entropy below {MIN_SLOT_ENTROPY} bits per character"
    return None


def _brand_pattern(names: list[str]) -> re.Pattern[str]:
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?i)(?<![a-z0-9])(?:{alternation})(?![a-z0-9])")


def prose_keys(text: str, names: list[str]) -> Iterator[Decision]:
    """A value after a credential's noun that a provider's name stands near."""
    brand = _brand_pattern(names)
    done: set[int] = set()
    for noun in _NOUN.finditer(text):
        line_start = text.rfind("\n", 0, noun.start()) + 1
        line_end = text.find("\n", noun.end())
        line_end = len(text) if line_end < 0 else line_end
        before = text[max(line_start, noun.start() - _BEFORE):noun.start()]
        # (the window bounds where a value may start; a value runs on to the line's end)
        after = text[noun.end():line_end]
        if len(after) > _GAP:
            tail = _VALUE_TAIL.match(after, _GAP)
            after = after[:_GAP] + (tail.group(0) if tail else "")
        if _PUBLIC.search(before[-24:]):
            continue
        named = brand.search(before)
        gap_start = 0
        if named is None:
            ahead = brand.search(after)
            if ahead is None:
                continue
            gap_start = ahead.end()
            named = ahead
        value = None
        for candidate in _VALUE_AFTER.finditer(after, gap_start):
            lead = after[gap_start:candidate.start()]
            if (candidate.start() > 0 and after[candidate.start() - 1] not in " \t:=>'\"(`,→"):
                continue
            if _OTHER.search(lead):
                break
            if key_shape_reason(candidate.group("v")) is None:
                value = candidate
                break
            if _ENV_REFERENCE.match(candidate.group("v")):
                continue  # ``process.env.X ?? "..."``: the literal after is the fallback key
            if not candidate.group("v").isalpha() or len(lead.split()) > 8:
                break  # the first value-like word after the noun is the value, or none is
        if value is None:
            continue
        start = noun.end() + value.start("v")
        if start in done:
            continue
        done.add(start)
        raw = value.group("v").rstrip(".,;:")
        said = _SAID_PUBLIC.match(text, start + len(raw))
        yield decide("provider_key", start, start + len(raw),
                     "the text says the value is public" if said else None,
                     f"a key after the name of its provider ({named.group(0)[:30]!r}) and "
                     f"its credential's noun ({noun.group(0)!r})")


#: a section header (INI ``[name]``, YAML ``name:`` alone on its line)
_SECTION = re.compile(r"(?m)^[^\S\n]*(?:\[(?P<ini>[^\]\n]{2,48})\]|(?P<yaml>[\w.\- ]{2,48}):)"
                      r"[^\S\n]*$")
_SLOT_LINE = re.compile(
    r"(?im)^[^\S\n]*['\"]?(?P<name>key|token|secret|api[_\-]?key|apikey|api[_\-]?token|"
    r"access[_\-]?token|auth[_\-]?token|app[_\-]?key|app[_\-]?secret|server[_\-]?key|"
    r"sdk[_\-]?key|private[_\-]?key|secret[_\-]?key|write[_\-]?key|appid)['\"]?[^\S\n]*[:=]"
    r"[^\S\n]*(?P<q>['\"]?)(?P<v>[^\s'\",;]{8,200})(?P=q)[^\S\n]*(?:[#;][^\n]*)?$")


def section_keys(text: str, names: list[str]) -> Iterator[Decision]:
    """The ``key``/``token``/``secret`` of a section named for a provider."""
    brand = _brand_pattern(names)
    for head in _SECTION.finditer(text):
        title = head.group("ini") or head.group("yaml") or ""
        if not brand.search(title):
            continue
        end = text.find("\n\n", head.end())
        block_end = len(text) if end < 0 else end
        nxt = _SECTION.search(text, head.end() + 1, block_end)
        if nxt is not None and nxt.group("ini"):
            block_end = nxt.start()
        for line in _SLOT_LINE.finditer(text, head.end(), block_end):
            yield decide("provider_key", line.start("v"), line.end("v"),
                         key_shape_reason(line.group("v"), min_hex=SECTION_MIN_HEX),
                         f"the {line.group('name')!r} of a section named for its provider "
                         f"({title.strip()[:30]!r})")


#: the headers APIs document for a key (the provider's reference pages): NOAA CDO's
#: ``token``, the API gateways' (AWS, Azure APIM, Kong, Apigee, RapidAPI), and the
#: providers' own
HEADERS = (
    "token", "x-api-key", "api-key", "apikey", "x-apikey", "x-api-token", "x-auth-token",
    "x-access-token", "x-auth-key", "x-app-key", "x-app-token", "x-api-secret",
    "x-client-secret", "x-secret-key", "x-token", "x-key", "ocp-apim-subscription-key",
    "x-rapidapi-key", "x-goog-api-key", "x-functions-key", "x-cmc_pro_api_key",
    "x-cg-pro-api-key", "x-riot-token", "x-tba-auth-key", "x-figma-token",
    "x-shopify-access-token", "x-postmark-server-token", "x-postmark-account-token",
    "x-algolia-api-key", "x-typesense-api-key", "x-meili-api-key", "x-pinecone-api-key",
    "x-dd-api-key", "dd-api-key", "dd-application-key", "x-honeycomb-team", "x-insert-key",
    "x-license-key", "api-token", "x-vault-token", "x-consul-token", "x-nomad-token",
    "private-token", "job-token", "x-gitlab-token", "circle-token", "travis-api-token",
    "x-buildkite-token", "x-jfrog-art-api", "x-octopus-apikey", "x-redmine-api-key",
    "x-tracker-token", "x-trello-token", "x-zendesk-token", "x-freshdesk-api-key",
    "x-hubspot-api-key", "x-klaviyo-api-key", "x-braze-api-key", "x-iterable-api-key",
    "x-mailgun-api-key", "x-sendinblue-api-key", "api_key", "x-api_key", "authentication",
    "x-emby-token", "x-plex-token", "x-mediabrowser-token", "x-airtable-token",
    "x-elastic-api-key", "x-chroma-token", "x-qdrant-api-key", "x-weaviate-api-key",
    "x-nasa-api-key", "x-ncei-token", "x-copernicus-key", "x-opencage-key", "x-here-apikey",
    "x-tomtom-key", "x-mapbox-token", "x-ipinfo-token", "x-els-apikey", "x-els-insttoken",
    "x-springer-key", "x-wiley-tdm-client-token", "x-orcid-token", "x-crossref-token",
    "x-galaxy-key", "x-benchling-key", "x-globus-token", "x-sentinel-hub-key",
)
_HEADER = re.compile(
    r"(?i)(?:^|(?<=['\"\s\[{,]))(?P<h>" + "|".join(
        re.escape(h) for h in sorted(HEADERS, key=len, reverse=True))
    + r")['\"]?[^\S\n]*:[^\S\n]*['\"]?(?P<v>[A-Za-z0-9_\-+/=.~]{8,200})(?=['\"\s,}\]]|$)")
#: what a text with such a header holds (found in the guard's one pass)
HEADER_NEEDLES = tuple(f"{word}{quote}{space}:" for word in ("key", "token", "secret",
                                                               "authentication")
                       for quote in ("", "'", '"') for space in ("", " "))


def header_keys(text: str) -> Iterator[Decision]:
    """The value of a header an API documents for its key (``-H 'token:...'``)."""
    for m in _HEADER.finditer(text):
        header = m.group("h").lower()
        # ``token:`` alone is a common word in prose and YAML: only in a request's header
        if header in ("token", "authentication", "api_key") and not _IN_REQUEST.search(
                text[max(0, m.start() - 16):m.start()]):
            continue
        yield decide("provider_key", m.start("v"), m.end("v"),
                     key_shape_reason(m.group("v")),
                     f"the value of the {m.group('h')!r} header (an API's documented header "
                     "for its key)")


_IN_REQUEST = re.compile(r"(?i)(?:-H|--header|[Hh]eader\(|setRequestHeader\()\s*['\"]?$")


def branded_keys(text: str, low: str, rows: list[int], headers: bool) -> Iterator[Decision]:
    """Every decision of this module (``rows``: the rows of :data:`.brands.ROWS` found;
    ``headers``: whether one of :data:`HEADER_NEEDLES` was)."""
    names = found_brands(low, rows) if rows else []
    if names:
        yield from prose_keys(text, names)
        if "\n" in text:
            yield from section_keys(text, names)
    if headers:
        yield from header_keys(text)
