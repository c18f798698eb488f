"""(wave 23) Settings whose *name* makes the value a secret, read in layouts and for names
the older readers pass by (#39).

Six readers, each a switch of cv_wave23_secrets.py:

* **PIN settings** (``READ_PINS``): a setting whose last word is "pin" (``PKCS11_PIN=``,
  ``"account_pin": "..."``, ``userPin:``, ``--so-pin 9911``) with 4 to 12 digits. The
  prose reader (:mod:`.pins`) wants "PIN" in capitals and a sentence; a setting's name is
  in any case. A board's pin number has one to three digits, a dependency's pin a version
  (dots), a certificate pin base64: none of them is 4 to 12 digits alone. One digit
  repeated or a run (``0000``, ``1234``) is a stand-in (:func:`.pins.pin_reason`).
* **Secret and certificate ids** (``READ_SECRET_IDS``): a setting whose last words are
  "secret id" or "cert id" (``VAULT_SECRET_ID``, ``secret-id``, ``certId``). A name that
  ends in "id" describes a secret (:data:`.names.NOT_SECRET_NAME`), but a secret id is a
  credential in its own right (Vault's AppRole: role id and secret id; a marketplace's cert
  id is its client secret). The value must carry the evidence of a generated value: a
  UUID, 24 hexadecimal digits or more, or random (:func:`.keynames.random_value`); a path,
  an ARN, a secret manager's name or a reference stays.
* **Named attributes and calls** (``READ_NAME_ATTRS``): a name given as an attribute and
  its value as another attribute or as the element's text, whatever the element
  (``<channel-setting name="db_password" value="..."/>``, ``<Config Name="API_TOKEN"
  ...>VALUE</Config>``, ``<property name="hibernate.connection.password">...</property>``),
  and a call given a secret's name then a literal, whatever the function
  (``[Environment]::SetEnvironmentVariable('DB_PASSWORD', '...', 'Machine')``). The name
  must be a secret's (:data:`.names.NAME_HIT`, not :data:`.names.NOT_SECRET_NAME`) and the
  value pass :func:`.standins.assigned_reason` as an assigned value does.

* **Short values of qualified names** (``READ_SHORT``): a setting whose last word is
  "key", "secret" or "token" (``DEPLOY_KEY: kaF_R5AnxUguDw``, ``transaction_key=...``)
  with a value of 12 to 19 characters. The near-value heuristics want 20 characters; a
  setting's name is stronger evidence than a nearby word, so 12 suffice when the value
  mixes upper case, lower case and digits and carries the rest of the evidence of
  :func:`.evidence.identifier_reason` (no name structure, no camel-case words, not hex, not
  a UUID). A key's name must not be a data structure's or a public key's
  (:data:`.keynames.NOT_CREDENTIAL`).

* **UUIDs after a credential's noun** (``READ_UUIDS``): a UUID is kept after a bare "key"
  (an object's, a row's, an idempotency key), but after a token's, a secret's, a
  password's or a credential's noun, or an API or app key's, on the same line and in the
  same clause (no ``:``, ``=``, ``#`` or ``/`` between them: another setting, a comment, a
  path), it is the credential (Splunk's HEC tokens, many vendors' API tokens and
  app keys are UUIDs). An id's, a name's or an account's word between them (``token
  id``, ``secret name``, ``client id``) makes it an identifier; a UUID of one digit is a
  stand-in.

* **Credentials given to a sign-in call or an auth pair** (``READ_SIGN_IN``): a call whose
  function's name says it signs in or fetches a credential (``authenticate``, ``login``,
  ``startClientLogin``, ``get_client_credentials_token``, ``logOn``) given two or three
  string literals, and an ``auth`` set to a pair of literals (``auth=("user", "...")``,
  Python's requests): the last literal is the secret half of the pair when it carries
  the evidence of a chosen or a generated value (:func:`.standins.assigned_reason` as a
  password's, and :func:`.evidence.looks_chosen`).

Each reader asks first for its characters (``pin``, ``id``, ``name=``/``key=``, ``('``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .evidence import identifier_reason, looks_chosen
from .keynames import NOT_CREDENTIAL, random_value
from .names import NAME_HIT, NOT_SECRET_NAME, is_password_name
from .pins import pin_reason
from .standins import assigned_reason

#: the switches (cv_wave23_secrets.py)
READ_PINS = True
READ_SECRET_IDS = True
READ_NAME_ATTRS = True
READ_SHORT = True
READ_UUIDS = True
READ_SIGN_IN = True

#: a setting (snake, SCREAMING, kebab, dotted, camel, a flag) whose last word is "pin", or a
#: PKCS #11 URI's ``pin-value`` attribute (RFC 7512), then 4 to 12 digits; a space separates
#: only a flag from its value
_PIN_SETTING = re.compile(
    r"(?<![\w.\-])(?:(?P<flag>--?)|['\"]?)"
    r"(?P<name>(?:[A-Za-z][A-Za-z0-9]*[_.\-])*(?:pin|PIN|Pin)(?:-value)?|"
    r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*Pin)"
    r"['\"]?(?P<sep>[^\S\n]*(?::|=>?)[^\S\n]*|(?(flag)[^\S\n]+|(?!)))"
    r"(?P<q>['\"]?)(?P<value>\d{4,12})(?P=q)(?![\w.,/:\-]*\w)")
#: the words before "pin" that make it a place's code, not a secret (India's postal PIN)
_POSTAL = re.compile(r"(?i)(?:postal|post|zip|area|office)[_.\-]?pin$")

#: a setting whose last words are "secret id" or "cert id", then its value
_SECRET_ID = re.compile(
    r"(?<![\w.\-])(?:(?P<flag>--?)|['\"]?)"
    r"(?P<name>(?:[A-Za-z][A-Za-z0-9]*[_.\-])*(?:secret|SECRET|Secret|cert|CERT|Cert)[_.\-]?"
    r"(?:id|ID|Id)|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*(?:Secret|Cert)Id)"
    r"['\"]?(?P<sep>[^\S\n]*(?::|=>?)[^\S\n]*|[^\S\n]+(?:is|=)[^\S\n]+|(?(flag)[^\S\n]+|(?!)))"
    r"(?P<q>['\"]?)(?P<value>[^\s'\",;<>(){}\[\]]{16,200})(?P=q)")
_UUID = re.compile(r"[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}")
_HEX_DIGIT = re.compile(r"[0-9A-Fa-f]")


def _generated(value: str) -> bool:
    """Whether ``value`` carries the evidence of a generated value: a UUID (not all one
    digit), 24 hexadecimal digits or more with a separator's words at most, or random."""
    if _UUID.fullmatch(value):
        return len(set(value.replace("-", ""))) > 2
    hexes = sum(1 for c in value if c in "0123456789abcdefABCDEF")
    if hexes >= 24 and re.fullmatch(r"(?:[A-Za-z]{1,8}-)?[0-9A-Fa-f]+(?:-[0-9A-Fa-f]+)*",
                                    value):
        return any(c.isdigit() for c in value) and any(c.isalpha() for c in value[4:])
    return random_value(value)


