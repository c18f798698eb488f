"""How long an agent waits for its first tool call: ``python bench/mcp_first_call.py``.

Starts ``cognimem serve`` over stdio the way an MCP client does, and times, from the moment
the process is spawned, the initialize handshake, the tool list and the first ``recall``
answer. Two cases, on a store seeded with ``--memories`` memories:

- **warm**: the store's owner daemon is already running (another agent session, or a CLI
  call, started it): the usual case once a machine is in use;
- **cold**: no daemon runs, so the server's first call waits for one to open the store and
  load the embedder.

A benchmark, not a test: it prints the figures (median and worst of ``--runs``) and the
machine's load average, which the wall-clock numbers depend on; ``server_cpu`` (CPU seconds
of the server process for the whole session) does not.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.spawn import stop_daemon
from cognimem.profile import load_profile

SEED_TEXT = ("note {i}: the {topic} module handles {topic} requests; decided in review {i} to "
             "keep its retries at {n} and log failures to the {topic} channel")
TOPICS = ("billing", "search", "auth", "deploy", "cache", "import", "export", "sync")


def _cognimem(*args: str, profile_refs: list[str], store: Path) -> list[str]:
    command = [str(Path(sys.executable).with_name("cognimem")), *args, "--store", str(store)]
    for ref in profile_refs:
        command += ["--profile", ref]
    return command


def start_daemon(profile_refs: list[str], store: Path) -> None:
    """Start the store's daemon from another process, so this one is not its parent (its CPU
    time must not count as the server's)."""
    subprocess.run(_cognimem("daemon", "start", profile_refs=profile_refs, store=store),
                   check=True, stdout=subprocess.DEVNULL)


def seed(profile_refs: list[str], store: Path, memories: int) -> None:
    """Fill the store through its daemon (then leave the daemon running)."""
    profile = load_profile(*profile_refs, overrides={"path": str(store)})
    start_daemon(profile_refs, store)
    with RemoteEngine(profile) as engine:
        have = engine.stats()["memories"]
        engine.add_many([SEED_TEXT.format(i=i, topic=TOPICS[i % len(TOPICS)], n=i % 7)
                         for i in range(have, memories)])


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def first_call(command: list[str]) -> dict[str, float]:
    """Seconds from spawning the server to: initialized, tools listed, first recall answered;
    and the CPU seconds the server process used in the whole session (load-independent)."""
    cpu_before = _children_cpu()
    params = StdioServerParameters(command=command[0], args=command[1:],
                                   env={k: v for k, v in os.environ.items()
                                        if k.startswith("COGNIMEM_")})
    started = time.perf_counter()
    async with Client(params) as client:
        initialized = time.perf_counter() - started
        await client.list_tools()
        listed = time.perf_counter() - started
        result = await client.call_tool("recall", {"query": "how are billing retries logged"})
        answered = time.perf_counter() - started
        if result.is_error or not (result.structured_content or {}).get("hits"):
            raise RuntimeError(f"the first recall failed: {result.content}")
    return {"initialized": initialized, "listed": listed, "first_call": answered,
            "server_cpu": _children_cpu() - cpu_before}


def measure(profile_refs: list[str], store: Path, runs: int, cold: bool) -> list[dict[str, float]]:
    """``runs`` timed sessions, stopping the daemon before each one when ``cold``."""
    command = _cognimem("serve", profile_refs=profile_refs, store=store)
    out = []
    for _ in range(runs):
        if cold:
            stop_daemon(store)
        else:
            start_daemon(profile_refs, store)  # a no-op when it runs
        out.append(anyio.run(first_call, command))
    return out


def summary(samples: list[dict[str, float]]) -> dict[str, Any]:
    """Median and worst of each phase, in seconds."""
    return {key: {"median": round(statistics.median(s[key] for s in samples), 3),
                  "max": round(max(s[key] for s in samples), 3)}
            for key in samples[0]}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print JSON."""
    parser = argparse.ArgumentParser(prog="python bench/mcp_first_call.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", action="append", default=[],
                        help="profile(s) to serve (default: the built-in default profile)")
    parser.add_argument("--store", help="store directory (default: a new temporary one)")
    parser.add_argument("--memories", type=int, default=1000, help="memories in the store")
    parser.add_argument("--runs", type=int, default=5, help="sessions per case")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cognimem-bench-") as tmp:
        store = Path(args.store) if args.store else Path(tmp) / "store"
        seed(args.profile, store, args.memories)
        warm = measure(args.profile, store, args.runs, cold=False)
        cold = measure(args.profile, store, args.runs, cold=True)
        stop_daemon(store)
    report = {
        "profile": args.profile or ["default"], "memories": args.memories, "runs": args.runs,
        "load_average": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
        "warm_daemon_s": summary(warm), "cold_daemon_s": summary(cold),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
