"""Wave 24 (secrets): the readers of :mod:`.handled`, kept or left out by leave-one-split-out
cross-validation over the fifty-two seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``handled``: a random or chosen value on a line that handles it as a secret (moved to a
  vault, revoked, rotated, not to be pasted or committed; ``handled.READ_HANDLED``);
* ``headers``: a credential's HTTP header in any layout (``"X-Auth" => "..."``,
  ``Header X-Api-Key ...``, ``-H 'X-...-Session: ...'``, ``{"name": "Authorization",
  "value": "..."}``; ``handled.READ_HEADERS``);
* ``words``: Arabic's, Hebrew's and Kazakh's forms of "password" the rows of
  :mod:`.prose_words` miss (``handled.READ_WORDS``);
* ``piped``: a literal echoed or given as a here-string to a command that reads a secret
  (``handled.READ_PIPED``);
* ``directives``: the value of a line ``Name value`` named a password, a secret or a token
  (``requirepass ...``, ``RConPassword ...``; ``handled.READ_DIRECTIVES``).

Each point redacts every secret and clean row of the 52 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``) and the LoCoMo / LongMemEval training-half
turns. A fold leaving split S out takes the point that changes no more clean rows than the
empty point on any other split or bound and catches the most secrets on the other splits
(ties: the fewest mechanisms): ``cv_wave21_secrets``' ``weigh``/``main`` with this wave's
switches. Nothing is printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave24_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 51)))
MECHANISMS = ("handled", "headers", "words", "piped", "directives")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import handled

    handled.READ_HANDLED = "handled" in point
    handled.READ_HEADERS = "headers" in point
    handled.READ_WORDS = "words" in point
    handled.READ_PIPED = "piped" in point
    handled.READ_DIRECTIVES = "directives" in point


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    """Wave 21's grid and folds over this wave's switches."""
    return w21.weigh(data, apply, MECHANISMS, SPLITS)


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
