"""Credentials found in text and replaced by typed placeholders (``[REDACTED:aws_access_key]``).

Every candidate becomes a :class:`Decision`: redacted or kept, with the reason, so
``cognimem guard --explain`` can show each one and a write's notes can say where and why.

Three sources, from strongest to weakest evidence:

* a provider's format (:mod:`.formats`, mostly detect-secrets' own regexes): redacted;
* a value assigned to a secret-like name (``DB_PASSWORD=...``, ``"api_key": "..."``, "the
  admin password for X is ...", ``mysql -p'...'``), or the password of a URL or a
  connection string: redacted unless the value is a template, a reference, a placeholder,
  a plain word or a version (detect-secrets' heuristic filters and the checks of
  :mod:`.evidence`);
* a value a few words after a secret-like name ("the signing key for webhooks is now
  8GlH..."): redacted only with evidence an identifier does not give (see
  :func:`.evidence.identifier_reason`): a feature-flag key, a pod name or a commit id after
  "key" is kept.

A profile's allowlist (literal values or regular expressions) keeps a team's own
identifiers whatever the source.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from detect_secrets.filters.heuristic import (
    is_indirect_reference,
    is_prefixed_with_dollar_sign,
    is_sequential_string,
    is_templated_secret,
)
from detect_secrets.plugins.keyword import DENYLIST

from .commands import command_passwords
from .context import public_value_reason, template_spans, twilio_auth_tokens
from .evidence import (
    NOT_A_PATH,
    classes,
    entropy,
    identifier_reason,
    looks_chosen,
    name_structure,
)
from .formats import (
    PRIVATE_BLOCK,
    PRIVATE_HEADER,
    SCHEME_KINDS,
    URL_PASSWORD,
    URL_PASSWORD_LOOSE,
    provider_matches,
)
from .languages import NAME_WIDE, gloss, has_name
from .pairs import pairs

PLACEHOLDER = "[REDACTED:{kind}]"
_PLACEHOLDER_RE = re.compile(r"\[REDACTED:[a-z0-9_]+\]")

#: words that name a password (the strongest names: any chosen-looking value after one is one)
_PASSWORD_WORDS = (r"password|passwd|passphrase|pwd|pw|pass|passwort|kennwort|contrase(?:ñ|n)a|"
                   r"mot de passe|senha|wachtwoord|lösenord|has(?:ł|l)o|пароль|парол[яюе]|"
                   r"salasana|adgangskode|passord|heslo|jelsz(?:ó|o)|şifre|sifre|parola|"
                   # the definite and possessive forms ("lösenordet", "şifresi")
                   r"lösenordet|şifresi|sifresi|parolas\u0131|parolasi|"
                   # Catalan, Vietnamese, Indonesian and Malay
                   r"contrasenya|mật khẩu|kata sandi|kata laluan")
_NAMES = "|".join([*DENYLIST, r"senha", r"kennwort", r"wachtwoord", r"has(?:ł|l)o",
                   r"lösenord", r"access_?key", r"signing_?key", r"secret_?key", r"_pass\b",
                   r"pw\b", r"client_?secret", r"passphrase", r"token", r"credentials?",
                   r"auth_?token", r"recovery[ _]?(?:codes?|key)", r"backup[ _]?codes?"])
#: names that hold something about a secret, not the secret (``token_count``, ``secret_name``)
_NOT_SECRET_NAME = re.compile(
    r"(?i)(?:tokens|tokeniz\w*|_?(?:url|uri|path|file|dir|name|id|type|len|length|count|limit|"
    r"size|ttl|expiry|expires?|timeout|version|header|field|policy|hash(?:ers?|ing|ed)?|"
    r"algorithm|format|validators?|strength|complexity|reset|requirements?|rules?|hint|"
    r"prefix|manager|store|scanning|rotation))$")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+.\w]*)?")
#: ``name = value``, ``name: value``, ``"name": "value"``, ``name is value``.
#: Found in two steps, so a long run of word characters costs linear time: a secret-like
#: name (:data:`_NAME_HIT`), then from its end the rest (:data:`_ASSIGNMENT`).
_NAME_HIT = re.compile(rf"(?i)(?:{_NAMES})")
#: a text without any of these holds no secret-like name (a cheap test before the regexes)
_NAME_STEMS = ("key", "pass", "pw", "secret", "contrase", "token", "credential", "auth",
               "senha", "kennwort", "wachtwoord", "lösenord", "hasło", "haslo", "recovery",
               "backup")
#: a text without any of these holds no password word nor a ``-p`` flag
_PASSWORD_STEMS = ("pass", "pw", "contrase", "-p", " -u", "--user", " -a ", "--auth", "login",
                   "log-in", "sign-in", "credential", "creds", "senha", "kennwort", "wachtwoord",
                   "haslo", "salasana", "adgangskode", "heslo", "jelsz", "sifre", "parola",
                   "wifi", "wi-fi", "wlan", "psk", "contrasenya", "kata sandi", "kata laluan",
                   "zugangsdaten", "anmeldedaten", "identifiants", "credencia", "credenzia")
#: the stems outside ASCII, looked for only in a text that is not ASCII
_PASSWORD_STEMS_WIDE = ("lösenord", "hasło", "парол", "şifre", "密码", "密碼", "口令",
                        "パスワード", "비밀번호", "암호", "mật khẩu", "पासवर्ड", "كلمة",
                        "סיסמ", "κωδικ", "συνθηματικ", "รหัสผ่าน", "رمز عبور", "гасл")
#: the stems as one pattern each (one search in C instead of a loop of ``in`` tests)
_NAME_GATE = re.compile("|".join(map(re.escape, _NAME_STEMS)))
_PASSWORD_GATE = re.compile("|".join(map(re.escape, _PASSWORD_STEMS)))
_PASSWORD_GATE_WIDE = re.compile("|".join(map(re.escape, _PASSWORD_STEMS_WIDE)))
_WORDISH = frozenset(string.ascii_letters + string.digits + "_.-")
_ASSIGNMENT = re.compile(
    r"(?i)[\w.\-]{0,40}['\"\]]{0,2}"
    r"(?:\s*:\s*&?(?:'static\s+)?[\w:<>\[\]]{1,30}\??(?=\s*=[^=>]))?"  # a type: `X: &str = `
    r"(?P<sep>\s*(?::=|=>|(?:\|\||\?\?|&&)?==?|:(?!:))\s*|\s+(?:is|was|=)\s+)"
    r"(?:\\?(?P<q>['\"`])(?P<quoted>[^'\"`\n\\]{4,200})\\?(?P=q)"  # quotes, escaped too
    r"|(?P<bare>[^\s'\"`,;)<>]{4,200}))")
#: an XML or HTML element named for a secret (``<password>...</password>``)
_ELEMENT = re.compile(
    r"(?i)<(?P<name>[\w:.\-]{0,30}(?:password|passwd|secret|token|api[_\-]?key|apikey|"
    r"credential|passphrase)[\w.\-]{0,20})>\s*(?P<value>[^<\s]{4,200})\s*</(?P=name)>")
#: a .NET configuration setting, ``<add key="SmtpPassword" value="..." />``
_APP_SETTING = re.compile(
    r"<add\s+key\s*=\s*\"(?P<name>[\w:.\-]{1,60})\"\s+value\s*=\s*\"(?P<value>[^\"\n]{4,200})\"")
#: a wireless network: in prose its value is its password ("the wifi in the office is now
#: ..."); not a password word elsewhere (``WIFI_SSID=...`` names the network)
_NETWORK_WORDS = r"wi-?fi|wlan|psk"
#: where a password word starts: a word's start, or after a hyphen that joins it to a word
#: ("Root-Passwort", "WLAN-Kennwort")
_COMPOUND = r"(?:(?<![\w-])|(?<=[^\W\d_]-))"
#: a password word and a separator (``password=``, ``password:``), or up to five words and a
#: separator of prose ("the admin password for grafana is ...", "pw for the shared account:
#: ...", "password -> ..."; not ``=``, which there assigns to the word before it), or the
#: value right after the word ("..., password hAARG^cW8J$")
_PROSE_PASSWORD = re.compile(
    rf"(?i){_COMPOUND}(?:{_PASSWORD_WORDS}|{_NETWORK_WORDS})(?![\w-])"
    r"(?:\s*(?::=|=>|->|→|=|:)[*_]{0,2}\s*"  # "password:", "**Password:** ..."
    r"|(?P<mid>,?(?:[^\S\n]+[^\s:=>→]+?){0,8}?)(?::\s+|\s+(?:->|→|=)\s+|\s+(?:is|was|to|é|è|est|ist|es|är|jest|era|war|lautet|heißt|lautete|это|\u2014|\u2013|it'?s|it\s+is)(?:\s+now|\s+jetzt|\s+ahora|\s+literally|\s+actually|\s+still|\s+currently)?\s+)"
    # after words of prose the value must hold a digit or a symbol within its next two
    # words, so a word ("the password was reset to ...") does not end the search early
    r"(?=(?:\S+\s+)?[^\s'\"`]*[^\sA-Za-z'\"`])"
    r"|[^\S\n]+(?=(?:\S+\s+)?[^\s'\"`]*[^\sA-Za-z'\"`]))"
    r"(?:(?:typed|entered|enter|type|use|used|try|tried|set\s+to|just|simply)\s+)?"
    r"(?P<q>['\"`(])?(?P<value>[^\s'\"`]{4,128})")
#: the copulas of languages whose "is" is a word English uses otherwise (Finnish "on",
#: Danish and Norwegian "er", Czech "je"), after their own password words only
_COPULAS = {"salasana": ("on",), "adgangskode": ("er",), "passord": ("er",),
            "heslo": ("je", "zní"), "parol": ("este", "e"), "contrasenya": ("és", "es"),
            "mật khẩu": ("là",), "kata sandi": ("adalah", "ialah"),
            "kata laluan": ("adalah", "ialah")}
_COPULA_PASSWORD = re.compile(
    rf"(?i){_COMPOUND}(?P<word>(?:{'|'.join(_COPULAS)})\w*)"
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
    r"συνθηματικό|รหัสผ่าน|رمز عبور)"
    r"(?P<gap>[^\x21-\x7e\n]{0,60}?)(?P<q>['\"`]?)(?P<value>[!-~]{6,128})")
#: a value given before its password word ("it's ... (the vpn password)", "... is the new
#: wifi password"): the value, then a bracket or "is"/"was", up to four words, the word
_BACK_PASSWORD = re.compile(
    r"(?i)(?<![^\s'\"`(])(?P<q>['\"`]?)(?P<value>[^\s'\"`()]{6,128})(?P=q)[^\S\n]+"
    r"(?:\((?:[\w'-]+[^\S\n]+){0,4}|(?:is|was)[^\S\n]+(?:[\w'-]+[^\S\n]+){0,4})"
    rf"(?:{_PASSWORD_WORDS}|{_NETWORK_WORDS}[^\S\n]+password)\b")
#: ``mysql -p'...'``, ``--password=...``
_FLAG_PASSWORD = re.compile(
    r"(?<!\S)(?<!sshpass )(?:-p|--password[= ]|(?:-u|--user(?:name)?)[= ]\S+\s+-p\s+)"
    r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})(?P=q)")
#: ``curl -u user:password``, ``--user user:password``, ``http -a user:password``
_FLAG_USER_PASSWORD = re.compile(
    r"(?<!\S)(?:-u|--user|-a|--auth)[= ]['\"]?[^\s:'\"]{1,64}:(?P<q>['\"]?)"
    r"(?P<value>[^\s'\"]{4,128})")
#: a login given as ``user / password`` after a word that says so ("login for grafana:
#: admin / ...", "creds: deploy / ...")
_CREDENTIAL_PAIR = re.compile(
    r"(?i)\b(?:logins?|log-in|sign-in|credentials?|creds|user(?:name)?\s*/\s*pass(?:word)?|"
    r"wi-?fi|wlan|"
    r"zugangsdaten|anmeldedaten|identifiants|credenciales|credenciais|credenziali)\b"
    r"[^\n:]{0,40}?(?::|\s(?:is|are|=))\s*[^\s/:]{2,64}(?:\s+/\s+|:)(?P<q>['\"`]?)"
    r"(?P<value>[^\s'\"`/][^\s'\"`]{5,127})")
#: a password word in a language written without spaces (Chinese, Japanese, Korean), its
#: particle or colon, and the value ("数据库的密码是 ...", "adminパスワードは ...")
_CJK_PASSWORD = re.compile(
    r"(?:密码|密碼|口令|パスワード|비밀번호|암호)\s*(?:是|为|為|は|が|:|\uff1a|는|은|가|이|=)?\s*"
    r"(?P<q>['\"`「]?)(?P<value>[^\s'\"`\uff0c。、」]{4,128})")
#: sshpass takes its password after ``-p`` and a space (``sshpass -p 'secret' ssh ...``)
_SSHPASS = re.compile(r"\bsshpass\s+-p\s*(?P<q>['\"]?)(?P<value>[^\s'\"]{4,128})")
#: a value a few words after a secret-like name ("the deploy token for CI is now 8f3...");
#: the window may cross the end of a sentence ("... key today. New value: ...")
#: a value a few words after a secret-like name: the words (runs of a value's characters)
#: and what may separate them; the first separator may cross a line (``- name: KEY`` then
#: ``value: ...``)
_TOKEN = re.compile(r"[\w+/\-=.~]+")  # (a word of another language is walked over too)
_GAP = re.compile(r"[ \t:,'\"=()>.?!-]{0,4}(?:\n[^\S\n]*(?:-[^\S\n]*)?['\"]?)?")
_GAP_INLINE = re.compile(r"[ \t:,'\"=()>.?!-]{1,4}")
_NEAR_WORDS = 7
#: a secret-like name right after a value ("I put VALUE as the AWS secret access key",
#: "VALUE (the staging token)"): the name, and the link words allowed between them
_NAME_ONLY = re.compile(rf"(?i)(?<![A-Za-z0-9])(?:{_NAMES}|key\d?)\b")
_BACK_VALUE = re.compile(
    r"(?<![A-Za-z0-9+/_\-=.~])(?P<value>[A-Za-z0-9+/_\-=.~]{16,200})(?![A-Za-z0-9+/_\-=.~])"
    r"(?P<link>[^\S\n]+(?:is|was|as|are)[^\S\n]+(?:[\w'\-]+[^\S\n]+){0,5}"
    r"|[^\S\n]*[(\[][^\S\n]*(?:[\w'\-]+[^\S\n]+){0,5}"
    r"|[^\S\n]+[-—][^\S\n]+(?:[\w'\-]+[^\S\n]+){0,5})$")
#: providers that issue hexadecimal keys (their names make "key" a credential's name)
_PROVIDERS = (r"datadog|new\s?relic|mailgun|sendgrid|algolia|bugsnag|rollbar|pagerduty|sentry|"
              r"heroku|cloudflare|segment|mixpanel|amplitude|launchdarkly|postmark|mapbox|"
              r"etherscan|infura|alchemy|snyk|circleci|codecov|contentful|fastly|hubspot|"
              r"intercom|zendesk|twilio|plaid|sumo\s?logic|netlify|linode|vultr|pushover|"
              r"telnyx|vonage|nexmo|messagebird|honeycomb|loggly|papertrail|logz")
#: a provider's name, then up to three words, then "key" or "token", on the value's line
#: ("the PagerDuty integration key: ..."); other nouns still keep a value ("Datadog trace id")
_PROVIDER_KEY = re.compile(rf"(?i)\b(?:{_PROVIDERS})\b(?:[\s_-]+[\w-]+){{0,3}}?[\s_-]+"
                           r"(?:key|token)\b")
#: names that say the value is an API key or another credential (not "key" alone: a cache
#: key, a flag key, a partition key): a long random hexadecimal value after one is a key
#: (Datadog, New Relic, Mailgun and many more issue hexadecimal keys)
_STRONG_NAME = re.compile(
    r"(?i)(?:api|app|application|access|secret|auth|client|account|master|signing|"
    r"encryption|license|licence|admin|ingest(?:ion)?)[\s_-]?key|secret|token|passw|pwd|"
    r"credential|auth|bearer"
    # a key named by a provider that issues hexadecimal keys ("the Datadog key for ...")
    rf"|(?:{_PROVIDERS})[\s_-]*key")
#: words that say a hexadecimal value is something else: a commit, a digest, a trace
_OTHER_NOUN = re.compile(
    r"(?i)\b(?:ids?|trace\w*|span|commit|sha\d*|hash\w*|digest|checksum|build|run|"
    r"fingerprint|request|object|revision|rev|version|etag|uuid|guid|session|change|fix|"
    r"patch|merge|pr|release|tag|job|task|event|instance|tenant|project|workspace|resource|"
    r"customer|order|ticket|issue|record|node|pod|device|host|file|message|step)\b")
_HASH = re.compile(r"(?i)(?:sha\d*[:=-]|md5[:=]|commit\s|digest\s|hash\s|checksum\s)\s*$")
_PUBLIC_KEY = re.compile(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\S+|sk-ssh-\S+)\s+$")
_KEY_BODY = re.compile(r"[A-Za-z0-9+/=]{40}")
_HEX = re.compile(r"[0-9a-fA-F]+")
_CONN_ASSIGN = re.compile(r"(?i)\b(?:password|pwd)\s*=\s*(?P<value>[^;'\"\s]{3,200})")

_PLAIN_VALUES = frozenset(
    "true false null none nil required optional redacted hidden masked empty changeme "
    "example placeholder secret password token string undefined missing invalid expired "
    "rotated revoked admin root guest default user demo "
    # where a password is kept, named in its place ("the password is in 1Password")
    "1password bitwarden lastpass keepass keepassxc dashlane keychain".split())
#: a lowercase prefix and stand-in words in capitals (``sk_live_REPLACE_ME``)
_PREFIXED_STAND_IN = re.compile(r"(?:[a-z0-9]{1,8}[_\-]){1,3}([A-Z][A-Z_\-]*)")
#: a value shown masked: at most 8 characters, a mask, at most 6 (``sk-...R9Km``)
_MASKED = re.compile(r"[\w\-]{0,8}(?:\.{3,}|\u2026|\*{3,}|\u2022{3,}|x{4,}|X{4,})[\w\-]{0,6}")
#: a word a log or a tool puts in place of a value (``[FILTERED]``, ``<hidden>``)
_FILTERED = re.compile(r"\[[A-Z_ ]{3,20}\]|<[a-z_\- ]{3,30}>")
#: a reference a secret manager resolves: 1Password (``op://vault/item/field``), AWS
#: Secrets Manager and Parameter Store ARNs
_SECRET_REFERENCE = re.compile(
    r"op://[^/\s]+/[^/\s]+/\S+|arn:aws:(?:secretsmanager|ssm):"
    # HashiCorp Vault, AWS, Google, Azure, Doppler and Infisical references as their tools and
    # operators write them (``vault:secret/data/x#key``, ``sm://project/name``,
    # ``@Microsoft.KeyVault(SecretUri=...)``), and Windows' ``%NAME%``, ``%env:NAME%``
    r"|(?:vault|secretsmanager|ssm|awssm|gcpsm|sm|akv|azkv|keyvault|azure-keyvault|doppler|"
    r"infisical|bws|secret|secrets|file|env)(?::/{0,2}|://)[\w./#:\-]+"
    r"|@Microsoft\.KeyVault\(|%(?:env:)?[A-Za-z_]\w*%")
#: words a sample config's stand-in is made of (``dummy-value``, ``your_token_here``)
_STAND_IN_WORDS = frozenset(
    "dummy value your my the here example sample fake test placeholder replace me changeme "
    "secret password token key api redacted xxx todo tbd insert enter put".split())


#: a value no one keeps secret: a default or stand-in word, perhaps in leetspeak, and at most
#: four digits and a "!" (``password123``, ``P@ssw0rd``, ``changeme``, ``hunter2``, ``admin1``,
#: ``changeit``, the documented default of a Java keystore):
#: fixtures and samples use them, and each heads every list of passwords an attacker tries
#: first, so keeping it loses nothing and redacting it destroys the fixture
_WELL_KNOWN = re.compile(
    r"(?i)(?:p[a@]s{1,2}(?:w[o0]rd|wd)?|s[e3]cr[e3]t|ch[a@]ng[e3](?:m[e3]|it)|t[e3]st(?:ing)?|"
    r"[a@]dm[i1]n|r[o0][o0]t|t[o0][o0]r|l[e3]tm[e3][i1]n|qw[e3]rty|hunt[e3]r|d[e3]f[a@]ult|"
    r"gu[e3]st|d[e3]m[o0]|[e3]x[a@]mpl[e3]|s[a@]mpl[e3]|dummy|f[a@]k[e3]|f[o0][o0]b[a@]r|"
    r"us[e3]r|t[o0]k[e3]n)[_\-.]?\d{0,4}!?")


#: adjectives a documentation's stand-in puts before its noun (``yourStrong(!)Password``,
#: Microsoft's SQL Server example)
_STAND_IN_ADJECTIVES = frozenset("strong secure super new own real actual long random "
                                 "private personal access auth api app".split())


@dataclass(frozen=True)
class Decision:
    """One candidate: where it is, its kind, whether it is redacted, and why."""

    kind: str
    start: int
    end: int
    redacted: bool
    reason: str


@dataclass(frozen=True)
class Allowlist:
    """A team's own identifiers, never redacted: literal values and regular expressions
    (a value is allowed when a pattern matches all of it)."""

    values: frozenset[str] = frozenset()
    patterns: tuple[re.Pattern[str], ...] = ()

    @classmethod
    def of(cls, values: Iterable[str] = (), patterns: Iterable[str] = ()) -> Allowlist:
        """An allowlist from the profile's strings (patterns compiled here)."""
        return cls(frozenset(values), tuple(re.compile(p) for p in patterns))

    def why(self, value: str) -> str | None:
        """Why ``value`` is allowed, or None."""
        if value in self.values:
            return "allowed by the profile (a listed value)"
        for pattern in self.patterns:
            if pattern.fullmatch(value):
                return f"allowed by the profile (pattern {pattern.pattern!r})"
        return None


