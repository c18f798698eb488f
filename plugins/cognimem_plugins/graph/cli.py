"""``cognimem graph``: look at the memory graph — an HTML view, its topics (communities), its
counts. Added to the command line through ``cognimem_register_commands``.

The work runs where the store lives: through the store's daemon (this plugin's ``graph_*``
tools) for an on-disk store, in this process for an in-memory one.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from cognimem.cli.common import add_global_options, emit, open_engine
from cognimem.mcp.calls import call_tool
from cognimem.privacy import write_private


def configure(p: argparse.ArgumentParser) -> None:
    """Add ``graph``'s ``--html``, ``topics`` and ``stats`` forms."""
    p.description = "Without a subcommand: write --html FILE, or print the stats."
    p.set_defaults(func=cmd_graph)
    p.add_argument("--html", metavar="FILE", help="write a self-contained interactive view")
    p.add_argument("--limit", type=int, default=2000,
                   help="refuse to draw more nodes than this (default 2000)")
    p.add_argument("--project", help="only this project's memories (and their entities)")
    sub = p.add_subparsers(dest="graph_action", metavar="ACTION")
    t = sub.add_parser("topics", help="communities found by Leiden, as topics")
    add_global_options(t)
    t.add_argument("--refresh", action="store_true", help="recompute even if up to date")
    t.add_argument("--resolution", type=float, default=1.0,
                   help="Leiden resolution: higher gives more, smaller topics")
    t.set_defaults(func=cmd_topics)
    s = sub.add_parser("stats", help="node and link counts")
    add_global_options(s)
    s.set_defaults(func=cmd_stats)
    a = sub.add_parser("ask", help="a node's neighbours, a path between two, an entity's facts")
    add_global_options(a)
    a.add_argument("question", choices=("neighbours", "path", "facts"))
    a.add_argument("node", help="a memory id, an entity's name or a memory's title")
    a.add_argument("to", nargs="?", help="for path: the other node")
    a.add_argument("--limit", type=int, default=20, help="most listed (1 to 100)")
    a.add_argument("--max-hops", type=int, default=4, help="for path: longest path (1 to 6)")
    a.add_argument("--edge", action="append", dest="edges", metavar="KIND",
                   help="only this edge kind (repeatable)")
    a.add_argument("--project", help="only this project's memories (and global ones)")
    a.set_defaults(func=cmd_ask)


def _run(args: argparse.Namespace, tool: str, **arguments: Any) -> Any:
    """Run one of this plugin's tools against the store (remote or local); each is read-only
    or idempotent, so a call the daemon dropped may be repeated."""
    with open_engine(args) as engine:
        return call_tool(engine, tool, arguments, retry_safe=True)


def cmd_graph(args: argparse.Namespace) -> int:
    """Write the HTML view (``--html``) or print the stats."""
    if not args.html:
        return cmd_stats(args)
    from .html import page_of

    page = page_of(_run(args, "graph_view", limit=args.limit, project=args.project))
    write_private(Path(args.html), page.encode("utf-8"))  # memories' text: 0600
    emit(args, {"html": args.html, "bytes": len(page.encode("utf-8"))},
         lambda out: out.print(f"wrote {args.html}", markup=False))
    return 0


def cmd_topics(args: argparse.Namespace) -> int:
    """List the graph's topics (Leiden communities)."""
    summary = _run(args, "graph_topics", refresh=args.refresh, resolution=args.resolution)

    def render(out: Console) -> None:
        out.print(f"{len(summary['topics'])} topics in {summary['communities']} communities "
                  f"(modularity {summary['modularity']})")
        table = Table("id", "size", "memories", "entities", "label")
        for topic in summary["topics"]:
            table.add_row(str(topic["id"]), str(topic["size"]), str(topic["memories"]),
                          str(topic["entities"]), topic["label"])
        out.print(table)

    emit(args, summary, render)
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    """Ask the graph a question."""
    from .render import render_answer

    arguments: dict[str, Any] = {"question": args.question, "node": args.node,
                                 "limit": args.limit, "max_hops": args.max_hops}
    for name in ("to", "edges", "project"):
        if getattr(args, name) is not None:
            arguments[name] = getattr(args, name)
    found = _run(args, "graph_ask", **arguments)
    answer = found.model_dump() if hasattr(found, "model_dump") else dict(found)
    emit(args, answer, lambda out: render_answer(out, answer))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """Print node and link counts."""
    stats = _run(args, "graph_stats")

    def render(out: Console) -> None:
        for key, value in stats.items():
            out.print(f"{key}: {value}", markup=False)

    emit(args, stats, render)
    return 0
