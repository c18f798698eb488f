"""Leave-one-split-out choice of wave 24's weights for orders in other languages (issue #39).

Wave 24 reads two classes of orders written in other languages that the English readers
flag and the other languages' readers did not (:mod:`cognimem_plugins.guard.records_world`):
an order to the AI reader inside someone else's content (``record_order_world``: a record's
label or a sentence before the address, or a note addressed to the reader; it stands for
``reader_order_world``) and a trigger waiting for the user's words (``deferred_order_world``).
Their two weights are weighed on one joint grid; zero switches a cue's pattern off (the
screen of the main branch).

The rows and the rule are those of ``cv_wave16_pressure`` (its fold choice and report, and
``cv_wave15_requests.rows``, imported): all 52 seen splits (fresh47-50 too, by program:
nobody reads their rows), the honest developer notes and look-alikes, the README paragraphs
of installed packages and the LoCoMo and LongMemEval turns of the learned cue's training half
(``/work/shared/bench`` when the repository's sibling is absent, as from a worktree). For
each split held out, the point is the one that flags the most injections on the other
splits with, in **every** other split and in the honest notes, the READMEs and the turns, no
more clean rows flagged than at zero (a hard bound; ties: the lighter point). Only the rows
where one of the two patterns matches (in the text or its quoted part) are screened at each
point: the others score alike everywhere, so the counts' changes are exact. Run from the
repository root::

    python bench/guard_eval/cv_wave24_languages.py [--bench DIR] [--label NAME]
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
import cv_wave17_money as w17  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 51)))
#: the splits no row of which was read while the cues were written (the dev check)
DEV = ("fresh47", "fresh48", "fresh49", "fresh50")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("record_order_world", "deferred_order_world")
GRID = list(product((0.0, 0.55, 0.65, 0.75), (0.0, 0.35, 0.45, 0.55, 0.65, 0.75)))
ZERO = (0.0,) * len(NAMES)
MOST = tuple(max(p[i] for p in GRID) for i in range(len(NAMES)))


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen (zero: off)."""
    for name, weight in zip(NAMES, point, strict=True):
        w17._set(name, weight)


def may_change(data: list[w15.Row]) -> list[w15.Row]:
    """The rows where either pattern matches (in the text or its quoted part)."""
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise
    from cognimem_plugins.guard.records_world import PATTERN, TRIGGER_PATTERN

    def matches(text: str) -> bool:
        folded = normalise(text).folded
        return bool(PATTERN.search(folded) or TRIGGER_PATTERN.search(folded))

    return [r for r in data if any(matches(t) for t in {r[2], mentioned(r[2])})]


def grid_counts(rows: list[w15.Row], keys: list[str]) -> dict[tuple[float, ...], w15.Counts]:
    """Each point's counts per split and bound over ``rows`` (every key present)."""
    from cognimem_plugins.guard.injection import screen

    per: dict[tuple[float, ...], w15.Counts] = {}
    for point in GRID:
        apply(point)
        got = w15.counts(rows, [bool(screen(t)) for _, _, t in rows])
        per[point] = {k: got.get(k, (0, 0)) for k in keys}
    return per


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 24 cues; print each fold's choice and the held-out split's change."""
    from cognimem_plugins.guard import cues

    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave24_languages.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in NAMES}
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    keys = sorted({r[0] for r in data})
    rows = may_change(data)
    print(f"{len(rows)} of {len(data)} rows may change "
          f"({sum(1 for r in rows if r[0] in w16.BOUNDS)} of the bounds')", flush=True)
    per = grid_counts(rows, keys)
    apply(tuple(shipped[n] for n in NAMES))
    result: dict[str, Any] = {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}
    result["bounds_read"] = read
    result["rows_screened"] = len(rows)
    print(f"shipped {shipped}\nchosen on all splits {NAMES}: {result['chosen_on_all']}; "
          f"bounds (zero -> chosen): {result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check ({', '.join(DEV)} held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
