"""What a value must show before a heuristic may call it a secret.

A secret-like word nearby ("key", "token") is weak evidence: identifiers sit next to those
words all the time (a feature-flag key, a cache key, a pod of the token service). So a
value found only by a heuristic is redacted only when it also carries evidence that an
identifier does not give: enough length, a mix of character classes, no structure of words,
versions or separators, and not base64 of readable text. Each check says why it refused,
so ``cognimem guard --explain`` can show it.
"""

from __future__ import annotations

import base64
import binascii
import re
from itertools import pairwise

from detect_secrets.filters.heuristic import is_potential_uuid, is_sequential_string
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString

_ENTROPY = Base64HighEntropyString(limit=4.5)
_HEX = re.compile(r"[0-9a-fA-F]+")
#: characters no file name or link path holds (a shell would need them quoted; a link,
#: percent-encoded), which a chosen password with a ``/`` does ("pepper*copper/58&")
NOT_A_PATH = re.compile(r"[*|^{}\[\]$!;&()<>\"'`]")
#: an email address: its local part and domain hold no other characters
_ADDRESS = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
_SEGMENTS = re.compile(r"[-_.:/]+")
_VERSION_PART = re.compile(r"v?\d{1,4}|rc\d*|beta\d*|alpha\d*|post\d*|dev\d*|\d{4}")
_WORD_PART = re.compile(r"[a-z]{3,}|[A-Z][a-z]{2,}|[A-Z]{2,5}")
#: the shortest value a heuristic may redact, and the entropy it must reach (bits/char)
MIN_LENGTH = 20
#: symbols that a chosen password holds and a name does not (``Blue$Heron_42``)
_PASSWORD_SYMBOLS = frozenset("!@#$%^&*")
MIN_ENTROPY = 3.25


def entropy(value: str) -> float:
    """Shannon entropy of ``value`` in bits per character (detect-secrets' measure)."""
    return float(_ENTROPY.calculate_shannon_entropy(value))


def classes(value: str) -> int:
    """How many of lowercase, uppercase, digits and other characters ``value`` mixes."""
    return (any(c.islower() for c in value) + any(c.isupper() for c in value)
            + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value))


def name_structure(value: str) -> str | None:
    """Why ``value`` reads as a name built of parts (words, versions, short ids), or None.

    ``checkout-v2-3fa9``, ``inbox.dashboard.v7.qkap``, ``billing-api-7d4f8b9c6-x2k9p`` and
    ``main.3fa9c2b1.js`` are identifiers: separators cut them into words and versions with
    at most one short random part.
    """
    parts = [p for p in _SEGMENTS.split(value) if p]
    if len(parts) < 2 or any(c in _PASSWORD_SYMBOLS for c in value):
        return None
    named = sum(bool(_WORD_PART.fullmatch(p) or _VERSION_PART.fullmatch(p)) for p in parts)
    random_parts = [p for p in parts if not (_WORD_PART.fullmatch(p)
                                             or _VERSION_PART.fullmatch(p))]
    if named >= 1 and all(len(p) <= 12 for p in random_parts) and len(random_parts) <= 2:
        return "reads as a name: words or versions joined by separators"
    return None


#: a part of a name that dates or versions it: ``v2``, ``r11``, ``rc1``, ``2026q4``,
#: ``2026h1``, ``20261205``, a short number
_RELEASE_PART = re.compile(r"(?i)v\d+(?:[a-z]\d*)?|r\d+|rc\d*|build\d*|q[1-4]|h[12]|"
                           r"\d{4}(?:q[1-4]|h[12]|w\d{1,2}|m\d{1,2})?|\d{1,3}|\d{6,8}")
_SHORT_WORD = re.compile(r"[a-z]{2,}|[A-Z][a-z]+|[A-Z]{2,5}")


def versioned_name(value: str) -> str | None:
    """Why ``value`` reads as a name, a version or a date, and a short suffix, or None
    (``credential.vault.ui.2026q4.yzy99``, ``checkout_flow_r11_9wjk``: a feature-flag or an
    experiment key). Two words at least, then words and versions, then one short part."""
    parts = [p for p in _SEGMENTS.split(value) if p]
    if len(parts) < 3 or any(c in _PASSWORD_SYMBOLS for c in value):
        return None
    *head, last = parts
    words = sum(bool(_SHORT_WORD.fullmatch(p)) for p in head)
    if (len(last) <= 6 and last.isalnum() and words >= 2
            and all(_SHORT_WORD.fullmatch(p) or _RELEASE_PART.fullmatch(p) for p in head)):
        return "reads as a name: words, a version or a date, and a short suffix (a flag key)"
    return None


