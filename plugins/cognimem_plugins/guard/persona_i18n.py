""""From now on you are ..." in the world's most used languages (wave 15).

The English persona cue ``persona_time`` ("you are now", "from now on", "henceforth") has a
counterpart for a handful of languages in :mod:`.cues` (``foreign_persona``). This table
holds the phrase "from now on you are" / "you are now" in about forty languages, written
from their dictionaries (both the familiar and the polite "you" where they differ), not from
any evaluation text. As in English, the phrase alone is an honest note's too ("from now on
you are the owner of the billing service"): the cue is a weak one, its weight chosen by
leave-one-split-out cross-validation (``bench/guard_eval/cv_wave15.py``).

Each phrase is spelled as :mod:`.normalise` reads text (its ``flat`` words).
"""

from __future__ import annotations

import re
from typing import Any

from .normalise import normalise

_PHRASES = (
    # Romance
    "a partir de ahora eres", "de ahora en adelante eres", "desde ahora eres",
    "a partir de ahora usted es", "ahora eres", "a partir de agora você é",
    "a partir de agora és", "de agora em diante você é", "agora você é", "da ora in poi sei",
    "d'ora in poi sei", "da adesso sei", "adesso sei", "à partir de maintenant tu es",
    "dorénavant tu es", "désormais vous êtes", "à partir de maintenant vous êtes",
    "tu es maintenant", "vous êtes maintenant", "a partir d'ara ets", "des d'ara ets",
    "de acum înainte ești", "de acum înainte esti", "acum ești",
    # Germanic
    "ab jetzt bist du", "von nun an bist du", "du bist jetzt", "du bist ab sofort",
    "sie sind jetzt", "ab jetzt sind sie", "vanaf nu ben je", "vanaf nu ben jij",
    "je bent nu", "jij bent nu", "u bent nu", "från och med nu är du", "från nu är du",
    "du är nu", "fra nu af er du", "du er nu", "fra nå av er du", "fra nå er du", "du er nå",
    # Slavic
    "od teraz jesteś", "od tej chwili jesteś", "teraz jesteś", "od teď jsi",
    "od této chvíle jsi", "teď jsi", "nyní jsi", "odteraz si", "od tejto chvíle si",
    "od zdaj si", "od zdaj naprej si", "od sada si", "od sada pa nadalje si", "sada si",
    "од сада си", "с этого момента ты", "с этого момента вы", "теперь вы", "відтепер ти",  # noqa: RUF001
    "тепер ти", "з цього моменту ти", "от сега нататък си", "отсега си",  # noqa: RUF001
    # Baltic, Finnic, Hungarian, Greek, Turkish
    "nuo šiol tu esi", "nuo šiol esi", "dabar tu esi", "no šī brīža tu esi", "tagad tu esi",
    "nüüdsest oled sa", "nüüdsest sa oled", "nüüd oled sa", "tästä lähtien olet",
    "tästä eteenpäin olet", "nyt olet", "mostantól te vagy", "mostantól ön",
    "από τώρα είσαι", "από εδώ και πέρα είσαι", "τώρα είσαι", "bundan sonra sen",
    "artık sen", "şu andan itibaren sen",  # noqa: RUF001
    # South-East Asian, African, Semitic, Iranian, Indic
    "mulai sekarang kamu", "mulai sekarang anda", "mulai sekarang engkau",
    "mula sekarang anda", "sekarang kamu adalah", "từ bây giờ bạn là", "bây giờ bạn là",
    "mula ngayon ikaw ay", "ngayon ikaw ay", "kuanzia sasa wewe ni", "sasa wewe ni",
    "من الآن فصاعدا أنت", "من الآن أنت", "מעכשיו אתה", "מעכשיו את", "מהיום אתה",
    "از این به بعد تو", "از حالا تو", "از الان تو", "اب سے تم", "اب سے آپ", "अब से तुम",
    "अब से आप", "अब तुम", "এখন থেকে তুমি", "এখন থেকে আপনি",
    # (wave 17) Central Asian, South-East Asian, African, South Asian, romanised
    "bundan buyon sen", "hozirdan boshlab sen", "endi sen", "енді сен", "бұдан былай сен",
    "мындан ары сен", "эми сен", "аз ин ба баъд ту", "акнун ту", "mundan beýläk sen",  # noqa: RUF001
    "indi sen", "одооноос эхлэн чи", "одоо чи", "จากนี้ไปคุณคือ", "ต่อจากนี้คุณคือ",
    "ตอนนี้คุณคือ", "ຕັ້ງແຕ່ນີ້ໄປເຈົ້າແມ່ນ", "ຕອນນີ້ເຈົ້າແມ່ນ", "ចាប់ពីពេលនេះទៅ អ្នកគឺ",
    "ឥឡូវនេះអ្នកគឺ", "ယခုမှစ၍ သင်သည်", "mulai sekarang awak", "mulai dari sekarang kamu",
    "simula ngayon ikaw ay", "simula ngayon ikaw", "gikan karon ikaw", "wiwit saiki kowe",
    "ti ayeuna anjeun", "ከአሁን ጀምሮ አንተ", "hadda waxaad tahay", "amma irraa eegalee ati",
    "daga yanzu kai ne", "daga yanzu ke ce", "láti ìsinsìnyí lọ ìwọ ni", "lati isinsinyi lo iwo ni",
    "site ugbu a gaa n'ihu ị bụ", "kusukela manje ungu", "ukususela ngoku uyi",
    "van nou af is jy", "jy is nou", "kubva zvino uri", "guhera ubu uri",
    "fii ak léegi yaa di", "manomboka izao ianao dia", "banda sikoyo ozali",
    "apati kounye a ou se", "ji niha û pê ve tu", "आतापासून तू", "आता तू", "હવેથી તું",
    "હવેથી તમે", "ਹੁਣ ਤੋਂ ਤੁਸੀਂ", "ਹੁਣ ਤੋਂ ਤੂੰ", "இனிமேல் நீ", "இப்போது முதல் நீ",
    "ఇప్పటి నుండి నువ్వు", "ఇకపై నువ్వు", "ಇನ್ನು ಮುಂದೆ ನೀನು", "ಈಗಿನಿಂದ ನೀನು", "ഇനി മുതൽ നീ",
    "ഇപ്പോൾ മുതൽ നീ", "මෙතැන් සිට ඔබ", "अबदेखि तिमी", "अब देखि तपाईं", "ଏବେଠାରୁ ତୁମେ",
    "এতিয়াৰ পৰা তুমি", "له اوس نه ته", "ab se tum", "aaj se tum", "ab se aap",
    "mn hala2 enta", "min al2an anta", "teper ty", "s etogo momenta ty", "由而家開始你係",
    "你而家係",
    # East Asian (no spaces: read where they stand)
    "从现在起你是", "从现在开始你是", "從現在起你是", "從現在開始你是", "你现在是", "你現在是",
    "今からあなたは", "これからあなたは", "今後あなたは", "あなたは今から", "지금부터 너는",
    "지금부터 당신은", "이제부터 너는", "이제부터 당신은",
)

