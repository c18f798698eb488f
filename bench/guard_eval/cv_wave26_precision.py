"""Wave 26 (precision): leave-one-split-out choice of the wave 26 tests of
:mod:`cognimem_plugins.guard.publicdata` (read through :mod:`.lookalikes`; issue #39).

Each test only keeps a candidate a reader found: ``versioned`` (a version tag such as
``v2`` counts as a word in decoded base64 text: ``cursor:v2:3053``), ``digest`` (a digest's
bytes, hex or base64 of 16-64 bytes, that the line names a hash, a fingerprint, a digest,
a checksum or a thumbprint), ``pubkey`` (a public key's bytes, an EC point or 32 bytes,
after the line's name of a public key and no private name), ``browser`` (the value of a
``Sec-`` header, which a browser writes) and ``repeated`` (a placeholder's word repeated
in the value). So a test's cost is the secret rows it lets through and its gain the clean
rows it frees. The wave 24 and 25 tests stay as shipped. The points are the 32 subsets of
the five tests; for each of the sixty seen splits held out (fresh55-58, the dev check,
counted by program: nothing of a row is printed) the other splits choose the point that
frees the most clean rows less the secrets it loses, admissible only if it loses no more
than it frees (``cv_wave19_precision``'s ``choose``; ties: fewer tests). Bounds (clean
rows of their own): the honest notes, the READMEs (``readme_rows.py``), the LoCoMo and
LongMemEval turns of the learned cue's training half and the look-alikes the guard's own
tests leave unredacted (``tested_texts.py``). Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave26_precision.py [--label NAME] [--bench /work/shared/bench]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
DEV = ("fresh55", "fresh56", "fresh57", "fresh58")


def _names(tests: str = "W26_TESTS") -> tuple[str, ...]:
    from cognimem_plugins.guard import lookalikes

    names: tuple[str, ...] = getattr(lookalikes, tests)
    return names


def _apply(point: frozenset[str], base: frozenset[str], names: tuple[str, ...]) -> None:
    from cognimem_plugins.guard import lookalikes

    lookalikes.TESTS = frozenset(base - set(names)) | point


def main(argv: list[str] | None = None, *, wave: int = 26, tests: str = "W26_TESTS",
         splits: tuple[str, ...] = SPLITS, dev: tuple[str, ...] = DEV) -> int:
    """Choose the switches of ``lookalikes.<tests>`` (wave 27's script calls this with its
    own tests and splits)."""
    parser = argparse.ArgumentParser(prog=f"python bench/guard_eval/cv_wave{wave}_precision.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    from cognimem_plugins.guard import lookalikes

    # (the tests' look-alikes and the fallback to /work/shared/bench are bounded_secret_rows')
    rows = w19p.bounded_secret_rows(args.bench, splits)
    names = _names(tests)
    shipped = lookalikes.TESTS
    per = w19p.switch_counts(rows, names, lambda point: _apply(point, shipped, names))
    lookalikes.TESTS = shipped
    result: dict[str, Any] = w19p.weigh(per, names)
    del result["points"]
    result["dev_before_after"] = w16.dev_change(result, dev)
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
