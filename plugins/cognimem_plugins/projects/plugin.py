"""projects: the repository a project is named by (:mod:`cognimem.repository`) and moving
the memories filed under its former names: ``cognimem projects [--migrate]`` and the
``project_repository`` MCP tool; the branches keeping captured facts (the branch scope) and
promoting them once merged: ``cognimem branches [--promote]`` and ``project_branches``."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.registry import Register

from .tools import TOOLS


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register ``project_repository`` and ``project_branches``."""
    for spec in TOOLS:
        register(spec)


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem projects`` and ``cognimem branches`` (their module loads only
    when a command runs)."""
    register(CommandSpec(name="projects", help="the project your repository is named by; "
                                               "move memories filed under former names",
                         configure="cognimem_plugins.projects.cli:configure"))
    register(CommandSpec(name="branches", help="branches keeping captured facts (branch "
                                               "scope); promote those merged",
                         configure="cognimem_plugins.projects.cli:configure_branches"))
