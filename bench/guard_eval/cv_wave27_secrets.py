"""Wave 27 (secrets of providers no reader has seen): the new readers of the redaction,
kept or left out by leave-one-split-out cross-validation over the 64 seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``linenamed``: a random value its line names, after it, by a noun ending in a
  credential's head word in any case style (``flight search worker auth: V``,
  ``<string>X-Api-Key</string><string>V``; ``linenamed.READ_LINE_NAMED``);
* ``short``: the same noun, then within 40 characters a value of 12 to 19 characters that
  mixes upper case, lower case and digits, holds no word of five letters, no object id's
  prefix (``linenamed.READ_SHORT``);
* ``continued``: a redacted base64 value carried over the next lines of its width
  (``continued.READ_CONTINUED``);
* ``records``: a record's value under a name field holding a path whose last part names a
  secret, with other fields between (Terraform's ``aws_ssm_parameter``: ``name =
  "/app/x_api_key"``, ``type = "SecureString"``, ``value = "..."``; ``pairs.READ_RECORDS``).

Each point redacts every secret and clean row of the 64 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``), the LoCoMo / LongMemEval training-half
turns and the look-alikes the guard's tests leave alone (``tested_texts.py``, side
"secret"). A fold leaving split S out takes the point that changes no more clean rows than
the empty point on any other split or bound and catches the most secrets on the other
splits (ties: the fewest mechanisms): ``cv_wave21_secrets``' ``weigh``/``main`` with this
wave's switches. Nothing is printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave27_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
                                                 [--bench /work/shared/bench]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave21_secrets as w21  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
MECHANISMS = ("linenamed", "short", "continued", "records")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import continued, linenamed, pairs

    linenamed.READ_LINE_NAMED = "linenamed" in point
    linenamed.READ_SHORT = "short" in point
    continued.READ_CONTINUED = "continued" in point
    pairs.READ_RECORDS = "records" in point


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
