"""(wave 25) A setting's name in one slot and its value in another: the layouts
:mod:`.pairs` does not read.

Many files name a setting in a slot of its own and give its value under a key that only
says "value" (or "default"): the name stands where the value is not. Three layouts, each a
switch of ``cv_wave25_secrets.py``:

* **keyed** (:data:`READ_KEYED`): a list item or an object whose ``key`` (any case) names
  the setting and whose next slot is its ``value``: render's and Postman's ``- key:
  AWS_SECRET_ACCESS_KEY`` / ``value: ...``, ``{"key": "...", "value": "..."}``, also with a
  mail's ``>`` quoting the lines (:mod:`.pairs` reads ``name`` only);
* **blocks** (:data:`READ_BLOCKS`): a block opened by the setting's name whose ``value`` or
  ``default`` key holds its value, after at most three sibling keys: an ARM template's
  ``"NAME": {"value": "..."}``, CloudFormation's and a YAML file's ``NAME:`` / ``Type:
  String`` / ``Default: ...``, Terraform's ``variable "NAME" {`` / ``description = ...`` /
  ``default = "..."``, an INI file's ``[NAME]`` / ``value = "..."``;
* **named** (:data:`READ_NAMED`): an element whose ``Name`` (or ``key``) attribute names
  the setting and whose text is its value: unRAID's ``<Config Name="NAME" ...>value</Config>``,
  for a name with a key's word that is not a secret's name (``DA_LOGIN_KEY``; a secret's
  name there is wave 23's, :func:`.named_settings.named_attributes`), read as every pair is
  (:func:`.namewords.key_pair`).
* **tables** (:data:`READ_TABLES`): a Markdown table's last row written at the end of a
  JSON string (``"| NAME | `value` |"``), which the table reader of :mod:`.pairs` misses
  because the row's line ends in the string's closing quote.

This module only finds the (name, value) pairs; :func:`.assigned.paired_values` decides
whether the name is a secret's and the value one, as for every other pair.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from .names import NAME_HIT, NOT_SECRET_NAME

#: switches (chosen by leave-one-split-out CV, cv_wave25_secrets.py)
READ_KEYED = True
READ_BLOCKS = True
READ_NAMED = True
READ_TABLES = True

_NAME = r"[\w.\-]{2,60}"
#: the value's key and the value (quoted, or one word)
_VALUE_KEY = re.compile(
    r"(?im)(?:^|(?<=[{,]))(?P<indent>[ \t>]*)(?:-[ \t]+)?(?P<kq>[\"']?)(?:value|default)"
    r"(?P=kq)[ \t]*[:=][ \t]*(?:(?P<q>[\"'])(?P<qvalue>[^\s\"']{4,4096})(?P=q)"
    r"|(?P<value>[^\s\"',{}\[\]]{4,4096})[ \t]*,?[ \t]*$)")
#: the slot before the value's key that names the setting: ``key: NAME``, ``"key": "NAME"``
_KEY_SLOT = re.compile(
    rf"(?i)(?:^|[{{,\s>-])[\"']?key[\"']?[ \t]*[:=][ \t]*[\"']?(?P<name>{_NAME})[\"']?"
    r"[ \t]*,?[\s>]*$")
#: a line that opens a block named for the setting
_OPENER = re.compile(
    rf"(?m)^(?P<indent>[ \t>]*)(?:(?:[^\n]*\")?\[(?P<section>{_NAME})\]"
    rf"|(?:(?:variable|param|parameter|input)[ \t]+)?(?P<q>[\"']?)(?P<name>{_NAME})(?P=q)"
    r"[ \t]*(?P<open>:[ \t]*\{|:|\{|=[ \t]*\{))[ \t]*$")
#: a sibling key between the block's opening and its value (``Type: String``,
#: ``description = "..."``): one line, opening no block of its own
_SIBLING = re.compile(r"[ \t>]*[\"']?[\w\-]{1,40}[\"']?[ \t]*[:=][ \t]*[^\n{\[]*")
#: how many sibling keys may stand between a block's opening and its value
_SIBLINGS = 3
_NAMED_ELEMENT = re.compile(
    rf"<(?P<tag>[A-Za-z][\w\-]{{0,30}})\b[^<>]{{0,400}}?\b(?i:name|key)=\"(?P<name>{_NAME})\""
    r"[^<>]{0,400}>(?P<value>[^\s<>]{4,4096})</(?P=tag)>")
_JSON_TABLE_ROW = re.compile(r"(?m)^[ \t]*\|(?P<cells>[^\n]*\|)[ \t]*\"[,}\]\s]{0,20}$")
_CELL_NAME = re.compile(r"[ \t]*`?(?P<name>[\w.\-]{2,60})`?[ \t]*")
_CELL_VALUE = re.compile(r"[ \t]*(?P<q>`?)(?P<value>[^\s`|]{4,4096})(?P=q)[ \t]*")


def _indent(text: str) -> int:
    return len(text.replace(">", " ").expandtabs(4))


def _block_name(text: str, m: re.Match[str]) -> str | None:
    """The name of the block the value key ``m`` stands in, or None: the opening line right
    above it, or above at most :data:`_SIBLINGS` sibling keys."""
    line_start = m.start("indent")
    if line_start == 0 or text[line_start - 1] != "\n":
        return None
    depth = _indent(m.group("indent"))
    end = line_start - 1
    for _ in range(_SIBLINGS + 1):
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        opener = _OPENER.fullmatch(line)
        if opener is not None:
            if opener.group("section") is not None:
                return opener.group("section")
            if opener.group("open") == ":" and _indent(opener.group("indent")) >= depth:
                return None  # a YAML key whose value key is not inside it
            return opener.group("name")
        if start == 0 or not _SIBLING.fullmatch(line):
            return None
        end = start - 1
    return None


def sibling_pairs(text: str) -> Iterator[tuple[str, int, int, str]]:
    """Each (name, value start, value end, shape) of the layouts above in ``text``."""
    if (READ_KEYED or READ_BLOCKS) and ("alue" in text or "efault" in text
                                        or "ALUE" in text or "EFAULT" in text):
        for m in _VALUE_KEY.finditer(text):
            group = "qvalue" if m.group("qvalue") is not None else "value"
            if READ_KEYED:
                slot = _KEY_SLOT.search(text, max(0, m.start() - 120), m.start())
                if slot is not None:
                    yield (slot.group("name"), m.start(group), m.end(group),
                           "a key/value pair")
                    continue
            name = _block_name(text, m) if READ_BLOCKS else None
            if name is not None:
                yield name, m.start(group), m.end(group), "a block named for its setting"
    if READ_NAMED and "</" in text and ("ame=\"" in text or "ey=\"" in text):
        for m in _NAMED_ELEMENT.finditer(text):
            name = m.group("name")
            if NAME_HIT.search(name) and not NOT_SECRET_NAME.search(name):
                continue  # wave 23's named attributes read a secret's name (named_settings)
            yield (name, m.start("value"), m.end("value"),
                   "an element its name attribute names")
    if READ_TABLES and "|\"" in text:
        for m in _JSON_TABLE_ROW.finditer(text):
            cells, pos = [], m.start("cells")
            for cell in m.group("cells").split("|")[:-1]:
                cells.append((pos, pos + len(cell)))
                pos += len(cell) + 1
            for (a, b), (c, d) in pairwise(cells):
                cell_name = _CELL_NAME.fullmatch(text, a, b)
                cell_value = _CELL_VALUE.fullmatch(text, c, d)
                if cell_name is not None and cell_value is not None:
                    yield (cell_name.group("name"), cell_value.start("value"),
                           cell_value.end("value"),
                           "a Markdown table's cell after the cell naming it")
