"""The learned cue trained on twelve splits at each operating point (issue #39, wave 13).

A companion of ``cv_wave13.py`` that fits no judge: each split held out, the learned cue
trained on the other twelve (``cv_wave13.CueRuns``: the same models, cached) and the wave
12 file are read at the weight and floor the rule chooses on the other twelve's
out-of-fold scores and at wave 12's (1.0 above 0.8), alone (the text guard) and with wave
12's judge and rule (the guard's decision; the judge never saw ``fresh6`` ... ``fresh11``).
Per held-out split: injections flagged, clean notes flagged, the honest notes dealt to it
flagged, the held-out half's dataset turns flagged. Run from the repository root::

    python bench/guard_eval/cv_wave13_settings.py --before-cue WAVE12_CUE \\
        --before-judge WAVE12_JUDGE [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave13 as cv  # noqa: E402
import train_cue as tc  # noqa: E402
import train_judge as tj  # noqa: E402
from judge_vectors import Cache  # noqa: E402

from cognimem_plugins.guard import judge as shipped_judge  # noqa: E402
from cognimem_plugins.guard import learned  # noqa: E402


def counts(flags: np.ndarray, texts: list[tc.Text]) -> list[int]:
    """[flagged, n] of the injections, then of the clean notes, among ``texts``."""
    groups = np.array([t.group for t in texts])
    return [int(flags[groups == "injection"].sum()), int((groups == "injection").sum()),
            int(flags[groups == "clean"].sum()), int((groups == "clean").sum())]


def main(argv: list[str] | None = None) -> int:
    """Every split held out: the cue's readings at both operating points."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave13_settings.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--before-cue", type=Path, default=learned.WEIGHTS_FILE)
    parser.add_argument("--before-judge", type=Path, default=shipped_judge.WEIGHTS_FILE)
    parser.add_argument("--label", help="also save the figures to results/LABEL.json")
    args = parser.parse_args(argv)
    cue = cv.CueRuns(args.bench, [], args.before_cue)
    d = cue.data
    runs = {s: cue.probs(f"without_{s}", [o for o in cv.ALL if o != s]) for s in cv.ALL}
    before = cue.probs("shipped", None)
    judge = shipped_judge.read(args.before_judge)
    cache = Cache()
    _, held_turns = tc.conversations(args.bench)
    turn_p = judge.probabilities(cache.vectors(held_turns))
    report: dict[str, Any] = {}
    for held in cv.ALL:
        train = [s for s in cv.ALL if s != held]
        oof = ([t for s in train for t in (*d.texts[s], *d.honest_texts[s])],
               [p for s in train for p in (*runs[s]["texts"][s], *runs[s]["honest"][s])])
        chosen = tc.choose_by("adds_to_phrase_cues", oof, (d.held, runs[held]["held"]))
        split_p = judge.probabilities(cache.vectors([r["text"] for r in d.rows[held]]))
        honest_p = judge.probabilities(cache.vectors(d.honest[held]))
        fold: dict[str, Any] = {"chosen": chosen}
        for model, probs in (("twelve_others", runs[held]), ("wave12_file", before)):
            for point, setting in (("chosen", chosen), ("wave12", cv.SHIPPED_CUE)):
                for reading in ("cue", "with_wave12_judge"):
                    row = []
                    for texts, p, jp in ((d.texts[held], probs["texts"][held], split_p),
                                         (d.honest_texts[held], probs["honest"][held],
                                          honest_p),
                                         (d.held, probs["held"], turn_p)):
                        score = cv.best(texts, p, setting)
                        flags = cv.flagged(score, setting)
                        if reading == "with_wave12_judge":
                            flags |= tj.joined_flags(jp, cv.finite(score), cv.SHIPPED_RULE)
                        row.append(flags)
                    fold[f"{model}/{point}/{reading}"] = [
                        *counts(row[0], d.texts[held]), int(row[1].sum()), len(row[1]),
                        int(row[2].sum()), len(row[2])]
        report[held] = fold
        print(held, fold, file=sys.stderr, flush=True)
    tc.publish(report, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
