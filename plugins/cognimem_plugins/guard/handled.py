"""(wave 24) Secrets read by how the text handles them and by the header that carries them.

Five readers, each a switch of ``cv_wave24_secrets.py``:

* **handled** (:data:`READ_HANDLED`): a value the writer treats as only a secret is
  treated, whatever it is called ("heads up, the X value is ... until we move it to the
  vault", "here's the Y one, it's live so be careful: ...", "new Z creds are ... (old one
  revoked this morning)", "don't paste it in #general"). The line holds a handling cue (a
  vault or a secret manager the value moves to, a revocation or a rotation, a warning not
  to paste, share or commit it, "keep it safe", "shows it only once") and a value that is
  evidence by its own shape: random in three classes of characters
  (:func:`.evidence.identifier_reason`, 16 or more), a chosen password (symbols, three
  classes, 10 or more), or 32+ hexadecimal digits or a UUID that no id's, digest's or
  commit's word names. A commit id, a fingerprint or a ticket number beside "rotate" stays.
* **headers** (:data:`READ_HEADERS`): an HTTP header whose name says it carries a
  credential (``Authorization``, ``X-Auth``, ``X-Api-Key``, ``X-...-Token``,
  ``X-...-Session``, ``Helicone-Auth``), in any of the layouts a header is written: raw
  HTTP and curl's ``-H 'Name: value'``, a dict or a hash (``"Name": "value"``,
  ``"Name" => "value"``), a proxy's or a log shipper's directive (``Header Name value``,
  ``proxy_set_header Name value``) and a header list's pair (``{"name": "Name", "value":
  "value"}``). The credential is the value's last word (after a scheme: ``Bearer``,
  ``OAuth``, a provider's own ``Uploadcare.Simple``; after ``public:`` in a pair). It is
  redacted when it reads as a key (:func:`.branded.key_shape_reason`) or as a chosen
  secret; a placeholder, a template, a truncated example or a short word stays. A
  signature, a CSRF token, an idempotency, cache, request or trace key is not a
  credential's header.

* **words** (:data:`READ_WORDS`): the forms of "password" in Arabic, Hebrew and Kazakh that
  :mod:`.prose_words`' rows miss (:data:`MORE_WORDS`), read by :mod:`.prose_i18n`.
* **piped** (:data:`READ_PIPED`): a literal echoed, printed or given as a here-string to a
  command that reads a secret (:func:`piped_values`).
* **directives** (:data:`READ_DIRECTIVES`): the value of a line ``Name value`` whose name's
  last word is a password's, a secret's or a token's (:func:`directive_values`).

Each asks first for its literal words (:func:`handled_secrets`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .branded import key_shape_reason
from .decisions import Decision, decide
from .evidence import classes, identifier_reason, looks_chosen
from .prose_i18n import i18n_passwords
from .prose_words import Word
from .standins import stand_in

#: switches (chosen by leave-one-split-out CV, cv_wave24_secrets.py)
READ_HANDLED = True
READ_HEADERS = True
READ_WORDS = True
READ_PIPED = True
READ_DIRECTIVES = True

# -- handled ------------------------------------------------------------------------------

#: what a writer says of a secret and of nothing else: where it goes (a vault, a secret
#: manager), its revocation or rotation, a warning not to spread it, its care
_HANDLING = re.compile(
    r"(?i)(?:\b(?:move|put|store|stash|add|keep|save)\w{0,3}\s+(?:it|this|that|them)\b"
    r"[^.\n]{0,40}?\b(?:vault|secrets?[ -]manager|password[ -]manager|keychain|1password|"
    r"keepass|bitwarden)\b"
    r"|\brevok(?:e|ed|ing)\b(?![=:])|\brotat(?:e|ed|ing)\b(?![=:])"
    r"|\b(?:don'?t|do not|never|please don'?t|pls don'?t)\s+(?:paste|share|post|commit|leak|"
    r"forward|spread)\b"
    r"|\bshould(?:n'?t| not)\s+be\s+committed\b|\bdo not commit\b"
    r"|\bkeep\s+(?:it\s+|this\s+)?(?:safe|secret|private)\b|\bbe careful\b"
    r"|\bshows?\s+(?:it\s+)?only\s+once\b)")
#: the literal stems :data:`_HANDLING` needs one of (asked for before it runs): each
#: alternative's rarest literal
HANDLING_STEMS = ("vault", "manager", "keychain", "1password", "keepass", "bitwarden",
                  "revok", "rotat", "t paste", "t share", "t post", "t commit", "t leak",
                  "t forward", "t spread", "committed", "keep it", "keep this", "keep safe",
                  "keep secret", "keep private", "careful", "only once")
#: a token of a line (no spaces, no quotes or brackets around it)
_TOKEN = re.compile(r"(?<![^\s'\"`(\[{<:=>])[^\s'\"`()\[\]{}<>,;]{10,200}")
_HEX = re.compile(r"[0-9a-fA-F]{32,}")
_UUID = re.compile(r"[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}")
#: what gives a value in prose right before it: a copula, a verb of use, a colon, an arrow
_GIVEN = re.compile(r"(?i)(?:\b(?:is|are|was|were|be|use|using|with|to|now|here)|[:=>\u2014-])"
                    r"[ \t]*['\"`(]?$")
#: a structure's boundary between two values (a JSON pair, a field list)
_BOUNDARY = re.compile(r"\"\s*[:,]\s*\"|\\\"\s*[:,]\s*\\\"|[|\t]")
#: a word before a value that names it as an id, a digest, a commit or a version
_ID_BEFORE = re.compile(
    r"(?i)(?:\b|_)(?:ids?|commit|sha\d*|hash|digest|checksum|fingerprint|thumbprint|etag|build|"
    r"trace|request|run|job|ticket|order|version|revision|rev|uuid|guid|tx|txn|transaction|"
    r"session id|correlation|object|file|blob|message|event|incident|case)\b[^\w\n]{0,4}"
    r"(?:\w+[^\w\n]{1,3}){0,2}$")
_ADDRESS = re.compile(r"@[\w-]+\.[A-Za-z]{2,}")
_PASSWORD_SYMBOLS = frozenset("!@#$%^&*~+=?")


def _chosen(value: str) -> bool:
    """A chosen secret: 10 or more, three classes with a password's symbol."""
    return (len(value) >= 10 and classes(value) >= 3 and looks_chosen(value) is None
            and any(c in _PASSWORD_SYMBOLS for c in value))


