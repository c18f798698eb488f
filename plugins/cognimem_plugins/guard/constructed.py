"""(wave 20) A credential a program passes by position: to the constructor of the client it
builds, or to a setter whose name names a credential.

Wave 17's :mod:`.sdkcalls` reads the clients whose documentation it was written from
(``Github(token)``, ``Client(account_sid, auth_token)``); a client it does not list keeps its
key (``misp = PyMISP(url, key)``, ``api = shodan.Shodan(key)``, ``opentok = OpenTok(id,
secret)``, ``handler = WebhookHandler(secret)``). Two readers of the code's form, whatever
the library:

* **a constructed client**: ``NAME = [new|await] [module.]Class(ARGS)`` (``:=``, ``<-``,
  Rust's ``Class::new(...)`` too), a class named in capitals (a type: a client, a handler,
  a validator), and a string literal among its first four arguments that reads as a key a
  provider issued (:func:`.branded.key_shape_reason`: long, random, not a URL, a path, a
  name or words). A class named for a value (``UUID``, ``ObjectId``, ``Hash``, ``Version``,
  ``Color``, ``Decimal``, ``Path``, ``Date``) holds its value, not a credential. Hexadecimal
  and UUIDs are identifiers as often as keys: they count only given to a class that names
  a client (``...Client``, ``...Api``, ``...Handler``, ``...Validator``, ``...Auth``) or
  beside another literal (an id and its secret, ``OpenTok("10691168", "fbf4...")``);
* **a credential's setter**: ``[obj.]setAesKey("...")``, ``setMasterPassword('...')``,
  ``setKey('...')``, ``username_pw_set("user", "...")``: a call whose name is a verb that
  sets (``set``, ``use``, ``with``) and a credential's word (``password``, ``passphrase``,
  ``pw``, ``secret``, ``key``, ``token``, ``psk``): its literal arguments are what it sets,
  a password word's when it looks chosen (:func:`.evidence.looks_chosen`), another's when it
  reads as an issued key (hexadecimal or a UUID given to a bare ``setKey`` is a cache's or a
  map's key: kept); of several arguments, the last (``set(name, value)``).

Gated on a literal opening a call's arguments (``("``, ``('``): a text without one starts
neither reader.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .branded import key_shape_reason
from .decisions import Decision, decide
from .evidence import looks_chosen
from .sdkcalls import _ARG
from .standins import stand_in

#: the needles: a call whose first argument, or a later one, is a string literal
NEEDLES = ("(\"", "('", "( \"", "( '", ", \"", ", '")

#: ``NAME = [new|await] [module.]Class(`` / ``Class::new(`` (the class's last name)
_CONSTRUCT = re.compile(
    r"(?:(?<![=!<>])(?::=|=|<-)[ \t]*(?:new[ \t]+|await[ \t]+)?|\bnew[ \t]+)"
    r"(?P<callee>(?:[A-Za-z_][\w]*(?:\.|::))*(?P<last>[A-Z][A-Za-z0-9_]*))"
    r"(?:::new)?[ \t]*\((?=[ \t]*['\"]|[^()\n]{0,200}['\"])")
#: the words of a class named for a value it holds (its literal is that value, not a key)
_VALUE_TYPES = frozenset((
    "id", "ids", "uuid", "guid", "ulid", "oid", "hash", "hasher", "digest", "sha", "sha1",
    "sha256", "sha512", "md5", "checksum", "crc", "version", "semver", "color", "colour",
    "date", "datetime", "time", "timestamp", "duration", "decimal", "big", "number", "int",
    "integer", "float", "path", "file", "url", "uri", "host", "address", "regex", "regexp",
    "pattern", "glob", "name", "label", "tag", "ref", "commit", "revision", "rev", "block",
    "tx", "transaction", "string", "str", "text", "bytes", "buffer", "hex", "base64",
    "image", "icon", "font", "locale", "currency", "money", "error", "exception", "event",
    "message", "log", "logger", "test", "mock", "fake", "example", "sample", "dummy",
    "fixture", "public", "pub", "fingerprint", "cert", "certificate", "mask", "flag",
    "feature", "query", "selector", "element", "component", "template", "enum", "key",
))
#: a class's words that name a client, a handler or a validator of signed requests
_CLIENTISH = frozenset((
    "client", "api", "sdk", "handler", "validator", "verifier", "auth", "authenticator",
    "authorizer", "session", "service", "connection", "connector", "provider", "bot",
    "gateway", "signer", "webhook", "rest", "http",
))
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_HEXISH = re.compile(r"[0-9a-fA-F]+|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")

#: a setter named for a credential: ``setAesKey(``, ``set_password(``, ``useToken(``,
#: ``username_pw_set(``, ``withSecretKey(``
_SETTER = re.compile(
    r"(?<![\w])(?:(?P<verb>set|use|with)_?(?P<name>[A-Za-z0-9_]{0,30}?)|"
    r"(?P<pre>[A-Za-z0-9]{0,20}_)?(?P<name2>pw|password|passphrase|secret|key|token|psk)_set)"
    r"[ \t]*\(")
_CREDENTIAL_WORD = re.compile(
    r"(?i)(?:^|(?<=[a-z0-9_])(?=[A-Z])|(?<=_))(?P<word>password|passwd|passphrase|pw|pwd|"
    r"secret|key|token|psk)(?:$|(?=[A-Z_0-9]))")
#: an argument that is a flag, not a value (``True``, ``false``, ``None``, a number)
_FLAG = re.compile(r"(?i)[\s,]*(?:true|false|none|null|nil|-?\d+)[\s,)]*")
_PASSWORD_WORDS = frozenset(("password", "passwd", "passphrase", "pw", "pwd", "psk"))


def _words(name: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(name)]


def _arguments(text: str, pos: int, most: int = 4
               ) -> Iterator[tuple[int, int, str | None]]:
    """The first ``most`` arguments of the call whose arguments open at ``pos``: (start,
    end, value), the value ``None`` for an argument that is not a string literal."""
    for _ in range(most):
        arg = _ARG.match(text, pos)
        if arg is None:  # an argument not read (an expression): not a literal
            yield pos, pos, None
            return
        if arg.group("v") is not None:
            yield arg.start("v"), arg.end("v"), arg.group("v")
        else:
            yield arg.start(), arg.end(), None
        if arg.group("end") == ")":
            return
        pos = arg.end()


def _literals(text: str, pos: int, most: int = 4) -> Iterator[tuple[int, int, str]]:
    """The string literals among the first ``most`` arguments of the call whose arguments
    open at ``pos``: (start, end, value)."""
    for start, end, value in _arguments(text, pos, most):
        if value is not None:
            yield start, end, value


def constructed_secrets(text: str) -> Iterator[Decision]:
    """A key given by position to the constructor of a client (see the module's text)."""
    for m in _CONSTRUCT.finditer(text):
        words = _words(m.group("last"))
        if not words or _VALUE_TYPES.intersection(words):
            continue
        literals = list(_literals(text, m.end()))
        clientish = bool(_CLIENTISH.intersection(words))
        for start, end, value in literals:
            why = key_shape_reason(value, min_slot=16)
            if why is None and " " in value:
                why = "words"
            if why is None and _HEXISH.fullmatch(value) and not clientish and len(literals) < 2:
                why = ("hexadecimal or a UUID given alone to a class not named for a client "
                       "(an identifier)")
            yield decide("client_credential", start, end, why,
                         f"a literal given to the constructor of {m.group('callee')[-40:]}() "
                         "(a client's key, by position)")


def setter_secrets(text: str) -> Iterator[Decision]:
    """A literal given to a setter named for a credential (see the module's text)."""
    for m in _SETTER.finditer(text):
        name = m.group("name") if m.group("verb") else m.group("name2")
        found = _CREDENTIAL_WORD.search(name or "")
        if found is None:
            continue
        word = found.group("word").lower()
        password = word in _PASSWORD_WORDS
        # a setter sets its last argument (``set(name, value)``, ``username_pw_set(user,
        # password)``) before any flags (``setMasterPassword('...', True)``), read only when
        # that argument is a literal (``username_pw_set("user", os.environ[...])`` sets no
        # literal password)
        args = list(_arguments(text, m.end()))
        while args and args[-1][2] is None and _FLAG.fullmatch(text[args[-1][0]:args[-1][1]]):
            args.pop()
        for start, end, value in args[-1:]:
            if value is None:
                continue
            if password:
                why = stand_in(value, literal=True) or looks_chosen(value)
                if why is None and len(value) < 8:
                    why = "shorter than 8 characters"
            else:
                why = key_shape_reason(value, min_slot=16)
                if why is None and word == "key" and _HEXISH.fullmatch(value) and (
                        len(_words(name or "")) <= 1):
                    why = "hexadecimal or a UUID set as a bare key (a cache's or a map's key)"
            yield decide("client_credential", start, end, why,
                         f"a literal given to {m.group(0)[:-1].strip()[-40:]}() (a setter "
                         f"named for a {word})")
