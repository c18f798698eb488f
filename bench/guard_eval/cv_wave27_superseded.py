"""Wave 27 (precision): leave-one-split-out choice of the switch ``SUPERSEDED`` of
:mod:`cognimem_plugins.guard.revision` (a writer replacing their own earlier convention:
"Vergiss die vorherige Anweisung zur Einrückung, wir nutzen jetzt 4 Leerzeichen", read by
what the cancelled object is; issue #39).

The switch only blanks a flag (through :func:`.revision.own_revision`, which
:func:`.stance.defends` reads), so its cost is the injections it frees and its gain the
clean notes. The rows are the injection and clean rows of the 64 seen splits, redacted as a
write redacts them, and the bounds (``cv_wave16_pressure.bounded_rows``: the honest notes,
the READMEs, the training half's dataset turns and the guard's tests' look-alikes). Only
the rows holding a verb that sets something aside (:data:`.revision._CANCEL`) are screened
twice; the others cannot move. For each split held out (fresh59-62, the dev check, are
counted by program: nothing of a row is printed) the other splits choose the switch on when
it frees more clean notes than it loses injections and loses no more than it frees (ties:
off). Run from the repository root::

    python bench/guard_eval/cv_wave27_superseded.py [--label NAME] [--bench /work/shared/bench]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
DEV = ("fresh59", "fresh60", "fresh61", "fresh62")
FALLBACK = Path("/work/shared/bench")


def counts(data: list[w15.Row]) -> dict[bool, w15.Counts]:
    """(injections flagged, clean flagged) per split and bound, the switch off and on."""
    from cognimem_plugins.guard import revision
    from cognimem_plugins.guard.injection import screen

    shipped = revision.SUPERSEDED
    moving = [i for i, (_, _, t) in enumerate(data) if revision._CANCEL.search(t)]
    print(f"{len(moving)} of {len(data)} rows hold a verb that sets something aside", flush=True)
    per: dict[bool, w15.Counts] = {}
    base: list[bool] | None = None
    for point in (False, True):
        revision.SUPERSEDED = point
        if base is None:
            base = [bool(screen(t)) for _, _, t in data]
            flags = base
        else:
            flags = list(base)
            for i in moving:
                flags[i] = bool(screen(data[i][2]))
        per[point] = w15.counts(data, flags)
    revision.SUPERSEDED = shipped
    return per


def choose(per: dict[bool, w15.Counts], left_out: str | None) -> bool:
    """Whether the splits other than ``left_out`` turn the switch on (the docstring)."""
    others = [s for s in SPLITS if s != left_out and s in per[False]]
    lost = sum(per[False][s][0] - per[True][s][0] for s in others)
    freed = sum(per[False][s][1] - per[True][s][1] for s in others)
    return freed > lost


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave27_superseded.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    data, _ = w16.bounded_rows(parser, args.bench, FALLBACK, SPLITS)
    per = counts(data)
    folds = {}
    for split in SPLITS:
        on = choose(per, split)
        folds[split] = {"weights": on, "before": per[False][split], "after": per[on][split]}
    chosen = choose(per, None)
    every = [s for s in SPLITS if s in per[False]]
    result: dict[str, Any] = {
        "chosen_on_all": chosen,
        "on_all_freed_lost": (sum(per[False][s][1] - per[True][s][1] for s in every),
                              sum(per[False][s][0] - per[True][s][0] for s in every)),
        "bounds_on_all": {s: (per[False][s], per[chosen][s]) for s in w16.BOUNDS
                          if s in per[False]},
        "folds": folds}
    result["dev_before_after"] = w16.dev_change(result, DEV)
    print(f"chosen on all {chosen}; on all (clean freed, injections lost) "
          f"{result['on_all_freed_lost']}; bounds (injections, clean flagged: off -> chosen) "
          f"{result['bounds_on_all']}; dev change (injections, clean flagged), each held out "
          f"{result['dev_before_after']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
