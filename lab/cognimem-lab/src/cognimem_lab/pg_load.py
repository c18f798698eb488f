"""Many writers on one PostgreSQL store: N processes (each a daemon's engine, in a home of its
own) with M agents each write, search and read at once; then every agent checks it sees
every other process's writes.

    python -m cognimem_lab.pg_load --dsn postgresql://... --processes 2 --agents 8

Each process serialises its engine calls with one lock, as the daemon does; processes share
nothing but the database. Prints one JSON report: writes acknowledged, errors, writes lost
(acknowledged but missing afterwards), the longest wait before another process's writes
were visible, throughput, and whether the event chain and the indexes check out.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from cognimem.engine import Engine
from cognimem.profile import Profile, load_profile

WORDS = ("deploy cache parser index vector query merge branch release incident config worker "
         "queue retry timeout latency graph session budget review").split()


def profile(dsn: str, schema: str, home: Path, dim: int = 32) -> Profile:
    """The profile every process uses: shared database and schema, its own home folder."""
    return load_profile(base="test", environ=False, overrides={
        "path": str(home), "records": {"use": "postgres", "dsn": dsn, "schema": schema},
        "lexical": {"use": "postgres"}, "vectors": {"use": "pgvector"},
        "embedder": {"use": "hash", "dim": dim}})


def run_process(dsn: str, schema: str, home: Path, name: str, agents: int, writes: int,
                folder: Path, peers: list[str], timeout: float) -> dict[str, Any]:
    """One process: ``agents`` threads each add ``writes`` memories (searching for each one
    after writing it); then each waits for the peers' lists and checks it sees them."""
    engine = Engine.from_profile(profile(dsn, schema, home))
    lock = threading.Lock()
    acked: dict[str, str] = {}
    errors: list[str] = []
    waits: list[float] = []

    def agent(number: int) -> None:
        tag = f"{name}a{number}"
        try:
            for i in range(writes):
                token = f"tok{tag}n{i}"
                text = f"{token} {WORDS[(number + i) % len(WORDS)]} note from agent {tag}"
                with lock:
                    memory_id = engine.add(text, tags=[tag]).id
                    hits = engine.search(token, k=3, agent=tag).hits
                with lock:
                    acked[memory_id] = token
                if memory_id not in [h.id for h in hits]:
                    errors.append(f"{tag}: its own write {memory_id} was not found by search")
        except Exception as exc:
            errors.append(f"{tag}: {type(exc).__name__}: {exc}")

    started = time.perf_counter()
    threads = [threading.Thread(target=agent, args=(n,)) for n in range(agents)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    (folder / f"{name}.tmp").write_text(json.dumps(acked))
    (folder / f"{name}.tmp").rename(folder / f"{name}.json")

    def check(number: int) -> None:
        for peer in peers:
            file = folder / f"{peer}.json"
            deadline = time.monotonic() + timeout
            while not file.exists():
                if time.monotonic() > deadline:
                    errors.append(f"agent {number}: peer {peer} never finished")
                    return
                time.sleep(0.05)
            theirs: dict[str, str] = json.loads(file.read_text())
            first: float | None = None
            while True:
                with lock:
                    tried = time.monotonic()
                    first = tried if first is None else first
                    found = engine.get_many(theirs)
                    probe = sorted(theirs)[number::agents][:5]
                    hits = {i: [h.id for h in engine.search(theirs[i], k=3).hits]
                            for i in probe}
                missing = set(theirs) - set(found)
                unfound = [i for i, ids in hits.items() if i not in ids]
                if not missing and not unfound:
                    waits.append(tried - first)  # 0.0 when the first look saw everything
                    break
                if time.monotonic() - first > 5:
                    errors.append(f"agent {number}: {len(missing)} writes of {peer} invisible, "
                                  f"{len(unfound)} not found by search, after 5 s")
                    break
                time.sleep(0.05)

    checkers = [threading.Thread(target=check, args=(n,)) for n in range(agents)]
    for t in checkers:
        t.start()
    for t in checkers:
        t.join()
    engine.close()
    return {"process": name, "acked": sorted(acked), "errors": errors, "seconds": elapsed,
            "max_visibility_wait": max(waits, default=0.0)}


def run(dsn: str, *, processes: int = 2, agents: int = 8, writes: int = 20,
        schema: str = "loadtest", timeout: float = 300.0) -> dict[str, Any]:
    """Start the processes, wait for them, then verify the store; returns the report."""
    with tempfile.TemporaryDirectory(prefix="cognimem-loadtest-") as tmp:
        folder = Path(tmp)
        names = [f"p{i}" for i in range(processes)]
        children = []
        started = time.perf_counter()
        for name in names:
            peers = [p for p in names if p != name]
            args = [sys.executable, "-m", "cognimem_lab.pg_load", "--child", name,
                    "--dsn", dsn, "--schema",
                    schema, "--agents", str(agents), "--writes", str(writes), "--folder",
                    str(folder), "--peers", ",".join(peers), "--timeout", str(timeout)]
            children.append(subprocess.Popen(args, stdout=subprocess.PIPE, text=True))
        reports = []
        for child in children:
            out, _ = child.communicate(timeout=timeout)
            if child.returncode:
                raise RuntimeError(f"a load-test process failed (exit {child.returncode})")
            reports.append(json.loads(out.strip().splitlines()[-1]))
        wall = time.perf_counter() - started
        acked = {i for r in reports for i in r["acked"]}
        with Engine.from_profile(profile(dsn, schema, folder / "verify")) as engine:
            stored = {m.id for m in engine.store.iter_memories()}
            report = engine.check()
            events = list(engine.store.iter_events())
    writes_total = sum(len(r["acked"]) for r in reports)
    return {
        "processes": processes, "agents_per_process": agents, "writes_per_agent": writes,
        "acknowledged": writes_total, "distinct_ids": len(acked),
        "errors": [e for r in reports for e in r["errors"]],
        "lost": sorted(acked - stored),
        "check_ok": report.ok, "events": len(events),
        "max_visibility_wait_s": round(max(r["max_visibility_wait"] for r in reports), 3),
        "write_seconds": round(max(r["seconds"] for r in reports), 2),
        "writes_per_second": round(writes_total / max(r["seconds"] for r in reports), 1),
        "wall_seconds": round(wall, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dsn", required=True)
    parser.add_argument("--schema", default="loadtest")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--agents", type=int, default=8)
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--child")
    parser.add_argument("--folder")
    parser.add_argument("--peers", default="")
    args = parser.parse_args(argv)
    if args.child:
        folder = Path(args.folder)
        out = run_process(args.dsn, args.schema, folder / f"home-{args.child}", args.child,
                          args.agents, args.writes, folder,
                          [p for p in args.peers.split(",") if p], args.timeout)
    else:
        out = run(args.dsn, processes=args.processes, agents=args.agents, writes=args.writes,
                  schema=args.schema, timeout=args.timeout)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
