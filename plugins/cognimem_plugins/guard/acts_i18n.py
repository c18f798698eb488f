# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""An order in another language, read as the English cues read an English one (wave 17).

Two weak cues over the tables of :mod:`.acts_words` and the AI reader's names below:

* ``act_i18n``: an imperative act that matters and its object in the same sentence, in
  either order (a language that puts the verb last names the object first): send, upload
  or forward the passwords, keys, tokens, the user's files or the system prompt; delete the
  database, the repository or the backups; show or print the system prompt or a secret;
  turn off two-factor sign-in, the antivirus, the firewall or the audit log; or keep it
  from the user ("do not tell the user"). A developer's honest note in another
  language ("forget my earlier suggestion and fix the tests first") holds none of these: a
  verb that sets aside without an object that matters is not an act here.
* ``reader_i18n``: the AI reader named in that language ("Asisten AI", "KI-Assistent",
  "AI yordamchisi", "Msaidizi wa AI", "ผู้ช่วย AI"), counted only beside such an act.

Scripts written without spaces (Thai, Lao, Khmer, Burmese, Chinese, Japanese) are matched
by substring (:func:`.overrides_i18n._alternation`); their words are not the screen's words,
so the cue words that open the cues also hold "@" (an e-mail address is one). Each weight
was chosen by leave-one-split-out cross-validation (``bench/guard_eval/cv_wave17_languages.py``).
"""

from __future__ import annotations

import re
from typing import Any

from . import acts_words as w
from . import world_words as w18
from .normalise import normalise
from .overrides_i18n import _alternation
from .variant_spellings import variants

#: how far apart (characters, within one sentence) the verb and its object may stand
REACH = 60
#: (a dot inside an address or a file name goes on: "x@y.me manziliga yubor")
_GAP = rf"(?:[^.!?\n\u3002\u0964\u104b\u0f0d]|\.(?=\S)){{0,{REACH}}}?"


def _pair(verbs: tuple[str, ...], nouns: tuple[str, ...]) -> str:
    v, n = _alternation(verbs, stems=False), _alternation(nouns, stems=True)
    # (wave 18) the object first, then the verb, not after a negation ("पासवर्ड कभी ... मत
    # भेजो", "never send the password")
    return rf"(?:{v}){_GAP}(?:{n})|(?:{n}){_GAP}{w18.NOT_BEFORE}(?:{v})"


ACT = "|".join((_pair(w.SEND, w.SECRET), _pair(w.DELETE, w.DELETE_OBJECT),
                _pair(w.REVEAL, w.SECRET), _pair(w.DISABLE, w.PROTECTION),
                _alternation(w.SECRECY, stems=False)))


#: English words a phrase's longest word may be ("upload karo", "in ra", "ne le dis pas"):
#: not taken as its gate (they would open the cue on most English notes)
_ENGLISH = frozenset(("in", "band", "delete", "disable", "dis", "forward", "fun",
                      "nat", "share", "upload", "soo", "vee", "off", "do", "send", "print",
                      "show", "pas", "le", "al", "ka", "ke", "ko",
                      # (wave 18) the English words of code-switched phrases
                      "bar", "bike", "user", "mail", "leak", "reveal", "tape", "follow"))


def _gate(*tables: tuple[str, ...]) -> str:
    """Each phrase's longest word as the screen's ``flat`` spells it (not an English one, of
    three letters or more: a phrase without one opens nothing), and "@"."""
    out = set()
    for phrase in (p for t in tables for p in t):
        # (wave 18) and as it is spelled capitalised (:func:`.overrides_i18n._spellings`)
        # (wave 19) and as a text may write it otherwise (:mod:`.variant_spellings`)
        for spelled in {f for v in variants(phrase) for f in (v, v[:1].upper() + v[1:])}:
            words = [x for x in normalise(spelled).flat.split()
                     if x not in _ENGLISH and len(x) > 2]
            if words:
                out.add(max(words, key=len))
    return " ".join(sorted(out | {"@"}))


#: every match holds a verb of one of these (or a phrase of secrecy); where words are not
#: spaced, the AI reader's name of another script opens the cue too (below)
ACT_WORDS = _gate(w.SEND, w.DELETE, w.REVEAL, w.DISABLE, w.SECRECY)

#: the words for an assistant, a helper or an agent, in the same languages
_HELPERS: tuple[str, ...] = (
    "asistente", "assistente", "assistant", "assistent", "assistentin", "asystent",
    "asystencie", "asistent", "asistentka", "asistentul", "ассистент", "помощник",
    "асистент", "помічник", "помічнику", "yardımcı", "asistan", "asistanı", "βοηθέ",
    "βοηθός", "עוזר", "مساعد", "دستیار", "معاون", "مددگار", "सहायक", "सहाय्यक",
    "সহায়ক", "সহকারী", "உதவியாளர", "సహాయకుడ", "ಸಹಾಯಕ", "സഹായ", "સહાયક", "ਸਹਾਇਕ",
    "සහායක", "ସହାୟକ", "助手", "助理", "アシスタント", "어시스턴트", "비서", "trợ lý",
    "asisten", "pembantu", "katulong", "katabang", "ผู้ช่วย", "ຜູ້ຊ່ວຍ", "ជំនួយការ",
    "လက်ထောက်", "msaidizi", "mataimaki", "olùrànlọ́wọ́", "oluranlowo", "onye enyemaka",
    "umsizi", "msizi", "umncedisi", "mncedisi", "mubatsiri", "umufasha", "mufasha",
    "ndimbal", "mpanampy", "mosungi", "caawiye", "kaaliye", "gargaaraa", "ረዳት", "ሓጋዚ",
    "yordamchi", "yordamchisi", "ёрдамчи", "көмекші", "komekshi", "жардамчы", "жардамчысы",
    "ёрдамчӣ", "ёрдамчии", "kömekçi", "kömekçisi", "туслах", "pomočnik", "pomoćnik",
    "pomocník", "asistentas", "asistents", "avustaja", "segéd", "aðstoðarmaður",
    "agente", "agent", "агент", "エージェント", "에이전트", "代理", "智能体", "ajan", "wakala",
)
#: (wave 18) the helper's names in the languages of :mod:`.world_words`
_HELPERS += tuple(h for h in w18.HELPERS if h not in _HELPERS)
#: the letters for AI, machine intelligence, in the same languages
_AI = ("ai", "ia", "ki", "ии", "ші", "mi", "di", "yz", "tn", "τν", "si", "ти", "आई", "एआई",
       "এআই", "ஏஐ", "人工智能", "人工智慧", "エーアイ", "인공지능", "tekoäly", "tehisintellekt",
       "sztuczna inteligencja",
       "الذكاء الاصطناعي", "هوش مصنوعی", "مصنوعی ذہانت", "trí tuệ nhân tạo",
       "kecerdasan buatan", "akili bandia", "ปัญญาประดิษฐ์")
_H = _alternation(_HELPERS, stems=True)
#: (the Latin letters stand apart from Latin letters only: "AIアシスタント" is one word)
_A = "|".join(sorted((rf"(?<![a-z0-9]){re.escape(x)}(?![a-z0-9])" if x.isascii()
                      else re.escape(normalise(x).folded)) for x in _AI))
_NEAR = r"[^.!?\n,:;]{0,16}?"
#: or the helper called by name where a line starts ("Asistente: ...", "Pomočnik, ..."), or
#: with the vocative particle ("أيها المساعد", "يا مساعد")
_VOCATIVE = rf"(?:^|\n)[>*#\s-]{{0,4}}(?:{_H})[^\s:,]{{0,6}}\s?[:,\u060c\u3001\uff1a\uff0c]"
READER = (rf"(?:{_H}){_NEAR}(?:{_A})|(?:{_A}){_NEAR}(?:{_H})|{_VOCATIVE}|"
          rf"(?:أيها|يا) (?:ال)?مساعد")
READER_WORDS = " ".join(sorted(
    {x for h in (*_HELPERS, "أيها", "يا") for x in normalise(h).flat.split()
     if x not in ("assistant", "agent")}))

#: (the names of scripts other than Latin: rare in an English note, they may open the act)
ACT_WORDS += " " + " ".join(sorted({x for h in _HELPERS for x in normalise(h).flat.split()
                                    if not x.isascii()}))
_KIND = "tool_coercion"
#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("act_i18n", 0.55, _KIND,
     "an act that matters asked in another language: send the passwords or keys, delete "
     "the database, show the system prompt, keep it from the user",
     ACT, ACT_WORDS, {"structural": True}),
    ("reader_i18n", 0.2, _KIND,
     "the AI reader named in another language (\"Asisten AI\", \"AI yordamchisi\"), beside "
     "such an act (act_i18n or wave 18's act_world)",
     READER, READER_WORDS,
     {"structural": True,
      "requires_any": ("act_i18n", "act_world"),
      "beside_counted": True}),
)
