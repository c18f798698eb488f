"""Wave 26 (precision): leave-one-split-out choice of the switch ``REVISION`` of
:mod:`cognimem_plugins.guard.revision` (a writer revising their own earlier request, read by
the override's grammar; issue #39).

The switch only blanks a flag (through :func:`.stance.defends`), so its cost is the
injections it frees and its gain the clean notes. The rows are the injection and clean rows
of the sixty seen splits, redacted as a write redacts them, and the bounds
(``cv_wave16_pressure.bounded_rows``: the honest notes, the READMEs, the training half's
dataset turns and the guard's tests' look-alikes). Only the rows where the revision's
grammar is found (:data:`.revision._TOPIC`) are screened twice; the others cannot move. For
each split held out (fresh55-58, the dev check, are counted by program: nothing of a row is
printed) the other splits choose the switch on when it frees more clean notes than it loses
injections and loses no more than it frees (ties: off). Run from the repository root::

    python bench/guard_eval/cv_wave26_revision.py [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
DEV = ("fresh55", "fresh56", "fresh57", "fresh58")
FALLBACK = Path("/work/shared/bench")


def counts(data: list[w15.Row], switch: str = "REVISION", gate: str = "_TOPIC",
           what: str = "hold the revision's grammar") -> dict[bool, w15.Counts]:
    """(injections flagged, clean flagged) per split and bound, ``revision.<switch>`` off and
    on; only the rows ``revision.<gate>`` finds are screened twice."""
    from cognimem_plugins.guard import revision
    from cognimem_plugins.guard.injection import screen

    shipped = getattr(revision, switch)
    found = getattr(revision, gate)
    moving = [i for i, (_, _, t) in enumerate(data) if found.search(t)]
    print(f"{len(moving)} of {len(data)} rows {what}", flush=True)
    per: dict[bool, w15.Counts] = {}
    base: list[bool] | None = None
    for point in (False, True):
        setattr(revision, switch, point)
        if base is None:
            base = [bool(screen(t)) for _, _, t in data]
            flags = base
        else:
            flags = list(base)
            for i in moving:
                flags[i] = bool(screen(data[i][2]))
        per[point] = w15.counts(data, flags)
    setattr(revision, switch, shipped)
    return per


def choose(per: dict[bool, w15.Counts], left_out: str | None,
           splits: tuple[str, ...] = SPLITS) -> bool:
    """Whether the splits other than ``left_out`` turn the switch on (the docstring)."""
    others = [s for s in splits if s != left_out and s in per[False]]
    lost = sum(per[False][s][0] - per[True][s][0] for s in others)
    freed = sum(per[False][s][1] - per[True][s][1] for s in others)
    return freed > lost


def main(argv: list[str] | None = None, *, script: str = "cv_wave26_revision.py",
         switch: str = "REVISION", gate: str = "_TOPIC",
         what: str = "hold the revision's grammar", splits: tuple[str, ...] = SPLITS,
         dev: tuple[str, ...] = DEV) -> int:
    """Choose ``revision.<switch>`` (wave 27's ``cv_wave27_superseded.py`` calls this with
    its own switch, gate and splits)."""
    parser = argparse.ArgumentParser(prog=f"python bench/guard_eval/{script}")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    data, _ = w16.bounded_rows(parser, args.bench, FALLBACK, splits)
    per = counts(data, switch, gate, what)
    folds = {}
    for split in splits:
        on = choose(per, split, splits)
        folds[split] = {"weights": on, "before": per[False][split], "after": per[on][split]}
    chosen = choose(per, None, splits)
    every = [s for s in splits if s in per[False]]
    result: dict[str, Any] = {
        "chosen_on_all": chosen,
        "on_all_freed_lost": (sum(per[False][s][1] - per[True][s][1] for s in every),
                              sum(per[False][s][0] - per[True][s][0] for s in every)),
        "bounds_on_all": {s: (per[False][s], per[chosen][s]) for s in w16.BOUNDS
                          if s in per[False]},
        "folds": folds}
    result["dev_before_after"] = w16.dev_change(result, dev)
    print(f"chosen on all {chosen}; on all (clean freed, injections lost) "
          f"{result['on_all_freed_lost']}; bounds (injections, clean flagged: off -> chosen) "
          f"{result['bounds_on_all']}; dev change (injections, clean flagged), each held out "
          f"{result['dev_before_after']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