def readable_base64(value: str) -> bool:
    """Whether ``value`` is base64 of readable text (a cursor, a config blob: public data)."""
    core = value.rstrip("=")
    if len(core) < 12 or not re.fullmatch(r"[A-Za-z0-9+/_-]+", core):
        return False
    padded = core + "=" * (-len(core) % 4)
    try:
        raw = base64.urlsafe_b64decode(padded.replace("+", "-").replace("/", "_"))
    except (binascii.Error, ValueError):
        return False
    if not raw:
        return False
    printable = sum(32 <= b < 127 or b in (9, 10, 13) for b in raw)
    return printable / len(raw) >= 0.95 and not random_pair(raw)


#: (wave 14) the parts of an id and a key joined by ``:`` (Elastic's API key, Meilisearch's
#: and many services' basic-auth pairs, base64 of ``id:key``)
_PAIR_PART = re.compile(r"[A-Za-z0-9_\-]{16,128}")


def random_pair(raw: bytes) -> bool:
    """(wave 14) Whether decoded bytes are two random parts joined by ``:`` (an id and its
    key, as Elastic documents its API keys: base64 of ``id:api_key``): each part 16 to 128
    letters, digits, ``_`` or ``-``, the two mixing capitals, lowercase and digits, with
    no word or name structure. Readable text (``user:Alice``, ``Type:1234``, a cursor's
    ``{"offset": 20}``) is kept."""
    text = raw.decode("ascii", "replace")
    parts = text.split(":")
    if len(parts) != 2 or not all(_PAIR_PART.fullmatch(p) for p in parts):
        return False
    return all(classes(p) >= 3 and entropy(p) >= MIN_ENTROPY
               and name_structure(p) is None and not is_potential_uuid(p) for p in parts)


#: (wave 14) a ULID's shape (26 characters of Crockford's base32: no I, L, O or U; the
#: first is a timestamp's 0 to 7 when generated, not always when written by hand): an
#: identifier, as random as a key in its last 16 characters
_ULID = re.compile(r"[0-9A-HJKMNP-TV-Z]{26}")
_DIGIT_RUNS = re.compile(r"\d+")
#: the entropy a run of 20 or more random capitals and digits reaches (36 symbols: about 4.3
#: bits per character at 24 characters, more when longer); capitals in words or a constant's
#: name stay well below it
UPPER_RANDOM_ENTROPY = 3.9


def lower_random(value: str) -> bool:
    """(wave 15) Whether ``value`` is a token of random lowercase letters and digits: 20
    characters or more, no separator, not hexadecimal, digits in three places or more, no
    run of nine letters (a word), high entropy. Found so only after a credential's name (an
    identifier in this alphabet, a slug or a cuid, is named otherwise)."""
    if len(value) < 20 or not value.isascii() or not value.isalnum() or not value.islower():
        return False
    if _HEX.fullmatch(value) or len(_DIGIT_RUNS.findall(value)) < 3:
        return False
    return (re.search(r"[a-z]{9}", value) is None and entropy(value) >= LOWER_RANDOM_ENTROPY
            and not is_sequential_string(value))


#: (wave 22) a value after a secret's name may hold two classes of characters only when
#: random in them (:func:`lower_random`, :func:`letters_random`); switched by
#: leave-one-split-out CV (cv_wave22_secrets.py)
TWO_CLASS = True
#: the entropy of 24 random letters of both cases (52 symbols: about 4.4 bits a character
#: at 24, more when longer); words in camel case stay well below
LETTERS_RANDOM_ENTROPY = 4.0
_CASE_STEPS = re.compile(r"[a-z][A-Z]|[A-Z][a-z]")


def letters_random(value: str) -> bool:
    """(wave 22) Whether ``value`` is a key of random letters of both cases and no digit
    (``bsMNMWxztWDSHRkOcNQkcLUXloIfVsJa``): 24 characters or more, no separator, the case
    changing at a quarter of its places or more, no run of five lowercase letters (a word
    in camel case has them), high entropy."""
    if len(value) < 24 or not value.isascii() or not value.isalpha():
        return False
    if value.islower() or value.isupper() or re.search(r"[a-z]{5}", value):
        return False
    return (len(_CASE_STEPS.findall(value)) * 4 >= len(value)
            and entropy(value) >= LETTERS_RANDOM_ENTROPY)


