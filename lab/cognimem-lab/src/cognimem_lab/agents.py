"""Many agents, one store: call latency and throughput through the owner daemon.

    cognimem bench --agents 1 8 32 --seconds 10      # --via tools, --json, --pause S

Starts the store's daemon (profile ``--profile``, default ``default``) on a temporary store
seeded with ``--memories`` memories, then for each agent count starts that many client
processes at once. Each agent loops for ``--seconds``: ``remember`` (``add``) a new memory,
then ``recall`` (``search``) for it (``--via tools``: the MCP tools ``remember`` and
``recall``, as an MCP client's calls reach the daemon); with ``--pause S`` it first waits a
random time of mean ``S`` seconds (exponential), as an agent does between tool calls while
its model thinks.
The first result says which OpenBLAS kernels the embedder runs (``blas_kernels``; see
docs/retrieval.md, "Which kernels") and how fast this machine runs the model now: the CPU
milliseconds of one query's forward pass, measured alone before the daemon starts
(``query_pass_cpu_ms``, in the ``precision`` of the profile's embedder, and
``query_pass_f32_cpu_ms`` in float32, comparable across settings; a shared or throttled host
moves it threefold, and every figure below with it), and one core's speed reading memory
(``memory_read_gb_s``: a small pass reads all of the model's weights, more than the caches
of a shared host keep). Reported per agent count: p50 and p95
latency of each call, and operations per second over all agents; the load average before and
after the run; the daemon's CPU time over the run as cores used (``daemon_cores``, its
embedder's worker processes included), and the CPU milliseconds per operation of the daemon
and of the agents' own processes (``client_cpu_ms_per_op``: their part of the machine); and
from its status the write groups (``write_groups``, memories written in groups of more than
one) and the searches that ran beside writes; and the p50 / p95 wall time of each stage of a
recall inside the daemon (``recall_stages_ms``, from the search's own timings: ``total``
against the recall's latency is the time spent waiting to be read, dispatched and answered).
The agents' warm-up calls run at once, which starts the embedder's worker processes (a
daemon serving one agent never starts them); each run begins once they are up
(``waited_for_workers_s``; ``embedder``: the workers after the run, from the daemon's
status), so the figures are those of a daemon serving many agents, not of its first seconds.
``--ping`` also reports a warm call's round trip (``now()``, no store work) from one client:
the transport's own overhead.

A benchmark, not a test: the figures depend on the machine (its load average is printed;
measure on a quiet one, with ``uptime`` showing a load well under the number of cores).
"""

from __future__ import annotations

import importlib
import multiprocessing as mp
import os
import queue
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cognimem.daemon.calltimes import nearest_rank
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.spawn import ensure_daemon, stop_daemon
from cognimem.profile import Profile, load_profile

#: The agent counts run when none are given.
DEFAULT_AGENTS = (1, 8, 32)


def _profile(refs: list[str], store: Path) -> Profile:
    return load_profile(*refs, overrides={"path": str(store)})


def _agent(refs: list[str], store: str, agent: int, seconds: float, start: Any,
           ready: Any, out: Any, pause: float = 0.0, phase: int = 0,
           via: str = "api") -> None:
    engine = RemoteEngine(_profile(refs, Path(store)))
    engine.connect()
    # warm: the replies' types (cognimem.engine, ~0.9 s to import) load now, not during the
    # first timed call of every agent at once (which measured the agents' imports)
    importlib.import_module("cognimem.engine")
    # a text of its own: the agents' warm-ups embed at once (a repeated text is cached)
    engine.search(f"warm up {agent}", k=1, record_access=False)
    if via == "tools":
        engine.run_tool("recall", {"query": f"warm up the tools {agent}", "k": 1},
                        retry_safe=True)
    ready.put(agent)
    adds: list[float] = []
    searches: list[float] = []
    stages: dict[str, list[float]] = {}
    start.wait()
    pauses = random.Random(agent)
    cpu = time.process_time()
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        if pause:  # the agent's own work between two memory calls (its model's turn)
            time.sleep(pauses.expovariate(1.0 / pause))
        # the phase in every text: a later phase never repeats an earlier one's texts (a
        # repeat is an exact duplicate, not written again, and its query's embedding cached)
        marker = f"zq{phase}p{agent}w{n}k"
        text = f"agent {agent} learned fact {n}: {marker} about the billing retries"
        t0 = time.perf_counter()
        if via == "tools":  # what an MCP client's remember and recall send to the daemon
            engine.run_tool("remember", {"content": text})
            t1 = time.perf_counter()
            engine.run_tool("recall", {"query": marker, "k": 3}, retry_safe=True)
            t2 = time.perf_counter()
        else:
            engine.add(text)
            t1 = time.perf_counter()
            found = engine.search(marker, k=3)
            t2 = time.perf_counter()
            for stage, ms in found.timings.items():
                stages.setdefault(stage, []).append(ms / 1000)
        adds.append(t1 - t0)
        searches.append(t2 - t1)
        n += 1
    cpu = time.process_time() - cpu
    engine.close()
    out.put({"adds": adds, "searches": searches, "cpu": cpu, "stages": stages})


