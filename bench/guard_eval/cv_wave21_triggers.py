"""Leave-one-split-out choice of wave 21's triggers, kept rules, acts and stance (issue #39).

Wave 21 widens :mod:`cognimem_plugins.guard.deferred_orders` again, each class a switch
(off: wave 20's pattern): the triggers (``DEFERRED_WAVE21``: the session's end, the n-th
of the reader's items, anyone's next move, a word that appears, an hour, nobody's reply,
a measured value crossing a line in a sentence naming an AI reader), the orders to keep
(``KEPT_WAVE21``: memorise, update your memory, persist, a lasting rule, an AI "with
memory" asked to record), the acts (``DEFERRED_ACT_WAVE21``: bulk acts, money moved, a
check waived in the passive, a vague destination, a payee swapped, a falsehood told);
and :mod:`cognimem_plugins.guard.mentions` reads a note's stance outside its quotations
(``stance_outside``, a reading of ``READINGS``).

The rows and the rule are those of ``cv_wave20_triggers`` (``cv_wave16_pressure``'s
machinery, imported): the 40 seen splits, the honest developer notes and look-alikes, the
README paragraphs of installed packages and the LoCoMo and LongMemEval turns of the learned
cue's training half. For each split held out, the point is the one that flags the most
injections on the other splits with, in **every** other split and in the honest notes, the
READMEs and the turns, no more clean rows flagged than with every switch off (a hard
bound; ties: the fewer switches), and the held-out split is scored with it. Run from the
repository root::

    python bench/guard_eval/cv_wave21_triggers.py [--readmes PATH] [--bench DIR] [--label NAME]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 39)))
#: (the wider triggers, kept orders, acts, the stance outside quotations: 0 off, 1 on)
GRID = list(product((0.0, 1.0), repeat=4))
ZERO = (0.0, 0.0, 0.0, 0.0)
MOST = (1.0, 1.0, 1.0, 1.0)


def _pattern(name: str, wider: bool) -> None:
    """Give the cue ``name`` its wave 20 pattern, or with ``wider`` the wave 21 one."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard import deferred_orders as d

    old, new = {"deferred_trigger": (d.DEFERRED_WAVE20, d.DEFERRED),
                "kept_rule": (d.KEPT_WAVE20, d.KEPT),
                "deferred_act": (d.DEFERRED_ACT_WAVE20, d.DEFERRED_ACT)}[name]
    pattern = re.compile(new if wider else old, re.MULTILINE)
    i = cues._INDEX[name]
    cues.CUES = tuple(replace(c, pattern=pattern) if c.name == name else c for c in cues.CUES)
    cues._STRINGS[i] = False  # (its required strings are read again from the new pattern)


def apply(point: tuple[float, ...]) -> None:
    """Give the three cues the patterns of ``point`` and the mention reading its switch."""
    from cognimem_plugins.guard import mentions

    for name, on in zip(("deferred_trigger", "kept_rule", "deferred_act"), point[:3],
                        strict=True):
        _pattern(name, bool(on))
    readings = set(mentions.READINGS) - {"stance_outside"}
    mentions.READINGS = frozenset(readings | ({"stance_outside"} if point[3] else set()))


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(MOST)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": MOST, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 21's switches; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave21_triggers.py")
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
    if not all(read.values()):
        parser.error(f"a bound read no rows: {read}")
    result = weigh(data)
    result["bounds_read"] = read
    print(f"chosen on all splits (wider triggers, kept orders, acts, stance outside "
          f"quotations): {result['chosen_on_all']}; bounds (off -> chosen): "
          f"{result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
