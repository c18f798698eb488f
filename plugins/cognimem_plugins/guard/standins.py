"""Values assigned to a secret-like name that are not secrets: stand-ins and references.

A template, a variable, a call, a placeholder made of stand-in words, a masked value, a
secret manager's reference, a version, a default everyone knows (``changeme``,
``password123``): keeping it loses nothing secret, redacting it destroys what the user
wrote. :func:`assigned_reason` is the verdict on a value given to a secret-like name.
"""

from __future__ import annotations

import re

from detect_secrets.filters.heuristic import (
    is_indirect_reference,
    is_prefixed_with_dollar_sign,
    is_sequential_string,
    is_templated_secret,
)

from .decisions import PLACEHOLDER_RE
from .evidence import identifier_reason, looks_chosen, name_structure, upper_random

VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-+.\w]*)?")

_PLAIN_VALUES = frozenset(
    "true false null none nil required optional redacted hidden masked empty changeme "
    "example placeholder secret password token string undefined missing invalid expired "
    "rotated revoked admin root guest default user demo "
    # where a password is kept, named in its place ("the password is in 1Password")
    "1password bitwarden lastpass keepass keepassxc dashlane keychain".split())
#: (wave 16) a state, a switch or a mode: a type's value, not a secret (a feature flag's
#: ``enabled``, a setting's ``off``; Unleash's documented rollout strategies)
_STATE_VALUES = frozenset(
    "enabled disabled on off yes no auto strict lax inherit unset enforced permissive "
    "gradualrollout flexiblerollout userwithid remoteaddress applicationhostname".split())
#: (wave 16) a percentage (a rollout's share), a type's value and no secret
_PERCENT = re.compile(r"\d{1,3}(?:\.\d+)?[^\S\n]?%")
#: (wave 16) the name of an environment variable that holds a secret
#: (``S2S_KEYSTORE_PASSWORD``): where the value is read from, not the value
ENV_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_?(?:PASSWORD|PASSWD|PASS|PWD|TOKEN|"
                      r"SECRET|KEY|CREDENTIALS?|AUTH)(?:_[A-Z0-9]+)*")
#: a lowercase prefix and stand-in words in capitals (``sk_live_REPLACE_ME``)
_PREFIXED_STAND_IN = re.compile(r"(?:[a-z0-9]{1,8}[_\-]){1,3}([A-Z][A-Z_\-]*)")
#: a value shown masked: at most 8 characters, a mask, at most 6 (``sk-...R9Km``)
_MASKED = re.compile(r"[\w\-]{0,8}(?:\.{3,}|\u2026|\*{3,}|\u2022{3,}|x{4,}|X{4,})[\w\-]{0,6}")
#: what a tool prints in place of a value it hides or does not know yet: Terraform's plan
#: (``(sensitive value)``, ``(sensitive)``, ``(known after apply)``), Vault's and kubectl's
#: masks in brackets
_SENSITIVE_MARK = re.compile(r"\((?:sensitive|known|hidden|redacted|masked|secret)\b")
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
    # (wave 14: not followed by more of a password's characters: ``%smPp%U2ngg`` is one)
    r"|@Microsoft\.KeyVault\(|%(?:env:)?[A-Za-z_]\w*%(?![\w!#$%^*+=~@-])")
#: (wave 19) the references as :mod:`.novalue` reads them, for every reader
SECRET_REFERENCE = _SECRET_REFERENCE
#: words a sample config's stand-in is made of (``dummy-value``, ``your_token_here``)
STAND_IN_WORDS = frozenset(
    "dummy value your my the here example sample fake test placeholder replace me changeme "
    "secret password token key api redacted xxx todo tbd insert enter put "
    # (wave 16) the words of a stand-in that says what to do or that it is not the value
    # (``paste-token-here``, ``not-a-real-secret``, ``REPLACE_ME_FROM_VAULT``,
    # ``fill-in-later``, ``ask-the-admin``)
    "not a real paste goes from vault fill in later ask set this with generate own "
    "local only none no one "
    # (wave 17) a fixture's or a document's own disclaimers (``example-password-do-not-use``,
    # ``not-a-real-password-fixture``) and the filler words of examples (``blah``, ``foo``:
    # detect-secrets' README shows ``--exclude-lines 'password = blah'``)
    "do use fixture fixtures mock stub demo docs documentation only unit tests invalid "
    "bogus blah foo bar baz qux for".split())


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


