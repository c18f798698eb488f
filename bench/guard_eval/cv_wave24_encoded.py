"""Leave-one-split-out choice of wave 24's weights and switches for encoded and obfuscated
orders and Unicode tricks (issue #39).

Wave 24 adds (:mod:`cognimem_plugins.guard.unveiled`) readings of a note whose order hides
in its own letters (a stretch spelled out letter by letter, soft hyphens for spaces, quoted
pieces to join, accents on every vowel), each screened as a decoded run and weighed by
``injection.READING_WEIGHT``; the note's own words around a decoded run (an order to act on
what it holds, a label naming an AI reader), weighed by ``injection.AROUND_WEIGHT`` per
mark; and, in :mod:`~cognimem_plugins.guard.normalise` and
:mod:`~cognimem_plugins.guard.disguise`, four switches: a note spelled out letter by letter
throughout has its punctuated form joined (``JOIN_SPACED_FOLDED``), a sentence of enclosed
letters counts its letters (``STYLED_SENTENCE_FIX``: circled and parenthesized letters are
symbols to Unicode), a sentence in small capitals is styled (``SMALL_CAPITAL_SENTENCE``)
and words broken by soft hyphens are (``SOFT_HYPHEN_DISGUISE``). The readings themselves are
a switch too (``unveiled.ENABLED``).

The rows and the rule are those of ``cv_wave16_pressure`` (its choice, fold record and
report, and ``cv_wave15_requests.rows``, imported): the fifty-two seen splits, the honest
developer notes and look-alikes, the README paragraphs of installed packages and the LoCoMo
and LongMemEval turns of the learned cue's training half (``/work/shared/bench`` when the
repository's sibling is absent, as from a worktree). For each split held out, the point is
the one that flags the most injections on the other splits with, in **every** other split
and in the honest notes, the READMEs and the turns, no more clean rows flagged than at zero
(every weight 0 and every switch off: the wave 23 screen); ties: the lighter point. Only the
rows that the heaviest point flags and zero does not are screened again at each point (the
weights and switches only add). Run from the repository root::

    python bench/guard_eval/cv_wave24_encoded.py [--bench DIR] [--label NAME]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 51)))
#: the splits no row of which was read while the readers were written (the dev check)
DEV = ("fresh47", "fresh48", "fresh49", "fresh50")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("AROUND_WEIGHT", "READING_WEIGHT", "readings", "JOIN_SPACED_FOLDED",
         "STYLED_SENTENCE_FIX", "SMALL_CAPITAL_SENTENCE", "SOFT_HYPHEN_DISGUISE")
#: (a switch is 0 or 1; the weights go to the threshold's 0.75 with the learned cue's and
#: the note's own cues beside them)
GRID = list(product((0.0, 0.2, 0.3, 0.4, 0.45), (0.0, 0.2, 0.4), (0.0, 1.0), (0.0, 1.0),
                    (0.0, 1.0), (0.0, 1.0), (0.0, 1.0)))
ZERO = (0.0,) * len(NAMES)
MOST = tuple(max(p[i] for p in GRID) for i in range(len(NAMES)))


def apply(point: tuple[float, ...]) -> None:
    """Give the screen the weights and switches of ``point``."""
    from cognimem_plugins.guard import disguise, injection, normalise, unveiled

    around, reading, readings, join, styled, small, soft = point
    injection.AROUND_WEIGHT = around
    injection.READING_WEIGHT = reading
    unveiled.ENABLED = bool(readings)
    normalise.JOIN_SPACED_FOLDED = bool(join)
    disguise.STYLED_SENTENCE_FIX = bool(styled)
    normalise.SMALL_CAPITAL_SENTENCE = bool(small)
    normalise.SOFT_HYPHEN_DISGUISE = bool(soft)


def grid_counts(data: list[w15.Row]) -> dict[tuple[float, ...], w15.Counts]:
    """Each point's counts per split (only the rows :data:`MOST` flags and :data:`ZERO` does
    not are screened at each point; their changes are added to zero's counts)."""
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
    from cognimem_plugins.guard import disguise, injection, normalise, unveiled

    shipped = (injection.AROUND_WEIGHT, injection.READING_WEIGHT, float(unveiled.ENABLED),
               float(normalise.JOIN_SPACED_FOLDED), float(disguise.STYLED_SENTENCE_FIX),
               float(normalise.SMALL_CAPITAL_SENTENCE), float(normalise.SOFT_HYPHEN_DISGUISE))
    per = grid_counts(data)
    apply(shipped)
    return {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 24's readers; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave24_encoded.py")
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
