"""Registers ``cognimem ui`` (its modules load only when the command runs)."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.registry import Register


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem ui``."""
    register(CommandSpec(name="ui", help="serve a local web dashboard over this store "
                                         "(search, memories, conflicts, consolidation, health)",
                         configure="cognimem_plugins.dashboard.cli:configure"))
