# ruff: noqa: RUF001  (dictionary words and punctuation of other scripts: their letters are meant)
"""The word for "password" (and "passphrase", "secret word") in the world's written languages.

A password given in a sentence is introduced by the writer's own word for it: "Parole
staging datubāzei: ..." (Latvian), "Serverin şifrəsi ...-dir" (Azerbaijani), "Ko te kupuhipa
mō te tūmau ko ..." (Māori), "የሰርቨሩ የይለፍ ቃል ... ነው" (Amharic). Each row is the dictionary
word of one language (from Wiktionary's translation table of "password", the terms the
operating systems' and browsers' localisations use for their password fields, and the
dictionaries of the languages that lack one there), as a lowercase regular expression with
the forms a sentence puts it in (articles and possessives glued to it, case endings), and
the literal stem that must be in the lowercased text before the expression is tried.

English, and the words :mod:`.names` already reads with their copulas, are there too: the
reader of :mod:`.prose_i18n` needs no copula (it takes the first value that looks chosen in
the word's clause), so it reaches the sentences whose copula, word order or length the
older patterns do not (a verb at the end, the value before the word, ten words between).

``before``: the language puts the value before the word ("Is é ... an pasfhocal", Irish
and Scottish Gaelic: the copula, the value, then the subject).
"""

from __future__ import annotations

from typing import NamedTuple


class Word(NamedTuple):
    """One language's word: its stem (a literal substring of the lowercased text), its
    expression (lowercase; matched case-blind), and whether the value may come first."""

    language: str
    stem: str
    pattern: str
    before: bool = False


#: letters a Latin word may carry glued after it (a case ending, a possessive, a definite
#: article: Latvian "paroli", Azerbaijani "parolu", Turkish "şifresi", Swedish "lösenordet")
_ENDING = r"[^\W\d_]{0,6}"

