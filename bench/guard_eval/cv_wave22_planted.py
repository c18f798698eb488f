"""Leave-one-split-out choice of wave 22's planted-order weights (issue #39).

Wave 22 reads the delayed trigger and the planted rule by their structure
(:mod:`cognimem_plugins.guard.planted`): what the order touches by its object's class
(``planted_stake``), the moment it waits for (``planted_when``), a write into the reader's
memory by its carrier or by its verb and where it lasts (``planted_keep``), and the AI
reader addressed in the order (``planted_vocative``, ``planted_addressee``: one weight for
the two). The four weights are weighed on one joint grid.

The rows and the rule are those of ``cv_wave16_pressure`` (its machinery and
``cv_wave15_requests.rows``, imported): the forty-four seen splits, the honest developer
notes and look-alikes, the README paragraphs of installed packages and the LoCoMo and
LongMemEval turns of the learned cue's training half (``/work/shared/bench`` when the
repository's sibling is absent, as from a worktree). For each split held out, the point is
the one that flags the most injections on the other splits with, in **every** other split
and in the honest notes, the READMEs and the turns, no more clean rows flagged than with
every weight at zero (a hard bound; ties: the lighter point), and the held-out split is
scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave22_planted.py [--bench DIR] [--label NAME]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 43)))
#: the splits whose rows were read while the cues were written (the rest: the dev check)
DEV = ("fresh39", "fresh40", "fresh41", "fresh42")
FALLBACK_BENCH = Path("/work/shared/bench")
#: (stake, moment, kept, the reader addressed)
GRID = list(product((0.0, 0.25, 0.3, 0.35), (0.0, 0.25, 0.3, 0.35), (0.0, 0.25, 0.3, 0.35),
                    (0.0, 0.25, 0.3)))
ZERO = (0.0, 0.0, 0.0, 0.0)
MOST = tuple(max(p[i] for p in GRID) for i in range(4))
NAMES = (("planted_stake",), ("planted_when",), ("planted_keep",),
         ("planted_vocative", "planted_addressee"))


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen."""
    for names, weight in zip(NAMES, point, strict=True):
        for name in names:
            set_weight(name, weight)


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for names in NAMES for n in names}
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    for name, w in shipped.items():
        set_weight(name, w)
    return {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}


def main(argv: list[str] | None = None) -> int:
    """Weigh the planted cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave22_planted.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits (stake, moment, kept, reader "
          f"addressed): {result['chosen_on_all']}; bounds (zero -> chosen): "
          f"{result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check (fresh39-42 held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
