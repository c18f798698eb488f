"""Leave-one-split-out choice of wave 18's one length (issue #39).

Wave 18's network, daemon and operations tables (:mod:`cognimem_plugins.guard.netconfig`,
:mod:`.daemons`, :mod:`.opsfiles`) read each value where a vendor's syntax puts a secret;
the documentation fixes where, not how short a value may be before it is taken for a word
of prose: ``netrows.MIN_LENGTH`` (characters, for the ``config`` and ``chosen``
positions). It is chosen on a grid, strictest first, with :mod:`cv_wave17_documented`'s
machinery (the same rows, tally and choice: the most secrets caught on the other splits
with no more clean rows, README paragraphs or training-half LoCoMo / LongMemEval turns
changed than the strictest value) over the twenty-eight seen splits. Run from the
repository root::

    python bench/guard_eval/cv_wave18_netops.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave17_documented as w17  # noqa: E402

w17.SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 27)))
w17.READMES = Path("/tmp/s36/readmes.jsonl") if Path("/tmp/s36/readmes.jsonl").exists() \
    else w17.READMES
MIN_LENGTHS = (8, 7, 6, 5, 4, 3)  # strictest first


def main() -> int:
    from cognimem_plugins.guard import daemons, netconfig, netrows, opsfiles
    from cognimem_plugins.guard.decisions import Decision

    shipped = netrows.MIN_LENGTH[0]

    def rule(text: str, low: str) -> Iterator[Decision]:
        yield from netconfig.network_secrets(text, low)
        yield from daemons.daemon_secrets(text, low)
        yield from opsfiles.ops_secrets(text, low)

    def set_min(value: int) -> None:
        netrows.MIN_LENGTH[0] = value

    data = w17.rows()
    report = {"min_length": w17.cross_validate(data, MIN_LENGTHS, set_min, rule),
              "rows": {"secret": sum(g == "secret" for _, g, _, _ in data),
                       "clean": sum(g == "clean" for _, g, _, _ in data)}}
    set_min(shipped)
    out = HERE / "results" / "w18_netops_cv.json"
    out.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    folds = report["min_length"]["folds"]
    print("chosen per fold:", {s: f["chosen"] for s, f in folds.items()})
    print("chosen on all:", report["min_length"]["chosen_on_all"])
    for value, counts in report["min_length"]["grid"].items():
        print(value, {s: c for s, c in counts.items() if c != (0, 0)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
