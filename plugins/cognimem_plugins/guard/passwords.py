"""Passwords given in prose, to command-line flags and beside a user name.

"the admin password for grafana is ...", ``mysql -p'...'``, ``curl -u user:password``,
``login: admin / ...``, a password word in another language or script: each pattern finds
the value, and the value must look chosen (:func:`.evidence.looks_chosen`,
:func:`prose_value_reason`) unless it follows the word and ``=`` or ``:`` directly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .anchored import Anchored
from .decisions import Decision, decide
from .evidence import NOT_A_PATH, classes, looks_chosen, name_structure, versioned_name
from .names import COMPOUND, NETWORK_WORDS, PASSWORD_WORDS, SHARED_GATE, SHARED_WORDS
from .standins import STAND_IN_WORDS, VERSION, next_setting, placeholder, stand_in


def _prose_pattern(words: str) -> re.Pattern[str]:
    """A password word of ``words`` and a separator (``password=``, ``password:``), or up to
    five words and a separator of prose ("the admin password for grafana is ...", "pw for
    the shared account: ...", "password -> ..."; not ``=``, which there assigns to the word
    before it), or the value right after the word ("..., password hAARG^cW8J$")."""
    return re.compile(
        rf"(?i){COMPOUND}(?:{words})(?![\w-])"
        r"(?:\s*(?::=|=>|->|→|=|:)[*_]{0,2}\s*"  # "password:", "**Password:** ..."
        r"|(?P<mid>,?(?:[^\S\n]+[^\s:=>→]+?){0,8}?)(?:[^\S\n]?:\s+|\s+(?:->|→|=)\s+|\s+(?:is|was|to|é|è|est|ist|es|är|jest|era|war|lautet|heißt|lautete|это|\u2014|\u2013|it'?s|it\s+is|typed|entered)(?:\s+now|\s+jetzt|\s+ahora|\s+literally|\s+actually|\s+still|\s+currently)?\s+)"
        # after words of prose the value must hold a digit or a symbol within its next two
        # words, so a word ("the password was reset to ...") does not end the search early
        r"(?=(?:\S+\s+)?['\"`]?[^\s'\"`]*[^\sA-Za-z'\"`])"
        r"|[^\S\n]+(?=(?:\S+\s+)?['\"`]?[^\s'\"`]*[^\sA-Za-z'\"`]))"
        r"(?:(?:typed|entered|enter|type|use|used|try|tried|set\s+to|just|simply)\s+)?"
        r"(?P<q>['\"`(])?(?P<value>[^\s'\"`]{4,128})")


_PROSE_PASSWORD = _prose_pattern(f"{PASSWORD_WORDS}|{NETWORK_WORDS}")
#: the same after a shared secret's words ("the RADIUS shared secret is ...")
_PROSE_SHARED = _prose_pattern(SHARED_WORDS)
#: the copulas of languages whose "is" is a word English uses otherwise (Finnish "on",
#: Danish and Norwegian "er", Czech "je"), after their own password words only
_COPULAS = {"salasana": ("on",), "adgangskode": ("er",), "passord": ("er",),
            "heslo": ("je", "zní"), "parol": ("este", "e"), "contrasenya": ("és", "es"),
            "mật khẩu": ("là",), "kata sandi": ("adalah", "ialah"),
            "kata laluan": ("adalah", "ialah"),
            # (wave 15) Croatian, Serbian and Bosnian, Slovene, Estonian, Lithuanian,
            # Icelandic, Albanian, Swahili, Welsh
            "lozink": ("je",), "gesl": ("je",), "parool": ("on",), "slaptažod": ("yra",),
            "slaptazod": ("yra",), "lykilor": ("er",), "fjalëkalim": ("është", "eshte"),
            "fjalekalim": ("është", "eshte"), "nenosiri": ("ni",), "cyfrinair": ("yw", "ydy"),
            # (wave 16) Tagalog, Malay and Indonesian write the English word with their
            # own copula ("ang password ng admin ay ...", "password untuk ... adalah ...")
            "password": ("ay", "adalah", "ialah")}
_COPULA_PASSWORD = re.compile(
    rf"(?i){COMPOUND}(?P<word>(?:{'|'.join(_COPULAS)})\w*)"
    r"(?P<mid>(?:[^\S\n]+[^\s:=>]+?){0,6}?)\s+"
    rf"(?P<copula>{'|'.join(sorted({c for cs in _COPULAS.values() for c in cs}))})\s+"
    r"(?P<q>['\"`(])?(?P<value>[^\s'\"`]{4,128})")


def _copula_fits(m: re.Match[str]) -> bool:
    """Whether the copula of a :data:`_COPULA_PASSWORD` match is its password word's."""
    word = m.group("word").lower()
    return any(word.startswith(stem) and m.group("copula").lower() in copulas
               for stem, copulas in _COPULAS.items())
