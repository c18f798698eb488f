"""``cognimem bench``: storage throughput, search latency, memory, disk and cold start.

:func:`run_bench` ingests a synthetic developer-memory corpus (fixed seed) into each storage
stack at each size, times searches with the query embedding timed apart, measures a
plain-BM25 floor in the same run, resident memory, store size and cold start to first
search in a fresh process, and the real embedder's own speed. The results are plain data;
:func:`check_targets` compares them with the embedded default's targets and
:func:`markdown` renders them for the experiment log (``EXPERIMENTS.md``).

Names load on first use, so the cold-start child (``python -m cognimem_lab.coldstart``)
imports no more than a real first search does.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "BenchConfig": "run", "DEFAULT_SIZES": "run", "TARGETS": "run", "Target": "run",
    "check_targets": "run", "run_bench": "run", "markdown": "report",
    "DEFAULT_STACKS": "stacks", "STACKS": "stacks", "Stack": "stacks",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cognimem_lab' has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)
