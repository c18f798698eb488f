"""The words that name a secret or a password, and the cheap gates before the regexes.

A secret-like name (detect-secrets' denylist and more, in several languages) is what the
assignment, the near-value and the prose rules look for; a text without any of the stems
here holds none, so the rules that need one are skipped.
"""

from __future__ import annotations

import re
import string

from detect_secrets.plugins.keyword import DENYLIST

from .needles import Needles

#: words that name a password (the strongest names: any chosen-looking value after one is one)
_PASSWORD_WORDS = (r"password|passwd|passphrase|pwd|pw|pass|passwort|kennwort|contrase(?:ñ|n)a|"
                   r"mot de passe|senha|wachtwoord|lösenord|has(?:ł|l)o|пароль|парол[яюе]|"
                   r"salasana|adgangskode|passord|heslo|jelsz(?:ó|o)|şifre|sifre|parola|"
                   # the definite and possessive forms ("lösenordet", "şifresi")
                   r"lösenordet|şifresi|sifresi|parolas\u0131|parolasi|"
                   # Catalan, Vietnamese, Indonesian and Malay
                   r"contrasenya|mật khẩu|kata sandi|kata laluan|"
                   # (wave 15) from dictionaries: Croatian, Serbian and Bosnian (Latin),
                   # Slovene, Estonian, Lithuanian, Icelandic, Albanian, Swahili, Afrikaans,
                   # Welsh, Basque, European Portuguese; French as a key and its abbreviation
                   r"lozink[aeiu]|gesl[oa]|parooli?|slapta(?:ž|z)od(?:is|į|i)|lykilor(?:ð|d)\w*|"
                   r"fjal(?:ë|e)kalim\w*|nenosiri|wagwoord|cyfrinair|pasahitz\w*|"
                   r"palavra-passe|mot[_ ]de[_ ]passe|motdepasse|mdp|"
                   # (wave 16) the inflected forms a sentence puts the word in (possessive,
                   # definite, genitive, accusative): Hungarian, Danish and Norwegian,
                   # Finnish, Czech and Slovak, Polish, Romanian, Dutch and German plurals
                   r"jelszav(?:a|át|at)|jelsz(?:ó|o)t|şifre(?:miz|niz|m|n)|sifre(?:miz|niz|m|n)|adgangskoden|passordet|salasanan|"
                   r"hesla|heslem|has(?:ł|l)a|has(?:ł|l)em|parol(?:ă|a)|wachtwoorden|"
                   r"passw(?:ö|oe)rter|kennw(?:ö|oe)rter|contrase(?:ñ|n)as|senhas")
#: words that name a secret a person chose and shares, said as a password is (a RADIUS, IPsec
#: or webhook shared secret, a pre-shared key, a secret phrase, a passcode): looked for
#: apart, only in a text :data:`SHARED_GATE` finds (a longer alternation in the
#: password pattern costs every text its time)
SHARED_WORDS = (r"passcode|shared[ -]secret|pre-?shared[ -]key|secret[ -]phrase|"
                # (wave 15) the codes and keys that unlock an account, a licence or a device
                # (English, German, French, Spanish, Portuguese, Italian, Dutch, Polish), and
                # a shared secret in those languages
                r"access[ -]code|activation[ -](?:code|key)|licen[cs]e[ -]key|product[ -]key|"
                r"zugangscode|aktivierungs(?:code|schl(?:ü|ue)ssel)|lizenzschl(?:ü|ue)ssel|"
                r"code d'acc(?:è|e)s|code d'activation|cl(?:é|e) de licence|"
                r"cl(?:é|e) d'acc(?:è|e)s|c(?:ó|o)digo de (?:acceso|acesso|activaci(?:ó|o)n|"
                r"ativa(?:ç|c)(?:ã|a)o)|clave de (?:licencia|acceso)|chave de (?:licen(?:ç|c)a|"
                r"acesso)|codice di (?:accesso|attivazione)|chiave di (?:licenza|accesso)|"
                r"toegangscode|activeringscode|licentiesleutel|kod dost(?:ę|e)pu|"
                r"kod aktywacyjny|klucz licencyjny|gemeinsame[sn]? geheimnis|"
                r"secret partag(?:é|e)|secreto compartido|segredo compartilhado|"
                r"segreto condiviso|gedeeld geheim")
SHARED_GATE = re.compile(r"passcode|shared[ -]secret|pre-?shared|secret[ -]phrase|"
                         r"access[ -]code|activation[ -](?:code|key)|licen[cs]e[ -]key|"
                         r"product[ -]key|zugangscode|aktivierungs|lizenzschl|code d'|"
                         r"cl(?:é|e) d|c(?:ó|o)digo de|clave de|chave de|codice di|chiave di|"
                         r"toegangscode|activeringscode|licentiesleutel|kod dost|"
                         r"kod aktyw|klucz licen|geheimnis|secret partag|compartid|"
                         r"condiviso|gedeeld geheim")
