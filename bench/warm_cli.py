"""What a user waits for when a store's daemon is already running: a warm command.
``python bench/warm_cli.py --runs 20``

Seeds a temporary store (default profile unless ``--profile``) with a few memories, starts
its owner daemon, then runs ``cognimem search "billing retries" --store STORE`` once
untimed per source tree and ``--runs`` times timed, the trees in turn (A B A B ...): wall
from ``perf_counter`` around each process, CPU (user + system) from ``getrusage`` of the
finished child. The output is printed as a table to a pipe, as a script would read it.
``--source DIR`` adds a run of another source tree's ``cognimem`` package (``DIR/core``
put first on ``PYTHONPATH``), e.g. a checkout of the previous commit, against the same
daemon. ``--command "context"`` (repeatable) also times that command (``{vault}`` in it is
a folder of a few notes, indexed once before the timed runs), in turn with the search.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEMORIES = ("billing retries use exponential backoff, capped at five attempts",
            "the API authenticates with short-lived JWTs", "deploys are blue-green on fridays",
            "billing invoices go out monthly on the first")


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--profile", default=None, help="a profile for the store")
    parser.add_argument("--source", action="append", default=[], metavar="DIR",
                        help="also time this source tree's cognimem (repeatable)")
    parser.add_argument("--command", action="append", default=[], metavar="ARGS",
                        help="also time `cognimem ARGS` (repeatable; {vault}: a notes folder)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cognimem-warm-"))
    env = {**os.environ, "COGNIMEM_RUNTIME_DIR": str(folder / "run"),
           "COGNIMEM_DAEMON_IDLE_TIMEOUT": "3600"}
    env.pop("COGNIMEM_NO_DAEMON", None)
    cli = [sys.executable, "-m", "cognimem"]
    where = ["--store", str(folder / "store"),
             *(["--profile", args.profile] if args.profile else [])]
    for text in MEMORIES:
        subprocess.run([*cli, "add", text, *where], env=env, check=True,
                       stdout=subprocess.DEVNULL)
    trees: dict[str, dict[str, str]] = {"this tree": env}
    for source in args.source:
        core = str(Path(source).resolve() / "core")
        trees[source] = {**env, "PYTHONPATH": os.pathsep.join(
            p for p in (core, env.get("PYTHONPATH")) if p)}
    vault = folder / "vault"
    vault.mkdir()
    for n, text in enumerate(MEMORIES):
        (vault / f"note{n}.md").write_text(f"# Note {n}\n\n{text}\n", encoding="utf-8")
    commands = {"search": [*cli, "search", "billing retries", *where]}
    for given in args.command:
        commands[given] = [*cli, *shlex.split(given.replace("{vault}", str(vault))), *where]
    runs = {f"{tree} · {name}" if len(commands) > 1 else tree: (argv, tree_env)
            for tree, tree_env in trees.items() for name, argv in commands.items()}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    load = os.getloadavg()[0]
    try:
        for argv, tree_env in runs.values():
            timed(argv, tree_env)  # warm-up: caches, the resolved-profile record, a first index
        for _ in range(args.runs):
            for name, (argv, tree_env) in runs.items():
                times[name].append(timed(argv, tree_env))
    finally:
        subprocess.run([*cli, "daemon", "stop", *where], env=env, check=False,
                       stdout=subprocess.DEVNULL)
    print(f"{args.runs} runs each; load average {load:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after")
    print("| tree | wall p50 ms | wall min ms | CPU p50 ms |")
    print("|---|---|---|---|")
    for name, rows in times.items():
        walls = [w for w, _ in rows]
        cpus = [c for _, c in rows]
        print(f"| {name} | {1000 * statistics.median(walls):.0f} | {1000 * min(walls):.0f} | "
              f"{1000 * statistics.median(cpus):.0f} |")


if __name__ == "__main__":
    main()