def _placeholder(bare: str) -> str | None:
    """Why ``bare`` is a template or a placeholder rather than a value."""
    low = bare.lower()
    if (low in _PLAIN_VALUES or _PLACEHOLDER_RE.search(bare) or is_templated_secret(bare)
            or is_prefixed_with_dollar_sign(bare) or set(bare) <= set("*xX._-#<>")):
        return "a template, a reference or a placeholder"
    words = [w for w in re.split(r"[-_.\s<>{}\[\]]+", low) if w]
    if words and all(w in _STAND_IN_WORDS or set(w) <= {"x"} for w in words):
        return "a placeholder made of stand-in words"
    camel = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|[^A-Za-z\d]+", bare)
    letters = [w.lower() for w in camel if w.isalpha()]
    if (len(letters) >= 2 and letters[0] in ("your", "my", "example", "sample", "some")
            and all(w in _STAND_IN_WORDS or w in _STAND_IN_ADJECTIVES for w in letters)
            and all(w.isalpha() or (w.isdigit() and len(w) <= 4) or len(w) <= 3
                    for w in camel)):
        return "a stand-in phrase in camel case (yourStrong(!)Password, MySecretKey)"
    prefixed = _PREFIXED_STAND_IN.fullmatch(bare)
    if prefixed and all(w in _STAND_IN_WORDS for w in re.split(r"[-_]+", prefixed[1].lower())
                        if w):
        return "a provider's prefix then stand-in words"
    if _MASKED.fullmatch(bare):
        return "a masked value (a few characters either side of a mask)"
    if _FILTERED.fullmatch(bare):
        return "a word in brackets put in place of the value"
    if _SECRET_REFERENCE.match(bare):
        return "a reference to a secret manager's entry, a file or a variable"
    if _WELL_KNOWN.fullmatch(bare):
        return "a stand-in everyone knows (a default or the most common password of all)"
    return None


