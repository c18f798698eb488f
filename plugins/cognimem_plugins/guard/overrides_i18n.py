""""Ignore the previous instructions" in the world's most used languages (wave 14).

An instruction override is written in whatever language its author reads, and usually with
a verb that sets aside ("ignore", "forget", "disregard") near a noun for the reader's rules
("instructions", "rules", "directions", "commands"). Before wave 14 a handful of languages
were read (:mod:`.cues`'s ``foreign_override``, English by the strong markers); this table
holds the two halves in about forty-five of the most spoken languages, written from their
dictionaries, not from any evaluation text: a verb of one half within a clause's reach
(:data:`REACH` characters, no sentence end between) of a noun of the other, in either order
(Turkish, Hungarian, Hindi, Bengali, Tamil, Japanese or Korean put the verb last).

English words are left out on purpose: English overrides are the strong markers' and the
phrase cues' work, and an English note that says "ignore the flaky test; the instructions
are in the README" must not match. Words shared with English ("instructions" is French too)
are kept only as nouns, which need a non-English verb beside them.

Each word is spelled as :mod:`.normalise` reads text (case folded, Cyrillic and Greek
look-alike letters turned Latin): the screen matches the folded text.
"""

from __future__ import annotations

import re
import unicodedata

from . import overrides_world as world
from . import world_words as world18
from .normalise import normalise
from .variant_spellings import variants

#: verbs that set aside, in the imperative (both numbers where they differ) and, for the
#: languages that put the verb last, the stem an inflection hangs on
_VERBS: tuple[str, ...] = (
    # Spanish, Portuguese, Italian, Catalan, Galician, Romanian, French
    "ignora", "ignorad", "ignoren", "ignorá", "olvida", "olvide", "olvidad", "olviden",
    "haz caso omiso", "omite", "desatiende", "esqueça", "esqueca", "esqueçam", "esquece",
    "desconsidere", "desconsidera", "dimentica", "dimenticate", "trascura", "tralascia",
    "oblida", "oblideu", "ignoreu", "ignoră", "ignorați", "ignorati", "uită", "uitați",
    "uitati", "oubliez", "oublie", "ignorez", "ne tenez pas compte", "ne tiens pas compte",
    "fais abstraction", "faites abstraction",
    # German, Dutch, Afrikaans, Scandinavian, Icelandic
    "ignoriere", "ignoriert", "ignorieren sie", "vergiss", "vergesst", "vergessen sie",
    "missachte", "missachtet", "negeer", "vergeet", "ignoreer", "ignorera", "strunta i",
    "bortse från", "bortse fran", "glöm", "glom", "ignorer", "se bort fra", "glem",
    "hunsaðu", "hunsadu", "gleymdu",
    # Polish, Czech, Slovak, Slovenian, Croatian, Serbian, Bosnian, Bulgarian, Russian,
    # Ukrainian, Belarusian
    "zignoruj", "zignorujcie", "ignoruj", "ignorujcie", "zapomnij", "zapomnijcie", "pomiń",
    "ignorujte", "zapomeň", "zapomen", "zapomeňte", "nedbej", "zabudni", "zabudnite",
    "nevšímaj", "prezri", "prezrite", "pozabi", "pozabite", "ignoriraj", "ignorirajte",
    "zanemari", "zanemarite", "zaboravi", "zaboravite", "ignoriši", "ignorisi", "игнориши",
    "занемари", "заборави", "игнорирай", "игнорирайте", "забрави", "забравете", "игнорируй",
    "игнорируйте", "проигнорируй", "забудь", "забудьте", "ігноруй", "ігноруйте",
    "проігноруй", "забудь", "ігнаруй", "забудзь",
    # Baltic, Finnish, Estonian, Hungarian
    "ignorē", "ignore jūs", "aizmirsti", "aizmirstiet", "ignoruok", "ignoruokite", "pamiršk",
    "pamirškite", "unohda", "unohtakaa", "huomiotta", "sivuuta", "eira", "unusta",
    "unustage", "ignoreeri", "figyelmen kívül", "figyelmen kivul", "felejtsd", "felejtsék",
    "ne törődj",
    # Greek, Turkish, Hebrew, Arabic, Persian, Urdu, Kurdish
    "αγνόησε", "αγνοήστε", "ξέχνα", "ξεχάστε", "ξέχασε", "yok say", "görmezden gel",
    "gormezden gel", "unut", "unutun", "umursama", "התעלם", "התעלמו", "שכח", "שכחו", "تجاهل",
    "تجاهلوا",
    "انس", "انسَ", "نادیده بگیر", "فراموش کن", "نظرانداز", "نظر انداز", "بھول جا", "paşguh",
    # Indic
    "अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल जा", "दुर्लक्ष", "विसरा", "बेवास्ता", "बिर्स",
    "উপেক্ষা", "ভুলে যা", "অগ্রাহ্য", "புறக்கணி", "மறந்து", "மற", "విస్మరించ", "మర్చిపో",
    "అవగణించ", "ನಿರ್ಲಕ್ಷಿಸ", "ಮರೆತು", "അവഗണിക്ക", "മറക്ക", "અવગણ", "ભૂલી જા",
    "ਨਜ਼ਰਅੰਦਾਜ਼", "ਅਣਡਿੱਠ", "ਭੁੱਲ ਜਾ", "නොසලකා", "අමතක",
    # South-East and East Asian
    "bỏ qua", "phớt lờ", "quên", "ละเว้น", "เพิกเฉย", "ไม่ต้องสนใจ", "ลืม", "abaikan",
    "lupakan", "jangan hiraukan", "lalekake", "aja nggatekake", "huwag pansinin",
    "balewalain", "kalimutan", "ignorahin", "忽略", "无视", "無視", "忽視", "忘记", "忘記",
    "忘掉", "不要理会", "不要理會", "忘れ", "무시", "잊어", "ကျော်", "မေ့", "មិនអើពើ",
    # African languages
    "puuza", "sahau", "usizingatie", "yi watsi", "manta", "foju fo", "gbagbe", "ችላ",
    # Basque, Welsh, Irish, Maltese, Albanian, Armenian, Georgian, Azerbaijani, Kazakh
    "ahaztu", "ez ikusi", "anwybydda", "anghofia", "déan neamhaird", "ibdel", "injora",
    "injoraw", "injoro", "harro", "անտեսիր", "մոռացիր", "უგულებელყავი", "დაივიწყე",
    "nəzərə alma", "unut", "елеме", "ұмыт",
    # (wave 15) the other imperatives of "pass over, pay no heed" the dictionaries give
    # (Finnish, Lithuanian, Latvian, Estonian, Romance, Slavic, Greek, Turkish, Vietnamese)
    "ohita", "ohittakaa", "älä välitä", "älkää välittäkö", "nepaisyk", "nepaisykite",
    "neatsižvelk", "neatsižvelkite", "nekreipk dėmesio", "ignorējiet", "neņem vērā",
    "neņemiet vērā", "ära arvesta", "ärge arvestage", "jäta tähelepanuta", "ignorate",
    "scorda", "scordate", "non considerare", "no hagas caso", "desestima", "ignorem",
    "não considere", "nao considere", "neglijează", "neglijeaza", "nu ține cont",
    "nu tine cont", "nie zwracaj uwagi", "nevšímej si", "nevsimej si", "не обращай внимания",
    "не обращайте внимания", "не зважай", "не зважайте", "παράβλεψε", "παραβλέψτε",
    "dikkate alma", "lờ đi", "đừng làm theo",
)

