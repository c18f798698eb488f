"""The learned cue's whole grid on train_cue's out-of-fold scores, with the bound each
setting breaks: what ``train_cue.py --write`` chooses from, shown (wave 16).

For every weight and floor of :data:`train_cue.WEIGHTS` x :data:`train_cue.FLOORS` at the
phrase cues' threshold: the injections flagged out of fold, the clean notes and the honest
notes to agents flagged, the held-out dataset turns flagged (a model trained on every
split), and the folds whose clean or honest notes gain more flags than :func:`train_cue.
choose` allows. Text screen only (the semantic judge is not read). About 6 minutes.

    python bench/guard_eval/learned_grid.py --bench ../shared/bench --label w16_learned_grid
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import train_cue as tc


def grid(data: tc.Data) -> dict[str, Any]:
    """Each ``"W/F"`` setting's counts and the bounds it breaks."""
    notes = tc.Flat.of(data.out_of_fold(list(data.rows)))
    model = data.model(list(data.rows))
    turns = tc.Flat.of((data.held, tc.probabilities(model, data.held)))
    inj, clean = notes.groups == "injection", notes.groups == "clean"
    at = tc.PHRASE_THRESHOLD - 1e-9
    bounds = tc.fold_bounds(notes, tc.FLOORS[0])
    out: dict[str, Any] = {}
    for w in tc.WEIGHTS:
        for f in tc.FLOORS:
            hit = notes.best(w, f) >= at
            broken = [[fold, name, int(hit[mask].sum()), float(most)]
                      for fold, name, mask, most in bounds if hit[mask].sum() > most]
            out[f"{w}/{f}"] = {"injections": int(hit[inj].sum()),
                               "clean": int(hit[clean & ~notes.honest].sum()),
                               "honest": int(hit[clean & notes.honest].sum()),
                               "turns": int((turns.best(w, f) >= at).sum()),
                               "broken": broken}
            print(w, f, json.dumps(out[f"{w}/{f}"]), file=sys.stderr, flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the grid as JSON."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/learned_grid.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label", help="also save the grid to results/LABEL.json")
    args = parser.parse_args(argv)
    tc.publish(grid(tc.Data(args.bench, tc.SPLITS)), args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