_CLOSES = {")": "(", "]": "[", "}": "{"}
#: an attribute path of three or more names (``import.meta.env.VITE_API_KEY``)
_DOTTED = re.compile(r"[a-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*){2,}")
#: a call or an index: a name, qualified or not (``getpass.getpass(``, ``ENV.fetch(``,
#: ``Vault::read(``, ``$this->secrets->get(``), then ``(``, or ``[`` and a key
_CALL = re.compile(r"[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*"
                   r"(?:\(.*|\[|(?:\[['\"]?[\w.$\-]*['\"]?\])+(?:[.(\[].*)?)")


def _balanced(bare: str) -> bool:
    """Whether every bracket ``bare`` closes is the last one it opened (a call or an index
    cut short, ``get_secret(``, is; ``Nimbus(harbor]49`` is not: code closes what it
    opens, a chosen password need not)."""
    opened: list[str] = []
    for c in bare:
        if c in "([{":
            opened.append(c)
        elif c in _CLOSES and (not opened or opened.pop() != _CLOSES[c]):
            return False
    return True


def _call(bare: str) -> bool:
    """Whether ``bare`` reads as a call: a name, ``(`` and balanced arguments."""
    return _CALL.fullmatch(bare) is not None and _balanced(bare)


def _stand_in(bare: str, *, literal: bool = False) -> str | None:
    """Why ``bare`` is a template, a reference or a placeholder rather than a value.
    ``literal``: the value was quoted, a string literal, which no call, index, attribute or
    YAML tag is (``password = "Hunt3r(x)Z9"`` is a password)."""
    why = _placeholder(bare)
    if why:
        return why
    if re.fullmatch(r"[A-Z][A-Z0-9_]+", bare):
        return "a variable's name, an attribute or a call"
    if not literal and (
            re.fullmatch(r"[a-z_]+\.[a-z_.]+|os\.\w+.*|process\.env.*", bare)
            or _call(bare) or (is_indirect_reference(f"x = {bare}") and _balanced(bare))):
        return "a variable's name, an attribute or a call"
    if _VERSION.fullmatch(bare) or (bare.isdigit() and len(bare) < 8):
        return "a version or a short number"
    if not literal and _DOTTED.fullmatch(bare):
        return "an attribute path (three or more names joined by dots)"
    if not literal and re.fullmatch(r"![A-Za-z][\w:]*", bare):
        return "a YAML tag: the value is resolved elsewhere (!secret, !env, !Ref, !vault)"
    if not literal and bare.endswith(":") and re.fullmatch(r"[\w.\-]+:", bare):
        return "a mapping's key (its value is on the lines below)"
    if bare.startswith(("ENC[", "$ANSIBLE_VAULT")):
        return "an encrypted value (SOPS ENC[...], Ansible Vault): safe to keep"
    if is_sequential_string(bare):
        return "a sequence of characters"
    return None


