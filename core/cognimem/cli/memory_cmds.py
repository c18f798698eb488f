"""``add``, ``search``, ``get``, ``delete``, ``list``: remembering and recalling."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from .. import timephrases
from ..errors import InvalidInput
from ..models.summary import brief
from ..names import cli_agent
from ..untrusted import quoted
from .common import add_agent_option, command, emit, escape, iso_time, open_engine, table

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.tree import Tree

    from ..models import Memory
    from ..models.summary import HitSummary


def register(subparsers: Any) -> None:
    """Add the memory commands."""
    p = command(subparsers, "add", cmd_add, "remember something")
    p.add_argument("content", nargs="?", help="the text to remember ('-' or omitted: stdin)")
    p.add_argument("--kind", default="note", help="fact, decision, preference, correction, ...")
    p.add_argument("--layer", default="episodic",
                   choices=["working", "episodic", "semantic", "procedural", "partner"])
    p.add_argument("--title")
    p.add_argument("--tag", action="append", default=[], dest="tags", help="repeatable")
    p.add_argument("--project", help="scope: project or workspace")
    p.add_argument("--importance", type=float, default=0.5)
    p.add_argument("--protected", action="store_true", help="never decays or archives")
    p.add_argument("--valid-from", type=iso_time, metavar="WHEN",
                   help="when it became true in the world (ISO 8601)")
    p.add_argument("--valid-until", type=iso_time, metavar="WHEN",
                   help="when it stopped being true (ISO 8601)")
    add_agent_option(p)
    p.add_argument("--on-duplicate", choices=["auto", "keep", "supersede"], default="auto",
                   help="when a near-duplicate is found: auto (merge, or log a conflict when "
                        "values differ), keep (store apart; never asked again), supersede")

    p = command(subparsers, "search", cmd_search, "recall memories for a query")
    p.add_argument("query")
    p.add_argument("-k", type=int, default=None, help="how many hits (profile default: 10)")
    p.add_argument("--project", help="only this project's memories (and the global ones)")
    p.add_argument("--no-global", dest="include_global", action="store_false",
                   help="with --project: leave out the global memories")
    p.add_argument("--as-of", type=iso_time, metavar="WHEN",
                   help="only what was true in the world then (valid time)")
    p.add_argument("--at", dest="believed_at", type=iso_time, metavar="WHEN",
                   help="search what the store believed then (transaction time)")
    p.add_argument("--explain", action="store_true",
                   help="show who wrote each hit, each retriever's rank, the fused score and "
                        "each ranker's step")
    p.add_argument("--min-confidence", type=float, default=None, metavar="FLOOR",
                   help="hold back hits whose confidence is below FLOOR (0 to 1; 0 shows "
                        "every hit); default: the profile's [confidence] floor")
    _add_filters(p)

    p = command(subparsers, "get", cmd_get, "show one memory")
    p.add_argument("id")

    p = command(subparsers, "delete", cmd_delete,
                "delete one memory for good (its text leaves the store's files)")
    p.add_argument("id")
    add_agent_option(p)

    p = command(subparsers, "list", cmd_list, "list memories, newest first")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--archived", action="store_true", help="include archived memories")
    p.add_argument("--project", help="only this project's memories")
    p.add_argument("--paged", action="store_true",
                   help="with --json: print {memories, next_cursor} (implied by --cursor)")
    _add_filters(p)


def _add_filters(p: argparse.ArgumentParser) -> None:
    """The filters and paging search and list share."""
    p.add_argument("--since", metavar="WHEN",
                   help="written since: an ISO date or 'yesterday', 'last week', "
                        "'since Monday', 'in March', '2 days ago'")
    p.add_argument("--until", metavar="WHEN", help="written until (same forms as --since)")
    p.add_argument("--kind", action="append", dest="kinds", metavar="KIND",
                   help="only this kind (repeatable)")
    p.add_argument("--tag", action="append", dest="tags", metavar="TAG",
                   help="only memories with this tag (repeatable: any of them)")
    p.add_argument("--layer", action="append", dest="layers", metavar="LAYER",
                   choices=["working", "episodic", "semantic", "procedural", "partner"],
                   help="only this layer (repeatable)")
    p.add_argument("--by", action="append", dest="agents", metavar="AGENT",
                   help="only memories written by this agent (repeatable)")
    p.add_argument("--cursor", help="the next page: the cursor the previous page printed")


def _filters(args: argparse.Namespace, engine: Any) -> dict[str, Any]:
    """The Query fields the shared filters give (phrases read at the engine's time)."""
    found: dict[str, Any] = {**timephrases.window(args.since, args.until, engine.now)}
    for name in ("kinds", "layers", "agents", "cursor"):
        if getattr(args, name):
            found[name] = getattr(args, name)
    if args.tags:
        found["tags"] = [t.strip().lower() for t in args.tags]
    return found


def cmd_add(args: argparse.Namespace) -> int:
    """Remember the content given (or read from stdin)."""
    content = args.content
    if content in (None, "-"):
        content = sys.stdin.read()
    fields: dict[str, Any] = {"kind": args.kind, "layer": args.layer, "tags": args.tags,
                              "importance": args.importance, "protected": args.protected}
    if args.title:
        fields["title"] = args.title
    if args.project:
        fields["scope"] = {"project": args.project}
    for name in ("valid_from", "valid_until"):
        if getattr(args, name) is not None:
            fields[name] = getattr(args, name)
    with open_engine(args) as engine:
        written = engine.add(content, agent=cli_agent(args.agent),
                             on_duplicate=args.on_duplicate, **fields)
    data = {"id": written.id, "created": written.created, "outcome": written.outcome,
            "conflicts": written.conflicts, "supersedes": written.supersedes,
            "kept_separate": written.kept_separate, "notes": written.notes}

    def render(out: Console) -> None:
        verb = {"created": "remembered", "duplicate": "already known as",
                "merged": "merged into"}.get(written.outcome, written.outcome)
        out.print(f"{verb} [bold]{written.id}[/bold]", markup=True)
        for note in written.notes:
            out.print(f"  note: {note}", markup=False)

    emit(args, data, render)
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    """Search and print the hits (with their score trail under --explain)."""
    params: dict[str, Any] = {"explain": args.explain}
    if args.min_confidence is not None:
        params["min_confidence"] = args.min_confidence
    if args.k is not None:
        params["k"] = args.k
    if args.project:
        params["scope"] = {"project": args.project}
        params["include_global"] = args.include_global
    for name in ("as_of", "believed_at"):
        if getattr(args, name) is not None:
            params[name] = getattr(args, name)
    with open_engine(args) as engine:
        result = engine.search_summary(args.query, paged=True, **params,
                                       **_filters(args, engine))
    data: dict[str, Any] = {
        "query": result.query,  # as the guard left it (credentials redacted)
        "hits": [hit_json(h, args.explain) for h in result.hits],
        "timings_ms": {k: round(v, 3) for k, v in result.timings.items()},
    }
    if result.held_back:
        data["held_back"] = result.held_back
        data["floor"] = result.floor
    if result.next_cursor:
        data["next_cursor"] = result.next_cursor

    def render(out: Console) -> None:
        if args.explain:
            for rank, hit in enumerate(result.hits, 1):
                out.print(_explained(rank, hit))
        elif result.hits:
            out.print(_hit_table(result.hits))
        if result.held_back:
            out.print(held_back_message(result.held_back, result.floor, bool(result.hits),
                                        "--min-confidence 0"), markup=False)
        elif not result.hits:
            out.print("no memories matched")
        if any(h.conflicts for h in result.hits):
            out.print("[conflict]: disagrees with another memory; see `cognimem conflicts "
                      "--memory ID`", markup=False)
        out.print(f"{result.timings.get('total', 0):.1f} ms")
        if result.next_cursor:
            out.print(f"more: --cursor {result.next_cursor}", markup=False, soft_wrap=True)

    emit(args, data, render)
    return 0


def _shown_content(hit: HitSummary) -> str:
    """A hit's content as a line of the output (flagged content quoted, with the reason:
    data, never bare instructions), markup escaped and control characters made visible;
    a memory whose code changed says so first."""
    code = f"CODE {escape(hit.code)}:\n" if hit.code else ""
    if hit.untrusted is not None:
        return (f"{code}UNTRUSTED ({escape(hit.untrusted)}):\n"
                f"{escape(quoted(brief(hit.content, 80)))}")
    return code + escape(brief(hit.content, 80))


def _hit_table(hits: list[HitSummary]) -> Table:
    grid = table()
    grid.add_column("#", justify="right")
    grid.add_column("id")
    grid.add_column("score", justify="right")
    confident = any(h.confidence is not None for h in hits)
    if confident:
        grid.add_column("conf", justify="right")  # confidence, 0 to 1
    grid.add_column("memory")
    for rank, hit in enumerate(hits, 1):
        row = [str(rank), hit.id + (escape(" [conflict]") if hit.conflicts else ""),
               f"{hit.score:.4f}"]
        if confident:
            row.append("-" if hit.confidence is None else f"{hit.confidence:.2f}")
        grid.add_row(*row, _shown_content(hit))
    return grid


def _explained(rank: int, hit: HitSummary) -> Tree:
    """One explained hit as a tree that wraps to the terminal's width: its line, its
    content, then one branch per stage of the score trail (as ``Hit.explain`` words it)."""
    from rich.tree import Tree

    confidence = "" if hit.confidence is None else f"  conf {hit.confidence:.2f}"
    mark = escape(" [conflict]") if hit.conflicts else ""
    tree = Tree(f"[bold]{rank}. {hit.id}[/bold]{mark}  "
                f"score {hit.score:.4f}{confidence}  by {escape(hit.agent or '-')}")
    tree.add(_shown_content(hit))
    why = tree.add("why")
    for step in (hit.explanation or "").split(" → "):
        if step:
            why.add(escape(step))
    return tree


def held_back_message(held: int, floor: float | None, some_kept: bool, ask: str) -> str:
    """What to say when the relevance floor held hits back."""
    hits = f"{held} hit{'s' if held != 1 else ''}"
    if some_kept:
        return f"{hits} under the relevance floor {floor:g} held back (show them: {ask})"
    return (f"nothing relevant found: all {hits} scored under the relevance floor {floor:g} "
            f"(show them anyway: {ask})")


def hit_json(hit: HitSummary, explain: bool) -> dict[str, Any]:
    """A hit as compact JSON (flagged content quoted, with the reason)."""
    out: dict[str, Any] = {"id": hit.id, "score": round(hit.score, 6),
                           "content": hit.content if hit.untrusted is None
                           else quoted(hit.content),
                           "kind": hit.kind, "tags": hit.tags}
    if hit.confidence is not None:
        out["confidence"] = hit.confidence
    if hit.untrusted is not None:
        out["untrusted"] = hit.untrusted
    if explain:
        out["agent"] = hit.agent
        out["project"] = hit.project
        out["trail"] = hit.trail or []
        if hit.calibration is not None:
            out["calibration"] = hit.calibration
    if hit.conflicts:
        out["conflicts"] = hit.conflicts
    if hit.code:
        out["code"] = hit.code
    return out


def memory_json(memory: Memory) -> dict[str, Any]:
    """A memory as JSON (no nulls)."""
    return memory.model_dump(mode="json", exclude_none=True)


def cmd_get(args: argparse.Namespace) -> int:
    """Print one memory."""
    with open_engine(args) as engine:
        memory = engine.get(args.id)
    emit(args, memory_json(memory), lambda out: _render_memory(out, memory))
    return 0


def _render_memory(out: Console, memory: Memory) -> None:
    grid = table(show_header=False)
    for key, value in memory_json(memory).items():
        grid.add_row(key, escape(str(value)))
    out.print(grid)


def cmd_delete(args: argparse.Namespace) -> int:
    """Delete one memory for good: its text leaves the store's files too."""
    with open_engine(args) as engine:
        memory = engine.delete(args.id, purge=True, agent=cli_agent(args.agent))
    emit(args, {"deleted": memory.id}, lambda out: out.print(f"deleted {memory.id}"))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    """List memories newest first."""
    from .. import paging
    from ..models import Query

    if args.limit < 1:
        raise InvalidInput("--limit must be at least 1")
    with open_engine(args) as engine:
        fields: dict[str, Any] = {"text": "*", "include_archived": args.archived,
                                  **_filters(args, engine)}
        if args.project:
            fields["scope"] = {"project": args.project}
        query = Query(**fields)
        rows = engine.list_memories(limit=args.limit + 1, include_archived=args.archived,
                                    query=query)
    memories = rows[: args.limit]
    more = paging.after(query, memories[-1]) if len(rows) > args.limit else None

    def render(out: Console) -> None:
        grid = table()
        for col in ("id", "created", "kind", "layer", "memory"):
            grid.add_column(col)
        for m in memories:
            grid.add_row(m.id, m.created_at.strftime("%Y-%m-%d %H:%M"), m.kind, m.layer,
                         escape(m.brief(70)))
        out.print(grid)
        if more:
            out.print(f"more: --cursor {more}", markup=False, soft_wrap=True)

    listed = [memory_json(m) for m in memories]
    paged = args.paged or args.cursor is not None
    emit(args, {"memories": listed, "next_cursor": more} if paged else listed, render)
    return 0
