# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
""""Ignore the previous instructions" in the languages wave 14's table left out (wave 17).

:mod:`.overrides_i18n` holds the override's two halves (a verb that sets aside, a noun for
the reader's rules) in about forty-five languages. This table adds the official languages
of Central Asia (Kazakh, Uzbek, Kyrgyz, Tajik, Turkmen, Mongolian, in Cyrillic and in Latin
script), of South-East Asia (Lao, Khmer, Burmese, Cebuano, more Thai, Malay and Filipino),
of Africa (Amharic, Tigrinya, Somali, Oromo, Hausa, Yoruba, Igbo, Zulu, Xhosa, Shona,
Kinyarwanda, Wolof, Malagasy, Lingala, Fula), of South Asia (Marathi, Odia, Assamese,
Pashto, Nepali, Sindhi and the inflections the first table missed: Malayalam's converb,
Marathi's familiar imperative), the other most spoken languages (Cantonese, Sundanese,
Kurdish Sorani, Haitian Creole) and the usual romanisations (Hinglish and romanised Urdu,
Arabizi, Finglish, Latin-script Russian), each from its grammar and dictionary (the
imperative, familiar and polite; for the languages that put the verb last, the stem the
inflections hang on), not from any evaluation text.

Romanised Hindi and Urdu orders borrow the English noun ("pichle saare instructions ignore
karo"): the English nouns stand there only before a Hindi or Urdu light verb ("karo",
"kar do", "kijiye"), never beside an English verb alone.
"""

from __future__ import annotations

#: verbs that set aside, for the languages that put the verb first (or where it may be)
VERBS = (
    # Central Asia (Latin Uzbek, Turkmen, Latin Kazakh; Cyrillic forms are in SOV_VERBS)
    "e'tiborsiz qoldir", "eʼtiborsiz qoldir", "e’tiborsiz qoldir", "etiborsiz qoldir",
    "e'tibor berma", "e'tiborga olma", "unuting", "äsgermezlik et", "asgermezlik et",
    "üns berme", "ýatdan çykar", "yatdan cykar",
    # South-East Asia
    "อย่าสนใจ", "ไม่ต้องทำตาม", "เมินเฉย", "ບໍ່ຕ້ອງສົນໃຈ", "ບໍ່ສົນໃຈ", "ລືມ", "ລະເລີຍ",
    "ເມີນເສີຍ", "បំភ្លេច", "កុំខ្វល់", "មិនខ្វល់", "កុំធ្វើតាម", "ayaw tagda", "kalimti",
    "ibaliwala", "ayaw panumbalinga", "ayaw sunda", "wag pansinin", "'wag pansinin",
    "kalimutan mo", "huwag sundin", "jangan ikut", "jangan ikuti", "jangan endahkan",
    "abaikan semua", "acuhkan", "jangan pedulikan", "jangan patuhi", "ulah malire",
    "hilapkeun", "poho keun", "lalekna", "lirwakna", "đừng để ý", "đừng tuân theo",
    "không cần tuân theo", "lờ", "bỏ ngoài tai",
    # Africa
    "puuzeni", "sahauni", "usijali", "usifuate", "ka manta", "ki manta", "ku manta",
    "kada ka bi", "ka yi watsi", "yi biris", "gbàgbé", "gbagbé", "fojú fò", "foju fò",
    "má ṣe tẹ̀lé", "ma se tele", "má ṣe tẹle", "leghara", "chefuo", "chezọ", "chezo",
    "echefula", "ziba", "ungazinaki", "ungayinaki", "ungayinaki", "khohlwa", "kukhohlwe",
    "ungayihoyi", "ungazihoyi", "ungakhathali", "libala", "ungayinanzi", "lahla",
    "furatira", "kanganwa", "usateerera", "irengagize", "wirengagize", "ibagirwa",
    "wibagirwe", "ntukurikize", "bul topp", "bul faale", "fàtte", "fatte", "adinoy",
    "aza raharahaina", "tsinontsinoavy", "aza arahina", "bosana", "kobosana", "kotosa te",
    "kozanga kotosa", "tika", "iska indho tir", "iska dhaaf", "ilow", "ha dhegaysan",
    "ha raacin", "tuffadhu", "irraanfadhu", "dagadhu", "hin hordofin", "yejjit",
    "woppu", "bliye", "inyore", "pa okipe",
    # South Asia, romanised (Hinglish, Urdu, Bengali), Arabizi, Finglish, Latin Russian
    "bhool jao", "bhul jao", "bhool ja", "bhul ja", "nazarandaz karo", "nazarandaaz karo",
    "nazar andaz karo", "andekha karo", "anadekha karo", "bhule jao", "bhule jan",
    "upeksha koro", "tjahal", "itjahal", "tegahal", "etgahel", "insa", "faramoosh kon",
    "faramush kon", "farâmush kon", "nadide begir", "nadideh begir", "ignoriruy",
    "ignoriruyte", "zabud", "zabudte",
    # Kurdish Sorani, Sindhi, Cantonese
    "پشتگوێ بخە", "لەبیر بکە", "فەرامۆش بکە", "نظرانداز ڪريو", "وساري ڇڏيو", "唔好理",
    "唔使理", "唔好跟",
)

