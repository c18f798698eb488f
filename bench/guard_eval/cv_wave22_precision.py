"""Wave 22 (precision): leave-one-split-out choice of the tests of
:mod:`cognimem_plugins.guard.defaults` (issue #39).

Each test only keeps text a reader would redact (a base64 fill, a default credential, a
reference, base64 of public JSON, a public key's fingerprint), so its cost is the secret
rows it lets through and its gain the clean rows it frees. The points are the subsets of
the tests; for each of the forty-four seen splits held out, the other splits choose the
point that frees the most clean rows less the secrets it loses, a point being admissible
only if it loses no more than it frees (``cv_wave19_precision``'s rule and helpers; ties:
fewer tests). The honest notes, the README paragraphs of installed packages and the LoCoMo
and LongMemEval turns of the learned cue's training half are clean rows of their own
(bounds). Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave22_precision.py [--label NAME] [--bench /work/shared/bench]
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
from guard_corpus import leaked  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 43)))
TESTS = ("padded", "default", "reference", "cursor", "fingerprint")


def counts(rows: list[tuple[str, str, str, str]]) -> dict[frozenset[str], w19p.Counts]:
    """Each point's (secrets caught, clean rows changed) per split; only the rows whose
    redaction differs between no test and every test are redacted again."""
    from cognimem_plugins.guard import defaults
    from cognimem_plugins.guard.secrets import redact

    def hits(point: frozenset[str], idx: list[int]) -> list[bool]:
        defaults.TESTS = point
        out = []
        for i in idx:
            _, group, text, secret = rows[i]
            red = redact(text)[0]
            out.append(not leaked(secret, red) if group == "secret" else red != text)
        return out

    shipped = defaults.TESTS
    every = list(range(len(rows)))
    none = hits(frozenset(), every)
    full = hits(frozenset(TESTS), every)
    moving = [i for i in every if none[i] != full[i]]
    print(f"{len(moving)} of {len(rows)} rows move between no test and every test", flush=True)
    groups = [(s, g) for s, g, _, _ in rows]
    per: dict[frozenset[str], w19p.Counts] = {}
    for point in w19p.points(TESTS):
        flags = list(none)
        for i, h in zip(moving, hits(point, moving), strict=True):
            flags[i] = h
        per[point] = w19p._tally(groups, flags)
    defaults.TESTS = shipped
    return per


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave22_precision.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    rows = w19p.bounded_secret_rows(args.bench, SPLITS)
    result: dict[str, Any] = w19p.weigh(counts(rows), TESTS)
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
