"""(wave 16) The default a program falls back to when a secret's environment variable is
unset: a literal written in the code, so the secret itself.

Each stack documents its own way (the accessor, then the default):

* JavaScript / TypeScript: ``process.env.NAME ?? "v"``, ``process.env["NAME"] || 'v'``,
  ``import.meta.env.NAME ?? "v"``, Deno's ``Deno.env.get("NAME") ?? "v"``;
* Python: ``os.getenv("NAME", "v")``, ``os.environ.get("NAME", "v")``, python-decouple's
  ``config("NAME", default="v")``, django-environ's ``env("NAME", default="v")`` and
  ``env.str("NAME", "v")``;
* Ruby: ``ENV.fetch("NAME", "v")``, ``ENV.fetch("NAME") { "v" }``, ``ENV["NAME"] || "v"``;
* PHP: Laravel's ``env('NAME', 'v')``, ``getenv('NAME') ?: 'v'``, ``$_ENV['NAME'] ?? 'v'``;
* Java / Kotlin / C#: ``System.getenv().getOrDefault("NAME", "v")``,
  ``System.getenv("NAME") ?: "v"``, ``Environment.GetEnvironmentVariable("NAME") ?? "v"``;
* Go and Rust helpers: ``getEnv("NAME", "v")``, ``env::var("NAME").unwrap_or("v"...)``.

The name (the variable's, or the one the line assigns to) must be a secret's; the literal
is judged as any assigned value (a placeholder, a template, a plain word is kept).

(wave 20) The default written on a line of its own after the read (Go's idiom, and any
language's ``if not x: x = "..."``): ``tok := os.Getenv("NAME")`` / ``key =
os.environ.get("NAME")`` / ``const key = process.env.NAME``, then within the next lines
``if tok == "" { tok = "v" }``: the variable given the literal is the one read from the
secret's variable, so the literal is its secret (:func:`later_defaults`). The code may be
quoted in a JSON string (``\"``, ``\n``, ``\t``): its escapes count as the quotes and the
spaces they stand for.

Also the calls that set a secret under a name: PHP's ``define('DB_PASSWORD', '...')`` (and
WordPress's documented keys and salts in ``wp-config.php``: ``AUTH_KEY``, ``NONCE_SALT``,
...), Python keyring's ``keyring.set_password(SERVICE, USER, PASSWORD)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .escapes import json_view, text_span
from .names import NAME_HIT, NOT_SECRET_NAME, is_password_name
from .standins import assigned_reason

#: an environment accessor, the variable's name, then a default operator and a literal
_FALLBACK = re.compile(
    r"(?:process\.env|import\.meta\.env|\$_ENV|\$_SERVER|\bENV(?:\.fetch)?|environ(?:\.get)?|"
    r"\b[gG]et_?[eE]nv|Deno\.env\.get|GetEnvironmentVariable|getOrDefault|\benv(?:\.str)?|"
    r"\bconfig|env::var|\bEnv\.get)"
    r"[\s.\[(]{1,3}['\"`]?(?P<name>[A-Za-z_][\w.\-]{1,80})['\"`]?\s*[\])]?\s*"
    r"(?:\?\?|\|\||\?:|\bor\b|,\s*(?:default\s*=\s*)?|\.unwrap_or(?:_else)?\((?:\|_\|\s*)?|"
    r"\{\s*)\s*"
    r"(?P<q>['\"`])(?P<value>[^'\"`\n\\]{4,200})(?P=q)")
#: what a line assigns to before the accessor (``const apiKey = process.env.X ?? "..."``)
_TARGET = re.compile(r"([A-Za-z_$][\w$.]{0,60})\s*(?::\s*[\w<>\[\]|]{1,30}\s*)?=[^=>]")
#: what every match of :data:`_FALLBACK` holds (a cheap search before the pattern)
_OPENING = re.compile(r"env[.\[(:]|ENV|environ|[gG]et_?[eE]nv|getOrDefault|config\(|Env\.")


def _secret_name(text: str, m: re.Match[str]) -> str | None:
    """The secret-like name the default belongs to: the variable's, else the one its line
    assigns to; None when neither names a secret."""
    line_start = text.rfind("\n", 0, m.start()) + 1
    targets = _TARGET.findall(text[line_start:m.start()])
    for name in (m.group("name"), *(targets[-1:] if targets else ())):
        if NAME_HIT.search(name) and not NOT_SECRET_NAME.search(name):
            return name
    return None


def fallback_defaults(text: str) -> Iterator[Decision]:
    if _OPENING.search(text) is None:
        return
    # (wave 20) the code may be quoted in a JSON string: read its escapes
    text, where = _view(text)
    for m in _FALLBACK.finditer(text):
        name = _secret_name(text, m)
        if name is None:
            continue
        value = m.group("value")
        yield decide("password_assignment", *text_span(where, m.start("value"), m.end("value")),
                     assigned_reason(value, explicit=True, password=is_password_name(name),
                                     literal=True),
                     f"the default written in the code for the secret {name[:40]!r} "
                     "(used when its environment variable is unset)")


#: (wave 20) a variable read from an environment variable (``tok := os.Getenv("NAME")``; a
#: JSON string's escapes are read first, :func:`_view`)
_Q = r"['\"`]"
_READ = re.compile(
    r"(?P<var>[A-Za-z_$][\w$]{0,40})[ \t]*(?::=|=)[ \t]*(?:const[ \t]+)?"
    r"(?:os\.Getenv|os\.getenv|os\.environ\.get|os\.environ|process\.env|System\.getenv|"
    r"getenv|Environment\.GetEnvironmentVariable|ENV|env::var|std::env::var)"
    r"[ \t]*[.\[(]?[ \t]*" + _Q + r"?(?P<name>[A-Za-z_][\w.\-]{1,80}?)" + _Q + r"?[ \t]*[\])]")
#: the same variable given a literal later (not compared: ``==``)
_LATER = (r"(?<![\w$.])(?P<var2>{var})[ \t]*=(?!=)[ \t]*" + _Q
          + r"(?P<value>[^'\"`\n\\]{{4,200}})" + _Q)
#: how far after the read the default may be set
LATER_REACH = 240


#: (wave 20) whether a JSON string's escapes are read (a switch of cv_wave20_secrets.py)
READ_ESCAPES = True


def _view(text: str) -> tuple[str, list[int]]:
    return json_view(text) if READ_ESCAPES else (text, [])


def later_defaults(text: str) -> Iterator[Decision]:
    """The literal a variable read from a secret's environment variable is given when the
    variable is unset (see the module's text)."""
    text, where = _view(text)
    for m in _READ.finditer(text):
        name = m.group("name")
        if not NAME_HIT.search(name) or NOT_SECRET_NAME.search(name):
            continue
        later = re.compile(_LATER.format(var=re.escape(m.group("var"))))
        d = later.search(text, m.end(), m.end() + LATER_REACH)
        if d is None:
            continue
        value = d.group("value")
        yield decide("password_assignment", *text_span(where, d.start("value"), d.end("value")),
                     assigned_reason(value, explicit=True, password=is_password_name(name),
                                     literal=True),
                     f"the default set in the code for {m.group('var')[:30]!r}, read from "
                     f"the secret's variable {name[:40]!r} (used when it is unset)")


#: (wave 16) PHP's ``define('NAME', 'VALUE')``
_DEFINE = re.compile(r"\bdefine\(\s*(['\"])(?P<name>[A-Za-z_]\w{0,60})\1\s*,\s*"
                     r"(?P<q>['\"])(?P<value>[^'\"\n\\]{4,200})(?P=q)\s*\)")
#: WordPress's secret keys and salts (wp-config.php, "Authentication unique keys and salts")
_WORDPRESS = re.compile(r"(?:AUTH|SECURE_AUTH|LOGGED_IN|NONCE)_(?:KEY|SALT)")
#: Python keyring's ``set_password(service, username, password)``
_KEYRING = re.compile(r"\bset_password\(\s*[^,()\n]{1,80},\s*[^,()\n]{1,80},\s*"
                      r"(?P<q>['\"])(?P<value>[^'\"\n\\]{4,200})(?P=q)")


def set_by_call(text: str) -> Iterator[Decision]:
    for m in _DEFINE.finditer(text) if "define(" in text else ():
        name = m.group("name")
        wordpress = _WORDPRESS.fullmatch(name) is not None
        if not wordpress and not (NAME_HIT.search(name) and not NOT_SECRET_NAME.search(name)):
            continue
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     assigned_reason(m.group("value"), explicit=True,
                                     password=is_password_name(name), literal=True),
                     f"a constant defined for the secret {name[:40]!r} (PHP's define"
                     + (", a WordPress key or salt)" if wordpress else ")"))
    for m in _KEYRING.finditer(text) if "set_password(" in text else ():
        yield decide("password_assignment", m.start("value"), m.end("value"),
                     assigned_reason(m.group("value"), explicit=True, password=True,
                                     literal=True),
                     "the password given to keyring's set_password(service, user, password)")