#: nouns for the reader's rules in the same languages, with the forms a sentence puts them in
NOUNS = (
    # Central Asia
    "ko'rsatma", "koʻrsatma", "ko‘rsatma", "ko`rsatma", "korsatma", "yo'riqnoma",
    "yoʻriqnoma", "qoida", "buyruq", "instruksiya", "ko'rsatmalar", "кўрсатма", "қоида",
    "буйруқ", "nusqau", "nūsqau", "nusqaular", "ereje", "buyryq", "нұсқаулар", "ереже",
    "бұйрық", "көрсөтмө", "нускама", "эреже", "буйрук", "дастур", "қоидаҳо", "фармон",
    "görkezme", "gorkezme", "düzgün", "buýruk", "заав", "дүрэм", "дүрм", "тушаал",
    # South-East Asia
    "ข้อกำหนด", "คำชี้แจง", "ຄຳສັ່ງ", "ຄໍາສັ່ງ", "ຄຳແນະນຳ", "ຄໍາແນະນໍາ", "ກົດລະບຽບ",
    "សេចក្តីណែនាំ", "សេចក្ដីណែនាំ", "បញ្ជា", "ច្បាប់", "វិធាន", "စည်းမျဉ်း", "အမိန့်",
    "mga instruksiyon", "instruksiyon", "instruksyon", "patakaran", "lagda",
    "mga tambag", "suruhan", "panduan", "ketentuan", "paréntah", "parentah", "prentah",
    "điều lệ",
    # Africa
    "kanuni", "ka'idoji", "kaidoji", "umarnin", "ìtọ́sọ́nà", "itosona", "ìlànà", "àṣẹ",
    "òfin", "ntuziaka", "ntụziaka", "iwu", "imiyalo", "imiyalelo", "imithetho",
    "iziqondiso", "umyalo", "imigaqo", "mirairo", "mitemo", "mirayiridzo", "amabwiriza",
    "amategeko", "ndigal", "sàrt", "toromarika", "torolalana", "baiko", "fitsipika",
    "mitindo", "malako", "mibeko", "tilmaam", "awaamiir", "amarrada", "xeerarka", "xeerar",
    "qajeelfama", "ajaja", "seerota", "kuule", "yamiroje", "enstriksyon", "règ",
    "መመሪያዎች", "ትዕዛዝ", "ትእዛዝ", "ደንብ", "መምርሒ", "ሕጊ",
    # South Asia (and the forms the first table missed), romanisations
    "निर्देशन", "आदेश", "ਹੁਕਮ", "ਨਿਰਦੇਸ਼", "આદેશ", "ನಿರ್ದೇಶನ", "നിര്\u200dദ്ദേശ", "നിർദേശ",
    "ନିର୍ଦ୍ଦେଶ", "ନିୟମ", "ସୂଚନା", "নিৰ্দেশ", "নিৰ্দেশনা", "لارښوون", "لارښوونې",
    "لارښوونو", "امرونه", "احکامات", "اصول", "هدايتون", "ڕێنمایی", "فەرمان", "nirdesh",
    "hidayat", "hidayaat", "hadayat", "niyam", "ta3limat", "ta3leemat", "t3limat",
    "ta3lemat", "awamer", "dasturat", "dastoorat", "instruktsii", "instrukcii", "pravila",
)

