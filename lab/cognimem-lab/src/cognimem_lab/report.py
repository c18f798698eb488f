"""Benchmark results as table rows (for the CLI) and as Markdown (for the experiment log)."""

from __future__ import annotations

from typing import Any

from .growth import growth, growth_table

#: Columns of the main table: header and a function of one run.
RUN_COLUMNS: tuple[tuple[str, str], ...] = (
    ("memories", "size"),
    ("stack", "stack"),
    ("ingest/s (per CPU-s)", "ingest"),
    ("search p50 ms (CPU)", "p50"),
    ("search p95 ms", "p95"),
    ("scoped p50 ms", "scoped"),
    ("p50 without access log ms", "noaccess"),
    ("BM25 floor p50 ms (CPU)", "floor"),
    ("RSS open+search / ingest peak MiB", "rss"),
    ("disk MiB", "disk"),
    ("cold start s (CPU)", "cold"),
)


def _num(value: Any, digits: int = 1) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and value >= 1000:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}" if isinstance(value, float) else f"{value:,}"


def run_cells(run: dict[str, Any]) -> dict[str, str]:
    """One run's cells, keyed like :data:`RUN_COLUMNS`."""
    search = run.get("search", {})
    floor = run.get("bm25_floor", {})
    memory = run.get("memory", {})
    disk = run.get("disk")
    cold = run.get("cold_start")
    ingest = run.get("ingest", {})
    return {
        "size": f"{run['size']:,}",
        "stack": f"{run['stack']} ({run.get('components', '')})",
        "ingest": f"{_num(ingest.get('per_s'), 0)} ({_num(ingest.get('per_cpu_s'), 0)})",
        "p50": f"{_num(search.get('p50_ms'), 2)} ({_num(search.get('cpu_p50_ms'), 2)})",
        "p95": _num(search.get("p95_ms"), 2),
        "scoped": _num(search.get("scoped", {}).get("p50_ms"), 2),
        "noaccess": _num(search.get("no_access_p50_ms"), 2),
        "floor": f"{_num(floor.get('p50_ms'), 2)} ({_num(floor.get('cpu_p50_ms'), 2)})",
        "rss": f"{_num((cold or {}).get('rss_mb'), 0)} / {_num(memory.get('peak_rss_mb'), 0)}"
               + ("" if run.get("isolated", True) else " (shared process)"),
        "disk": _num(disk["total_mb"], 1) if disk else "in memory",
        "cold": f"{_num(cold['cold_start_s'], 2)} ({_num(cold.get('cpu_s'), 2)})"
                if cold else "-",
    }


def target_cells(target: dict[str, Any]) -> dict[str, str]:
    """One target check as cells: what, where, limit, value, verdict."""
    sign = ">=" if target["at_least"] else "<="
    names = {True: "met", False: "MISSED", None: "not measured"}
    verdict = names[target["met"]]
    # CPU time tells a missed wall-clock target on a busy machine from a slow program; it
    # is not a verdict of its own (concurrent retrievers make a search's CPU time exceed it)
    if target.get("cpu_met") is True and target["met"] is False:
        verdict += " (met on CPU time)"
    where = f"{target['stack']} at {target['size']:,}"
    if target["size"] != target["stated_at"]:
        where += f" (target stated at {target['stated_at']:,})"
    value, cpu = target["value"], target.get("cpu_value")
    shown = "-" if value is None else f"{value:,.2f} {target['unit']}"
    if cpu is not None:
        shown += f" (CPU {cpu:,.2f})"
    return {
        "target": target["label"], "where": where,
        "limit": f"{sign} {target['limit']:g} {target['unit']}",
        "value": shown, "verdict": verdict,
    }


def embedder_line(embed: dict[str, Any] | None) -> str:
    """The real embedder's figures in one sentence."""
    if not embed:
        return "embedder: not measured"
    if "skipped" in embed:
        return f"embedder {embed['embedder']}: skipped ({embed['skipped']})"
    return (f"embedder {embed['embedder']} ({embed['model']}, {embed['dimension']} dims): "
            f"first vector after {embed['first_vector_s']:.2f} s (loads the weights), "
            f"one query p50 {embed['query_p50_ms']:.1f} ms / p95 {embed['query_p95_ms']:.1f} ms, "
            f"bulk {embed['bulk_per_s']:.0f} texts/s over {embed['bulk_texts']} texts")


def _table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def describe_pipeline(pipeline: dict[str, Any]) -> str:
    """``bm25 + vector -> rrf -> actr, supersession`` for a pipeline of :func:`pipeline_of`."""
    retrieve = " + ".join(r["use"] for r in pipeline.get("retrieve", []))
    ranks = ", ".join(r["use"] for r in pipeline.get("rank", []))
    fused = f"{retrieve} fused by {pipeline.get('fuse', {}).get('use', '?')}"
    return f"{fused}, reranked by {ranks}" if ranks else fused


def markdown(results: dict[str, Any], command: str | None = None) -> str:
    """The results as Markdown: the command, the machine, the table, targets and notes."""
    machine = results.get("machine", {})
    out = []
    if command:
        out += ["Command:", "", "```", command, "```", ""]
    out.append(f"Measured {results.get('date', '')} with cognimem {results.get('cognimem', '')} "
               f"on {machine.get('cpus', '?')} CPUs ({machine.get('platform', '')}, Python "
               f"{machine.get('python', '')}); {results['config']['queries']} queries per run, "
               f"k = {results['config']['k']}.")
    pipeline = results["config"].get("pipeline")
    if pipeline:
        out.append(f"Search pipeline: {describe_pipeline(pipeline)}.")
    load = results.get("load_average") or {}
    if load.get("start"):
        out.append(f"Load average (1, 5, 15 min) at start {load['start']}, at end "
                   f"{load.get('end')}.")
    out.append("Figures in brackets are CPU time of the process (all its threads), which "
               "does not grow when other jobs compete for the CPUs.")
    out.append("")
    headers = [h for h, _ in RUN_COLUMNS]
    rows = [[run_cells(r)[key] for _, key in RUN_COLUMNS] for r in results.get("runs", [])]
    out += [_table(headers, rows), ""]
    for block in growth(results.get("runs", [])):
        headers, grown = growth_table(block)
        out += [f"How each cost grows with the store ({block['stack']}):", "",
                _table(headers, grown), ""]
    targets = [target_cells(t) for t in results.get("targets", [])]
    if targets:
        out += [_table(["target", "where", "limit", "measured", "verdict"],
                       [[t["target"], t["where"], t["limit"], t["value"], t["verdict"]]
                        for t in targets]), ""]
    out.append(embedder_line(results.get("embedder")) + ".")
    for note in results.get("notes", []):
        out.append(f"\nNote: {note}.")
    return "\n".join(out) + "\n"