def pin_settings(text: str) -> Iterator[Decision]:
    """The digits of settings named for a PIN."""
    for m in _PIN_SETTING.finditer(text):
        name, value = m.group("name"), m.group("value")
        if _POSTAL.search(name):
            continue
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     pin_reason(value), f"4 to 12 digits given to the PIN setting "
                     f"{name[:40]!r}")


def secret_ids(text: str) -> Iterator[Decision]:
    """The generated values of settings named a secret's or a certificate's id."""
    for m in _SECRET_ID.finditer(text):
        name, value = m.group("name"), m.group("value")
        if _UUID.fullmatch(value):
            why_not = None if _generated(value) else "a UUID of one digit (a stand-in)"
        else:
            why_not = assigned_reason(value, explicit=True, password=False,
                                      literal=bool(m.group("q")))
            if why_not is None and not _generated(value):
                why_not = "not a generated value (an id's name, a path, a reference)"
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     f"a generated value given to {name[:40]!r} (a secret id is a "
                     "credential: it is the secret half of a role's or an app's pair)")


_NAME_ATTR = r"\s(?i:name|key)\s*=\s*(?P<nq>['\"])(?P<name>[\w:.\-]{2,60})(?P=nq)"
#: an element whose name attribute names the setting and whose value attribute holds it
_ATTR_VALUE = re.compile(
    rf"<(?P<tag>[A-Za-z][\w:.\-]{{0,40}})(?:\s[^<>]{{0,300}}?)?{_NAME_ATTR}"
    r"(?:\s[^<>]{0,300}?)?\s(?i:value)\s*=\s*(?P<q>['\"])(?P<value>[^'\"\n]{4,4096})(?P=q)")