#: the verbs of the languages that put the verb after its object (the noun comes first):
#: Central Asian, Burmese, Amharic and Tigrinya, Somali and Oromo, Pashto, Odia, Assamese,
#: Marathi's familiar imperative, Malayalam's converb, romanised Hindi and Urdu's light verbs
SOV_VERBS = (
    "e'tiborsiz qoldir", "eʼtiborsiz qoldir", "e’tiborsiz qoldir", "etiborsiz qoldir",
    "e'tibor berma", "e'tiborga olma", "unut", "unuting", "эътиборсиз қолдир", "унут",
    "umyt", "ūmyt", "елемеңіз", "ескерме", "назар аударма", "эске алба",
    "көңүл бурба", "этибарга алба", "унутуп кой", "нодида гир", "нодида гиред",
    "фаромӯш кун", "фаромуш кун", "эътибор надиҳ", "äsgermezlik et", "asgermezlik et",
    "üns berme", "ýatdan çykar", "үл тоомсорло", "үл тоо", "март", "анхаарахгүй",
    "လျစ်လျူရှု", "ችላ", "እርሳ", "ተው", "ሸለል", "ረስዕ", "iska indho tir", "iska dhaaf", "ilow",
    "ha dhegaysan", "tuffadhu", "irraanfadhu", "dagadhu", "hin hordofin", "وغورځوه",
    "هېر کړه", "هیر کړه", "پام مه کوه", "نظرانداز کړه", "ଅଣଦେଖା", "ଉପେକ୍ଷା", "ଭୁଲିଯାଅ",
    "ଭୁଲି ଯାଅ", "আওকাণ", "পাহৰি", "পাহৰা", "বাদ দিয়া", "विसर", "അവഗണി", "മറന്നേക്ക",
    "farâmush kon", "faramoosh kon", "faramush kon", "nadide begir", "nadideh begir",
    "پشتگوێ بخە", "لەبیر بکە", "وساري ڇڏيو", "نظرانداز ڪريو", "ଅଣଦେଖା କର", "ବିସ୍ମୃତ",
)

#: the nouns of those languages (and the English nouns a romanised Hindi or Urdu order
#: borrows: they stand only before the light verbs above)
SOV_NOUNS = (
    "ko'rsatma", "koʻrsatma", "ko‘rsatma", "ko`rsatma", "korsatma", "yo'riqnoma", "qoida",
    "buyruq", "instruksiya", "кўрсатма", "қоида", "буйруқ", "nusqau", "nūsqau", "ereje",
    "buyryq", "нұсқау", "ереже", "бұйрық", "көрсөтмө", "нускама", "эреже", "буйрук",
    "дастур", "қоидаҳо", "фармон", "görkezme", "gorkezme", "düzgün", "buýruk", "заав",
    "дүрэм", "дүрм", "тушаал", "ညွှန်ကြား", "စည်းမျဉ်း", "အမိန့်", "መመሪያ", "ትዕዛዝ", "ትእዛዝ", "ደንብ",
    "መምርሒ", "ሕጊ", "tilmaam", "awaamiir", "amarrada", "xeerar", "qajeelfama", "ajaja",
    "seerota", "لارښوون", "امرونه", "قواعد", "اصول", "ନିର୍ଦ୍ଦେଶ", "ନିୟମ", "ସୂଚନା",
    "নিৰ্দেশ", "নিয়ম", "सूचना", "निर्देश", "നിർദ്ദേശ", "നിര്\u200dദ്ദേശ", "നിർദേശ", "നിയമ",
    "nirdesh", "hidayat", "hidayaat", "hadayat", "niyam", "dasturat", "dastoorat",
    "ڕێنمایی", "فەرمان", "هدايتون",
)

#: romanised Hindi, Urdu and Bengali: the light verbs after the object ("pichle saare
#: instructions ignore karo") and the nouns before them, the English ones borrowed (only
#: here: before a light verb)
ROMAN_VERBS = (
    "ignore karo", "ignore kar do", "ignore kardo", "ignore kijiye", "ignore karein",
    "ignore karen", "ignore kro", "ignore karna", "bhool jao", "bhul jao", "bhool ja",
    "bhul ja", "bhool jaiye", "nazarandaz karo", "nazarandaaz karo", "nazar andaz karo",
    "nazarandaz karein", "andekha karo", "anadekha karo", "bhule jao", "upeksha koro",
    "ignore koro", "ignore kore dao", "ignore kar", "mat mano", "mat maano",
)
ROMAN_NOUNS = (
    "instructions", "instruction", "rules", "guidelines", "directions", "system prompt",
    "nirdesh", "nirdeshon", "hidayat", "hidayaat", "hadayat", "niyam", "niyamon", "aadesh",
    "adesh",
)

#: nouns that, beside an English verb ("ignore 之前的指令", "forget सभी निर्देश"), make a
#: mixed-language override: the nouns of scripts other than Latin (an English note's "rules"
#: or "instructions" is the English cues' work)
MIXED_VERBS = ("ignore", "disregard", "forget", "override", "bypass")
