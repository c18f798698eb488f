# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""An order to an AI reader in the languages of Africa that earlier tables left thin (wave 18).

Each language's imperative (familiar and polite or plural where they differ, the negative
order "do not follow / do not listen to"), its words for the instructions, the password,
the key and the helper, written from its grammar and dictionary (Swahili, Amharic,
Tigrinya, Somali, Oromo, Hausa, Yoruba with and without its tones, Igbo, Zulu, Xhosa,
Afrikaans, Shona, Kinyarwanda, Kirundi, Luganda, Wolof, Fula, Malagasy, Lingala, Twi/Akan,
Sesotho, Setswana, Sepedi, Chichewa, Tsonga, Venda, Swati, Ndebele, Kikuyu, Luo, Bemba,
Tumbuka, Tigre, Kanuri, Ewe, Fon, Bambara), not from any evaluation text. The tables are
read by :mod:`.world_words` into the override marker (:mod:`.overrides_i18n`), the
exfiltration marker (:mod:`.exfil_i18n`) and the act cues (:mod:`.acts_i18n`).
"""

from __future__ import annotations

#: a verb that sets aside, where it comes before the instructions
VERBS = (
    # Swahili
    "puuza", "puuzia", "puuzieni", "sahau", "usizingatie", "msizingatie", "usitii",
    "msifuate", "achana na", "acheni",
    # Amharic (romanised), Tigrinya
    "chla bel", "chila bel",
    # Hausa
    "yi watsi da", "ku yi watsi", "ki yi watsi", "manta da", "kar ka bi", "kar ki bi",
    "kada ki bi", "kada ku bi",
    # Yoruba, Igbo
    "pa tì", "má tẹ̀lé", "ma tele", "kọ̀ sílẹ̀", "ko sile", "fojú fo", "foju fo",
    "leghara anya", "hapụ", "esola", "esòla",
    # Zulu, Xhosa, Swati, Ndebele
    "ungayilaleli", "ungazilaleli", "ningazilaleli", "ningazinaki", "ungazilandeli",
    "ungayilandeli", "shaya indiva", "ungazithobeli", "ungayithobeli", "ningazihoyi",
    "libala", "ungakunaki",
    # Afrikaans
    "ignoreer", "negeer", "vergeet", "moenie volg", "moet nie volg",
    # Shona, Kinyarwanda, Kirundi, Luganda
    "regedza", "usatevera", "musatevedza", "musateerera", "ntukurikize", "ntukurikire",
    "ntukumvire", "ntimukurikize", "ntwumvirize", "ntukumvirize", "ibagira", "wibagire",
    "buusa amaaso", "tofaayo", "temufaayo", "togoberera", "temugoberera", "erabira",
    # Wolof, Fula, Bambara
    "bul déglu", "bul deglu", "baayi", "bàyyi", "woto heɗito", "woto heddito", "woto jokku",
    "yejju", "kana lamɛn", "kana lamen", "ɲinɛ", "nyine",
    # Malagasy, Lingala
    "aza henoina", "aza ekena", "hadino", "kolanda te", "koyoka te", "bwaka",
    # Twi / Akan, Ewe
    "bu w'ani gu", "bu wani gu", "werɛ mfi", "were mfi", "mma nni akyi",
    "ŋlɔ be", "mègaɖo to o",
    # Sesotho, Setswana, Sepedi
    "o se ke wa mamela", "le se ke la mamela", "o se ke wa latela", "hlokomoloha",
    "o se ka wa reetsa", "le se ka la reetsa", "o se ka wa latela", "tlhokomologa",
    "o se ke wa theeletša", "o se ke wa theeletsa", "hlokomologa", "lebale", "lebalang",
    # Chichewa, Bemba, Tumbuka
    "musamvere", "usamvere", "nyalanyaza", "nyalanyazani", "musatsatire", "usatsatire",
    "iwalani", "welakonkapo", "wilakonka", "lekeni",
    # Tsonga, Venda, Kikuyu, Luo
    "u nga yingisi", "honisa", "rivala", "ni songo thetshelesa", "hangwa", "ndũkarũmĩrĩre",
    "ndukarumirire",
)

#: the instructions, rules, orders (with the forms a sentence puts them in)
NOUNS = (
    # Swahili
    "maelekezo", "maagizo", "miongozo", "mwongozo", "amri", "maelezo ya mfumo",
    # Hausa, Yoruba, Igbo
    "umarni", "umarnai", "dokoki", "dokokin", "ìtọ́ni", "itoni", "àwọn àṣẹ", "awon ase",
    "àwọn ìtọ́sọ́nà", "ntụziaka", "ụkpụrụ", "ukpuru", "iwu niile",
    # Southern Bantu
    "imiyalelo", "imiyalo", "imiyalezo", "izikhombisi", "imithetho", "imigaqo",
    "instruksies", "opdragte", "reëls", "riglyne", "ditaelo", "taelo", "melao",
    "melawana", "malangizo", "malamulo", "ndondomeko", "swiletelo", "milawu",
    "ndaela", "milayo", "tinkhombandlela", "imiyalelo yakho",
    # Great Lakes
    "amabwiriza", "amabwirizwa", "amategeko", "ebiragiro", "ekiragiro", "amateeka",
    "ebiragiro by'omukozesa", "mirairo", "mirayiro", "mitemo",
    # West Africa, Sahel
    "ndigal", "ndigali", "yamiroore", "yamirooje", "sariyaw", "cikanw", "akwankyerɛ",
    "akwankyere", "ahyɛdeɛ", "ahyede", "mmara", "mɔnufiafiawo", "sededewo",
    # Malagasy, Lingala, Kikuyu, Luo
    "toromarika", "torolalana", "baiko", "fitsipika", "malako", "mibeko", "mitindo",
    "mawatho", "ũtaaro", "puonj",
    # Horn of Africa (romanised)
    "mememriya", "memriyawoch", "tizaz", "tilmaamaha", "tilmaamo", "qajeelfamoota",
    "ajajoota",
)

#: the verbs and nouns of the languages that put the verb last (Amharic, Tigrinya, Somali,
#: Oromo, Tigre, Kanuri)
SOV_VERBS = (
    "ችላ በል", "ችላ በሉ", "ችላ በይ", "እርሱ", "አትከተል", "አትከተሉ", "አትስማ", "ተዉ", "ሕደጎ", "ሕደግ",
    "ሕደጉ", "ግደፍ", "ግደፉ", "ረስዑ", "ኣይትስዓብ", "ዕሽሽ በል", "iska indho tira", "ha raacina",
    "ka tag", "illow", "ha dhegeysan", "irraanfadhaa", "tuffadhaa", "hin hordofinaa",
    "hin dhaggeeffatin",
)
SOV_NOUNS = (
    "መመሪያዎች", "መመሪያዎቹን", "መመሪያ", "ትዕዛዞች", "ትዕዛዞቹን", "ትእዛዛት", "ትእዛዞች", "ደንቦች",
    "መምርሒታት", "ሕግታት", "tilmaamaha", "tilmaamo", "amarrada", "xeerarka", "qajeelfama",
    "qajeelfamoota", "ajaja", "ajajoota", "seerota",
)

#: send, upload, forward, share (imperative)
SEND = (
    # Swahili, Horn of Africa
    "tumeni", "peleka", "pelekeni", "sambaza", "wasilisha", "ipakie", "ላኩ", "ላኪው", "አስተላልፍ",
    "ስቀል", "ስደዱ", "ለኣኽ", "ልኣኹ", "soo gudbi", "dirso", "ergaa", "dabarsi", "olkaa'i",
    # West Africa
    "ka aika", "ki aika", "ku aika", "ka tura", "ku tura", "fi ránṣẹ́ sí", "fi ranse si",
    "zigara", "bulite", "neldu", "neldee", "nelde", "yónnéel", "yonneel", "de kɔ",
    "ɖo ɖe",
    # Southern and Central Africa
    "thumela", "thumelani", "gqithisela", "stuur", "stuur aan", "laai op", "tumira",
    "tumirai", "kwidza", "ohereza", "mwohereze", "rungika", "urungike", "murungike",
    "weereza", "muweereze", "sindika", "romela", "romelang", "romelela", "tumiza",
    "tumizani", "tumizira", "tinda", "tindá", "tinda yango", "rhumela", "rumela", "tuma",
    "tumeni kwa", "tũma",
    # Malagasy
    "alefaso", "andefaso", "ampitao", "zarao",
)

#: passwords, keys, tokens, secrets
SECRET = (
    "nenosiri", "manenosiri", "nywila", "ufunguo wa api", "tokeni", "ምስጢራዊ ቃል", "ምስጢራዊ ቃላት",
    "መሕለፊ ቃል", "የይለፍ ቃላት", "የይለፍ ቃሉን", "ቁልፎች", "ቁልፊ", "yeyilef qal", "yeyilef kal",
    "furaha sirta", "ereyada sirta", "erayada sirta", "jechoota icciitii", "jecha darbii",
    "kalmar wucewa", "kalmomin wucewa", "ọ̀rọ̀ ìpamọ́", "oro ipamo", "ọ̀rọ̀ aṣínà", "okwu nzuzo",
    "okwuntughe", "amaphasiwedi", "iphasiwedi", "amagama ayimfihlo", "igama eliyimfihlo",
    "igama lokugqitha", "amagama okugqitha", "izitshixo", "wagwoorde", "wagwoord",
    "mapasiwedhi", "pasiwedhi", "ijambo ry'ibanga", "amagambo y'ibanga",
    "amajambo y'ibanga", "ijambo banga", "ebigambo by'ekyama", "ekigambo ky'ekyama",
    "ebisumuluzo", "ppaasiwaadi", "baatu jàll", "baatu jall", "baatu kumpa", "helme suuɗiiɗe",
    "teny miafina", "tenimiafina", "fanalahidy", "maloba ya sekele",
    "liloba ya sekele", "ahintasɛm", "ahintasem", "nsafoa", "diphasewete", "phasewete",
    "lefoko la sephiri", "mafoko a sephiri", "senotlolo", "dinotlolo", "selotlolo",
    "mawu achinsinsi", "achinsinsi", "mawu obisika", "maphasiwedi", "marito ya xihundla",
    "maipfi a tshiphiri", "nyagbe ɣaɣla", "daɲɛ gundo",
)

#: delete, wipe (imperative)
DELETE = (
    "futa", "futeni", "ondoa", "ሰርዝ", "አጥፋ", "ደምስስ", "ኣጥፍእ", "tirtir", "masax", "haqi",
    "balleessi", "goge", "ka goge", "pa rẹ́", "parẹ́", "hichapụ", "hichapu", "kpochapụ",
    "susa", "sula", "vee uit", "verwyder", "skrap", "dzima", "bvisa", "siba",
    "usibe", "sangula", "jjamu", "dindi", "momtu", "fafao", "esory", "longola", "pepa",
    "hlakola", "phimola", "fufuta", "chotsa", "chotsani", "sula yonke",
)

#: show, print, reveal (imperative)
REVEAL = (
    "onyesha", "fichua", "chapisha", "አሳይ", "ግለጽ", "ኣርኢ", "soo bandhig", "daabac",
    "mul'isi", "bayyana", "ṣàfihàn", "safihan", "gosi", "gosipụta", "bonisa", "veza",
    "dalula", "wys", "openbaar", "ratidza", "erekana", "garagaza", "laga", "yolesa",
    "wone", "hollu", "avoahy", "asehoy", "lakisa", "monisa", "kyerɛ", "da no adi",
    "bontsha", "senola", "bontšha", "onetsa", "onetsani",
)

#: keep it from the user (the negative order with the user, or "say nothing")
SECRECY = (
    "usimwambie mtumiaji", "msimwambie mtumiaji", "usimjulishe mtumiaji", "ለተጠቃሚው አትንገር",
    "ለተጠቃሚው አትናገር", "ንተጠቃሚ ኣይትንገር", "ha u sheegin isticmaalaha", "kar ka gaya wa",
    "kada ka sanar da", "má sọ fún olùlò", "ma so fun olulo", "agwala onye ọrụ",
    "ungamtsheli umsebenzisi", "musa ukutshela umsebenzisi", "moenie die gebruiker vertel",
    "moenie vir die gebruiker sê", "usaudza mushandisi", "ntubwire ukoresha",
    "ntubibwire", "tobuulira mukozesa", "bul ko wax jëfandikukat", "aza lazainao ny mpampiasa",
    "koyebisa mosaleli te", "nnka nkyerɛ", "o se ke wa bolella mosebedisi",
    "o se ka wa bolelela modirisi", "usamuuze", "musamuuze", "osamuwuza",
)

#: the helper, the assistant, the agent (the names an order calls its reader by)
HELPERS = (
    "msaidizi", "ረዳት", "ሓጋዚ", "kaaliye", "caawiye", "gargaaraa", "gargaartuu", "mataimaki",
    "mai taimako", "olùrànlọ́wọ́", "oluranlowo", "onye enyemaka", "onye inyeaka", "umsizi",
    "umncedisi", "mubatsiri", "umufasha", "omuyambi", "ndimbal", "ballotooɗo", "ballotoodo",
    "dɛmɛbaga", "demebaga", "mpanampy", "mosungi", "mosalisi", "ɔboafo", "oboafo",
    "mothusi", "mothuši", "mothusi wa", "wothandizira", "wothandiza", "mthandizi",
    "mupfuneti", "muthusi", "mũteithia", "jakony", "kavawanga", "kafwa",
    "kpeɖeŋutɔ", "assistent",
)