#: (wave 15) 20 random lowercase letters and digits reach about 3.9 bits a character (36
#: symbols); a repeated or typed pattern stays below
LOWER_RANDOM_ENTROPY = 3.5


def upper_random(value: str) -> bool:
    """(wave 14) Whether ``value`` is a key of random capitals and digits (many providers
    issue them: ``2YZ6ZQ9SUFOBD55LA9JG459VYJE45RLV``): 20 characters or more, no separator,
    at least 3 digits in at least 3 places between letters, 6 letters, high entropy; not a
    ULID. A constant's name (``MAX_RETRY_COUNT``), an acronym with a number (``ISO8601``,
    ``AES256GCM``) and a serial number are shorter, separated or hold their digits
    together."""
    if len(value) < 20 or not value.isascii() or not value.isalnum() or not value.isupper():
        return False
    digits = sum(c.isdigit() for c in value)
    if digits < 3 or len(value) - digits < 6 or len(_DIGIT_RUNS.findall(value)) < 3:
        return False
    steps = sum(ord(b) - ord(a) == 1 for a, b in pairwise(value))
    return (not _ULID.fullmatch(value) and entropy(value) >= UPPER_RANDOM_ENTROPY
            and steps * 4 < len(value))  # ``ABCD1234EFGH5678``: a typed placeholder


#: (wave 14) words in camel case, with versions and numbers (``ProductCardCompactLayoutV2``,
#: ``GetUserProfileQueryV2Handler``): a name, not a random value
_CAMEL_WORD = re.compile(r"[A-Z][a-z]{2,}")
#: possessive (wave 17): the runs of digits split many ways ("0000" is one run or four), and
#: a value that fails at its end ("0000...0000-us6") was tried every way: minutes for 45
#: characters. Once a run is read it is not read again another way.
_CAMEL_WORDS = re.compile(r"(?:[A-Z][a-z]{2,}|[a-z]{3,}|[A-Z]{1,4}(?![a-z])|[vV]?\d{1,4})++")


def camel_words(value: str) -> str | None:
    """Why ``value`` reads as words in camel case (three or more), or None."""
    if _CAMEL_WORDS.fullmatch(value) and len(_CAMEL_WORD.findall(value)) >= 3:
        return "words in camel case (a function's, a class's or a component's name)"
    return None


def identifier_reason(value: str, min_length: int = MIN_LENGTH) -> str | None:
    """Why a value found only by a heuristic is *not* evidence of a secret, or None when it
    carries that evidence (long, mixed character classes, no name structure, not hex, not
    readable base64, high entropy). ``min_length``: (wave 16) shorter right after the
    name of one half of a credential pair (a client secret, a consumer secret)."""
    if len(value) < min_length:
        return f"shorter than {min_length} characters"
    if is_potential_uuid(value):
        return "a UUID"
    if _HEX.fullmatch(value):
        return "hexadecimal (commit ids, digests and trace ids look the same)"
    if is_sequential_string(value):
        return "a sequence of characters"
    reason = name_structure(value) or versioned_name(value) or camel_words(value)
    if reason:
        return reason
    parts = [p for p in _SEGMENTS.split(value) if p]
    if len(parts) > 1 and all(_WORD_PART.fullmatch(p) or _HEX.fullmatch(p) for p in parts):
        return "words and hexadecimal (resource and object ids look the same)"
    if classes(value) < 3 and not upper_random(value) and not (
            TWO_CLASS and (lower_random(value) or letters_random(value))):
        return "mixes fewer than three character classes"
    if readable_base64(value):
        return "base64 of readable text"
    if entropy(value) < MIN_ENTROPY:
        return f"entropy below {MIN_ENTROPY} bits per character"
    return None


def looks_chosen(value: str) -> str | None:
    """Why a value given after an explicit password word is *not* a password, or None."""
    if len(value) < 6:
        return "shorter than 6 characters"
    if value.isalpha() and (value.islower() or value.istitle()):
        return "a plain word"
    if value.isdigit() and len(value) < 8:
        return "a short number"
    if "@" in value and _ADDRESS.fullmatch(value.strip("<>()[],;:'\"")):
        return "an email address"
    if value.startswith(("http://", "https://")) or (
            value.startswith(("/", "~/", "./")) and not NOT_A_PATH.search(value)):
        return "a URL or a path"
    if not (any(c.isdigit() for c in value) or any(not c.isalnum() for c in value)
            or (any(c.isupper() for c in value[1:]) and any(c.islower() for c in value))):
        return "letters only, one case"
    return None
