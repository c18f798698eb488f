# ruff: noqa: RUF001, RUF002  (dictionary words of other scripts: their letters are meant)
"""An order to an AI reader in the languages wave 18's tables still left out (wave 19).

The minority languages of the Caucasus (Armenian written in Latin letters, Azerbaijani in
Cyrillic, Chechen, Ingush, Lezgian, Kabardian, Abkhaz, Ossetian), of the Baltic and the
Balkans (Latgalian, Aromanian, Kashubian), the Celtic languages' other forms (Scottish
Gaelic, Welsh and its mutations, Breton, Cornish), the Pacific (Tongan, Tahitian,
Chamorro), Indigenous America (Aymara, Guarani, Yucatec Maya, Cherokee, Inuktitut,
Greenlandic, Mapudungun, K'iche'), Central and West Asia (Turkmen, Uyghur in Arabic and
Latin letters, Tatar, Bashkir and Crimean Tatar in Latin letters, Kyrgyz, Tajik and
Mongolian romanised, Pashto and Kurdish, Kurmanji and Sorani in Latin letters), the
romanisations of Amharic, Tigrinya, Burmese, Khmer, Lao, Tibetan (Wylie) and the Indic
languages (Bengali, Marathi, Gujarati, Punjabi, Malayalam, Kannada), and more of Africa
(Oromo, Luganda, Swahili, Wolof, Hausa, Ewe, Bambara, Kinyarwanda): each language's
imperative (familiar and polite, the converb a verb-last language chains with "and"), its
words for the instructions, the password, the key, the helper, written from its grammar and
dictionary (Wiktionary's entries and conjugation tables, the languages' localisation
glossaries), not from any evaluation text. Read by :mod:`.world_words`.

The spellings a text may use for one word (with or without its diacritics, the glottal
stop written ``ʻ``, ``ʼ``, ``'`` or left out, the Caucasian palochka written ``Ӏ``, ``I``,
``l`` or ``1``) are :func:`.overrides_i18n._spellings`' work, not listed here.
"""

from __future__ import annotations