def placeholder(bare: str) -> str | None:
    """Why ``bare`` is a template or a placeholder rather than a value."""
    low = bare.lower()
    if (low in _PLAIN_VALUES or PLACEHOLDER_RE.search(bare) or is_templated_secret(bare)
            or is_prefixed_with_dollar_sign(bare) or set(bare) <= set("*xX._-#<>")):
        return "a template, a reference or a placeholder"
    words = [w for w in re.split(r"[-_.\s<>{}\[\]]+", low) if w]
    if words and all(w in STAND_IN_WORDS or set(w) <= {"x"} for w in words):
        return "a placeholder made of stand-in words"
    camel = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|[^A-Za-z\d]+", bare)
    letters = [w.lower() for w in camel if w.isalpha()]
    if (len(letters) >= 2 and letters[0] in ("your", "my", "example", "sample", "some")
            and all(w in STAND_IN_WORDS or w in _STAND_IN_ADJECTIVES for w in letters)
            and all(w.isalpha() or (w.isdigit() and len(w) <= 4) or len(w) <= 3
                    for w in camel)):
        return "a stand-in phrase in camel case (yourStrong(!)Password, MySecretKey)"
    prefixed = _PREFIXED_STAND_IN.fullmatch(bare)
    if prefixed and all(w in STAND_IN_WORDS for w in re.split(r"[-_]+", prefixed[1].lower())
                        if w):
        return "a provider's prefix then stand-in words"
    if low in _STATE_VALUES:
        return "a state, a switch or a mode (a type's value, not a secret)"
    if _PERCENT.fullmatch(bare):
        return "a percentage (a rollout's share or a threshold), not a secret"
    if "_" in bare and ENV_NAME.fullmatch(bare):
        return "the name of an environment variable that holds the secret, not the secret"
    if _SENSITIVE_MARK.match(bare):
        return ("a tool's mark for a hidden value (Terraform's (sensitive value), "
                "(known after apply))")
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


#: a PowerShell expression that runs a cmdlet (Verb-Noun) for the value:
#: ``(Get-Secret -Name X -AsPlainText)``, ``(Get-AzKeyVaultSecret ...)``
_CMDLET = re.compile(r"\(\s*[A-Z][a-z]+-[A-Z][A-Za-z]+(?![\w-])")


#: (wave 10) a cmdlet run for the value without parentheses (``$p = Read-Host
#: -AsSecureString``): one of PowerShell's approved verbs (``Get-Verb``) that read or make a
#: value, "-", a noun in camel case
_CMDLET_BARE = re.compile(r"(?:Get|Read|New|ConvertTo|ConvertFrom|Import|Invoke|Unprotect|"
                          r"Protect|Receive|Request|Resolve|Select|Find|Search|Show|Test|"
                          r"Export|Open)-[A-Z][A-Za-z]{2,60}")
#: (wave 10) a JCL symbolic parameter: ``&`` and a name of one to eight capitals, digits and
#: national characters (z/OS MVS JCL Reference, "Using system symbols and JCL symbols"),
#: with its optional closing period
_JCL_SYMBOL = re.compile(r"&[A-Z@#$][A-Z0-9@#$]{0,7}\.?")


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


#: (wave 14) a placeholder word opening the value, then a short part a provider appends
#: (``REPLACE_ME-us21``, ``changeme_2``, ``YOUR_KEY_HERE.eu``): no secret begins so
_LEADING_STAND_IN = re.compile(
    r"(?i)(?:replace[_\-]?me|change[_\-]?me|changeit|todo|fixme|tbd|"
    r"(?:your|insert|enter|put)[_\-][a-z_\-]{0,30}?[_\-]here)(?:[_\-.:][\w\-.]{0,8})?")
#: (wave 14) a file's path or a lookup table's (Postfix's and Dovecot's ``hash:/etc/...``):
#: where a secret is kept, not the secret; each part a lowercase name (base64 has capitals)
_PATH_REFERENCE = re.compile(
    r"(?:(?:hash|btree|lmdb|cdb|texthash|regexp|pcre|dbm|sdbm|proxy:\w+|passwd-file|file)"
    r":)?(?:~|\.{1,2})?/(?:[a-z0-9_.\-]+/)+[a-z0-9_.\-]+")
#: (wave 14) a type in a class body or a signature (``token: SecretStr``, ``key: str``,
#: ``password: Optional[SecretStr]``): the name's type, not its value
_TYPE_NAME = re.compile(
    r"(?:Optional\[|Annotated\[)?(?:str|bytes|SecretStr|SecretBytes|"
    r"(?:[A-Z][a-z]+)+(?:Str|String|Bytes|Type|Field))\]?")


#: (wave 14) a setting of its own (``enable-rcon=false``, ``smtp_port: 587``)
_SETTING = re.compile(r"[A-Za-z_][\w.\-]{0,60}\s*(?:=|:(?!//))")