#: (wave 15) the substrings one of which a text must hold before :data:`SHARED_GATE` is
#: searched (cheap ``in`` tests)
SHARED_STEMS = ("shared", "phrase", "passcode", "code", "licen", "lizenz", "product key",
                "product-key", "activation", "codice", "código", "codigo", "geheim", "partag",
                "compart", "condivis",
                "clave de", "chave de", "chiave di", "clé d", "cle d", "kod ", "klucz")
NAMES = "|".join([*DENYLIST, r"senha", r"kennwort", r"wachtwoord", r"has(?:ł|l)o",
                   r"lösenord", r"access_?key", r"signing_?key", r"secret_?key", r"_pass\b",
                   r"pw\b", r"client_?secret", r"passphrase", r"token", r"credentials?",
                   r"auth_?token", r"recovery[ _]?(?:codes?|key)", r"backup[ _]?codes?",
                   # (wave 14) a master key (Meilisearch's, an app's settings) and a bearer
                   # (the token an Authorization header or a client sends as "Bearer")
                   r"master_?key", r"bearer",
                   # (wave 15) the keys that license, subscribe or activate, by the names
                   # their vendors' docs give them
                   r"licen[cs]e_?key", r"subscription_?key", r"activation_?(?:key|code)",
                   # (wave 16) the same names with a dot or a hyphen (``api.key``,
                   # ``access-key``: Spring properties, Helm values, kebab-case YAML), and
                   # Etsy's documented name of its API key, the "keystring"
                   r"api[.\-]key", r"access[.\-]key", r"secret[.\-]key", r"private[.\-]key",
                   r"client[.\-]key", r"account[.\-]key", r"service[.\-]key",
                   r"signing[.\-]key", r"master[.\-]key", r"auth[.\-]key", r"keystring",
                   # an access code (the wave 15 shared words with ``_``), Agora's App
                   # Certificate (the secret half of its App ID)
                   r"access_code", r"app_?certificate",
                   # (wave 22) a hash named for encryption: the key it encrypts with
                   r"encryption_hash", r"crypt_hash"])
#: names that hold something about a secret, not the secret (``token_count``, ``secret_name``;
#: (wave 11) a pagination cursor: ``next_page_token``, ``NextToken``, ``continuationToken``)
NOT_SECRET_NAME = re.compile(
    r"(?i)(?:tokens|tokeniz\w*|(?:page|next|continuation|pagination)_?token|_?(?:url|uri|path|file|dir|name|id|type|len|length|count|limit|"
    r"size|ttl|expiry|expires?|timeout|version|header|field|policy|"
    # (wave 22) a hash named for encryption (WHMCS's ``cc_encryption_hash``) is the key
    # it encrypts with, not a digest
    r"(?<!encryption_)(?<!crypt_)hash(?:ers?|ing|ed)?|"
    r"algorithm|format|validators?|strength|complexity|reset|requirements?|rules?|hint|"
    r"prefix|manager|store|scanning|rotation))$")
#: ``name = value``, ``name: value``, ``"name": "value"``, ``name is value``.
#: Found in two steps, so a long run of word characters costs linear time: a secret-like
#: name (:data:`NAME_HIT`), then from its end the rest (:data:`_ASSIGNMENT`).
def by_first_letter(alternation: str) -> str:
    """``alternation`` (``a|b|...``, each branch opening with a literal character) with its
    branches grouped by that character, in their order within each group: the same matches
    (two branches that open with different characters never both match at one place, and
    within a group the order is kept, so the same branch wins), but the pattern engine
    tries one group at a place instead of every branch (6 to 8 times faster on prose)."""
    branches: list[str] = []
    depth = 0
    current = ""
    escaped = False
    for c in alternation:
        if escaped:
            current, escaped = current + c, False
            continue
        if c == "\\":
            escaped = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            branches.append(current)
            current = ""
            continue
        current += c
    branches.append(current)
    groups: dict[str, list[str]] = {}
    for branch in branches:
        if not (branch[:1].isalnum() or branch[:1] == "_") or branch[1:2] in ("?", "*", "+", "{"):
            raise ValueError(f"a branch that does not open with a literal: {branch!r}")
        groups.setdefault(branch[0], []).append(branch[1:])
    return "|".join(f"{first}(?:{'|'.join(rest)})" for first, rest in groups.items())


