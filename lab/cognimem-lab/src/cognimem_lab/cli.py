"""``cognimem bench`` (added by this distribution through ``cognimem_register_commands``):
storage throughput, search latency, memory, disk and cold start of the stacks;
with ``--agents``, many agents' calls through the owner daemon."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cognimem.cli.common import cli_profile, console, emit
from cognimem.errors import InvalidInput

if TYPE_CHECKING:
    from rich.console import Console


def configure(parser: argparse.ArgumentParser) -> None:
    """Add ``bench``'s arguments to its parser (the global options are there already)."""
    parser.description = (
        "Ingest a synthetic developer-memory corpus (fixed seed) into each storage stack at "
        "each size and measure ingest throughput (embedding timed apart), search latency "
        "p50/p95 (query embedding timed apart) beside a plain-BM25 floor, resident memory, "
        "store size, and cold start to first search in a fresh process; then the real "
        "embedder's own speed. Searches run the selected profile's retrievers, fuser and "
        "rankers (--profile; the default profile's unless given) on each stack. Targets of "
        "the embedded default are shown, not enforced."
    )
    parser.set_defaults(func=cmd_bench)
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
                        help="print the results as Markdown (for the experiment log)")
    load = parser.add_argument_group(
        "many agents (--agents)",
        "Instead of the storage stacks: the owner daemon of a temporary store serving N agent "
        "processes at once, each looping remember then recall; p50/p95 of each call, calls/s, "
        "the daemon's CPU, and the host's speed first (docs/benchmarks.md, 'Many agents'). "
        "With --json, one JSON object per line as each run ends.")
    load.add_argument("--agents", nargs="+", default=None, metavar="N",
                      help="agent counts, e.g. --agents 1 8 32 (or 1,8,32)")
    load.add_argument("--seconds", type=float, default=10.0,
                      help="length of each agent count's run (default: 10)")
    load.add_argument("--via", choices=("api", "tools"), default="api",
                      help="api: the memory API's add and search; tools: the MCP tools "
                           "remember and recall, as an MCP client's calls reach the daemon")
    load.add_argument("--pause", type=float, default=0.0, metavar="SECONDS",
                      help="each agent's mean pause (exponential) before each remember + "
                           "recall: its own work between memory calls (default 0: none)")
    load.add_argument("--memories", type=int, default=200, metavar="N",
                      help="memories seeded before the runs (default: 200)")
    load.add_argument("--ping", type=int, default=0, metavar="CALLS",
                      help="also time this many warm no-op calls from one client")


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
    """The :class:`~cognimem_lab.BenchConfig` the arguments describe."""
    from . import BenchConfig
    from .stacks import pipeline_of

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


#: The most agent processes one run starts, and the longest run (seconds).
MAX_AGENTS = 256
MAX_SECONDS = 3600.0


def parse_agents(words: list[str]) -> list[int]:
    """``["1", "8,32"]`` -> [1, 8, 32].

    :raises InvalidInput: anything that is not a count from 1 to :data:`MAX_AGENTS`.
    """
    counts = []
    for raw in ",".join(words).split(","):
        item = raw.strip()
        if not item:
            continue
        try:
            value = int(item)
        except ValueError:
            raise InvalidInput(f"--agents: {item[:20]!r} is not a number of agents "
                               "(write e.g. --agents 1 8 32)") from None
        if not 1 <= value <= MAX_AGENTS:
            raise InvalidInput(f"--agents: {value} must be 1 to {MAX_AGENTS}")
        counts.append(value)
    if not counts:
        raise InvalidInput("--agents: give at least one count, e.g. --agents 1 8 32")
    return counts