#: verbs that set aside (verb first, or where it may be)
VERBS = (
    # Caucasus: Armenian in Latin letters, Azerbaijani in Cyrillic, Chechen, Ingush,
    # Lezgian, Kabardian, Abkhaz, Ossetian, Georgian's polite forms
    "anteser", "antesir", "antesek", "moracir", "moratsir", "moracek", "moratsek",
    "mi hetevir", "мәһәл гојма", "мәһәл гојмајын", "нәзәрә алма", "нәзәрә алмајын",
    "унудун", "йиц де", "йиц йе", "йицйе", "тидам ма лаца", "диц де", "дицде",
    "рикӀелай алудна", "рикӀелай алуд", "фикир гумир", "щыгъупщэ", "щывгъэгъупщэ",
    "ухашҭ", "бхашҭ", "шәхашҭ", "ферох кӕн", "ферох кӕнут", "ма сӕм хъус",
    # Baltic and Balkan minorities: Latgalian, Aromanian, Kashubian
    "ignorej", "ignorejit", "aizmierst", "aizmiersti", "nasekoj", "agãrshi", "agarshi",
    "agãrshits", "agiuta", "ignorã", "ignora", "zabôczë", "zabôczta", "zabocze",
    "ignorëjë", "ignorujta",
    # Celtic: Scottish Gaelic, Welsh (its forms after "and"), Breton, Cornish
    "na toir feart air", "na toiribh feart air", "dìochuimhnichibh", "leigibh seachad",
    "anwybyddu", "anghofio", "ankouait", "ankouaït", "na zougit ket", "ankevewgh",

    # Pacific: Tongan, Tahitian, Chamorro
    "ʻoua ʻe tokanga ki", "ʻoua ʻe muimui", "ʻoua ʻe talangofua", "tukunoaʻi",
    "eiaha e haapao", "ʻeiaha e haʻapaʻo", "eiaha e pee", "e haamoe", "a haamoe",
    "cha un tattiyi", "cha un osgi", "malefa", "na'malefa", "cha un atan",
    # Americas: Aymara, Guarani, Yucatec Maya, Cherokee, Inuktitut, Greenlandic,
    # Mapudungun, K'iche', Navajo
    "armt'am", "jan yäqamti", "ani rehendu", "ehesaráike", "tuʼubs", "tu'ubs",
    "tuʼubsej", "maʼ a chʼaʼik", "ᏞᏍᏗ", "ᐳᐃᒍᕐᓗᒋᑦ", "ᐳᐃᒍᕐᓗᒍ", "ᐃᒋᑦᑎᒋᑦ",
    "sumiginnakkit", "sumiginnaruk", "puigukkit", "puigoruk", "ngoyünge", "ngoyüfinge",
    "chamestaj", "chamestaʼ", "mixmestaj", "mat xa tatabʼej",
    # Central and West Asia, romanised and in Latin letters
    "äsgerme", "asgerme", "ýatdan çykaryň", "unutuň", "nezerge alma", "perwa qilma",
    "untup", "onıt", "onıtıp", "onyt", "iğtibarğa alma", "igtibarga alma", "onot", "unut",
    "nodida gir", "nodida giring", "faromush kun", "ul toomsorlo", "ul toomsorloj",
    "orkhi", "hera kra", "here kra", "hir kra", "pam ma kawa", "nazar andaz kra",
    "paşguh bike", "pasguh bike", "ji bîr bike", "ji bir bike", "guh nede",
    "piştguê bixe", "piştguê bxe", "pishtgwe bixe", "pishtguy bixe", "le bîr bike",
    "lebir bike", "lebir bka",
    # Amharic, Tigrinya, Burmese, Khmer, Lao, Thai, Tibetan romanised
    "chila bel", "chila belu", "irsa", "irsu", "tetekamika hideg", "hidegom",
    "lyit-lyu shu", "lyit lyu shu", "kom aeu pue", "kom ae pue", "som min ae pue",
    "bor tong son jai", "bo tong son chai", "hai la loei", "mai tong son jai", "dor nas",
    "brjed",
    # Indic romanised: Bengali, Marathi, Gujarati, Punjabi, Malayalam, Kannada, Maithili
    "upekkha koro", "upeksha kor", "bhule jao", "durlakshit kar", "durlaksha kara",
    "visarun ja", "avgano", "avgani", "bhuli jao", "bhul ja", "andekha kar", "avaganikkuka",
    "avaganikku", "marakkuka", "nirlakshisi", "nirlakshisu", "maretu bidi", "bisari jau",
    "ngaihsak suh", "ngaihsak suh la",
    # Africa: Oromo, Luganda, Swahili, Wolof, Hausa, Ewe, Bambara, Kinyarwanda
    "dagadhuu", "irraanfadhuu", "tuffadhuu", "buuka", "weerabire", "tofaayo", "puuza",
    "sahau", "fàttali", "fattali", "bàyyi", "bayyi", "ka yi watsi da", "manta da",
    "mègaɖo to", "megado to", "ŋlᴐe be", "ŋloe be", "kana baarakɛla", "kana baarakela",
    "irengagiza", "wibagirwa",
)

