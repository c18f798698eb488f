# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""An order to an AI reader in the languages of Asia that earlier tables left thin (wave 18).

South Asia (Hindi and its polite forms, Bhojpuri, Maithili, Bengali, Urdu, Punjabi in
Gurmukhi and Shahmukhi, Marathi, Konkani, Gujarati, Tamil, Telugu, Kannada, Malayalam,
Sinhala, Nepali, Odia, Assamese, Pashto, Sindhi, Kashmiri, Dhivehi), Persian and Dari,
Kurdish (Kurmanji in Latin, Sorani in Arabic script), Uyghur (Arabic, Latin and Cyrillic
script), Tatar and Bashkir, Tibetan and Dzongkha, Mongolian (Cyrillic and the traditional
script), and in South-East Asia Hmong, Tetum, Javanese, Sundanese and Balinese; with the
romanisations people type (Hinglish, Banglish, Tanglish, Tenglish, romanised Urdu, Nepali,
Pashto and Sindhi, Finglish), each from its grammar and dictionary (the imperative, the
polite and the negative order; the verb-last languages name the object first), not from
any evaluation text. Read by :mod:`.world_words`.
"""

from __future__ import annotations

#: a verb that sets aside, where it may come before the instructions (Kurmanji, Hmong,
#: Tetum, Javanese, the romanised light-verb phrases are in SOV_VERBS)
VERBS = (
    "guh nede", "guh nedin", "guh mede", "ji bîr bike", "ji bir bike", "ji bîr bikin",
    "tsis txhob mloog", "tsis txhob ua raws", "hnov qab", "haluha", "labele tuir",
    "la bele tuir", "keta tuir", "aja digatekke", "aja digubris", "aja dituruti",
    "ulah dipalire", "ulah diturutan", "sampunang ngrunguang", "sampunang nuutin",
    "engsapang",
)
NOUNS = (
    "talîmat", "talimat", "talîmatan", "rêwerz", "rewerz", "rêwerzan", "rêbername",
    "ferman", "fermanên", "qaîde", "cov lus qhia", "lus qhia", "cov lus txib", "kev cai",
    "instrusaun", "regra sira", "pituduh", "pitunjuk", "pranatan", "parentah",
    "aturan",
)

#: the languages that put the verb last: the noun, then the verb
SOV_VERBS = (
    # Kurmanji (the noun first as often as not)
    "guh nede", "guh nedin", "ji bîr bike", "ji bir bike", "ji bîr bikin",
    # Hindi and its polite forms, Bhojpuri, Maithili
    "अनदेखा कीजिए", "अनदेखा करें", "नज़रअंदाज़ करो", "नज़रअंदाज़ करें", "नजरअंदाज करो",
    "नजरअंदाज करें", "नजरअंदाज कीजिए", "भूल जाओ", "भूल जाइए", "भूल जाएं", "मत मानो",
    "मत मानिए", "पालन मत करो", "पालन न करें", "भुला जा", "भुला दीं", "मत मानीं", "मत मान",
    "बिसरि जाउ", "बिसरि जाऊ", "बिसरा दिअ", "नहि मानू", "अनठिया दिअ",
    # Bengali, Assamese
    "উপেক্ষা কর", "উপেক্ষা করো", "উপেক্ষা করুন", "ভুলে যাও", "ভুলে যান", "মেনো না",
    "মানবেন না", "উপেক্ষা কৰা", "আওকাণ কৰা", "পাহৰি যোৱা",
    # Urdu, Shahmukhi, Sindhi, Kashmiri, Pashto
    "نظرانداز کرو", "نظر انداز کرو", "نظرانداز کریں", "نظر انداز کریں", "نظرانداز کیجیے",
    "بھول جاؤ", "بھول جائیں", "مت مانو", "نہ مانیں", "بھل جاؤ", "نه مڃيو", "وساريو", "نظرانداز ڪر",
    "مشت کٔرِو", "له پامه وغورځوه",
    "هېر کړئ", "هیر کړئ", "مه منه", "مه منئ", "په پام کې مه نیسه",
    # Punjabi, Gujarati, Marathi, Konkani
    "ਅਣਡਿੱਠਾ ਕਰੋ", "ਨਜ਼ਰਅੰਦਾਜ਼ ਕਰੋ", "ਭੁੱਲ ਜਾਓ", "ਨਾ ਮੰਨੋ", "ਅਣਗੌਲਿਆ ਕਰੋ", "અવગણો",
    "અવગણના કરો", "ભૂલી જાઓ", "ન માનો", "દુર્લક્ષ કરો", "दुर्लक्ष कर", "दुर्लक्ष करा",
    "विसरून जा", "विसरा", "पाळू नकोस", "पाळू नका", "मानू नका", "दुर्लक्ष कर आनी",
    "विसरून वच", "मानूं नाका",
    # Dravidian, Sinhala
    "புறக்கணி", "புறக்கணிக்கவும்", "புறக்கணியுங்கள்", "மறந்துவிடு", "மறந்து விடு",
    "மறந்துவிடுங்கள்", "பின்பற்ற வேண்டாம்", "విస్మరించు", "విస్మరించండి", "పట్టించుకోకు",
    "పట్టించుకోవద్దు", "మర్చిపో", "మర్చిపోండి", "పాటించవద్దు", "ನಿರ್ಲಕ್ಷಿಸು", "ನಿರ್ಲಕ್ಷಿಸಿ",
    "ಮರೆತುಬಿಡು", "ಮರೆತುಬಿಡಿ", "ಪಾಲಿಸಬೇಡ", "ಪಾಲಿಸಬೇಡಿ", "അവഗണിക്കുക", "അവഗണിക്കൂ",
    "മറക്കുക", "മറന്നേക്കൂ", "പാലിക്കരുത്", "നොසලකා හරින්න", "නොසලකා හරිනු", "අමතක කරන්න",
    "පිළිපදින්න එපා",
    # Nepali, Odia, Dhivehi
    "बेवास्ता गर", "बेवास्ता गर्नुहोस्", "बिर्सनुहोस्", "बिर्सिदेऊ", "बिर्स", "नमान",
    "नमान्नुहोस्", "ଉପେକ୍ଷା କରନ୍ତୁ", "ଭୁଲିଯାଆନ୍ତୁ", "ମାନ ନାହିଁ", "ދޫކޮށްލާ", "ދޫކޮށްލައްވާ",
    "ހަނދާން ނައްތާލާ", "ފަރުވާ ނުލާ", "ތަބާ ނުވޭ",
    # Persian and Dari, Sorani
    "نادیده بگیر", "نادیده بگیرید", "نادیده بگیرین", "نادیده گرفته", "فراموش کن", "فراموش کنید",
    "فراموش کو", "اعتنا نکن", "پیروی نکن", "پیروی نکنید", "اطاعت نکن", "گوێ مەدە",
    "پەیڕەوی مەکە", "فەرامۆش بکە", "لەبیر بکە",
    # Uyghur, Tatar, Bashkir
    "سەل قارا", "ئېتىبارسىز قالدۇر", "ئۇنتۇ", "ئۇنتۇپ كەت", "ئەمەل قىلما", "ئېتىبار بەرمە",
    "untup ket", "etibarsiz qaldur", "унтуп кәт", "оныт", "онытыгыз", "игътибар итмә",
    "игътибарга алма", "исәпкә алма", "онот", "онотоғоҙ", "иғтибарға алма", "иҫәпкә алма",
    # Tibetan, Dzongkha, Mongolian
    "དོར", "སྣང་མེད་བཞག", "སྣང་མེད་གཏོང", "སྣང་མེད་དུ་ཞོག", "བརྗེད", "མ་ཉན", "རྗེས་མ་འབྲང",
    "үл тоомсорлоорой", "үл тоомсорло", "мартаарай", "мартчих", "битгий дага", "дагах хэрэггүй",
    "ᠮᠠᠷᠲᠠ", "ᠦᠯᠦ ᠲᠣᠭᠣᠮᠰᠣᠷᠯᠠ",
    # romanisations (the light verb after the object)
    "ignore kar dijiye", "ignore kariye", "ignore kijiye", "ignore karo na", "bhool jaiye",
    "bhool jaao", "mat maniye", "mat maano", "follow mat karo", "follow na karo",
    "follow mat kijiye", "bhule jaan", "bhule jao", "mene cholo na", "mane na", "upeksha korun",
    "ignore pannu", "ignore pannunga", "maranthudu", "maranthu vidu", "ignore cheyyi",
    "ignore cheyandi", "marchipo", "marchipondi", "bewasta gara", "bewasta garnuhos",
    "birsanuhos", "birsideu", "nazarandaz kayo", "nazarandaz kar", "visari chhadiyo",
    "visari chadyo", "hir kra", "her kra", "hera kra", "nazarandaz kra", "nadide begir",
    "nadide begirid", "faramush kon", "faramoosh kon", "faramush konid",
)
SOV_NOUNS = (
    "talîmat", "talimat", "rêwerz", "rewerz", "rêbername", "ferman",
    # Indic (Devanagari, Bengali-Assamese, Gurmukhi, Gujarati, Odia)
    "निर्देश", "निर्देशों", "निर्देशन", "निर्देशनहरू", "नियमहरू", "नियमों", "नियम", "आदेश",
    "हिदायत", "सूचना", "सूचनाओं", "सुचोवण्यो", "सुचोवणी", "सूचनांक", "निर्देशखौ", "नियमखौ",
    "নির্দেশ", "নির্দেশনা", "নির্দেশাবলী", "নিয়ম", "আদেশ", "নিৰ্দেশ", "নিৰ্দেশনা", "নিয়ম",
    "ਹਦਾਇਤਾਂ", "ਹਦਾਇਤ", "ਨਿਰਦੇਸ਼", "ਹੁਕਮ", "ਨਿਯਮ", "સૂચનાઓ", "સૂચના", "નિર્દેશ", "નિયમો",
    "આદેશ", "ନିର୍ଦ୍ଦେଶ", "ନିୟମ", "ସୂଚନା",
    # Dravidian, Sinhala, Dhivehi
    "அறிவுறுத்தல்", "வழிமுறைகள்", "கட்டளை", "விதிகள்", "సూచనలు", "ఆదేశాలు", "నియమాలు",
    "ಸೂಚನೆಗಳು", "ಸೂಚನೆ", "ನಿರ್ದೇಶನ", "ನಿಯಮ", "ಆದೇಶ", "നിർദ്ദേശങ്ങൾ", "നിർദേശങ്ങൾ",
    "നിയമങ്ങൾ", "ഉത്തരവ്", "උපදෙස්", "නියෝග", "නීති", "රීති", "އިރުޝާދު", "އަމުރު",
    "ގަވާއިދު", "ހިދާޔަތް",
    # Arabic script: Urdu, Punjabi, Sindhi, Kashmiri, Pashto, Persian, Sorani, Uyghur
    "ہدایات", "ہدایت", "ہدایتاں", "احکامات", "قواعد", "اصول", "هدايتون", "هدايتن", "ضابطا",
    "ہدایاتن", "لارښوونې", "لارښوونو", "امرونه", "قوانین", "دستورها", "دستورات",
    "دستورالعمل", "دستور", "رهنمودها", "ڕێنماییەکان", "ڕێنمایی", "فەرمانەکان", "یاساکان",
    "كۆرسەتمىلەر", "كۆرسەتمە", "قائىدىلەر", "بۇيرۇق", "يوليورۇق",
    # Turkic Cyrillic and Latin, Mongolian, Tibetan
    "körsetmiler", "korsetmiler", "körsetme", "qaidiler", "күрсәтмәләр", "күрсәтмә",
    "кагыйдәләр", "боерык", "күрһәтмәләр", "күрһәтмә", "ҡағиҙәләр", "көрсәтмиләр",
    "зааварчилгаа", "заавар", "тушаал", "дүрэм журам", "ᠵᠠᠭᠠᠪᠤᠷᠢ", "ᠲᠤᠰᠢᠶᠠᠯ",
    "བཀའ་བརྡ", "བཀོད་རྒྱ", "ལམ་སྟོན", "སློབ་སྟོན", "བཀའ་རྒྱ", "སྒྲིག་གཞི",
    # romanised (the English nouns are borrowed in these light-verb orders)
    "instructions", "instruction", "rules", "guidelines", "system prompt", "nirdesh",
    "nirdeshon", "nirdeshan", "nirdeshanharu", "hidayat", "hidayaat", "hidayatun",
    "hadayatun", "hadayat", "niyam", "niyom", "adesh", "larkhowane", "larkhowani", "dastoorat",
    "dasturat", "dastur-ha", "dasturha", "vazhimuraigal", "kattalai", "suchanalu",
    "niyamalu",
)

#: send, upload, forward, share
SEND = (
    "भेज दीजिए", "भेज दीं", "भेज द", "पठा दिअ", "पठाउ", "पठा दीं", "धाड", "धाडात", "পাঠিয়ে দিন",
    "পাঠিয়ে দাও", "পঠিওৱা", "ਘੱਲੋ", "ਘੱਲ ਦਿਓ", "ਅਪਲੋਡ ਕਰੋ", "گھلو",
    "گھل دیو", "اپلوڈ کرو", "شیئر کرو", "موڪليو", "موڪل", "موڪلي ڏيو", "سۄزِو", "سوزِو",
    "ولېږئ", "واستوئ", "پورته کړه", "મોકલી આપો", "அனுப்புங்கள்", "பதிவேற்று",
    "అప్‌లోడ్ చేయి", "ಕಳುಹಿಸಿಕೊಡಿ", "അയയ്ക്കുക", "അയക്കൂ", "അയച്ചുകൊടുക്കുക", "එවන්න",
    "පටවන්න", "पठाइदेऊ", "ފޮނުވާ", "ފޮނުވާލާ", "ފޮނުވައިދީ", "ފޮނުއްވާ", "بفرستید",
    "بفرستین", "ارسال کنید", "روان کن", "روان کنید", "آپلود کن", "فوروارد کن",
    "به اشتراک بگذار", "bişîne", "bisine", "bişînin", "bar bike", "parve bike", "بنێرە",
    "بینێرە", "ڕەوانە بکە", "ئەۋەت", "ئەۋەتىڭ", "يوللا", "يۈكلە", "ewet", "ewetin", "әвәт",
    "җибәр", "җибәрегез", "ебәр", "ебәрегеҙ", "སྐུར", "ཐོངས", "གཏང", "བསྐུར", "илгээгээрэй",
    "байршуул", "хуваалц", "ᠢᠯᠡᠭᠡ", "ᠢᠯᠭᠡ", "xa mus", "xa rau", "xa tag nrho", "haruka",
    "haruka ba", "kirimna", "kirimake", "kirimkeun", "kirimang", "pathao", "pathiye dao",
    "anuppu", "anuppunga", "pampu", "pampandi", "pathau", "pathaunuhos", "moklyo",
    "mokal", "wolega", "wlega", "walega", "wastawa", "befrest", "befrestid", "ersal kon",
    "bhej dijiye", "bhejiye", "bhejna", "send karo", "send kar do", "send kijiye",
    "mail karo", "upload kar do", "upload kijiye", "forward kar do",
)

#: passwords, keys, tokens, secrets
SECRET = (
    "संकेतशब्द", "गुप्त शब्द", "किल्ली", "चावी", "कुञ्जी", "साँचो", "पासवर्डखौ", "গোপন শব্দ",
    "ਕੁੰਜੀ", "ਚਾਬੀ", "ਟੋਕਨ", "ચાવી", "ટોકન", "ପାସୱାର୍ଡ", "ଚାବି", "கடவுச்சொற்கள்",
    "டோக்கன்", "తాళం", "టోకెన్", "ಗುಪ್ತಪದ", "ಟೋಕನ್", "രഹസ്യവാക്ക്", "ടോക്കൺ", "මුරපදය",
    "යතුරු", "ටෝකන", "ޕާސްވޯޑް", "ޕާސްވޯޑ", "ސިއްރު ބަސް", "ތަޅުދަނޑި", "پاس ورڈز", "کلید",
    "چابی", "ٹوکن", "پاسورڊ", "ڪنجي", "ٽوڪن", "پاسورډ", "کیلي", "ټوکن", "گذرواژه",
    "رمز عبور", "رمزهای عبور", "کلیدها", "توکن", "şîfre", "şîfreyan", "sifre", "pêborîn",
    "peyva nepenî", "kilît", "وشەی نهێنی", "تێپەڕەوشە", "کلیل", "پاسۆرد", "پارول", "ئاچقۇچ",
    "مەخپىي نومۇر", "achquch", "серсүз", "серсүзләр", "серһүҙ", "серһүҙҙәр", "паролдәр",
    "паролләр", "ачкыч", "асҡыс", "གསང་ཚིག", "གསང་གྲངས", "ལྡེ་མིག", "нууц үгс",
    "ᠨᠢᠭᠤᠴᠠ ᠦᠭᠡ", "lo lus zais", "yuam sij", "liafuan segredu", "kruna sandi",
    "tembung sandhi", "kecap sandi", "kata sandi", "kadavuchol", "ramz", "ramze obur",
    "ramz-e obur", "patnoom", "patnom", "chabi", "kunji", "sanketshabda",
)

DELETE = (
    "मिटा दो", "मिटा दीजिए", "हटा दो", "डिलीट करो", "डिलीट कर दो", "মুছে ফেলো", "মুছে দাও",
    "ডিলিট কর", "মচি পেলোৱা", "ਹਟਾਓ", "ਡਿਲੀਟ ਕਰੋ", "ભૂંસી નાખો", "ડિલીટ કરો", "हटवा", "मिटव",
    "அழி", "நீக்கவும்", "ಅಳಿಸಿಹಾಕು", "ഇല്ലാതാക്കുക", "മായ്ക്കുക", "මකා දමන්න",
    "मेटाउ", "मेटाउनुहोस्", "हटाउनुहोस्", "ବିଲୋପ କରନ୍ତୁ", "ଲିଭାଅ", "ފޮހެލާ", "مٹا دو",
    "حذف کرو", "ڊاهي ڇڏيو", "ختم ڪريو", "ړنګ کړه", "پاک کړه", "حذف کنید", "پاک کنید",
    "jê bibe", "je bibe", "jê bibin", "بسڕەوە", "ئۆچۈر", "ئۆچۈرۈڭ", "öchür", "бетер",
    "юк ит", "སུབ", "བསུབ", "устга", "устгаарай", "rho tawm", "hamoos", "busak",
    "pupus", "mita do", "hata do", "delete karo", "delete kar do", "delete pannu",
)

REVEAL = (
    "दिखा दो", "दिखाइए", "बता दो", "उघड करा", "দেখান", "দেখিয়ে দাও", "ਦਿਖਾਓ", "બતાવો",
    "காட்டவும்", "చూపించండి", "ತೋರಿಸಿ", "കാണിക്കൂ", "පෙන්නන්න", "देखाऊ", "देखाउनुहोस्",
    "ދައްކާ", "دکھا دو", "ڏيکاريو", "وښایه", "نشان بده", "نمایش بده", "چاپ کن", "فاش کن",
    "nîşan bide", "nisan bide", "eşkere bike", "پیشان بدە", "نیشان بدە", "ئاشكارىلا",
    "كۆرسەت", "күрсәт", "күрһәт", "སྟོན", "харуулаарай", "ил гарга", "qhia rau", "hatudu",
    "tuduhna", "dikha do", "dikhaiye", "print karo", "reveal karo", "leak karo",
)

SECRECY = (
    "उपयोगकर्ता को मत बताना", "यूज़र को मत बताना", "यूजर को मत बताओ", "किसी को मत बताना",
    "ব্যবহারকারীকে বলবেন না", "ਵਰਤੋਂਕਾਰ ਨੂੰ ਨਾ ਦੱਸੋ", "વપરાશકર્તાને કહેશો નહીં",
    "वापरकर्त्याला सांगू नका", "பயனரிடம் சொல்லாதே", "వినియోగదారుకు చెప్పకు",
    "ಬಳಕೆದಾರರಿಗೆ ಹೇಳಬೇಡಿ", "ഉപയോക്താവിനോട് പറയരുത്", "පරිශීලකයාට කියන්න එපා",
    "प्रयोगकर्तालाई नभन", "ބޭނުންކުރާ މީހާއަށް ނުބުނޭ", "یوزر کو مت بتانا",
    "کاربر نگو", "به کاربر چیزی نگو", "ji bikarhêner re nebêje", "بە بەکارهێنەر مەڵێ",
    "ئىشلەتكۈچىگە دېمە", "хэрэглэгчид битгий хэл", "user ko mat batana", "user ko mat batao",
    "kisi ko mat batana", "user ke bolo na", "usarukku sollatha",
)

HELPERS = (
    "सहायक जी", "मददगार", "सहायिका", "মদদগার", "সহায়িকা", "ਮਦਦਗਾਰ", "મદદનીશ", "मदत्नीस",
    "உதவியாளரே", "సహాయకా", "ಸಹಾಯಕರೇ", "സഹായീ", "සහායකය", "सहयोगी", "ଏଆଇ ସହାୟକ",
    "މުސާޢިދު", "އެހީތެރިޔާ", "އެހީތެރި", "مددگار", "مَددگار", "مدتگار", "مرستیال",
    "ملاتړی", "مددگاري", "دستیار", "یاریدەدەر", "یارمەتیدەر", "alîkar",
    "alîkarê", "alîkara", "arîkar", "arîkarê", "alikar", "alikare",
    "ياردەمچى", "yardemchi", "ярдәмчи", "ярдәмче", "ярҙамсы", "རོགས་རམ་པ",
    "ལས་རོགས", "རོགས་པ", "туслах", "ᠲᠤᠰᠠᠯᠠᠭᠴᠢ", "tus pab", "tus pab cuam", "ajudante",
    "asistente", "pambiyantu", "pangrencang", "pitulung", "sahayak", "madadgar",
    "sahayak ji", "udhaviyalar", "sahayakudu", "marastyal", "dastyar",
)
