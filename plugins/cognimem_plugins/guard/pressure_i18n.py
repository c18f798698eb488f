# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""An order to an AI reader in another language: the reader named (an AI assistant, agent,
model or bot), a colon or a comma, then an imperative that acts (delete, send, transfer,
pay, approve, disable, give, tell) in the same sentence (wave 16, :mod:`.pressure`).

The words are dictionary words of about forty languages (the imperative, familiar and
polite, of each verb; the usual names of an AI assistant), not taken from any evaluation
text, spelled as the screen reads text (:func:`.normalise.normalise`, ``folded``).
"""

from __future__ import annotations

from .normalise import normalise
from .overrides_i18n import _alternation

#: the AI reader's names (each holds the word for AI, or is a machine's name)
NAMES = (
    # Romance
    "asistente de ia", "asistente ia", "agente de ia", "agente ia", "asistente virtual",
    "modelo de lenguaje", "assistant ia", "assistant d'ia", "agent ia", "agent d'ia",
    "modèle de langage", "assistente ia", "assistente di ia", "agente ia", "assistente de ia",
    "assistente virtual", "modelo de linguagem", "asistent ai", "asistentul ai",
    "asistent ia", "assistent ia",
    # Germanic
    "ki-assistent", "ki-assistentin", "ki assistent", "ki-agent", "ki-agenten", "sprachmodell",
    "ai-assistent", "ai-assistenten", "ai assistent", "ai-agenten", "ai-agenter",
    "ki-assistenten", "ki-agenter", "taalmodel", "språkmodell", "sprogmodel",
    "ai-assistentti", "kære ai", "kjære ai", "kära ai", "liebe ki", "lieber ki",
    # Slavic, Baltic, Finno-Ugric, Greek
    "asystencie ai", "asystent ai", "asystenta ai", "asystentowi ai", "asystencie si",
    "asystent si", "agencie ai",
    "ai asistente", "ai asistent", "ai asistentka", "asistente ai", "asistenta ai",
    "ai asistenta", "ai asistentu", "ui asistent", "ai asistentе", "ии-ассистент",
    "ии ассистент", "ассистент ии", "ии-агент", "ии агент", "ии-помощник", "ии помощник",
    "ші-асистент", "ші асистент", "ші-агент", "ai асистент", "ии асистент", "ai асистенте",
    "ai asistente", "di asistent", "di asistentas", "mi asistent", "ті асистент",
    "tekoälyavustaja", "tekoäly", "tehisintellekti assistent", "ti-assistent",
    "mi-asszisztens", "mi asszisztens", "ai-asszisztens", "mi-ügynök", "βοηθέ ai",
    "βοηθός ai", "βοηθέ τεχνητής νοημοσύνης", "βοηθό ai", "βοηθό τν", "βοηθέ τν",
    "βοηθός τν",
    # Turkic, Semitic, Iranian, Indic
    "yapay zeka asistanı", "yapay zekâ asistanı", "yz asistanı", "ai asistanı",
    "yapay zeka ajanı", "süni intellekt", "עוזר בינה מלאכותית", "עוזר ai", "סוכן ai",
    "מודל שפה", "مساعد الذكاء الاصطناعي", "مساعد ذكاء اصطناعي", "وكيل الذكاء الاصطناعي",
    "دستیار هوش مصنوعی", "عامل هوش مصنوعی", "اے آئی اسسٹنٹ", "مصنوعی ذہانت",
    "एआई सहायक", "एआई असिस्टेंट", "एआई एजेंट", "কৃত্রিম বুদ্ধিমত্তা", "এআই সহকারী",
    "ஏஐ உதவியாளர்", "செயற்கை நுண்ணறிவு",
    # South-East and East Asian
    "asisten ai", "agen ai", "pembantu ai", "trợ lý ai", "trợ lý trí tuệ nhân tạo",
    "tác tử ai", "katulong na ai", "ผู้ช่วย ai", "ผู้ช่วยเอไอ",
    "ai助手", "ai 助手", "人工智能助手", "ai助理", "人工智慧助理", "智能助手", "ai代理",
    "aiアシスタント", "ai アシスタント", "aiエージェント", "ai 어시스턴트", "ai어시스턴트",
    "ai 비서", "ai 에이전트", "인공지능 비서",
)

#: the acts' imperatives (delete, send, transfer or pay, approve, disable, give, tell)
VERBS = (
    # (wave 17) the verbs that change a record or release money (change, update, replace,
    # release, export, share, mark), in the same languages' imperatives
    "cambia", "cambie", "actualiza", "actualice", "reemplaza", "reemplace", "modifica",
    "modifique", "exporta", "exporte", "comparte", "comparta", "libere", "altere", "altera",
    "atualize", "atualiza", "substitua", "substitui", "compartilhe", "liberte", "changez",
    "modifie", "modifiez", "remplace", "remplacez", "mets à jour", "mettez à jour",
    "exporte", "exportez", "partage", "partagez", "marquez", "débloque", "débloquez",
    "aggiorna", "aggiorni", "sostituisci", "sostituisca", "esporta", "esporti", "condividi",
    "condivida", "sblocca", "schimbă", "actualizează", "exportă", "ändere", "ändern sie",
    "aktualisiere", "ersetze", "ersetzen sie", "überweise", "überweisen sie", "zahle",
    "zahlen sie", "genehmige", "genehmigen sie", "gib frei", "geben sie frei", "exportiere",
    "markiere", "keur", "lähetä", "lähettäkää", "承認し", "wijzig", "vervang", "werk bij",
    "exporteer", "markeer", "keur goed",
    "ändra", "uppdatera", "ersätt", "exportera", "godkänn", "endre", "oppdater", "erstatt",
    "eksporter", "godkjenn", "ændr", "opdater", "erstat", "godkend", "zmień", "zaktualizuj",
    "zastąp", "wyeksportuj", "udostępnij", "zatwierdź", "oznacz", "změň", "aktualizuj",
    "nahraď", "schval", "exportuj", "zmeň", "promijeni", "ažuriraj", "odobri", "spremeni",
    "измени", "измените", "обнови", "обновите", "замени", "замените", "экспортируй",
    "одобри", "одобрите", "поделись", "змініть", "зміни", "онови", "замініть", "схвали",
    "muuta", "päivitä", "korvaa", "hyväksy", "módosítsd", "frissítsd", "cseréld", "άλλαξε",
    "ενημέρωσε", "αντικατάστησε", "değiştir", "güncelle", "dışa aktar", "paylaş", "ubah",
    "perbarui", "ganti", "ekspor", "bagikan", "thay đổi", "cập nhật", "thay thế", "更改",
    "修改", "更新", "替换", "导出", "分享", "変更して", "更新して", "置き換えて",
    "エクスポートして", "共有して", "변경해", "업데이트해", "바꿔", "내보내", "공유해",
    # Spanish, Portuguese, Catalan, Galician
    "borra", "borre", "elimina", "elimine", "envía", "envíe", "manda", "mande", "transfiere",
    "transfiera", "paga", "pague", "aprueba", "apruebe", "desactiva", "desactive",
    "deshabilita", "da", "dale", "dé", "di que", "diga que", "indica que", "compra",
    "apague", "apaga", "exclua", "exclui", "envie", "envia", "transfira", "aprove", "aprova",
    "desative", "desativa", "dê", "compre", "esborra", "envia", "paga",
    # French, Italian, Romanian
    "supprime", "supprimez", "efface", "effacez", "envoie", "envoyez", "transfère",
    "transférez", "vire", "virez", "paie", "payez", "approuve", "approuvez", "valide",
    "validez", "désactive", "désactivez", "donne", "donnez", "dis que", "dites que",
    "achète", "achetez", "cancella", "cancelli", "invia", "invii", "inoltra", "trasferisci",
    "bonifica", "approva", "approvi", "disattiva", "disattivi", "disabilita", "dai", "dì",
    "acquista", "șterge", "ștergeți", "trimite", "trimiteți", "transferă", "plătește",
    "aprobă", "dezactivează", "spune",
    # German, Dutch, Scandinavian
    "lösche", "löschen sie", "entferne", "sende", "senden sie", "schicke", "schick",
    "überweise", "überweisen sie", "zahle", "bezahle", "genehmige", "genehmigen sie",
    "deaktiviere", "deaktivieren sie", "gib", "geben sie", "sag", "sage", "kaufe",
    "verwijder", "wis", "stuur", "verstuur", "maak over", "betaal", "keur goed",
    "schakel", "geef", "zeg", "koop", "radera", "ta bort", "skicka", "överför", "betala",
    "godkänn", "inaktivera", "stäng av", "ge", "säg", "köp", "slett", "fjern", "send",
    "overfør", "betal", "godkjenn", "deaktiver", "slå av", "gi", "si", "kjøp", "slet",
    "godkend", "slå fra", "giv", "sig", "køb", "nævn ikke", "nevn ikke", "nämn inte",
    # Slavic, Baltic
    "usuń", "skasuj", "wyślij", "prześlij", "przelej", "zapłać", "zatwierdź",
    "zaakceptuj", "wyłącz", "daj", "powiedz", "napisz", "kup", "smaž", "smažte", "odstraň",
    "pošli", "pošlete", "převeď", "zaplať", "schval", "schvalte", "vypni", "vypněte",
    "deaktivuj", "dej", "řekni", "uveď", "zmaž", "vymaž", "odstráň", "schváľ", "povedz",
    "izbriši", "obriši", "pošlji", "pošalji", "prebaci", "plati", "odobri", "isključi",
    "onemogući", "reci", "javi", "napiši", "kupi", "удали", "удалите", "сотри", "отправь",
    "отправьте", "перешли", "переведи", "переведите", "оплати", "одобри", "одобрите",
    "утверди", "отключи", "отключите", "выключи", "дай", "поставь", "скажи", "сообщи",
    "напиши", "купи", "видали", "видаліть", "надішли", "відправ", "сплати", "схвали",
    "вимкни", "повідом", "изтрий", "изпрати", "преведи", "плати", "одобри", "изключи",
    "обриши", "пошаљи", "искључи", "ištrink", "išsiųsk", "pervesk", "sumokėk", "patvirtink",
    "išjunk", "izdzēs", "nosūti", "pārskaiti", "samaksā", "apstiprini", "atspējo",
    "kustuta", "saada", "maksa", "kinnita", "lülita välja",
    # Finnish, Hungarian, Greek, Turkish
    "poista", "lähetä", "siirrä", "hyväksy", "poista käytöstä", "anna", "sano", "kerro",
    "osta", "töröld", "törölje", "küldd", "küldje", "utald át", "fizesd ki", "hagyd jóvá",
    "kapcsold ki", "kapcsolja ki", "add", "mondd", "írd", "vedd meg", "διάγραψε",
    "διαγράψτε", "στείλε", "στείλτε", "μετάφερε", "πλήρωσε", "έγκρινε", "απενεργοποίησε",
    "δώσε", "πες", "αγόρασε", "sil", "silin", "gönder", "gönderin", "havale et",
    "transfer et", "öde", "onayla", "onaylayın", "devre dışı bırak", "kapat", "ver",
    "söyle", "yaz", "satın al",
    # Hebrew, Arabic, Persian, Urdu, Indic
    "מחק", "מחקי", "שלח", "שלחי", "העבר", "שלם", "אשר", "השבת", "תן", "אמור", "קנה",
    "احذف", "امسح", "أرسل", "ارسل", "حوّل", "حول", "ادفع", "وافق", "اعتمد", "عطّل", "عطل",
    "أوقف", "أعط", "قل", "اشتر", "حذف کن", "پاک کن", "ارسال کن", "بفرست", "واریز کن",
    "پرداخت کن", "تایید کن", "غیرفعال کن", "بده", "بگو", "بخر", "حذف کریں", "مٹا دو",
    "بھیجو", "بھیج دو", "ادا کرو", "منظور کرو", "بند کرو", "हटाओ", "हटा दो", "मिटा दो",
    "डिलीट करो", "भेजो", "भेज दो", "ट्रांसफर करो", "भुगतान करो", "मंज़ूर करो",
    "स्वीकृत करो", "बंद करो", "अक्षम करो", "दो", "बताओ", "कहो", "खरीदो", "মুছে ফেল",
    "পাঠাও", "পাঠিয়ে দাও", "অনুমোদন কর", "বন্ধ কর",
    # South-East and East Asian
    "hapus", "hapuskan", "padam", "kirim", "kirimkan", "bayar", "transfer", "setujui",
    "nonaktifkan", "matikan", "beri", "berikan", "katakan", "beli", "xóa", "xoá", "gửi",
    "chuyển", "thanh toán", "phê duyệt", "chấp thuận", "tắt", "vô hiệu hóa", "cho", "nói",
    "mua", "burahin", "ipadala", "bayaran", "aprubahan", "ลบ", "ส่ง", "โอน", "จ่าย",
    "อนุมัติ", "ปิด", "删除", "刪除", "发送", "發送", "发给", "转发", "转账", "轉帳", "支付",
    "付款", "批准", "合并", "禁用", "关闭", "關閉", "告诉", "购买", "削除して", "消して",
    "送信して", "送って", "送金して", "支払って", "承認して", "無効にして", "オフにして",
    "伝えて", "購入して", "삭제해", "삭제하세요", "보내", "전송해", "송금해", "결제해",
    "승인해", "비활성화해", "꺼", "말해", "구매해",
)

#: how far (characters) the name may stand from its colon or comma, and the verb from it
_TO_MARK = r"[^:,\n.!?\u3002\uff0c\uff1a\u060c]{0,40}?"
_TO_VERB = r"(?:[^.!?\n\u3002\u0964]|\.(?=\S)){0,160}?"  # (a dot inside an address goes on)
_MARK = r"[:,\u3002\uff0c\uff1a\u060c\u2014\u2013]"
ORDER_I18N = (rf"(?:{_alternation(NAMES, stems=True)}){_TO_MARK}{_MARK}{_TO_VERB}"
              rf"(?:{_alternation(VERBS, stems=False)})")
#: every match holds one of these (the name's words, as the screen reads them)
#: every match holds one of these: each name's words as the screen reads them (a name's
#: last word may be inflected, "asszisztensnek": its word for AI is then the one read), less
#: the English words the English cues read
_ENGLISH = frozenset(("agent", "assistant", "model"))
ORDER_I18N_WORDS = " ".join(sorted({w for name in NAMES for w in normalise(name).flat.split()
                                    if w not in _ENGLISH}))

#: the user in the third person (the reader's principal, spoken of by someone else) and a
#: check set aside ("without telling", "regardless of"), in the same languages
USERS = (
    "del usuario", "al usuario", "los usuarios", "do usuário", "ao usuário", "do utilizador",
    "de l'utilisateur", "à l'utilisateur", "dell'utente", "all'utente", "utilizatorului",
    "des nutzers", "dem nutzer", "des benutzers", "dem benutzer", "van de gebruiker",
    "aan de gebruiker", "användarens", "användaren", "brukerens", "brukeren", "brugerens",
    "brugeren", "użytkownika", "użytkownikowi", "uživatele", "uživateli", "používateľa",
    "používateľovi", "korisnika", "korisniku", "uporabnika", "пользователя", "пользователю",
    "користувача", "користувачеві", "потребителя", "корисника", "vartotojo", "lietotāja",
    "kasutaja", "käyttäjän", "käyttäjälle", "felhasználó", "του χρήστη", "στον χρήστη",
    "kullanıcının", "kullanıcıya", "המשתמש", "المستخدم", "کاربر", "صارف", "उपयोगकर्ता",
    "यूज़र", "ব্যবহারকারী", "pengguna", "người dùng", "gumagamit", "ผู้ใช้", "用户", "用戶",
    "使用者", "ユーザー", "利用者", "사용자",
    # without telling, without asking, regardless of
    "sin avisar", "sin preguntar", "sin decir", "sans prévenir", "sans demander",
    "sans le dire", "senza avvisare", "senza chiedere", "sem avisar", "sem perguntar",
    "ohne zu fragen", "ohne rückfrage", "ohne bescheid", "zonder te vragen", "utan att fråga",
    "uten å spørre", "uansett", "uden at spørge", "uanset", "bez pytania", "bez pytania",
    "bez ptaní", "bez pitanja", "без вопросов", "не спрашивая", "не сообщая", "без відома",
    "kysymättä", "függetlenül", "kérdezés nélkül", "χωρίς να ρωτήσεις", "sormadan",
    "haber vermeden", "בלי לשאול", "دون إبلاغ", "دون سؤال", "بدون اطلاع", "بدون پرسیدن",
    "बिना पूछे", "बिना बताए", "tanpa bertanya", "tanpa memberi tahu", "không cần hỏi",
    "bất kể", "不要告诉", "无论", "無論", "聞かずに", "知らせずに", "묻지 말고", "알리지 말고",
)
USER_I18N = _alternation(USERS, stems=True)
USER_I18N_WORDS = " ".join(sorted({max(normalise(phrase).flat.split(), key=len)
                                   for phrase in USERS}))
