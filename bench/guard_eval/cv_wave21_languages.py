"""Leave-one-split-out choice of wave 21's weights for orders in other languages (issue #39).

Wave 21 adds :mod:`cognimem_plugins.guard.orders_world`: ``reader_order_world`` (the AI
reader addressed in any of its forms, built from a helper's word and the letters or word for
AI, or a helper called after a record's label, then an act verb of any language the guard
reads; it stands for wave 16's ``reader_order_i18n``) and ``order_scope_world`` (beside
such an order: the act done to all of something, kept from someone, or without a check).
Their weights are chosen on a grid; at zero a cue is switched off (its pattern matches
nothing).

The rows and the rule are those of ``cv_wave20_carried`` (``cv_wave16_pressure``'s
machinery, imported): the 40 seen splits, the honest developer notes and look-alikes, the
README paragraphs of the installed packages and the LoCoMo and LongMemEval turns of the
learned cue's training half. For each split held out, the point is the one that flags the
most injections on the other splits with, in **every** other split and in the honest
notes, the READMEs and the turns, no more clean rows flagged than at zero (a hard bound;
ties: the lighter point), and the held-out split is scored with it. Run from the
repository root::

    python bench/guard_eval/cv_wave21_languages.py [--readmes PATH] [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave17_money as w17  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 39)))
NAMES = ("reader_order_world", "order_scope_world")
#: (reader_order_world, order_scope_world)
GRID = list(product((0.0, 0.35, 0.45, 0.55, 0.65, 0.75), (0.0, 0.1, 0.2, 0.3)))
ZERO = (0.0, 0.0)
MOST = (0.75, 0.3)
SHARED_BENCH = Path("/work/shared/bench")


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen (zero: off)."""
    for name, weight in zip(NAMES, point, strict=True):
        w17._set(name, weight)


def may_change(data: list[w15.Row]) -> list[w15.Row]:
    """The rows where an order to the AI reader in another language can match (either
    order cue's pattern, in the text or its quoted part): the others score alike at every
    point, so the counts' differences are the same."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise

    names = ("reader_order_world", "reader_order_i18n")
    pats = [w17._PATTERNS.get(n, cues.CUES[cues._INDEX[n]].pattern) for n in names]
    words = frozenset().union(*(cues.CUES[cues._INDEX[n]].words for n in names))

    def matches(text: str) -> bool:
        norm = normalise(text)
        # (the screen's own gate: a cue word, or a script whose words open every cue)
        if words.isdisjoint(norm.flat.split()) and not cues._CJK.search(norm.folded):
            return False
        return any(p.search(norm.folded) for p in pats)

    return [r for r in data if any(matches(t) for t in {r[2], mentioned(r[2])})]


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = tuple(cues.CUES[cues._INDEX[n]].weight for n in NAMES)
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    # (a split or bound without a row that may change: zero at each point)
    for counts in per.values():
        for split in (*SPLITS, *w16.BOUNDS):
            counts.setdefault(split, (0, 0))
    apply(shipped)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "rows_per_bound": dict(Counter(s for s, _, _ in data if s in w16.BOUNDS)),
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave21_languages.py")
    parser.add_argument("--readmes", type=Path, default=w17.READMES,
                        help="the README rows (bench/guard_eval/readme_rows.py writes them)")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if not (w15.BENCH / "locomo").is_dir():
        # (a worktree under /work/wt: the shared bench is not beside it)
        w15.BENCH = SHARED_BENCH
    if not args.readmes.exists():
        parser.error(f"no README rows at {args.readmes}: run readme_rows.py first")
    w15.README_PATH = args.readmes
    every = w15.rows()
    print(f"rows per bound read: {dict(Counter(s for s, _, _ in every if s in w16.BOUNDS))}")
    if not any(s == w15.TURNS for s, _, _ in every):
        raise SystemExit("the dataset turns were not read (no locomo under the bench)")
    data = may_change(every)
    print(f"{len(data)} of {len(every)} rows may change", flush=True)
    result = weigh(data)
    print(f"rows per bound that may change: {result['rows_per_bound']}")
    print(f"shipped {result['shipped']}; chosen on all splits: {result['chosen_on_all']}; "
          f"bounds (zero -> chosen): {result['bounds_on_all']}")
    for point, counts in result["grid"].items():
        inj = sum(c[0] for s, c in counts.items() if s not in w16.BOUNDS)
        clean = sum(c[1] for s, c in counts.items() if s not in w16.BOUNDS)
        print(f"  point {point}: injections {inj}, clean flagged {clean}, bounds "
              f"{ {s: counts[s][1] for s in w16.BOUNDS if s in counts} }")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
