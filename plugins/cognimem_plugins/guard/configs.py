"""Passwords in infrastructure state and tool configurations, each in its documented syntax.

* Terraform: a ``variable "db_password" { default = "..." }`` block (the default takes the
  variable's name), an output in a state file (``"admin_password": {"value": "..."}``) and
  the ``result`` of a ``random_password`` resource (the password itself; Terraform's
  random provider documents ``result`` as sensitive);
* key/value objects (``{"key": "password", "value": "..."}`` of Postman collections and HAR
  files, ``{"name": "DB_PASSWORD", "value": "..."}`` of container specs);
* C and firmware headers (``#define WIFI_PASS "..."``);
* Oracle's thin JDBC URL (``jdbc:oracle:thin:user/password@host``), unixODBC's ``isql DSN
  USER PASSWORD`` and a Mosquitto password file before ``mosquitto_passwd -U`` hashes it
  (``user:password`` lines).

A value is redacted unless :func:`.standins.assigned_reason` says why it is no secret (a
reference, a placeholder, a variable, a default everyone knows).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .names import NAME_HIT, NOT_SECRET_NAME, is_password_name
from .standins import assigned_reason

#: ``variable "NAME" { ... default = "value" ... }`` (HCL; the block holds no other braces)
_TF_VARIABLE = re.compile(
    r"variable\s+\"(?P<name>[\w\-]{1,80})\"\s*\{[^{}]{0,400}?\bdefault\s*=\s*"
    r"\"(?P<value>[^\"\n]{4,400})\"")
#: a named object whose first member is its value: ``"admin_password": {"value": "..."}``
_NAMED_OBJECT = re.compile(
    r"\"(?P<name>[\w\-.]{1,80})\"\s*:\s*\{\s*\"value\"\s*:\s*\"(?P<value>[^\"\n]{4,400})\"")
#: ``"result": "..."`` in a text that holds a ``random_password`` resource
_RANDOM_RESULT = re.compile(r"\"result\"\s*:\s*\"(?P<value>[^\"\n]{4,400})\"")
#: ``{"key": "password", "value": "..."}`` and ``{"name": "X", "value": "..."}``
_KEY_VALUE_OBJECT = re.compile(
    r"\"(?:key|name)\"\s*:\s*\"(?P<name>[^\"\n]{1,80})\"\s*,\s*"
    r"(?:\"(?:type|description|enabled)\"\s*:\s*(?:\"[^\"\n]{0,40}\"|true|false)\s*,\s*)?"
    r"\"value\"\s*:\s*\"(?P<value>(?:[^\"\\\n]|\\.){4,400})\"")
#: ``#define NAME "value"`` or ``#define NAME value``
_DEFINE = re.compile(r"(?m)^\s*#\s*define\s+(?P<name>\w{1,80})\s+"
                     r"(?:\"(?P<quoted>[^\"\n]{4,200})\"|(?P<bare>[^\s\"]{4,200})\s*$)")
#: ``jdbc:oracle:thin:user/password@`` (Oracle's JDBC developer's guide)
_ORACLE_THIN = re.compile(r"jdbc:oracle:(?:thin|oci):(?P<user>[\w$#]{1,64})/"
                          r"(?P<value>[^@\s/]{4,128})@")
#: ``isql [options] DSN USER PASSWORD`` (unixODBC's isql)
_ISQL = re.compile(r"(?<![\w-])isql(?:\s+-[A-Za-z]\S*)*\s+(?P<dsn>[^\s-]\S*)\s+"
                   r"(?P<user>[^\s-]\S*)\s+(?P<value>[^\s-]\S{3,127})")
#: a Mosquitto password file line before hashing (``user:password``; hashed ones start $)
_MOSQUITTO_LINE = re.compile(r"(?m)^(?P<user>[\w.\-@]{1,64}):(?P<value>[^\s:$][^\s]{5,127})$")


#: the words without which no rule here runs (lowercased)
CONFIG_NEEDLES = ("variable", '"value"', "random_password", "define", "jdbc:oracle:", "isql",
                  "mosquitto")


def tf_variables(text: str) -> Iterator[tuple[str, int, int]]:
    """Each Terraform variable's name and its default's span."""
    if "variable" in text and "default" in text:
        for m in _TF_VARIABLE.finditer(text):
            yield m.group("name"), m.start("value"), m.end("value")


def _named_reason(name: str, value: str) -> tuple[bool, str | None]:
    """Whether ``name`` names a secret, and why its ``value`` is none (or None)."""
    if not NAME_HIT.search(name) or NOT_SECRET_NAME.search(name):
        return False, None
    return True, assigned_reason(value, explicit=True, password=is_password_name(name),
                                 literal=True)


def config_passwords(text: str) -> Iterator[Decision]:
    """The passwords and secrets of the syntaxes above."""
    for name, start, end in tf_variables(text):
        named, why_not = _named_reason(name, text[start:end])
        if named:
            yield decide("password_assignment", start, end, why_not,
                         f"the default of a Terraform variable named for a secret, {name[:40]!r}")
    if '"value"' in text:
        for pattern, shape in ((_NAMED_OBJECT, "an object named for a secret (a Terraform "
                                               "state's output)"),
                               (_KEY_VALUE_OBJECT, "a key/value object named for a secret "
                                                   "(Postman, HAR, a container's env)")):
            for m in pattern.finditer(text):
                named, why_not = _named_reason(m.group("name"), m.group("value"))
                if named:
                    yield decide("password_assignment", m.start("value"), m.end("value"),
                                 why_not, f"the value of {shape}, {m.group('name')[:40]!r}")
    if "random_password" in text and '"result"' in text:
        for m in _RANDOM_RESULT.finditer(text):
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         assigned_reason(m.group("value"), explicit=True, password=True,
                                         literal=True),
                         "the result of a Terraform random_password (the password itself)")
    if "#" in text and "define" in text:
        for m in _DEFINE.finditer(text):
            group = "quoted" if m.group("quoted") is not None else "bare"
            named, why_not = _named_reason(m.group("name"), m.group(group))
            if named:
                yield decide("password_assignment", m.start(group), m.end(group), why_not,
                             f"a C macro named for a secret, {m.group('name')[:40]!r}")
    yield from _tools(text)


def _tools(text: str) -> Iterator[Decision]:
    if "jdbc:oracle:" in text:
        for m in _ORACLE_THIN.finditer(text):
            yield decide("jdbc_password", m.start("value"), m.end("value"),
                         assigned_reason(m.group("value"), explicit=True, password=True),
                         "the password of an Oracle JDBC URL (jdbc:oracle:thin:user/password@)")
    if "isql" in text:
        for m in _ISQL.finditer(text):
            yield decide("odbc_password", m.start("value"), m.end("value"),
                         assigned_reason(m.group("value"), explicit=True, password=True),
                         "the password given to unixODBC's isql (isql DSN USER PASSWORD)")
    if "mosquitto" in text.lower():
        for m in _MOSQUITTO_LINE.finditer(text):
            yield decide("password_assignment", m.start("value"), m.end("value"),
                         assigned_reason(m.group("value"), explicit=True, password=True),
                         "a Mosquitto password file's line before hashing (user:password)")
