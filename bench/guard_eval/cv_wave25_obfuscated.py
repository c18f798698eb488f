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
more clean rows flagged than at zero; ties: the lighter point. Only the rows a point can
change are screened (:func:`candidates`; the counts are theirs: a fold's before and after
count the candidate rows, their difference is the split's), each once per setting of the
axes that can change it (every point is screened: the weights need not only add, since
``addressed_world`` stands for two older cues). Run from the repository
root::

    python bench/guard_eval/cv_wave25_obfuscated.py [--bench DIR] [--label NAME]

The recorded run (results/cv_wave25_obfuscated.json) is of commit 89bd20669d62, where
``addressed_world`` was registered at 0.55; every fold chose 0 for it and it is no longer
registered, so on a later tree its axis is skipped (only 0 is read).
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
GRID = list(product((0.0, 0.35, 0.45, 0.55), (0.0, 0.45, 0.55, 0.65, 0.75), (0.0, 0.2, 0.4),
                    (0.0, 0.2, 0.35, 0.55)))
ZERO = (0.0, 0.0, 0.0, 0.0)
MOST = (0.55, 0.75, 0.4, 0.55)


def apply(point: tuple[float, ...]) -> None:
    """Give the screen the weights of ``point``."""
    from cognimem_plugins.guard import cues, injection, unveiled

    fill, addressed, reading, imperative = point
    _set("url_fill", fill)
    if "addressed_world" in cues._INDEX:
        _set("addressed_world", addressed)
    unveiled.ENABLED = reading > 0
    injection.READING_WEIGHT = reading
    injection.IMPERATIVE_RUN_WEIGHT = imperative


def candidates(data: list[w15.Row]) -> dict[int, tuple[bool, ...]]:
    """The rows some point of the grid can change, each with the axes that can change it:
    ``url_fill`` or ``addressed_world`` where its pattern matches the case-folded text, the
    (in the text or in a run's decoded text, which is screened with the cues too), the
    readings and the imperative's weight where the text holds a decoded run or a reading
    (every run, readings on). Any other
    row is screened the same at every point, so it is not screened at all (the choice rule
    reads only differences)."""
    import re

    from cognimem_plugins.guard import addressed_world, exfil_fill, unveiled
    from cognimem_plugins.guard.decoding import decoded_runs
    from cognimem_plugins.guard.normalise import normalise

    patterns = [re.compile(exfil_fill.URL_FILL, re.MULTILINE),
                re.compile(addressed_world.ORDER, re.MULTILINE)]
    unveiled.ENABLED = True
    out: dict[int, tuple[bool, ...]] = {}
    for i, (_, _, text) in enumerate(data):
        norm = normalise(text)
        runs = decoded_runs(text, norm.flat)
        folded = [norm.folded, *(normalise(r.text).folded for r in runs)]
        fill, addressed = (any(p.search(f) for f in folded) for p in patterns)
        if runs or fill or addressed:
            out[i] = (fill, addressed, bool(runs), bool(runs))
    return out


def grid_counts(data: list[w15.Row]) -> dict[tuple[float, ...], w15.Counts]:
    """Each point's counts per split over the candidate rows (:func:`candidates`); each row
    is screened once per distinct setting of the axes that can change it."""
    from cognimem_plugins.guard.injection import screen

    cand = candidates(data)
    print(f"{len(cand)} of {len(data)} rows are candidates", flush=True)
    memo: dict[tuple[int, tuple[float | None, ...]], bool] = {}

    def flagged(i: int, point: tuple[float, ...]) -> bool:
        key = (i, tuple(w if axis else None for w, axis in zip(point, cand[i], strict=True)))
        if key not in memo:
            apply(point)
            memo[key] = bool(screen(data[i][2]))
        return memo[key]

    base = {i: flagged(i, ZERO) for i in cand}
    # every weight only adds, but ``addressed_world`` stands for two older cues (0.55 each):
    # below their weight it can lower a row's score. A row it does not match is flagged at
    # every point as at zero unless the heaviest point flags it; those it matches are
    # screened at every point
    moving = [i for i in cand if flagged(i, MOST) != base[i] or cand[i][1]]
    print(f"{len(moving)} rows screened at each point", flush=True)
    zero = w15.counts([data[i] for i in cand], [base[i] for i in cand])
    for split in {s for s, _, _ in data}:
        zero.setdefault(split, (0, 0))
    per: dict[tuple[float, ...], w15.Counts] = {}
    for point in GRID:
        out = {s: list(c) for s, c in zero.items()}
        for i in moving:
            now = flagged(i, point)
            if now != base[i]:
                split, group, _ = data[i]
                out[split][group == "clean"] += 1 if now else -1
        per[point] = {s: (a, b) for s, (a, b) in out.items()}
    return per


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues, injection, unveiled

    if "addressed_world" not in cues._INDEX:
        global GRID
        GRID = [p for p in GRID if p[1] == 0.0]
    shipped = (cues.CUES[cues._INDEX["url_fill"]].weight,
               cues.CUES[cues._INDEX["addressed_world"]].weight
               if "addressed_world" in cues._INDEX else 0.0,
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