def _assigned_reason(value: str, *, explicit: bool, password: bool,
                     literal: bool = False) -> str | None:
    """Why a value assigned to a secret-like name is not a secret, or None. ``explicit``:
    after ``=``/``:=`` or in quotes; ``password``: the name is a password word;
    ``literal``: the value was quoted."""
    bare = value.strip().strip(".")
    if len(bare) < 4:
        return "shorter than 4 characters"
    why = _stand_in(bare, literal=literal)
    if why:
        return why
    if password:
        return None if explicit else looks_chosen(bare)
    if len(bare.split()) >= 3:
        return "a sentence (a key or a token holds no spaces)"
    if explicit:
        if len(bare) < 6 and not any(c.isdigit() for c in bare):
            return "a short word"
        if len(bare) <= 12 and bare.isalpha() and (bare.islower() or bare.istitle()):
            return "a plain word"
        return name_structure(bare) if bare.islower() or not any(
            c.isupper() for c in bare) else None
    return identifier_reason(bare)


def _explicit_prose(text: str, value_start: int) -> bool:
    """Whether the value follows the password word and ``=`` or ``:`` directly
    (``password: ...``), rather than words of prose ("the password ... is ...")."""
    before = text[max(0, value_start - 24):value_start].rstrip(" \t'\"`(").lower()
    return re.search(rf"(?:{_PASSWORD_WORDS})\s*[:=]$", before) is not None


