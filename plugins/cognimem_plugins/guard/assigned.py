"""Values assigned to a secret-like name, and passwords of URLs and connection strings.

``DB_PASSWORD=...``, ``"api_key": "..."``, ``<password>...</password>``, ``<add
key="SmtpPassword" value="..."/>``, a name and its value given apart (:mod:`.pairs`),
``scheme://user:password@host``, ``Password=...;`` in a connection string. The value is
redacted unless :func:`.standins.assigned_reason` says why it is no secret.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from . import formats
from .decisions import Decision, decide
from .evidence import classes
from .formats import SCHEME_KINDS, URL_PASSWORD, URL_PASSWORD_LOOSE
from .names import NAME_HIT, NAME_HIT_LOWER, NOT_SECRET_NAME, WORDISH, is_password_name
from .namewords import key_pair
from .pairs import pairs
from .passwords import USER_VALUE, psql_variable, same_as_user
from .siblings import sibling_pairs
from .standins import assigned_reason, next_setting


def _assignment(typed: str) -> re.Pattern[str]:
    return re.compile(
        r"(?i)[\w.\-]{0,40}['\"\]]{0,2}"
        rf"(?:\s*:\s*&?(?:'static\s+)?[\w:<>\[\]]{{1,30}}\??(?={typed}))?"  # a type: `X: &str = `
        r"(?P<sep>\s*(?::=|=>|(?:\|\||\?\?|&&)?==?|:(?!:))\s*|\s+(?:is|was|=)\s+)"
        r"(?:\\?(?P<q>['\"`])(?P<quoted>[^'\"`\n\\]{4,4096})\\?(?P=q)"  # quotes, escaped too
        r"|(?P<bare>[^\s'\"`,;)<>]{4,4096}))")


#: a name's type annotation ends at `` = `` or ``=`` then a quote or a space (``key: str =
#: "..."``); (wave 21) not at an ``=`` inside a word: ``POSTGRES_PASSWORD: 634bhIjb=L6dc?``
#: is a YAML setting whose value holds an ``=`` (generated passwords and base64 do), not a
#: name typed ``634bhIjb`` (a switch of cv_wave21_secrets.py: ``TYPED_VALUES``)
_TYPED_OLD = r"\s*=[^=>]"
_TYPED = r"\s*=(?:[\s'\"`\\]|$)"
TYPED_VALUES = True
_ASSIGNMENT_OLD = _assignment(_TYPED_OLD)
_ASSIGNMENT_NEW = _assignment(_TYPED)
_ASSIGNMENT = _ASSIGNMENT_NEW
#: an XML or HTML element named for a secret (``<password>...</password>``), attributes too
#: (WS-Security's ``<wsse:Password Type="...#PasswordText">...</wsse:Password>``)
_ELEMENT = re.compile(
    r"(?i)<(?P<name>[\w:.\-]{0,30}(?:password|passwd|secret|token|api[_\-]?key|apikey|"
    r"credential|passphrase)[\w.\-]{0,20})(?:\s[^<>\n]{0,200})?>\s*(?P<value>[^<\s]{4,4096})\s*"
    r"</(?P=name)>")
#: (wave 21) a name that ends in "pass" as a word of its own: camel case (``keystorePass``,
#: ``smtpPass``), snake case or alone (``user_pass``, ``DB_PASS``, ``pass``); not "bypass" nor
#: "compass" (a switch of cv_wave21_secrets.py: ``PASS_NAMES``)
_PASS_NAME = re.compile(r"(?:(?<=[a-z0-9])Pass|(?<![A-Za-z])(?i:pass))$")
#: an element so named (``<user_pass idx="1">...</user_pass>``)
_PASS_ELEMENT = re.compile(
    r"<(?P<name>[\w:.\-]{0,30}(?:[a-z0-9]Pass|(?i:(?<![a-z])pass)))(?:\s[^<>\n]{0,200})?>\s*"
    r"(?P<value>[^<\s]{4,4096})\s*</(?P=name)>")
PASS_NAMES = True
#: a .NET configuration setting, ``<add key="SmtpPassword" value="..." />``
_APP_SETTING = re.compile(
    r"<add\s+key\s*=\s*\"(?P<name>[\w:.\-]{1,60})\"\s+value\s*=\s*\"(?P<value>[^\"\n]{4,4096})\"")
_CONN_ASSIGN = re.compile(r"(?i)\b(?:password|pwd)\s*=\s*(?P<value>[^;'\"\s]{3,4096})")
def urls_and_connections(text: str) -> Iterator[Decision]:
    if "://" in text and "@" in text:
        at = formats.URL_PASSWORD_AT.finditer(text) if (
            formats.READ_AT and text.count("@") >= 2) else ()
        for m in (*URL_PASSWORD.finditer(text), *URL_PASSWORD_LOOSE.finditer(text), *at):
            kind = SCHEME_KINDS.get(m.group(1).lower(), "url_password")
            # (wave 14) literal: a URL's password is written out, never a call nor an
            # attribute path (``admin:f_ny6.V25dx3w0E.OY1g@`` is a password)
            yield decide(kind, m.start(2), m.end(2),
                         assigned_reason(m.group(2), explicit=True, password=True,
                                         literal=True),
                         "the password of a URL (scheme://user:password@host)")
    low = text.lower()
    in_connection_string = "server=" in low
    for m in _CONN_ASSIGN.finditer(text) if ("password" in low or "pwd" in low) else ():
        if in_connection_string or text[m.end():m.end() + 1] == ";":
            yield decide("connection_string", m.start("value"), m.end("value"),
                         assigned_reason(m.group("value"), explicit=True, password=True),
                         "Password= in a connection string")


def assigned(text: str) -> Iterator[Decision]:
    for m, name in _assignments(text):
        quoted = m.group("quoted")
        group = "quoted" if quoted is not None else "bare"
        value = m.group(group)
        start, end = m.start(group), m.start(group) + len(value.rstrip("."))
        if NOT_SECRET_NAME.search(name):
            yield Decision("password_assignment", start, end, False,
                           f"the name {name[:40]!r} describes a secret, it does not hold one")
            continue
        sep = m.group("sep").strip()
        if sep == ":" and _HEADER_NAME.fullmatch(name) and not NAME_HIT.search(
                re.sub(r"(?i)[.\-]key", "", name)):
            continue  # (wave 16) an HTTP header named "-Key": :mod:`.credfiles` judges it
        # ``name: value`` is explicit when the name is a config key (``datadog_api_key:``),
        # not a word of prose ("Note: ...")
        explicit = quoted is not None or sep in ("=", ":=", "=>", "==") or (
            sep == ":" and re.fullmatch(r"[\w.\-]*[_\-.][\w.\-]*|[A-Z0-9_]+", name) is not None)
        password = is_password_name(name)
        aws = "aws" in name.lower() and len(value) == 40
        why_not = assigned_reason(value, explicit=explicit, password=password,
                                  literal=quoted is not None)
        if why_not is None and quoted is not None and _CONCATENATION.match(quoted):
            why_not = ("the code between two string literals ('password=' + x): the quote "
                       "closed a literal, no value is quoted")
        if why_not is None and quoted is None:
            why_not = next_setting(m.group("sep"), value)
        if why_not is None and quoted is None:
            why_not = _sentence_reason(text, value, m.end(group))
        if why_not is None and password and USER_VALUE.search(text) is not None:
            why_not = same_as_user(text, value)
        if why_not is None:
            why_not = psql_variable(text, start, value)
        yield decide("aws_secret_key" if aws else "password_assignment", start, end, why_not,
                     f"a value assigned to the secret-like name {name[:40]!r}")


#: (wave 16) an HTTP header's name (``X-Api-Key``, ``Partner-Api-Key``)
_HEADER_NAME = re.compile(r"(?i:x-)[\w\-]+|[A-Z][a-z0-9]*(?:-[A-Z][a-z0-9]*)+")
#: (wave 11) what follows a string literal that a concatenation continues: a space, then
#: ``+`` (most languages), ``.`` (PHP, Perl), ``..`` (Lua), ``||`` (SQL) or ``&`` (VB)
_CONCATENATION = re.compile(r"\s+(?:\+|\.\.?|\|\||&)\s")


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


def paired_values(text: str) -> Iterator[Decision]:
    """The values of names given apart from them (:mod:`.pairs`): a YAML block, a
    name/value pair, an XML property, a setter's call, a shell's ``setx``."""
    # (wave 25) and the layouts of :mod:`.siblings` (a name's slot, then its value's)
    for name, start, end, shape in (*pairs(text), *sibling_pairs(text)):
        if not NAME_HIT.search(name) and not (PASS_NAMES and _PASS_NAME.search(name)):
            # (wave 19) a name with a key's word anywhere (:mod:`.namewords`)
            keyed = key_pair(name, text[start:end], start, shape)
            if keyed is not None:
                yield keyed
            continue
        if NOT_SECRET_NAME.search(name):
            continue
        literal = shape not in ("a YAML block scalar", "a shell command that sets a variable")
        value = text[start:end]
        why_not = ("a sentence (a password or a key is not three words or more)"
                   if len(value.split()) >= 3 else
                   assigned_reason(value, explicit=True, password=is_password_name(name),
                                   literal=literal))
        yield decide("password_assignment", start, end, why_not,
                     f"the value of {shape} named for a secret, {name[:40]!r}")


def elements(text: str) -> Iterator[Decision]:
    for m in _APP_SETTING.finditer(text) if "<add" in text else ():
        name = m.group("name")
        if NAME_HIT.search(name) and not NOT_SECRET_NAME.search(name):
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         assigned_reason(m.group("value"), explicit=True,
                                           password=is_password_name(name)),
                         f"the value of a setting named for a secret, key={name[:40]!r}")
    elements_found = list(_ELEMENT.finditer(text)) if "</" in text else []
    if PASS_NAMES and "</" in text and ("pass>" in text or "Pass>" in text or "PASS>" in text):
        spans = {m.span("value") for m in elements_found}
        elements_found += [m for m in _PASS_ELEMENT.finditer(text)
                           if m.span("value") not in spans]
    for m in elements_found:
        name = m.group("name")
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     assigned_reason(m.group("value"), explicit=True,
                                       password=is_password_name(name)),
                     f"the value of an element named for a secret, <{name[:40]}>")


def _assignments(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each ``name <sep> value`` whose name holds a secret-like word, with the whole name."""
    hits = (NAME_HIT_LOWER.finditer(text.lower()) if text.isascii()
            else NAME_HIT.finditer(text))
    for hit in hits:
        start = hit.start()
        while start > 0 and hit.start() - start < 40 and text[start - 1] in WORDISH:
            start -= 1
        if start > 0 and text[start - 1].isalnum():
            continue  # inside a longer word
        m = (_ASSIGNMENT_NEW if TYPED_VALUES else _ASSIGNMENT_OLD).match(text, hit.end())
        if m is None:
            continue
        name = text[start:m.start("sep")].rstrip("'\"]")
        if "\n" not in m.group("sep") or _value_below(text, start, m):
            yield m, name
            continue
        nested = _nested(text, start, m)
        if nested is not None:
            # (wave 17) a YAML mapping under a secret's name (``credentials:`` then ``key:
            # VALUE`` indented below): its member's value, named by both keys
            yield nested, f"{name}.{text[nested.start():nested.start('sep')]}"


