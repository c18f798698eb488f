"""Leave-one-split-out choice of wave 26's persona-reach weight (issue #39).

Wave 26 (:mod:`cognimem_plugins.guard.persona_reach`) reads a persona switch by the part of
its structure the earlier readers did not: ``persona_reach``, the reader switched into
another identity (a pretence, a game, role-play, a new persona) whose acts are unbounded
(served to whoever asks, done freely, no matter what, "do anything"). (The wave's first run
weighed it jointly with ``tool_doc_beyond``, a tool's documentation holding a part beyond
its scope; that cue gained no row of the development check and was dropped:
EXPERIMENTS.md, wave 26 w26-agent.)

The rows, the rule and the report are ``cv_wave16_pressure``'s (imported): the sixty seen
splits, the honest developer notes and look-alikes, the README paragraphs of installed
packages, the LoCoMo and LongMemEval turns of the learned cue's training half
(``/work/shared/bench`` when the repository's sibling is absent, as from a worktree; the
script stops if a bound reads no row) and the look-alikes the guard's tests hold
(``tested``). For each split held out, the point is the one that flags the most injections
on the other splits with, in every other split and in every bound, no more clean rows
flagged than with the weight at zero (ties: the lighter point), and the held-out split is
scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave26_agent.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
#: the splits no row of which was read while the reader was written (the dev check)
DEV = ("fresh55", "fresh56", "fresh57", "fresh58")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("persona_reach",)
#: zero and the points where it starts to flag beside the cues it meets, up to alone
GRID = [(w,) for w in (0.0, 0.3, 0.35, 0.4, 0.5, 0.75)]
ZERO = (0.0,)
MOST = (0.75,)


def apply(point: tuple[float, ...]) -> None:
    """Give the cue the weight of ``point`` in the running screen."""
    for name, weight in zip(NAMES, point, strict=True):
        set_weight(name, weight)


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in NAMES}
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    for name, w in shipped.items():
        set_weight(name, w)
    return {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 26 reader; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave26_agent.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits {NAMES}: "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check ({', '.join(DEV)} held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