def _value_reason(text: str, start: int, value: str) -> str | None:
    """Why a token on a handled line is not the handled secret, or None."""
    why = stand_in(value, literal=True)
    if why:
        return why
    if "://" in value or _ADDRESS.search(value) or value.startswith(("/", "./", "~", "$", "%")):
        return "a URL, an address, a path or a variable"
    if _HEX.fullmatch(value) or _UUID.fullmatch(value):
        if _ID_BEFORE.search(text[max(0, start - 40):start]):
            return "hexadecimal or a UUID named as an id, a digest or a commit"
        if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
            return "hexadecimal of one class (a number)"
        return None
    if _chosen(value):
        return None
    return identifier_reason(value, 16)


def handled_values(text: str, low: str) -> Iterator[Decision]:
    """Values on a line that handles them as a secret (see the module's text): only the
    lines that hold a stem of :data:`HANDLING_STEMS` and a digit are read."""
    done: set[int] = set()
    for stem in HANDLING_STEMS:
        at = low.find(stem)
        while at >= 0:
            base = low.rfind("\n", 0, at) + 1
            end = low.find("\n", at)
            end = len(low) if end < 0 else end
            at = low.find(stem, end)
            if base in done:
                continue
            done.add(base)
            line = text[base:end]
            if not any(c.isdigit() for c in line):
                continue
            yield from _handled_line(line, base)


