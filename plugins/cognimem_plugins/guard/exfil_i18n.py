""""Send the passwords to this address" in the world's most used languages (wave 15).

The English exfiltration marker (:mod:`.injection`'s ``exfiltration_link``: a verb that
sends, a secret, an outside address) has its counterpart here, as :mod:`.overrides_i18n`
has the override's: a verb that sends, uploads, forwards or shares (the imperative, both
numbers where they differ) within a clause's reach of a noun for a secret (passwords, keys,
tokens, credentials, secrets, environment variables, the chat history), in about forty
languages, written from their dictionaries, not from any evaluation text, and an outside
address (a URL, an e-mail address, a host name) in the same sentence.

English words are left out (the English marker reads them; "token" and "password" are
borrowed by several languages and kept only as nouns, beside a non-English verb). Each word
is spelled as :mod:`.normalise` reads text (case folded, look-alike letters turned Latin).
"""

from __future__ import annotations

from . import world_words as world18
from .overrides_i18n import _all_spellings, _alternation

#: verbs that send, in the imperative
_VERBS: tuple[str, ...] = (
    # Spanish, Portuguese, Italian, Catalan, Romanian, French
    "envía", "envia", "envíe", "enviad", "envíen", "manda", "mande", "mandad", "reenvía",
    "reenvia", "sube", "suba", "comparte", "comparta", "publica", "filtra", "exporta",
    "envie", "enviem", "encaminhe", "encaminha", "carregue", "compartilhe", "partilhe",
    "publique", "exporte", "invia", "inviate", "mandate", "inoltra", "inoltrate", "carica",
    "caricate", "condividi", "pubblica", "esporta", "envieu", "comparteix", "puja",
    "trimite", "trimiteți", "trimiteti", "încarcă", "incarca", "distribuie", "publică",
    "envoie", "envoyez", "transfère", "transférez", "transfere", "téléverse", "téléversez",
    "partage", "partagez", "publie", "publiez", "exportez",
    # German, Dutch, Scandinavian
    "sende", "sendet", "senden sie", "schicke", "schick", "schickt", "schicken sie",
    "leite weiter", "lade hoch", "laden sie hoch", "teile", "veröffentliche", "exportiere",
    "übermittle", "übermittel", "stuur", "verstuur", "zend", "deel", "publiceer",
    "exporteer", "skicka", "ladda upp", "publicera", "exportera", "vidarebefordra",
    "videresend", "last opp", "indsend",
    # Slavic
    "wyślij", "wyślijcie", "prześlij", "prześlijcie", "udostępnij", "opublikuj", "wgraj",
    "pošli", "pošlete", "odešli", "odešlete", "nahraj", "sdílej", "zveřejni", "odošli",
    "zdieľaj", "pošlji", "pošljite", "naloži", "pošalji", "pošaljite", "proslijedi",
    "prosledi", "пошаљи", "отправь", "отправьте", "пошли", "пришли", "пришлите", "перешли",
    "перешлите", "загрузи", "загрузите", "опубликуй", "выложи", "надішли", "надішліть",
    "відправ", "відправте", "завантаж", "опублікуй", "изпрати", "изпратете", "качи",
    "сподели", "публикувай",
    # Baltic, Finnish, Estonian, Hungarian
    "išsiųsk", "išsiųskite", "siųsk", "siųskite", "persiųsk", "įkelk", "pasidalink",
    "paskelbk", "nosūti", "nosūtiet", "sūti", "augšupielādē", "kopīgo", "publicē", "saada",
    "saatke", "laadi üles", "avalda", "lähetä", "lähettäkää", "välitä eteenpäin", "lataa",
    "julkaise", "küldd el", "küldje el", "küldd", "töltsd fel", "oszd meg", "tedd közzé",
    "továbbítsd",
    # Greek, Turkish, Hebrew, Arabic, Persian
    "στείλε", "στείλτε", "ανέβασε", "μοιράσου", "δημοσίευσε", "προώθησε", "gönder",
    "gönderin", "gonder", "yolla", "yükle", "paylaş", "yayınla", "ilet", "שלח", "שלחו",  # noqa: RUF001
    "העלה", "שתף", "أرسل", "ارسل", "ارفع", "شارك", "انشر", "بفرست", "ارسال کن",
    "آپلود کن",
    # Indic, South-East and East Asian, Swahili
    "भेजो", "भेजें", "भेज दो", "अपलोड करो", "साझा करो", "পাঠাও", "পাঠান", "kirim",
    "kirimkan", "hantar", "unggah", "muat naik", "bagikan", "kongsi", "teruskan", "gửi",
    "tải lên", "chia sẻ", "ipadala", "ibahagi", "tuma", "pakia", "shiriki", "发送", "发到",
    "发给", "上传", "转发", "發送", "上傳", "轉發", "寄给", "送信", "送って", "送れ",
    "アップロード", "転送", "보내", "전송", "업로드",
)

