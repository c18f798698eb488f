"""Wave 23 (masked): leave-one-split-out choice of the tests of
:mod:`cognimem_plugins.guard.nonsecret` (issue #39).

Each test only keeps a candidate whose own text says it is no secret (a date, an address,
a code path, bracketed words, a word of masking, a block mask, a truncation, a schema,
counting hexadecimal, a Twilio Account SID, words with a function word, a secret's name as
a value, a dated label), so its cost is the secret rows it lets through and its gain the
clean rows it frees. The points are the subsets of the tests; for each of the forty-eight
seen splits held out, the other splits choose the point that frees the most clean rows
less the secrets it loses, a point being admissible only if it loses no more than it frees
(``cv_wave19_precision``'s rule, ``choose`` and ``gain``; ties: fewer tests). The honest
notes, the README paragraphs of installed packages (``readme_rows.py``) and the LoCoMo and
LongMemEval turns of the learned cue's training half are clean rows of their own (bounds).
Only the rows whose redaction differs between no test and every test are redacted again,
and a point's tally is the empty point's plus those rows' changes (8,192 points). Nothing
is printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave23_masked.py [--label NAME] [--bench /work/shared/bench]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 47)))


def counts(rows: list[tuple[str, str, str, str]]) -> dict[frozenset[str], w19p.Counts]:
    """Each point's (secrets caught, clean rows changed) per split and bound."""
    from cognimem_plugins.guard import nonsecret

    def apply(point: frozenset[str]) -> None:
        nonsecret.TESTS = point

    shipped = nonsecret.TESTS
    per = w19p.switch_counts(rows, nonsecret.ALL_TESTS, apply)
    nonsecret.TESTS = shipped
    return per


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave23_masked.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    from cognimem_plugins.guard import nonsecret

    rows = w19p.bounded_secret_rows(args.bench, SPLITS)
    per = counts(rows)
    result: dict[str, Any] = w19p.weigh(per, nonsecret.ALL_TESTS)
    del result["points"]  # 8,192 of them
    print(f"chosen on all {result['chosen_on_all']}; single tests (freed, lost) "
          f"{result['single_switch_freed_lost_on_all']}; bounds (secrets, changed: none -> "
          f"chosen) {result['bounds']}")
    print("  (before/after: secrets caught, clean changed)")
    w16.report_folds(result, None)
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
