"""Many daemons, one PostgreSQL store: call latency and throughput of agents on two machines.

    python lab/cognimem-lab/scripts/pg_daemons.py --daemons 2 --agents 8 --seconds 20

Starts ``--daemons`` memory daemons, each with a home of its own (as on separate machines),
all on one PostgreSQL schema (``--dsn``, else $COGNIMEM_POSTGRES_DSN, else a private
embedded server started here), seeded with ``--memories`` memories. Then ``--agents``
client processes per daemon loop at once for ``--seconds``: ``remember`` (``add``) a new
memory through their daemon, then ``recall`` (``search``) for it. Reported: operations per
second over all agents, p50 and p95 of each call, errors; then every acknowledged write is
looked up through every daemon (lost: missing anywhere) and the store is checked (event
chain and indexes).

The profile is ``--profile`` (default: the built-in ``default``) with the postgres stack
(records, lexical, vectors) and ``--embedder`` (default ``hash``: the store's cost, not the
model's; ``minilm`` for the real one).

A benchmark, not a test: the figures depend on the machine (its load average is printed).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.runtime import store_of
from cognimem.daemon.spawn import ensure_daemon, stop_daemon
from cognimem.engine import Engine
from cognimem.profile import Profile, load_profile
from cognimem_lab.agents import percentile_ms


def _profile(refs: list[str], home: Path, dsn: str, schema: str, embedder: str) -> Profile:
    return load_profile(*refs, overrides={
        "path": str(home), "records": {"use": "postgres", "dsn": dsn, "schema": schema},
        "lexical": {"use": "postgres"}, "vectors": {"use": "pgvector"},
        "embedder": {"use": embedder}})


def _agent(profile: Profile, name: str, seconds: float, start: Any, ready: Any,
           out: Any) -> None:
    engine = RemoteEngine(profile)
    engine.connect()
    ready.put(name)
    adds: list[float] = []
    searches: list[float] = []
    acked: list[str] = []
    errors: list[str] = []
    start.wait()
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        marker = f"zq{name}w{n}k"
        try:
            t0 = time.perf_counter()
            memory_id = engine.add(f"agent {name} learned fact {n}: {marker} about the "
                                   "billing retries").id
            t1 = time.perf_counter()
            hits = engine.search(marker, k=3).hits
            t2 = time.perf_counter()
        except Exception as exc:  # reported, not raised: the run goes on
            errors.append(f"{name}: {type(exc).__name__}: {exc}")
            n += 1
            continue
        adds.append(t1 - t0)
        searches.append(t2 - t1)
        acked.append(memory_id)
        if memory_id not in [h.id for h in hits]:
            errors.append(f"{name}: its own write {memory_id} was not found by search")
        n += 1
    engine.close()
    out.put({"adds": adds, "searches": searches, "acked": acked, "errors": errors})


def run(profiles: list[Profile], agents: int, seconds: float) -> dict[str, Any]:
    """``agents`` client processes per daemon at once; latencies, throughput, writes."""
    ctx = mp.get_context("spawn")
    start, ready, out = ctx.Event(), ctx.Queue(), ctx.Queue()
    procs = [ctx.Process(target=_agent, args=(p, f"d{d}a{a}", seconds, start, ready, out))
             for d, p in enumerate(profiles) for a in range(agents)]
    for p in procs:
        p.start()
    for _ in procs:  # every agent has imported and connected: none competes for the CPU
        ready.get(timeout=900)
    time.sleep(1.0)
    t0 = time.monotonic()
    start.set()
    results = [out.get(timeout=seconds + 600) for _ in procs]
    wall = time.monotonic() - t0
    for p in procs:
        p.join()
    adds = [x for r in results for x in r["adds"]]
    searches = [x for r in results for x in r["searches"]]
    return {"daemons": len(profiles), "agents_per_daemon": agents,
            "ops": len(adds) + len(searches),
            "ops_per_s": round((len(adds) + len(searches)) / wall, 1),
            "remember_p50_ms": round(percentile_ms(adds, 0.5), 1),
            "remember_p95_ms": round(percentile_ms(adds, 0.95), 1),
            "recall_p50_ms": round(percentile_ms(searches, 0.5), 1),
            "recall_p95_ms": round(percentile_ms(searches, 0.95), 1),
            "errors": [e for r in results for e in r["errors"]],
            "acked": [i for r in results for i in r["acked"]]}


def verify(profiles: list[Profile], acked: list[str]) -> dict[str, Any]:
    """Every acknowledged write through every daemon; the store's own check."""
    lost: set[str] = set()
    for profile in profiles:
        with RemoteEngine(profile) as engine:
            found = engine.get_many(acked)
            lost |= set(acked) - set(found)
    home = Path(str(profiles[0].path)).parent / "verify"
    with Engine.from_profile(profiles[0].model_copy(update={"path": str(home)})) as engine:
        report = engine.check()
        events = sum(1 for _ in engine.store.iter_events())
    return {"acknowledged": len(acked), "distinct": len(set(acked)), "lost": len(lost),
            "check_ok": report.ok, "events": events}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python lab/cognimem-lab/scripts/pg_daemons.py",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--daemons", type=int, default=2)
    parser.add_argument("--agents", type=int, default=8, help="agents per daemon")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--memories", type=int, default=1000, help="seeded before the run")
    parser.add_argument("--dsn", default=None)
    parser.add_argument("--schema", default="daemons_bench")
    parser.add_argument("--embedder", default="hash")
    parser.add_argument("--profile", action="append", default=None)
    args = parser.parse_args(argv)
    refs = args.profile or ["default"]
    dsn = args.dsn or os.environ.get("COGNIMEM_POSTGRES_DSN") or "embedded"
    if dsn == "embedded":
        from cognimem_plugins.postgres.connect import embedded_dsn

        dsn = embedded_dsn()
    print(json.dumps({"load_average": os.getloadavg(), "profile": refs,
                      "embedder": args.embedder}), flush=True)
    with tempfile.TemporaryDirectory(prefix="cognimem-pg-daemons-") as tmp:
        profiles = [_profile(refs, Path(tmp) / f"home{d}", dsn, args.schema, args.embedder)
                    for d in range(args.daemons)]
        try:
            for profile in profiles:
                ensure_daemon(profile, idle_timeout=600)
            with RemoteEngine(profiles[0]) as engine:
                engine.add_many([f"seed note {i} on the {('billing', 'search', 'auth')[i % 3]} "
                                 f"module" for i in range(args.memories)])
            result = run(profiles, args.agents, args.seconds)
            acked = result.pop("acked")
            errors = result.pop("errors")
            result.update(verify(profiles, acked))
            result["errors"] = len(errors)
            print(json.dumps(result), flush=True)
            for line in errors[:10]:
                print(line, file=sys.stderr)
        finally:
            for profile in profiles:
                stop_daemon(store_of(profile))
        print(json.dumps({"load_average": os.getloadavg()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