#: nouns for the reader's rules (with the forms a sentence puts them in; stems where the
#: endings vary)
NOUNS = (
    # Caucasus
    "hrahangner", "hrahangnery", "hrahangnere", "hrahang", "kanonner", "cucumner",
    "tsutsumner", "тәлиматлар", "тәлимат", "ҝөстәриш", "гајдалар", "әмрләр", "тӀедахкарш",
    "тӀедахкар", "хьехамаш", "бакъонаш", "омранаш", "тӀехьажамаш", "тӀехьажам",
    "тӀалабунар", "тӀалабун", "буйругъар", "къайдаяр", "унафэхэр", "унафэ", "хабзэхэр",
    "арҿиамҭақәа", "анапхгарақәа", "арԥҟарақәа", "амындтытӕ", "амындтӕ", "уагътӕ",
    "ბრძანება", "წესი",
    # Baltic and Balkan minorities
    "instrukcejis", "instrukcejas", "instrukceja", "nūsacejumi", "instrucțiunili",
    "instructsiunili", "instrucţiunili", "urdinji", "instrukcëje", "przëkazë", "reguły",
    # Celtic
    "stiùireadh", "stiuireadh", "stiùiridhean", "àitheantan", "aitheantan",
    "gyfarwyddiadau", "nghyfarwyddiadau", "chyfarwyddiadau", "gyfarwyddyd", "reolau",
    "kemennoù", "urzhioù", "reolennou", "gerioù-kemenn", "kommendyansow", "rewlys",
    # Pacific
    "ngaahi fakahinohino", "tuʻutuʻuni", "faaueraa", "mau faaueraa", "faʻaueraʻa", "ture",
    "finañågu", "finanagu", "areklamento", "instruksion",
    # Americas
    "yatichäwinak", "yatichawinak", "yatichäwi", "kamachinak", "mboʻe", "mbo'epy",
    "ñemboʻe", "tembiapoukapy", "tsʼíib", "ts'iib", "aʼalmajtʼaan", "almajt'aan", "ᏗᏕᏲᏗ",
    "ᏗᎧᎿᏩᏛᏍᏗ", "ᑐᑭᓕᐅᒻᒪᑎᑦ", "ᒪᓕᒐᐃᑦ", "ᐊᑐᐊᒐᐃᑦ", "ilitsersuutit", "ilitsersuut",
    "malittarisassat", "peqqussutit", "ngülam", "nglam", "pixabʼ", "pixab'",
    "pixab", "taqanik", "bee ádaatʼéhígíí", "bee adaat'ehigii",
    # Central and West Asia
    "görkezmeleri", "görkezmeler", "gorkezmeler", "düzgünler", "buýruklar", "körsetme",
    "korsetme", "körsetmiler", "kürsätmä", "kursatma", "kürhätmä", "kurhatma", "emirler",
    "emirlerini", "korsotmo", "korsotmolor", "dasturho", "dasturhoi", "dasturhaye",
    "zaavar", "zaavryg", "zaavruud", "durem", "tushaal", "larkhowane", "larkhowani",
    "larkhowune", "larkhowuno", "qawaid", "talîmat", "talimat", "rênimayî", "rêwerz",
    "rewerz", "ferman", "rênmayî", "rênmayîyekan", "renmayi", "rênmayiyekan", "yasakan",
    "كۆرسەتمە", "كۆرسەتمىلەر", "كۆرسەتمىلىرى", "بۇيرۇق", "قائىدە",
    # Amharic, Tigrinya, Burmese, Khmer, Lao, Thai, Tibetan romanised
    "memriya", "memriyawoch", "memriyawochn", "tezaz", "t'ezaz", "t'ezazat", "tezazat",
    "mmrhi", "yakhin hnyun-kya-chet", "hnyun kya chet", "hnyun-kya-chet",
    "kar nae noam", "kar naenoam", "kham sang", "kham naenam", "kham nae num",
    "bka' rgya", "bka rgya", "slob ston",
    # Indic romanised
    "nirdesh", "nirdeshona", "suchana", "suchanao", "suchnao", "suchanegalu",
    "suchanegalannu", "nirdeshangal", "nirdeshangalum", "hidaitan", "hidayaten", "thupek",
    # Africa
    "qajeelfama", "qajeelfamoota", "ebiragiro", "ebiragiro bya", "maelekezo", "maagizo",
    "ndigal yi", "ndigali", "umarni", "umarnin", "sedede", "mɔfiamewo", "mofiamewo",
    "amabwiriza", "iziyalezo",
)

