"""Wave 22 (precision): leave-one-split-out choice of the ``versioned_instructions`` cue
(:mod:`cognimem_plugins.guard.versioned`: "the previous instructions for Nextcloud 28 no
longer apply to 30" speaks of a product's release, not of the reader's rules; #39).

The cue weighs nothing and only stands for the override's words, so it can only unflag: its
cost is the injection rows it unflags, its gain the clean rows. The two points (off, on)
are scored over the injection and clean rows of the forty-four seen splits, the honest
notes, the README paragraphs and the training half's LoCoMo / LongMemEval turns
(``cv_wave15_requests.rows``); each fold keeps the cue when, on the other splits, it frees
more clean rows than the injections it loses (``cv_wave19_precision``'s rule; ties: off).
The off point is screened in a child process whose cue table is built without the cue.
Run from the repository root::

    python bench/guard_eval/cv_wave22_versioned.py [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

if "--off" in sys.argv:  # the child: the cue table built without the cue, before any import
    from cognimem_plugins.guard import versioned

    versioned.SPECS = ()

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave19_precision as w19p  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 43)))
FALLBACK_BENCH = Path("/work/shared/bench")


def _setup(bench_arg: Path) -> list[w15.Row]:
    w15.SPLITS = SPLITS
    w19p.SPLITS = SPLITS
    if w16.READMES.exists():
        w15.README_PATH = w16.READMES
    bench = bench_arg if (bench_arg / "locomo").is_dir() else FALLBACK_BENCH
    if not (bench / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {bench_arg} nor {FALLBACK_BENCH}")
    w15.BENCH = bench
    return w15.rows()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave22_versioned.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    parser.add_argument("--off", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.off:
        from cognimem_plugins.guard import cues
        from cognimem_plugins.guard.injection import screen

        assert not any(c.name == "versioned_instructions" for c in cues.CUES)
        data = _setup(args.bench)
        args.off.write_text(json.dumps([bool(screen(t)) for _, _, t in data]))
        return 0
    data = _setup(args.bench)
    sizes = {s: sum(1 for r in data if r[0] == s) for s in w19p.BOUNDS}
    if not sizes.get(w15.TURNS):
        raise SystemExit("the bound read no dataset turns")
    print(f"bounds read: {sizes} (turns from {w15.BENCH})", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "off.json"
        subprocess.run([sys.executable, __file__, "--off", str(out), "--bench",
                        str(w15.BENCH)], check=True)
        off = json.loads(out.read_text())
    from cognimem_plugins.guard.injection import screen

    on = [bool(screen(data[i][2])) if f else False for i, f in enumerate(off)]
    changed = [(data[i][0], data[i][1], data[i][2][:100]) for i in range(len(data))
               if on[i] != off[i]]
    print(f"rows the cue unflags: {changed}", flush=True)
    groups = [(s, g) for s, g, _ in data]
    per = {frozenset(): w19p._tally(groups, off),
           frozenset({"versioned"}): w19p._tally(groups, on)}
    result: dict[str, Any] = w19p.weigh(per, ("versioned",))
    result["unflagged"] = changed
    print(f"chosen on all {result['chosen_on_all']}; (freed, lost) "
          f"{result['single_switch_freed_lost_on_all']}; bounds (flagged: off -> chosen) "
          f"{result['bounds']}")
    w16.report_folds(result, None)
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
