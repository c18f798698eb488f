"""projects: the repository a project is named by (:mod:`cognimem.repository`) and moving
the memories filed under its former names: ``cognimem projects [--migrate]`` and the
``project_repository`` MCP tool."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.registry import Register

from .tools import TOOLS


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register ``project_repository``."""
    for spec in TOOLS:
        register(spec)


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem projects`` (its module loads only when the command runs)."""
    register(CommandSpec(name="projects", help="the project your repository is named by; "
                                               "move memories filed under former names",
                         configure="cognimem_plugins.projects.cli:configure"))
