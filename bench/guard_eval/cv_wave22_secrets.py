"""Wave 22 (secrets): the new readers of the redaction, kept or left out by
leave-one-split-out cross-validation over the forty-four seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``tables``: a Markdown table's column named for a secret (``structured.READ_TABLES``:
  ``| service | user | password |`` then ``|---|``);
* ``twoclass``: a value of two character classes after a secret's name, when random in them
  (``evidence.TWO_CLASS``: lowercase and digits, letters of both cases);
* ``enrol``: a setup, pre-auth, enrolment or registration key is a credential's name for
  hexadecimal and UUIDs (``near.ENROL_KEYS``: ``NB_SETUP_KEY=<UUID>``);
* ``crypthash``: a hash named for encryption is a secret's name (``names.NOT_SECRET_NAME``
  without ``encryption_hash``/``crypt_hash``: WHMCS's ``$cc_encryption_hash``);
* ``userinfo``: ``NAME.user.info=ID:SECRET`` (``userinfo.READ_USER_INFO``: Confluent's
  ``basic.auth.user.info``);
* ``hexpairs``: ``ID:SECRET`` in hexadecimal on a line that names a key, a secret or a token
  (``userinfo.READ_HEX_PAIRS``: Ghost's Admin API keys);
* ``holder``: ``user NAME / PASSWORD`` after the word for an account's holder
  (``pairs_wide.READ_HOLDER_PAIRS``);
* ``ezconnect``: Oracle's ``user/password@//host:port/service`` (``pairs_wide.READ_EZCONNECT``);
* ``basic``: ``basic auth user:password`` in clear (``pairs_wide.READ_CLEAR_BASIC``);
* ``login``: "the login for X is ..." with a random value (``pairs_wide.READ_LOGIN_VALUE``);
* ``retry``: the value right after a password word when the prose reader ran to a later ``:``
  and refused that value (``passwords.RETRY_NEAR``).

Each point redacts every secret and clean row of the 44 splits and, as clean bounds, the
honest notes, the READMEs (``readme_rows.py``) and the LoCoMo / LongMemEval training-half
turns. A fold leaving split S out takes the point that changes no more clean rows than the
empty point on any other split or bound and catches the most secrets on the other splits
(ties: the fewest mechanisms): ``cv_wave20_secrets``' method and helpers. Only the rows the
empty and the full point redact differently are redacted again at each point. Nothing is
printed of a row's text. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave22_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
                                                 [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import re
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave19_spans as w19  # noqa: E402
import cv_wave20_secrets as w20  # noqa: E402
from cv_wave16_pressure import report_folds  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 43)))
MECHANISMS = ("tables", "twoclass", "enrol", "crypthash", "userinfo", "hexpairs", "holder",
              "ezconnect", "basic", "login", "retry")
GRID = [frozenset(c) for n in range(len(MECHANISMS) + 1) for c in combinations(MECHANISMS, n)]
EMPTY: frozenset[str] = frozenset()
FULL = frozenset(MECHANISMS)
#: the modules that hold :data:`.names.NOT_SECRET_NAME` under that name
_HOLDERS = ("names", "assigned", "configs", "fallbacks", "namewords", "setcommands",
            "structured")
_NOT_SECRET: dict[bool, re.Pattern[str]] = {}


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    import importlib

    from cognimem_plugins.guard import (
        evidence,
        names,
        near,
        pairs_wide,
        passwords,
        structured,
        userinfo,
    )

    if not _NOT_SECRET:
        new = names.NOT_SECRET_NAME
        _NOT_SECRET[True] = new
        _NOT_SECRET[False] = re.compile(
            new.pattern.replace("(?<!encryption_)(?<!crypt_)", ""), new.flags)
    for holder in _HOLDERS:
        module = importlib.import_module(f"cognimem_plugins.guard.{holder}")
        module.NOT_SECRET_NAME = _NOT_SECRET["crypthash" in point]  # type: ignore[attr-defined]
    structured.READ_TABLES = "tables" in point
    evidence.TWO_CLASS = "twoclass" in point
    near.ENROL_KEYS = "enrol" in point
    userinfo.READ_USER_INFO = "userinfo" in point
    userinfo.READ_HEX_PAIRS = "hexpairs" in point
    pairs_wide.READ_HOLDER_PAIRS = "holder" in point
    pairs_wide.READ_EZCONNECT = "ezconnect" in point
    pairs_wide.READ_CLEAR_BASIC = "basic" in point
    pairs_wide.READ_LOGIN_VALUE = "login" in point
    passwords.RETRY_NEAR = "retry" in point


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    apply(EMPTY)
    empty = [w19.outcome(r) for r in data]
    apply(FULL)
    moving = [i for i, r in enumerate(data) if w19.outcome(r) != empty[i]]
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    per: dict[frozenset[str], w19.Counts] = {}
    for point in GRID:
        apply(point)
        results = list(empty)
        for i in moving:
            results[i] = w19.outcome(data[i])
        per[point] = w19.counts(data, results)
    apply(FULL)
    folds = {}
    for split in SPLITS:
        fold = w20.choose(per, split)
        folds[split] = {"weights": sorted(fold), "before": per[EMPTY][split],
                        "after": per[fold][split]}
    chosen = w20.choose(per, None)
    sizes = {s: sum(1 for r in data if r[0] == s) for s in w20.BOUNDS}
    return {"grid": list(MECHANISMS), "chosen_on_all": sorted(chosen),
            "bounds": {s: (per[EMPTY].get(s), per[chosen].get(s), sizes[s])
                       for s in w20.BOUNDS},
            "per_mechanism_alone": {m: sum(per[frozenset((m,))][s][0] - per[EMPTY][s][0]
                                           for s in SPLITS) for m in MECHANISMS},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readmes", type=Path, default=w15.README_PATH)
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo / LongMemEval folder (default: ../shared/bench, "
                        "else /work/shared/bench)")
    args = parser.parse_args(argv)
    bench = args.bench if (args.bench / "locomo").is_dir() else w20.FALLBACK_BENCH
    if not (bench / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {args.bench} nor {w20.FALLBACK_BENCH}")
    w15.BENCH = bench
    w20.SPLITS = SPLITS
    data = w20.rows(args.readmes)
    turns = sum(1 for r in data if r[0] == w19.TURNS)
    if not turns:
        raise SystemExit("the bound read no dataset turns")
    print(f"{turns} dataset turns read from {bench}", flush=True)
    result = weigh(data)
    print(f"turns from {bench}; chosen on all splits: {result['chosen_on_all']}; bounds "
          f"(all off -> chosen, (secrets, clean changed), rows): {result['bounds']}; "
          f"secrets each mechanism catches alone: {result['per_mechanism_alone']}")
    print("folds (\"injections\" below are secrets caught, \"clean flagged\" clean rows "
          "changed; weights: the mechanisms switched on):")
    report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
