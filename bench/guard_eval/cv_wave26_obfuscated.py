"""Leave-one-split-out choice of wave 26's weights for orders hidden in a note's own letters
and a machine's secrets sent out (issue #39, w26-obfuscated).

Wave 26 makes wave 24's readings (:mod:`cognimem_plugins.guard.unveiled`: letters spaced
out, soft hyphens for spaces, quoted pieces joined, accents on every vowel) again, but only
those that show an order (``unveiled.ORDERED``, :func:`~cognimem_plugins.guard.unveiled.ordered`):
the words the disguise hid open with an act's imperative, or the pieces are ordered joined
and acted on. ``injection.ORDERED_READING_WEIGHT`` weighs such a reading; at 0 the readings
are not made (``unveiled.ORDERED`` off), as before the wave. And the cue ``secret_sent``
(:mod:`cognimem_plugins.guard.exfil_secret`: a secret of the reader's machine sent to an
outside address by instruction); at 0 it is switched off (``cv_wave17_money._set``). One
joint grid.

The rows and the rule are those of ``cv_wave16_pressure`` (``bounded_rows``,
``fold_result``, ``dev_change``, ``report_folds``, imported): the sixty seen splits, the
honest developer notes, the README paragraphs, the LoCoMo and LongMemEval turns of the
learned cue's training half (``/work/shared/bench`` when the repository's sibling is absent,
as from a worktree) and the look-alikes the guard's tests hold. For each split held out, the
point is the one that flags the most injections on the other splits with, in **every**
other split and in every bound, no more clean rows flagged than at zero; ties: the lighter
point. Only the rows a point can change are screened: those with a reading that shows an
order or that ``secret_sent``'s pattern matches (on the folded text; the others are
screened the same at every point), each at every point. Run from the repository root::

    python bench/guard_eval/cv_wave26_obfuscated.py [--bench DIR] [--label NAME] [--show]

``--show`` prints the rows the heaviest point changes, of the readable splits and the bounds
only (never of the development splits fresh55-58: their counts only).
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
from cv_wave17_money import _set  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
#: the splits no row of which was read while the reader was written (the dev check)
DEV = ("fresh55", "fresh56", "fresh57", "fresh58")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("ORDERED_READING_WEIGHT", "secret_sent")
GRID = list(product((0.0, 0.2, 0.35, 0.45, 0.55, 0.65, 0.75), (0.0, 0.2, 0.35, 0.45, 0.55, 0.75)))
ZERO = (0.0, 0.0)
MOST = (0.75, 0.75)


def apply(point: tuple[float, ...]) -> None:
    """Give the screen the weights of ``point`` (0: the ordered readings are not made, the
    cue is off)."""
    from cognimem_plugins.guard import injection, unveiled

    weight, sent = point
    unveiled.ORDERED = weight > 0
    injection.ORDERED_READING_WEIGHT = weight
    _set("secret_sent", sent)


def candidates(data: list[w15.Row]) -> list[int]:
    """The rows with a reading that shows an order or that ``secret_sent``'s pattern
    matches (any other row is screened the same at every point)."""
    import re

    from cognimem_plugins.guard import exfil_secret, unveiled
    from cognimem_plugins.guard.normalise import normalise

    sent = re.compile(exfil_secret.SECRET_SENT, re.MULTILINE)
    was = unveiled.ORDERED
    unveiled.ORDERED = True
    try:
        return [i for i, (_, _, text) in enumerate(data)
                if unveiled.readings(text) or sent.search(normalise(text).folded)]
    finally:
        unveiled.ORDERED = was


def grid_counts(data: list[w15.Row], show: bool) -> dict[tuple[float, ...], w15.Counts]:
    """Each point's counts per split over the candidate rows."""
    from cognimem_plugins.guard.injection import screen

    cand = candidates(data)
    print(f"{len(cand)} of {len(data)} rows are candidates", flush=True)
    flags: dict[tuple[float, ...], list[bool]] = {}
    for point in GRID:
        apply(point)
        flags[point] = [bool(screen(data[i][2])) for i in cand]
    rows = [data[i] for i in cand]
    zero = w15.counts(rows, flags[ZERO])
    for split in {s for s, _, _ in data}:
        zero.setdefault(split, (0, 0))
    per: dict[tuple[float, ...], w15.Counts] = {}
    for point in GRID:
        out = {s: list(c) for s, c in zero.items()}
        for (split, group, _), now, base in zip(rows, flags[point], flags[ZERO], strict=True):
            if now != base:
                out[split][group == "clean"] += 1 if now else -1
        per[point] = {s: (a, b) for s, (a, b) in out.items()}
    if show:
        for (split, group, text), now, base in zip(rows, flags[MOST], flags[ZERO], strict=True):
            if now != base and split not in DEV:
                print(f"  changed at {MOST}: {split} {group} {text[:160]!r}")
    return per


def weigh(data: list[w15.Row], show: bool) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues, injection, unveiled

    shipped = (injection.ORDERED_READING_WEIGHT if unveiled.ORDERED else 0.0,
               cues.CUES[cues._INDEX["secret_sent"]].weight)
    per = grid_counts(data, show)
    apply(shipped)
    return {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 26's readers; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave26_obfuscated.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--show", action="store_true",
                        help="print the rows the heaviest point changes (not the dev splits')")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data, args.show)
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits {NAMES}: "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check ({', '.join(DEV)} held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
