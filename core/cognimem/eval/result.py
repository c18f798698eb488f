"""The result of a comparison: its tables, its runs, and how to save, print or export them."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidInput
from .gold import write_gold
from .runner import SystemRun
from .trec import tag_of, write_run


@dataclass
class CompareResult:
    """What :func:`compare` measured.

    :ivar rows: one dict per system: ``name``, ``n`` (headline queries), each metric's mean over
        the headline queries, ``p50_ms`` / ``p95_ms`` search latency over every query,
        ``ingest_s`` (time in ``add_many``), ``docs_per_s``, ``memories``, ``cached``.
    :ivar perquery: one dict per system and query: ``name``, ``qid``, ``unit``, ``category``,
        ``headline``, ``relevant`` (gold count), ``latency_ms`` and every metric.
    :ivar per_category: one dict per system and category: ``name``, ``category``, ``n`` and
        every metric's mean (every scorable query of the category, headline or not).
    :ivar significance: with a baseline, one dict per other system and tested metric:
        ``name``, ``baseline``, ``metric``, ``mean``, ``baseline_mean``, ``delta``,
        ``improved`` / ``degraded`` (queries better / worse than the baseline), ``p``,
        ``p_adjusted`` (after the correction) and ``significant`` (``p_adjusted < alpha``).
    :ivar abstention: when asked, one dict per system and relevance floor (see
        :mod:`cognimem.eval.abstention`).
    :ivar gold: per scored question, its text and its gold ids with their evidence (see
        :mod:`cognimem.eval.gold`).
    :ivar crossval: with ``cv``, one dict per tested metric: the in-sample best system and
        its mean, the cross-validated estimate of choosing by that metric, and the choice
        per fold (see :mod:`cognimem.eval.crossval`).
    """

    dataset: str
    metrics: list[str]
    headline_metrics: list[str]
    categories: list[str]
    rows: list[dict[str, Any]]
    perquery: list[dict[str, Any]]
    per_category: list[dict[str, Any]]
    significance: list[dict[str, Any]]
    runs: dict[str, SystemRun]
    baseline: str | None = None
    test: str = "randomization"
    correction: str = "holm"
    alpha: float = 0.05
    depth: int = 50
    options: dict[str, Any] = field(default_factory=dict)
    abstention: list[dict[str, Any]] = field(default_factory=list)
    gold: dict[str, dict[str, Any]] = field(default_factory=dict)
    crossval: list[dict[str, Any]] = field(default_factory=list)

    def row(self, name: str) -> dict[str, Any]:
        """The row of one system.

        :raises KeyError: no system has this name.
        """
        for row in self.rows:
            if row["name"] == name:
                return row
        raise KeyError(f"no system named {name!r}; systems: {[r['name'] for r in self.rows]}")

    def print(self, console: Any = None, metrics: Sequence[str] | None = None) -> None:
        """Print the summary, significance and per-category tables (rich)."""
        from .report import print_result  # rich, only when a result is shown

        print_result(self, console=console, metrics=metrics)

    def save(self, folder: str | Path) -> Path:
        """Write ``<system>.trec`` run files, ``aggregated.csv``, ``perquery.csv``,
        ``per_category.csv``, (with a baseline) ``significance.csv``, (when asked)
        ``abstention.csv`` and ``crossval.csv`` (a row per metric and fold), and the gold
        (``qrels.txt``, ``evidence.jsonl``: see :mod:`cognimem.eval.gold`); returns the
        folder."""
        target = Path(folder).expanduser()
        target.mkdir(parents=True, exist_ok=True)
        for name, run in self.runs.items():
            write_run(target / f"{tag_of(name)}.trec", run.rankings(), tag=name)
        _write_csv(target / "aggregated.csv", self.rows)
        _write_csv(target / "perquery.csv", self.perquery)
        _write_csv(target / "per_category.csv", self.per_category)
        if self.significance:
            _write_csv(target / "significance.csv", self.significance)
        if self.abstention:
            _write_csv(target / "abstention.csv", self.abstention)
        if self.gold:
            write_gold(target, self.gold)
        if self.crossval:
            from .crossval import flat_rows

            _write_csv(target / "crossval.csv", flat_rows(self.crossval))
        return target

    def to_csv(self, table: str = "rows") -> str:
        """One of ``rows``, ``perquery``, ``per_category``, ``significance`` as CSV text."""
        if table not in ("rows", "perquery", "per_category", "significance"):
            raise InvalidInput(
                f"unknown table {table!r}; choose rows, perquery, per_category or significance"
            )
        out = io.StringIO()
        _write_rows(out, getattr(self, table))
        return out.getvalue()

    def to_json(self) -> dict[str, Any]:
        """The tables as plain data (runs left out)."""
        return {
            "dataset": self.dataset, "metrics": self.metrics, "depth": self.depth,
            "baseline": self.baseline, "test": self.test, "correction": self.correction,
            "alpha": self.alpha, "rows": self.rows, "per_category": self.per_category,
            "significance": self.significance,
            **({"abstention": self.abstention} if self.abstention else {}),
            **({"crossval": self.crossval} if self.crossval else {}),
        }

    def __str__(self) -> str:
        from .report import render_text

        return render_text(self)


# csv -----------------------------------------------------------------------------------------


def _write_rows(out: Any, rows: Sequence[dict[str, Any]]) -> None:
    if not rows:
        return
    columns: list[str] = []
    for row in rows:
        columns.extend(c for c in row if c not in columns)
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


def _write_csv(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        _write_rows(out, rows)