def _handled_line(line: str, base: int) -> Iterator[Decision]:
    cue = _HANDLING.search(line)
    if cue is None:
        return
    for m in _TOKEN.finditer(line):
        value = m.group(0).rstrip(".:!?")
        if len(value) < 10 or abs(m.start() - cue.start()) > 160:
            continue
        lo, hi = sorted((m.start(), cue.start()))
        before = line[max(0, m.start() - 12):m.start()]
        if _BOUNDARY.search(line, lo, hi) or not _GIVEN.search(before):
            continue
        if _value_reason(line, m.start(), value) is not None:
            continue  # a token of prose: not a candidate worth a decision
        yield decide("secret_in_prose", base + m.start(), base + m.start() + len(value),
                     None, "a random or chosen value on a line that handles it as a "
                     f"secret ({cue.group(0).strip()[:40]!r})")


# -- headers ------------------------------------------------------------------------------

#: a header's name that says it carries a credential (its last word)
_CRED_HEADER = (r"(?:authorization|proxy-authorization|(?:x-)?[\w-]{0,40}?(?<![\w])"
                r"(?:x-auth(?:-token|-key)?|[\w-]*-auth|[\w-]*-?api-?key|apikey|"
                r"[\w-]*-(?:access|secret|private|admin|app|user|master)-key|"
                r"[\w-]*-(?:token|secret|session|password|passwd)))")
_NOT_CRED = re.compile(r"(?i)csrf|xsrf|idempoten|cache|request|trace|correlation|signature|"
                       r"public|publishable|client-id|-id$|next|page|continuation|refresh-"
                       r"token-expir")
_H = _CRED_HEADER
#: ``Name: value`` (raw HTTP, curl -H) and ``"Name": "value"`` / ``"Name" => "value"``
_HEADER_LAYOUTS = re.compile(
    rf"(?i)(?:(?<![\w-])(?P<n1>{_H})[ \t]*:[ \t]*(?P<v1>[^\n'\"`\\]{{4,600}})"
    rf"|(?P<q>\\?['\"])(?P<n2>{_H})(?P=q)[ \t]*(?::|=>|,)[ \t]*(?P<q2>\\?['\"])"
    rf"(?P<v2>[^\n'\"`\\]{{4,600}})(?P=q2)"
    rf"|(?<![\w-])(?:header|proxy_set_header|add_header|more_set_headers|request_header)"
    rf"[ \t]+(?P<n3>{_H})[ \t]+(?P<v3>[^\s'\"`;]{{4,600}})"
    rf"|(?P<q3>\\?['\"])name(?P=q3)[ \t]*:[ \t]*(?P=q3)(?P<n4>{_H})(?P=q3)[ \t]*,[ \t]*"
    rf"(?P=q3)value(?P=q3)[ \t]*:[ \t]*(?P=q3)(?P<v4>[^\n'\"`\\]{{4,600}})(?P=q3))")
#: the literal words a credential's header name holds, one of which the text must hold
#: (found in the redaction's one pass over the lowercased text, :mod:`.secrets`)
HEADER_STEMS = ("authorization", "-auth", "apikey", "-key", "-token", "-secret", "-session",
                "-passw")


def _header_value_reason(value: str) -> str | None:
    if "..." in value or "\u2026" in value:
        return "a truncated example"
    why = stand_in(value, literal=True)
    if why:
        return why
    if _chosen(value):
        return None
    why = key_shape_reason(value, min_slot=16)
    if why is None and not (_HEX.fullmatch(value) or _UUID.fullmatch(value)):
        # a key's shape is not enough for a header's value of one case: words and digits
        # (``productioncluster01ab``) read as a name
        why = identifier_reason(value, 16)
    return why


def header_values(text: str) -> Iterator[Decision]:
    """Credentials in a credential's header, in any layout (see the module's text)."""
    for m in _HEADER_LAYOUTS.finditer(text):
        group = next(i for i in "1234" if m.group(f"n{i}") is not None)
        name = m.group(f"n{group}")
        if _NOT_CRED.search(name):
            continue
        raw = m.group(f"v{group}")
        vstart = m.start(f"v{group}")
        # the credential is the value's last word (after a scheme), before a trailing
        # comment or option
        words = list(re.finditer(r"[^\s,;]+", raw))
        if not words or len(words) > 3:
            continue
        last = words[-1]
        value = last.group(0)
        start = vstart + last.start()
        if ":" in value and not value.startswith(("http", "//")):
            # ``public:secret`` (a pair sent as one value): the secret is after the colon
            head, _, tail = value.rpartition(":")
            if len(tail) >= 8 and head:
                start += len(head) + 1
                value = tail
        yield decide("authorization_header", start, start + len(value),
                     _header_value_reason(value),
                     f"the value of the credential header {name[:40]!r}, in any layout")


