"""The evaluation workbench: datasets as units, metrics, significance, run files, compare.

``cognimem.compare(...)`` (see :func:`cognimem.eval.compare.compare`) is the one call a
notebook needs; ``cognimem eval`` is the same on the command line.

The names below are imported on first use: a dataset plugin loaded with every engine
imports :mod:`cognimem.eval.dataset` alone, not the report and its renderer.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .compare import compare
    from .dataset import BenchmarkDataset, find_bench_dir, load_dataset
    from .metrics import Metric, parse_metric, parse_metrics, score_query
    from .result import CompareResult
    from .runner import QueryRun, SystemRun, run_system
    from .significance import correct, paired_test
    from .trec import read_run, write_run
    from .units import Document, EvalQuery, EvalUnit

_HOMES = {
    "compare": "compare", "BenchmarkDataset": "dataset", "find_bench_dir": "dataset",
    "load_dataset": "dataset", "Metric": "metrics", "parse_metric": "metrics",
    "parse_metrics": "metrics", "score_query": "metrics", "CompareResult": "result",
    "QueryRun": "runner", "SystemRun": "runner", "run_system": "runner",
    "correct": "significance", "paired_test": "significance", "read_run": "trec",
    "write_run": "trec", "Document": "units", "EvalQuery": "units", "EvalUnit": "units",
}

__all__ = [
    "BenchmarkDataset", "CompareResult", "Document", "EvalQuery", "EvalUnit", "Metric",
    "QueryRun", "SystemRun", "compare", "correct", "find_bench_dir", "load_dataset",
    "paired_test", "parse_metric", "parse_metrics", "read_run", "run_system", "score_query",
    "write_run",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value
