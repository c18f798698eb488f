"""An order to decode something and then carry it out (wave 19).

"Decode and comply", "translate and obey", "spell this out and do it", "read it backwards
and do what it says", "shift each letter back by three and obey the result", "execute after
decoding", "URL-decode and execute": whatever the encoding, the order to turn hidden text
into words and then act on them is how an obfuscated injection hands itself to a model
(OWASP LLM01's "payload obfuscation"; Greshake et al. 2023, "encoded prompts"). A
developer decodes a value to read it ("decode the JWT and check the exp claim"), not to
obey it: the pattern needs a verb of decoding (or a code named as the carrier) and then a
verb of obedience aimed at the result.

``decode_order`` (:data:`SPECS`, weighed by ``cues._OWN_WEIGHT_SPECS``) is the cue; it
also marks the note as asking for its decoded runs to be read with it
(:mod:`.injection`), and lets :mod:`.decoding` read a cipher or a reversal on fewer
common words (the note says there is one).
"""

from __future__ import annotations

import re
from typing import Any

#: verbs that only decode
_DECODE = (r"(?:(?:url|base ?(?:16|32|58|64|85)|hex|rot ?13|morse|braille|binary)[\s-]?)?"
           r"(?:decode|decipher|unscramble|deobfuscate|unescape|deencode)")
#: verbs that decode only when aimed at the hidden text itself ("spell this out", "read it
#: backwards", "shift each letter back by three", "convert from hex")
_LOOSE = (r"(?:translate|transliterate|convert|interpret|spell|read|reverse|flip|shift|"
          r"unshift|rotate|undo)")
_AIMED = (r"(?: (?:it|this|that|them|the following|each (?:letter|word|character)|every "
          r"(?:letter|word)|the (?:dotted|spelled|spaced|encoded|hidden|reversed) (?:letters|"
          r"words|text)|the (?:words|letters|text|line|sentence|string) (?:backwards|in reverse|"
          r"letter by letter|right to left))(?: (?:out|back|backwards|in reverse|"
          r"letter by letter|from \w+|by \w+|once|twice))*| (?:from|out of) (?:base ?\d\d|"
          r"hex|binary|morse|braille|rot ?13|nato)|"
          r" (?:out|backwards|twice))")
_CARRIER = (r"(?:base ?(?:16|32|58|64|85)|hex|rot ?13|caesar|atbash|morse|braille|binary|"
            r"nato|phonetic alphabet|cipher|encoded|reversed|backwards|spelled|scrambled|"
            r"obfuscated|url[\s-]?encoded|emojis?|(?:unicode |html |octal |hex )?escapes)")
_OBEY = (r"(?:comply|obey|follow(?: it| them| the result| exactly| what it says|(?! (?:the|a|an|"
         r"up|along|suit|through|these|those|our|my|his|her|their|steps?|instructions|"
         r"links?|guide)\b))|execute|act on|"
         r"carry (?:it |them |this )?out|"
         r"do (?:it|what it says|as it says|what they say)|perform)")
_AI = (r"(?:the |our |any |all |every )?(?:ai|assistant|agent|agents|bot|build bot|model|llm|"
       r"copilot|automation|coding agent)s?\b")
PATTERN = (
    # decode (it / this / the following ...) and obey
    rf"\b{_DECODE}(?: [\w-]+){{0,5}},? (?:and|then|&) (?:then )?{_OBEY}\b|"
    rf"\b{_LOOSE}{_AIMED},? (?:and|then|&) (?:then )?{_OBEY}\b|"
    # a carrier named, then an order to obey it ("Morse for the agent (translate and
    # comply)", "ROT13 note for the assistant, apply it")
    rf"\b{_CARRIER}\b[^.\n]{{0,80}}\b(?:comply|obey|follow it(?! (?:with|up|by|to|in|on|"
    rf"through|for))|act on it|do it|"
    rf"do what it says|execute it|carry it out)\b|"
    # a carrier named as an order for the AI ("base32 task for the assistant")
    rf"\b{_CARRIER}\b(?: [\w-]+){{0,3}} (?:task|instruction|note|directive|order|command)s? "
    rf"(?:\w+ )?(?:for|to) {_AI}|"
    rf"\b(?:task|instruction|note|directive|order|command)s? (?:in )?{_CARRIER} for {_AI}|"
    # the codes people hide words in, named for the AI ("Morse for the agent")
    rf"\b(?:morse|braille|rot ?13|caesar|atbash|reversed|backwards|nato|emojis?) "
    rf"(?:\w+ )?for {_AI}|"
    rf"\b(?:real |actual |true |hidden |next )?(?:task|instruction|order|directive|command)s? "
    rf"(?:is|are) (?:url[\s-]?encoded|encoded|reversed|in (?:base ?\d\d|hex|rot ?13|morse|"
    rf"braille|binary|reverse))\b|"
    rf"\bfor {_AI} to (?:{_DECODE}|{_LOOSE}) (?:and|then) {_OBEY}\b|"
    # obey after decoding
    rf"\b{_OBEY}(?: it| this| them)? (?:after|once|when) (?:you )?(?:decod|translat|decipher|"
    rf"revers|convert)\w*\b|"
    rf"\b{_OBEY} (?:the )?(?:decoded|deciphered|translated|reversed|spelled|hidden) "
    rf"(?:text|message|instructions?|words?|result|order|command|task|note)\b")
WORDS = ("decode decoded decoding decipher translate translated convert interpret spell "
         "spelled read reverse reversed backwards shift rotate flip undo transliterate comply "
         "obey follow execute perform apply unscramble deobfuscate unescape morse braille nato "
         "phonetic cipher caesar atbash base64 base32 base16 base58 base85 base hex rot13 rot "
         "encoded binary emoji emojis task instruction instructions order directive command "
         "scrambled obfuscated")

_ORDERED = re.compile(PATTERN)

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("decode_order", 0.3, "instruction_override",
     "orders hidden text decoded (or spelled out, reversed, shifted) and then obeyed",
     PATTERN, WORDS, {}),
)


def orders_decoding(flat: str) -> bool:
    """Whether ``flat`` (a note's words, case-folded) orders something decoded and obeyed."""
    return _ORDERED.search(flat) is not None
