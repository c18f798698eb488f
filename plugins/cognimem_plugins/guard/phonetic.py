"""Words respelled by their sound ("eye-gnore pree-vee-us in-struck-shuns"), read back (wave 19).

A respelling keeps a word's sound and changes its letters, so that no word of an override
shows. Two spellings of one sound share their consonant skeleton: the key of
:func:`sound_key` is written from the published rules of Lawrence Philips' Metaphone
(1990; its transformations of English spelling to sound: ``ph`` -> ``f``, ``ck`` -> ``k``,
``c`` before ``e``/``i``/``y`` -> ``s``, ``sh``/``-tion``/``-sion`` -> ``x``, ``th`` -> ``0``,
``gn``/``kn`` at the start -> ``n``, ``dg`` -> ``j``, ``x`` -> ``ks``, ``q`` -> ``k``,
``z`` -> ``s``, ``d`` -> ``t``, doubled letters once), with every vowel, ``h``, ``w`` and
``y`` dropped wherever it stands (Metaphone keeps a first vowel; a respelling changes it:
"eye-gnore" for "ignore"). :func:`respelled` reads a text in which at least
:data:`MIN_RESPELLED` words joined by hyphens sound like words of the override vocabulary
(:data:`VOCABULARY`), and gives it back with those words (and, once it so reads, the
other words that sound like one) written as the vocabulary spells them. The gate is the
hyphenated words: a text without two costs one scan.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: the words of an override, an exfiltration or a destructive order that a respelling hides
VOCABULARY = (
    "ignore", "disregard", "forget", "previous", "prior", "above", "earlier", "instructions",
    "instruction", "rules", "system", "prompt", "send", "reveal", "print", "leak", "share",
    "password", "passwords", "secret", "secrets", "signing", "key", "keys", "token", "tokens",
    "credentials", "delete", "everything", "email", "admin", "approve", "merge", "disable",
    "override", "bypass", "execute", "the", "to", "all", "your", "now", "private", "upload",
)
#: the fewest hyphen-joined words that sound like vocabulary words
MIN_RESPELLED = 2

_RULES = (
    (re.compile(r"[^a-z]"), ""),
    (re.compile(r"^(?:gn|kn|pn|wr)"), lambda m: m.group(0)[1]),
    (re.compile(r"(?:tion|sion|shun|ssion|cian|tian)"), "xn"),
    (re.compile(r"sh|sch|ch"), "x"),
    (re.compile(r"th"), "0"),
    (re.compile(r"ph"), "f"),
    (re.compile(r"ck"), "k"),
    (re.compile(r"dg(?=[eiy])"), "j"),
    (re.compile(r"gh(?![aeiou])"), ""),
    (re.compile(r"gn"), "n"),
    (re.compile(r"c(?=[eiy])"), "s"),
    (re.compile(r"[cq]"), "k"),
    (re.compile(r"x(?!n)"), "ks"),
    (re.compile(r"z"), "s"),
    (re.compile(r"d"), "t"),
    (re.compile(r"[aeiouyhw]"), ""),
    (re.compile(r"(.)\1+"), r"\1"),
)


@lru_cache(maxsize=4096)
def sound_key(word: str) -> str:
    """The consonant skeleton of ``word``'s sound (see the module)."""
    key = word.lower()
    for pattern, repl in _RULES:
        key = pattern.sub(repl, key)
    return key


_KEYS: dict[str, str] = {}
for _word in VOCABULARY:
    _KEYS.setdefault(sound_key(_word), _word)

_HYPHENATED = re.compile(r"\b[A-Za-z]{1,6}(?:-[A-Za-z]{1,6})+\b")
#: a hyphen between letters (led by the hyphen: the scan looks for it first)
_HYPHEN_LETTER = re.compile(r"-[A-Za-z]{1,6}\b")
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*", re.IGNORECASE)


def respelled(text: str) -> str | None:
    """``text`` with its respelled vocabulary words written as spelled, or None when fewer
    than :data:`MIN_RESPELLED` hyphen-joined words sound like one."""
    if text.count("-") < MIN_RESPELLED:
        return None
    if len(_HYPHEN_LETTER.findall(text)) < MIN_RESPELLED:
        return None
    hyphenated = _HYPHENATED.findall(text)
    if len(hyphenated) < MIN_RESPELLED:
        return None
    hits = 0
    for token in hyphenated:
        word = _KEYS.get(sound_key(token))
        if word is not None and word != token.replace("-", "").lower():
            hits += 1
    if hits < MIN_RESPELLED:
        return None

    def spell(m: re.Match[str]) -> str:
        token = m.group(0)
        key = sound_key(token)
        word = _KEYS.get(key)
        # a word not joined by hyphens is read so only when its sound is long enough not
        # to be another word's ("using" sounds like "signing" in three consonants)
        return word if word is not None and ("-" in token or len(key) >= 4) else token

    return _WORD.sub(spell, text)