# -- words -------------------------------------------------------------------------------

#: (wave 24) dictionary forms of "password" that :mod:`.prose_words`' rows do not match:
#: Arabic's construct state without the article ("كلمة مرور الخادم", the password of the
#: server; the rows have "كلمة المرور"), Hebrew's spelling without the yod ("ססמה", its
#: construct "ססמת"; the rows have "סיסמ"), Kazakh's one-word spelling ("құпиясөз"; the
#: rows have "құпия сөз")
MORE_WORDS: tuple[Word, ...] = (
    Word("Arabic", "كلمة مرور", r"كلمة مرور|كلمات مرور|كلمة سر"),
    Word("Arabic", "كلمات مرور", r"كلمات مرور"),
    Word("Arabic", "كلمة سر", r"كلمة سر"),
    Word("Hebrew", "ססמ", r"\w?ססמ\w*"),
    Word("Kazakh", "құпиясөз", r"құпиясөз\w*"),
)


def more_words(text: str, low: str) -> Iterator[Decision]:
    """Passwords after :data:`MORE_WORDS` (:func:`.prose_i18n.i18n_passwords`)."""
    found = [word for word in MORE_WORDS if word.stem in low]
    if found:
        yield from i18n_passwords(text, found)


# -- piped -------------------------------------------------------------------------------

#: a secret's word in the command that reads what is piped to it, or in the flag or the
#: setting before a process substitution or the file written
_SECRET_WORDS = re.compile(r"(?i)pass|secret|key|token|login|auth|cred|sign|stdin")
_QUOTED = r"(?P<q{n}>['\"]?)(?P<v{n}>[^\s'\"|;&<>()$`]{{8,200}})(?P=q{n})"
#: ``echo 'v' | command``, ``printf 'v' | command``, ``command <<< 'v'``,
#: ``--password-file=<(echo v)``, ``NAME_FILE=f && echo 'v' > f``
_PIPED = re.compile(
    r"(?:\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?" + _QUOTED.format(n=1)
    + r"[ \t]*\|[ \t]*(?P<cmd>[^\n|;&]{2,160})"
    + r"|(?P<cmd2>[^\n|;&]{2,160}?)<<<[ \t]*" + _QUOTED.format(n=2)
    + r"|(?P<flag>[\w-]{2,60})[ \t=]+<\([ \t]*(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?"
    + _QUOTED.format(n=3) + r"[ \t]*\)"
    + r"|(?P<setting>\w{2,60}(?:FILE|File|_file))=(?P<path>\S{2,120})[^\n]{0,40}?\b(?:echo|printf)"
    r"[ \t]+" + _QUOTED.format(n=4) + r"[ \t]*>[ \t]*(?P=path)(?![\w/.]))")


def piped_values(text: str) -> Iterator[Decision]:
    """A literal echoed, printed or given as a here-string to a command that reads a secret
    (its words name one: ``--password-stdin``, ``gpg --passphrase-fd 0``, ``docker secret
    create``, ``--ed-key-file -``, ``ugs login``, ``vercel env add ..._TOKEN``), to a
    secret's flag by a process substitution (``--password-file=<(echo ...)``), or written
    to the file a secret's setting names (``PASSWORD_FILE=/tmp/m && echo '...' > /tmp/m``).
    The value must look chosen or read as a key."""
    for m in _PIPED.finditer(text):
        n = next(i for i in "1234" if m.group(f"v{i}") is not None)
        where = m.group("cmd") or m.group("cmd2") or m.group("flag") or m.group("setting")
        if not where or not _SECRET_WORDS.search(where):
            continue
        value = m.group(f"v{n}")
        why_not = stand_in(value, literal=True) or (
            None if _chosen(value) else key_shape_reason(value, min_slot=16))
        yield decide("cli_password", m.start(f"v{n}"), m.end(f"v{n}"), why_not,
                     f"a literal given on standard input or as a file to {where.strip()[:40]!r}")


