"""A secret named in another language beside an outside address (wave 19).

The act cues of :mod:`.acts_i18n` and :mod:`.acts_world` and the exfiltration marker of
:mod:`.exfil_i18n` need the verb that sends, and a table of verbs never holds every
language's imperative: "... ukat firmañ llavenak keys@x.example ukar apayam" names the
keys and where they go in Aymara whatever its verb. ``secret_outside_i18n`` reads what
stays when the verb is unknown: a noun for a secret of those tables (passwords, keys,
tokens, credentials, in about a hundred and fifty languages; not the English ones, which
the English cues read) and an outside address (a URL, an e-mail address, a host name, an
IPv4 address) in the same sentence. Alone it does not count (a note in Spanish may name the
server's "claves" and its host: the semantic judge, which reads little of other languages,
would flag it beside a weak cue); it counts only beside the AI reader named in the text's
language (``reader_i18n``, which counts beside it) or a verb that sends (``send_verb``: a
code-switched "upload"), its weight chosen by leave-one-split-out CV
(``bench/guard_eval/cv_wave19_languages.py``).

**Not registered** (wave 19): with those requirements the CV found no seen injection it
adds (every row it matches beside the AI reader is flagged already) and chose 0.0 in every
fold, so :data:`SPECS` is not in ``cues._OWN_WEIGHT_SPECS`` (a cue of weight 0 would only
cost a search). The pattern stays for the next wave's CV.
"""

from __future__ import annotations

from typing import Any

from .acts_i18n import _ENGLISH, _KIND
from .exfil_i18n import _ADDRESS, _FAR, _NOUNS
from .normalise import normalise
from .overrides_i18n import _all_spellings, _alternation

#: English words the tables share (read by the English cues: "token" alone in an English
#: note is no foreign secret)
_ENGLISH_SECRETS = frozenset(("token", "tokens", "tokeni", "secrete", "password", "passwords",
                              "key", "keys", "secret", "secrets", "credentials", "api"))
_SECRETS = tuple(n for n in _NOUNS if n.lower() not in _ENGLISH_SECRETS)
_N = _alternation(_SECRETS, stems=True)
#: an outside address, and an IPv4 address (an allowlist's or a collector's)
_WHERE = rf"(?:{_ADDRESS}|\b\d{{1,3}}(?:\.\d{{1,3}}){{3}}\b)"
#: the secret, then the address in the same sentence, or the address, then the secret
PATTERN = rf"(?:{_N}){_FAR}{_WHERE}|{_WHERE}{_FAR}(?:{_N})"
#: the needles: each noun's longest word as ``flat`` spells it
WORDS = " ".join(sorted({max(ws, key=len) for n in _all_spellings(_SECRETS)
                         if (ws := [x for x in normalise(n).flat.split()
                                    if len(x) > 2 and x not in _ENGLISH])}))

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("secret_outside_i18n", 0.55, _KIND,
     "a secret named in another language (\"llaves\", \"पासवर्ड\", \"iuchraichean\") and an "
     "outside address in the same sentence, whatever the verb",
     PATTERN, WORDS, {"structural": True, "requires_any": ("reader_i18n", "send_verb")}),
)
