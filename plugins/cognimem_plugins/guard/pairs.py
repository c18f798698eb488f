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
  value`` (fish), ``setenv NAME value`` (csh), ``launchctl setenv NAME value``;
* an SQL ``INSERT INTO t (col, ...) VALUES (...), (...)``: each quoted value under its
  column's name;
* a Markdown (GFM) table row: a cell that is a name, and the next cell, one word (in
  backticks or not): ``| BUILDKITE_API_TOKEN | `...` |``.

This module only finds the pairs; the caller decides whether the name is a secret's and
the value one (:mod:`.secrets`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

_BLOCK = re.compile(r"(?m)^(?P<indent>[ \t]*)(?:-[ \t]+)?(?P<name>[\w.\-]{2,60})[ \t]*:[ \t]*"
                    r"[|>][-+]?\d?[ \t]*\n(?P=indent)[ \t]+(?P<value>\S[^\n]{3,200})")
_NAME_VALUE = re.compile(
    r"(?m)-[ \t]+name:[ \t]*['\"]?(?P<name>[\w.\-]{2,60})['\"]?[ \t]*\n[ \t]+value:[ \t]*"
    r"(?P<q>['\"]?)(?P<value>[^\s'\"]{4,4096})(?P=q)"
    r"|\"name\"\s*:\s*\"(?P<jname>[\w.\-]{2,60})\"\s*,\s*\"value\"\s*:\s*"
    r"\"(?P<jvalue>[^\"\s]{4,4096})\"")
#: (wave 27) a record's name field and its value field with other fields between, the name
#: a path whose last part names the setting: Terraform's ``aws_ssm_parameter`` block
#: (``name = "/app/db_password"``, ``type = "SecureString"``, ``value = "..."``),
#: CloudFormation's and Ansible's ``Name: /app/db_password`` ... ``Value: ...`` (a switch
#: of cv_wave27_secrets.py: ``READ_RECORDS``)
_RECORD = re.compile(
    r"(?m)^[ \t]*(?:-[ \t]+)?(?i:name)[ \t]*[:=][ \t]*(?P<q1>['\"]?)(?:[\w.\-]*/)+"
    r"(?P<name>[\w.\-]{2,60})(?P=q1)[ \t]*\n(?:[ \t]+(?!(?i:value|name)\b)[\w\-]{1,30}[ \t]*"
    r"[:=][^\n{}]{0,80}\n){0,4}[ \t]+(?i:value)[ \t]*[:=][ \t]*(?P<q>['\"]?)"
    r"(?P<value>[^\s'\"]{4,4096})(?P=q)")
READ_RECORDS = True
_PROPERTY_ELEMENTS = r"add|property|param|parameter|entry|setting|constant|env"
_PROPERTY_REST = (r"\s+(?:key|name)\s*=\s*"
                  r"\"(?P<name>[\w:.\-]{1,60})\"\s+value\s*=\s*\"(?P<value>[^\"\n]{4,4096})\"")
_PROPERTY_LOWER = re.compile(rf"<(?:{_PROPERTY_ELEMENTS}){_PROPERTY_REST}")
#: (wave 21) the element's name in any case: Jetty's, Confluence's and many vendors' files
#: write ``<Property name="keystorePass" value="..."/>``, ``<Entry>``, ``<Setting>`` (a switch
#: of cv_wave21_secrets.py: ``ANY_CASE``)
_PROPERTY_ANY = re.compile(rf"<(?i:{_PROPERTY_ELEMENTS}){_PROPERTY_REST}")
ANY_CASE = True
_CALL_PAIR = re.compile(
    r"\b(?:set|put|setProperty|setdefault|setenv|putenv|setItem|add|with|Set|Add)\(\s*"
    r"(?:['\"][\w.\-]{1,40}['\"]\s*,\s*)?['\"](?P<name>[\w.\-]{2,60})['\"]\s*,\s*"
    r"(?P<q>['\"])(?P<value>[^\s'\"]{4,4096})(?P=q)")
_SHELL_SET = re.compile(
    r"\b(?:setx|setenv|set[ \t]+-[a-zA-Z]*[gxU][a-zA-Z]*|launchctl[ \t]+setenv)[ \t]+"
    r"(?P<name>[A-Za-z_]\w{1,60})[ \t]+(?P<q>['\"]?)(?P<value>[^\s'\"]{4,4096})(?P=q)")


_INSERT = re.compile(r"(?i)\binsert\s+into\s+[\w.`\"\[\]]{1,80}\s*\((?P<columns>[^()]{1,600})\)"
                     r"\s*values\s*")
_COLUMN = re.compile(r"[`\"\[]?([\w.\-]{1,60})[`\"\]]?")
_TABLE_ROW = re.compile(r"(?m)^[ \t]*\|(?P<cells>[^\n]*\|)[ \t]*$")
_CELL_NAME = re.compile(r"[ \t]*`?(?P<name>[\w.\-]{2,60})`?[ \t]*")
_CELL_VALUE = re.compile(r"[ \t]*(?P<q>`?)(?P<value>[^\s`|]{4,4096})(?P=q)[ \t]*")
#: how far an INSERT's rows are read (characters)
_ROWS_WINDOW = 20_000


def _insert_values(text: str, pos: int) -> Iterator[list[tuple[int, int]]]:
    """The quoted values of each row of ``VALUES (...), (...)`` from ``pos``: per row, the
    span inside each value's quotes (an unquoted value gives an empty span)."""
    depth, quote, row, cell_start = 0, "", list[tuple[int, int]](), -1
    span, escaped = (-1, -1), False
    for i in range(pos, min(len(text), pos + _ROWS_WINDOW)):
        c = text[i]
        if quote:
            if escaped:
                escaped = False
            elif c == quote and text[i + 1:i + 2] == quote:  # '' inside a string
                escaped = True
            elif c == quote:
                quote, span = "", (cell_start, i)
            continue
        if c in "'\"" and depth == 1:
            quote, cell_start = c, i + 1
        elif c == "(":
            depth += 1
            if depth == 1:
                row, span = [], (-1, -1)
        elif c == ")" and depth:
            depth -= 1
            if depth == 0:
                yield [*row, span]
        elif c == "," and depth == 1:
            row.append(span)
            span = (-1, -1)
        elif depth == 0 and c not in " \t\r\n,":
            return  # the end of the rows (";", another statement)


def _inserts(text: str) -> Iterator[tuple[str, int, int, str]]:
    for m in _INSERT.finditer(text):
        columns = [c.group(1) for part in m.group("columns").split(",")
                   if (c := _COLUMN.fullmatch(part.strip())) is not None]
        for row in _insert_values(text, m.end()):
            for name, (start, end) in zip(columns, row, strict=False):
                if end - start >= 4:
                    yield name, start, end, "an SQL INSERT's value under its column"


def _table_rows(text: str) -> Iterator[tuple[str, int, int, str]]:
    for m in _TABLE_ROW.finditer(text):
        cells, pos = [], m.start("cells")
        for cell in m.group("cells").split("|")[:-1]:
            cells.append((pos, pos + len(cell)))
            pos += len(cell) + 1
        for (a, b), (c, d) in pairwise(cells):
            name, value = _CELL_NAME.fullmatch(text, a, b), _CELL_VALUE.fullmatch(text, c, d)
            if name is not None and value is not None:
                yield (name.group("name"), value.start("value"), value.end("value"),
                       "a Markdown table's cell after the cell naming it")


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
        for m in (_PROPERTY_ANY if ANY_CASE else _PROPERTY_LOWER).finditer(text) if (
                "value=" in text) else ():
            yield m.group("name"), m.start("value"), m.end("value"), "an XML property"
    if READ_RECORDS and "/" in text and "alue" in text and "ame" in text:
        for m in _RECORD.finditer(text):
            yield m.group("name"), m.start("value"), m.end("value"), \
                "a record's value under its name field's path"
    if "(" in text and ("," in text):
        for m in _CALL_PAIR.finditer(text):
            yield m.group("name"), m.start("value"), m.end("value"), "a call that sets a name"
    if "set" in text:
        for m in _SHELL_SET.finditer(text):
            yield m.group("name"), m.start("value"), m.end("value"), \
                "a shell command that sets a variable"
    if "(" in text and ("INSERT" in text or "insert" in text or "Insert" in text):
        yield from _inserts(text)
    if "|" in text:
        yield from _table_rows(text)
