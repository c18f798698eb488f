"""Leave-one-split-out choice of wave 17's two lengths (issue #39).

Wave 17's documented-structure rules have two numbers the documentation does not fix:

* how far after a documented key's name (:mod:`cognimem_plugins.guard.devicekeys`, "AppKey",
  "station key", "AccountKey") its value may start on the line (``WINDOW``, characters);
* the shortest token a webhook's name is given that counts as its secret
  (:mod:`cognimem_plugins.guard.hooks`, ``NAMED_MIN``).

Each is chosen apart on a grid. The rows: the secret and clean rows of the twenty-four
seen splits, the README paragraphs of installed packages (``/tmp/readmes.jsonl``) and
the LoCoMo and LongMemEval turns of the learned cue's training half (``train_cue``'s
split, through ``cv_wave15_requests``' machinery). Only the rule's own decisions are
counted: a secret row counts as caught by the rule when one of its redactions covers the
row's secret; a clean row, a README paragraph or a turn counts when the rule redacts
anything in it. For each split held out, the value is the one that catches the most secrets
on the other splits with, in every other split, the READMEs and the turns, no more clean
rows changed than the grid's strictest value (a hard bound; ties: the strictest value), and
the held-out split is scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave17_documented.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 23)))
READMES = Path("/tmp/readmes.jsonl")
WINDOWS = (20, 30, 40, 60, 80, 120)
NAMED_MINS = (32, 28, 24, 20, 16)  # strictest first
Row = tuple[str, str, str, str]  # split, group, text, secret


def rows() -> list[Row]:
    out: list[Row] = []
    for split in SPLITS:
        path = HERE / "data" / f"{split}.jsonl"
        with path.open(encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row["group"] in ("secret", "clean"):
                    out.append((split, row["group"], row["text"], row.get("secret", "")))
    if READMES.exists():
        with READMES.open(encoding="utf-8") as f:
            out += [("readmes", "clean", json.loads(line)["text"], "") for line in f
                    if line.strip()]
    if (w15.BENCH / "locomo").is_dir():
        from train_cue import conversations

        out += [("turns", "clean", t, "") for t in conversations(w15.BENCH)[0]]
    return out


Rule = Callable[[str, str], Iterable[Any]]


def tally(data: list[Row], rule: Rule) -> dict[str, tuple[int, int]]:
    """Per split: (secrets the rule's redactions cover, clean rows it changes)."""
    out: dict[str, tuple[int, int]] = {}
    for split, group, text, secret in data:
        found = [d for d in rule(text, text.lower()) if d.redacted]
        caught, changed = out.get(split, (0, 0))
        if group == "secret":
            caught += any(d.start <= text.find(secret) and text.find(secret) + len(secret)
                          <= d.end for d in found) if secret in text else 0
        elif found:
            changed += 1
        out[split] = (caught, changed)
    return out


def choose(per: dict[Any, dict[str, tuple[int, int]]], grid: tuple[Any, ...],
           held: str) -> Any:
    strict = per[grid[0]]
    best, best_caught = grid[0], -1
    for value in grid:
        counts = per[value]
        if any(counts.get(s, (0, 0))[1] > strict.get(s, (0, 0))[1]
               for s in counts if s != held):
            continue
        caught = sum(c for s, (c, _) in counts.items() if s != held)
        if caught > best_caught:
            best, best_caught = value, caught
    return best


def cross_validate(data: list[Row], grid: tuple[Any, ...],
                   setter: Callable[[Any], None], rule: Rule) -> dict[str, Any]:
    per: dict[Any, dict[str, tuple[int, int]]] = {}
    for value in grid:
        setter(value)
        per[value] = tally(data, rule)
    folds = {}
    for held in SPLITS:
        value = choose(per, grid, held)
        folds[held] = {"chosen": value, "caught": per[value].get(held, (0, 0))[0],
                       "clean_changed": per[value].get(held, (0, 0))[1]}
    every = choose(per, grid, "")
    return {"grid": {str(v): per[v] for v in grid}, "folds": folds, "chosen_on_all": every}


def main() -> int:
    from cognimem_plugins.guard import devicekeys, hooks

    data = rows()

    def set_window(value: int) -> None:
        devicekeys.WINDOW[0] = value

    def set_named(value: int) -> None:
        hooks._NAMED[0] = hooks.named_pattern(value)

    report = {
        "window": cross_validate(data, WINDOWS, set_window, devicekeys.named_device_keys),
        "named_min": cross_validate(data, NAMED_MINS, set_named, hooks.webhook_paths),
        "rows": {"secret": sum(g == "secret" for _, g, _, _ in data),
                 "clean": sum(g == "clean" for _, g, _, _ in data)},
    }
    set_window(devicekeys.WINDOW[0])
    out = HERE / "results" / "w17_documented_cv.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for name in ("window", "named_min"):
        folds = report[name]["folds"]
        print(name, "chosen on all splits:", report[name]["chosen_on_all"],
              "per fold:", sorted({str(f["chosen"]) for f in folds.values()}))
        for value, counts in report[name]["grid"].items():
            print(f"  {value:>5s}  caught {sum(c for c, _ in counts.values()):4d}"
                  f"  clean changed {sum(k for _, k in counts.values()):3d}"
                  f"  (readmes {counts.get('readmes', (0, 0))[1]},"
                  f" turns {counts.get('turns', (0, 0))[1]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