def percentile_ms(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1, the nearest rank) of durations in seconds, in milliseconds
    (NaN for none)."""
    if not values:
        return float("nan")
    return nearest_rank(sorted(values), q) * 1000


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds so far of a process and its live child processes (the
    embedder's workers) (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    children: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            children.update(int(c) for c in task.read_text().split())
        except (OSError, ValueError):
            continue
    return own + sum(_cpu_seconds(child) or 0.0 for child in children)


def _status(refs: list[str], store: Path) -> dict[str, Any]:
    with RemoteEngine(_profile(refs, store)) as engine:
        status: dict[str, Any] = engine.status()
    return status


def _await_workers(refs: list[str], store: Path, limit: float = 120.0) -> float:
    """Wait until no embedder worker is still loading its model (as the daemon's status
    says); the seconds waited."""
    began = time.monotonic()
    while time.monotonic() - began < limit:
        embedder = _status(refs, store).get("embedder") or {}
        if not embedder.get("workers_starting"):
            break
        time.sleep(0.2)
    return round(time.monotonic() - began, 1)


def run_agents(refs: list[str], store: Path, agents: int, seconds: float,
               pid: int | None = None, pause: float = 0.0, phase: int = 0,
               via: str = "api") -> dict[str, Any]:
    """Run ``agents`` client processes at once; their latencies and the throughput."""
    ctx = mp.get_context("spawn")
    start = ctx.Event()
    ready = ctx.Queue()
    out = ctx.Queue()
    procs = [ctx.Process(target=_agent,
                         args=(refs, str(store), a, seconds, start, ready, out, pause, phase,
                               via))
             for a in range(agents)]
    for p in procs:
        p.start()
    for _ in procs:  # every agent has imported and connected: none competes for the CPU
        ready.get(timeout=900)
    # the agents' warm-up ran passes at once: the embedder's workers are starting (their
    # model loads for a few seconds, passes run in the daemon meanwhile); measure after
    waited = _await_workers(refs, store)
    time.sleep(1.0)
    before = _status(refs, store)
    load_before = os.getloadavg()[0]
    cpu0 = _cpu_seconds(pid) if pid else None
    t0 = time.monotonic()
    start.set()
    results = [out.get(timeout=seconds + 600) for _ in procs]
    wall = time.monotonic() - t0
    cpu1 = _cpu_seconds(pid) if pid else None
    load_after = os.getloadavg()[0]
    after = _status(refs, store)
    for p in procs:
        p.join()
    adds = [x for r in results for x in r["adds"]]
    searches = [x for r in results for x in r["searches"]]
    ops = len(adds) + len(searches)
    stages: dict[str, list[float]] = {}
    for r in results:
        for stage, values in r["stages"].items():
            stages.setdefault(stage, []).extend(values)
    return {"agents": agents, "via": via, "pause_s": pause, "ops": ops,
            "ops_per_s": round((len(adds) + len(searches)) / wall, 1),
            "remember_p50_ms": round(percentile_ms(adds, 0.5), 1),
            "remember_p95_ms": round(percentile_ms(adds, 0.95), 1),
            "recall_p50_ms": round(percentile_ms(searches, 0.5), 1),
            "recall_p95_ms": round(percentile_ms(searches, 0.95), 1),
            "daemon_cores": (round((cpu1 - cpu0) / wall, 2)
                             if cpu0 is not None and cpu1 is not None else None),
            "daemon_cpu_ms_per_op": (round(1000 * (cpu1 - cpu0) / max(ops, 1), 1)
                                     if cpu0 is not None and cpu1 is not None else None),
            "client_cpu_ms_per_op": round(1000 * sum(r["cpu"] for r in results) / max(ops, 1),
                                          1),
            **{key: after.get(key, 0) - before.get(key, 0)
               for key in ("write_groups", "grouped_writes", "searches_beside_writes")},
            "load_before": round(load_before, 2), "load_after": round(load_after, 2),
            "waited_for_workers_s": waited,
            "embedder": {key: after.get("embedder", {}).get(key)
                         for key in ("workers", "workers_starting", "workers_unstarted")},
            # inside the daemon, wall ms of each stage of a recall (p50 / p95): what of a
            # recall's latency is its own work and what is waiting to be read and answered
            "recall_stages_ms": {stage: [round(percentile_ms(v, 0.5), 1),
                                         round(percentile_ms(v, 0.95), 1)]
                                 for stage, v in sorted(stages.items())}}


def _gauge(refs: list[str], out: Any, passes: int = 15) -> None:
    """The CPU milliseconds of one query's forward pass (median of ``passes``, each a text
    of its own) with the profile's embedder, in a process of its own and a store of its
    own, with the precision of its dense layers; and the same pass in float32 (the model
    loaded again with ``precision="f32"``), the host's speed comparable across settings
    (docs/benchmarks.md, "Many agents")."""
    from cognimem.engine import Engine

    def median_ms(embed: Any) -> float:
        embed("gauge warm up")
        times = _durations(lambda i: embed(f"gauge zq{i}w{i * 7}k"), passes, time.process_time)
        return round(statistics.median(times) * 1000, 1)

    with tempfile.TemporaryDirectory(prefix="cognimem-gauge-") as tmp:
        engine = Engine.from_profile(_profile(refs, Path(tmp) / "store"))
        try:
            embedder = engine.embedder
            if embedder is None:
                out.put(None)
                return
            gauge: dict[str, Any] = {"query_pass_cpu_ms": median_ms(embedder.embed_query),
                                     "memory_read_gb_s": read_gb_s(),
                                     "blas_kernels": embedder.serving().get("kernels")}
            model = getattr(embedder, "model", None)
            if model is not None and hasattr(model, "precision"):
                gauge["precision"] = model.precision
                f32 = type(model).load(None, precision="f32")
                gauge["query_pass_f32_cpu_ms"] = median_ms(lambda text: f32.encode([text]))
        finally:
            engine.close()
    out.put(gauge)


def read_gb_s(megabytes: int = 64, passes: int = 9) -> float:
    """One core's speed reading ``megabytes`` of float32 (the median of ``passes`` numpy
    ``max`` reductions; over a megabyte, in cache, they run several times faster). A small
    forward pass reads every weight of the model's layers once (MiniLM: ~21 MB in bfloat16,
    ~42 MB in float32), more than a shared host keeps cached for one process: printed
    beside the query pass so that two runs can tell whether the memory or the arithmetic
    moved (docs/benchmarks.md, "Many agents")."""
    import numpy as np

    data = np.ones(megabytes * (1 << 20) // 4, dtype=np.float32)
    data.max()
    times = _durations(lambda _: data.max(), passes)
    return round(megabytes / 1024 / statistics.median(times), 1)


def _durations(call: Callable[[int], object], count: int,
               clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """The seconds (by ``clock``) that each of ``count`` calls ``call(0)``, ``call(1)``...
    took."""
    times = []
    for i in range(count):
        started = clock()
        call(i)
        times.append(clock() - started)
    return times


def host_speed(refs: list[str]) -> dict[str, Any]:
    """:func:`_gauge`, run in a fresh process before the daemon starts (empty if it
    failed)."""
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_gauge, args=(refs, out))
    proc.start()
    try:
        while True:
            try:
                value: dict[str, Any] | None = out.get(timeout=1.0)
                return value or {}
            except queue.Empty:
                if not proc.is_alive():  # it failed (its error is on stderr): no gauge
                    return {}
    finally:
        proc.join()


def ping(refs: list[str], store: Path, calls: int) -> dict[str, Any]:
    """A warm call's round trip from one client (``now()``: no store work)."""
    with RemoteEngine(_profile(refs, store)) as engine:
        engine.now()
        times = _durations(lambda _: engine.now(), calls)
    return {"calls": calls, "p50_us": round(statistics.median(times) * 1e6, 1),
            "p95_us": round(percentile_ms(times, 0.95) * 1000, 1)}


