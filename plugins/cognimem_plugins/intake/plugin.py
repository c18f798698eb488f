"""Hook implementations of the intake plugin: the ``vault`` source, the ``ingest`` and
``startup_context`` tools, and the ``vault``, ``ingest`` and ``context`` commands."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.registry import Register

from .capture import TranscriptSource
from .options import HookOptions
from .tools import EXTRAS, TOOLS
from .vault import VaultSource

CLI = "cognimem_plugins.intake.cli"

__all__ = ["HookOptions"]  # [hooks.intake]: the Ollama host of the capture extractor


@hookimpl
def cognimem_register_sources(register: Register) -> None:
    """Register ``vault`` and ``transcript``."""
    register(VaultSource)
    register(TranscriptSource)


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register the tools, and the startup context as an MCP prompt and resources."""
    for spec in (*TOOLS, *EXTRAS):
        register(spec)


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``vault``, ``ingest`` and ``context``."""
    register(CommandSpec("vault", "index a folder of markdown notes into memory",
                         f"{CLI}:configure_vault"))
    register(CommandSpec("ingest", "run an intake source over a target",
                         f"{CLI}:configure_ingest"))
    register(CommandSpec("context", "what an agent should know when it starts",
                         f"{CLI}:configure_context"))
    register(CommandSpec("capture", "capture an agent session's facts into memory",
                         f"{CLI}:configure_capture"))
    register(CommandSpec("compact", "store a session's facts, summarise it, verify, keep a "
                         "receipt", f"{CLI}:configure_compact"))
    register(CommandSpec("receipts", "list compaction receipts", f"{CLI}:configure_receipts"))
    register(CommandSpec("hooks", "install an agent's lifecycle hooks (claude-code)",
                         f"{CLI}:configure_hooks"))
    register(CommandSpec("hook", "run one lifecycle hook (called by the agent)",
                         f"{CLI}:configure_hook"))
