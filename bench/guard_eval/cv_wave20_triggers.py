"""Leave-one-split-out choice of wave 20's reading of triggered and kept orders (issue #39).

Wave 20 widens :mod:`cognimem_plugins.guard.deferred_orders`: its two askers read the
trigger and the order to keep as classes (``DEFERRED_WIDER``, ``KEPT_WIDER``: a switch; off,
they read wave 19's phrasings only), and ``deferred_act`` (what a kept or triggered order
wants, counted only beside a trigger or an order to keep it) gets a weight; at zero it is
switched off (its pattern matches nothing, so it satisfies no asker either).

The rows and the rule are those of ``cv_wave19_addressed`` (``cv_wave16_pressure``'s
machinery, imported): the 36 seen splits, the honest developer notes and look-alikes, the
README paragraphs of installed packages and the LoCoMo and LongMemEval turns of the learned
cue's training half. For each split held out, the point is the one that flags the most
injections on the other splits with, in **every** other split and in the honest notes, the
READMEs and the turns, no more clean rows flagged than at zero (a hard bound; ties: the
lighter point), and the held-out split is scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave20_triggers.py [--readmes PATH] [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave17_money as w17  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 35)))
#: (deferred_act's weight, the wider triggers and kept orders read: 0 off, 1 on)
GRID = list(product((0.0, 0.2, 0.3, 0.4, 0.45, 0.5), (0.0, 1.0)))
ZERO = (0.0, 0.0)
MOST = (0.5, 1.0)


def _pattern(name: str, wider: bool) -> None:
    """Give the asker ``name`` its wave 19 pattern, or with ``wider`` the wave 20 one."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard import deferred_orders as d

    old, new = {"deferred_trigger": (d.DEFERRED_WAVE19, d.DEFERRED),
                "kept_rule": (d.KEPT_WAVE19, d.KEPT)}[name]
    pattern = re.compile(new if wider else old, re.MULTILINE)
    i = cues._INDEX[name]
    cues.CUES = tuple(replace(c, pattern=pattern) if c.name == name else c for c in cues.CUES)
    cues._STRINGS[i] = False  # (its required strings are read again from the new pattern)


def apply(point: tuple[float, ...]) -> None:
    """Give ``deferred_act`` the weight of ``point`` and the askers its switch."""
    w17._set("deferred_act", point[0])
    for name in ("deferred_trigger", "kept_rule"):
        _pattern(name, bool(point[1]))


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = cues.CUES[cues._INDEX["deferred_act"]].weight
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply((shipped, 1.0))
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 20's act and switch; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave20_triggers.py")
    parser.add_argument("--readmes", type=Path, default=w16.READMES,
                        help="the README rows (bench/guard_eval/readme_rows.py writes them)")
    parser.add_argument("--bench", type=Path, help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if args.bench:
        w15.BENCH = args.bench
    elif not (w15.BENCH / "locomo").is_dir():
        # (a worktree under /work/wt: the shared bench is not beside it)
        w15.BENCH = Path("/work/shared/bench")
    if not (w15.BENCH / "locomo").is_dir():
        parser.error(f"no LoCoMo turns under {w15.BENCH}: the turns bound would be empty")
    if not args.readmes.exists():
        parser.error(f"no README rows at {args.readmes} (run readme_rows.py)")
    w15.README_PATH = args.readmes
    data = w15.rows()
    read = {s: sum(1 for r in data if r[0] == s) for s in w16.BOUNDS}
    print(f"bounds read (rows): {read}", flush=True)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits (deferred act, wider triggers "
          f"and kept orders): {result['chosen_on_all']}; bounds (zero -> chosen): "
          f"{result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
