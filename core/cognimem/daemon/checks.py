"""What the daemon checks in a call before running it, and how a failure goes back: one line.

:func:`check_call` holds a call's arguments to their types (:mod:`cognimem.models.strict`),
its memory ids and reasons to their lengths (:mod:`cognimem.limits`); nothing runs when one
is wrong. :func:`one_line_error` turns what an operation may raise besides cognimem's own
errors (pydantic's ``ValidationError``, an ``OSError``, a too-deep structure) into one of
them, with a one-line message, so no client ever receives a multi-line dump or a bare
exception name.
"""

from __future__ import annotations

from typing import Any

from ..errors import CognimemError, InvalidInput, StoreError
from ..limits import ID_CHARS, REASON_CHARS, check_chars
from ..privacy import shown

#: Operations whose first (or first two) positional arguments are memory ids.
_ID_ARGS = {"get": 1, "update": 1, "delete": 1, "archive": 1, "restore": 1, "edges": 1,
            "supersede": 1, "relate": 2, "unrelate": 2}
#: Keyword arguments (of operations and tools) that are memory ids.
_ID_KEYWORDS = ("id", "memory_id", "old_id")


def check_call(what: str, args: list[Any], kwargs: dict[str, Any]) -> None:
    """Refuse a call whose arguments are of the wrong type or too long.

    :raises InvalidInput: one line naming the argument and what it must be.
    """
    from ..models.strict import check_arguments

    ids = list(args[:_ID_ARGS.get(what, 0)]) + [kwargs[k] for k in _ID_KEYWORDS if k in kwargs]
    if what == "get_many" and args and isinstance(args[0], list):
        ids += args[0]
    try:
        for value in ids:
            if isinstance(value, str):
                check_chars(value, ID_CHARS, "a memory id")
        reason = kwargs.get("reason", args[1] if what == "archive" and len(args) > 1 else None)
        if isinstance(reason, str):
            check_chars(reason, REASON_CHARS, "the reason")
        check_arguments(kwargs, what)
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None


def one_line_error(exc: BaseException) -> CognimemError | None:
    """``exc`` as one of cognimem's errors with a one-line message, or None when it is
    unexpected (a bug: the daemon logs its traceback)."""
    from pydantic import ValidationError

    if isinstance(exc, CognimemError):
        return exc
    if isinstance(exc, ValidationError):
        from ..models.strict import validation_message

        return InvalidInput(validation_message(exc))
    if isinstance(exc, OSError):
        where = f" ({shown(exc.filename)})" if exc.filename else ""
        return StoreError(f"the memory daemon hit a file system error: "
                          f"{exc.strerror or type(exc).__name__}{where}")
    if isinstance(exc, RecursionError):
        return InvalidInput("the request is nested too deeply to process")
    return None
