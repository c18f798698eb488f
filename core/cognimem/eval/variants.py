"""One option's values as systems: ``cognimem eval --vary rank.actr.activation_scale=20,40``.

A key names a profile option by its place in the profile:

* ``SECTION.USE.OPTION`` for a list of components (``retrieve``, ``rank``, ``extract``,
  ``decay``, ``guard``): the option of every entry whose ``use`` is USE
  (``retrieve.representations.pool=text,mean``);
* ``SECTION.OPTION`` for one component (``fuse``, ``confidence``, ``embedder``...) or a
  settings table (``search.rerank_depth=20,30``).

Each system given becomes one system per value, named ``SYSTEM:OPTION=VALUE``. A value is
read as JSON when it parses (``20``, ``0.5``, ``true``), else as text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from ..errors import InvalidInput, ProfileError
from ..profile import Profile

#: Profile sections that hold a list of ``[[SECTION]]`` component entries.
LIST_SECTIONS = ("extract", "retrieve", "rank", "decay", "guard")
#: Profile sections that hold one component or a table of settings.
TABLE_SECTIONS = ("records", "lexical", "vectors", "embedder", "fuse", "confidence",
                  "consolidate", "search", "write")
_MAX_VALUES = 50


def parse_vary(text: str) -> tuple[list[str], list[Any]]:
    """``KEY=V1,V2,...`` as the key's parts and its values.

    :raises InvalidInput: no ``=``, an unknown section, a key of the wrong shape, or fewer
        than two or more than 50 values.
    """
    key, sep, raw = text.partition("=")
    parts = [p.strip() for p in key.split(".")]
    values = [_value(v.strip()) for v in raw.split(",") if v.strip()]
    example = "e.g. rank.actr.activation_scale=20,40 or search.rerank_depth=20,30"
    if not sep or not all(parts):
        raise InvalidInput(f"--vary {text!r} must look like KEY=V1,V2 ({example})")
    if parts[0] in LIST_SECTIONS and len(parts) != 3:
        raise InvalidInput(f"--vary: a [[{parts[0]}]] option is {parts[0]}.USE.OPTION "
                           f"(the entry's `use`, then the option), not {key!r}")
    if parts[0] in TABLE_SECTIONS and len(parts) != 2:
        raise InvalidInput(f"--vary: a [{parts[0]}] option is {parts[0]}.OPTION, not {key!r}")
    if parts[0] not in LIST_SECTIONS + TABLE_SECTIONS:
        raise InvalidInput(f"--vary: unknown profile section {parts[0]!r}; choose one of "
                           f"{', '.join(LIST_SECTIONS + TABLE_SECTIONS)}")
    if not 2 <= len(values) <= _MAX_VALUES:
        raise InvalidInput(f"--vary {key}: give 2 to {_MAX_VALUES} comma-separated values, "
                           f"got {len(values)}")
    return parts, values


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def with_option(profile: Profile, parts: list[str], value: Any) -> Profile:
    """A copy of ``profile`` with the option ``parts`` names set to ``value``.

    :raises InvalidInput: the profile has no such component or section.
    :raises ProfileError: the value does not fit a settings table.
    """
    data = profile.model_dump(mode="python")
    section = parts[0]
    if section in LIST_SECTIONS:
        entries = [e for e in data.get(section) or [] if e.get("use") == parts[1]]
        if not entries:
            used = ", ".join(e.get("use", "?") for e in data.get(section) or []) or "none"
            raise InvalidInput(f"--vary: profile {profile.name!r} has no [[{section}]] entry "
                               f"with use = {parts[1]!r} (it has: {used})")
        for entry in entries:
            entry[parts[2]] = value
    else:
        table = data.get(section)
        if table is None:
            raise InvalidInput(f"--vary: profile {profile.name!r} has no [{section}] table")
        table[parts[1]] = value
    try:
        return Profile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ProfileError(f"--vary {'.'.join(parts)}={value!r}: {first['msg']}") from None


def vary(profiles: Mapping[str, Profile], text: str) -> dict[str, Profile]:
    """Each system once per value of the option ``text`` names (``KEY=V1,V2``)."""
    parts, values = parse_vary(text)
    out: dict[str, Profile] = {}
    for name, profile in profiles.items():
        for value in values:
            label = value if isinstance(value, str) else json.dumps(value)
            out[f"{name}:{parts[-1]}={label}"] = with_option(profile, parts, value)
    return out