#: the same with the value as the element's text
_ATTR_TEXT = re.compile(
    rf"<(?P<tag>[A-Za-z][\w:.\-]{{0,40}})(?:\s[^<>]{{0,300}}?)?{_NAME_ATTR}[^<>]{{0,400}}>"
    r"[^\S\n]*(?P<value>[^<\s]{4,4096})[^\S\n]*</(?P=tag)>")
#: a call given a name in quotes then a literal, whatever the function
_NAMED_CALL = re.compile(
    r"[\w\]][^\S\n]*\([^\S\n]*(?P<nq>['\"])(?P<name>[A-Za-z_][\w.\-]{1,60})(?P=nq)[^\S\n]*,"
    r"[^\S\n]*(?P<q>['\"])(?P<value>[^'\"\n]{4,4096})(?P=q)")


def _secret_name(name: str) -> bool:
    return NAME_HIT.search(name) is not None and not NOT_SECRET_NAME.search(name)


def named_attributes(text: str) -> Iterator[Decision]:
    """The values of elements and calls that name a secret in an attribute or argument."""
    found: list[tuple[re.Match[str], str]] = []
    if "<" in text and "=" in text:
        found += [(m, "an element's value attribute") for m in _ATTR_VALUE.finditer(text)]
        if "</" in text:
            found += [(m, "an element's text") for m in _ATTR_TEXT.finditer(text)]
    if "(" in text and "," in text:
        found += [(m, "a call's argument") for m in _NAMED_CALL.finditer(text)]
    for m, shape in found:
        name, value = m.group("name"), m.group("value")
        if not _secret_name(name):
            continue
        why_not = ("a sentence (a password or a key is not three words or more)"
                   if len(value.split()) >= 3 else
                   assigned_reason(value.strip(), explicit=True,
                                   password=is_password_name(name), literal=True))
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     f"the value given with the secret's name {name[:40]!r} in {shape}")


#: a setting whose last word is "key", "secret" or "token", then 12 to 19 characters
_SHORT = re.compile(
    r"(?<![\w.\-])['\"]?(?P<name>(?:[A-Za-z][A-Za-z0-9]*[_.\-])*(?:key|KEY|Key|secret|SECRET|"
    r"Secret|token|TOKEN|Token)|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*(?:Key|Secret|Token))['\"]?"
    r"(?P<sep>[^\S\n]*(?::|=>?)[^\S\n]*)(?P<q>['\"]?)"
    r"(?P<value>[^\s'\",;<>(){}\[\]]{12,19})(?P=q)(?![^\s,;'\"\])}])")
#: the shortest value :func:`short_values` reads (the heuristics' is 20)
SHORT_MIN = 12