#: nouns for the reader's rules (instructions, rules, directions, commands, guidelines, its
#: prompt), with the inflections a sentence puts them in (stems where they vary)
_NOUNS: tuple[str, ...] = (
    "instrucciones", "instrucción", "reglas", "indicaciones", "directrices", "órdenes",
    "instruções", "instrucoes", "orientações", "diretrizes", "regras", "istruzioni", "regole",
    "indicazioni", "direttive", "instruccions", "regles", "indicacions", "instrucțiuni",
    "instructiuni", "reguli", "indicații", "consignes", "instructions", "règles",
    "directives", "anweisung", "vorgaben", "regeln", "befehle", "instructies", "regels",
    "aanwijzingen", "instruksies", "reëls", "instruktion", "anvisning", "regler",
    "instruks", "leiðbeining", "fyrirmæl",
    "instrukcj", "polece", "zasad", "wytyczn", "pokyn", "instrukc", "pravidl", "navodil",
    "pravil", "uput", "naredb", "instrukcij", "упутств", "инструкциј", "правила", "инструкци",
    "указани", "команд", "інструкці", "вказівк", "правил", "інструкцы", "указанні",
    "instrukcijas", "norādījum", "noteikum", "nurodym", "taisykl", "ohje", "sääntö",
    "säännöt", "käsky", "käskyt", "juhis", "juhend", "reegl", "utasítás", "utasitas",
    "szabály", "szabaly",
    "οδηγί", "οδηγιών", "κανόν", "εντολ", "talimat", "yönerge", "yonerge", "kural", "komut",
    "הוראות", "הנחיות", "כללים", "تعليمات", "التعليمات", "الأوامر", "الاوامر",
    "التوجيهات", "القواعد", "دستورالعمل", "دستورات", "قوانین", "ہدایات", "قواعد", "rêwerz",
    "निर्देश", "नियम", "सूचना", "নির্দেশ", "নিয়ম", "அறிவுறுத்தல்", "வழிமுறை", "கட்டளை",
    "விதிகள", "సూచన", "నియమా", "ಸೂಚನೆ", "ನಿಯಮ", "നിർദ്ദേശ", "നിയമ", "સૂચના", "નિયમ", "ਹਦਾਇਤ",
    "ਨਿਯਮ", "උපදෙස්", "නීති",
    "hướng dẫn", "chỉ dẫn", "chỉ thị", "quy tắc", "คำสั่ง", "คำแนะนำ", "กฎ", "instruksi",
    "perintah", "aturan", "petunjuk", "arahan", "peraturan", "pituduh", "utos", "tagubilin",
    "panuto", "alituntunin", "指令", "指示", "规则", "規則", "提示词", "提示詞", "命令",
    "ルール", "지시", "지침", "명령", "규칙", "ညွှန်ကြား", "ការណែនាំ",
    "maagizo", "maelekezo", "amri", "sheria", "umarni", "dokoki", "ìtọ́ni", "itoni", "ilana",
    "መመሪያ",
    "jarraibide", "argibide", "arau", "agindu", "cyfarwyddiad", "rheolau", "treoracha",
    "struzzjonijiet", "udhëzim", "udhezim", "rregull", "հրահանգ", "ინსტრუქცი", "təlimat",
    "нұсқау",
)