#: nouns that make a phrase after a password word speak of something else than the password
#: ("the password reset job is ...", "the password policy is ..."): the value that follows
#: is then that thing's, and must not read as a name built of parts
_OTHER_SUBJECT = re.compile(
    r"(?i)\b(?:reset|policy|policies|manager|rotation|field|hash\w*|length|change|fix|branch|"
    r"file|job|requirements?|rules?|expiry|page|form|flow|service|module|ticket|issue|pr|"
    r"commit|test|tests|check|validator|strength|prompt|dialog|screen|vault|store|helper|"
    r"generator|script|hint|label|column|table|schema|format|pattern|regex)\b")


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
    if _VERSION.fullmatch(value):
        return "a version"
    why = name_structure(value)
    if why and not (subject and any(c.isdigit() for c in value)):
        return why
    if classes(value) < 3:
        return "mixes fewer than three character classes"
    return None


def _is_password_name(name: str) -> bool:
    return re.search(rf"(?i)(?:{_PASSWORD_WORDS})(?![a-z])", name) is not None


def _decide(kind: str, start: int, end: int, why_not: str | None, why: str) -> Decision:
    return Decision(kind, start, end, why_not is None, why if why_not is None else why_not)


def _find(text: str) -> Iterator[Decision]:
    if ("PRIVATE KEY" in text or "PuTTY" in text) and PRIVATE_HEADER.search(text):
        for m in PRIVATE_BLOCK.finditer(text):
            yield _decide("private_key", m.start(), m.end(),
                          None if _KEY_BODY.search(m.group(0)) else "a key block's BEGIN and "
                          "END lines without a key between them",
                          "private key block (detect-secrets PrivateKeyDetector)")
    for rule, start, end, valid in provider_matches(text):
        yield _decide(rule.kind, start, end, None if valid else "does not decode as its "
                      "format requires", rule.reason)
    yield from _urls_and_connections(text)
    if ("_" in text or "-" in text) and max(map(len, text.split()), default=0) >= 35:
        yield from _prefixed_tokens(text)
    low = text.lower()
    if _NAME_GATE.search(low):
        yield from _assigned(text)
        yield from _elements(text)
        yield from _pairs(text)
        yield from _near(text)
    if has_name(low):
        yield from _near_wide(text)
    for start, end, why_not in twilio_auth_tokens(text):
        yield _decide("twilio_auth_token", start, end, why_not,
                      "32 hexadecimal digits beside a Twilio account SID (its auth token)")
    if _PASSWORD_GATE.search(low) or (not low.isascii() and _PASSWORD_GATE_WIDE.search(low)):
        yield from _prose_passwords(text)
    for command, start, end, value in command_passwords(text, low):
        yield _decide("cli_password", start, end,
                      _command_value_reason(value, prose=command.prose), command.reason)


def _command_value_reason(value: str, *, prose: bool = False) -> str | None:
    """Why a value a tool's password flag is given is not a password, or None: a template,
    a variable, a placeholder, a path or a URL (the flag then names where the password is);
    ``prose``: a flag people also write about, whose value must look chosen."""
    why = _stand_in(value) or (looks_chosen(value) if prose else None)
    if why:
        return why
    if value.startswith(("http://", "https://", "/", "~/", "./", "@")):
        return "a URL, a path or a file reference"
    return None