#: the verbs of the languages that put the verb after its object (noun first): their
#: converbs and stems
SOV_VERBS = (
    "anteser", "antesir", "moracir", "мәһәл гојма", "нәзәрә алма", "унут", "йиц", "диц",
    "рикӀелай алуд", "щыгъупщэ", "ухашҭ", "ферох кӕн", "armasim", "armt'am", "ᏞᏍᏗ",
    "ᐳᐃᒍᕐᓗᒋᑦ", "ᐃᒋᑦᑎᒋᑦ", "sumiginnakkit", "puigukkit", "ngoyünge", "äsgerme",
    "asgerme", "unut", "onıt", "onyt", "iğtibarğa alma", "onot", "nodida gir", "ul toomsor",
    "hera kra", "here kra", "hir kra", "paşguh bike", "pasguh bike", "piştguê bixe",
    "pishtgwe bixe", "nezerge alma", "perwa qilma", "نەزەرگە ئالما", "پەرۋا قىلما",
    "ئۇنتۇ", "chila bel", "tetekamika hideg", "lyit-lyu shu", "lyit lyu shu", "dor nas",
    "upekkha koro", "durlakshit kar", "avgano", "bhul ja", "avaganikk", "nirlakshis",
    "bisari jau", "ngaihsak suh", "dagadhu", "irraanfadhu", "buuka", "ziba", "hideg",
)
SOV_NOUNS = (
    "hrahangner", "тәлимат", "тӀедахкарш", "тӀехьажам", "тӀалабун", "унафэ",
    "арҿиамҭақәа", "амындтытӕ", "yatichäwinak", "yatichawinak", "ᏗᏕᏲᏗ", "ᑐᑭᓕᐅᒻᒪᑎᑦ",
    "ilitsersuutit", "ngülam", "görkezme", "gorkezme", "körsetme", "kürsätmä", "kürhätmä",
    "emirler", "korsotmo", "dasturho", "dasturhoi", "dasturhaye", "zaavar", "zaavryg",
    "larkhowane", "larkhowani", "talîmat", "rênmayî", "kar nae noam", "hnyun-kya-chet",
    "hnyun kya chet", "bka' rgya", "memriyawoch", "t'ezazat", "tezazat", "nirdesh",
    "suchana", "suchna", "nirdeshangal", "suchanegal", "hidaitan", "thupek", "qajeelfama",
    "ebiragiro", "كۆرسەتمە", "كۆرسەتمىل", "iziyalezo",
)

#: verbs that send, upload or forward (the imperative, both numbers)
SEND = (
    "ugharkir", "ugharkek", "uġarkir", "ҝөндәр", "ҝөндәрин", "јолла", "дахьийта",
    "дӀадахьийта", "дӀадахьа", "ракъура", "ракъурун", "хуэгъакӀуэ", "гъакӀуэ", "ишьҭ",
    "иарышьҭ", "арвит", "арвитут", "ატვირთეთ", "nūsyuti", "nusyuti", "nūsyutit", "syuti",
    "pitreați", "pitreaţi", "pitreats", "pitreatsã", "pitreacã", "wëslë", "wëslëta",
    "wesle", "pòslë", "cuiribh", "cuir air adhart", "anfon", "lanlwytha",
    "lanlwythwch", "lanlwytho", "kasit", "danvon", "danvonewgh", "fekau", "ʻave",
    "ʻave ki", "hapono", "a hapono", "e hapono", "na'hånao", "na'hanao", "nahånao", "tågo'",
    "apayaña", "khitam", "emondo", "pemondo", "túuxt", "tuuxt", "túuxtej", "ᐊᐅᓪᓚᑎᑦ",
    "ᐊᐅᓪᓚᖅᑎᑦ", "nassiukkit", "nassiuguk", "nassiussiuk", "werküllge", "werkülge",
    "werkun", "chatakaʼ", "chataqaʼ", "chataqa", "iber", "iberiň", "ugrat", "ugradyň",
    "يوللا", "ئەۋەت", "يوللاڭ", "yolla", "ewet", "cibär", "cibar", "ebär", "ebar", "yiber",
    "jiber", "jönöt", "firist", "bifirist", "ilgee", "yavuul", "wlega", "wlegai", "wleg",
    "wastawa", "واستوه", "ولېږه", "ولیږه", "bişîne", "bisine", "bişînin", "bnêre",
    "bnere", "bineře", "lak", "laki", "sded", "peik pa", "phnhae", "phnae",
    "skur", "patha", "pathao", "pathav", "pathiye dao", "mokalo", "mokli do",
    "bhej", "bhej din", "ayakkuka", "ayakku", "kalisi", "kalisu", "thawn", "thawn rawh",
    "dai thai", "ergi", "ergaa", "weereza", "tuma", "tumeni", "yónnee", "yonnee",
    "yónne", "aika", "ka aika", "ɖo", "ohereza", "mwohereze",
)