def short_values(text: str) -> Iterator[Decision]:
    """The values of 12 to 19 characters of settings named a key, a secret or a token."""
    for m in _SHORT.finditer(text):
        name, value = m.group("name"), m.group("value")
        if NOT_SECRET_NAME.search(name) or NOT_CREDENTIAL.search(name):
            continue
        why_not = assigned_reason(value, explicit=True, password=False,
                                  literal=bool(m.group("q")))
        if why_not is None:
            why_not = identifier_reason(value, SHORT_MIN)
        if why_not is None and not (any(c.isupper() for c in value)
                                    and any(c.islower() for c in value)
                                    and any(c.isdigit() for c in value)):
            why_not = "does not mix upper case, lower case and digits"
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     f"a random value of {len(value)} characters given to {name[:40]!r}")


#: a credential's noun, at most 80 characters of its clause, a separator, a UUID
_UUID_AFTER = re.compile(
    r"(?i)(?<![\w-])(?P<noun>[\w-]{0,30}token|[\w-]{0,30}secret|password|passwd|passphrase|"
    r"passcode|credentials?|creds|api[ _.\-]?key|app[ _.\-]?key|licen[cs]e[ _.\-]?key|auth)"
    r"(?![\w-])(?P<gap>[^\n.;!?:=#/]{0,80}?)(?:[^\S\n]*[:=][^\S\n]*|[^\S\n]+(?:is|are|was)"
    r"[^\S\n]+|[^\S\n]*(?:->|\u2192)[^\S\n]*|[^\S\n]+)['\"`]?"
    r"(?P<value>[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12})(?![\w-])")
#: a word between the noun and the UUID that makes the UUID an identifier
_ID_WORD = re.compile(
    r"(?i)(?<![a-z])(?:ids?|uuids?|guids?|names?|accounts?|tenants?|subscriptions?|"
    r"projects?|users?|clients?|orgs?|organi[sz]ations?|workspaces?|instances?|devices?|"
    r"requests?|traces?|correlations?|sessions?|jobs?|runs?|builds?|events?|objects?|"
    r"resources?|integrations?|channels?|endpoints?|references?|"
    r"rotation|rotated|revoked|expired|invalid|old)(?![a-z])")


#: a token that is a cursor's, a request's or a form's, not a credential
_NOT_CREDENTIAL_TOKEN = re.compile(r"(?i)(?:page|next|continuation|pagination|client|"
                                   r"idempotency|csrf|xsrf|request|trace)[_\- ]?token$")


def uuid_values(text: str) -> Iterator[Decision]:
    """The UUIDs given after a credential's noun in its clause."""
    for m in _UUID_AFTER.finditer(text):
        noun, gap, value = m.group("noun"), m.group("gap"), m.group("value")
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", noun)
        if _ID_WORD.search(gap) or _ID_WORD.search(words.replace("_", " ").replace("-", " ")):
            continue
        before = text[max(0, m.start() - 16):m.start()] + noun
        if NOT_SECRET_NAME.search(noun) or _NOT_CREDENTIAL_TOKEN.search(before):
            continue
        why_not = None if _generated(value) else "a UUID of one digit (a stand-in)"
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     f"a UUID after the credential's noun {noun[-40:]!r} in its clause")


_LITERAL = r"(?P<q{n}>['\"])(?P<v{n}>[^'\"\n]{{1,4096}})(?P=q{n})"
#: a call named for signing in or for a credential, given two or three literals
_SIGN_IN_CALL = re.compile(
    r"(?P<fn>[A-Za-z_][\w]*(?:[Ll]og_?[Ii]n|[Ll]og_?[Oo]n|[Ss]ign_?[Ii]n|[Aa]uthenticate|"
    r"[Aa]uth|[Cc]redentials?_?[Tt]oken|[Cc]redentials?|[Ll]ogin)\w*|[Aa]uthenticate|"
    r"[Ll]ogin|[Ll]ogon|[Ll]ogOn)[^\S\n]*\([^\S\n]*"
    + _LITERAL.format(n=1) + r"[^\S\n]*,[^\S\n]*" + _LITERAL.format(n=2)
    + r"(?:[^\S\n]*,[^\S\n]*" + _LITERAL.format(n=3) + r")?[^\S\n]*[,)]")