#: a password word in a script other than Latin (Cyrillic, Greek, Hebrew, Arabic, Persian,
#: Devanagari, Thai): the value is the first run of ASCII after it on its line, wherever the
#: language puts its verb ("पासवर्ड X है", "пароль от сервера X")
_SCRIPT_PASSWORD = re.compile(
    r"(?i)(?:пароль|паролю|пароля|гасло|पासवर्ड|كلمة المرور|كلمة السر|סיסמ[הא]|κωδικ[όο]ς?|"
    r"συνθηματικό|รหัสผ่าน|رمز عبور|"
    # (wave 15) Macedonian and Serbian, Bulgarian, Mongolian, Kazakh, Georgian, Armenian,
    # Tamil, Bengali, Urdu
    r"лозинк[аеуи]|парола(?:та)?|нууц үг|құпия сөз|პაროლ\w*|գաղտնաբառ\w*|கடவுச்சொல்\w*|"  # noqa: RUF001
    r"পাসওয়ার্ড|پاس ?ورڈ)"
    # (wave 15) the gap may hold an English word of the sentence, in lowercase (Greek "the
    # password for the server is ..." with "server" in Latin): a value is never such a word
    r"(?P<gap>(?:[^\x21-\x7e\n]|[:=]|(?<![!-~])[a-z]{2,12}(?=[^\S\n])){0,60}?)"
    r"(?P<q>['\"`]?)(?![a-z]{2,12}(?![!-~]))(?P<value>[!-~]{6,128})")
#: a value given before its password word ("it's ... (the vpn password)", "... is the new
#: wifi password"): the value, then a bracket or "is"/"was", up to four words, the word
_BACK_PASSWORD = re.compile(
    r"(?i)(?<![^\s'\"`(])(?P<q>['\"`]?)(?P<value>[^\s'\"`()]{6,128})(?P=q)[^\S\n]+"
    r"(?:\((?:[\w'-]+[^\S\n]+){0,4}|(?:is|was)[^\S\n]+(?:[\w'-]+[^\S\n]+){0,4})"
    rf"(?:{PASSWORD_WORDS}|{NETWORK_WORDS}[^\S\n]+password)\b")
#: ``mysql -p'...'``, ``--password=...``
_FLAG_PASSWORD = re.compile(
    r"(?<!\S)(?<!sshpass )(?:-p|--password[= ]|(?:-u|--user(?:name)?)[= ]\S+\s+-p\s+)"
    r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})(?P=q)")
#: ``curl -u user:password``, ``--user user:password``, ``http -a user:password``; (wave 14)
#: the user may be an OAuth client's id of up to 128 characters (``curl -u
#: CLIENT_ID:CLIENT_SECRET`` as PayPal, Spotify and others document the client-credentials
#: grant)
_FLAG_USER_PASSWORD = re.compile(
    r"(?<!\S)(?:-u|--user|-a|--auth)[= ]['\"]?[^\s:'\"]{1,128}:(?P<q>['\"]?)"
    r"(?P<value>[^\s'\"]{4,128})")
#: a login given as ``user / password`` after a word that says so ("login for grafana:
#: admin / ...", "creds: deploy / ...")
_CREDENTIAL_PAIR = re.compile(
    r"(?i)\b(?:logins?|log-in|sign-in|credentials?|creds|user(?:name)?\s*/\s*pass(?:word)?|"
    r"wi-?fi|wlan|accounts?|"
    r"zugangsdaten|anmeldedaten|identifiants|credenciales|credenciais|credenziali)\b"
    # then ":", "is", "are" or "=", or the pair right away when spaced ("the account deploy
    # / ..."); the pair's "/" spaced or not ("deploy/...")
    r"[^\n:]{0,40}?(?::|\s(?:is|are|=)|(?=\s+[^\s/:]{2,64}\s+/\s+))\s*[^\s/:]{2,64}"
    r"(?:\s*/\s*|:)(?P<q>['\"`]?)"
    r"(?P<value>[^\s'\"`/][^\s'\"`]{5,127})")