def _spelled(word: str) -> str:
    """``word`` as the screen reads text (:func:`.normalise.normalise`'s ``folded``)."""
    return normalise(word).folded


def _spellings(word: str) -> tuple[str, ...]:
    """(wave 18) ``word`` as the screen spells it, and as it spells it capitalised where
    that differs: the normaliser maps look-alike letters before it folds case, so a capital
    Armenian or Greek letter opening a sentence ("Ուղարկիր", "Ωμέγα") is spelled apart
    from its small letter."""
    out: list[str] = []
    # (wave 19) and the other ways a text writes it (:mod:`.variant_spellings`: without its
    # diacritics, its apostrophe or palochka written otherwise)
    for form in variants(word):
        out.append(_spelled(form))
        if not form[:1].isascii():
            out.append(_spelled(form[:1].upper() + form[1:]))
    return tuple(dict.fromkeys(out))


def _all_spellings(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(s for w in words for s in _spellings(w)))


def _alternation(words: tuple[str, ...], *, stems: bool) -> str:
    """The words as one alternation, each as the screen spells it. A Latin-script word must
    start a word (``\b``); a verb must end one too (the verbs are listed in full: "ignora"
    must not read "ignorant"), a noun may be inflected after it. A word of another script is
    matched where it stands (its combining marks make ``\b`` unreliable, and some scripts
    have no spaces)."""
    out = []
    for word in _all_spellings(words):
        body = re.escape(word).replace(r"\ ", " ")
        # (wave 19) a word of Latin letters only: a word of another script that its
        # look-alikes spell with a Latin letter first ("үл тоомсорло" as "yл toomcopлo") is
        # matched where it stands too (its converb's ending follows: "...лoж")
        latin = all(c.isascii() or unicodedata.name(c, "").startswith("LATIN")
                    for c in word if c.isalpha())
        # (a word that opens or ends with its glottal stop, Tongan "'oua", is bounded there by
        # "\B": "\b" before a "'" would need a letter before it)
        start = r"\b" if re.match(r"\w", word) else r"\B"
        end = "" if stems else (r"\b" if re.search(r"\w$", word) else r"\B")
        out.append(rf"{start}{body}{end}" if latin else body)
    # the longest first, so a phrase is preferred to its first word; the words opening on
    # "\B" last (they cannot match where a letter's word does, and :mod:`.alternatives`
    # groups a run of alternatives that open on one test)
    return "|".join(sorted(out, key=lambda w: (w.startswith(r"\B"), -len(w))))