def load_options(args: argparse.Namespace) -> dict[str, Any]:
    """The many-agents run's options, checked.

    :raises InvalidInput: a value out of its range, or an option the run does not use.
    """
    if args.store:
        raise InvalidInput("--agents runs on a temporary store of its own: drop --store")
    if args.markdown:
        raise InvalidInput("--markdown is for the storage stacks' tables: with --agents, "
                           "use --json (one line per run) or --out FILE")
    if not 0 < args.seconds <= MAX_SECONDS:
        raise InvalidInput(f"--seconds must be above 0 and at most {MAX_SECONDS:.0f}")
    if not 0 <= args.pause <= 60:
        raise InvalidInput("--pause must be 0 to 60 seconds")
    if not 0 <= args.memories <= 100_000:
        raise InvalidInput("--memories must be 0 to 100000")
    if not 0 <= args.ping <= 100_000:
        raise InvalidInput("--ping must be 0 to 100000 calls")
    return {"refs": list(args.profile or []) or ["default"],
            "agents": parse_agents(args.agents), "seconds": args.seconds,
            "memories": args.memories, "pause": args.pause, "via": args.via,
            "ping_calls": args.ping}


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the benchmark, print a table (or JSON / Markdown), optionally save JSON."""
    from . import markdown, run_bench

    if args.agents is not None:
        return cmd_agents(args)
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

    from .growth import growth, growth_table
    from .report import RUN_COLUMNS, embedder_line, run_cells, target_cells

    grid = Table(title=f"cognimem bench ({results['config']['queries']} queries per run, "
                        f"k = {results['config']['k']})")
    for header, _ in RUN_COLUMNS:
        grid.add_column(header, justify="right" if header not in ("stack",) else "left")
    for run in results["runs"]:
        cells = run_cells(run)
        grid.add_row(*(cells[key] for _, key in RUN_COLUMNS))
    out.print(grid)
    for block in growth(results.get("runs", [])):
        headers, rows = growth_table(block)
        grown = Table(title=f"how each cost grows with the store ({block['stack']})")
        for header in headers:
            grown.add_column(header, justify="left" if header == "figure" else "right")
        for row in rows:
            grown.add_row(*row)
        out.print(grown)
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


def cmd_agents(args: argparse.Namespace) -> int:
    """``bench --agents``: print each result as its run ends (a JSON line with --json, else
    a table row), optionally save them all as JSON."""
    from .agents import run_load

    options = load_options(args)
    err = console(stderr=True)
    results: list[dict[str, Any]] = []
    for result in run_load(**options):
        results.append(result)
        if args.json:
            sys.stdout.write(json.dumps(result) + "\n")
            sys.stdout.flush()
        else:
            render_load(console(), result)
        if len(results) == 1:  # the host's line: the runs start now
            err.print(f"[dim]{len(options['agents'])} run(s) of {options['seconds']:g} s via "
                      f"{options['via']}...[/dim]")
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


def render_load(out: Console, result: dict[str, Any]) -> None:
    """One result of ``bench --agents``: the host's line, the round trip, or a run's row."""
    from rich.table import Table

    if "ping" in result:
        ping = result["ping"]
        out.print(f"warm round trip ({ping['calls']} calls): p50 {ping['p50_us']} us, "
                  f"p95 {ping['p95_us']} us")
        return
    if "agents" not in result:
        speed = ", ".join(f"{key} {result[key]}" for key in (
            "query_pass_cpu_ms", "precision", "query_pass_f32_cpu_ms", "memory_read_gb_s",
            "blas_kernels") if result.get(key) is not None)
        load = ", ".join(f"{v:.2f}" for v in result["load_average"])
        out.print(f"host: {result['cores']} cores, load {load}; {speed or 'no embedder'}")
        return
    grid = Table(title=f"{result['agents']} agent(s) via {result['via']}"
                       + (f", pause {result['pause_s']:g} s" if result["pause_s"] else ""))
    for header in ("calls/s", "remember p50", "remember p95", "recall p50", "recall p95",
                   "daemon cores", "daemon CPU / call"):
        grid.add_column(header, justify="right")
    grid.add_row(f"{result['ops_per_s']:.1f}", f"{result['remember_p50_ms']:.0f} ms",
                 f"{result['remember_p95_ms']:.0f} ms", f"{result['recall_p50_ms']:.1f} ms",
                 f"{result['recall_p95_ms']:.1f} ms", _maybe(result["daemon_cores"], ""),
                 _maybe(result["daemon_cpu_ms_per_op"], " ms"))
    out.print(grid)


def _maybe(value: float | None, unit: str) -> str:
    return "n/a" if value is None else f"{value}{unit}"
