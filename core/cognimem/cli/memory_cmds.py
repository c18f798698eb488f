"""``add``, ``search``, ``get``, ``delete``, ``list``: remembering and recalling."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..errors import InvalidInput
from ..models import Hit, Memory
from .common import command, emit, open_engine


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
    p.add_argument("--on-duplicate", choices=["auto", "keep", "supersede"], default="auto",
                   help="when a near-duplicate is found: auto (merge, or log a conflict when "
                        "values differ), keep (store apart; never asked again), supersede")

    p = command(subparsers, "search", cmd_search, "recall memories for a query")
    p.add_argument("query")
    p.add_argument("-k", type=int, default=None, help="how many hits (profile default: 10)")
    p.add_argument("--project", help="only this project's memories")
    p.add_argument("--explain", action="store_true",
                   help="show each retriever's rank, the fused score and each ranker's step")

    p = command(subparsers, "get", cmd_get, "show one memory")
    p.add_argument("id")

    p = command(subparsers, "delete", cmd_delete, "delete one memory")
    p.add_argument("id")

    p = command(subparsers, "list", cmd_list, "list memories, newest first")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--archived", action="store_true", help="include archived memories")


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
    with open_engine(args) as engine:
        written = engine.add(content, on_duplicate=args.on_duplicate, **fields)
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
    if args.k is not None:
        params["k"] = args.k
    if args.project:
        params["scope"] = {"project": args.project}
    with open_engine(args) as engine:
        result = engine.search(args.query, **params)
        disputed = engine.in_open_conflict([h.id for h in result.hits])
    data = {
        "query": args.query,
        "hits": [{**hit_json(h, args.explain), **({"conflicts": disputed[h.id]}
                                                   if h.id in disputed else {})}
                 for h in result.hits],
        "timings_ms": {k: round(v, 3) for k, v in result.timings.items()},
    }

    def render(out: Console) -> None:
        table = Table(show_lines=args.explain)
        table.add_column("#", justify="right")
        table.add_column("id")
        table.add_column("score", justify="right")
        table.add_column("memory")
        if args.explain:
            table.add_column("explanation")
        for rank, hit in enumerate(result.hits, 1):
            mark = " [conflict]" if hit.id in disputed else ""
            row = [str(rank), hit.id + mark, f"{hit.score:.4f}", escape(hit.memory.brief(80))]
            if args.explain:
                row.append(escape(hit.explain()))
            table.add_row(*row)
        out.print(table)
        if not result.hits:
            out.print("no memories matched")
        if disputed:
            out.print("[conflict]: disagrees with another memory; see `cognimem conflicts "
                      "--memory ID`", markup=False)
        out.print(f"{result.timings.get('total', 0):.1f} ms")

    emit(args, data, render)
    return 0


def hit_json(hit: Hit, explain: bool) -> dict[str, Any]:
    """A hit as compact JSON."""
    out: dict[str, Any] = {"id": hit.id, "score": round(hit.score, 6),
                           "content": hit.memory.content, "kind": hit.memory.kind,
                           "tags": hit.memory.tags}
    if explain:
        out["trail"] = [s.model_dump(exclude_none=True) for s in hit.trail]
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
    table = Table(show_header=False)
    for key, value in memory_json(memory).items():
        table.add_row(key, escape(str(value)))
    out.print(table)


def cmd_delete(args: argparse.Namespace) -> int:
    """Delete one memory."""
    with open_engine(args) as engine:
        memory = engine.delete(args.id)
    emit(args, {"deleted": memory.id}, lambda out: out.print(f"deleted {memory.id}"))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    """List memories newest first."""
    if args.limit < 1:
        raise InvalidInput("--limit must be at least 1")
    with open_engine(args) as engine:
        memories = engine.list_memories(limit=args.limit, include_archived=args.archived)

    def render(out: Console) -> None:
        table = Table()
        for col in ("id", "created", "kind", "layer", "memory"):
            table.add_column(col)
        for m in memories:
            table.add_row(m.id, m.created_at.strftime("%Y-%m-%d %H:%M"), m.kind, m.layer,
                          escape(m.brief(70)))
        out.print(table)

    emit(args, [memory_json(m) for m in memories], render)
    return 0