#: a password word in a language written without spaces (Chinese, Japanese, Korean), its
#: particle or colon, and the value ("数据库的密码是 ...", "adminパスワードは ...")
_CJK_PASSWORD = re.compile(
    r"(?:密码|密碼|口令|パスワード|비밀번호|암호)\s*(?:是|为|為|は|が|:|\uff1a|는|은|가|이|=)?\s*"
    r"(?P<q>['\"`「]?)(?P<value>[^\s'\"`\uff0c。、」]{4,128})")
#: (wave 10) a question that asks for a password, then a reply that is one word alone on
#: its line, after the speaker's name or not ("what's the pw for the staging admin?" /
#: "Amara: B,F5R&<d-x"): a chat's answer; the word must still look chosen (prose's checks)
_ASKED_PASSWORD = re.compile(
    rf"(?im){COMPOUND}(?:{PASSWORD_WORDS})(?![\w-])[^\n?]{{0,80}}\?[^\S\n]*\n"
    r"[^\S\n]*(?:\[[^\]\n]{1,20}\][^\S\n]*)?(?:[^\s:]{1,30}(?:[^\S\n][^\s:]{1,30})?:[^\S\n]+)?"
    r"(?P<q>['\"`]?)(?P<value>\S{6,128}?)(?P=q)[^\S\n]*$")
#: sshpass takes its password after ``-p`` and a space (``sshpass -p 'secret' ssh ...``)
_SSHPASS = re.compile(r"\bsshpass\s+-p\s*(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})")
#: the fixed openings of the password words' ASCII spellings (and the wireless words')
_PASSWORD_STEMS = ("pw", "pass", "kennwort", "contrase", "mot de passe", "senha", "wachtwoord",
                   "haslo", "salasana", "adgangskode", "heslo", "jelszo", "sifre", "parola",
                   "kata sandi", "kata laluan", "wifi", "wi-fi", "wlan", "psk",
                   # (wave 15)
                   "lozink", "gesl", "parool", "slaptazod", "lykilor", "fjalekalim",
                   "nenosiri", "wagwoord", "cyfrinair", "pasahitz", "mot_de_passe",
                   "motdepasse", "mdp")
#: the patterns that open with a word, tried only where one begins (:mod:`.anchored`)
_ANCHORED = {
    _PROSE_PASSWORD: Anchored(_PROSE_PASSWORD, _PASSWORD_STEMS),
    _ASKED_PASSWORD: Anchored(_ASKED_PASSWORD, _PASSWORD_STEMS),
    _CREDENTIAL_PAIR: Anchored(_CREDENTIAL_PAIR, (
        "login", "log-in", "sign-in", "cred", "user", "wifi", "wi-fi", "wlan", "account",
        "zugangsdaten", "anmeldedaten", "identifiants")),
    _FLAG_PASSWORD: Anchored(_FLAG_PASSWORD, ("-p", "--password", "-u", "--user")),
    _FLAG_USER_PASSWORD: Anchored(_FLAG_USER_PASSWORD, ("-u", "--user", "-a", "--auth")),
    _SSHPASS: Anchored(_SSHPASS, ("sshpass",)),
    _CJK_PASSWORD: Anchored(_CJK_PASSWORD, ()),  # its words are not ASCII
}


#: (wave 22) the value right after a password word ("..., pw qEfcPL5OvrdRS", ...), read when
#: the words of prose after it ran to a later ":" whose value was refused; switched by
#: leave-one-split-out CV (cv_wave22_secrets.py)
_RIGHT_AFTER_WORD = re.compile(r"[^\S\n]+(?P<q>['\"`]?)(?P<value>[^\s'\"`,;]{4,128})")
RETRY_NEAR = True