#: a member that holds its parent's secret (``credentials:`` / ``key:``; ``password:`` /
#: ``value:``); other members (``host:``, ``min_length:``) describe it
_NESTED_KEY = re.compile(
    r"(?i)[^\S\n]*(?:key|value|secret|token|password|pass|passwd|api_?key|auth|"
    r"private_?key|client_?secret|access_?key|secret_?key)(?=:[^\S\n]+\S)")


def _nested(text: str, start: int, m: re.Match[str]) -> re.Match[str] | None:
    """(wave 17) The first member of a YAML mapping opened by ``name:`` at a line's end and
    indented deeper below it, as a match of :data:`_ASSIGNMENT` from the member's key."""
    sep = m.group("sep")
    if sep.strip() != ":" or sep.count("\n") != 1 or sep.index(":") > sep.index("\n"):
        return None
    line_start = text.rfind("\n", 0, start) + 1
    indent = len(text[line_start:start]) - len(text[line_start:start].lstrip())
    member = m.end("sep")
    if member - (m.start("sep") + sep.index("\n") + 1) <= indent:
        return None
    key = _NESTED_KEY.match(text, member)
    if key is None:
        return None
    inner = (_ASSIGNMENT_NEW if TYPED_VALUES else _ASSIGNMENT_OLD).match(text, member)
    return inner if inner is not None and "\n" not in inner.group("sep") else None


