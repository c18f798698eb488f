"""Wave 26 (keys): the readers of :mod:`.credwords`, kept or left out by leave-one-split-out
cross-validation over the sixty seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``abbrev``: a token named by the abbreviation "PAT" or "OAuth" as a name's last word
  (``OVSX_PAT``, ``shipbob.pat``, ``TwitchOauth``; ``credwords.READ_ABBREVIATED``);
* ``session``: a session's bearer value (``aspace_session``, ``"session":``,
  ``OMERO_SESSION_KEY``; ``credwords.READ_SESSIONS``);
* ``signed``: the value a text says it signs with ("webhooks are signed with ...";
  ``credwords.READ_SIGNED_WITH``);
* ``hexnames``: hexadecimal of 32 digits or more given to a key's setting of two words or
  more after "is", a space and a quote, or a subscript (``GREENHOUSE_HARVEST_KEY is ...``,
  ``app.config['X_KEY'] = '...'``; ``credwords.READ_HEX_NAMES``).

Each point redacts every secret and clean row of the 60 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``), the LoCoMo / LongMemEval training-half
turns and the look-alikes the guard's tests leave alone (``tested_texts.py``). A fold
leaving split S out takes the point that changes no more clean rows than the empty point on
any other split or bound and catches the most secrets on the other splits (ties: the fewest
mechanisms): ``cv_wave21_secrets``' ``weigh``/``main`` with this wave's switches. Nothing is
printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave26_keys.py [--readmes /tmp/readmes.jsonl] [--label L]
                                              [--bench /work/shared/bench]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave21_secrets as w21  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
MECHANISMS = ("abbrev", "session", "signed", "hexnames")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import credwords

    credwords.READ_ABBREVIATED = "abbrev" in point
    credwords.READ_SESSIONS = "session" in point
    credwords.READ_SIGNED_WITH = "signed" in point
    credwords.READ_HEX_NAMES = "hexnames" in point


def main(argv: list[str] | None = None) -> int:
    return w21.main(argv, doc=__doc__, switch=apply, mechanisms=MECHANISMS, splits=SPLITS)


if __name__ == "__main__":
    raise SystemExit(main())