# -- directives --------------------------------------------------------------------------

#: a line ``Name value`` (a daemon's or a console's directive: Redis's ``requirepass``,
#: Tasmota's ``MqttPassword``, BattlEye's ``RConPassword``, a proxy's ``auth_token``) whose
#: name's last word is a password's, a secret's or a token's
_DIRECTIVE = re.compile(
    r"(?m)(?:^[ \t]*(?:[>$#][ \t]+)?|(?<=[:,\[] \")|(?<=\[\")|(?<=: )|(?<=\w=))"
    r"(?P<name>[A-Za-z][A-Za-z0-9_.\-]{0,60}?"
    r"(?:pass|Pass|PASS|password|Password|PASSWORD|passwd|passphrase|Passphrase|secret|Secret|"
    r"SECRET|token|Token|TOKEN))[ \t]+(?P<q>['\"]?)(?P<value>[^\s'\"]{8,200})(?P=q)[ \t]*$")
_NOT_DIRECTIVE = re.compile(r"(?i)(?:by|com|sur|tres|over)pass$|csrf|xsrf|page|next")


def _directive_gate(low: str) -> bool:
    """Whether a password's, a secret's or a token's word ends a name followed by a space
    and a run of 8 characters or more that ends its line (a cheap look at each occurrence
    of the words before :data:`_DIRECTIVE` runs)."""
    for stem in ("pass", "secret", "token"):
        i = low.find(stem)
        while i >= 0:
            j = i + len(stem)
            while j < len(low) and low[j].isalpha():
                j += 1
            if low[j:j + 1] in (" ", "\t"):
                rest = low[j:j + 220].lstrip(" \t")
                run = len(rest) - len(rest.lstrip("abcdefghijklmnopqrstuvwxyz0123456789"
                                                   "!#$%&*+-./:=?@^_~"))
                if run >= 8 and rest[run:run + 1] in ("", "\n", "\\", "\"", "'", " ", "\t"):
                    return True
            i = low.find(stem, j)
    return False


def directive_values(text: str) -> Iterator[Decision]:
    """The value of a line ``Name value`` named a password, a secret or a token."""
    for m in _DIRECTIVE.finditer(text):
        if _NOT_DIRECTIVE.search(m.group("name")):
            continue
        value = m.group("value")
        why_not = stand_in(value, literal=True) or (
            None if _chosen(value) else key_shape_reason(value, min_slot=16))
        yield decide("password_assignment", m.start("value"), m.end("value"), why_not,
                     f"the value of the directive {m.group('name')[:40]!r}")


# -- entry --------------------------------------------------------------------------------


#: the tables of the redaction's one pass (:data:`.secrets._LOW_ROWS`) that open two readers
HANDLED_TABLE = "handled"
HEADER_TABLE = "credheader"


def handled_secrets(text: str, low: str, gates: set[str] | None = None) -> Iterator[Decision]:
    """The five readers, each after its cheap test (``gates``: the tables of the
    redaction's one pass the text holds; None: asked here)."""
    if READ_HANDLED and (HANDLED_TABLE in gates if gates is not None
                         else any(stem in low for stem in HANDLING_STEMS)):
        yield from handled_values(text, low)
    if READ_HEADERS and (HEADER_TABLE in gates if gates is not None
                         else any(stem in low for stem in HEADER_STEMS)):
        yield from header_values(text)
    if READ_PIPED and ("<<<" in text or (("echo " in low or "printf " in low) and (
            "|" in text or "<(" in text or ">" in text))):
        yield from piped_values(text)
    if READ_DIRECTIVES and _directive_gate(low):
        yield from directive_values(text)
    if READ_WORDS and not low.isascii():
        yield from more_words(text, low)
