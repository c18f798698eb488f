# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""An order to an AI reader in the Caucasian, Baltic, Balkan, Celtic, Pacific and Indigenous
American languages (wave 18).

Georgian, Armenian, Azerbaijani; Lithuanian, Latvian; Albanian, Macedonian, Serbian,
Croatian, Bosnian, Montenegrin, Slovenian, Bulgarian, Romanian, Greek; Welsh, Irish,
Scottish Gaelic, Breton; Maori, Samoan, Tongan, Hawaiian, Fijian, Tok Pisin, Bislama;
Quechua, Aymara, Guarani, Nahuatl, Haitian Creole: each language's imperative (familiar
and polite, the negative order), its words for the instructions, the password, the key,
the helper, written from its grammar and dictionary, not from any evaluation text. Read by
:mod:`.world_words`.
"""

from __future__ import annotations

#: (Georgian, Armenian, Azerbaijani: the verb first or last)
_CAUCASUS_VERBS = (
    "უგულებელყავი", "უგულებელყავით", "დაივიწყე", "დაივიწყეთ", "ნუ მიჰყვები", "ნუ შეასრულებ",
    "ნუ დაემორჩილები", "անտեսիր", "անտեսեք", "մոռացիր", "մոռացեք", "մի հետևիր",
    "մի հետեւիր", "մի կատարիր", "göz ardı et", "göz ardı edin", "məhəl qoyma",
    "məhəl qoymayın", "unudun", "nəzərə almayın", "əməl etmə", "əməl etməyin",
)

VERBS = (
    *_CAUCASUS_VERBS,
    # Baltic
    "ignoruok", "ignoruokite", "pamiršk", "pamirškite", "pamirsk", "nepaisyk", "nepaisykite",
    "nesivadovauk", "nesivadovaukite", "nevykdyk", "ignorē", "ignorējiet", "aizmirsti",
    "aizmirstiet", "neņem vērā", "neņemiet vērā", "nesekojiet", "neievēro",
    "neievērojiet",
    # Balkan
    "injoro", "injoroni", "harro", "harroni", "mos i ndiq", "mos i zbato", "shpërfill",
    "shperfill", "игнорирај", "игнорирајте", "заборави", "заборавете", "не ги следи",
    "не ги почитувај", "ignoriraj", "ignorirajte", "ignoriši", "ignorišite", "zanemari",
    "zanemarite", "zaboravi", "zaboravite", "ne slijedi", "ne slušaj", "игнориши",
    "занемари", "prezri", "prezrite", "pozabi", "pozabite", "ne upoštevaj", "игнорирай",
    "игнорирайте", "забрави", "забравете", "не следвай", "ignoră", "ignorați", "uită",
    "uitați", "nu respecta", "αγνόησε", "αγνοήστε", "ξέχασε", "ξεχάστε", "μην ακολουθείς",
    # Celtic
    "anwybydda", "anwybyddwch", "anghofia", "anghofiwch", "paid â dilyn", "peidiwch â dilyn",
    "paid a dilyn", "déan neamhaird", "dean neamhaird", "ná bac le", "na bac le",
    "déan dearmad ar", "ná lean", "leig seachad", "dìochuimhnich", "diochuimhnich",
    "na lean", "ankounac'haat", "disoñjal", "na sent ket",
    # Pacific
    "waiho", "kaua e whai", "kaua e aro", "warewarehia", "aua le amanaia", "faagalo",
    "fa'agalo", "tukunoa'i", "fakangalo'i", "mai nānā", "mai nana", "poina", "kua ni muria",
    "guilecava", "lusim tingting", "no ken bihainim", "no ken harim",
    # Americas
    "qunqay", "qunqapuy", "ama kasuychu", "ama uyariychu", "armasim", "jan ist'amti",
    "ehesarái", "ehesarai", "ani rehendu", "ani rejapo", "xiquilcahua", "amo xictlacamati",
    "bliye", "inyore", "pa swiv", "pa obeyi",
)

_CAUCASUS_NOUNS = (
    "ინსტრუქციები", "ინსტრუქცია", "მითითებები", "წესები", "ბრძანებები", "հրահանգները",
    "հրահանգ", "կանոնները", "ցուցումները", "təlimatlar", "təlimat", "göstərişlər",
    "qaydalar", "əmrlər", "կանոն", "ցուցում", "ინსტრუქცი", "მითითებ", "წეს",
)

NOUNS = (
    *_CAUCASUS_NOUNS, "instrukcijas", "instrukcijos", "instrukcijų", "nurodymus",
    "nurodymai", "taisykles", "komandas", "norādījumus", "norādījumi", "norādes",
    "noteikumus", "udhëzimet", "udhezimet", "udhëzime", "rregullat", "urdhrat", "komandat",
    "инструкциите", "упатствата", "правилата", "наредбите", "upute", "uputstva",
    "instrukcije", "pravila", "naredbe", "упутства", "инструкције", "navodila", "navodil",
    "инструкциите си", "указанията", "instrucțiunile", "instructiunile", "regulile",
    "οδηγίες", "κανόνες", "εντολές", "cyfarwyddiadau", "cyfarwyddyd", "rheolau",
    "gorchmynion", "treoracha", "treoir", "rialacha", "orduithe", "stiùiridhean",
    "stiuiridhean", "riaghailtean", "òrdughan", "kemennadurioù", "reolennoù", "tohutohu",
    "ngā tohutohu", "nga tohutohu", "fa'atonuga", "faatonuga", "tulafono", "fakahinohino",
    "kuhikuhi", "ivakaro", "ol tok bilong", "ol instraksen", "kamachikuykuna",
    "kamachiykuna", "kamachinaka", "tembiapoukapy", "mba'e oje'éva", "tlanahuatilli",
    "enstriksyon", "enstriksyon yo", "règ yo",
    # the stems the inflections hang on
    "ინსტრუქცი", "მითითებ", "instrukcij", "nurodym", "taisykl", "norādījum", "noteikum",
    "udhëzim", "udhezim", "rregull", "упатств", "наредб", "инструкци", "uput", "naredb",
    "cyfarwyddiad", "navodil",
)

#: the languages that put the verb last, or often do (Georgian, Armenian, Azerbaijani,
#: Quechua, Aymara): their verbs and nouns again, the noun first
SOV_VERBS = (*_CAUCASUS_VERBS, "qunqay", "qunqapuy", "ama kasuychu", "ama uyariychu", "armasim",
             "jan ist'amti")
SOV_NOUNS = (*_CAUCASUS_NOUNS, "kamachikuykuna", "kamachiykuna", "kamachinaka")

SEND = (
    "გაგზავნე", "გაგზავნეთ", "გადააგზავნე", "ატვირთე", "გაუზიარე", "ուղարկիր", "ուղարկեք",
    "վերբեռնիր", "փոխանցիր", "göndər", "göndərin", "yüklə", "paylaş", "išsiųskite",
    "nusiųsk", "persiųsk", "įkelk", "pasidalink", "nosūtiet", "pārsūti", "augšupielādē",
    "kopīgo", "dërgo", "dergo", "dërgoni", "ngarko", "përcill", "испрати", "испратете",
    "прикачи", "препрати", "pošaljite", "proslijedi", "prosledi", "проследи", "učitaj",
    "pošljite", "изпратете", "препрати", "trimiteți-le", "încarcă", "στείλε", "ανέβασε",
    "anfona", "anfonwch", "uwchlwytha", "seol", "seolaigí", "uaslódáil", "cuir gu",
    "tukuna", "tukua", "tukuatu", "auina atu", "fekau'i", "ho'ouna", "hoʻouna", "vakauta",
    "salim i go", "apachiy", "kachay", "apayam", "emondo", "pemondo", "voye",
    "voye bay",
)

SECRET = (
    "პაროლი", "პაროლები", "გასაღები", "ტოკენი", "գաղտնաբառ", "գաղտնաբառերը",
    "բանալի", "բանալիները", "թոքեն", "parolları", "şifrə", "şifrələr", "açarları", "açar",
    "slaptažodį", "slaptažodžius", "raktą", "raktus", "žetoną", "paroli", "paroles",
    "atslēgu", "atslēgas", "fjalëkalim", "fjalekalim", "fjalëkalimet", "çelës", "çelësin",
    "çelësat", "celesin", "лозинка", "лозинките", "лозинку", "клучот", "клучеви", "lozinku",
    "lozinke", "šifru", "ključeve", "кључ", "кључеве", "geslo", "gesla", "паролата",
    "паролите", "parolele", "κωδικούς", "κλειδιά", "cyfrinair", "cyfrineiriau", "allweddi",
    "pasfhocal", "pasfhocail", "eochracha", "facal-faire", "ger-tremen", "kupuhipa",
    "kupu huna", "upu fa'alilolilo", "upu faalilolilo", "lea fufū", "ʻōlelo huna",
    "olelo huna", "vosa vuni", "pasword", "pakasqa simi", "yaykuna simi", "imantat aru",
    "ñe'ẽñemi", "ñe'ẽ ñemi", "modpas",
)

DELETE = (
    "წაშალე", "წაშალეთ", "ջնջիր", "ջնջեք", "silin", "ištrinkite", "pašalink", "izdzēsiet",
    "dzēs", "fshi", "fshini", "избриши", "избришете", "obriši", "obrišite", "izbriši",
    "обриши", "izbrišite", "изтрийте", "șterge", "ștergeți", "sterge", "διαγράψτε",
    "dilëwch", "dilea", "scrios", "sguab às", "mukua", "whakakorea", "tape'ese", "rausim",
    "pichay", "emboguete", "efase",
)

REVEAL = (
    "აჩვენე", "გამოაჩინე", "დაბეჭდე", "ցույց տուր", "բացահայտիր", "göstər", "açıqla",
    "parodyk", "atskleisk", "parādi", "atklāj", "izdrukā", "shfaq", "trego", "zbulo",
    "прикажи", "откриј", "испечати", "prikaži", "otkrij", "ispiši", "прикажи", "razkrij",
    "izpiši", "afișează", "dezvăluie", "dangos", "dangoswch", "datgela", "taispeáin",
    "nocht", "seall", "whakaaturia", "fa'aali", "fakahā", "hō'ike", "vakaraitaka",
    "soim", "rikuchiy", "ehechauka", "montre",
)

SECRECY = (
    "არ უთხრა მომხმარებელს", "მომხმარებელს არ უთხრა", "մի ասա օգտատիրոջը", "istifadəçiyə demə",
    "istifadəçiyə bildirmə", "nesakyk naudotojui", "nepranešk naudotojui",
    "nesakyk vartotojui", "nesaki lietotājam", "neinformē lietotāju",
    "mos i thuaj përdoruesit", "mos i thuaj perdoruesit", "mos e përmend",
    "не кажувај", "не му кажувај", "не спомнувај", "ne govori korisniku",
    "nemoj reći korisniku", "nemoj to spominjati", "ne reci korisniku",
    "не говори кориснику", "ne povej uporabniku", "o tem ne govori",
    "не казвай на потребителя", "nu-i spune utilizatorului", "nu spune utilizatorului",
    "μην το πεις στον χρήστη", "paid â dweud wrth y defnyddiwr", "ná hinis don úsáideoir",
    "kaua e korero ki te kaiwhakamahi", "aua e ta'u i le tagata", "no ken tokim",
    "ama willaychu", "ani emombe'u", "pa di itilizatè a", "pa di itilizate a",
)

HELPERS = (
    "ასისტენტო", "ასისტენტი", "დამხმარე", "օգնական", "köməkçi", "asistente", "pagalbininke",
    "asistentui", "agentui", "palīgs", "asistentam", "aģentam", "asistentit", "ndihmës",
    "ndihmes", "асистенту", "помошнику", "помошник", "агентот", "asistentu", "pomoćniče",
    "pomočniku", "помощнико", "asistentule", "cynorthwyydd", "cúntóir", "cuntoir",
    "cuidiche", "skoazeller", "kaiāwhina", "kaiawhina", "fesoasoani", "tokoni", "kōkua",
    "dauveivuke", "halivim", "yanapaq", "yanapakuq", "yanapiri", "pytyvõhára", "pytyvohara",
    "tlapalehuiani", "asistan",
)