NAME_HIT = re.compile(rf"(?i)(?:{by_first_letter(NAMES)})")
#: (wave 15) the password words grouped by their first letter (the same matches; every
#: pattern that holds them tries one group at a place instead of every word)
PASSWORD_WORDS = by_first_letter(_PASSWORD_WORDS)
#: :data:`NAME_HIT` for ASCII text lowercased: the same spans there (lowercasing changes
#: only A-Z in ASCII, and every letter of the names is lowercase), without the case-blind
#: matching that costs most of the search
NAME_HIT_LOWER = re.compile(by_first_letter(NAMES))
#: a text without any of these holds no secret-like name (a cheap test before the regexes)
_NAME_STEMS = ("key", "pass", "pw", "secret", "contrase", "token", "credential", "auth",
               "senha", "kennwort", "wachtwoord", "lösenord", "hasło", "haslo", "recovery",
               "backup", "bearer",
               # (wave 16) names with none of the stems above
               "access_code", "app_certificate", "appcertificate",
               # (wave 22)
               "encryption_hash", "crypt_hash")
#: a text without any of these holds no password word nor a ``-p`` flag
_PASSWORD_STEMS = ("pass", "pw", "contrase", "-p", " -u", "--user", " -a ", "--auth", "login",
                   "log-in", "sign-in", "credential", "creds", "senha", "kennwort", "wachtwoord",
                   "haslo", "salasana", "adgangskode", "heslo", "jelsz", "sifre", "parola",
                   "wifi", "wi-fi", "wlan", "psk", "contrasenya", "kata sandi", "kata laluan",
                   "zugangsdaten", "anmeldedaten", "identifiants", "credencia", "credenzia",
                   # (wave 10) Redis' password directive, whose name holds no password word
                   "masterauth",
                   # (wave 15) the password words added then (:data:`PASSWORD_WORDS`)
                   "lozink", "geslo", "gesla", "parool", "slaptaz", "lykilor", "fjalekalim",
                   "nenosiri", "wagwoord", "cyfrinair", "pasahitz", "mdp")
#: the stems outside ASCII, looked for only in a text that is not ASCII
_PASSWORD_STEMS_WIDE = ("lösenord", "hasło", "парол", "şifre", "密码", "密碼", "口令",
                        "パスワード", "비밀번호", "암호", "mật khẩu", "पासवर्ड", "كلمة",
                        "סיסמ", "κωδικ", "συνθηματικ", "รหัสผ่าน", "رمز عبور", "гасл",
                        # (wave 15) Lithuanian, Albanian, Icelandic; Macedonian and Serbian,
                        # Mongolian, Kazakh, Georgian, Armenian, Tamil, Bengali, Urdu
                        "slaptaž", "fjalëkalim", "lykilorð", "лозинк", "нууц үг", "құпия сөз",  # noqa: RUF001
                        "პაროლ", "գաղտնաբառ", "கடவுச்சொல்", "পাসওয়ার্ড", "پاس ورڈ")
#: the stems, for a caller that looks for them in one pass with other words
NAME_STEM_WORDS = _NAME_STEMS
PASSWORD_STEM_WORDS_WIDE = _PASSWORD_STEMS_WIDE
PASSWORD_STEM_WORDS = _PASSWORD_STEMS
#: the stems as one pattern each (one search in C instead of a loop of ``in`` tests)
NAME_GATE = re.compile("|".join(map(re.escape, _NAME_STEMS)))
PASSWORD_GATE = re.compile("|".join(map(re.escape, _PASSWORD_STEMS)))
PASSWORD_GATE_WIDE = re.compile("|".join(map(re.escape, _PASSWORD_STEMS_WIDE)))
#: the two first gates as :class:`~.needles.Needles` (one pass over the text; the same answer)
NAME_STEMS = Needles([(stem, stem) for stem in _NAME_STEMS])
PASSWORD_STEMS = Needles([(stem, stem) for stem in _PASSWORD_STEMS])
WORDISH = frozenset(string.ascii_letters + string.digits + "_.-")
#: a wireless network: in prose its value is its password ("the wifi in the office is now
#: ..."); not a password word elsewhere (``WIFI_SSID=...`` names the network)
NETWORK_WORDS = r"wi-?fi|wlan|psk"
#: where a password word starts: a word's start, or after a hyphen that joins it to a word
#: ("Root-Passwort", "WLAN-Kennwort")
COMPOUND = r"(?:(?<![\w-])|(?<=[^\W\d_]-))"
def is_password_name(name: str) -> bool:
    return re.search(rf"(?i)(?:{PASSWORD_WORDS})(?![a-z])", name) is not None
