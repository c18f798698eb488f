"""Leave-one-split-out choice of wave 19's weights for obfuscated orders (#39).

Wave 19 reads more encodings (:mod:`cognimem_plugins.guard.decoding`: base32/58, Ascii85,
escapes, HTML references, quoted-printable, Caesar shifts and Atbash
(:mod:`~cognimem_plugins.guard.ciphers`), spelling alphabets, Morse, Braille and separated
letters (:mod:`~cognimem_plugins.guard.spelled`), phonetic respellings
(:mod:`~cognimem_plugins.guard.phonetic`)) and adds the ``decode_order`` cue
(:mod:`~cognimem_plugins.guard.decode_orders`: "decode and comply", "spell this out and do
it"). Two weights are chosen here on one grid: the cue's, and
``injection.ORDERED_RUN_WEIGHT``, added to a decoded run's score when the note orders it
decoded and obeyed (the run then reads as words: it is the order). For each split held out,
the other splits choose the point that flags the most injections with, in every other
split, the honest notes, the READMEs and the training half's turns, no more clean rows
flagged than at zero (``cv_wave16_pressure.choose``; ties: the lighter point). Run from the
repository root::

    python bench/guard_eval/cv_wave19_encoded.py [--label NAME]
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
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 31)))
#: (the decode_order cue's weight, ORDERED_RUN_WEIGHT)
GRID = list(product((0.0, 0.3, 0.45), (0.0, 0.15, 0.3, 0.45)))
ZERO = (0.0, 0.0)
MOST = (0.45, 0.45)
READMES = Path("/tmp/readmes.jsonl")
#: the LoCoMo / LongMemEval turns (cv_wave15_requests looks for them beside the repository,
#: which a worktree is not)
BENCH = HERE.parents[1] / ".." / "shared" / "bench"


def apply(point: tuple[float, ...]) -> None:
    """Give the cue and the run weight the values of ``point``."""
    from cognimem_plugins.guard import injection

    cue, run = point
    set_weight("decode_order", cue)
    injection.ORDERED_RUN_WEIGHT = run


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues, injection

    shipped = (cues.CUES[cues._INDEX["decode_order"]].weight, injection.ORDERED_RUN_WEIGHT)
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(shipped)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per}, "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 19's obfuscation weights; print each fold's choice and its change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave19_encoded.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if READMES.exists():
        w15.README_PATH = READMES
    for bench in (BENCH, Path("/work/shared/bench")):
        if (bench / "locomo").is_dir():
            w15.BENCH = bench
            break
    result = weigh(w15.rows())
    print(f"shipped {result['shipped']}\nchosen on all splits (decode_order, ordered run): "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
