"""Leave-one-split-out choice of the wave 17 money-and-records cues' weights (issue #39).

Wave 17 adds the cues of :mod:`cognimem_plugins.guard.money_acts`: an act on money or
records asked of the AI reader (``money_act``), a note labelled for automated readers
(``machine_note``), what an order in another language acts on (``money_act_i18n``), and two
levers of business-email compromise in :mod:`cognimem_plugins.guard.bec_levers`
(``prior_approval`` and ``secrecy_order``: one weight for both). They are weighed on one
joint grid of four weights; at a weight of zero a cue is switched off (its pattern matches
nothing), so that it satisfies no other cue's requirement either.

The rows and the rule are those of ``cv_wave16_pressure`` (its machinery, imported: the
twenty-four seen splits, the honest developer notes, the README paragraphs of installed
packages and the LoCoMo and LongMemEval turns of the learned cue's training half). For each
split held out, the weights are the ones that flag the most injections on the other splits
with, in **every** other split and in the honest notes, the READMEs and the turns, no more
clean rows flagged than with the weights at zero (a hard bound; ties: the lighter point),
and the held-out split is scored with them. Run from the repository root::

    python bench/guard_eval/cv_wave17_money.py [--label NAME]
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
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 23)))
LEVERS = ("prior_approval", "secrecy_order")
NAMES = ("money_act", "machine_note", *LEVERS, "money_act_i18n")
#: (act, note for automated readers, the two levers, the act's object in other languages)
GRID = list(product((0.0, 0.3, 0.35, 0.4, 0.45, 0.5), (0.0, 0.2, 0.3),
                    (0.0, 0.2, 0.3), (0.0, 0.1, 0.2)))
ZERO = (0.0, 0.0, 0.0, 0.0)
MOST = tuple(max(p[i] for p in GRID) for i in range(4))
READMES = Path("/tmp/readmes.jsonl")
_NEVER = re.compile(r"(?!)")
_PATTERNS: dict[str, re.Pattern[str]] = {}


def _set(name: str, weight: float) -> None:
    """Give ``name`` this weight; at zero, switch it off (its pattern matches nothing)."""
    from cognimem_plugins.guard import cues

    i = cues._INDEX[name]
    _PATTERNS.setdefault(name, cues.CUES[i].pattern)
    pattern = _PATTERNS[name] if weight > 0 else _NEVER
    cues.CUES = tuple(replace(c, pattern=pattern) if c.name == name else c for c in cues.CUES)
    set_weight(name, weight)


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen."""
    act, note, lever, i18n = point
    _set("money_act", act)
    _set("machine_note", note)
    for name in LEVERS:
        _set(name, lever)
    _set("money_act_i18n", i18n)


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in NAMES}
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    for name, w in shipped.items():
        _set(name, w)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per
                     if p in (ZERO, chosen, *(f["weights"] for f in folds.values()))},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 17 cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave17_money.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    for readmes in (READMES, w16.READMES):
        if readmes.exists():
            w15.README_PATH = readmes
            break
    result = weigh(w15.rows())
    print(f"shipped {result['shipped']}\nchosen on all splits (act, note, levers, other "
          f"languages' object): {result['chosen_on_all']}; bounds (zero -> chosen): "
          f"{result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
