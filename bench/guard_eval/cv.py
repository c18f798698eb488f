"""Choose the guard's tuned constants by cross-validation over the evaluation's splits.

Run from the repository root::

    python bench/guard_eval/cv.py [--bench ../shared/bench] [--folds tune test fresh]

Two choices are made, each by the same rule on the training folds:

* the injection screen's threshold (:data:`cognimem_plugins.guard.cues.THRESHOLD`): the
  most injections flagged while flagging at most 1 % of the clean notes and fewer than 1 in
  1,000 LoCoMo + LongMemEval turns;
* the high-entropy heuristic's minimum entropy (:data:`cognimem_plugins.guard.evidence.
  MIN_ENTROPY`; its minimum length, 20, stays as documented): the most secrets redacted
  while changing at most 1 % of the clean notes and fewer than 1 in 1,000 dataset turns.

Of several candidates tied on the most hits, the middle one is taken (the farthest from the
edges of the tied range, so a small shift of the data moves it least).

Each split in turn is held out (``--by split``, the default): the constants are chosen on
the others (and the dataset turns, which are development data in every fold) and measured
on it. ``--by kind`` cuts the notes of all the given splits by *kind* instead (each group's
kinds dealt in turn to ``--k`` folds, so a fold holds whole kinds of secrets, injections and
clean notes that no other fold holds): the constants are then judged on kinds of text they
were not chosen on. The CV estimate pools
the held-out results; the in-sample figures use the constants chosen on every split. The
secrets are measured on the redacted text (``redact``), the same leak test as ``score.py``
without a store; ``score.py`` gives the figures of record.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from score import _leaked, dataset_turns, rate, read_split

from cognimem_plugins.guard import evidence
from cognimem_plugins.guard.injection import Screened, screen
from cognimem_plugins.guard.secrets import redact, scan

THRESHOLDS = [round(0.5 + 0.05 * i, 2) for i in range(21)]
ENTROPIES = [round(2.5 + 0.25 * i, 2) for i in range(9)]
CLEAN_MOST = 0.01
DATASETS_BELOW = 0.001

Rows = list[dict[str, str]]


def _flagged(found: Screened, threshold: float) -> bool:
    return bool(found.markers) or found.score >= threshold


def injection_counts(folds: dict[str, Rows], turns: list[str]) -> dict[str, Any]:
    """For each fold and the datasets, per threshold: (hits, n) of injections flagged and of
    clean notes flagged."""
    never = float("inf")
    out: dict[str, Any] = {}
    for name, rows in folds.items():
        inj = [screen(r["text"], never, full=True) for r in rows if r["group"] == "injection"]
        clean = [screen(r["text"], never, full=True) for r in rows if r["group"] == "clean"]
        out[name] = {t: ((sum(_flagged(f, t) for f in inj), len(inj)),
                         (sum(_flagged(f, t) for f in clean), len(clean))) for t in THRESHOLDS}
    found = [screen(t, never, full=True) for t in turns]
    out["datasets"] = {t: sum(_flagged(f, t) for f in found) for t in THRESHOLDS}
    out["turns"] = len(turns)
    return out


def secret_counts(folds: dict[str, Rows], turns: list[str]) -> dict[str, Any]:
    """For each fold and the datasets, per entropy: (hits, n) of secrets redacted and of
    clean notes changed. A turn without any candidate (``scan`` empty) cannot change with
    the entropy, so only the others are redacted again."""
    out: dict[str, Any] = {name: {} for name in folds}
    out["datasets"] = {}
    candidates = [t for t in turns if scan(t)]
    saved = evidence.MIN_ENTROPY
    try:
        for bits in ENTROPIES:
            evidence.MIN_ENTROPY = bits
            for name, rows in folds.items():
                secrets = [r for r in rows if r["group"] == "secret"]
                clean = [r for r in rows if r["group"] == "clean"]
                caught = sum(not _leaked(r["secret"], redact(r["text"])[0], r["text"])
                             for r in secrets)
                changed = sum(redact(r["text"])[0] != r["text"] for r in clean)
                out[name][bits] = ((caught, len(secrets)), (changed, len(clean)))
            out["datasets"][bits] = sum(redact(t)[0] != t for t in candidates)
    finally:
        evidence.MIN_ENTROPY = saved
    out["turns"] = len(turns)
    return out


def tied(counts: dict[str, Any], train: Sequence[str], candidates: Sequence[Any],
         tie: Callable[[Any], Any]) -> list[Any]:
    """The candidates with the most hits on ``train`` whose clean share is at most 1 % and
    whose dataset share is below 1 in 1,000, in ``tie`` order."""
    def pooled(c: Any, which: int) -> tuple[int, int]:
        return (sum(counts[f][c][which][0] for f in train),
                sum(counts[f][c][which][1] for f in train))

    allowed = [c for c in candidates
               if pooled(c, 1)[0] <= CLEAN_MOST * pooled(c, 1)[1]
               and counts["datasets"][c] < DATASETS_BELOW * counts["turns"]]
    if not allowed:
        raise SystemExit("no candidate keeps the clean notes and dataset turns in bounds")
    best = max(pooled(c, 0)[0] for c in allowed)
    return sorted((c for c in allowed if pooled(c, 0)[0] == best), key=tie)


def choose(counts: dict[str, Any], train: Sequence[str], candidates: Sequence[Any],
           tie: Callable[[Any], Any]) -> Any:
    """Of the :func:`tied` candidates, the middle one (the farthest from both edges of the
    tied range; the lower middle of an even count)."""
    best = tied(counts, train, candidates, tie)
    return best[(len(best) - 1) // 2]


def cross_validate(counts: dict[str, Any], folds: Sequence[str], candidates: Sequence[Any],
                   tie: Callable[[Any], Any]) -> dict[str, Any]:
    """Each fold held out in turn, the pooled held-out figures, and the in-sample figures."""
    per_fold: dict[str, Any] = {}
    hits = n = changed = clean = 0
    for held in folds:
        train = [f for f in folds if f != held]
        chosen = choose(counts, train, candidates, tie)
        (h, k), (c, m) = counts[held][chosen]
        per_fold[held] = {"chosen": chosen, "recall": rate(h, k), "clean": rate(c, m)}
        hits, n, changed, clean = hits + h, n + k, changed + c, clean + m
    final = choose(counts, folds, candidates, tie)
    in_sample = [counts[f][final] for f in folds]
    return {"folds": per_fold, "cv_recall": rate(hits, n), "cv_clean": rate(changed, clean),
            "chosen_on_all": final, "tied_on_all": tied(counts, folds, candidates, tie),
            "in_sample_recall": rate(sum(x[0][0] for x in in_sample),
                                     sum(x[0][1] for x in in_sample)),
            "in_sample_clean": rate(sum(x[1][0] for x in in_sample),
                                    sum(x[1][1] for x in in_sample)),
            "datasets": rate(counts["datasets"][final], counts["turns"])}


def by_kind(splits: dict[str, Rows], k: int) -> dict[str, Rows]:
    """The rows of all ``splits`` in ``k`` folds of whole kinds: each group's kinds, sorted,
    dealt in turn to the folds (every fold gets kinds of each group)."""
    rows = [r for split in splits.values() for r in split]
    out: dict[str, Rows] = {f"kinds{i}": [] for i in range(k)}
    for group in ("secret", "injection", "clean"):
        kinds = sorted({r["kind"] for r in rows if r["group"] == group})
        fold_of = {kind: i % k for i, kind in enumerate(kinds)}
        for r in rows:
            if r["group"] == group:
                out[f"kinds{fold_of[r['kind']]}"].append(r)
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the cross-validation as JSON."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--folds", nargs="+", default=["tune", "test", "fresh"],
                        help="the splits (data/NAME.jsonl) to cross-validate over")
    parser.add_argument("--by", choices=("split", "kind"), default="split")
    parser.add_argument("--k", type=int, default=5, help="folds of kinds for --by kind")
    args = parser.parse_args(argv)
    folds = {name: read_split(name) for name in args.folds}
    if args.by == "kind":
        folds = by_kind(folds, args.k)
    turns = [t for texts in dataset_turns(args.bench).values() for t in texts]
    names = list(folds)
    injection = cross_validate(injection_counts(folds, turns), names, THRESHOLDS,
                               tie=lambda t: t)
    secrets = cross_validate(secret_counts(folds, turns), names, ENTROPIES,
                             tie=lambda c: c)
    print(json.dumps({"injection_threshold": injection, "high_entropy": secrets}, indent=1,
                     default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
