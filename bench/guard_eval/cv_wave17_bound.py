"""How should the honest notes to agents bound the learned cue's weight and floor: per fold
(waves 9-16) or all together? Leave one split out over the twenty-four seen splits (wave 17).
Run from the repository root::

    python bench/guard_eval/cv_wave17_bound.py [--bench ../shared/bench] [--label NAME]

Each seen split and the honest notes dealt to it are scored out of fold once (a model
trained without them, :meth:`train_cue.Data.out_of_fold`), the held-out dataset turns by the
model trained on every split. Then, for each way of bounding the honest notes
(:data:`RULES`), each split is held out in turn: ``(W, F)`` is chosen by
:func:`train_cue.choose` on the other twenty-three (their clean notes per fold, their honest
notes per fold or pooled, the turns) and the held-out split is scored with it: injections,
clean notes and honest notes flagged. The sums over the folds compare the rules; a rule
wins when it flags more held-out injections while the clean notes stay within
:data:`train_cue.CLEAN_MOST` and the honest notes within :data:`train_cue.FOLD_MOST` of
theirs. Text screen only (the semantic judge is not read). About 8 minutes.

The choice of a split's ``(W, F)`` reads the other splits' out-of-fold scores, and those
models were trained with the held-out split: a small leak into two numbers, the same for
both rules, so the comparison stands.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import train_cue as tc  # noqa: E402

RULES = ("per_fold", "pooled")


def only(scored: tc.Scored, keep: Any) -> tc.Scored:
    """The texts of ``scored`` (and their probabilities) whose fold ``keep`` accepts."""
    pairs = [(t, p) for t, p in zip(*scored, strict=True) if keep(t.fold)]
    return [t for t, _ in pairs], [p for _, p in pairs]


def flagged(scored: tc.Scored, setting: tc.Setting) -> dict[str, int]:
    """Injections, clean notes and honest notes flagged under ``setting``, and their sizes."""
    flat = tc.Flat.of(scored)
    weight, floor, threshold = setting
    hit = flat.best(weight, floor) >= threshold - 1e-9
    masks = {"injections": flat.groups == "injection",
             "clean": (flat.groups == "clean") & ~flat.honest,
             "honest": (flat.groups == "clean") & flat.honest}
    out = {k: int(hit[m].sum()) for k, m in masks.items()}
    out.update({f"{k}_n": int(m.sum()) for k, m in masks.items()})
    return out


def run(data: tc.Data) -> dict[str, Any]:
    """Per rule: each fold's chosen setting and held-out counts, the sums, and the setting
    chosen on all twenty-four."""
    splits = list(data.rows)
    oof = data.out_of_fold(splits)
    model = data.model(splits)
    turns = (data.held, tc.probabilities(model, data.held))
    weights, floors, thresholds = tc.PROTOCOLS["adds_to_phrase_cues"]
    out: dict[str, Any] = {}
    for rule in RULES:
        folds: dict[str, Any] = {}
        total: dict[str, int] = {}
        for held in splits:
            train = only(oof, lambda f, h=held: f != h)
            setting = tc.choose(train, turns, weights, floors, thresholds, honest=rule)
            got = flagged(only(oof, lambda f, h=held: f == h), setting)
            folds[held] = {"setting": list(setting), **got}
            for k, v in got.items():
                total[k] = total.get(k, 0) + v
            print(rule, held, setting, got, file=sys.stderr, flush=True)
        chosen = tc.choose(oof, turns, weights, floors, thresholds, honest=rule)
        flat_turns = tc.Flat.of(turns)
        out[rule] = {"folds": folds, "sum": total,
                     "chosen_on_all": {"setting": list(chosen), **flagged(oof, chosen),
                                       "turns": int(np.sum(flat_turns.best(*chosen[:2])
                                                           >= chosen[2] - 1e-9)),
                                       "turns_n": len(data.held)}}
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the comparison as JSON."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave17_bound.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label", help="also save the report to results/LABEL.json")
    args = parser.parse_args(argv)
    tc.publish(run(tc.Data(args.bench, tc.SPLITS)), args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
