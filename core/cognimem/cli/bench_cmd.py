"""``bench``: storage throughput, search latency, memory, disk and cold start of the stacks."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput
from .common import cli_profile, command, console, emit

if TYPE_CHECKING:
    from rich.console import Console


def register(subparsers: Any) -> None:
    """Add the bench command."""
    parser = command(
        subparsers, "bench", cmd_bench,
        "measure ingest, search latency, memory, disk and cold start of the storage stacks",
        description=(
            "Ingest a synthetic developer-memory corpus (fixed seed) into each storage stack at "
            "each size and measure ingest throughput (embedding timed apart), search latency "
            "p50/p95 (query embedding timed apart) beside a plain-BM25 floor, resident memory, "
            "store size, and cold start to first search in a fresh process; then the real "
            "embedder's own speed. Searches run the selected profile's retrievers, fuser and "
            "rankers (--profile; the default profile's unless given) on each stack. Targets of "
            "the embedded default are shown, not enforced."
        ),
    )
    parser.add_argument("--sizes", default="1000,10000,100000", metavar="N,N,...",
                        help="corpus sizes (default: 1000,10000,100000)")
    parser.add_argument("--stacks", default="hnsw,lancedb", metavar="NAME,...",
                        help="storage stacks: hnsw (the default profile's), lancedb, exact, "
                             "memory, postgres (default: hnsw,lancedb)")
    parser.add_argument("--queries", type=int, default=200, help="timed queries per run")
    parser.add_argument("--k", type=int, default=10, help="hits per search")
    parser.add_argument("--seed", type=int, default=7, help="corpus seed")
    parser.add_argument("--cold-starts", type=int, default=3, metavar="N",
                        help="fresh-process cold starts per persistent run (median reported)")
    parser.add_argument("--embedder", default="minilm",
                        help="real embedder whose own speed is measured (default: minilm)")
    parser.add_argument("--embedder-texts", type=int, default=512, metavar="N",
                        help="texts for the embedder's bulk throughput; 0 skips it")
    parser.add_argument("--ann-threshold", type=int, default=None, metavar="ROWS",
                        help="lancedb: rows at which the ANN index is built (default: its option)")
    parser.add_argument("--in-process", action="store_true",
                        help="run every stack in this process (faster; memory figures mix)")
    parser.add_argument("--dir", default=None, metavar="PATH",
                        help="keep the stores in this directory (default: a temporary one)")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="also write the results as JSON to FILE")
    parser.add_argument("--markdown", action="store_true",
                        help="print the results as Markdown (for docs/benchmarks.md)")


def parse_sizes(text: str) -> list[int]:
    """``"1000,10k,1e5"`` -> [1000, 10000, 100000].

    :raises InvalidInput: anything that is not a positive count.
    """
    sizes = []
    for raw in text.split(","):
        item = raw.strip().lower().replace("_", "")
        if not item:
            continue
        try:
            value = int(float(item[:-1]) * 1000) if item.endswith("k") else int(float(item))
        except ValueError:
            raise InvalidInput(f"--sizes: {raw.strip()!r} is not a number of memories "
                               "(write e.g. 1000,10000,100000)") from None
        if value < 1:
            raise InvalidInput(f"--sizes: {raw.strip()!r} must be at least 1")
        sizes.append(value)
    if not sizes:
        raise InvalidInput("--sizes: give at least one size, e.g. 1000,10000")
    return sizes


def config_from_args(args: argparse.Namespace) -> Any:
    """The :class:`~cognimem.bench.BenchConfig` the arguments describe."""
    from ..bench import BenchConfig
    from ..bench.stacks import pipeline_of

    vectors: dict[str, Any] = {}
    if args.ann_threshold is not None:
        if args.ann_threshold < 0:
            raise InvalidInput("--ann-threshold must be 0 (never) or a row count")
        vectors["ann_threshold"] = args.ann_threshold
    stacks = [s.strip() for s in args.stacks.split(",") if s.strip()]
    config = BenchConfig(
        sizes=parse_sizes(args.sizes), stacks=stacks, queries=args.queries, k=args.k,
        seed=args.seed, cold_starts=args.cold_starts, embedder=args.embedder or None,
        embedder_texts=args.embedder_texts, isolate=not args.in_process, directory=args.dir,
        vectors=vectors, pipeline=pipeline_of(cli_profile(args)),
    )
    if "lancedb" not in stacks:
        config.vectors = {}
    config.validate()
    return config


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the benchmark, print a table (or JSON / Markdown), optionally save JSON."""
    from ..bench import markdown, run_bench

    config = config_from_args(args)
    err = console(stderr=True)
    results = run_bench(config, progress=lambda msg: err.print(f"[dim]{msg}[/dim]"))
    command_line = "cognimem " + " ".join(sys.argv[1:]) if sys.argv[1:] else "cognimem bench"
    results["command"] = command_line
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if args.markdown and not getattr(args, "json", False):
        sys.stdout.write(markdown(results, command_line))
        return 0
    emit(args, results, lambda out: render(out, results))
    return 0


def render(out: Console, results: dict[str, Any]) -> None:
    """The results as rich tables."""
    from rich.table import Table

    from ..bench.report import RUN_COLUMNS, embedder_line, run_cells, target_cells

    grid = Table(title=f"cognimem bench ({results['config']['queries']} queries per run, "
                        f"k = {results['config']['k']})")
    for header, _ in RUN_COLUMNS:
        grid.add_column(header, justify="right" if header not in ("stack",) else "left")
    for run in results["runs"]:
        cells = run_cells(run)
        grid.add_row(*(cells[key] for _, key in RUN_COLUMNS))
    out.print(grid)
    if results.get("targets"):
        targets = Table(title="targets of the embedded default (shown, not enforced)")
        for header in ("target", "where", "limit", "measured", "verdict"):
            targets.add_column(header)
        for target in results["targets"]:
            cells = target_cells(target)
            style = {"met": "green", "MISSED": "red"}.get(cells["verdict"], "")
            targets.add_row(cells["target"], cells["where"], cells["limit"], cells["value"],
                            f"[{style}]{cells['verdict']}[/{style}]" if style else cells["verdict"])
        out.print(targets)
    out.print(embedder_line(results.get("embedder")))
    for note in results.get("notes", []):
        out.print(f"note: {note}")
