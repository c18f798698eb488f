# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""The act that matters in wave 18's languages, a cue of its own beside ``act_i18n`` (wave 18).

:mod:`.acts_i18n`'s ``act_i18n`` reads an imperative act on an object that matters (send
the passwords, delete the database, show the system prompt, keep it from the user) in about
a hundred languages. ``act_world`` reads the same acts in the languages of
:mod:`.world_words` (Africa, South Asia, Persian, Kurdish, Uyghur, Tatar, Tibetan,
Mongolian, the Caucasus, the Baltic and Balkan, Celtic, Pacific and Indigenous American
languages), with the objects of both tables. It is a cue of its own, not more words in
``act_i18n``'s pattern, so that neither pattern grows past what a search of it costs; it
stands for ``act_i18n`` when both fire (one act, counted once), carries the same weight
(the same decision on more words) and, like it, flags only beside the AI reader named in
its language (``reader_i18n``, which counts beside either).
"""

from __future__ import annotations

import re
from typing import Any

from . import acts_words as w
from . import world_words as w18
from .acts_i18n import _KIND, _gate, _pair
from .acts_i18n import SPECS as _I18N_SPECS
from .overrides_i18n import _alternation

#: a database, the backups, the repository, in the same languages (what a deletion wipes)
DELETE_OBJECT = (
    "databasis", "rugasore", "hifadhidata", "hifadhi data", "nakala rudufu", "የመረጃ ቋት",
    "rumbun bayanai", "isizindalwazi", "databaze", "bazën e të dhënave", "bazen e te dhenave",
    "მონაცემთა ბაზა", "տվյալների բազա", "verilənlər bazası", "duomenų bazę", "duomenu baze",
    "datubāzi", "базата на податоци", "bazu podataka", "базу података", "podatkovno bazo",
    "cronfa ddata", "bunachar sonraí", "پایگاه داده", "بانک اطلاعاتی", "databas",
    "بنکەی زانیاری", "ساندان", "өгөгдлийн сан", "мәгълүмат базасы", "мәғлүмәттәр базаһы",
    "ডেটাবেস", "ডাটাবেজ", "ਡਾਟਾਬੇਸ", "ડેટાબેઝ", "డేటాబేస్", "ಡೇಟಾಬೇಸ್", "ഡാറ്റാബേസ്",
    "දත්ත සමුදාය", "डाटाबेस", "ডাটাবেছ", "ޑޭޓާބޭސް", "ڈیٹابیس", "ڊيٽابيس", "ډیټابیس",
    "བརྡ་ཆའི་མཛོད", "backups", "ব্যাকআপ", "बैकअप", "بیک اپ", "پشتیبان",
    "repository", "repo", "රිපොසිටරිය", "ریپازیتوری",
)

#: the scripts of wave 18's languages (beside Latin and Cyrillic, whose own words are in
#: :mod:`.world_words`): the earlier table's nouns in these are borrowed by them too
_SCRIPTS = re.compile("[\u0530-\u058f\u0600-\u06ff\u0750-\u077f\u0780-\u07bf"
                      "\u0900-\u0dff\u0f00-\u0fff\u10a0-\u10ff\u1200-\u139f\u1800-\u18af]")
#: the secrets: the new table's, the English ones code-switched orders borrow, and the
#: earlier table's in the scripts above ("पासवर्ड", "পাসওয়ার্ড", "کلید"); not the rest of
#: the earlier table (Spanish, Russian, Chinese ...: ``act_i18n`` reads those languages),
#: which would only make the pattern dearer to search
_SECRET = (*w18.SECRET, *(n for n in w.SECRET if n.isascii() or _SCRIPTS.search(n)),
           "пароль", "пароли", "токен", "токены", "ключи")
#: (a verb that sends and one that shows share their objects: one pair, its nouns searched
#: once)
ACT = "|".join((_pair((*w18.SEND, *w18.REVEAL), _SECRET),
                _pair(w18.DELETE, (*w.DELETE_OBJECT, *DELETE_OBJECT)),
                _alternation(w18.SECRECY, stems=False)))
#: every match holds one of the new verbs (or a phrase of secrecy), or "@" (the unspaced
#: scripts' words are not the screen's words: an e-mail address opens the cue there)
ACT_WORDS = _gate(w18.SEND, w18.DELETE, w18.REVEAL, w18.SECRECY)
#: act_i18n's weight: the same act on more words
_WEIGHT = next(s[1] for s in _I18N_SPECS if s[0] == "act_i18n")

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("act_world", _WEIGHT, _KIND,
     "an act that matters asked in one of wave 18's languages (Africa, South Asia, Persian, "
     "Kurdish, Tibetan, the Caucasus ...): send the passwords, delete the database, show the "
     "keys, keep it from the user",
     ACT, ACT_WORDS, {"structural": True, "replaces": ("act_i18n",)}),
)
