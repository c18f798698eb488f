"""Cold start: open an existing store in a fresh process and run the first search.

The parent (:func:`measure_cold_start`) notes the wall-clock time, starts
``python -m cognimem_lab.coldstart`` with a JSON spec on stdin, and the child reports when
its interpreter was ready, how long imports, ``Engine.from_profile`` and the first search
took, and the wall-clock time at which the first search returned. Cold start to first
search is that time minus the moment the parent started the child: interpreter start-up,
imports, opening every store (and reconciling the indexes) and one search.
"""

from __future__ import annotations

import time

_T0 = time.time()  # as early as possible: before the heavy imports below

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402


def child(spec: dict[str, Any]) -> dict[str, Any]:
    """Open the store the spec's profile names and search once; timings in seconds / ms."""
    ready = time.time()
    started = time.perf_counter()
    from cognimem.clock import SystemClock
    from cognimem.engine import Engine
    from cognimem.profile import load_profile

    from .standin import PLUGIN

    imported = time.perf_counter()
    profile = load_profile(base=None, overrides=spec["profile"], environ=False)
    engine = Engine.from_profile(profile, plugins=[PLUGIN], clock=SystemClock())
    opened = time.perf_counter()
    result = engine.search(spec["query"], k=spec.get("k", 10))
    searched = time.perf_counter()
    done_at = time.time()
    cpu_s = time.process_time()  # the whole child's CPU so far, start-up included
    hits = len(result.hits)
    memory = _memory_status()
    engine.close()
    return {
        "interpreter_ready_at": ready,
        "import_s": round(imported - started, 3),
        "open_s": round(opened - imported, 3),
        "first_search_ms": round((searched - opened) * 1000, 2),
        "first_search_embed_ms": round(result.timings.get("embed", 0.0), 2),
        "first_search_done_at": done_at,
        "cpu_s": round(cpu_s, 3),
        **memory,
        "hits": hits,
        "child_started_at": _T0,
    }


def _memory_status() -> dict[str, float]:
    from .measure import memory_status

    return memory_status()


def measure_cold_start(profile: dict[str, Any], query: str, *, k: int = 10,
                       timeout: float = 600) -> dict[str, Any]:
    """Run one cold start in a fresh interpreter and return its timings.

    ``cold_start_s`` runs from the moment the child process is spawned to the moment its
    first search returns.

    :raises RuntimeError: the child failed (its stderr is in the message).
    """
    spec = json.dumps({"profile": profile, "query": query, "k": k})
    spawned = time.time()
    proc = subprocess.run([sys.executable, "-m", "cognimem_lab.coldstart"], input=spec,
                          capture_output=True, text=True, timeout=timeout, check=False)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise RuntimeError(f"cold-start child failed ({proc.returncode}): {proc.stderr[-2000:]}")
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    out["cold_start_s"] = round(out["first_search_done_at"] - spawned, 3)
    out["interpreter_s"] = round(out["interpreter_ready_at"] - spawned, 3)
    for key in ("interpreter_ready_at", "first_search_done_at", "child_started_at"):
        out.pop(key, None)
    return out


def main() -> None:
    """Child entry point: a JSON spec on stdin, one JSON line on stdout."""
    spec = json.loads(sys.stdin.read())
    sys.stdout.write(json.dumps(child(spec)) + "\n")


if __name__ == "__main__":
    main()
