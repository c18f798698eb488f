"""Wave 25 (keys): the readers of :mod:`.keymaterial`, kept or left out by
leave-one-split-out cross-validation over the fifty-six seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``nouns``: key material named by its domain's noun (``appkey``, ``HMAC key``,
  ``EncryptionKey``, ``ZMK_COMPONENT``; ``keymaterial.READ_KEY_NOUNS``);
* ``calls``: a key-length literal given to a call that signs, authenticates or encrypts
  with it (``setup_signing(bytes.fromhex("..."))``; ``keymaterial.READ_KEY_CALLS``);
* ``upperhex``: capital hexadecimal of a key's length after "key"
  (``keymaterial.READ_UPPER_HEX``);
* ``twoclass``: letters of one case and digits, drawn, after a key's, a token's or a
  secret's name (``keymaterial.READ_TWO_CLASS``).

Each point redacts every secret and clean row of the 56 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``) and the LoCoMo / LongMemEval training-half
turns. A fold leaving split S out takes the point that changes no more clean rows than the
empty point on any other split or bound and catches the most secrets on the other splits
(ties: the fewest mechanisms): ``cv_wave21_secrets``' ``weigh``/``main`` with this wave's
switches. Nothing is printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave25_keys.py [--readmes /tmp/readmes.jsonl] [--label L]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 55)))
MECHANISMS = ("nouns", "calls", "upperhex", "twoclass")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import keymaterial

    keymaterial.READ_KEY_NOUNS = "nouns" in point
    keymaterial.READ_KEY_CALLS = "calls" in point
    keymaterial.READ_UPPER_HEX = "upperhex" in point
    keymaterial.READ_TWO_CLASS = "twoclass" in point


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    """Wave 21's grid and folds over this wave's switches."""
    return w21.weigh(data, apply, MECHANISMS, SPLITS)


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