#: nouns for secrets (stems where the endings vary)
SECRET = (
    "gaghtnabar", "gaghtnabary", "banali", "banalinery", "banalinere", "ачар", "ачарлар",
    "парол", "шифрә", "догӀа", "догӀанаш", "дӀоагӀа", "куьлег", "куьлегар", "ӀункӀыбзэ",
    "ацаԥха", "ацаԥхақәа", "ажәамаӡа", "дӕгъӕл", "дӕгътӕ", "гасаღები", "გასაღებები",
    "პაროლები", "atslāgys", "atslāga", "atslāgu", "parolis", "cheile", "cheili", "cheia",
    "parola", "klucze", "klëcze", "hasło", "parolë", "iuchraichean", "iuchair",
    "faclan-faire", "allwedd", "gyfrinair", "nghyfrinair", "chyfrinair", "gyfrineiriau",
    "alc'hwez", "alc'hwezioù", "gerioù-tremen", "alhwedh", "alhwedhow", "ger-tremena",
    "ngaahi kī", "taviri", "mau taviri", "parau huna", "llabe", "llabi", "kontraseña",
    "llave", "llavenak", "llaveʼob", "llaves", "ñeʻẽñemi", "ᏗᏓᏍᏚᏗ", "ᐱᖁᑎᑦ", "kiilit",
    "kiili", "isissutissaq", "isissutissat", "açarlar", "açarlary", "parollar", "parollary",
    "gizlin söz", "پارول", "ئاچقۇچ", "مەخپىي نومۇر", "achquch", "sersüz", "sersüzlär",
    "sersuz", "parol", "paroldär", "paroldar", "kalid", "nuuts ug", "tulkhuur", "пټنوم",
    "پټنوم", "پاسورډ", "کیلي", "patnum", "patnumuna", "pasward", "şîfre", "sifre",
    "şîfreyan", "kilît", "kilit", "wşey nhênî", "wishey nheni", "kilîl", "qalochun",
    "yemistir qal", "passwordgal", "passwordgalannu",
    "jecha ekwa", "fayiro", "ebigambo by'ekyama", "nenosiri", "sersüzlärne",
    "samngat", "khukki", "gsang tshig",
)

#: verbs that delete, wipe or switch off
DELETE = (
    "ջնջիր", "ջնջեք", "дӀадаккха", "дӀаяккха", "тӀуьхуьн", "ӀэщӀэх", "аныхь",
    "dzēs", "sguab às", "dilea", "dilëa", "dileu", "dilewch", "diverkañ", "diverkit",
    "tamateʻi", "tamateʼi", "haamou", "na'suhåye", "ejuka", "p'ajs", "ᎠᏛᏗᏍᏗ",
    "peeruk", "peerukkit", "nakümün", "chasachʼ", "öçür", "öçüriň", "poz", "pozuň",
    "ئۆچۈر", "ئۆچۈرۈڭ", "öçer", "ustga", "ustgah", "ustga", "ړنګ کړه", "پاک کړه",
    "بند کړه", "band kra", "jê bibe", "jêbibe", "bisrewe", "bsrewe", "buuta",
    "deleeta", "futa", "goge", "gusiba", "siba", "cufi", "haqi",
)

