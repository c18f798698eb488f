"""Leave-one-split-out choice of wave 19's precision readings and tests (issue #39).

Wave 19 adds two kinds of changes that only keep text as written:

* on the secrets side, the tests of :mod:`cognimem_plugins.guard.novalue`, the one test of
  what is not a value that every reader's candidate passes (a mask, a repeated unit, a
  null or another setting's literal, a secret manager's name, a path, a CSP nonce or
  hash): each can only un-redact, so its cost is the secret rows it lets through;
* on the injection side, four readings of what a flagged note's words are
  (``mentions.READINGS``): the user's own plan change (:mod:`~cognimem_plugins.guard.plans`),
  a third person's prohibition (:mod:`~cognimem_plugins.guard.prohibitions`), a quotation
  naming a class of messages (:mod:`~cognimem_plugins.guard.class_quotes`) and the role
  labels of the user's own template (:mod:`~cognimem_plugins.guard.own_templates`): each
  can only unflag, so its cost is the injection rows it unflags.

Each side's points are the subsets of its switches. For each of the thirty seen splits held
out, the other splits choose the point that frees the most clean rows less the secrets (or
injections) it loses; a point is admissible only if it loses no more than it frees (a
clean row changed is worse than a miss; ties: fewer switches); the held-out split is scored
with it. The honest developer notes, the README paragraphs of installed packages and the
LoCoMo and LongMemEval turns of the learned cue's training half are clean rows of their own
(bounds: a switch only keeps text, so they can only improve). Run from the repository
root::

    python bench/guard_eval/cv_wave19_precision.py [--label NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from guard_corpus import leaked  # noqa: E402
from honest_notes import LOOK_ALIKES, honest_notes  # noqa: E402
from score import read_split  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 31)))
READINGS = ("plans", "prohibitions", "class_quotes", "own_roles", "own_orders_w19")
TESTS = ("mask", "repeated", "literal", "manager", "csp")
BOUNDS: tuple[str, ...] = (w15.HONEST, w15.READMES, w15.TURNS, w15.TESTED)
FALLBACK_BENCH = Path("/work/shared/bench")
Counts = dict[str, tuple[int, int]]  # split: (secrets caught or injections flagged, clean changed)


def points(names: tuple[str, ...]) -> list[frozenset[str]]:
    """Every subset of ``names``."""
    return [frozenset(c) for n in range(len(names) + 1) for c in combinations(names, n)]


def _tally(groups: list[tuple[str, str]], hits: list[bool]) -> Counts:
    out: dict[str, list[int]] = {}
    for (split, group), hit in zip(groups, hits, strict=True):
        c = out.setdefault(split, [0, 0])
        if hit:
            c[group == "clean"] += 1
    return {s: (a, b) for s, (a, b) in out.items()}


def injection_counts(data: list[w15.Row]) -> dict[frozenset[str], Counts]:
    """Each reading point's (injections flagged, clean flagged) per split: only the rows
    flagged with no new reading are screened again (a reading only blanks)."""
    from cognimem_plugins.guard import mentions
    from cognimem_plugins.guard.injection import screen

    shipped = mentions.READINGS
    old = shipped - set(READINGS)
    mentions.READINGS = old
    base = [bool(screen(t)) for _, _, t in data]
    flagged = [i for i, f in enumerate(base) if f]
    print(f"{len(flagged)} of {len(data)} rows flagged with no new reading", flush=True)
    groups = [(s, g) for s, g, _ in data]
    per: dict[frozenset[str], Counts] = {}
    for point in points(READINGS):
        mentions.READINGS = old | point
        flags = list(base)
        for i in flagged:
            flags[i] = bool(screen(data[i][2]))
        per[point] = _tally(groups, flags)
    mentions.READINGS = shipped
    return per


def secret_rows() -> list[tuple[str, str, str, str]]:
    """(split, group, text, secret) of the splits' secret and clean rows, the honest notes,
    the READMEs, the training half's turns and (wave 27) the look-alikes the guard's tests
    leave unredacted (``tested_texts.py``), all clean."""
    from tested_texts import rows as tested

    out = [(s, r["group"], r["text"], r.get("secret", "")) for s in SPLITS
           for r in read_split(s) if r["group"] in ("secret", "clean")]
    out += [(w15.HONEST, "clean", t, "") for _, t in honest_notes()]
    out += [(w15.HONEST, "clean", t, "") for t in LOOK_ALIKES]
    if w15.README_PATH.exists():
        with w15.README_PATH.open(encoding="utf-8") as f:
            out += [(w15.READMES, "clean", json.loads(line)["text"], "") for line in f
                    if line.strip()]
    if (w15.BENCH / "locomo").is_dir():
        from train_cue import conversations

        out += [(w15.TURNS, "clean", t, "") for t in conversations(w15.BENCH)[0]]
    out += [(w15.TESTED, "clean", t, "") for t in tested("secret")]
    return out


def bounded_secret_rows(bench: Path, splits: Sequence[str],
                        fallback: Path = FALLBACK_BENCH) -> list[tuple[str, str, str, str]]:
    """``secret_rows()`` of ``splits`` with the bounds (the READMEs, and the training half's
    turns from ``bench``, or ``fallback`` when it holds no LoCoMo); stops the script, naming
    the folder, when no turn was read: the redaction side's ``w16.bounded_rows``."""
    global SPLITS
    w15.SPLITS = SPLITS = tuple(splits)
    if w16.READMES.exists():
        w15.README_PATH = w16.READMES
    found = bench if (bench / "locomo").is_dir() else fallback
    if not (found / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {bench} nor {fallback}")
    w15.BENCH = found
    rows = secret_rows()
    sizes = {s: sum(1 for r in rows if r[0] == s) for s in BOUNDS}
    if not sizes.get(w15.TURNS):
        raise SystemExit("the bound read no dataset turns")
    if not sizes.get(w15.TESTED):
        raise SystemExit("the bound read no look-alike of the guard's tests: rebuild it with "
                         "python bench/guard_eval/tested_texts.py")
    print(f"bounds read: {sizes} (turns from {found})", flush=True)
    return rows


def switch_counts(rows: list[tuple[str, str, str, str]], names: Sequence[str],
                  apply: Callable[[frozenset[str]], None]) -> dict[frozenset[str], Counts]:
    """Each subset of ``names``' (secrets caught, clean rows changed) per split and bound,
    ``apply(point)`` switching the redaction's tests to ``point``: every row is redacted with
    no test and with all of them, and only the rows that move between the two are redacted
    again for each point. The caller restores the shipped switches."""
    from cognimem_plugins.guard.secrets import redact

    def hits(point: frozenset[str], idx: list[int]) -> list[bool]:
        apply(point)
        out = []
        for i in idx:
            _, group, text, secret = rows[i]
            red = redact(text)[0]
            out.append(not leaked(secret, red) if group == "secret" else red != text)
        return out

    every = list(range(len(rows)))
    none = hits(frozenset(), every)
    full = hits(frozenset(names), every)
    moving = [i for i in every if none[i] != full[i]]
    print(f"{len(moving)} of {len(rows)} rows move between no test and every test", flush=True)
    groups = [(s, g) for s, g, _, _ in rows]
    start = _tally(groups, none)
    for split in {s for s, _ in groups}:
        start.setdefault(split, (0, 0))
    per: dict[frozenset[str], Counts] = {}
    for point in points(tuple(names)):
        tally = {s: list(c) for s, c in start.items()}
        for i, hit in zip(moving, hits(point, moving), strict=True):
            if hit != none[i]:
                split, group = groups[i]
                tally[split][group == "clean"] += 1 if hit else -1
        per[point] = {s: (a, b) for s, (a, b) in tally.items()}
    return per


def secret_counts(rows: list[tuple[str, str, str, str]]) -> dict[frozenset[str], Counts]:
    """Each test point's (secrets caught, clean rows changed) per split: only the rows
    whose redaction differs between no test and every test are redacted again."""
    from cognimem_plugins.guard import novalue
    from cognimem_plugins.guard.secrets import redact

    def hits(point: frozenset[str], idx: list[int]) -> list[bool]:
        novalue.TESTS = point
        out = []
        for i in idx:
            _, group, text, secret = rows[i]
            red = redact(text)[0]
            out.append(not leaked(secret, red) if group == "secret" else red != text)
        return out

    shipped = novalue.TESTS
    every = list(range(len(rows)))
    none = hits(frozenset(), every)
    full = hits(frozenset(TESTS), every)
    moving = [i for i in every if none[i] != full[i]]
    print(f"{len(moving)} of {len(rows)} rows move between no test and every test", flush=True)
    groups = [(s, g) for s, g, _, _ in rows]
    per: dict[frozenset[str], Counts] = {}
    for point in points(TESTS):
        flags = list(none)
        for i, h in zip(moving, hits(point, moving), strict=True):
            flags[i] = h
        per[point] = _tally(groups, flags)
    novalue.TESTS = shipped
    return per


def gain(per: dict[frozenset[str], Counts], point: frozenset[str],
         splits: list[str]) -> tuple[int, int]:
    """(clean rows freed, secrets or injections lost) over ``splits`` against no switch."""
    zero = per[frozenset()]
    freed = sum(zero[s][1] - per[point][s][1] for s in splits if s in zero)
    lost = sum(zero[s][0] - per[point][s][0] for s in splits if s in zero)
    return freed, lost


def choose(per: dict[frozenset[str], Counts], left_out: str | None) -> frozenset[str]:
    """The point the splits other than ``left_out`` choose (the module docstring)."""
    others = [s for s in SPLITS if s != left_out]
    scored = {p: gain(per, p, others) for p in per}
    ok = [p for p, (freed, lost) in scored.items() if lost <= freed]
    return max(ok, key=lambda p: (scored[p][0] - scored[p][1], -len(p), sorted(p)))


def weigh(per: dict[frozenset[str], Counts], names: tuple[str, ...]) -> dict[str, Any]:
    """Each fold's choice and the held-out split before and after."""
    folds = {}
    for split in SPLITS:
        fold = choose(per, split)
        folds[split] = {"weights": sorted(fold), "before": per[frozenset()][split],
                        "after": per[fold][split]}
    chosen = choose(per, None)
    singles = {name: gain(per, frozenset({name}), list(SPLITS)) for name in names}
    return {"chosen_on_all": sorted(chosen),
            "single_switch_freed_lost_on_all": singles,
            "bounds": {s: (per[frozenset()][s], per[chosen][s]) for s in BOUNDS
                       if s in per[frozenset()]},
            "points": {"+".join(sorted(p)) or "none": per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Choose both sides' switches; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave19_precision.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--side", choices=("both", "secrets", "injections"), default="both")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if w16.READMES.exists():
        w15.README_PATH = w16.READMES
    for bench in (w15.BENCH, Path("/work/shared/bench")):
        if (bench / "locomo").is_dir():
            w15.BENCH = bench
            break
    result: dict[str, Any] = {}
    if args.side in ("both", "secrets"):
        result["secrets"] = weigh(secret_counts(secret_rows()), TESTS)
        print(f"secrets side: chosen on all {result['secrets']['chosen_on_all']}; single "
              f"tests (freed, lost) {result['secrets']['single_switch_freed_lost_on_all']}; "
              f"bounds (changed: none -> chosen) {result['secrets']['bounds']}")
        print("  (before/after: secrets caught, clean changed)")
        w16.report_folds(result["secrets"], None)
    if args.side in ("both", "injections"):
        result["injections"] = weigh(injection_counts(w15.rows()), READINGS)
        print(f"injection side: chosen on all {result['injections']['chosen_on_all']}; single "
              f"readings (freed, lost) "
              f"{result['injections']['single_switch_freed_lost_on_all']}; bounds (flagged: "
              f"none -> chosen) {result['injections']['bounds']}")
        w16.report_folds(result["injections"], None)
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