def _value_below(text: str, start: int, m: re.Match[str]) -> bool:
    """(wave 17) Whether a value on the line below its name is the name's value, as the
    format says: only YAML's ``name:`` with the value indented deeper on the next line
    (a plain scalar may continue there). An assignment whose ``=`` ends its line is empty
    (``imap_password =``, ``signing.password=``): the next line is another setting."""
    sep = m.group("sep")
    if sep.strip() != ":" or sep.count("\n") != 1 or sep.index(":") > sep.index("\n"):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    indent = len(text[line_start:start]) - len(text[line_start:start].lstrip())
    below = sep[sep.index("\n") + 1:]
    value = m.group("quoted") or m.group("bare") or ""
    return len(below) > indent and not value.rstrip().endswith(":")


#: (wave 10) a shell or dotenv word ``NAME=VALUE`` (a line of a ``.env`` file, ``export``,
#: an ``-e 'NAME=VALUE'`` argument): the value runs to the next space or quote, as the shell
#: and dotenv read it, so it may hold ``)``, ``<`` or ``;`` where :data:`_ASSIGNMENT`, which
#: also reads code, stops
_SHELL_WORD = re.compile(r"(?m)(?:^|(?<=[\s'\"]))(?:export[^\S\n]+)?"
                         r"(?P<name>[A-Za-z_][\w.\-]{0,60})=(?P<value>[^\s'\"]{4,4096})")
