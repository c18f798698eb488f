"""Wave 27 (precision): leave-one-split-out choice of the switch ``SUPERSEDED`` of
:mod:`cognimem_plugins.guard.revision` (a writer replacing their own earlier convention:
"Vergiss die vorherige Anweisung zur Einrückung, wir nutzen jetzt 4 Leerzeichen", read by
what the cancelled object is; issue #39).

The switch only blanks a flag (through :func:`.revision.own_revision`, which
:func:`.stance.defends` reads), so its cost is the injections it frees and its gain the
clean notes. The rows are the injection and clean rows of the 64 seen splits, redacted as a
write redacts them, and the bounds (``cv_wave16_pressure.bounded_rows``: the honest notes,
the READMEs, the training half's dataset turns and the guard's tests' look-alikes). Only
the rows holding a verb that sets something aside (:data:`.revision._CANCEL`) are screened
twice; the others cannot move. For each split held out (fresh59-62, the dev check, are
counted by program: nothing of a row is printed) the other splits choose the switch on when
it frees more clean notes than it loses injections and loses no more than it frees (ties:
off). Run from the repository root::

    python bench/guard_eval/cv_wave27_superseded.py [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv_wave26_revision as w26r

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
DEV = ("fresh59", "fresh60", "fresh61", "fresh62")


def main(argv: list[str] | None = None) -> int:
    """Wave 26's method (:func:`cv_wave26_revision.main`) on the switch ``SUPERSEDED``."""
    return w26r.main(argv, script="cv_wave27_superseded.py", switch="SUPERSEDED",
                     gate="_CANCEL", what="hold a verb that sets something aside",
                     splits=SPLITS, dev=DEV)


if __name__ == "__main__":
    raise SystemExit(main())
