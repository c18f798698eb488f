"""Registers ``cognimem ui`` and the ``dashboard`` web app of ``cognimem serve --http
--mount dashboard`` (their modules load only when the command runs or the app mounts)."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.extensions import WebAppSpec
from cognimem.registry import Register


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem ui``."""
    register(CommandSpec(name="ui", help="serve a local web dashboard over this store "
                                         "(search, memories, conflicts, consolidation, health)",
                         configure="cognimem_plugins.dashboard.cli:configure"))


@hookimpl
def cognimem_register_web_apps(register: Register) -> None:
    """Register the ``dashboard`` web app (``cognimem serve --http --mount dashboard``)."""
    register(WebAppSpec(name="dashboard", help="the web dashboard of `cognimem ui`, beside MCP",
                        build="cognimem_plugins.dashboard.app:mount"))