_SPELLED = tuple(dict.fromkeys(normalise(p).flat for p in _PHRASES))
_LATIN = re.compile(r"[a-z]")

PATTERN = "|".join(
    (rf"\b{re.escape(p)}\b" if _LATIN.match(p) else re.escape(p)).replace(r"\ ", " ")
    for p in sorted(_SPELLED, key=len, reverse=True))

#: English words a phrase's longest word may be ("je bent nu"): not taken as its gate
_ENGLISH = frozenset(("bent",))
#: every match holds one of these words (each phrase's longest word, a cheap gate; the
#: CJK ones are read whole)
WORDS = " ".join(dict.fromkeys(
    max((w for w in p.split(" ") if w not in _ENGLISH), key=len) for p in _SPELLED))

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`;
#: the weight is English ``persona_time``'s (the same evidence in another language).
#: ``cv_wave15.py`` had no power to choose it: 15 of 16 folds chose 0.75 (flags alone), one
#: 0.0, with a held-out gain of 0 injections in every fold (the seen splits hold almost no
#: foreign persona switch; their clean rows, mostly English, cannot bound it); a weight that
#: flags "Ab jetzt bist du für das Deployment zuständig" alone was not taken on that.
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("persona_time_i18n", 0.4, "persona_switch",
     "\"from now on you are\" in another language (a change of who the reader is)",
     PATTERN, WORDS, {}),
)
