"""Compare feature families for the learned injection cue by leave-one-split-out CV. Run from
the repository root::

    python bench/guard_eval/cue_families.py [--bench ../shared/bench] [--label NAME]

For each family (``words``: words and word pairs; ``stems``: also five-letter stems and stem
pairs, the shipped one; ``chars``: also character 4-grams of words longer than four) and each
share of the sample weight given to the dataset paragraphs (0.2, 0.4), each seen split is
held out in turn and a model trained on the others (``train_cue.fit``). Per fold, of the
model alone (its highest paragraph probability per text): the AUC of injections against
the held-out split's clean notes and against the held-out LoCoMo + LongMemEval turns, and
the share of injections above the turns' 99.9th percentile (the recall at 1 flag in 1,000
turns). The means over the folds choose the family; ``train_cue.py --cv`` then measures the
chosen one with the phrase cues.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import train_cue as tc  # noqa: E402

from cognimem_plugins.guard import learned  # noqa: E402


def words(flat: str) -> set[str]:
    """Words and word pairs."""
    ws = flat.split()[:learned.MOST_WORDS]
    out = {"w:" + w for w in ws}
    out.update("b:" + a + " " + b for a, b in pairwise(ws))
    return out


def chars(flat: str) -> set[str]:
    """The shipped features and the character 4-grams of words longer than four."""
    out = learned.features(flat)
    for w in flat.split()[:learned.MOST_WORDS]:
        if len(w) > 4:
            out.update("c:" + w[i:i + 4] for i in range(len(w) - 3))
    return out


FAMILIES: dict[str, Callable[[str], set[str]]] = {
    "words": words, "stems": learned.features, "chars": chars}


def auc(pos: np.ndarray, neg: np.ndarray) -> float:
    """The share of (positive, negative) pairs ordered right (ties count half)."""
    neg = np.sort(neg)
    below = np.searchsorted(neg, pos, side="left")
    ties = np.searchsorted(neg, pos, side="right") - below
    return float(np.mean(below + 0.5 * ties) / len(neg))


def highest(probs: list[list[float]]) -> np.ndarray:
    """Each text's highest paragraph probability."""
    return np.array([max(p) if p else 0.0 for p in probs])


def compare(data: tc.Data) -> dict[str, Any]:
    """The figures per family and share, per fold and their means."""
    shipped = learned.features
    saved = dict(tc.SHARES)
    out: dict[str, Any] = {}
    try:
        for name, family in FAMILIES.items():
            for share in (0.2, 0.4):
                learned.features = family  # type: ignore[assignment]
                tc.SHARES.update({"positive": 0.5, "notes": 0.5 - share, "turns": share})
                folds = []
                for held in tc.SPLITS:
                    model = data.model([s for s in tc.SPLITS if s != held])
                    texts = data.texts[held]
                    p = highest(tc.probabilities(model, texts))
                    turns = highest(tc.probabilities(model, data.held))
                    inj = p[[t.group == "injection" for t in texts]]
                    clean = p[[t.group == "clean" for t in texts]]
                    cut = float(np.quantile(turns, 0.999))
                    folds.append({"fold": held, "auc_clean": round(auc(inj, clean), 4),
                                  "auc_turns": round(auc(inj, turns), 4),
                                  "recall_at_turns_1e-3": round(float(np.mean(inj > cut)), 3),
                                  "clean_over": int(np.sum(clean > cut))})
                mean = {k: round(float(np.mean([f[k] for f in folds])), 4)
                        for k in ("auc_clean", "auc_turns", "recall_at_turns_1e-3")}
                out[f"{name}/{share}"] = {"mean": mean, "folds": folds}
                print(name, share, json.dumps(mean), file=sys.stderr, flush=True)
    finally:
        learned.features = shipped  # type: ignore[assignment]
        tc.SHARES.update(saved)
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the comparison as JSON."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cue_families.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label", help="also save the figures to results/LABEL.json")
    args = parser.parse_args(argv)
    tc.publish(compare(tc.Data(args.bench, tc.SPLITS)), args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
