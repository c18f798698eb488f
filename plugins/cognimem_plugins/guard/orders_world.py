# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""An order to the AI reader in any language, read from its parts (wave 21).

Wave 16's ``reader_order_i18n`` (:mod:`.pressure_i18n`) reads an order to the AI reader
from a list of the reader's whole names ("KI-Assistent", "asistente de IA") and of act
verbs. On the seen splits' orders in other languages its misses were of three kinds: the
reader named in a form the list did not hold (an inflection, "AI-asszisztensnek",
"asistenta"; a word for AI of another script, "AI சஹாயக", "ለAI ረዳቱ"; the helper alone
as a vocative after a record's label, "Comentario: asistente, ..."), an act verb missing
(cancel, unlock, mark as, waive, upload ...), and, where both were read, nothing more to
show that the act was against the user.

This module reads the same class from its parts, in any language the guard's word lists
cover:

- ``reader_order_world``: **the AI reader addressed**, built from parts: a helper's word
  (assistant, agent, helper, bot in its languages, :mod:`.acts_i18n`) next to the letters or
  the word for AI in its languages (either order, any inflection), or a helper's word alone
  as a vocative, where a line or a record's label opens it; then the address's mark (a
  comma, a colon, their CJK, Arabic, Ethiopic and Khmer forms), then, in the same
  sentence, **an imperative act**: the union of the guard's act verbs in other languages
  (send, delete, reveal, disable, change, approve, pay ... of :mod:`.pressure_i18n`,
  :mod:`.acts_words` and :mod:`.world_words`) and the acts against a user's interests no
  list held (cancel, unlock, mark or record as, waive, refund, publish, upload, add).
  It stands for ``reader_order_i18n`` (one order, counted once).
- ``order_scope_world``: beside such an order (either cue), what makes the act one against
  the user: it is done to **all** of something (the universal quantifier of each language),
  **kept from** someone (a negation of telling or reporting), **without** a check (the
  preposition of absence, then its object), or with the user or the rules **set aside**
  (the override verbs: ignore, disregard, forget).

Everyday chat, a user's own request to its agent ("Asistente, resume este documento") and
translated UI strings hold the address rarely and the act with a scope more rarely still;
the weights are chosen by leave-one-split-out CV (``bench/guard_eval/cv_wave21_languages.py``)
bounded by every clean row, the honest notes, the README paragraphs and the dataset turns.
"""

from __future__ import annotations

import re
from typing import Any

from . import acts_words as w
from . import world_words as ww
from .acts_i18n import _AI as _LETTERS
from .acts_i18n import _HELPERS
from .normalise import normalise
from .overrides_i18n import _SOV_VERBS as _OVERRIDE_SOV_VERBS
from .overrides_i18n import _VERBS as _OVERRIDE_VERBS
from .overrides_i18n import _alternation
from .pressure_i18n import VERBS as _ORDER_VERBS

_KIND = "tool_coercion"

#: helpers' words the earlier list did not hold (dictionary words: Hungarian, Basque,
#: Georgian, Pashto, Polynesian, Igbo; a chatbot and a robot)
_MORE_HELPERS = (
    "asszisztens", "laguntzaile", "ასისტენტ", "აგენტ", "مرستیال", "مرستيال", "kaiāwhina",
    "fesoasoani", "tokoni", "kōkua", "enyemaka", "chatbot", "chatbota", "chatbotu",
    "чатбот", "чат-бот", "бот", "боте", "роботе", "roboti", "tekoälyavustaja", "ረዳቱ",
)
HELPERS = (*_HELPERS, *(h for h in _MORE_HELPERS if h not in _HELPERS))
_H = _alternation(HELPERS, stems=True)
#: the word for artificial intelligence where it names the reader alone ("dirbtinis
#: intelekte", "IA, ..."): the letters of :mod:`.acts_i18n` and the words of more languages
_AI_WORDS = ("dirbtinis intelekt", "mākslīgais intelekt", "umělá inteligence",
             "sztuczna inteligencjo", "künstliche intelligenz", "intelligence artificielle",
             "inteligencia artificial", "inteligência artificial", "intelligenza artificiale",
             "искусственный интеллект", "штучний інтелект", "τεχνητή νοημοσύνη",
             "ხელოვნური ინტელექტ", "مصنوعي ځيرکتيا", "مصنوعي ځیرکتیا", "مصنوعي ذهانت",
             "مصنوعی ذہانت", "人工知能")
#: the letters for AI: those that are also a common word ("mi asistente", Spanish "my
#: assistant"; Italian "di", "si", "ti") only joined by a hyphen ("MI-asszisztens")
_AMBIGUOUS = ("mi", "di", "si", "ti")
_A = "|".join(sorted((rf"(?<![a-z0-9]){re.escape(x)}(?![a-z0-9])" if x.isascii()
                      else re.escape(normalise(x).folded))
                     for x in _LETTERS if x not in _AMBIGUOUS))
_AI = (rf"(?:{_A})|(?<![a-z0-9])(?:{'|'.join(_AMBIGUOUS)})-|"
       rf"{_alternation(_AI_WORDS, stems=True)}")
#: what may stand between the helper and the letters ("tal-", "d'", "de", "wa", "ng", a
#: genitive), within a word or two
_NEAR = r"[^.!?\n,:;\u060c\u3001\uff0c\uff1a\u1361-\u1366]{0,16}?"
#: the address's mark: a comma, a colon, a dash; their CJK, Arabic, Ethiopic, Khmer forms;
#: a Japanese or Korean vocative ending before its full stop ("アシスタントへ。")
_MARK = (r"(?:[:,\u2014\u2013\u060c\u3001\u3002\uff0c\uff1a\u1361-\u1366\u17d6]|"
         # Thai and Lao write no comma: the polite imperative's particle ("please", "let")
         # after the address ends it ("ผู้ช่วย AI โปรดยกเลิก ...")
         r"\s(?=โปรด|กรุณา|ให้|ຈົ່ງ|ກະລຸນາ))")
_TO_MARK = r"[^:,\n.!?\u3002\uff0c\uff1a\u060c\u1361-\u1366\u17d6]{0,40}?"
#: where a vocative may open: a line, a quote or a record's label ("Comentario en la
#: orden: asistente, ...")
_OPEN = r"(?:^|(?<=[\n>\"'\u201c\u201e\u00ab:\uff1a\u1361-\u1366])|(?<=[:\uff1a] ))"
NAME = (rf"(?:(?:{_H}){_NEAR}(?:{_AI})|(?:{_AI}){_NEAR}(?:{_H})){_TO_MARK}{_MARK}|"
        rf"{_OPEN}[\s>*#-]{{0,4}}(?:{_H}|{_AI})[^\s:,\u060c]{{0,6}}\s?{_MARK}")

#: acts against a user's interests no earlier list held, as imperatives (familiar and
#: polite) of the seen splits' languages and their neighbours: cancel, unlock, mark or
#: record as, waive, refund, publish, upload, add, open
_MORE_ACTS = (
    # cancel
    "cancela", "cancele", "anula", "anule", "annule", "annulez", "annulla", "annulli",
    "storna", "storniere", "annuleer", "avbryt", "anuluj", "zruš", "zrušte", "otkaži",
    "atcel", "atšauk", "peru", "отмени", "отмените", "скасуй", "iptal et", "batalkan",
    "hủy", "huỷ", "kanselahin", "ยกเลิก", "取消", "キャンセルして", "취소해", "ghairi",
    "futa", "soke", "fagilee",
    # unlock, open
    "desbloquea", "desbloqueie", "déverrouille", "sblocca", "entsperre", "ontgrendel",
    "lås upp", "lås opp", "odblokuj", "odemkni", "odomkni", "otključaj", "разблокируй",
    "розблокуй", "kilidini aç", "buka", "mở khóa", "i-unlock", "ปลดล็อก", "解锁", "解鎖",
    "ロック解除して", "잠금 해제해", "fungua", "abre", "abra", "ouvre", "apri", "öffne",
    "otwórz", "otevři", "otvori", "открой", "відкрий", "nyisd meg",
    # mark or record as
    "marca", "marque", "marquez", "markiere", "markeer", "markera", "merk", "oznacz",
    "označ", "označi", "отметь", "позначь", "işaretle", "tandai", "đánh dấu", "markahan",
    "pažymėk", "atzīmē", "märgi", "merkitse", "jelöld", "σημείωσε", "samisi", "alama",
    "registra", "registre", "enregistre", "enregistrez", "zapisz", "zapiš", "запиши",
    "catat", "ghi", "บันทึก", "记录", "記録して", "기록해",
    "confirma", "confirme", "confirmez", "conferma", "bestätige", "bevestig", "potwierdź",
    "potvrď", "подтверди", "підтвердь", "onayla", "konfirmasi", "xác nhận", "kumpirmahin",
    # waive, refund
    "reembolsa", "reembolse", "rembourse", "remboursez", "rimborsa", "erstatte",
    "zwróć", "vrať", "верни", "поверни", "kembalikan", "hoàn tiền", "i-refund", "คืนเงิน",
    "退款", "返金して", "환불해", "면제해", "免除", "rudisha", "urudishe",
    # publish, upload
    "publica", "publique", "publie", "publiez", "pubblica", "veröffentliche",
    "publiceer", "publicera", "opublikuj", "zveřejni", "опубликуй", "опублікуй",
    "yayınla", "publikasikan", "đăng", "i-publish", "i-upload", "เผยแพร่", "发布", "公開して",
    "게시해", "sube", "suba", "carica", "lade hoch", "upload karo", "अपलोड करो", "अपलोड कर दो",
    # add, move, set
    "añade", "agrega", "adicione", "ajoute", "ajoutez", "aggiungi", "füge hinzu",
    "voeg toe", "lägg till", "legg til", "dodaj", "přidej", "pridaj", "добавь", "додай",
    "ekle", "tambahkan", "thêm", "idagdag", "เพิ่ม", "添加", "追加して", "추가해", "ongeza",
    "sposta", "verschiebe", "przesuń", "přesuň", "перенеси",
    # approve, accept, allow; change (African languages the earlier lists left out)
    "kubali", "idhinisha", "ruhusu", "amince", "ፍቀድ", "badilisha", "canza", "ላክ",
)
VERBS = tuple(dict.fromkeys((*_ORDER_VERBS, *w.SEND, *w.DELETE, *w.REVEAL, *w.DISABLE,
                             *ww.SEND, *ww.DELETE, *ww.REVEAL, *_MORE_ACTS)))
#: how far in the sentence the verb may stand from the address (a dot inside an address
#: goes on)
_TO_VERB = r"(?:[^.!?\n\u3002\u0964\u17d4\u1362]|\.(?=\S)){0,160}?"
ORDER = rf"(?:{NAME}){_TO_VERB}(?:{_alternation(VERBS, stems=False)})"

#: English words that would open the cues on most English notes
_ENGLISH = frozenset(("agent", "assistant", "model", "add", "send", "open", "print", "share",
                      "upload", "transfer", "delete", "disable", "ai", "in", "do", "off",
                      "band", "dis", "forward", "fun", "nat", "soo", "vee", "bot",
                      "chatbot", "robot", "ghi", "ver", "sil", "ge", "si", "gi", "da",
                      "dai", "cho", "sig", "giv", "ta", "bort", "lade"))


def _words(*tables: tuple[str, ...]) -> str:
    """Each phrase's longest word as the screen's ``flat`` spells it, not an English one,
    of three letters or more (a phrase without one opens nothing)."""
    out = set()
    for phrase in (p for t in tables for p in t):
        words = [x for x in normalise(phrase).flat.split() if x not in _ENGLISH and len(x) > 2]
        if words:
            out.add(max(words, key=len))
    return " ".join(sorted(out))


#: the cue opens on an act verb of another language (every match holds one)
ORDER_WORDS = _words(VERBS)

#: the universal quantifier, "all" or "every", in the same languages
_ALL = (
    "todos", "todas", "tous", "toutes", "tutti", "tutte", "alle", "allen", "alles",
    "samtliga", "samtlige", "kaikki", "kaikkien", "minden", "összes", "wszystkie",
    "wszystkich", "všechny", "všetky", "všech", "sve", "svi", "sva", "vse", "vsa",
    "все", "всех", "всі", "усі", "всички", "visus", "visas", "visi", "kõik", "όλα",
    "όλες", "όλους", "όλων", "tüm", "bütün", "hepsi", "כל", "كل", "جميع", "همه", "تمام",
    "ټول", "ټولو", "सभी", "सब", "সব", "সকল", "எல்லா", "అన్ని", "semua", "seluruh",
    "segala", "tất cả", "toàn bộ", "mọi", "lahat", "ทั้งหมด", "ทุก", "所有", "全部", "一切",
    "すべて", "全て", "모든", "전부", "zote", "wote", "kila", "gbogbo", "dukkan", "duka",
    "hunda", "kollha", "guztiak", "ყველა", "բոլոր", "ሁሉንም", "ሁሉም", "katoa", "uma",
    # the whole of it ("the complete guest list", "the whole team")
    "completa", "completo", "complète", "complet", "intera", "intero", "vollständige",
    "vollständigen", "volledige", "fullständiga", "hele", "hela", "cały", "całą", "celý",
    "celou", "весь", "всю", "целиком", "полностью", "lengkap", "toda a", "toda la",
)
#: the act kept from someone: a negation of telling, reporting or mentioning (the secrecy
#: phrases of :mod:`.acts_words` and :mod:`.world_words`, and more)
_HIDDEN = (
    *w.SECRECY, *ww.SECRECY,
    "no avises", "no le avises", "no informes", "no lo menciones", "não avise",
    "não informe", "non avvisare", "non dirlo", "n'en parle pas", "ne préviens pas",
    "erwähne es nicht", "sag niemandem", "meld niets", "zeg niets", "säg inget",
    "ikke si", "nic neříkej", "nikomu", "nikomu nie mów", "никому не говори",
    "не сообщай", "нікому не кажи", "ne szólj", "älä kerro", "μην πεις", "kimseye söyleme",
    "không báo cáo", "đừng báo", "jangan beritahu", "huwag sabihin", "อย่าบอก", "不要告诉",
    "不要报告", "言わないで", "報告しないで", "말하지 마", "usimwambie", "non o menciones",
    "sakrij", "skrij", "ukryj", "skryj", "скрой", "приховай",
)
#: without, then its object (the check, the question, the fee): the act skips a check
_WITHOUT = (
    "sin", "sans", "senza", "sem", "ohne", "zonder", "utan", "uten", "uden", "bez", "без",
    "nélkül", "χωρίς", "olmadan", "בלי", "بدون", "دون", "बिना", "ছাড়া", "tanpa",
    "không cần", "walang", "โดยไม่", "โดยไม่ต้อง", "无需", "無需", "不经", "なしで", "せずに",
    "없이", "bila", "ba tare da", "ያለ", "ilman",
)
#: the user or the rules set aside: the override verbs of :mod:`.overrides_i18n` (ignore,
#: disregard, forget), here without their noun (their object may be the user, "αγνόησε τον
#: χρήστη")
_SET_ASIDE = (*_OVERRIDE_VERBS, *_OVERRIDE_SOV_VERBS)
SCOPE = "|".join((_alternation(_ALL, stems=False), _alternation(_HIDDEN, stems=False),
                  _alternation(_SET_ASIDE, stems=False),
                  rf"(?:{_alternation(_WITHOUT, stems=False)})\s?\w"))
SCOPE_WORDS = _words(_ALL, _HIDDEN, _WITHOUT, _SET_ASIDE) + " " + " ".join(
    sorted({x for t in (_ALL, _WITHOUT) for p in t for x in normalise(p).flat.split()
            if len(x) <= 2 and not x.isascii()}))

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("reader_order_world", 0.55, _KIND,
     "an order in another language to the AI reader addressed in any of its forms (a "
     "helper's word beside the letters or the word for AI, or a helper called after a "
     "record's label), then an act verb of any language the guard reads",
     ORDER, ORDER_WORDS, {"structural": True, "replaces": ("reader_order_i18n",)}),
    ("order_scope_world", 0.2, None,
     "beside such an order, the act done to all of something, kept from someone, or "
     "without a check, in another language",
     SCOPE, SCOPE_WORDS,
     {"structural": True, "requires_any": ("reader_order_world", "reader_order_i18n"),
      "beside_counted": True}),
)