WORDS: tuple[Word, ...] = (
    # Germanic
    Word("German", "passw", rf"passw(?:ort|örter|oerter){_ENDING}"),
    Word("German", "kennw", rf"kennw(?:ort|örter|oerter){_ENDING}"),
    Word("Luxembourgish", "passwuert", rf"passwuert{_ENDING}"),
    Word("Dutch", "wachtwoord", rf"wachtwoord{_ENDING}"),
    Word("Frisian", "wachtwurd", rf"wachtwurd{_ENDING}"),
    Word("Afrikaans", "wagwoord", rf"wagwoord{_ENDING}"),
    Word("Swedish", "lösenord", rf"lösenord{_ENDING}"),
    Word("Danish", "adgangskode", rf"adgangskode{_ENDING}"),
    Word("Danish", "kodeord", rf"kodeord{_ENDING}"),
    Word("Norwegian", "passord", rf"passord{_ENDING}"),
    Word("Icelandic", "lykilor", rf"lykilor(?:ð|d){_ENDING}"),
    Word("Faroese", "loyniorð", rf"loyniorð{_ENDING}"),
    # Romance
    Word("French", "mot de passe", r"mots? de passe"),
    Word("Spanish", "contraseña", rf"contraseñ{_ENDING}"),
    Word("Spanish", "contrasena", rf"contrasen(?:a|as){_ENDING}"),
    Word("Catalan", "contrasenya", rf"contrasenya{_ENDING}"),
    Word("Galician", "contrasinal", rf"contrasinal{_ENDING}"),
    Word("Portuguese", "senha", rf"senha{_ENDING}"),
    Word("Portuguese", "palavra-passe", r"palavras?-passe"),
    Word("Italian", "parola d", r"parola d['’]ordine"),
    Word("Romanian", "parol", rf"parol(?:ă|a|e|ei|ele){_ENDING}"),
    Word("Haitian Creole", "modpas", rf"modpas{_ENDING}"),
    # Slavic, Baltic, Uralic (Latin script)
    Word("Polish", "hasł", rf"has(?:ł|l)(?:o|a|em|u){_ENDING}"),
    Word("Polish", "haslo", rf"hasl(?:o|a|em|u){_ENDING}"),
    Word("Czech and Slovak", "hesl", rf"hesl(?:o|a|em|u|om){_ENDING}"),
    Word("Slovene", "gesl", rf"gesl(?:o|a|om|u){_ENDING}"),
    Word("Croatian, Serbian, Bosnian", "lozink", rf"lozink{_ENDING}"),
    Word("Latvian", "parol", rf"parol(?:e|i|es|ei|ēm|u){_ENDING}"),
    Word("Lithuanian", "slaptažod", rf"slaptažod{_ENDING}"),
    Word("Lithuanian", "slaptazod", rf"slaptazod{_ENDING}"),
    Word("Estonian", "parool", rf"parool{_ENDING}"),
    Word("Estonian", "salasõna", rf"salasõna{_ENDING}"),
    Word("Finnish", "salasana", rf"salasan{_ENDING}"),
    Word("Hungarian", "jelsz", rf"jelsz(?:ó|o|av){_ENDING}"),
    # Turkic, Iranian, Caucasian (Latin script)
    Word("Turkish", "şifre", rf"şifre{_ENDING}"),
    Word("Turkish", "sifre", rf"sifre{_ENDING}"),
    Word("Turkish, Azerbaijani, Uzbek, Turkmen", "parol", rf"parol(?:a|u|ü|i|ı|y){_ENDING}"),
    Word("Azerbaijani", "şifrə", rf"şifrə{_ENDING}"),
    Word("Uzbek", "maxfiy so", r"maxfiy so['’ʻ]z\w*"),
    Word("Kurdish", "şîfre", rf"şîfre{_ENDING}"),
    # Celtic, Basque, Albanian, Maltese, Esperanto
    Word("Irish", "focal faire", r"focal faire", before=True),
    Word("Irish", "pasfhocal", rf"pasfhocal{_ENDING}", before=True),
    Word("Scottish Gaelic", "facal-faire", r"fhacal-faire|facal-faire", before=True),
    Word("Welsh", "cyfrinair", rf"cyfrinair{_ENDING}"),
    Word("Basque", "pasahitz", rf"pasahitz{_ENDING}"),
    Word("Albanian", "fjalëkalim", rf"fjalëkalim{_ENDING}"),
    Word("Albanian", "fjalekalim", rf"fjalekalim{_ENDING}"),
    Word("Maltese", "il-password", r"il-password"),
    Word("Esperanto", "pasvort", rf"pasvort{_ENDING}"),
    # Southeast Asian and Pacific (Latin script)
    Word("Indonesian", "kata sandi", r"kata sandi\w*"),
    Word("Malay", "kata laluan", r"kata laluan\w*"),
    Word("Javanese", "tembung sandhi", r"tembung sandhi"),
    Word("Vietnamese", "mật khẩu", r"mật khẩu"),
    Word("Māori", "kupuhipa", rf"kupuhipa{_ENDING}"),
    Word("Hmong", "lo lus zais", r"lo lus zais"),
    Word("Malagasy", "teny miafina", r"teny miafina"),
    # African languages (Latin script)
    Word("Swahili", "nenosiri", rf"nenosiri{_ENDING}"),
    Word("Swahili", "neno la siri", r"neno la siri"),
    Word("Hausa", "kalmar sirri", r"kalmar sirri"),
    Word("Yoruba", "aṣínà", r"ọ̀rọ̀ aṣínà|ọrọ aṣina|aṣínà"),
    Word("Yoruba", "igbaniwọle", r"ọ̀rọ̀ ìgbaniwọlé|ọrọ igbaniwọle|igbaniwọle"),
    Word("Igbo", "okwuntughe", rf"okwuntughe{_ENDING}"),
    Word("Zulu, Xhosa", "iphasiwedi", rf"(?:i|le|ye)?phasiwedi{_ENDING}"),
    Word("Xhosa", "igama lokugqitha", r"igama lokugqitha"),
    Word("Sesotho", "phasewete", rf"phasewete{_ENDING}"),
    Word("Kinyarwanda", "ijambo ry", r"ijambo ry['’]ibanga"),
    Word("Somali", "furaha sirta", r"furaha sirta|erayga sirta"),
    # Cyrillic
    Word("Russian, Ukrainian, Belarusian, Kazakh, Tajik", "парол", r"парол\w*"),
    Word("Ukrainian", "гасл", r"гасл\w*"),
    Word("Serbian, Macedonian", "лозинк", r"лозинк\w*"),
    Word("Kazakh", "құпия сөз", r"құпия сөз\w*"),
    Word("Mongolian", "нууц үг", r"нууц үг\w*"),
    Word("Kyrgyz", "сырсөз", r"сырсөз\w*"),
    Word("Tatar", "серсүз", r"серсүз\w*"),
    # Greek, Armenian, Georgian, Hebrew, Arabic script
    Word("Greek", "κωδικ", r"κωδικ\w*"),
    Word("Greek", "συνθηματικ", r"συνθηματικ\w*"),
    Word("Armenian", "գաղտնաբառ", r"գաղտնաբառ\w*"),
    Word("Georgian", "პაროლ", r"პაროლ\w*"),
    Word("Hebrew", "סיסמ", r"\w?סיסמ\w*"),
    Word("Arabic", "كلمة المرور", r"كلمة المرور|كلمة السر"),
    Word("Arabic", "كلمة السر", r"كلمة السر"),
    Word("Persian", "رمز عبور", r"رمز عبور|گذرواژه"),
    Word("Persian", "گذرواژه", r"گذرواژه"),
    Word("Urdu", "پاس ورڈ", r"پاس ?ورڈ"),
    Word("Urdu", "پاسورڈ", r"پاسورڈ"),
    Word("Pashto", "پټنوم", r"پټنوم"),
    Word("Kurdish (Sorani)", "وشەی نهێنی", r"وشەی نهێنی"),
    Word("Uyghur", "ئىم", r"ئىم"),
    # Indic and other South Asian scripts
    Word("Hindi, Marathi, Nepali", "पासवर्ड", r"पासवर्ड"),
    Word("Marathi", "संकेतशब्द", r"संकेतशब्द"),
    Word("Bengali", "পাসওয়ার্ড", r"পাসওয়ার্ড"),
    Word("Gujarati", "પાસવર્ડ", r"પાસવર્ડ"),
    Word("Punjabi", "ਪਾਸਵਰਡ", r"ਪਾਸਵਰਡ"),
    Word("Tamil", "கடவுச்சொல்", r"கடவுச்சொல்\w*"),
    Word("Telugu", "పాస్‌వర్డ్", r"పాస్\u200c?వర్డ్\w*"),
    Word("Telugu", "పాస్వర్డ్", r"పాస్వర్డ్\w*"),
    Word("Kannada", "ಪಾಸ್", r"ಪಾಸ್\u200c?ವರ್ಡ್\w*"),
    Word("Malayalam", "പാസ്", r"പാസ്\u200c?വേഡ്\w*"),
    Word("Odia", "ପାସୱାର୍ଡ", r"ପାସୱାର୍ଡ"),
    Word("Sinhala", "මුරපද", r"මුරපද\w*"),
    Word("Dhivehi", "ޕާސްވޯޑ", r"ޕާސްވޯޑ"),
    # Ethiopic, Tibetan, Southeast Asian scripts
    Word("Amharic", "የይለፍ ቃል", r"የይለፍ ቃል\w*"),
    Word("Tigrinya", "መሕለፊ ቃል", r"መሕለፊ ቃል\w*"),
    Word("Tibetan", "གསང་ཚིག", r"གསང་ཚིག"),
    Word("Thai", "รหัสผ่าน", r"รหัสผ่าน"),
    Word("Lao", "ລະຫັດຜ່ານ", r"ລະຫັດຜ່ານ"),
    Word("Khmer", "ពាក្យសម្ងាត់", r"ពាក្យសម្ងាត់"),
    Word("Burmese", "စကားဝှက်", r"စကားဝှက်"),
    # East Asian (no spaces: the word alone)
    Word("Chinese", "密码", r"密码"),
    Word("Chinese", "密碼", r"密碼"),
    Word("Chinese", "口令", r"口令"),
    Word("Japanese", "パスワード", r"パスワード"),
    Word("Japanese", "暗証番号", r"暗証番号"),
    Word("Korean", "비밀번호", r"비밀번호"),
    Word("Korean", "패스워드", r"패스워드"),
    Word("Korean", "암호", r"암호"),
)
