"""Wave 26 (secrets): a key carried in a URL's path or after a qualified noun, kept or left
out by leave-one-split-out cross-validation over the sixty seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``paired``: two random segments in a row in a URL's path (an id and its secret:
  ``/webhook/ID/SECRET``, ``/APP-UUID/KEY-UUID/data/...``; ``urlpaths.READ_PAIRED``);
* ``prefix``: a random first segment, not a UUID, of a path that goes on below it or that
  a slash closes, with no random or encoded segment below it (``https://NODE.HOST/TOKEN/``,
  ``https://dl.HOST/TOKEN/org/repo/...``; ``urlpaths.READ_PREFIX``);
* ``qualified``: a credential's noun, a qualifier, then its value in prose ("partner key for
  the rental feed: VALUE", "installer password for the gateway (...): VALUE";
  ``qualified.READ_QUALIFIED``).

Each point redacts every secret and clean row of the 60 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``), the LoCoMo / LongMemEval training-half turns
and the look-alikes the guard's tests leave alone (``tested_texts.py``). A fold leaving split
S out takes the point that changes no more clean rows than the empty point on any other split
or bound and catches the most secrets on the other splits (ties: the fewest mechanisms):
``cv_wave21_secrets``' ``weigh``/``main`` with this wave's switches. Nothing is printed of a
row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave26_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
                                                 [--bench /work/shared/bench]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave19_spans as w19  # noqa: E402
import cv_wave21_secrets as w21  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
MECHANISMS = ("paired", "prefix", "qualified")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import qualified, urlpaths

    urlpaths.READ_PAIRED = "paired" in point
    urlpaths.READ_PREFIX = "prefix" in point
    qualified.READ_QUALIFIED = "qualified" in point


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    """Wave 21's grid and folds over this wave's switches."""
    return w21.weigh(data, apply, MECHANISMS, SPLITS)


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
