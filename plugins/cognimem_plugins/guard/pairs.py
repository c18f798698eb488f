"""A name and its value where the two are not joined by ``=`` or ``:`` on one line.

Each shape is a documented syntax that names a setting and gives its value apart:

* a YAML block scalar: ``password: |`` (or ``>-``), the value on the next, deeper line;
* a name/value pair: Kubernetes' and ECS's ``- name: DB_PASSWORD`` then ``value: ...``,
  JSON's ``{"name": "DB_PASSWORD", "value": "..."}``;
* an XML property: ``<property name="password" value="..."/>`` (Spring, Ant, Maven),
  ``<add key="..." value="..."/>`` (.NET), ``<param>``, ``<entry>``, ``<setting>``;
* a call that sets a name to a value: ``set('password', '...')``,
  ``setProperty("db.password", "...")``, ``os.environ.setdefault("API_KEY", "...")``;
* a shell command that sets a variable: ``setx NAME value`` (Windows), ``set -gx NAME
  value`` (fish), ``setenv NAME value`` (csh), ``launchctl setenv NAME value``.

This module only finds the pairs; the caller decides whether the name is a secret's and
the value one (:mod:`.secrets`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_BLOCK = re.compile(r"(?m)^(?P<indent>[ \t]*)(?:-[ \t]+)?(?P<name>[\w.\-]{2,60})[ \t]*:[ \t]*"
                    r"[|>][-+]?\d?[ \t]*\n(?P=indent)[ \t]+(?P<value>\S[^\n]{3,200})")
_NAME_VALUE = re.compile(
    r"(?m)-[ \t]+name:[ \t]*['\"]?(?P<name>[\w.\-]{2,60})['\"]?[ \t]*\n[ \t]+value:[ \t]*"
    r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,200})(?P=q)"
    r"|\"name\"\s*:\s*\"(?P<jname>[\w.\-]{2,60})\"\s*,\s*\"value\"\s*:\s*"
    r"\"(?P<jvalue>[^\"\s]{4,200})\"")
_PROPERTY = re.compile(
    r"<(?:add|property|param|parameter|entry|setting|constant|env)\s+(?:key|name)\s*=\s*"
    r"\"(?P<name>[\w:.\-]{1,60})\"\s+value\s*=\s*\"(?P<value>[^\"\n]{4,200})\"")
_CALL_PAIR = re.compile(
    r"\b(?:set|put|setProperty|setdefault|setenv|putenv|setItem|add|with|Set|Add)\(\s*"
    r"(?:['\"][\w.\-]{1,40}['\"]\s*,\s*)?['\"](?P<name>[\w.\-]{2,60})['\"]\s*,\s*"
    r"(?P<q>['\"])(?P<value>[^\s'\"]{4,200})(?P=q)")
_SHELL_SET = re.compile(
    r"\b(?:setx|setenv|set[ \t]+-[a-zA-Z]*[gxU][a-zA-Z]*|launchctl[ \t]+setenv)[ \t]+"
    r"(?P<name>[A-Za-z_]\w{1,60})[ \t]+(?P<q>['\"]?)(?P<value>[^\s'\"]{4,200})(?P=q)")


def pairs(text: str) -> Iterator[tuple[str, int, int, str]]:
    """Each (name, value start, value end, shape) in ``text``."""
    if ": |" in text or ": >" in text or ":|" in text or ":>" in text:
        for m in _BLOCK.finditer(text):
            value = m.group("value").rstrip()
            yield m.group("name"), m.start("value"), m.start("value") + len(value), \
                "a YAML block scalar"
    if "name" in text and "value" in text:
        for m in _NAME_VALUE.finditer(text):
            group = "value" if m.group("value") is not None else "jvalue"
            name = m.group("name") or m.group("jname")
            yield name, m.start(group), m.end(group), "a name/value pair"
        for m in _PROPERTY.finditer(text) if "value=" in text else ():
            yield m.group("name"), m.start("value"), m.end("value"), "an XML property"
    if "(" in text and ("," in text):
        for m in _CALL_PAIR.finditer(text):
            yield m.group("name"), m.start("value"), m.end("value"), "a call that sets a name"
    if "set" in text:
        for m in _SHELL_SET.finditer(text):
            yield m.group("name"), m.start("value"), m.end("value"), \
                "a shell command that sets a variable"
