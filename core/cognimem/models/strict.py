"""Strict types at the doors (MCP tools, the daemon's connection): what a caller sends must
already be the type a field takes. ``"yes"`` or ``1`` is not a flag, ``"0.5"`` not a number,
``"5"`` not a count and ``1700000000`` not a date; the engine's own models stay lenient for
Python callers, and the doors refuse in one line before anything runs.
"""

from __future__ import annotations

import functools
import types
from datetime import datetime
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BeforeValidator, Strict, TypeAdapter, ValidationError

from ..limits import quote


def _no_number(value: Any) -> Any:
    if isinstance(value, bool | int | float):
        raise ValueError("give an ISO 8601 date or time (e.g. 2026-03-01), not a number")
    return value


#: A datetime that takes ISO 8601 text or a datetime, never a number of seconds.
StrictDatetime = Annotated[datetime, BeforeValidator(_no_number)]


def strict_annotation(annotation: Any) -> Any:
    """``annotation`` with its flags, counts and numbers strict and its datetimes refusing
    numbers, also inside ``X | None`` and ``Annotated[...]`` (their metadata kept)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        inner, *metadata = get_args(annotation)
        stricter = strict_annotation(inner)
        if get_origin(stricter) is Annotated:  # Annotated flattens: keep the field's metadata
            base, *added = get_args(stricter)
            return Annotated[base, *added, *metadata]
        return Annotated[stricter, *metadata]
    if origin in (Union, types.UnionType):
        return functools.reduce(lambda a, b: a | b,
                                (strict_annotation(arg) for arg in get_args(annotation)))
    if annotation in (bool, int, float):
        return Annotated[annotation, Strict()]
    if annotation is datetime:
        return StrictDatetime
    return annotation


#: Arguments of the memory API and of tools that the daemon's door holds to their type.
_FIELDS: dict[str, Any] = {
    **dict.fromkeys(("protected", "dry_run", "force", "repair", "permanent", "include_own",
                     "supersede", "explain"), bool | None),
    **dict.fromkeys(("k", "limit", "offset", "after_seq", "batch_size"), int | None),
    **dict.fromkeys(("importance", "confidence", "weight", "min_confidence"), float | None),
    **dict.fromkeys(("valid_from", "valid_until", "since", "until", "as_of"), datetime | None),
}


@functools.cache
def _adapter(name: str) -> TypeAdapter[Any]:
    return TypeAdapter(strict_annotation(_FIELDS[name]))


def check_arguments(arguments: dict[str, Any], what: str) -> None:
    """Refuse an argument of a known name whose value is not its type (a flag that is not
    ``true``/``false``, a number sent as text, a date sent as a number).

    :raises ValueError: one line naming the argument, what it takes and the value sent.
    """
    for name, value in arguments.items():
        if name not in _FIELDS:
            continue
        try:
            _adapter(name).validate_python(value)
        except ValidationError as exc:
            raise ValueError(f"{what}: `{name}` {_expected(exc)}, got {quote(value)}") from None


def _expected(exc: ValidationError) -> str:
    message = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
    return message[0].lower() + message[1:] if message else "is not valid"


def validation_message(exc: ValidationError) -> str:
    """A pydantic error as one line: ``field: problem`` for each field, ``;``-separated."""
    parts = []
    for error in exc.errors():
        loc = ".".join(str(p) for p in error["loc"]) or "input"
        parts.append(f"{loc}: {error['msg'].removeprefix('Value error, ')}")
    return "; ".join(parts)
