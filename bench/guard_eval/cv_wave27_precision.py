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

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave19_precision as w19p  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
DEV = ("fresh59", "fresh60", "fresh61", "fresh62")


def _names() -> tuple[str, ...]:
    from cognimem_plugins.guard import lookalikes

    return lookalikes.W27_TESTS


def _apply(point: frozenset[str], base: frozenset[str]) -> None:
    from cognimem_plugins.guard import lookalikes

    lookalikes.TESTS = frozenset(base - set(_names())) | point


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave27_precision.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    from cognimem_plugins.guard import lookalikes

    # (the tests' look-alikes and the fallback to /work/shared/bench are bounded_secret_rows')
    rows = w19p.bounded_secret_rows(args.bench, SPLITS)
    shipped = lookalikes.TESTS
    per = w19p.switch_counts(rows, _names(), lambda point: _apply(point, shipped))
    lookalikes.TESTS = shipped
    result: dict[str, Any] = w19p.weigh(per, _names())
    del result["points"]
    result["dev_before_after"] = w16.dev_change(result, DEV)
    print(f"chosen on all {result['chosen_on_all']}; single tests (freed, lost) "
          f"{result['single_switch_freed_lost_on_all']}; bounds (secrets, changed: none -> "
          f"chosen) {result['bounds']}; dev change (secrets caught, clean changed), each held out "
          f"{result['dev_before_after']}")
    print("  (before/after: secrets caught, clean changed)")
    w16.report_folds(result, None)
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
