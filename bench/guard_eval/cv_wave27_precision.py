"""Wave 27 (precision): leave-one-split-out choice of the wave 27 tests of
:mod:`cognimem_plugins.guard.publicdata` (read through :mod:`.lookalikes`; issue #39).

Each test only keeps a candidate a reader found: ``remark`` (the words after the value on
its line call it public: "(public SDK endpoint key)", "// client key, browser-safe",
"it's meant to be public"; nothing takes it back, no other value between, a label naming
no secret's role, and a value in no provider's documented secret format), ``recipient``
(an age recipient or a Nostr public key, ``age1``/``npub1`` and 58 characters: the public
half in its own encoding) and ``cursor`` (base64 of printable text under a pagination
cursor's name). So a test's cost is the secret rows it lets through and its gain the clean
rows it frees. The earlier tests stay as shipped. The points are the 8 subsets of the three
tests; for each of the 64 seen splits held out (fresh59-62, the dev check, counted by
program: nothing of a row is printed) the other splits choose the point that frees the most
clean rows less the secrets it loses, admissible only if it loses no more than it frees
(``cv_wave19_precision``'s ``choose``; ties: fewer tests). Bounds (clean rows of their own):
the honest notes, the READMEs (``readme_rows.py``), the LoCoMo and LongMemEval turns of the
learned cue's training half and the look-alikes the guard's own tests leave unredacted
(``tested_texts.py``). Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave27_precision.py [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv_wave26_precision as w26p

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
DEV = ("fresh59", "fresh60", "fresh61", "fresh62")


def main(argv: list[str] | None = None) -> int:
    """Wave 26's method (:func:`cv_wave26_precision.main`) on the wave 27 tests."""
    return w26p.main(argv, wave=27, tests="W27_TESTS", splits=SPLITS, dev=DEV)


if __name__ == "__main__":
    raise SystemExit(main())