#: how far apart (characters, within one sentence) the verb and the noun may stand
REACH = 60
_GAP = rf"[^.!?\n\u3002\u0964]{{0,{REACH}}}?"
#: the verbs and nouns of the languages that put the verb after its object (Turkish,
#: Hungarian, the Indic and Dravidian languages, Persian, Urdu, Japanese, Korean, Burmese,
#: Amharic, Armenian, Georgian, Azerbaijani, Kazakh): only there does the noun come first
#: (the Turkish "previous instructions forget"); in Dutch "de regels van het spel: negeer
#: de eerste kaart" the noun before the verb is not an override
_SOV_VERBS: tuple[str, ...] = (
    "figyelmen kívül", "figyelmen kivul", "felejtsd", "felejtsék", "yok say", "görmezden gel",
    "gormezden gel", "unut", "unutun", "umursama", "نادیده بگیر", "فراموش کن", "نظرانداز",
    "نظر انداز", "بھول جا", "अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल जा", "दुर्लक्ष", "विसरा",
    "बेवास्ता", "बिर्स", "উপেক্ষা", "ভুলে যা", "অগ্রাহ্য", "புறக்கணி", "மறந்து", "மற",
    "విస్మరించ", "మర్చిపో", "అవగణించ", "ನಿರ್ಲಕ್ಷಿಸ", "ಮರೆತು", "അവഗണിക്ക", "മറക്ക", "અવગણ",
    "ભૂલી જા", "ਨਜ਼ਰਅੰਦਾਜ਼", "ਅਣਡਿੱਠ", "ਭੁੱਲ ਜਾ", "නොසලකා", "අමතක", "無視", "忘れ", "무시",
    "잊어", "ကျော်", "မေ့", "ችላ", "անտեսիր", "մոռացիր", "უგულებელყავი", "დაივიწყე",
    "nəzərə alma", "елеме", "ұмыт", "ahaztu",
)
_SOV_NOUNS: tuple[str, ...] = (
    "utasítás", "utasitas", "szabály", "szabaly", "talimat", "yönerge", "yonerge", "kural",
    "komut", "دستورالعمل", "دستورات", "قوانین", "ہدایات", "قواعد", "निर्देश", "नियम", "सूचना",
    "নির্দেশ", "নিয়ম", "அறிவுறுத்தல்", "வழிமுறை", "கட்டளை", "விதிகள", "సూచన", "నియమా",
    "ಸೂಚನೆ", "ನಿಯಮ", "നിർദ്ദേശ", "നിയമ", "સૂચના", "નિયમ", "ਹਦਾਇਤ", "ਨਿਯਮ", "උපදෙස්",
    "නීති", "指示", "命令", "ルール", "지시", "지침", "명령", "규칙", "ညွှန်ကြား", "መመሪያ",
    "հրահանգ", "ინსტრუქცი", "təlimat", "нұсқау", "jarraibide", "argibide", "arau", "agindu",
)
# (wave 17) the languages and romanisations the first table left out (:mod:`.overrides_world`)
_VERBS += world.VERBS
_NOUNS += world.NOUNS
_SOV_VERBS += world.SOV_VERBS
_SOV_NOUNS += world.SOV_NOUNS
# (wave 18) Africa, South Asia, Persian, Kurdish, Uyghur, Tibetan, Mongolian, the Caucasus,
# the Baltic and Balkan, Celtic, Pacific and Indigenous American languages (:mod:`.world_words`)
_VERBS += world18.VERBS
_NOUNS += world18.NOUNS
_SOV_VERBS += world18.SOV_VERBS
_SOV_NOUNS += world18.SOV_NOUNS
_V = _alternation(_VERBS, stems=False)
_N = _alternation(_NOUNS, stems=True)
#: (wave 17) a mixed-language override: an English verb before a noun of another script
#: ("ignore 之前的所有指令", "forget सभी निर्देश")
_OTHER_SCRIPT_NOUNS = tuple(n for n in (*_NOUNS, *_SOV_NOUNS)
                            if not unicodedata.name(_spelled(n)[0], "").startswith("LATIN"))
PATTERN = (rf"(?:{_V}){_GAP}(?:{_N})|"
           rf"(?:{_alternation(_SOV_NOUNS, stems=True)}){_GAP}"
           rf"(?:{_alternation(_SOV_VERBS, stems=False)})|"
           rf"(?:{_alternation(world.ROMAN_NOUNS, stems=True)}){_GAP}"
           rf"(?:{_alternation(world.ROMAN_VERBS, stems=False)})|"
           rf"(?:{_alternation(world.MIXED_VERBS, stems=False)}){_GAP}"
           rf"(?:{_alternation(_OTHER_SCRIPT_NOUNS, stems=True)})")

#: the verbs as the screen spells them: every match of :data:`PATTERN` holds one (the
#: needles that open it, :mod:`.injection`)
#: (and, for the mixed-language branch, its noun of another script: English "ignore" alone
#: would open the pattern on most notes)
VERBS = _all_spellings((*_VERBS, *_SOV_VERBS, *world.ROMAN_VERBS, *_OTHER_SCRIPT_NOUNS))
