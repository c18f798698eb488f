"""Leave-one-split-out choice of wave 19's cues for orders addressed to an AI inside
third-party content (issue #39).

Wave 19 adds :mod:`cognimem_plugins.guard.defender_acts` (``defender_act``: an act against a
defender asked of the reader, beside an asker; ``secret_artifact``: a secret-bearing file
put into an artifact others receive), :mod:`cognimem_plugins.guard.vocatives`
(``reader_vocative``: "Hey Claude/GPT or whichever bot reads this:", "AI triage:", an asker
beside an act), :mod:`cognimem_plugins.guard.deferred_orders` (``deferred_trigger`` and
``kept_rule``: an order kept for later or for good, askers beside an act) and
:mod:`cognimem_plugins.guard.field_values` (a structured field's quoted
value that calls on an AI reader is not blanked as a quotation by
:mod:`cognimem_plugins.guard.mentions`: a switch). They are weighed on one joint grid of
four weights and the switch; at a weight of zero a cue is switched off (its pattern
matches nothing), so that it satisfies no other cue's requirement either.

The rows and the rule are those of ``cv_wave16_pressure`` (its machinery, imported: the
thirty seen splits, the honest developer notes, the README paragraphs of installed packages
and the LoCoMo and LongMemEval turns of the learned cue's training half). For each split
held out, the point is the one that flags the most injections on the other splits with, in
**every** other split and in the honest notes, the READMEs and the turns, no more clean rows
flagged than at zero (a hard bound; ties: the lighter point), and the held-out split is
scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave19_addressed.py [--label NAME]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 31)))
NAMES = ("defender_act", "secret_artifact", "reader_vocative")
#: the askers of :mod:`cognimem_plugins.guard.deferred_orders` (one weight for the two)
KEPT = ("deferred_trigger", "kept_rule")
#: (defender_act, secret_artifact, reader_vocative, the deferred and kept askers, field
#: values read: 0 off, 1 on)
GRID = list(product((0.0, 0.35, 0.45, 0.5), (0.0, 0.3, 0.45, 0.6, 0.75), (0.0, 0.2, 0.3),
                    (0.0, 0.2, 0.3), (0.0, 1.0)))
ZERO = (0.0, 0.0, 0.0, 0.0, 0.0)
MOST = tuple(max(p[i] for p in GRID) for i in range(5))


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen, and the field values'
    reading its switch."""
    from cognimem_plugins.guard import field_values, mentions

    for name, weight in zip(NAMES, point[:3], strict=True):
        w17._set(name, weight)
    for name in KEPT:
        w17._set(name, point[3])
    mentions.addressed_field = (field_values.addressed_field if point[4]  # type: ignore[assignment]
                                else lambda *_: False)


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in (*NAMES, *KEPT)}
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply((*(shipped[n] for n in NAMES), shipped[KEPT[0]], 1.0))
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per
                     if p in (ZERO, chosen, *(f["weights"] for f in folds.values()))},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 19 cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave19_addressed.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if not (w15.BENCH / "locomo").is_dir():
        # (a worktree under /work/wt: the shared bench is not beside it)
        w15.BENCH = Path("/work/shared/bench")
    for readmes in (w17.READMES, w16.READMES):
        if readmes.exists():
            w15.README_PATH = readmes
            break
    result = weigh(w15.rows())
    print(f"shipped {result['shipped']}\nchosen on all splits (defender act, secret "
          f"artifact, vocative, deferred and kept, field values): "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