#: a token in the shape most providers now issue (GitHub's identifiable prefixes, followed by
#: Groq, Perplexity, Supabase, Sentry, Docker Hub, Linear and many more): a short lowercase
#: prefix, ``_`` or ``-`` (one or two parts: ``lin_api_``, ``dckr_pat_``), and a long random
#: body of letters and digits
_PREFIXED = re.compile(r"(?<![A-Za-z0-9_\-.])(?P<prefix>[a-z][a-z0-9]{1,9}(?:[_-][a-z0-9]{2,6})?"
                       r"[_-])(?P<body>[A-Za-z0-9]{32,128})(?![A-Za-z0-9_\-])")
#: prefixes of digests and hashes (``sha512-...`` in lock files): public data
_DIGEST_PREFIX = re.compile(r"(?:sha\d*|md5|blake2?\w*|xxh\w*|crc\d*|murmur\w*)[_-]")
#: a prefixed token's body must be as random as a key: the entropy of 32 or more random
#: letters and digits is 4.5 bits per character and more
_PREFIXED_ENTROPY = 4.0


def _prefixed_tokens(text: str) -> Iterator[Decision]:
    for m in _PREFIXED.finditer(text):
        body = m.group("body")
        if _DIGEST_PREFIX.fullmatch(m.group("prefix")):
            why_not: str | None = "a digest (sha/md5/blake prefix)"
        else:
            why_not = identifier_reason(body)
            if why_not is None and not (any(c.isupper() for c in body)
                                        and any(c.islower() for c in body)
                                        and any(c.isdigit() for c in body)):
                why_not = "its body does not mix upper case, lower case and digits"
            elif why_not is None and entropy(body) < _PREFIXED_ENTROPY:
                why_not = f"its body's entropy is below {_PREFIXED_ENTROPY} bits per character"
        yield _decide("prefixed_token", m.start(), m.end(), why_not,
                      "a provider token's shape: a short prefix and a long random body")


def _urls_and_connections(text: str) -> Iterator[Decision]:
    if "://" in text and "@" in text:
        for m in (*URL_PASSWORD.finditer(text), *URL_PASSWORD_LOOSE.finditer(text)):
            kind = SCHEME_KINDS.get(m.group(1).lower(), "url_password")
            yield _decide(kind, m.start(2), m.end(2),
                          _assigned_reason(m.group(2), explicit=True, password=True),
                          "the password of a URL (scheme://user:password@host)")
    low = text.lower()
    in_connection_string = "server=" in low
    for m in _CONN_ASSIGN.finditer(text) if ("password" in low or "pwd" in low) else ():
        if in_connection_string or text[m.end():m.end() + 1] == ";":
            yield _decide("connection_string", m.start("value"), m.end("value"),
                          _assigned_reason(m.group("value"), explicit=True, password=True),
                          "Password= in a connection string")


def _assigned(text: str) -> Iterator[Decision]:
    for m, name in _assignments(text):
        quoted = m.group("quoted")
        group = "quoted" if quoted is not None else "bare"
        value = m.group(group)
        start, end = m.start(group), m.start(group) + len(value.rstrip("."))
        if _NOT_SECRET_NAME.search(name):
            yield Decision("password_assignment", start, end, False,
                           f"the name {name[:40]!r} describes a secret, it does not hold one")
            continue
        sep = m.group("sep").strip()
        # ``name: value`` is explicit when the name is a config key (``datadog_api_key:``),
        # not a word of prose ("Note: ...")
        explicit = quoted is not None or sep in ("=", ":=", "=>", "==") or (
            sep == ":" and re.fullmatch(r"[\w.\-]*[_\-.][\w.\-]*|[A-Z0-9_]+", name) is not None)
        password = _is_password_name(name)
        aws = "aws" in name.lower() and len(value) == 40
        why_not = _assigned_reason(value, explicit=explicit, password=password,
                                   literal=quoted is not None)
        if why_not is None and quoted is None:
            why_not = _sentence_reason(text, value, m.end(group))
        if why_not is None and password and _USER_VALUE.search(text) is not None:
            why_not = _same_as_user(text, value)
        if why_not is None:
            why_not = _psql_variable(text, start, value)
        yield _decide("aws_secret_key" if aws else "password_assignment", start, end, why_not,
                      f"a value assigned to the secret-like name {name[:40]!r}")


#: a user name given in the same text (``username='alice'``, ``user: admin``)
_USER_VALUE = re.compile(r"(?i)\b(?:user(?:_?name)?|login)['\"]?\s*[=:]\s*['\"]?"
                         r"(?P<value>[^\s'\",;)]{1,64})")


def _psql_variable(text: str, start: int, value: str) -> str | None:
    """Why a value at ``start`` is a psql variable (``PASSWORD :'app_password'``), or None."""
    if text[start - 2:start] in (":'", ':"') and value.isidentifier():
        return "a psql variable (:'name' puts the variable's value there)"
    return None


def _same_as_user(text: str, value: str) -> str | None:
    """Why a password equal to the user name given beside it is no secret, or None: a login
    whose password is its name (``admin``/``admin``, a test client's ``alice``/``alice``) is
    a fixture or a default, the first pair anyone tries."""
    for m in _USER_VALUE.finditer(text):
        user = m.group("value").lower()
        if len(user) < 3 or user not in value.lower():
            continue
        rest = [w for w in re.split(r"[\W_]+", value.lower().replace(user, " ")) if w]
        if all(w in _STAND_IN_WORDS or w in ("pass", "pw", "pwd") or (w.isdigit() and len(w) <= 4)
               for w in rest):
            return "the user name beside it, alone or with stand-in words (a fixture or a default)"
    return None


def _sentence_reason(text: str, value: str, end: int) -> str | None:
    """Why an unquoted value is the first word of a sentence rather than a value, or None:
    a lowercase word followed by two more words on its line ("password_confirmation: must
    match password")."""
    if not (value.isalpha() and value.islower()):
        return None
    rest = text[end:text.find("\n", end) if "\n" in text[end:] else len(text)]
    if len(re.findall(r"(?<!\S)[A-Za-z]+(?=[\s.,;]|$)", rest)) >= 2:
        return "the first word of a sentence (words follow it on the line)"
    return None


