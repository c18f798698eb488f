"""Wave 24 (precision): leave-one-split-out choice of the tests of
:mod:`cognimem_plugins.guard.lookalikes` and of ``nonsecret``'s ``account`` (issue #39).

Each test only keeps a candidate (a short prefix continued by a mask, a table's cell under
a header that names neither a value nor a secret, a regular expression, a path given to
``file=``, a value labelled public; a Twilio Account SID), so its cost is the secret rows
it lets through and its gain the clean rows it frees. The points are the subsets of the
six tests; for each of the fifty-two seen splits held out (fresh47-50, the dev check,
counted by program: nothing of a row is printed), the other splits choose the point that
frees the most clean rows less the secrets it loses, a point being admissible only if it
loses no more than it frees (``cv_wave19_precision``'s ``choose`` and ``gain``; ties:
fewer tests). The honest notes, the README paragraphs of installed packages
(``readme_rows.py``) and the LoCoMo and LongMemEval turns of the learned cue's training
half are clean rows of their own (bounds). Only the rows whose redaction differs between
no test and every test are redacted again. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave24_precision.py [--label NAME] [--bench /work/shared/bench]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 51)))
DEV = ("fresh47", "fresh48", "fresh49", "fresh50")
#: nonsecret's test chosen here beside lookalikes' (its label settled in wave 24)
ACCOUNT = "account"


def _names() -> tuple[str, ...]:
    from cognimem_plugins.guard import lookalikes

    return (*lookalikes.ALL_TESTS, ACCOUNT)


def _apply(point: frozenset[str], base: frozenset[str]) -> None:
    from cognimem_plugins.guard import lookalikes, nonsecret

    lookalikes.TESTS = frozenset(point - {ACCOUNT})
    nonsecret.TESTS = (base | {ACCOUNT}) if ACCOUNT in point else (base - {ACCOUNT})


def counts(rows: list[tuple[str, str, str, str]]) -> dict[frozenset[str], w19p.Counts]:
    """Each point's (secrets caught, clean rows changed) per split and bound."""
    from cognimem_plugins.guard import lookalikes, nonsecret

    shipped = (lookalikes.TESTS, nonsecret.TESTS)
    base = nonsecret.TESTS
    per = w19p.switch_counts(rows, _names(), lambda point: _apply(point, base))
    lookalikes.TESTS, nonsecret.TESTS = shipped
    return per


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave24_precision.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    rows = w19p.bounded_secret_rows(args.bench, SPLITS)
    per = counts(rows)
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
