"""The words for a key, a token, a secret and a password in languages other than English.

A credential pasted into a note is often introduced in the writer's own language ("voici le
jeton ...", "把这个密钥 ...", "API 키 ...", "der Speicherschlüssel ... ist ..."). The guard's
heuristics look for a secret-like name near a value; these are those names, each with what
it means in English, so the same evidence rules apply (:func:`.evidence.identifier_reason`:
a value found this way is redacted only when it is long, random and no identifier).

Each word is the dictionary word of its language (with the compounds and inflections a
sentence puts it in: German ``Speicherschlüssel``, Turkish ``anahtar`` and its endings, Russian
``токена``); scripts written without spaces (Chinese, Japanese, Korean) are matched without
word boundaries.
"""

from __future__ import annotations

import re

from .needles import Needles

#: (pattern, English gloss); the gloss decides how strong the name is (a "key" alone is weak:
#: a cache key, a flag key; a token, a secret or an API key is a credential's name)
_WORDS: tuple[tuple[str, str], ...] = (
    # French, Spanish, Portuguese, Italian, Catalan
    (r"\bjetons?\b", "token"),
    (r"\bcl(?:é|e|ef)s?\s+(?:d['e]\s*)?(?:l['a]\s*)?api\b", "api key"),
    (r"\bcl(?:é|ef)s?\b", "key"),
    (r"\bclaves?\s+(?:de\s+(?:la\s+)?)?api\b", "api key"),
    (r"\bclaves?\b", "key"),
    (r"\bchaves?\s+(?:d[ae]\s+)?api\b", "api key"),
    (r"\bchaves?\b", "key"),
    (r"\bchiavi?\s+(?:dell?['a]?\s*)?api\b", "api key"),
    (r"\bchiav[ei]\b", "key"),
    (r"\bsecret[oa]s?\b|\bsegredos?\b", "secret"),
    # German, Dutch, Scandinavian
    (r"schl(?:ü|ue)ssel\w*", "key"),
    (r"\bzugangsdaten\b|\bgeheimnis\w*", "secret"),
    (r"sleutels?\b", "key"),
    (r"\bnøgle\w*|\bnyckel\w*|\bnyckeln\b", "key"),
    # Turkish, Polish, Czech, Finnish, Hungarian
    (r"\banahtar\w*", "key"),
    (r"\bklucz\w*", "key"),
    (r"\bklíč\w*", "key"),
    (r"\bavain\w*", "key"),
    (r"\bkulcs\w*", "key"),
    # (wave 15) South Slavic, Slovak, Romanian, Estonian, Lithuanian, Latvian; a secret in
    # Polish, Swedish, Danish and Norwegian, Finnish
    (r"klju(?:č|c)\w*|kľúč\w*", "key"),
    (r"\bchei[ae]\b", "key"),
    (r"\bv(?:õ|o)t(?:i|me)\b", "key"),
    (r"\braktas\b|\brakt(?:ą|o|u)\b", "key"),
    (r"\batsl(?:ē|e)g\w*", "key"),
    (r"\bsekret\w*|\bhemlig\w*|\bhemmelig\w*|\bsalaisu\w*", "secret"),
    # Russian, Ukrainian
    (r"токен\w*", "token"),
    (r"ключ\w*", "key"),
    (r"секрет\w*", "secret"),
    # Vietnamese, Indonesian and Malay, Greek, Hebrew, Arabic, Persian, Hindi, Thai
    (r"\bkhóa\b", "key"),
    (r"\bkunci\b", "key"),
    (r"κλειδ\w*", "key"),
    (r"מפתח", "key"),
    (r"مفتاح|کلید", "key"),
    (r"कुंजी", "key"),
    (r"टोकन|โทเค็น", "token"),
    (r"คีย์", "key"),
    # Chinese, Japanese, Korean (no spaces between words)
    (r"密钥|密鑰|秘钥|秘鑰|金鑰|私钥|私鑰", "secret"),
    (r"令牌|トークン|토큰", "token"),
    (r"シークレット|시크릿", "secret"),
    (r"api\s*キー|api\s*키|api\s*密钥", "api key"),
    (r"キー|鍵|키", "key"),
)

#: every word, in one pattern; the gloss of a match is looked up by its group
NAME_WIDE = re.compile("|".join(f"(?P<w{i}>{p})" for i, (p, _) in enumerate(_WORDS)),
                       re.IGNORECASE)
#: a text without any of these holds none of the words (cheap tests before the pattern:
#: substrings of the lowercased text, those outside ASCII only in a text that is not ASCII)
_STEMS = ("jeton", "clef", "clave", "chave", "chiav", "secret", "segredo", "schl", "sleutel",
          "zugangsdaten", "geheim", "nyckel", "anahtar", "klucz", "avain", "kulcs", "kunci",
          # (wave 15)
          "kljuc", "cheie", "cheia", "raktas", "atsleg", "sekret", "hemlig", "hemmelig",
          "salaisu")
_STEMS_WIDE = ("clé", "nøgle", "klíč", "khóa", "токен", "ключ", "секрет", "鑰", "钥", "令牌",
               "トークン", "토큰", "シークレット", "시크릿", "キー", "鍵", "키", "κλειδ", "מפתח",
               "مفتاح", "کلید", "कुंजी", "टोकन", "โทเค็น", "คีย์",
               # (wave 15)
               "ključ", "kľúč", "võti", "võtme", "atslēg")
#: (wave 15) looked for in one pass (:mod:`.needles`), not as a search of their alternation
_GATE_WIDE = Needles([(stem, stem) for stem in _STEMS_WIDE])
#: the ASCII stems, looked for in one pass (:mod:`.needles`)
_STEMS_TABLE = Needles([(stem, stem) for stem in _STEMS])


def has_name(low: str) -> bool:
    """Whether the lowercased text ``low`` may hold one of the words."""
    if low.isascii():
        return _STEMS_TABLE.holds(low) and NAME_WIDE.search(low) is not None
    return _GATE_WIDE.holds(low) or _STEMS_TABLE.holds(low)


def gloss(match: re.Match[str]) -> str:
    """The English meaning of a match of :data:`NAME_WIDE`."""
    return _WORDS[int(str(match.lastgroup)[1:])][1]
