"""Hook implementation of the whowhen plugin: its ranker."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .ranker import WhoWhen


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    """Register ``whowhen``."""
    register(WhoWhen)
