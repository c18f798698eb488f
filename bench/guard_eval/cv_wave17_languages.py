"""Leave-one-split-out choice of the wave 17 language cues' weights (issue #39).

Wave 17 adds the cues of :mod:`cognimem_plugins.guard.acts_i18n`: an act that matters asked
in another language (``act_i18n``: send the passwords, delete the database, show the system
prompt, keep it from the user) and, beside it, the AI reader named in that language
(``reader_i18n``). They are weighed on one joint grid of two weights with the machinery of
``cv_wave16_pressure`` (imported): the twenty-four seen splits, the honest developer notes,
the README paragraphs of installed packages and the LoCoMo and LongMemEval turns of the
learned cue's training half. For each split held out, the weights are the ones that flag
the most injections on the other splits with, in **every** other split and in the honest
notes, the READMEs and the turns, no more clean rows flagged than with the weights at zero
(a hard bound; ties: the lighter point), and the held-out split is scored with them. Run
from the repository root::

    python bench/guard_eval/cv_wave17_languages.py [--label NAME]
"""

from __future__ import annotations

import argparse
import re
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 23)))
READMES = Path("/tmp/readmes.jsonl")
NAMES = ("act_i18n", "reader_i18n")
#: (the act, the reader named). The act alone goes no higher than wave 16's order in another
#: language (``reader_order_i18n``, 0.55): the bounds hold little text in other languages
GRID = list(product((0.0, 0.25, 0.35, 0.4, 0.45, 0.5, 0.55), (0.0, 0.2, 0.25, 0.3, 0.35, 0.4)))
ZERO = (0.0, 0.0)
MOST = tuple(max(p[i] for p in GRID) for i in range(2))


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen."""
    for name, weight in zip(NAMES, point, strict=True):
        set_weight(name, weight)


def _may_change(text: str) -> bool:
    """Whether the act's pattern matches the text (or the text its mentions leave)."""
    from cognimem_plugins.guard.acts_i18n import ACT
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise

    global _ACT
    if _ACT is None:
        _ACT = re.compile(ACT)
    return any(_ACT.search(normalise(t).folded) for t in {text, mentioned(text)})


_ACT: re.Pattern[str] | None = None


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in NAMES}
    # only the rows where the act's pattern matches can change (``reader_i18n`` counts only
    # beside it); the others are flagged alike at every point: left out of the counts, which
    # are then each split's change from the rows that may change (the choice is the same)
    data = [row for row in data if _may_change(row[2])]
    print(f"{len(data)} rows hold an act in another language", flush=True)
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    for name, w in shipped.items():
        set_weight(name, w)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 17 cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave17_languages.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if READMES.exists():
        w15.README_PATH = READMES
    result = weigh(w15.rows())
    print(f"shipped {result['shipped']}\nchosen on all splits (act, reader): "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
