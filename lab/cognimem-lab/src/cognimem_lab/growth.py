"""How each measured cost grows with the store: one row per figure, one column per size,
and the growth from the smallest size to each larger one (issue #45).

A figure whose cost follows the store shows at once: from 100,000 to 1,000,000 memories a
stage whose work depends only on the candidates stays near x1, one that scans the store
heads for x10. Figures are the p50s a run reports (``stages_p50_ms`` per stage, the whole
search, its CPU, the search that records no access, the BM25 floor), the p95s of the search,
its CPU and each stage (``stages_p95_ms``), the scoped searches' p50 and ingest's seconds
per 1,000 memories (a cost, so that it reads like the others).
"""

from __future__ import annotations

from typing import Any

#: Whole-run figures shown above the stages: label and how to read it from a run.
_TOTALS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("search p50 ms", ("search", "p50_ms")),
    ("search CPU p50 ms", ("search", "cpu_p50_ms")),
    ("search p95 ms", ("search", "p95_ms")),
    ("search CPU p95 ms", ("search", "cpu_p95_ms")),
    ("scoped search p50 ms", ("search", "scoped", "p50_ms")),
    ("search without access log p50 ms", ("search", "no_access_p50_ms")),
    ("BM25 floor p50 ms", ("bm25_floor", "p50_ms")),
)


def _dig(run: dict[str, Any], path: tuple[str, ...]) -> float | None:
    value: Any = run
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return float(value) if isinstance(value, int | float) else None


def figures(run: dict[str, Any]) -> dict[str, float]:
    """A run's costs by label (absent ones left out)."""
    out = {label: v for label, path in _TOTALS if (v := _dig(run, path)) is not None}
    per_s = _dig(run, ("ingest", "per_s"))
    if per_s:
        out["ingest s per 1,000 memories"] = 1000.0 / per_s
    for pct in ("p50", "p95"):
        for stage, ms in sorted(run.get("search", {}).get(f"stages_{pct}_ms", {}).items()):
            out[f"stage {stage} {pct} ms"] = float(ms)
    return out


def growth(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per stack measured at two sizes or more: its sizes and, per figure, the value at each
    size and its ratio to the smallest size's (None where either is missing or zero)."""
    by_stack: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        by_stack.setdefault(run["stack"], []).append(run)
    out = []
    for stack, stack_runs in by_stack.items():
        ordered = sorted(stack_runs, key=lambda r: r["size"])
        if len(ordered) < 2:
            continue
        sizes = [r["size"] for r in ordered]
        values = [figures(r) for r in ordered]
        labels = list(dict.fromkeys(label for v in values for label in v))
        rows = []
        for label in labels:
            cells = [v.get(label) for v in values]
            first = cells[0]
            ratios = [None if first in (None, 0.0) or c is None else c / first
                      for c in cells[1:]]
            rows.append({"figure": label, "values": cells, "growth": ratios})
        out.append({"stack": stack, "sizes": sizes, "rows": rows})
    return out


def growth_table(block: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """One stack's growth as headers and string rows."""
    sizes = block["sizes"]
    headers = ["figure", *(f"{s:,}" for s in sizes),
               *(f"x from {sizes[0]:,} to {s:,}" for s in sizes[1:])]
    rows = []
    for row in block["rows"]:
        rows.append([row["figure"],
                     *("-" if v is None else f"{v:.2f}" for v in row["values"]),
                     *("-" if g is None else f"x{g:.2f}" for g in row["growth"])])
    return headers, rows