#: verbs that show or print
REVEAL = (
    "tsuyc tur", "ҝөстәр", "гайта", "къалура", "гъэлъагъуэ", "ирба", "равдис",
    "parōdi", "arată", "pukazë", "seall", "dangosa", "diskouez", "fakahā", "faaite",
    "na'annok", "uñacht'aya", "ehechauka", "e'esej", "takutiguk", "takutikkit", "pengelge",
    "kʼutu", "görkez", "görkeziň", "كۆرسەت", "körset", "kürsät", "kürhät", "harua",
    "neesh", "نندارې ته وړاندې کړه", "nîşan bide", "nishan bide", "pishan bide", "asay",
    "agarsisa", "laga", "yerekenen", "kwerekana",
)

#: the negative order that keeps a thing from the user
SECRECY = (
    "heb ddweud wrth neb", "paid â dweud wrth neb", "peidiwch â dweud wrth neb",
    "na innis do dhuine sam bith", "na innis dha duine", "arafer ar tkva", "არაფერი თქვა",
    "ნურავის ეტყვი", "heç kimə demə", "һеч кимә демә", "цхьанне а ма ала",
    "nu lji spune a vãrnu", "nikòmu nie gadôj", "ʻoua ʻe talaange ki ha taha",
    "eiaha e faaite", "cha un sångan", "ani emombeʼu avavépe", "ma' a waʼalik",
    "ᏞᏍᏗ ᏯᏃᎮᎳ", "kimulluunniit oqaluttuutinagu", "hech kimga aytma", "hiç kime aýtma",
    "hic kime aytma", "hiç kimgä äytmä", "berkesge de äytmä", "چاته مه وایه",
    "chata ma waya", "ji kesî re nebêje", "be kes mele", "aytngger", "aytnger",
    "ayitnegrim", "le manem atnegr", "kauke janabe na", "kauke bolo na",
    "konalahi sangu nakos", "koine kahesho nahi", "kisi ko mat batana", "aarodum parayaruthu",
    "yarigu helabedi", "tobuulira muntu yenna", "usimwambie mtu yeyote", "bul ko wax kenn",
    "kada ka gaya wa kowa", "kada ka fada wa kowa", "mègagblɔe na ame aɖeke o",
    "kana a fɔ mɔgɔ si ye", "ntubibwire umuntu", "namaa tokkoof hin himin",
    "eiaha e parau", "na dire nikomu",
)

#: the helper's names
HELPERS = (
    "ognakan", "oknakan", "көмәкчи", "гӀоьнча", "гӀо деш верг", "куьмекчи",
    "дэӀэпыкъуэгъу", "ацхраҩ", "ӕххуысгӕнӕг", "paleigs", "agiutorlu", "pòmòcnik",
    "neach-cuideachaidh", "cynorthwyydd", "gynorthwyydd", "skoazellerez", "gweresor",
    "tokoni", "tauturu", "ayudånte", "ayudante", "yanapir", "pytyvõhára", "áantaj",
    "aantaj", "ᎠᏍᏕᎵᏍᎩ", "ikiortaq", "ikiorti", "kellufe",
    "kömekçi", "kömekçisi", "komekci", "ياردەمچى", "ياردەمچىسى", "yardemchi", "yärdämçe",
    "yardamsı", "yardamsy", "yardımcı", "jardamchy", "yordamchi", "yordamchii", "tuslakh",
    "tuslagch", "marastyal", "marastyala", "مرستیال", "مرستیاله", "alîkar", "alîkarê",
    "alikar", "yarîdeder", "yaridader", "yarmetîder", "redat", "rédat",
    "sohokari",
    "sahayak", "sahaik", "sahaayi", "sahayaka", "gargaaraa", "omuyambi", "msaidizi",
    "msizi", "ndimbal", "mataimaki", "kpeɖeŋutɔ", "kpekpeɖeŋutɔ", "dɛmɛbaga", "demebaga",
    "umufasha", "puitu",
)
