"""The evaluation workbench: datasets as units, metrics, significance, run files, compare.

``cognimem.compare(...)`` (see :func:`cognimem.eval.compare.compare`) is the one call a
notebook needs; ``cognimem eval`` is the same on the command line.
"""

from __future__ import annotations

from .compare import compare
from .dataset import BenchmarkDataset, find_bench_dir, load_dataset
from .metrics import Metric, parse_metric, parse_metrics, score_query
from .result import CompareResult
from .runner import QueryRun, SystemRun, run_system
from .significance import correct, paired_test
from .trec import read_run, write_run
from .units import Document, EvalQuery, EvalUnit

__all__ = [
    "BenchmarkDataset", "CompareResult", "Document", "EvalQuery", "EvalUnit", "Metric",
    "QueryRun", "SystemRun", "compare", "correct", "find_bench_dir", "load_dataset",
    "paired_test", "parse_metric", "parse_metrics", "read_run", "run_system", "score_query",
    "write_run",
]
