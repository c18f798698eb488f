"""Leave-one-split-out choice of wave 25's weights for hidden, exfiltrating and other-language
orders (issue #39, w25-obfuscated).

Wave 25 adds ``url_fill`` (:mod:`cognimem_plugins.guard.exfil_fill`: an address whose slot
the note says to fill with a third party's data) and ``addressed_world``
(:mod:`cognimem_plugins.guard.addressed_world`: an order to the AI reader after a record's
label in a language the verb lists lack), and weighs again wave 24's readings of a note's
own hidden letters (:mod:`cognimem_plugins.guard.unveiled`, shipped off): off, or on with
``injection.READING_WEIGHT`` 0.2 or 0.4; and ``injection.IMPERATIVE_RUN_WEIGHT``
(:mod:`cognimem_plugins.guard.decoded_acts`: a decoded run that opens with an act's
imperative). One joint grid; a cue at weight 0 is switched off
(its pattern matches nothing: ``addressed_world`` stands for two older cues).

The rows and the rule are those of ``cv_wave16_pressure`` (``bounded_rows``,
``fold_result``, ``dev_change``, ``report_folds``, imported): the fifty-six seen splits,
the honest developer notes, the README paragraphs and the LoCoMo and LongMemEval turns of
the learned cue's training half (``/work/shared/bench`` when the repository's sibling is
absent, as from a worktree). For each split held out, the point is the one that flags the
most injections on the other splits with, in **every** other split and in every bound, no
more clean rows flagged than at zero; ties: the lighter point. Only the rows the heaviest
point or zero flags differently are screened again at each point. Run from the repository
root::

    python bench/guard_eval/cv_wave25_obfuscated.py [--bench DIR] [--label NAME]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 55)))
#: the splits no row of which was read while the readers were written (the dev check)
DEV = ("fresh51", "fresh52", "fresh53", "fresh54")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("url_fill", "addressed_world", "readings", "IMPERATIVE_RUN_WEIGHT")
#: readings: 0 off, else on with that READING_WEIGHT
GRID = list(product((0.0, 0.2, 0.35, 0.45, 0.55), (0.0, 0.35, 0.45, 0.55, 0.65, 0.75),
                    (0.0, 0.2, 0.4), (0.0, 0.2, 0.35, 0.45, 0.55)))
ZERO = (0.0, 0.0, 0.0, 0.0)
MOST = (0.55, 0.75, 0.4, 0.55)


def apply(point: tuple[float, ...]) -> None:
    """Give the screen the weights of ``point``."""
    from cognimem_plugins.guard import injection, unveiled

    fill, addressed, reading, imperative = point
    _set("url_fill", fill)
    _set("addressed_world", addressed)
    unveiled.ENABLED = reading > 0
    injection.READING_WEIGHT = reading
    injection.IMPERATIVE_RUN_WEIGHT = imperative


def grid_counts(data: list[w15.Row]) -> dict[tuple[float, ...], w15.Counts]:
    """Each point's counts per split (only the rows :data:`MOST` or :data:`ZERO` flag
    differently are screened at each point)."""
    from cognimem_plugins.guard.injection import screen

    apply(ZERO)
    base = [bool(screen(t)) for _, _, t in data]
    apply(MOST)
    most = [bool(screen(t)) for _, _, t in data]
    moving = [i for i in range(len(data)) if most[i] != base[i]]
    lost = sum(1 for i in moving if base[i])
    print(f"{len(moving)} of {len(data)} rows may change ({lost} flagged at zero only)",
          flush=True)
    zero = w15.counts(data, base)
    per: dict[tuple[float, ...], w15.Counts] = {}
    for point in GRID:
        apply(point)
        out = {s: list(c) for s, c in zero.items()}
        for i in moving:
            now = bool(screen(data[i][2]))
            if now != base[i]:
                split, group, _ = data[i]
                out.setdefault(split, [0, 0])[group == "clean"] += 1 if now else -1
        per[point] = {s: (a, b) for s, (a, b) in out.items()}
    return per


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues, injection, unveiled

    shipped = (cues.CUES[cues._INDEX["url_fill"]].weight,
               cues.CUES[cues._INDEX["addressed_world"]].weight,
               injection.READING_WEIGHT if unveiled.ENABLED else 0.0,
               injection.IMPERATIVE_RUN_WEIGHT)
    per = grid_counts(data)
    apply(shipped)
    return {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 25's readers; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave25_obfuscated.py")
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
