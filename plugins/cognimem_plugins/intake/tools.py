"""The intake's MCP tools: ``ingest`` (run a source such as the vault) and
``startup_context`` (what to know when starting in a project)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field

from cognimem.components import PromptSpec, ResourceSpec, ToolSpec
from cognimem.engine.jobinfo import JobInfo
from cognimem.errors import InvalidInput
from cognimem.privacy import shown
from cognimem.sources import IngestReport

from . import compaction, context

if TYPE_CHECKING:
    from cognimem.engine import Engine


class Ingested(BaseModel):
    """What a run of a source did (paths shown under ``~``). Started with ``background``:
    the source, the target and ``job`` (follow it with job_status)."""

    source: str
    target: str
    groups: int = 0
    unchanged: int = 0
    added: int = 0
    updated: int = 0
    archived: int = 0
    moved: int = 0
    links: int = 0
    superseded: int = 0
    problems: list[str] = Field(default_factory=list)
    job: JobInfo | None = None
    kept: int = 0
    restored: int = 0
    dry_run: bool = False


def ingested(report: IngestReport) -> Ingested:
    """The report as the tool returns it."""
    return Ingested(source=report.source, target=shown(report.target), groups=report.groups,
                    unchanged=report.unchanged, added=report.added, updated=report.updated,
                    archived=report.archived, moved=report.moved, links=report.links,
                    superseded=report.superseded, kept=report.kept, restored=report.restored,
                    dry_run=report.dry_run, problems=report.problems[:50])


def ingest(
    engine: Engine,
    target: Annotated[str, Field(description="absolute path of the folder (for vault)")],
    source: Annotated[str, Field(description="the intake source: vault")] = "vault",
    dry_run: Annotated[bool, Field(description="report what would change, write nothing")]
    = False,
    background: Annotated[bool, Field(description=(
        "return at once with the job (follow it with job_status) instead of waiting"))]
    = False,
) -> Ingested:
    """Fill memory from a source without remember calls: index a folder of markdown notes
    (one memory per section; unchanged notes are skipped, changed ones re-read, deleted
    ones archived). Run it again to bring memory up to date. A large folder is written in
    units (other agents' calls run between them); background=true returns the job at once.

    Example: {"target": "/home/me/notes", "source": "vault"}
    """
    path = Path(target).expanduser()
    if not path.is_absolute():
        raise InvalidInput(f"target {target[:80]!r} is relative: give an absolute path")
    if background:
        return Ingested(source=source, target=shown(path),
                        job=engine.start_job("ingest", source, str(path), dry_run=dry_run))
    return ingested(engine.ingest(source, str(path), dry_run=dry_run))


class TracedItem(BaseModel):
    """Why an item is in the context, or was left out: its reason (protected, decision,
    preference, open conflict, recent, and the labels a plugin gave it: fresh, stale,
    orphaned), tokens, score (its importance) and what each label says."""

    id: str
    reason: str
    tokens: int
    score: float
    title: str
    labels: list[str] = Field(default_factory=list)


class StartupContext(BaseModel):
    """The context text, the memories it cites and its size; traced, why each item is
    there and the near misses the budget left out."""

    text: str
    ids: list[str]
    tokens: int
    left_out: int
    trace: list[TracedItem] | None = None
    near_misses: list[TracedItem] | None = None


def startup_context(
    engine: Engine,
    project: Annotated[str | None, Field(description="the project (default: all)")] = None,
    budget: Annotated[int, Field(ge=context.MIN_BUDGET, le=context.MAX_BUDGET,
                                 description="token budget")] = context.BUDGET,
    trace: Annotated[bool, Field(description=(
        "also say why each item is there (reason, tokens, score) and which items the "
        "budget left out"))] = False,
) -> StartupContext:
    """What an agent should know when it starts in a project: protected memories and
    decisions, preferences, open conflicts, recent work; within a token budget, each item
    (markdown kept) ending with its memory id. A memory about code is marked fresh, stale
    or orphaned (check the code again before relying on a stale or orphaned one).

    Example: {"project": "shop", "budget": 1500, "trace": true}
    """
    found = context.build(engine, project=project, budget=budget)
    def items(rows: list[context.Traced]) -> list[TracedItem] | None:
        return [TracedItem(id=t.id, reason=t.reason, tokens=t.tokens, score=t.score,
                           title=t.title, labels=list(t.labels)) for t in rows] if trace else None

    return StartupContext(text=found.text, ids=found.ids, tokens=found.tokens,
                          left_out=found.left_out, trace=items(found.trace),
                          near_misses=items(found.near_misses))


def capture(
    engine: Engine,
    path: Annotated[str, Field(description="absolute path of the session transcript")],
    extractor: Annotated[Literal["rules", "ollama"], Field(
        description="rules (no model) or ollama (a local model decides add/update/skip)")]
    = "rules",
    model: Annotated[str | None, Field(description="the Ollama model (ollama)")] = None,
) -> Ingested:
    """Capture an agent session (Claude Code JSON lines, or plain text) into memories: its
    decisions, preferences, commitments, values, paths, commands, errors and owners, each
    with its session and turn. Capturing a session again adds only what is new.

    Example: {"path": "/home/me/.claude/projects/shop/session.jsonl"}
    """
    file = Path(path).expanduser()
    if not file.is_absolute():
        raise InvalidInput(f"path {path[:80]!r} is relative: give an absolute path")
    options: dict[str, str] = {"extractor": extractor}
    if model:
        options["model"] = model  # the host is the profile's ([hooks.intake]), never a call's
    return ingested(engine.ingest("transcript", str(file), options=options))


TOOLS = (
    ToolSpec("ingest", ingest, title="Index a notes folder", idempotent=True,
             sets=frozenset({"full"}), atomic=False),  # through the daemon: a job in units
    ToolSpec("capture", capture, title="Capture a session", idempotent=True,
             sets=frozenset({"full"})),
    ToolSpec("compact_transcript", compaction.compact_transcript,
             title="Compact with a receipt", sets=frozenset({"full"})),
    ToolSpec("receipts", compaction.receipts, title="Compaction receipts", read_only=True,
             sets=frozenset({"full"})),
    ToolSpec("startup_context", startup_context, title="What to know at start",
             read_only=True, sets=frozenset({"full"})),
)


def context_text(result: dict[str, Any]) -> str:
    """The startup context's text (a resource's content)."""
    return str(result["text"]) or "(no memories yet)\n"


def context_prompt(result: dict[str, Any]) -> str:
    """The startup context as the opening message of a conversation (traced: with why each
    item is there and what the budget left out)."""
    text = ("What long-term memory holds for this work (each item ends with its memory id; "
            "recall for more):\n\n" + context_text(result))
    for heading, rows in (("Why these items", result.get("trace")),
                          ("Left out by the budget", result.get("near_misses"))):
        if rows:
            text += f"\n{heading} (tokens, score, reason, id):\n" + "".join(
                f"- {r['tokens']}, {r['score']:.2f}, {r['reason']}, {r['id']}\n" for r in rows)
    return text


#: The startup context as an MCP prompt and as resources (all memories, or one project's).
EXTRAS = (
    PromptSpec("startup_context", "startup_context", context_prompt, title="Start with memory",
               description="What an agent should know when it starts in a project: protected "
               "memories and decisions, preferences, open conflicts, recent work."),
    ResourceSpec("startup_context", "cognimem://context", "startup_context", context_text,
                 title="Startup context", description="What to know at start (every project)"),
    ResourceSpec("project_context", "cognimem://context/{project}", "startup_context",
                 context_text, title="Startup context of a project",
                 description="What to know when starting in one project"),
)
