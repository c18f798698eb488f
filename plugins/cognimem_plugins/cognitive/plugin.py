"""Hook implementations of the cognitive plugin: its rankers and its decay policy."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .actr import ACTR
from .fademem import FadeMem
from .rankers import Importance, Recency, Supersession, Validity


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    """Register ``actr``, ``recency``, ``importance``, ``supersession`` and ``validity``."""
    for ranker in (ACTR, Recency, Importance, Supersession, Validity):
        register(ranker)


@hookimpl
def cognimem_register_decay(register: Register) -> None:
    """Register the ``fademem`` decay policy."""
    register(FadeMem)