def _explicit_prose(text: str, value_start: int) -> bool:
    """Whether the value follows the password word and ``=`` or ``:`` directly
    (``password: ...``), rather than words of prose ("the password ... is ...")."""
    before = text[max(0, value_start - 24):value_start].rstrip(" \t'\"`(").lower()
    return re.search(rf"(?:{PASSWORD_WORDS})\s*[:=]$", before) is not None


#: nouns that make a phrase after a password word speak of something else than the password
#: ("the password reset job is ...", "the password policy is ..."): the value that follows
#: is then that thing's, and must not read as a name built of parts
_OTHER_SUBJECT = re.compile(
    r"(?i)\b(?:reset|policy|policies|manager|rotation|field|hash\w*|length|change|fix|branch|"
    r"file|job|requirements?|rules?|expiry|page|form|flow|service|module|ticket|issue|pr|"
    r"commit|test|tests|check|validator|strength|prompt|dialog|screen|vault|store|helper|"
    r"generator|script|hint|label|column|table|schema|format|pattern|regex)\b")


#: (wave 15) a key issued in capital hexadecimal (a licence's, an activation's): letters
#: and digits both, 16 to 64 of them
_ISSUED_HEX = re.compile(r"(?=[0-9A-F]*[A-F])(?=[0-9A-F]*[0-9])[0-9A-F]{16,64}")


def prose_value_reason(value: str, *, subject: bool = False) -> str | None:
    """Why a value given in prose after a password word is not a password, or None. Prose
    around "password" also speaks of commits, files and links ("the password reset fix is
    in a3f9c21"), so the value must look chosen: three character classes, and not a
    commit id, a version, a path, a link or a name built of parts. ``subject``: the
    password itself is what the sentence gives ("the root password on staging is ..."),
    so a value of words and digits joined by a dash (``copper-77kest``) is one too."""
    if re.fullmatch(r"[0-9a-fA-F]+", value):
        return "hexadecimal (a commit id or a digest)"
    if ((("/" in value or "\\" in value) and not NOT_A_PATH.search(value.split("?")[0]))
            or re.search(r"\w\.\w{2,}/", value)):
        return "a path or a link"
    if VERSION.fullmatch(value):
        return "a version"
    why = name_structure(value) or versioned_name(value)
    if why and not (subject and any(c.isdigit() for c in value)):
        return why
    if classes(value) < 3:
        return "mixes fewer than three character classes"
    return None


#: a user name given in the same text (``username='alice'``, ``user: admin``)
USER_VALUE = re.compile(r"(?i)\b(?:user(?:_?name)?|login)['\"]?\s*[=:]\s*['\"]?"
                         r"(?P<value>[^\s'\",;)]{1,64})")


def psql_variable(text: str, start: int, value: str) -> str | None:
    """Why a value at ``start`` is a psql variable (``PASSWORD :'app_password'``), or None."""
    if text[start - 2:start] in (":'", ':"') and value.isidentifier():
        return "a psql variable (:'name' puts the variable's value there)"
    return None


def same_as_user(text: str, value: str) -> str | None:
    """Why a password equal to the user name given beside it is no secret, or None: a login
    whose password is its name (``admin``/``admin``, a test client's ``alice``/``alice``) is
    a fixture or a default, the first pair anyone tries."""
    for m in USER_VALUE.finditer(text):
        user = m.group("value").lower()
        if len(user) < 3 or user not in value.lower():
            continue
        rest = [w for w in re.split(r"[\W_]+", value.lower().replace(user, " ")) if w]
        if all(w in STAND_IN_WORDS or w in ("pass", "pw", "pwd") or (w.isdigit() and len(w) <= 4)
               for w in rest):
            return "the user name beside it, alone or with stand-in words (a fixture or a default)"
    return None


