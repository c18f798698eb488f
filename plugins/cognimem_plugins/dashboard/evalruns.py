"""Reading the folders ``cognimem eval --out DIR`` writes: the systems' headline rows
(``aggregated.csv``), per-category and per-query tables, significance against the
baseline, each system's ranking (``<system>.trec``) and the gold (``evidence.jsonl`` or
``qrels.txt``, :mod:`cognimem.eval.gold`); and the per-question diff of two systems, with
where each found each gold id. Only folders given to ``cognimem ui --eval`` are read."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cognimem.errors import InvalidInput, NotFound
from cognimem.eval.gold import read_gold
from cognimem.eval.trec import read_run, tag_of

#: Largest table file read (a run's per-query table of a large dataset fits easily).
MAX_BYTES = 64 * 1024 * 1024
#: Columns of the per-query table that are not metrics.
NOT_METRICS = frozenset({"name", "qid", "unit", "category", "headline", "relevant",
                         "latency_ms"})


@dataclass(frozen=True)
class RunRef:
    """One system of one eval folder: ``folder`` is its index in the folders given."""

    folder: int
    name: str

    @property
    def key(self) -> str:
        """How a page names it: ``"0:bm25"``."""
        return f"{self.folder}:{self.name}"


def parse_ref(text: str, folders: tuple[Path, ...]) -> RunRef:
    """A :class:`RunRef` from ``"N:system"``.

    :raises InvalidInput: not that form, or no such folder.
    """
    index, _, name = text.partition(":")
    if not index.isdigit() or not name or int(index) >= len(folders):
        raise InvalidInput(f"a run is named FOLDER:SYSTEM, e.g. 0:bm25, not {text[:40]!r}")
    return RunRef(int(index), name)


def read_table(path: Path) -> list[dict[str, str]]:
    """A CSV table as rows ([] when the file does not exist).

    :raises InvalidInput: the file is larger than :data:`MAX_BYTES`.
    """
    if not path.is_file():
        return []
    if path.stat().st_size > MAX_BYTES:
        raise InvalidInput(f"{path.name} is larger than {MAX_BYTES // 2**20} MiB")
    with path.open(encoding="utf-8", newline="") as rows:
        return list(csv.DictReader(rows))


def systems(folders: tuple[Path, ...]) -> list[RunRef]:
    """Every system of every folder, in the order of the folders and their tables."""
    return [RunRef(i, row["name"]) for i, folder in enumerate(folders)
            for row in read_table(folder / "aggregated.csv")]


def _number(text: str | None) -> float | None:
    try:
        return float(text) if text not in (None, "") else None
    except ValueError:
        return None


def _rows_of(folder: Path, table: str, name: str) -> list[dict[str, str]]:
    return [r for r in read_table(folder / table) if r.get("name") == name]


def compare_runs(folders: tuple[Path, ...], a: RunRef, b: RunRef,
                 metric: str | None) -> dict[str, Any]:
    """Headline rows, per-category rows, significance and the per-question diff of two runs.

    :raises NotFound: a system that is not in its folder's tables.
    """
    heads = []
    for ref in (a, b):
        rows = _rows_of(folders[ref.folder], "aggregated.csv", ref.name)
        if not rows:
            raise NotFound(f"no system {ref.name!r} in {folders[ref.folder].name}/aggregated.csv")
        heads.append(rows[0])
    per_a = {r["qid"]: r for r in _rows_of(folders[a.folder], "perquery.csv", a.name)}
    per_b = {r["qid"]: r for r in _rows_of(folders[b.folder], "perquery.csv", b.name)}
    metrics = [c for c in next(iter(per_a.values()), {}) if c not in NOT_METRICS]
    chosen = metric if metric in metrics else (metrics[0] if metrics else None)
    significance = [r for r in read_table(folders[a.folder] / "significance.csv")
                    if a.folder == b.folder and {r.get("name"), r.get("baseline")}
                    == {a.name, b.name}]
    categories = _categories(folders, a, b)
    diff = _diff(folders, a, b, per_a, per_b, chosen) if chosen else []
    columns = [c for c in heads[0] if c != "name"]
    return {"heads": heads, "columns": columns, "metrics": metrics, "metric": chosen,
            "significance": significance, "categories": categories, "diff": diff,
            "shared": len(per_a.keys() & per_b.keys())}


def _categories(folders: tuple[Path, ...], a: RunRef, b: RunRef) -> list[dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for side, ref in (("a", a), ("b", b)):
        for row in _rows_of(folders[ref.folder], "per_category.csv", ref.name):
            out.setdefault(row["category"], {"category": row["category"]})[side] = row
    return list(out.values())


def _ranking(folder: Path, name: str) -> dict[str, list[tuple[str, float]]]:
    path = folder / f"{tag_of(name)}.trec"
    if not path.is_file():
        return {}
    if path.stat().st_size > MAX_BYTES:
        raise InvalidInput(f"{path.name} is larger than {MAX_BYTES // 2**20} MiB")
    return read_run(path)


def _diff(folders: tuple[Path, ...], a: RunRef, b: RunRef, per_a: dict[str, dict[str, str]],
          per_b: dict[str, dict[str, str]], metric: str, depth: int = 10) -> list[dict[str, Any]]:
    """The questions whose ``metric`` differs, largest difference first, with both rankings
    (``(docid, is gold)``) and the gold evidence: per gold id its text and the rank each run
    found it at (None: not retrieved)."""
    run_a, run_b = _ranking(folders[a.folder], a.name), _ranking(folders[b.folder], b.name)
    gold = {**read_gold(folders[b.folder]), **read_gold(folders[a.folder])}
    out: list[dict[str, Any]] = []
    for qid in per_a.keys() & per_b.keys():
        score_a, score_b = _number(per_a[qid].get(metric)), _number(per_b[qid].get(metric))
        if score_a is None or score_b is None or score_a == score_b:
            continue
        known = gold.get(qid, {"question": "", "gold": {}})
        ids_a, ids_b = [d for d, _ in run_a.get(qid, [])], [d for d, _ in run_b.get(qid, [])]
        evidence = [{"id": g, "text": text, "rank_a": _rank(ids_a, g), "rank_b": _rank(ids_b, g)}
                    for g, text in known["gold"].items()]
        out.append({"qid": qid, "category": per_a[qid].get("category", ""),
                    "relevant": per_a[qid].get("relevant", ""), "a": score_a, "b": score_b,
                    "delta": score_b - score_a, "question": known["question"],
                    "evidence": evidence,
                    "ranking_a": [(d, d in known["gold"]) for d in ids_a[:depth]],
                    "ranking_b": [(d, d in known["gold"]) for d in ids_b[:depth]]})
    out.sort(key=lambda row: (-abs(row["delta"]), row["qid"]))
    return out


def _rank(ranked: list[str], docid: str) -> int | None:
    return ranked.index(docid) + 1 if docid in ranked else None