def _pairs(text: str) -> Iterator[Decision]:
    """The values of names given apart from them (:mod:`.pairs`): a YAML block, a
    name/value pair, an XML property, a setter's call, a shell's ``setx``."""
    for name, start, end, shape in pairs(text):
        if not _NAME_HIT.search(name) or _NOT_SECRET_NAME.search(name):
            continue
        literal = shape not in ("a YAML block scalar", "a shell command that sets a variable")
        value = text[start:end]
        why_not = ("a sentence (a password or a key is not three words or more)"
                   if len(value.split()) >= 3 else
                   _assigned_reason(value, explicit=True, password=_is_password_name(name),
                                    literal=literal))
        yield _decide("password_assignment", start, end, why_not,
                      f"the value of {shape} named for a secret, {name[:40]!r}")


def _elements(text: str) -> Iterator[Decision]:
    for m in _APP_SETTING.finditer(text) if "<add" in text else ():
        name = m.group("name")
        if _NAME_HIT.search(name) and not _NOT_SECRET_NAME.search(name):
            yield _decide("password_assignment", m.start("value"), m.end("value"),
                          _assigned_reason(m.group("value"), explicit=True,
                                           password=_is_password_name(name)),
                          f"the value of a setting named for a secret, key={name[:40]!r}")
    for m in _ELEMENT.finditer(text) if "</" in text else ():
        name = m.group("name")
        yield _decide("password_assignment", m.start("value"), m.end("value"),
                      _assigned_reason(m.group("value"), explicit=True,
                                       password=_is_password_name(name)),
                      f"the value of an element named for a secret, <{name[:40]}>")


def _prose_passwords(text: str) -> Iterator[Decision]:
    low = text.lower()
    for pattern, why in ((_PROSE_PASSWORD, "a password given after a password word"),
                         (_FLAG_PASSWORD, "a password given to -p or --password"),
                         (_FLAG_USER_PASSWORD, "a password given to -u user:password"),
                         (_CREDENTIAL_PAIR, "a password given as user / password"),
                         (_CJK_PASSWORD, "a password given after a password word"),
                         (_COPULA_PASSWORD, "a password given after a password word"),
                         (_SCRIPT_PASSWORD, "a password given after a password word"),
                         (_BACK_PASSWORD, "a password given before a password word"),
                         (_SSHPASS, "a password given to sshpass -p")):
        if (pattern is _COPULA_PASSWORD and not any(w in low for w in _COPULAS)) or (
                pattern is _SCRIPT_PASSWORD and low.isascii()):
            continue  # neither their words nor their script (cheap tests before the regex)
        for m in pattern.finditer(text):
            if pattern is _COPULA_PASSWORD and not _copula_fits(m):
                continue
            value = m.group("value")
            if m.group("q") == "(":
                value = value.split(")")[0]
            lead = len(value) - len(value.lstrip("*_"))  # **bold** or _emphasis_
            start = m.start("value") + lead
            trimmed = value[lead:]
            for _ in range(2):  # the end of a sentence, then of **bold** ("**Pass X**:")
                if len(trimmed.rstrip(".,;:)?!")) >= 4:
                    trimmed = trimmed.rstrip(".,;:)?!")
                if lead or trimmed.endswith(("**", "__")):
                    trimmed = trimmed[:len(trimmed.rstrip("*_")) or None]
            # sshpass -p takes nothing but the password: any value that is no stand-in is one
            why_not = _stand_in(trimmed) or looks_chosen(trimmed)
            if pattern is _SSHPASS:
                # sshpass -p takes nothing but the password: any value but a stand-in is one
                why_not = _placeholder(trimmed)
            elif why_not is None and not any(c.isalpha() for c in trimmed):
                why_not = "no letter"
            elif why_not is None and trimmed.replace("-", "").isalpha():
                why_not = "letters only"
            elif why_not is None and not _explicit_prose(text, m.start("value")):
                mid = m.groupdict().get("mid")
                why_not = prose_value_reason(trimmed, subject=mid is not None
                                             and _OTHER_SUBJECT.search(mid) is None)
            if why_not is None and _USER_VALUE.search(text) is not None:
                why_not = _same_as_user(text, trimmed)
            if why_not is None:
                why_not = _psql_variable(text, start, trimmed)
            yield _decide("password_assignment", start, start + len(trimmed), why_not, why)


def _near(text: str) -> Iterator[Decision]:
    hits = list(_NAME_ONLY.finditer(text))
    for hit in hits:
        name = text[max(0, hit.start() - 12):hit.end()]
        pos = hit.end()
        for n in range(_NEAR_WORDS):
            gap = (_GAP if n == 0 else _GAP_INLINE).match(text, pos)
            if gap is None or gap.end() == pos:
                break
            token = _TOKEN.match(text, gap.end())
            if token is None:
                break
            pos = token.end()
            if len(token.group(0)) >= 16 and token.group(0).isascii():
                decision = _near_decision(text, token.group(0), token.start(), name,
                                          text[hit.end():token.start()])
                yield decision
                if decision.redacted:
                    break
    for hit in hits:
        window = text[max(0, hit.start() - 240):hit.start()]
        if max(map(len, window.split()), default=0) < 16:
            continue  # no value long enough (a cheap test before the regex)
        back = _BACK_VALUE.search(window)
        if back is not None:
            start = hit.start() - len(window) + back.start("value")
            yield _near_decision(text, back.group("value"), start,
                                 text[max(0, hit.start() - 12):hit.end()], back.group("link"))


#: a value's start after a name in another language: a run of a value's characters, not
#: inside a longer one (in Chinese or Japanese the name and the value may touch)
_WIDE_VALUE = re.compile(r"(?<![A-Za-z0-9+/_\-=.~])[A-Za-z0-9+/_\-=.~]{16}")
#: how far after such a name its value may start (characters; scripts without spaces count
#: no words)
_WIDE_WINDOW = 60


def _near_wide(text: str) -> Iterator[Decision]:
    """A value a few words after a secret-like name in another language (:mod:`.languages`),
    judged as :func:`_near` judges one after an English name, by the name's English gloss."""
    for hit in NAME_WIDE.finditer(text):
        window = text[hit.end():hit.end() + _WIDE_WINDOW].split("\n")[0]
        m = _WIDE_VALUE.search(window)
        if m is None or len(window[:m.start()].split()) > _NEAR_WORDS:
            continue
        start = hit.end() + m.start()
        token = _TOKEN.match(text, start)
        if token is not None:
            yield _near_decision(text, token.group(0), start, gloss(hit), window[:m.start()])


