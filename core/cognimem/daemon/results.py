"""What a client checks of the daemon's answers: each operation's result against the return
annotation its declaration has (:data:`~.operations.OPERATIONS_TABLE`), so a confused or
foreign daemon is an error naming the call, never a wrong value handed on. Classes are
matched by name: the wire rebuilds the engine's types (:data:`~.wire.MODELS`) and the
client need not import them to check."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, TypeVar

from ..errors import StoreError

T = TypeVar("T")

_PLAIN: dict[str, type | tuple[type, ...]] = {
    "str": str, "int": int, "float": (float, int), "bool": bool, "datetime": datetime}


def expect(value: object, kind: type[T], what: str) -> T:
    """``value`` if it is a ``kind``, else the error a confused daemon deserves."""
    if not isinstance(value, kind):
        raise StoreError(f"the memory daemon answered {what} with a {type(value).__name__}, "
                         f"not a {kind.__name__}")
    return value


def expect_shape(value: Any, returns: str, what: str) -> Any:
    """``value`` if it fits the annotation ``returns`` (``list[Memory]``, ``Conflict | None``,
    ``dict[str, int]``...), else a :class:`~cognimem.errors.StoreError`."""
    if not fits(value, returns.replace(" ", "")):
        raise StoreError(f"the memory daemon answered {what} with a {type(value).__name__}, "
                         f"not a {returns}")
    return value


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def fits(value: Any, annotation: str) -> bool:
    """Whether ``value`` fits ``annotation`` (spaces removed)."""
    options = _split(annotation, "|")
    if len(options) > 1:
        return any(fits(value, option) for option in options)
    if annotation == "Any":
        return True
    if annotation == "None":
        return value is None
    generic = re.fullmatch(r"(\w+)\[(.*)\]", annotation)
    if generic:
        outer, inner = generic.groups()
        if outer == "list":
            return isinstance(value, list) and all(fits(v, inner) for v in value)
        if outer == "dict":
            key, item = _split(inner, ",")
            return isinstance(value, dict) and all(
                fits(k, key) and fits(v, item) for k, v in value.items())
        return True  # another generic: its origin is not checked
    plain = _PLAIN.get(annotation)
    if plain is not None:
        return isinstance(value, plain) and not (annotation == "int" and isinstance(value, bool))
    return any(cls.__name__ == annotation for cls in type(value).__mro__)