def run_load(refs: list[str], agents: list[int], seconds: float = 10.0, memories: int = 200,
             pause: float = 0.0, via: str = "api", ping_calls: int = 0) -> Iterator[dict[str, Any]]:
    """The benchmark, one result at a time: the host first (load average, cores, profile,
    :func:`host_speed`), then the warm round trip (with ``ping_calls``), then one result
    per agent count, each as its run ends. The daemon serves a temporary store seeded with
    ``memories`` memories and stops at the end.

    :raises ProfileError: a profile that cannot build (before any process starts).
    """
    from cognimem.daemon.validate import check_profile

    check_profile(load_profile(*refs))
    yield {"load_average": os.getloadavg(), "cores": os.cpu_count(), "profile": refs,
           **host_speed(refs)}
    with tempfile.TemporaryDirectory(prefix="cognimem-load-") as tmp:
        store = Path(tmp) / "store"
        record = ensure_daemon(_profile(refs, store), idle_timeout=600)
        try:
            with RemoteEngine(_profile(refs, store)) as engine:
                engine.add_many([f"seed note {i} on the {('billing', 'search', 'auth')[i % 3]} "
                                 f"module" for i in range(memories)])
            if ping_calls:
                yield {"ping": ping(refs, store, ping_calls)}
            for phase, count in enumerate(agents):
                yield run_agents(refs, store, count, seconds, record.pid, pause, phase, via)
        finally:
            stop_daemon(store)
