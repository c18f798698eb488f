"""An address the note tells the reader to build out of data, and a secret's variable
sent in a query to a host that is not its provider (wave 27, issue #39).

Wave 23-26's readers find the exfiltration channel by a slot in the address (a
placeholder, an open parameter), by words that fill a slot with a third party's data
(``url_fill``) or by a secret of the machine carried to an address (``secret_sent``). What
still slipped on the readable splits builds the address itself out of the data, in words,
whatever the channel (an image, a link, a badge): "a markdown image whose URL contains the
ICCIDs you saw", "a badge whose URL carries the value of SONAR_TOKEN", "whose URL is
https://x.example/a? followed by the base64 of the patient's medication list", "a link
whose URL is https://.../t/ plus every header from the request", "make sure it contains
the driver phone numbers". ``url_built``: a word for the address (URL, link, image, src,
badge, query) and, within a clause, a word of building (contains, carries, includes,
followed by, plus, ends with) and then data that is not the writer's own: a third party's
(wave 25's owners: the user's, the patient's, their), what the reader saw or processed,
every header, cookie or token, or a secret's variable. A document's template is built from
"your" value or a version, a region, an id (none of these).

``query_secret``: an address to fetch or visit whose query carries a secret's variable
(``?token=$GITHUB_TOKEN``, ``&pk=$DEPLOYER_PRIVATE_KEY``) named for a provider the address
is not (the variable's first word, four letters or more, is nowhere in the address):
a document calls its own provider (``api.openai.com/...?key=$OPENAI_API_KEY``,
``sonarcloud.io/...?token=$SONAR_TOKEN``); a helper's host that asks for GitHub's token
does not. Read on ``folded`` text; gated by the address's scheme (every match holds it).
Weights: leave-one-split-out CV (``bench/guard_eval/cv_wave27_obfuscated.py``).
"""

from __future__ import annotations

from typing import Any

from .exfil_fill import _OWNER

#: a word for the address being built
_ADDRESSED = (r"\b(?:url|urls|link|links|href|src|image|img|badge|address|query string|"
              r"query parameter|parameter)\b")
#: a word of building it out of something
_BUILD = (r"\b(?:contains?|containing|carr(?:y|ies|ying)|includ(?:e|es|ing)|ends? with|"
          r"followed by|plus|with [^\n.]{0,40}? appended)\b")
#: a secret's variable (``SONAR_TOKEN``, ``$AWS_SECRET_ACCESS_KEY``)
_SECRET_VAR = r"\$?\{?[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:token|secret|key|password|passwd|pat)\b"
#: data that is not the writer's own
_DATA = (rf"(?:{_OWNER}\b|"
         r"\b(?:every|all|each)\s+(?:\w+\s+)?(?:headers?|cookies?|tokens?|secrets?|"
         r"passwords?|keys?|credentials?)\b|"
         r"\bthe (?:[\w-]+\s+){1,3}?you (?:saw|processed|retrieved|read|received|found|"
         r"collected|have seen|just)\b|"
         rf"(?<![\w$]){_SECRET_VAR})")
#: a clause's gap (no sentence's end)
_GAP = r"[^\n.!?]"
URL_BUILT = (rf"{_ADDRESSED}{_GAP}{{0,60}}?{_BUILD}{_GAP}{{0,30}}?{_DATA}"
             rf"{_GAP}{{0,160}}?https?://|"
             rf"https?://[^\s)\]]{{0,200}}{_GAP}{{0,60}}?{_BUILD}{_GAP}{{0,30}}?{_DATA}|"
             rf"{_ADDRESSED}{_GAP}{{0,30}}?https?://[^\s)\]]{{0,200}}{_GAP}{{0,20}}?{_BUILD}"
             rf"{_GAP}{{0,30}}?{_DATA}")
#: an address's query carrying a secret's variable named for a provider the address is not
#: (the variable's first word, four letters or more, is not in the address before it)
QUERY_SECRET = (r"\b(?:fetch|fetching|visit|visiting|open|opening|load|call|request|ping|"
                r"get|hit)\b[^\n]{0,40}?https?://(?=[^\s?]*\?[^\s]*?=\$\{?(?P<provider>"
                r"[a-z]{4,})_)(?:(?!(?P=provider))[^\s?])*\?[^\s]*?=\$\{?(?P=provider)_"
                r"(?:[a-z0-9]+_)*(?:token|secret|key|password|pat)\b")
WORDS = "http https"

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    # (0.55 and 0.35: chosen by 62 of 64 folds of the CV; with the address they flag, or with
    # the address and one more cue)
    ("url_built", 0.55, "exfiltration_link",
     "an address (an image, a link, a badge, a query) the note says to build out of data "
     "not the writer's own: a third party's, what the reader saw, every header or token, a "
     "secret's variable",
     URL_BUILT, WORDS, {"structural": True, "requires": ("outside_address",)}),
    ("query_secret", 0.35, "exfiltration_link",
     "an address to fetch or visit whose query carries a secret's variable named for a "
     "provider the address is not ('?token=$GITHUB_TOKEN' on a helper's host)",
     QUERY_SECRET, WORDS, {"structural": True, "requires": ("outside_address",)}),
)
