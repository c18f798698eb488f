"""Wave 23 (secrets): the readers of :mod:`.named_settings`, kept or left out by
leave-one-split-out cross-validation over the forty-eight seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``pins``: a setting whose last word is "pin" with 4 to 12 digits
  (``named_settings.READ_PINS``: ``PKCS11_PIN=...``, ``"account_pin": "..."``, ``--so-pin``);
* ``secretids``: a generated value of a setting named a secret's or a certificate's id
  (``named_settings.READ_SECRET_IDS``: ``VAULT_SECRET_ID=<UUID>``, ``EBAY_CERT_ID=...``);
* ``attrs``: a secret's name given as an element's attribute or a call's argument, its
  value as another attribute, the element's text or the next argument
  (``named_settings.READ_NAME_ATTRS``);
* ``short``: a random value of 12 to 19 characters given to a setting named a key, a secret
  or a token (``named_settings.READ_SHORT``);
* ``uuids``: a UUID after a credential's noun in its clause (``named_settings.READ_UUIDS``);
* ``signin``: the last literal given to a sign-in call or to an ``auth`` pair
  (``named_settings.READ_SIGN_IN``: ``robot.authenticate('user', '...')``).

Each point redacts every secret and clean row of the 48 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``) and the LoCoMo / LongMemEval training-half
turns. A fold leaving split S out takes the point that changes no more clean rows than the
empty point on any other split or bound and catches the most secrets on the other splits
(ties: the fewest mechanisms): ``cv_wave21_secrets``' ``weigh``/``main`` with this wave's
switches. Nothing is printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave23_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 47)))
MECHANISMS = ("pins", "secretids", "attrs", "short", "uuids", "signin")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import named_settings

    named_settings.READ_PINS = "pins" in point
    named_settings.READ_SECRET_IDS = "secretids" in point
    named_settings.READ_NAME_ATTRS = "attrs" in point
    named_settings.READ_SHORT = "short" in point
    named_settings.READ_UUIDS = "uuids" in point
    named_settings.READ_SIGN_IN = "signin" in point


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    """Wave 21's grid and folds over this wave's switches."""
    return w21.weigh(data, apply, MECHANISMS, SPLITS)


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
