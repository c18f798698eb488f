"""The lab's entry point: ``cognimem bench``, added through ``cognimem_register_commands``.

Only the command's spec is read when the command line is built; :mod:`cognimem_lab.cli` (and
the benchmark harness it drives) is imported when ``cognimem bench`` runs or shows its help.
The lab registers no component: a profile's pipeline is the same with or without it.
"""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.extensions import CommandSpec
from cognimem.registry import Register

#: ``cognimem bench``'s help line in ``cognimem --help`` (kept beside the spec so that the
#: command line does not import the harness to list it).
HELP = ("measure ingest, search latency, memory, disk and cold start of the storage stacks; "
        "--agents: many agents through the daemon")


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem bench`` (its module loads only when the command runs)."""
    register(CommandSpec(name="bench", help=HELP, configure="cognimem_lab.cli:configure"))
