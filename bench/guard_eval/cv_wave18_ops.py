"""Leave-one-split-out choice of the wave 18 operations and records cues' weights (issue #39).

Wave 18 adds the cues of :mod:`cognimem_plugins.guard.ops_orders`: three acts asked of the AI
reader (``ops_act``: the user's defences turned off or around; ``token_leak``: a credential
written where others read it; ``record_act``: a regulated record altered or disclosed; one
weight for the three), the reader a hand-off or a ticket is for (``next_reader``) and
persuasion aimed at the AI (``ai_persuasion``). They are weighed on one joint grid of three
weights; at a weight of zero a cue is switched off (its pattern matches nothing), so that it
satisfies no other cue's requirement either.

The rows and the rule are those of ``cv_wave16_pressure`` (its machinery, imported: the
twenty-eight seen splits, the honest developer notes, the README paragraphs of installed
packages and the LoCoMo and LongMemEval turns of the learned cue's training half). For each
split held out, the weights are the ones that flag the most injections on the other splits
with, in **every** other split and in the honest notes, the READMEs and the turns, no more
clean rows flagged than with the weights at zero (a hard bound; ties: the lighter point),
and the held-out split is scored with them. Run from the repository root::

    python bench/guard_eval/cv_wave18_ops.py [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave17_money as w17  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 27)))
ACTS = ("ops_act", "token_leak", "record_act")
NAMES = (*ACTS, "next_reader", "ai_persuasion")
#: (the three acts, the next reader, persuasion)
GRID = list(product((0.0, 0.35, 0.4, 0.45, 0.5), (0.0, 0.2, 0.3, 0.35, 0.4),
                    (0.0, 0.2, 0.3, 0.35)))
ZERO = (0.0, 0.0, 0.0)
MOST = tuple(max(p[i] for p in GRID) for i in range(3))


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen."""
    act, reader, persuasion = point
    for name in ACTS:
        w17._set(name, act)
    w17._set("next_reader", reader)
    w17._set("ai_persuasion", persuasion)


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in NAMES}
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    for name, w in shipped.items():
        w17._set(name, w)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per
                     if p in (ZERO, chosen, *(f["weights"] for f in folds.values()))},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 18 cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave18_ops.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    for readmes in (w17.READMES, w16.READMES):
        if readmes.exists():
            w15.README_PATH = readmes
            break
    result = weigh(w15.rows())
    print(f"shipped {result['shipped']}\nchosen on all splits (acts, next reader, "
          f"persuasion): {result['chosen_on_all']}; bounds (zero -> chosen): "
          f"{result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