def next_setting(gap: str, value: str) -> str | None:
    """Why ``value`` is no value of the name before ``gap``: the name was left empty
    (``rcon.password=``) and ``value``, on a later line, is a setting of its own
    (``enable-rcon=false``); else None."""
    if "\n" in gap and _SETTING.match(value):
        return "an empty value: the next line is another setting, not this one's value"
    return None


#: (wave 15) a licence's SPDX identifier: what a ``license`` setting names, no key
_SPDX = re.compile(r"(?:Apache|MIT|BSD|[AL]?GPL|MPL|EPL|CDDL|CC-BY|CC0|ISC|Unlicense|Zlib|"
                   r"Artistic|BSL|OFL|PostgreSQL|WTFPL|EUPL|AFL|Proprietary|Commercial)"
                   r"(?:[-.+][\w.+-]*)?", re.IGNORECASE)


def upper_hex_key(value: str) -> bool:
    """(wave 15) Whether ``value`` is a key in capital hexadecimal (a licence key, a
    controller's authorization key): 16 characters or more, digits in three places or
    more between the letters, letters and digits both. A constant's name holds words
    (``MAX_RETRIES``), an acronym with a number (``AES256``) is shorter."""
    if len(value) < 16 or not re.fullmatch(r"[0-9A-F]+", value):
        return False
    digits = sum(c.isdigit() for c in value)
    return digits >= 4 and len(value) - digits >= 3 and len(re.findall(r"\d+", value)) >= 3


def stand_in(bare: str, *, literal: bool = False) -> str | None:
    """Why ``bare`` is a template, a reference or a placeholder rather than a value.
    ``literal``: the value was quoted, a string literal, which no call, index, attribute or
    YAML tag is (``password = "Hunt3r(x)Z9"`` is a password)."""
    why = placeholder(bare)
    if why:
        return why
    if (re.fullmatch(r"[A-Z][A-Z0-9_]+", bare) and not upper_random(bare)
            and not upper_hex_key(bare)):
        return "a variable's name, an attribute or a call"
    if _SPDX.fullmatch(bare):
        return "a licence's SPDX identifier (MIT, Apache-2.0, GPL-3.0-or-later)"
    if not literal and (
            re.fullmatch(r"[a-z_]+\.[a-z_.]+|os\.\w+.*|process\.env.*", bare)
            or _call(bare) or (is_indirect_reference(f"x = {bare}") and _balanced(bare))):
        return "a variable's name, an attribute or a call"
    if VERSION.fullmatch(bare) or (bare.isdigit() and len(bare) < 8):
        return "a version or a short number"
    if not literal and _DOTTED.fullmatch(bare):
        return "an attribute path (three or more names joined by dots)"
    if not literal and re.fullmatch(r"![A-Za-z][\w:]*", bare):
        return "a YAML tag: the value is resolved elsewhere (!secret, !env, !Ref, !vault)"
    if not literal and bare.endswith(":") and re.fullmatch(r"[\w.\-]+:", bare):
        return "a mapping's key (its value is on the lines below)"
    if not literal and _CMDLET.match(bare):
        return "a command's output (a PowerShell cmdlet in parentheses, Get-Secret ...)"
    if not literal and _CMDLET_BARE.fullmatch(bare):
        return "a command's output (a PowerShell cmdlet: Read-Host, Get-Credential ...)"
    if not literal and _JCL_SYMBOL.fullmatch(bare):
        return "a JCL symbolic parameter (&NAME): the scheduler fills it in when the job runs"
    if _LEADING_STAND_IN.fullmatch(bare):
        return "a placeholder word, then a short suffix (REPLACE_ME-us21)"
    if not literal and _PATH_REFERENCE.fullmatch(bare):
        return ("a file's path or a lookup table (hash:/etc/postfix/sasl_passwd): where the "
                "secret is kept")
    if not literal and _TYPE_NAME.fullmatch(bare):
        return "a type (token: SecretStr): the name's type in code, not its value"
    if bare.startswith(("ENC[", "$ANSIBLE_VAULT")):
        return "an encrypted value (SOPS ENC[...], Ansible Vault): safe to keep"
    if is_sequential_string(bare):
        return "a sequence of characters"
    return None


def assigned_reason(value: str, *, explicit: bool, password: bool,
                    literal: bool = False) -> str | None:
    """Why a value assigned to a secret-like name is not a secret, or None. ``explicit``:
    after ``=``/``:=`` or in quotes; ``password``: the name is a password word;
    ``literal``: the value was quoted."""
    bare = value.strip().strip(".")
    if len(bare) < 4:
        return "shorter than 4 characters"
    why = stand_in(bare, literal=literal)
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
