"""Rich output for evaluations: the progress bar, and the summary, significance and
per-category tables."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table


class CompareResult(Protocol):
    """What the tables read of a comparison (:class:`cognimem.eval.result.CompareResult`)."""

    dataset: str
    headline_metrics: list[str]
    categories: list[str]
    rows: list[dict[str, Any]]
    per_category: list[dict[str, Any]]
    significance: list[dict[str, Any]]
    baseline: str | None
    test: str
    correction: str
    alpha: float
    abstention: list[dict[str, Any]]
    crossval: list[dict[str, Any]]


class RichProgress:
    """Two bars per system (documents ingested, queries answered), drawn on stderr."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.progress = Progress(
            TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TimeRemainingColumn(), console=self.console,
        )
        self.progress.start()
        self._ingest: TaskID | None = None
        self._queries: TaskID | None = None

    def start(self, system: str, documents: int, queries: int) -> None:
        """Add the system's two bars."""
        self._ingest = self.progress.add_task(f"{system}: ingest", total=documents)
        self._queries = self.progress.add_task(f"{system}: queries", total=queries)

    def documents_done(self, count: int) -> None:
        """Advance the ingest bar."""
        if self._ingest is not None:
            self.progress.advance(self._ingest, count)

    def queries_done(self, count: int) -> None:
        """Advance the query bar."""
        if self._queries is not None:
            self.progress.advance(self._queries, count)

    def finish(self, system: str) -> None:
        """Nothing to do: the bars stay, full."""

    def skip(self, system: str) -> None:
        """Say that a system's cached run is reused."""
        self.progress.console.print(f"{system}: inputs unchanged, cached run reused")

    def close(self) -> None:
        """Stop drawing."""
        self.progress.stop()


def _fmt(value: Any, digits: int = 3) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return "-"
        return f"{value:.{digits}f}"
    return str(value)


def _p(value: float) -> str:
    return f"{value:.4f}" if value >= 1e-4 else f"{value:.1e}"


def summary_table(result: CompareResult, metrics: Sequence[str] | None = None) -> Table:
    """One row per system: headline metrics (▲/▼ = significantly better/worse than the
    baseline after correction), latency percentiles and ingest time."""
    shown = list(metrics or result.headline_metrics)
    marks: dict[tuple[str, str], str] = {}
    for row in result.significance:
        if row["significant"]:
            marks[(row["name"], row["metric"])] = " ▲" if row["delta"] > 0 else " ▼"
    title = f"{result.dataset}: headline figures"
    if result.baseline:
        title += f" (▲/▼ vs {result.baseline}: {result.test}, {result.correction}, " \
                 f"p < {result.alpha})"
    table = Table(title=title)
    table.add_column("system")
    table.add_column("n", justify="right")
    for name in shown:
        table.add_column(name, justify="right")
    for name in ("p50 ms", "p95 ms", "ingest s", "cached"):
        table.add_column(name, justify="right")
    for row in result.rows:
        cells = [row["name"], str(row["n"])]
        cells += [_fmt(row.get(m, float("nan"))) + marks.get((row["name"], m), "") for m in shown]
        cells += [_fmt(row["p50_ms"], 1), _fmt(row["p95_ms"], 1), _fmt(row["ingest_s"], 1),
                  _fmt(row["cached"])]
        table.add_row(*cells)
    return table


def significance_table(result: CompareResult) -> Table:
    """Per system and tested metric: delta, queries improved/degraded, p and corrected p."""
    table = Table(title=f"paired {result.test} test against {result.baseline} "
                        f"({result.correction} correction over {len(result.significance)} tests)")
    for name in ("system", "metric", "mean", "baseline", "delta", "+", "-", "p",
                 "p adj", "sig"):
        table.add_column(name, justify="left" if name in ("system", "metric") else "right")
    for row in result.significance:
        table.add_row(row["name"], row["metric"], _fmt(row["mean"]), _fmt(row["baseline_mean"]),
                      f"{row['delta']:+.3f}", str(row["improved"]), str(row["degraded"]),
                      _p(row["p"]), _p(row["p_adjusted"]), "*" if row["significant"] else "")
    return table


def category_table(result: CompareResult, metrics: Sequence[str] | None = None) -> Table:
    """Per category and system: n and the headline metrics."""
    shown = list(metrics or result.headline_metrics)
    table = Table(title=f"{result.dataset}: per category")
    table.add_column("category")
    table.add_column("system")
    table.add_column("n", justify="right")
    for name in shown:
        table.add_column(name, justify="right")
    for category in result.categories:
        for row in (r for r in result.per_category if r["category"] == category):
            table.add_row(category, row["name"], str(row["n"]),
                          *[_fmt(row.get(m, float("nan"))) for m in shown])
        table.add_section()
    return table


def abstention_table(result: CompareResult) -> Table:
    """Per system and floor: unanswerable questions held back against answerable ones (see
    :mod:`cognimem.eval.abstention`)."""
    table = Table(title=f"{result.dataset}: abstention (a question is held back when every "
                        "hit is under the floor)")
    for name in ("system", "floor", "unanswerable", "abstained", "answerable", "wrongly held",
                 "answers lost", "AUROC"):
        table.add_column(name, justify="left" if name == "system" else "right")
    for row in result.abstention:
        if row["floor"] is None:
            table.add_row(row["name"], "-", row["note"], "", "", "", "", "")
            continue
        table.add_row(row["name"], f"{row['floor']:.2f}", str(row["unanswerable"]),
                      _fmt(row["abstained"]), str(row["answerable"]),
                      _fmt(row["wrongly_held"]), _fmt(row["answers_lost"]),
                      _fmt(row["auroc"]))
    return table


def crossval_table(result: CompareResult) -> Table:
    """Per metric: the in-sample best, the cross-validated estimate of choosing by that
    metric, the optimism between them and the choice per fold."""
    folds = result.crossval[0]["folds"] if result.crossval else 0
    table = Table(title=f"{result.dataset}: choosing by {folds}-fold cross-validation over "
                        "units (held-out estimate against the in-sample best)")
    for name in ("metric", "in-sample best", "in-sample", "cross-validated", "optimism",
                 "chosen (folds)"):
        table.add_column(name, justify="left" if name in ("metric", "in-sample best",
                                                          "chosen (folds)") else "right")
    for row in result.crossval:
        chosen = ", ".join(f"{name} {n}" for name, n in row["chosen"].items())
        table.add_row(row["metric"], row["best"], _fmt(row["in_sample"]), _fmt(row["cv"]),
                      f"{row['optimism']:+.3f}", chosen)
    return table


def print_result(result: CompareResult, console: Console | None = None,
                 metrics: Sequence[str] | None = None) -> None:
    """Print every table of a comparison."""
    out = console or _stdout_console()
    out.print(summary_table(result, metrics))
    if any(row.get("shared_embeddings") for row in result.rows):
        out.print("embeddings were shared between systems: ingest times and latencies leave "
                  "out the embedding of texts an earlier system embedded")
    if result.significance:
        out.print(significance_table(result))
    if len(result.categories) > 1:
        out.print(category_table(result, metrics))
    if result.abstention:
        out.print(abstention_table(result))
    if result.crossval:
        out.print(crossval_table(result))


def _stdout_console() -> Console:
    """Standard output; wide enough for every column when it is not a terminal."""
    console = Console(highlight=False)
    return console if console.is_terminal else Console(highlight=False, width=160)


def render_text(result: CompareResult, width: int = 140) -> str:
    """The tables as plain text."""
    console = Console(file=io.StringIO(), width=width, record=True, highlight=False,
                      color_system=None)
    print_result(result, console=console)
    return console.export_text()
