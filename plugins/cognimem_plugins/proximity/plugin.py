"""Hook implementation of the proximity plugin: its ranker."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .ranker import Proximity


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    """Register ``proximity``."""
    register(Proximity)
