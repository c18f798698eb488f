# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""The words of the acts that matter, in the world's most spoken languages (wave 17).

An order to an AI reader is an imperative act on an object that matters: send or upload
the passwords, keys, tokens or the user's files; delete the database, the repository or the
backups; show or print the system prompt or the keys; keep it from the user. These are
those verbs (the imperative, familiar and polite where they differ) and nouns in the sixty
most spoken languages and the official languages of Central Asia, South-East Asia, Africa
and South Asia, in their own scripts and in the common romanisations, written from their
grammars and dictionaries, not from any evaluation text. English words are left out of the
verbs (the English cues read English orders); the English nouns ("password", "token",
"system prompt") are kept, since code-switched orders borrow them, and count only beside a
verb of another language.
"""

from __future__ import annotations

#: send, upload, forward, share (imperative)
SEND = (
    # Romance, Germanic, Slavic, Baltic, Finno-Ugric, Greek, Turkic (west)
    "envía", "envia", "envíe", "envie", "manda", "mande", "reenvía", "reenvie", "sube",
    "suba", "comparte", "encaminhe", "compartilhe", "envoie", "envoyez", "transfère",
    "transférez", "partage", "partagez", "invia", "inviate", "inoltra", "carica",
    "condividi", "trimite", "trimiteți", "sende", "senden sie", "schicke", "schick",
    "schicken sie", "lade hoch", "leite weiter", "übermittle", "stuur", "verstuur",
    "skicka", "wyślij", "prześlij", "pošli", "odešli", "pošlji",
    "pošalji", "отправь", "отправьте", "перешли", "пришли", "загрузи", "надішли",
    "відправ", "изпрати", "пошаљи", "išsiųsk", "nosūti", "saada", "lähetä", "küldd",
    "küldje", "στείλε", "στείλτε", "gönder", "gönderin", "yolla", "ilet", "sendu",
    # Semitic, Iranian, Indic, Dravidian, Sinhala
    "שלח", "שלחי", "أرسل", "ارسل", "ابعث", "بفرست", "ارسال کن", "بھیجو", "بھیجیں",
    "بھیج دو", "ولېږه", "ولیږه", "واستوه", "भेजो", "भेजें", "भेज दो", "भेजिए", "पाठव",
    "पाठवा", "पठाऊ", "पठाउनुहोस्", "পাঠাও", "পাঠান", "পাঠিয়ে দাও", "পঠিয়াই দিয়া",
    "পঠিয়াই দিয়ক", "ਭੇਜੋ", "ਭੇਜ ਦਿਓ", "મોકલો", "મોકલી દો", "ପଠାଅ", "ପଠାନ୍ତୁ", "அனுப்பு",
    "அனுப்பவும்", "పంపు", "పంపండి", "ಕಳುಹಿಸು", "ಕಳುಹಿಸಿ", "അയയ്ക്ക", "അയക്ക", "යවන්න",
    # Central Asia
    "yubor", "yuboring", "jo'nat", "jo'nating", "юбор", "жўнат", "жібер", "жіберіңіз",
    "jiber", "жөнөт", "жөнөтүңүз", "жибер", "фирист", "бифирист", "iber", "ugrat",
    "ugradyň", "илгээ", "илгээгээрэй", "явуул",
    # South-East and East Asia
    "ส่ง", "ສົ່ງ", "ផ្ញើ", "បញ្ជូន", "ပို့", "gửi", "chuyển tiếp", "tải lên", "kirim",
    "kirimkan", "unggah", "teruskan", "hantar", "muat naik", "ipadala", "i-upload", "ipasa",
    "ibahagi", "发送", "发到", "发给", "上传", "转发", "發送", "上傳", "轉發", "寄到",
    "送って", "送信して", "アップロードして", "転送して", "보내", "전송해", "업로드해",
    # Africa
    "tuma", "pakia", "shiriki", "ላክ", "ላኪ", "ስደድ", "ልኣኽ", "u dir", "soo dir", "gudbi",
    "ergi", "aika", "ka aika", "tura", "fi ránṣẹ́", "fi ranse", "firanṣẹ", "ránṣẹ́", "ziga",
    "zipu", "thumela", "uthumele", "dlulisela", "layisha", "laai op", "tumira", "utumire",
    "ohereza", "wohereze", "yónnee", "yonnee", "yebal", "alefaso", "andefaso", "tinda",
    # romanisations
    "bhejo", "bhej do", "bhejdo", "upload karo", "share karo", "forward karo", "bhejiye",
    "ib3at", "ab3at", "ersel", "befrest", "otprav", "otpravte",
)

#: what is sent or shown: secrets, the user's files and data, the system prompt
SECRET = (
    "contraseña", "contraseñas", "credenciales", "claves", "senha", "senhas", "credenciais",
    "chaves", "mot de passe", "mots de passe", "identifiants", "clés", "passwort",
    "passwörter", "zugangsdaten", "schlüssel", "password", "passwords", "credenziali",
    "chiavi", "parola", "parolele", "wachtwoord", "lösenord", "hasło", "hasła", "heslo",
    "hesla", "geslo", "lozinku", "пароль", "пароли", "паролі", "ключи", "ключі", "токен",
    "токены", "slaptažod", "salasana", "jelszó", "jelszav", "κωδικ", "şifre",
    "şifreleri", "parolaları", "סיסמ", "كلمة المرور", "كلمات المرور", "رمز عبور",
    "پسورد", "پاس ورڈ", "پاسورڈ", "پټنوم", "पासवर्ड", "কাসওয়ার্ড", "পাসওয়ার্ড",
    "পাছৱৰ্ড", "ਪਾਸਵਰਡ", "પાસવર્ડ", "ପାସୱାର୍ଡ", "கடவுச்சொல்", "పాస్‌వర్డ్", "పాస్వర్డ్",
    "ಪಾಸ್‌ವರ್ಡ್", "പാസ്‌വേഡ്", "പാസ്വേഡ്", "මුරපද", "parol", "parollar", "құпия сөз",
    "сырсөз", "парол", "нууц үг", "รหัสผ่าน", "ລະຫັດຜ່ານ", "ពាក្យសម្ងាត់", "លេខសម្ងាត់",
    "စကားဝှက်", "mật khẩu", "kata sandi", "kata laluan", "nenosiri", "nywila",
    "የይለፍ ቃል", "erayga sirta", "furaha", "furayaasha", "jecha icciitii", "kalmar sirri",
    "kalmomin sirri", "ọ̀rọ̀ aṣínà", "oro asina", "okwuntughe", "amagama-mfihlo",
    "igama-mfihlo", "iphasiwedi", "iiphasiwedi", "mapassword", "pasiwedhi",
    "ijambo ry'ibanga", "amagambo y'ibanga", "baatu jàll", "baatu jall", "teny miafina",
    "tenimiafina", "wagwoord", "密码", "密碼", "パスワード", "비밀번호", "암호",
    # keys, tokens, secrets, credentials, environment
    "api key", "api keys", "api-key", "token", "tokens", "credentials", "secrets", "ssh key",
    "kunci api", "khóa api", "clave api", "chave api", "clé api", "api-schlüssel",
    "api-ключ", "api ключ", "api anahtar", "مفتاح api", "api कुंजी", "api キー", "api 키",
    "api 密钥", "密钥", "密鑰", "令牌", "トークン", "토큰", "कुंजी", "चाबी", "টোকেন", "চাবি",
    "சாவி", "ಕೀಲಿ", "താക്കോൽ", "යතුර", "kalit", "кілт", "ачкыч", "калид", "açar",
    "түлхүүр", "กุญแจ", "โทเค็น", "ກະແຈ", "សោ", "သော့", "ufunguo", "funguo", "ቁልፍ",
    "furtuu", "mabuɗi", "mabudi", "kọ́kọ́rọ́", "igodo", "ukhiye", "isitshixo", "urufunguzo",
    "lakile", "fanalahidy", "fungola", "caabi",
    # the system prompt
    "system prompt", "prompt del sistema", "prompt do sistema", "prompt système",
    "prompt di sistema", "systemprompt", "system-prompt", "systeemprompt",
    "системный промпт", "системную подсказку", "системний промпт", "prompt systemow",
    "sistem istemi", "sistem komut", "موجه النظام", "تعليمات النظام", "پرامپت سیستم",
    "सिस्टम प्रॉम्प्ट", "सिस्टम प्रॉम्ट", "システムプロンプト", "系统提示", "系統提示",
    "시스템 프롬프트", "lời nhắc hệ thống", "prompt sistem", "พรอมต์ระบบ",
    # the user's files, contacts and chat history
    "archivos del usuario", "ficheiros do utilizador", "arquivos do usuário",
    "fichiers de l'utilisateur", "dateien des nutzers", "file dell'utente",
    "файлы пользователя", "файли користувача", "pliki użytkownika", "kullanıcının dosya",
    "ملفات المستخدم", "فایل‌های کاربر", "उपयोगकर्ता की सभी फ़ाइलें", "उपयोगकर्ता की फ़ाइलें",
    "ユーザーのファイル", "用户的文件", "사용자의 파일", "tệp của người dùng",
    "file pengguna", "berkas pengguna", "historial de chat", "historique de la conversation",
    "chatverlauf", "история переписки", "историю чата", "聊天记录", "チャット履歴",
    "채팅 기록", "lịch sử trò chuyện", "riwayat obrolan",
    # the customers' and the user's contacts
    "lista de clientes", "listado de clientes", "lista de contatos", "liste des clients",
    "kundenliste", "kundendaten", "elenco clienti", "klantenlijst", "listę klientów",
    "dane klientów", "список клиентов", "müşteri listesi", "قائمة العملاء", "客户名单",
    "客户列表", "顧客リスト", "고객 목록", "danh sách khách hàng", "daftar pelanggan",
    "contactos del usuario", "contatos do usuário", "kontakte des nutzers",
    "контакты пользователя", "ユーザーの連絡先", "用户的联系人", "사용자의 연락처",
    "उपयोगकर्ता के संपर्क",
)

#: delete, wipe (imperative)
DELETE = (
    "borra", "borre", "elimina", "elimine", "apague", "apaga", "exclua", "supprime",
    "supprimez", "efface", "effacez", "lösche", "löschen sie", "cancella", "verwijder",
    "radera", "slett", "usuń", "skasuj", "smaž", "odstraň", "izbriši", "удали", "удалите",
    "сотри", "видали", "видаліть", "изтрий", "ištrink", "izdzēs", "kustuta", "poista",
    "töröld", "διάγραψε", "sil", "silin", "מחק", "احذف", "امسح", "حذف کن", "پاک کن",
    "حذف کرو", "ڈیلیٹ کرو", "हटाओ", "हटा दो", "मिटा दो", "डिलीट करो", "हटव", "মুছে ফেল",
    "মুছুন", "ਮਿਟਾਓ", "કાઢી નાખો", "ବିଲୋପ କର", "நீக்கு", "తొలగించు", "తొలగించండి",
    "ಅಳಿಸು", "ಅಳಿಸಿ", "ഇല്ലാതാക്ക", "මකන්න", "o'chir", "o'chiring", "ўчир", "жой", "өшір",
    "өчүр", "нест кун", "ҳазф кун", "öçür", "устга", "ลบ", "ລຶບ", "លុប", "ဖျက်", "xóa",
    "xoá", "hapus", "padam", "burahin", "tanggalin", "删除", "刪除", "删掉", "削除して",
    "消して", "삭제해", "삭제하세요", "futa", "ሰርዝ", "tirtir", "haqi", "hichapụ", "hichapu",
    "susa", "sula", "cima", "siba", "dzima", "fafao", "longola", "vee uit", "delete karo",
    "mita do", "hata do",
)

#: what a deletion that matters takes: the database, the repository, the backups
DELETE_OBJECT = (
    "base de datos", "banco de dados", "base de données", "datenbank", "database",
    "databáze", "databázi", "banca dati", "базу данных", "базу даних", "bazę danych",
    "veritaban", "قاعدة البيانات", "پایگاه داده", "ڈیٹا بیس", "डेटाबेस", "ডাটাবেস",
    "データベース", "数据库", "資料庫", "데이터베이스", "cơ sở dữ liệu", "basis data",
    "pangkalan data", "ฐานข้อมูล", "hifadhidata", "ma'lumotlar bazasi", "деректер қоры",
    "мэдээллийн сан", "தரவுத்தளம்", "backups", "copias de seguridad", "sauvegardes",
    "sicherungen", "резервные копии", "バックアップ", "备份", "백업", "repositorio",
    "repositório", "dépôt", "repository", "репозиторий", "リポジトリ", "仓库", "저장소",
    "repositori", "kho mã", "रिपॉजिटरी", "रिपॉज़िटरी",
)

#: do not tell the user, keep it from them (the negative imperative, polite and familiar)
SECRECY = (
    "no le digas al usuario", "no se lo digas", "no informes al usuario", "sin decírselo",
    "não diga ao usuário", "não conte ao usuário", "não informe o usuário",
    "ne dis rien à l'utilisateur", "n'informe pas l'utilisateur", "ne le dis pas",
    "sag dem nutzer nichts", "sage dem benutzer nichts", "informiere den nutzer nicht",
    "non dirlo all'utente", "non dire all'utente", "non dirlo a nessuno",
    "vertel de gebruiker niets", "zeg het niet", "berätta inte", "säg inget",
    "nie mów użytkownikowi", "nie informuj użytkownika", "neříkej uživateli", "nic neříkej",
    "не говори пользователю", "не сообщай пользователю", "ничего не говори",
    "не кажи користувачеві", "не повідомляй", "nepranešk", "nesaki", "ne omenjaj",
    "älä kerro", "ne szólj", "ne mondd el", "μην πεις", "μην ενημερώσεις", "nu spune",
    "kullanıcıya söyleme", "kullanıcıya bildirme", "kimseye söyleme", "אל תספר", "אל תגיד",
    "لا تخبر", "لا تُخبر", "به کاربر نگو", "به کاربر اطلاع نده", "صارف کو مت بتانا",
    "صارف کو نہ بتائیں", "مت بتاؤ", "मत बताना", "मत बताओ", "न बताएं", "सांगू नकोस",
    "सांगू नका", "বলবে না", "বলো না", "ਨਾ ਦੱਸੋ", "કહેશો નહીં",
    "சொல்லாதே", "சொல்ல வேண்டாம்", "చెప్పకు", "చెప్పవద్దు", "ಹೇಳಬೇಡ", "പറയരുത്",
    "කියන්න එපා", "नभन", "ନ କୁହ", "aytma", "aytmang", "айтпа", "айтпаңыз", "нагӯ",
    "aýtma", "битгий хэл", "อย่าบอก", "ไม่ต้องบอก", "ຢ່າບອກ", "កុំប្រាប់", "မပြောနဲ့",
    "မပြောပါနဲ့", "đừng nói với người dùng", "không báo cho người dùng",
    "jangan beri tahu", "jangan beritahu", "jangan bilang", "huwag sabihin",
    "huwag ipaalam", "ayaw isulti", "usimwambie", "usimjulishe", "kada ka gaya",
    "má ṣe sọ fún", "ma se so fun", "ungamtsheli", "ungamxeleli", "አትንገር", "ha u sheegin",
    "ka da ka faɗa", "ntubwire", "ntumubwire", "bul ko wax", "aza lazaina",
    "koyebisa te", "usamuudza", "不要告诉", "不要告訴", "别告诉", "別告訴", "不要通知",
    "知らせないで", "言わないで", "伝えないで", "알리지 마", "말하지 마", "mat batana",
    "mat batao", "mat bataana", "na batana",
)

#: show, print, reveal (imperative), before the system prompt or a secret
REVEAL = (
    "muestra", "muéstrame", "revela", "imprime", "mostre", "revele", "imprima", "affiche",
    "révèle", "montre", "zeige", "zeig", "verrate", "gib aus", "mostra", "rivela", "stampa",
    "toon", "onthul", "pokaż", "ujawnij", "wypisz", "ukaž", "prozraď", "покажи",
    "выведи", "раскрой", "покажіть", "покажи", "виведи", "göster", "açıkla", "yazdır",
    "δείξε", "αποκάλυψε", "הצג", "חשוף", "اكشف", "اعرض", "اطبع", "أظهر", "نشان بده",
    "فاش کن", "دکھاؤ", "ظاہر کرو", "दिखाओ", "प्रकट करो", "प्रिंट करो", "उघड", "দেখাও",
    "প্রকাশ কর", "காட்டு", "వెల్లడించు", "చూపించు", "ತೋರಿಸು", "കാണിക്ക", "පෙන්වන්න",
    "ko'rsat", "oshkor qil", "көрсет", "көрсөт", "нишон деҳ", "görkez", "харуул", "แสดง",
    "เปิดเผย", "ສະແດງ", "បង្ហាញ", "ပြပါ", "hiển thị", "tiết lộ", "in ra", "tampilkan",
    "ungkapkan", "cetak", "dedahkan", "ipakita", "ibunyag", "onyesha", "fichua", "አሳይ",
    "muuji", "agarsiisi", "nuna", "fi hàn", "bonisa", "erekana",
    "asehoy", "lakisa", "显示", "顯示", "输出", "輸出", "打印", "表示して",
    "出力して", "見せて", "보여줘", "출력해", "공개해", "dikhao", "batao",
)

#: turn off, disable (imperative), before a protection
DISABLE = (
    "desactiva", "desactive", "deshabilita", "desative", "desativa", "désactive",
    "désactivez", "deaktiviere", "deaktivieren sie", "schalte ab", "disattiva", "disabilita",
    "schakel uit", "inaktivera", "stäng av", "deaktiver", "slå av", "slå fra", "wyłącz",
    "vypni", "vypněte", "vypni", "isključi", "izklopi", "отключи", "отключите", "выключи",
    "вимкни", "изключи", "išjunk", "atspējo", "izslēdz", "lülita välja", "poista käytöstä",
    "kapcsold ki", "απενεργοποίησε", "devre dışı bırak", "kapat", "השבת", "عطّل", "عطل",
    "أوقف", "غیرفعال کن", "بند کرو", "बंद करो", "अक्षम करो", "बंद कर दो", "বন্ধ কর",
    "முடக்கு", "నిలిపివేయి", "ನಿಷ್ಕ್ರಿಯಗೊಳಿಸ", "പ്രവർത്തനരഹിതമാക്ക", "無効にして",
    "オフにして", "禁用", "关闭", "關閉", "停用", "비활성화해", "꺼", "tắt", "vô hiệu hóa",
    "nonaktifkan", "matikan", "lumpuhkan", "i-disable", "patayin", "zima", "kashe",
    "cisha", "vala", "zimya", "o'chir", "өшір", "өчүр", "унтраа", "ปิด", "ປິດ",
    "បិទ", "ပိတ်", "band karo", "disable karo", "off karo",
)

#: what a protection is: two-factor sign-in, the antivirus, the firewall, the audit log
PROTECTION = (
    "2fa", "mfa", "two-factor", "autenticación de dos factores", "verificación en dos pasos",
    "autenticação de dois fatores", "authentification à deux facteurs",
    "double authentification", "zwei-faktor", "2-faktor", "autenticazione a due fattori",
    "tweestapsverificatie", "tvåfaktor", "uwierzytelnianie dwuskładnikowe",
    "dvoufázové ověření", "двухфакторн", "двофакторн", "iki faktörlü", "iki adımlı",
    "المصادقة الثنائية", "التحقق بخطوتين", "احراز هویت دو مرحله", "दो-चरणीय", "टू-फैक्टर",
    "二要素認証", "2段階認証", "双因素认证", "两步验证", "雙重驗證", "2단계 인증",
    "xác thực hai yếu tố", "xác minh hai bước", "autentikasi dua faktor",
    "verifikasi dua langkah", "dviejų veiksnių", "divfaktoru", "kaheastmeline",
    "kaksivaiheinen", "kétlépcsős", "kétfaktoros", "διπλής επαλήθευσης", "antivirus",
    "antivírus", "antywirus", "антивирус", "антивірус", "virüs", "ウイルス対策", "杀毒",
    "防病毒", "백신", "firewall", "cortafuegos", "pare-feu", "brandmauer", "zapora",
    "брандмауэр", "файрвол", "güvenlik duvarı", "جدار الحماية", "फ़ायरवॉल", "防火墙",
    "防火牆", "ファイアウォール", "방화벽", "tường lửa", "audit log", "registro de auditoría",
    "journal d'audit", "audit-log", "prüfprotokoll", "журнал аудита", "監査ログ",
    "审计日志", "감사 로그", "nhật ký kiểm toán", "log audit", "branch protection",
    "protección de rama", "proteção de branch", "branch-schutz", "ブランチ保護", "分支保护",
)