#: nouns for secrets, with their inflections (stems where they vary)
_NOUNS: tuple[str, ...] = (
    "contraseña", "claves", "credenciales", "secretos", "variables de entorno", "historial",
    "senha", "chaves", "credenciais", "segredos", "variáveis de ambiente", "chiavi",
    "credenziali", "segreti", "variabili d'ambiente", "cronologia", "mot de passe",
    "mots de passe", "clés", "identifiants", "variables d'environnement", "historique",
    "parola", "parolele", "cheile", "credențial", "acreditări", "secrete", "passwort",
    "passwörter", "kennw", "schlüssel", "zugangsdaten", "anmeldedaten", "geheimnisse",
    "umgebungsvariablen", "chatverlauf", "wachtwoord", "sleutel", "inloggegevens",
    "geheimen", "omgevingsvariabelen", "lösenord", "nycklar", "nyckel",
    "inloggningsuppgifter", "hemligheter", "miljövariabler", "adgangskode", "passord",
    "nøgle", "nøkkel", "hemmelighe", "hasł", "hasło", "klucz", "dane logowania",
    "poświadcze", "sekret", "zmienne środowiskowe", "hesl", "heslo", "klíč", "kľúč",
    "přihlašovací údaje", "prihlasovacie údaje", "tajemstv", "gesl", "lozink", "ključ",
    "vjerodajnic", "лозинк", "кључ", "парол", "ключ", "токен", "учётные данные",
    "учетные данные", "секрет", "переменные окружения", "облікові дані", "паролі",
    "идентификационни данни", "slaptažod", "raktą", "raktus", "raktai",
    "prisijungimo duomen", "paroli",
    "paroles", "atslēg", "pieteikšanās dat", "parool", "salasõna", "võtme", "võti",
    "salasan", "avaime", "avain", "tunnukse", "tunnistetie", "jelsz", "kulcs",
    "hitelesítő adat", "κωδικ", "κλειδ", "διαπιστευτήρι", "şifre", "sifre", "parolalar",
    "anahtar", "kimlik bilgi", "סיסמ", "מפתח", "كلمة المرور", "كلمات المرور", "المفاتيح",
    "مفتاح", "بيانات الاعتماد", "رمز عبور", "کلید", "پسورد", "पासवर्ड", "कुंजी",
    "क्रेडेंशियल", "পাসওয়ার্ড", "kata sandi", "kata laluan", "kunci", "kredensial",
    "rahasia", "mật khẩu", "khóa", "khoá", "thông tin đăng nhập", "nenosiri", "funguo",
    "密码", "密碼", "密钥", "密鑰", "令牌", "凭据", "憑證", "聊天记录", "环境变量",
    "パスワード", "認証情報", "トークン", "環境変数", "秘密鍵", "비밀번호", "암호", "토큰",
    "자격 증명", "환경 변수",
)

#: an outside address: a URL, an e-mail address, a host name
_ADDRESS = (r"(?:https?://|[\w.+\-]+@[\w\-]+\.[a-z]{2,}|\b[\w\-]+\.(?:com|net|io|org|xyz|ru|"
            r"site|co|dev|app|info|biz|me|cc|top|link)\b)")

# (wave 18) the verbs and secrets of the languages of :mod:`.world_words`
_VERBS += world18.SEND
_NOUNS += world18.SECRET

REACH = 60
_GAP = rf"[^.!?\n\u3002\u0964]{{0,{REACH}}}?"
_FAR = r"[^.!?\n\u3002\u0964]{0,150}?"
_V = _alternation(_VERBS, stems=False)
_N = _alternation(_NOUNS, stems=True)
_PAIR = rf"(?:(?:{_V}){_GAP}(?:{_N})|(?:{_N}){_GAP}(?:{_V}))"
#: the pair, then the address in the same sentence (or the address, then the pair: a
#: language that puts the verb last names the address first)
#: (wave 18) or the address between them: a verb-last language names the secret, then where
#: it goes, then the verb ("sab passwords x.example par bhej do", "全部密码 x.io ...")
PATTERN = (rf"{_PAIR}{_FAR}{_ADDRESS}|{_ADDRESS}{_FAR}{_PAIR}|"
           rf"(?:{_N}){_GAP}{_ADDRESS}{_GAP}{world18.NOT_BEFORE}(?:{_V})")

#: the nouns as the screen spells them: every match of :data:`PATTERN` holds one (the
#: needles that open it: rarer in English text than the verbs)
NOUNS = _all_spellings(_NOUNS)
#: and one of these (an address's mark), tested after a noun is found
ADDRESS_MARKS = ("http", "@", ".com", ".net", ".io", ".org", ".xyz", ".ru", ".site", ".co",
                 ".dev", ".app", ".info", ".biz", ".me", ".cc", ".top", ".link")
