"""A method decorator shared by the on-disk indexes: one writer at a time per instance."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])


def locked(method: _F) -> _F:
    """Run a method under the instance's re-entrant ``_lock`` (one writer at a time)."""

    @wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]