def prose_passwords(text: str) -> Iterator[Decision]:
    low = text.lower()
    shared = SHARED_GATE.search(low) is not None
    for pattern, why in ((_PROSE_PASSWORD, "a password given after a password word"),
                         (_PROSE_SHARED, "a shared secret given after its words"),
                         (_FLAG_PASSWORD, "a password given to -p or --password"),
                         (_FLAG_USER_PASSWORD, "a password given to -u user:password"),
                         (_CREDENTIAL_PAIR, "a password given as user / password"),
                         (_CJK_PASSWORD, "a password given after a password word"),
                         (_COPULA_PASSWORD, "a password given after a password word"),
                         (_SCRIPT_PASSWORD, "a password given after a password word"),
                         (_BACK_PASSWORD, "a password given before a password word"),
                         (_SSHPASS, "a password given to sshpass -p"),
                         (_ASKED_PASSWORD, "a password given as the reply to a question "
                                           "that asks for it")):
        if (pattern is _PROSE_SHARED and not shared) or (
                pattern is _COPULA_PASSWORD and not any(w in low for w in _COPULAS)) or (
                pattern is _SCRIPT_PASSWORD and low.isascii()) or (
                pattern is _ASKED_PASSWORD and "?" not in text):
            continue  # neither their words nor their script (cheap tests before the regex)
        anchored = _ANCHORED.get(pattern)
        for m in (pattern.finditer(text) if anchored is None else anchored.finditer(text, low)):
            if pattern is _COPULA_PASSWORD and not _copula_fits(m):
                continue
            value = m.group("value")
            begin = m.start("value")
            if m.group("q") == "(":
                inner, closed, rest = value.partition(")")
                if rest.strip(".,;:!?*_") or not closed:  # "(x7Hq)!m~2Lp": its own bracket
                    value, begin = f"({value}", begin - 1
                else:  # "(hunter2-Xy9)": the value in brackets
                    value = inner
            lead = len(value) - len(value.lstrip("*_"))  # **bold** or _emphasis_
            start = begin + lead
            trimmed = value[lead:]
            for _ in range(2):  # the end of a sentence, then of **bold** ("**Pass X**:")
                if len(trimmed.rstrip(".,;:)?!")) >= 4:
                    trimmed = trimmed.rstrip(".,;:)?!")
                if lead or trimmed.endswith(("**", "__")):
                    trimmed = trimmed[:len(trimmed.rstrip("*_")) or None]
            # sshpass -p takes nothing but the password: any value that is no stand-in is one
            why_not = stand_in(trimmed) or looks_chosen(trimmed)
            if pattern is _SSHPASS:
                # sshpass -p takes nothing but the password: any value but a stand-in is one
                why_not = placeholder(trimmed)
            elif why_not is None and not any(c.isalpha() for c in trimmed):
                why_not = "no letter"
            elif why_not is None and trimmed.replace("-", "").isalpha():
                why_not = "letters only"
            elif why_not is None and pattern is not _FLAG_USER_PASSWORD and not _explicit_prose(
                    text, m.start("value")):
                # (wave 10) ``-u user:VALUE`` is the flag's own syntax, no prose: a value
                # there is the password whatever its alphabet (Jenkins' API tokens, 34
                # hexadecimal digits, are given so); prose's checks (a commit id) are not run
                mid = m.groupdict().get("mid")
                why_not = prose_value_reason(trimmed, subject=mid is not None
                                             and _OTHER_SUBJECT.search(mid) is None)
            if (why_not is not None and pattern is _PROSE_SHARED
                    and _ISSUED_HEX.fullmatch(trimmed) and not stand_in(trimmed)):
                # (wave 15) a licence or activation key in capitals and digits: no commit
                # id (those are lowercase) nor a word
                why_not = None
            if why_not is None:
                why_not = next_setting(text[m.start():begin], trimmed)
            if why_not is None and USER_VALUE.search(text) is not None:
                why_not = same_as_user(text, trimmed)
            if why_not is None:
                why_not = psql_variable(text, start, trimmed)
            if (why_not is not None and RETRY_NEAR and pattern is _PROSE_PASSWORD
                    and m.group("mid")):
                # (wave 22) the words of prose ran to a later ":" ("pw X", "public": false)
                # and that value was refused: the value right after the word is read
                near = _RIGHT_AFTER_WORD.match(text, m.start("mid"))
                if near is not None:
                    value = near.group("value").rstrip(".,;:)?!")
                    if value and not (stand_in(value) or looks_chosen(value)
                                      or prose_value_reason(value)):
                        yield decide("password_assignment", near.start("value"),
                                     near.start("value") + len(value), None, why)
                        continue
            yield decide("password_assignment", start, start + len(trimmed), why_not, why)