#: ``auth = ("user", "secret")``: a pair of literals given to ``auth``
_AUTH_PAIR = re.compile(
    r"(?<![\w.])(?i:auth)[^\S\n]*=[^\S\n]*[(\[][^\S\n]*(?:f?" + _LITERAL.format(n=1)
    + r")[^\S\n]*,[^\S\n]*" + _LITERAL.format(n=2) + r"[^\S\n]*[)\]]")


def sign_in_values(text: str) -> Iterator[Decision]:
    """The last literal given to a sign-in call or to an ``auth`` pair."""
    found = [*_SIGN_IN_CALL.finditer(text), *_AUTH_PAIR.finditer(text)] if "(" in text else []
    for m in found:
        n = 3 if m.groupdict().get("v3") is not None else 2
        value = m.group(f"v{n}")
        why_not = ("a sentence (a password or a key is not three words or more)"
                   if len(value.split()) >= 2 else
                   assigned_reason(value, explicit=True, password=True, literal=True)
                   or looks_chosen(value))
        yield decide("password_assignment", m.start(f"v{n}"), m.end(f"v{n}"), why_not,
                     "the secret half of the literals given to a sign-in call or an auth "
                     "pair")


#: what each reader needs in the lowercased text, each a pattern that opens with a literal
#: (the engine looks for the literal first): a PIN's name and its separator, a secret's or
#: a cert's id, a quoted attribute named "name" or "key", a literal opening a call's
#: arguments, a key's, a secret's or a token's separator, the middle of a UUID
_PIN_GATE = re.compile(r"pin(?:-value)?(?:['\"]?[^\S\n]*[:=]|['\"]?[^\S\n]+['\"]?\d)")
_ID_GATES = (("secret", re.compile(r"secret[_.\-]?id")), ("cert", re.compile(r"cert[_.\-]?id")))
_ATTR_GATES = (("name", re.compile(r"name\s*=\s*['\"]")), ("key", re.compile(r"key\s*=\s*['\"]")))
_CALL_GATE = re.compile(r"\([^\S\n]*['\"]")
_SHORT_GATES = tuple((word, re.compile(rf"{word}['\"]?[^\S\n]*[:=]"))
                     for word in ("key", "secret", "token"))
_UUID_MIDDLE = re.compile(r"-[0-9a-f]{4}-[0-9a-f]{4}-")


def _gate(low: str, gates: tuple[tuple[str, re.Pattern[str]], ...]) -> bool:
    """Whether a gate's pattern is in ``low``, its word looked for first (``in`` is cheaper
    than a pattern's search)."""
    return any(word in low and pattern.search(low) is not None for word, pattern in gates)


def named_settings(text: str, low: str) -> Iterator[Decision]:
    """The six readers, each after its cheap test."""
    if READ_PINS and "pin" in low and _PIN_GATE.search(low):
        yield from pin_settings(text)
    if READ_SECRET_IDS and "id" in low and _gate(low, _ID_GATES):
        yield from secret_ids(text)
    call = "(" in text and _CALL_GATE.search(text) is not None
    if READ_NAME_ATTRS and (call or ("=" in text and _gate(low, _ATTR_GATES))):
        yield from named_attributes(text)
    if READ_SHORT and _gate(low, _SHORT_GATES):
        yield from short_values(text)
    if READ_UUIDS and "-" in text and _UUID_MIDDLE.search(low) and (
            "token" in low or "secret" in low or "pass" in low or "cred" in low
            or "key" in low or "auth" in low):
        yield from uuid_values(text)
    if READ_SIGN_IN and call and (
            "log" in low or "auth" in low or "sign" in low or "cred" in low):
        yield from sign_in_values(text)
