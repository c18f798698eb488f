"""Hook implementations of the mcp_tools plugin: the first-party MCP tools.

``core`` (remember, recall, update, forget, relate, status) is the lean default; ``full``
adds reading, links, graveyard, maintenance, integrity, the audit log, export and import,
and re-embedding. Other plugins add
their own tools to either set the same way.
"""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import ToolSpec
from cognimem.registry import Register

from . import core, full, jobs, team

BOTH = frozenset({"core", "full"})
FULL = frozenset({"full"})

#: The first-party tools, in the order clients list them.
TOOLS: tuple[ToolSpec, ...] = (
    # one engine call each (recall: a search, then its hits' conflicts): they run beside
    # other agents' calls in the daemon (an add in a write group, a search beside writes)
    ToolSpec("remember", core.remember, title="Remember", sets=BOTH, atomic=False),
    ToolSpec("recall", core.recall, title="Recall", read_only=True, idempotent=True, sets=BOTH,
             atomic=False),
    ToolSpec("update", core.update, title="Update a memory", destructive=True, sets=BOTH),
    ToolSpec("forget", core.forget, title="Forget a memory", destructive=True, idempotent=True,
             sets=BOTH),
    ToolSpec("relate", core.relate, title="Link memories", idempotent=True, sets=BOTH),
    ToolSpec("status", core.status, title="Memory status", read_only=True, idempotent=True,
             sets=BOTH),
    ToolSpec("get_memory", full.get_memory, title="Get a memory", read_only=True,
             idempotent=True, sets=FULL),
    ToolSpec("list_memories", full.list_memories, title="List memories", read_only=True,
             idempotent=True, sets=FULL),
    ToolSpec("supersede", full.supersede, title="Supersede a memory", sets=FULL),
    ToolSpec("unrelate", full.unrelate, title="Unlink memories", destructive=True,
             idempotent=True, sets=FULL),
    ToolSpec("get_links", full.get_links, title="Links of a memory", read_only=True,
             idempotent=True, sets=FULL),
    ToolSpec("restore", full.restore, title="Restore a memory", sets=FULL),
    ToolSpec("list_graveyard", full.list_graveyard, title="Archived memories", read_only=True,
             idempotent=True, sets=FULL),
    ToolSpec("maintain", full.maintain, title="Run decay", destructive=True, sets=FULL),
    ToolSpec("check", full.check, title="Check integrity", idempotent=True, sets=FULL),
    ToolSpec("purge_store", full.purge_store, title="Purge removed text", idempotent=True,
             sets=FULL),
    ToolSpec("list_events", full.list_events, title="Audit log", read_only=True,
             idempotent=True, sets=FULL),
    ToolSpec("export_memories", full.export_memories, title="Export the store",
             destructive=True, sets=FULL),
    ToolSpec("import_memories", full.import_memories, title="Import an export", sets=FULL,
             atomic=False),
    # long operations: through the daemon a job in units beside the other agents' calls
    # (atomic=False: the engine's calls run as a client's), or started with background
    ToolSpec("reindex", full.reindex, title="Re-embed memories", idempotent=True, sets=FULL,
             atomic=False),
    ToolSpec("jobs_list", jobs.jobs_list, title="Long jobs", read_only=True, idempotent=True,
             sets=FULL, atomic=False),
    ToolSpec("job_status", jobs.job_status, title="A job's progress", read_only=True,
             idempotent=True, sets=FULL, atomic=False),
    ToolSpec("job_cancel", jobs.job_cancel, title="Cancel a job", idempotent=True, sets=FULL,
             atomic=False),
    ToolSpec("sync", team.sync, title="Changes since last sync", idempotent=True, sets=FULL),
)


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register the first-party tools."""
    for spec in TOOLS:
        register(spec)
