"""Wave 25 (secrets): the layout readers of this wave, kept or left out by leave-one-split-out
cross-validation over the fifty-six seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``keyed``: a list item's or an object's ``key`` naming the setting, its next slot the
  ``value`` (``- key: NAME`` / ``value: ...``, ``{"key": "NAME", "value": "..."}``;
  ``siblings.READ_KEYED``);
* ``blocks``: a block opened by the setting's name whose ``value`` or ``default`` key holds
  the value (ARM's ``"NAME": {"value": ...}``, CloudFormation's and Terraform's parameters,
  an INI section ``[NAME]`` / ``value = ...``; ``siblings.READ_BLOCKS``);
* ``named``: an element whose ``Name`` attribute names the setting and whose text is its
  value (``<Config Name="NAME" ...>value</Config>``; ``siblings.READ_NAMED``);
* ``tables``: a Markdown table's row that closes a JSON string (``siblings.READ_TABLES``);
* ``calls``: a literal given to a call named for authentication or signing
  (``authcalls.READ_AUTH_CALLS``);
* ``basic``: base64 of ``user:password`` right after a setting's ``=``, a Windows domain's
  user (``wrapped.READ_SETTINGS``);
* ``signins``: ``login USER PASSWORD`` and a sign-in command's ``-w``/``-p`` value
  (``signins.READ_SIGNINS``).

Each point redacts every secret and clean row of the 56 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``) and the LoCoMo / LongMemEval training-half
turns. A fold leaving split S out takes the point that changes no more clean rows than the
empty point on any other split or bound and catches the most secrets on the other splits
(ties: the fewest mechanisms): ``cv_wave21_secrets``' ``weigh``/``main`` with this wave's
switches. Nothing is printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave25_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
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
MECHANISMS = ("keyed", "blocks", "named", "tables", "calls", "basic", "signins")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import authcalls, siblings, signins, wrapped

    siblings.READ_KEYED = "keyed" in point
    siblings.READ_BLOCKS = "blocks" in point
    siblings.READ_NAMED = "named" in point
    siblings.READ_TABLES = "tables" in point
    authcalls.READ_AUTH_CALLS = "calls" in point
    wrapped.READ_SETTINGS = "basic" in point
    signins.READ_SIGNINS = "signins" in point


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    """Wave 21's grid and folds over this wave's switches."""
    return w21.weigh(data, apply, MECHANISMS, SPLITS)


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
