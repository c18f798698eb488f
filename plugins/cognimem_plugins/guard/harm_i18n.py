"""The words of wave 15's request cues in other languages (:mod:`.harm_requests`): a
fiction's frame, what it asks for, and "please", in about forty languages, each a
dictionary word or phrase (not taken from any evaluation text), spelled as the screen reads
text (:func:`.normalise.normalise`), joined as tries (one branch tried at each position).
"""

from __future__ import annotations

import re
from typing import Any

from .normalise import normalise

#: the frame's words in other languages (dictionary words: hypothetical(ly), imagine,
#: pretend, novel / story / fiction, grandmother, for research, exception)
FRAME_I18N = (
    # Romance
    "hipotéticamente", "hipotético", "imagina", "imagine", "imaginez", "imaginons", "finge",
    "fingir", "novela", "ficción", "cuento", "abuela", "investigación", "hypothétiquement",
    "fais semblant", "faites semblant", "roman", "fiction", "grand-mère", "mamie",
    "ipoteticamente", "immagina", "fai finta", "romanzo", "finzione", "nonna", "ricerca",
    "hipoteticamente", "finja", "finge que", "romance", "ficção", "avó", "vovó", "pesquisa",
    "ipotetic", "imaginează", "prefă-te", "bunica",
    # Germanic
    "hypothetisch", "stell dir vor", "stellen sie sich vor", "tu so als", "tun sie so",
    "fiktion", "geschichte", "oma", "großmutter", "forschungszwecke", "stel je voor",
    "doe alsof", "fictie", "verhaal", "hypotetiskt", "föreställ dig", "låtsas", "farmor",
    "mormor", "hypotetisk", "forestill deg", "forestil dig", "lat som",
    # Slavic and Baltic
    "hipotetycznie", "wyobraź sobie", "udawaj", "powieść", "fikcja", "babcia", "hypoteticky",
    "představ si", "předstírej", "babička", "гипотетически", "представь", "представьте",
    "притворись", "роман", "бабушка", "гіпотетично", "уяви", "уявіть", "бабуся",
    "хипотетички", "замисли", "хипотетично", "представи си", "hipotetski", "zamisli",
    "baka", "hipotetično", "hipotetiškai", "įsivaizduok", "hipotētiski", "iedomājies",
    # Finno-Ugric, Greek, Turkic, Semitic, Iranian
    "hypoteettisesti", "kuvittele", "isoäiti", "hüpoteetiliselt", "kujuta ette",
    "hipotetikusan", "képzeld el", "nagymamám", "υποθετικά", "φαντάσου", "γιαγιά",
    "varsayımsal olarak", "hayal et", "farz et", "büyükannem", "babaannem",  # noqa: RUF001
    "anneannem",
    "hipotetik", "təsəvvür et", "באופן היפותטי", "דמיין", "תעמיד פנים", "סבתא",
    "افتراضيا", "تخيل", "تظاهر", "جدتي", "فرضا", "تصور کن", "وانمود کن", "مادربزرگ",
    "فرض کریں", "تصور کریں", "دادی",
    # South and South-East Asian
    "काल्पनिक", "कल्पना करो", "कल्पना कीजिए", "मान लो", "दादी", "নানি", "কল্পনা কর",
    "ধরো", "கற்பனை", "ஊகமாக", "ఊహించు", "secara hipotetis", "bayangkan", "berpura-pura",
    "nenek", "hipotetikal", "bayangkan", "giả sử", "tưởng tượng", "giả vờ", "bà tôi",
    "kunwari", "isipin", "lola",
    # East Asian
    "仮に", "想像して", "ふりをして", "小説", "物語", "おばあちゃん", "祖母", "假设", "假設",
    "想象", "假装", "假裝", "小说", "故事", "奶奶", "外婆", "가정해", "상상해", "척해",
    "소설", "할머니",
)

#: what the frame asks for, in other languages (passwords, no restrictions, malware)
HARM_I18N = (
    "contraseña", "contraseñas", "mot de passe", "mots de passe", "passwort", "passwörter",
    "senha", "senhas", "hasło", "hasła", "heslo", "hesla", "пароль", "пароли", "паролі",
    "şifre", "şifreler", "parola", "jelszó", "salasana", "wachtwoord", "lösenord", "passord",
    "κωδικό", "סיסמה", "كلمة المرور", "كلمات المرور", "رمز عبور", "पासवर्ड", "কাসওয়ার্ড",
    "kata sandi", "mật khẩu", "パスワード", "密码", "密碼", "비밀번호",
    "sin restricciones", "sans restriction", "sans restrictions", "ohne einschränkungen",
    "senza restrizioni", "sem restrições", "bez ograniczeń", "без ограничений",
    "без обмежень", "kısıtlama olmadan",  # noqa: RUF001
    "zonder beperkingen", "utan begränsningar",
    "制限なし", "制限なく", "无限制", "沒有限制", "没有限制", "제한 없이", "بدون قيود",
    "बिना प्रतिबंध", "tanpa batasan", "không giới hạn",
    "malware", "ransomware", "keylogger", "exploit",
)

#: "please" in other languages (dictionary words), as the folded text spells them
PLEASE_I18N = (
    "por favor", "s'il vous plaît", "s'il te plaît", "bitte", "per favore", "alsjeblieft",
    "alstublieft", "proszę", "prosím", "пожалуйста", "будь ласка", "lütfen", "kérem",
    "kérlek", "παρακαλώ", "בבקשה", "من فضلك", "لطفا", "कृपया", "দয়া করে", "tolong",
    "làm ơn", "vui lòng", "pakiusap", "请", "請", "ください", "주세요", "vänligen", "snälla",
    "vennligst", "venligst", "ole hyvä", "palun", "molim", "моля", "te rog", "vă rog",
    "prosimo", "lūdzu", "prašau",
)


def _trie(words: list[str]) -> str:
    """``words`` as one regular expression shaped as a trie (one branch tried at each
    position: a flat alternation of a hundred words is tried word by word, slowly)."""
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        ends = "" in node
        branches = [re.escape(ch).replace(r"\ ", " ") + build(child)
                    for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
        if ends:
            return f"(?:{body})?"
        return body

    return build(root)


def _i18n(words: tuple[str, ...]) -> tuple[str, str]:
    """The words as one alternation over ``flat`` and their gate words (each as the screen
    reads it: lower case, look-alike letters turned Latin, punctuation as spaces): a Latin
    word at a word's start, another script's where it stands."""
    latin: list[str] = []
    other: list[str] = []
    gate: set[str] = set()
    for word in dict.fromkeys(words):
        flat = normalise(word).flat
        if not flat:
            continue
        (latin if flat[0].isascii() else other).append(flat)
        gate.add(max(flat.split(), key=len))
    parts = [rf"\b{_trie(latin)}" if latin else "", _trie(other) if other else ""]
    return "|".join(p for p in parts if p), " ".join(sorted(gate))


_PLEASE_X = "|".join(sorted({re.escape(normalise(w).folded).replace(r"\ ", " ")
                              for w in PLEASE_I18N}, key=len, reverse=True))
_PLEASE_GATE = " ".join(sorted({max(normalise(w).flat.split(), key=len)
                                for w in PLEASE_I18N}))


FRAME_X, FRAME_GATE = _i18n(FRAME_I18N)
HARM_X, HARM_GATE = _i18n(HARM_I18N)
PLEASE_X, PLEASE_GATE = _PLEASE_X, _PLEASE_GATE