def _near_decision(text: str, value: str, start: int, name: str, between: str) -> Decision:
    """A value found near a secret-like ``name`` (``between``: the words between them)."""
    value = value.rstrip(".")
    before = text[max(0, start - 40):start]
    why_not: str | None
    if "/" in value and "." in value:
        why_not = "a path or a URL"
    elif _HASH.search(before[-12:]):
        why_not = "a digest or a commit id (after sha/commit/hash)"
    elif _PUBLIC_KEY.search(before):
        why_not = "an SSH public key (public by design)"
    elif _PLACEHOLDER_RE.search(value):
        why_not = "already redacted"
    elif text[start + len(value):start + len(value) + 1] == "(":
        why_not = "a function's name (a call follows)"
    else:
        why_not = identifier_reason(value)
        # a UUID is a key only right after the name ("Heroku API key 3fa85f64-...")
        if why_not is not None and _HEX.fullmatch(value.replace("-", "")) and (
                _HEX.fullmatch(value) or (why_not == "a UUID" and len(between.split()) <= 3)):
            why_not = _hex_key_reason(value.replace("-", ""), name,
                                      " ".join(before.split()[-2:]),
                                      text[text.rfind("\n", 0, start) + 1:start])
    return _decide("high_entropy_secret", start, start + len(value), why_not,
                   "a random value (long, mixed characters, no word structure) near a "
                   "secret-like name")


_DIGEST_LINE = re.compile(r"(?i)\b(?:sha\d*|md5|checksum|digest|hash(?:es|ing|ed)?|"
                          r"sha\d*sum|md5sum|integrity|etag)\b")


def _hex_key_reason(value: str, name: str, naming: str, line: str = "") -> str | None:
    """Why a hexadecimal value near a secret-like name is not a key, or None: it is one when
    it is long (32 digits or more, letters and digits mixed), the name says credential (an
    API key, a secret, a token; not "key" alone) and no other noun (id, commit, trace,
    digest...) names the value in ``naming``, the two words right before it."""
    if len(value) < 32:
        return "hexadecimal shorter than 32 digits (commit ids, short hashes)"
    if value.isdigit() or value.isalpha():
        return "hexadecimal without both digits and letters"
    if not (_STRONG_NAME.search(name) or _PROVIDER_KEY.search(line)):
        return "hexadecimal after a name that is not a credential's (a cache or flag key)"
    if _OTHER_NOUN.search(naming):
        return "hexadecimal named as an id, a commit, a digest or a trace"
    if _DIGEST_LINE.search(line):
        return "hexadecimal on a line that names a digest (sha1, md5, checksum, hashing)"
    return None


def _assignments(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each ``name <sep> value`` whose name holds a secret-like word, with the whole name."""
    for hit in _NAME_HIT.finditer(text):
        start = hit.start()
        while start > 0 and hit.start() - start < 40 and text[start - 1] in _WORDISH:
            start -= 1
        if start > 0 and text[start - 1].isalnum():
            continue  # inside a longer word
        m = _ASSIGNMENT.match(text, hit.end())
        if m is not None:
            yield m, text[start:m.start("sep")].rstrip("'\"]")


def scan(text: str, allow: Allowlist | None = None) -> list[Decision]:
    """Every decision about ``text``, in order: the redactions (non-overlapping; of
    overlapping ones the first and longest wins) and the candidates kept, with reasons."""
    decisions = [_public(d, text, spans) for spans in (template_spans(text),)
                 for d in _find(text)]
    if allow is not None:
        decisions = [_allowed(d, text, allow) for d in decisions]
    redacted = sorted((d for d in decisions if d.redacted),
                      key=lambda d: (d.start, -(d.end - d.start)))
    out: list[Decision] = []
    for item in redacted:
        if out and item.start < out[-1].end:
            if item.end > out[-1].end and item.kind == out[-1].kind:
                out[-1] = replace(out[-1], end=item.end)
            continue
        out.append(item)
    seen: set[tuple[int, int]] = set()
    for item in decisions:
        span = (item.start, item.end)
        if (not item.redacted and span not in seen
                and not any(r.start < item.end and item.start < r.end for r in out)):
            seen.add(span)
            out.append(item)
    out.sort(key=lambda d: (d.start, not d.redacted))
    return out


def _public(decision: Decision, text: str, templates: list[tuple[int, int]]) -> Decision:
    """``decision`` kept when its value is a public stand-in or inside a template."""
    if not decision.redacted or decision.kind == "private_key":
        return decision
    if any(a <= decision.start and decision.end <= b for a, b in templates):
        return replace(decision, redacted=False, reason="inside a template reference "
                       "(${...}, {{...}}): a value filled in elsewhere")
    why = public_value_reason(text[decision.start:decision.end])
    return decision if why is None else replace(decision, redacted=False, reason=why)


def _allowed(decision: Decision, text: str, allow: Allowlist) -> Decision:
    if not decision.redacted:
        return decision
    why = allow.why(text[decision.start:decision.end])
    return decision if why is None else replace(decision, redacted=False, reason=why)


def find_secrets(text: str, allow: Allowlist | None = None) -> list[Decision]:
    """The redactions in ``text``, non-overlapping, in order."""
    return [d for d in scan(text, allow) if d.redacted]


def redact_found(text: str, allow: Allowlist | None = None) -> tuple[str, list[Decision]]:
    """``text`` with each credential replaced by ``[REDACTED:kind]``, and the redactions
    (spans in the text as given)."""
    found = find_secrets(text, allow)
    if not found:
        return text, []
    parts: list[str] = []
    last = 0
    for item in found:
        parts.append(text[last:item.start])
        parts.append(PLACEHOLDER.format(kind=item.kind))
        last = item.end
    parts.append(text[last:])
    return "".join(parts), found


def redact(text: str, allow: Allowlist | None = None) -> tuple[str, dict[str, int]]:
    """``text`` with each credential replaced by ``[REDACTED:kind]``, and the count of each
    kind replaced."""
    cleaned, found = redact_found(text, allow)
    return cleaned, dict(Counter(item.kind for item in found)) if found else {}
