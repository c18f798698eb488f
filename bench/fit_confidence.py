"""Fit and check the ``logistic`` calibrator's weights by cross-validation across units.

Two steps, from the repository root::

    python bench/fit_confidence.py collect locomo features-locomo.jsonl [--limit N]
    python bench/fit_confidence.py collect longmemeval features-lme.jsonl [--stride N]
    python bench/fit_confidence.py fit features-locomo.jsonl features-lme.jsonl [--folds 5]

``collect`` ingests each unit (a LoCoMo conversation, a LongMemEval question's haystack,
``_abs`` questions included) into a fresh engine of the default profile with the
``[confidence]`` stage, asks every question (top 10, explained) and writes one JSON line per
hit: its unit, question, category, whether the question is answerable, its rank, the
calibrator's features (read from the explanation) and whether it is gold.

``fit`` fits the logistic model of "this hit is gold" on the hits of answerable questions,
in folds of whole units (each fold holds out a share of the conversations and a share of the
questions, so no question is scored by a model that saw its unit). It reports held-out log
loss and Brier score against the constant model, a reliability table, the weights of every
fold and of the full fit (the ones to ship), and, for floors chosen on the training folds,
how often the floor holds back everything for unanswerable questions and for answerable ones.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.eval.abstention import auroc
from cognimem.eval.dataset import load_dataset
from cognimem.eval.runner import EPOCH, SystemRun, _ingest
from cognimem.models import Query
from cognimem.profile import load_profile
from cognimem_plugins.confidence.features import FEATURES

FLOORS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5)


def collect(dataset: str, out: Path, limit: int | None, depth: int = 10,
            stride: int = 1) -> None:
    """Write one JSON line per hit of every question of ``dataset`` (of every ``stride``-th
    unit, and every unit with an unanswerable question)."""
    options: dict[str, Any] = {"abstention": True} if dataset == "longmemeval" else {}
    if limit is not None:
        options["limit"] = limit
    source = load_dataset(dataset, options)
    profile = load_profile(overrides={"confidence": {"use": "logistic"}})
    with out.open("w", encoding="utf-8") as sink:
        for n, unit in enumerate(source.units(), 1):
            if not unit.queries or ((n - 1) % stride
                                    and all(q.answerable for q in unit.queries)):
                continue
            latest = unit.latest() or EPOCH
            clock = ManualClock(latest)
            folder = tempfile.mkdtemp(prefix="cognimem-fit-")
            try:
                with Engine.from_profile(profile, path=folder, clock=clock) as engine:
                    owners = _ingest(SystemRun(name="fit"), engine, unit, None)
                    for query in unit.queries:
                        clock.set(query.asked_at or latest)
                        result = engine.search(Query(text=query.text, k=depth, explain=True,
                                                     record_access=False, min_confidence=0.0))
                        for rank, hit in enumerate(result.hits, 1):
                            step = hit.calibration
                            ids = owners.get(hit.id, [])
                            sink.write(json.dumps({
                                "dataset": dataset, "unit": unit.id, "qid": query.id,
                                "category": query.category, "answerable": query.answerable,
                                "rank": rank, "gold": any(i in query.relevant for i in ids),
                                "docids": ids,
                                "features": {k: step.detail[k] for k in FEATURES}
                                if step is not None else {},
                            }) + "\n")
            finally:
                shutil.rmtree(folder, ignore_errors=True)
            print(f"{dataset}: unit {n} ({unit.id}) done", file=sys.stderr, flush=True)


# fitting -------------------------------------------------------------------------------------


def logistic_fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Weights (intercept first) of an L2-regularised logistic regression, by Newton steps."""
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    penalty = l2 * np.eye(design.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        grad = design.T @ (p - y) + penalty @ w
        hess = (design * (p * (1 - p))[:, None]).T @ design + penalty
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def predict(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The model's probabilities."""
    return 1.0 / (1.0 + np.exp(-(w[0] + x @ w[1:])))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean negative log likelihood."""
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def folds_of(rows: Sequence[dict[str, Any]], k: int) -> dict[str, int]:
    """Each unit's fold: units of each dataset dealt round-robin in sorted order."""
    out: dict[str, int] = {}
    for dataset in sorted({r["dataset"] for r in rows}):
        units = sorted({r["unit"] for r in rows if r["dataset"] == dataset})
        for i, unit in enumerate(units):
            out[f"{dataset}/{unit}"] = i % k
    return out


def abstention(best: dict[str, tuple[float, bool, bool]], floor: float) -> dict[str, float]:
    """Rates at ``floor`` over questions given as qid -> (best confidence, answerable,
    gold in the top 10)."""
    unans = [c for c, a, _ in best.values() if not a]
    ans = [(c, g) for c, a, g in best.values() if a]
    return {
        "abstained": sum(c < floor for c in unans) / max(1, len(unans)),
        "wrongly_held": sum(c < floor for c, _ in ans) / max(1, len(ans)),
        "answers_lost": sum(c < floor and g for c, g in ans) / max(1, sum(g for _, g in ans)),
    }


def fit(files: Sequence[Path], k: int) -> None:
    """Cross-validate, print the tables, and print the weights of the full fit."""
    rows = [json.loads(line) for f in files for line in f.open(encoding="utf-8")]
    fold = folds_of(rows, k)
    for r in rows:
        r["fold"] = fold[f"{r['dataset']}/{r['unit']}"]
    train_rows = [r for r in rows if r["answerable"]]
    x = np.array([[r["features"][f] for f in FEATURES] for r in train_rows])
    y = np.array([1.0 if r["gold"] else 0.0 for r in train_rows])
    folds = np.array([r["fold"] for r in train_rows])
    held = np.zeros(len(y))
    base = np.zeros(len(y))
    print(f"hits of answerable questions: {len(y)}, gold share {y.mean():.3f}; folds: {k}")
    for i in range(k):
        test = folds == i
        w = logistic_fit(x[~test], y[~test])
        held[test] = predict(w, x[test])
        base[test] = y[~test].mean()
        print(f"fold {i}: weights " + ", ".join(
            f"{n} {v:+.3f}" for n, v in zip(("intercept", *FEATURES), w, strict=True)))
    print(f"held-out log loss {log_loss(held, y):.4f} (constant {log_loss(base, y):.4f}); "
          f"Brier {np.mean((held - y) ** 2):.4f} (constant {np.mean((base - y) ** 2):.4f})")
    print("reliability (held out): bin | hits | mean confidence | gold share")
    for low in np.arange(0, 1, 0.1):
        inside = (held >= low) & (held < low + 0.1 + (low >= 0.9))
        if inside.any():
            print(f"  {low:.1f}-{low + 0.1:.1f} | {inside.sum():5d} | {held[inside].mean():.3f} "
                  f"| {y[inside].mean():.3f}")
    for dataset in sorted({r["dataset"] for r in rows}):
        mine = np.array([r["dataset"] == dataset for r in train_rows])
        print(f"  {dataset}: held-out log loss {log_loss(held[mine], y[mine]):.4f}, "
              f"mean confidence {held[mine].mean():.3f}, gold share {y[mine].mean():.3f}")
    full = logistic_fit(x, y)
    print("full fit (ship these): " + json.dumps(
        {n: round(float(v), 3) for n, v in zip(("intercept", *FEATURES), full, strict=True)}))
    _abstention_report(rows, k)


def _abstention_report(rows: list[dict[str, Any]], k: int) -> None:
    """Per dataset and floor: held-out confidences (each fold's model scores its own units),
    and the floor chosen on the training folds by the largest (abstained - wrongly held)."""
    x_all = np.array([[r["features"][f] for f in FEATURES] for r in rows])
    conf = np.zeros(len(rows))
    for i in range(k):
        train = [j for j, r in enumerate(rows) if r["answerable"] and r["fold"] != i]
        w = logistic_fit(x_all[train], np.array([1.0 if rows[j]["gold"] else 0.0
                                                  for j in train]))
        test = [j for j, r in enumerate(rows) if r["fold"] == i]
        conf[test] = predict(w, x_all[test])
    best: dict[str, dict[str, tuple[float, bool, bool]]] = {}
    for j, r in enumerate(rows):
        mine = best.setdefault(r["dataset"], {})
        c, a, g = mine.get(r["qid"], (0.0, r["answerable"], False))
        mine[r["qid"]] = (max(c, conf[j]), a, g or r["gold"])
    print("\nabstention (held-out confidences; a question is held back when its best hit "
          "is under the floor)")
    for dataset, questions in best.items():
        unans = [c for c, a, _ in questions.values() if not a]
        ans = [c for c, a, _ in questions.values() if a]
        print(f"{dataset}: {len(unans)} unanswerable, {len(ans)} answerable; AUROC of the "
              f"best confidence (unanswerable below answerable) {auroc(unans, ans):.3f}")
        print("  floor | abstained (unanswerable) | wrongly held (answerable) | answers lost")
        for floor in FLOORS:
            rates = abstention(questions, floor)
            print(f"  {floor:.2f} | {rates['abstained']:.3f} | {rates['wrongly_held']:.3f} | "
                  f"{rates['answers_lost']:.3f}")
    # the floor chosen by CV: on each training fold the floor with the best (abstained -
    # wrongly held) over both datasets, scored on the held-out fold
    chosen = []
    for i in range(k):
        train_q = _questions(rows, conf, lambda f, i=i: f != i)
        test_q = _questions(rows, conf, lambda f, i=i: f == i)
        pick = max(FLOORS, key=lambda fl: _gain(train_q, fl))
        chosen.append((pick, abstention(test_q, pick)))
    print("floor chosen on the training folds -> held-out rates: " + "; ".join(
        f"{p:.2f} -> abstained {r['abstained']:.3f}, wrongly held {r['wrongly_held']:.3f}"
        for p, r in chosen))


def _questions(rows: list[dict[str, Any]], conf: np.ndarray,
               keep: Any) -> dict[str, tuple[float, bool, bool]]:
    out: dict[str, tuple[float, bool, bool]] = {}
    for j, r in enumerate(rows):
        if keep(r["fold"]):
            key = f"{r['dataset']}/{r['qid']}"
            c, a, g = out.get(key, (0.0, r["answerable"], False))
            out[key] = (max(c, conf[j]), a, g or r["gold"])
    return out


def _gain(questions: dict[str, tuple[float, bool, bool]], floor: float) -> float:
    rates = abstention(questions, floor)
    return rates["abstained"] - rates["wrongly_held"]


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run ``collect`` or ``fit``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="step", required=True)
    p = sub.add_parser("collect")
    p.add_argument("dataset", choices=["locomo", "longmemeval"])
    p.add_argument("out", type=Path)
    p.add_argument("--limit", type=int)
    p.add_argument("--stride", type=int, default=1,
                   help="every N-th unit only (and every unit with an unanswerable question)")
    p = sub.add_parser("fit")
    p.add_argument("files", type=Path, nargs="+")
    p.add_argument("--folds", type=int, default=5)
    args = parser.parse_args(argv)
    if args.step == "collect":
        collect(args.dataset, args.out, args.limit, stride=args.stride)
    else:
        fit(args.files, args.folds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