#: the characters at which :data:`_ASSIGNMENT` ends a bare value
_CODE_STOPS = frozenset(",;)<>")


def shell_words(text: str) -> Iterator[Decision]:
    """The values of shell words ``PASSWORD_NAME=VALUE`` that hold a character code would end
    a value at (the other values are :func:`assigned`'s): the name must be a password's,
    and a value with ``(`` or ending in ``)``, ``,``, ``;`` or ``>`` is code, not a word."""
    for m in _SHELL_WORD.finditer(text) if "=" in text else ():
        name, value = m.group("name"), m.group("value")
        if (_CODE_STOPS.isdisjoint(value) or "(" in value or value[-1] in ",;)>"
                or not is_password_name(name) or NOT_SECRET_NAME.search(name)):
            continue
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     assigned_reason(value, explicit=True, password=True),
                     f"a shell word that sets the password {name[:40]!r} (NAME=VALUE)")


#: (wave 10) an LDIF attribute named for a password whose value is base64 (RFC 2849: ``::``
#: marks a base64 value): ``userPassword:: c2VjcmV0``
_LDIF_BASE64 = re.compile(r"(?im)^(?P<name>[\w;\-]*pass(?:word)?[\w;\-]*)::[^\S\n]*"
                          r"(?P<value>[A-Za-z0-9+/]{4,}={0,2})[^\S\n]*$")


def ldif_passwords(text: str) -> Iterator[Decision]:
    """The base64 values of LDIF password attributes; a stored hash (``{SSHA}...``, the
    scheme in braces, RFC 3112) is kept."""
    for m in _LDIF_BASE64.finditer(text) if "::" in text else ():
        value = m.group("value")
        try:
            raw = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            continue
        why_not = ("a password hash (an LDAP {SCHEME} value), not the password"
                   if raw.startswith(b"{") else None)
        yield decide("ldif_password", m.start("value"), m.end("value"), why_not,
                     f"the base64 value of an LDIF password attribute ({m.group('name')}::)")


#: (wave 10) a quoted literal right after a name, no ``=`` nor ``:`` between: a method
#: called without parentheses, as Groovy (Gradle's ``signingConfigs { storePassword '...' }``),
#: Kotlin's Gradle DSL infix calls, Ruby DSLs (Chef, Vagrant) and Tcl set a value
_DSL_LITERAL = re.compile(r"(?m)(?:^|(?<=[\s{;(]))(?P<name>[A-Za-z_][\w.]{0,60})[^\S\n]+"
                          r"(?P<q>['\"])(?P<value>[^'\"\n]{4,4096})(?P=q)")


def dsl_literals(text: str) -> Iterator[Decision]:
    """The quoted literals given to a password-named setting without ``=``: the value
    must look chosen (``password 'Reset'`` in prose is a word)."""
    for m in _DSL_LITERAL.finditer(text) if ("'" in text or '"' in text) else ():
        name = m.group("name")
        if not is_password_name(name) or NOT_SECRET_NAME.search(name):
            continue
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     assigned_reason(m.group("value"), explicit=False, password=True,
                                     literal=True),
                     f"a quoted value given to the setting {name[:40]!r} (a DSL's call "
                     "without parentheses)")


#: (wave 10) a configuration directive: a line that is a password-named keyword, spaces and
#: one value, as redis.conf (``requirepass``, ``masterauth``), keepalived.conf
#: (``auth_pass``) and many daemons' files write a setting without ``=`` or ``:``
_DIRECTIVE = re.compile(r"(?m)^[^\S\n]*(?P<name>[A-Za-z_][\w-]{1,40})[^\S\n]+"
                        r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,4096})(?P=q)[^\S\n]*$")
#: directives a service documents for a password whose name holds no password word
_PASSWORD_DIRECTIVES = frozenset({"masterauth"})
#: short words that open lines of chat as often as of a file ("pass 20-yard"): no directive
_BARE_WORDS = frozenset({"pass", "pw", "pwd"})


def directive_passwords(text: str) -> Iterator[Decision]:
    """The values of password directives alone on their line; the value must look chosen
    and mix three character classes (a line "password reset" is prose, ``wpa_passphrase
    HomeNet`` a command)."""
    for m in _DIRECTIVE.finditer(text):
        name = m.group("name")
        if not (is_password_name(name) or name.lower() in _PASSWORD_DIRECTIVES) or (
                NOT_SECRET_NAME.search(name) or name.lower() in _BARE_WORDS):
            continue
        value = m.group("value")
        why_not = assigned_reason(value, explicit=False, password=True,
                                  literal=bool(m.group("q")))
        if why_not is None and classes(value) < 3:
            # a command's argument reads the same (``wpa_passphrase HomeNet``)
            why_not = "mixes fewer than three character classes"
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     f"the value of a configuration directive named for a password, "
                     f"{name[:40]!r}")
