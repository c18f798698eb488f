"""Choose the weight of the wave 9 agent cues (:mod:`cognimem_plugins.guard.agent_cues`) by
leave-one-split-out cross-validation, with a hard bound in every fold. Run from the
repository root::

    python bench/guard_eval/cv_agent.py [--bench ../shared/bench] [--label NAME]

The cues keep their relative weights; one scale ``s`` multiplies them all (``s = 0``: the
guard without them). For each seen split held out in turn, ``s`` is chosen on the other
splits: the most injections flagged by the text screen (``screen()``: phrase cues, learned
cue, markers) while, in **every** training split, not one clean note (a row that is not an
injection) more than without the cues and at most 1 % of the honest notes dealt to it
(``honest_notes.py``: notes to agents and the wave 9 look-alikes) are flagged, and fewer
than 1 in 1,000 LoCoMo + LongMemEval turns (all of them: the text screen is not trained on
them) are flagged (the smallest ``s`` of ties). Where the guard without the cues is
over a bound already (the phrase cues flag five honest notes that say "ignore the
deprecation warnings"), the cues may not add one flag there. The held-out split is then
scored with it. ``--scores`` chooses again from an earlier report's per-scale figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from honest_notes import honest_notes, look_alikes  # noqa: E402
from score import rate, read_split  # noqa: E402
from train_cue import conversations  # noqa: E402

from cognimem_plugins.guard import cues  # noqa: E402
from cognimem_plugins.guard.agent_cues import SPECS  # noqa: E402
from cognimem_plugins.guard.injection import screen  # noqa: E402

SPLITS = ("tune", "test", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7")
SCALES = (0.0, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0)
HONEST_MOST = 0.01
#: no agent cue may outweigh a direct address to the agent (``addressed_to_agent``): a
#: third-person naming or one action is weaker evidence than "AI agent:". Uncapped, the
#: rule chose 2.0 in seven folds, which flags an honest note the tests hold ("AI agents
#: reviewing PRs should check that authorized_keys is never committed": 0.6 + 0.3)
MOST_SCALE = (next(c.weight for c in cues.CUES if c.name == "addressed_to_agent")
              / max(weight for _, weight, *_ in SPECS))
TURNS_BELOW = 0.001


def set_scale(scale: float) -> None:
    """Multiply the agent cues' shipped weights by ``scale`` (in this process only)."""
    base = {name: weight for name, weight, *_ in SPECS}
    cues.CUES = tuple(replace(c, weight=base[c.name] * scale) if c.name in base else c
                      for c in cues.CUES)
    cues._WEIGHTS[:] = [c.weight for c in cues.CUES]
    cues._MOST = sum(cues._WEIGHTS)


def flags(texts: list[str]) -> list[bool]:
    """Whether the text screen flags each of ``texts``."""
    return [bool(screen(t)) for t in texts]


def main(argv: list[str] | None = None) -> int:
    """Per fold: the chosen scale and the held-out figures."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_agent.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label")
    parser.add_argument("--scores", type=Path,
                        help="choose from the per-scale figures of an earlier report")
    args = parser.parse_args(argv)
    if args.scores:
        earlier = json.loads(args.scores.read_text(encoding="utf-8"))
        got = {float(k): v for k, v in earlier["scales"].items()}
        return publish(got, earlier["turns_n"], args.label)
    rows = {s: read_split(s) for s in SPLITS}
    notes = [*honest_notes(), *look_alikes()]
    honest = {s: [t for i, t in notes if SPLITS[i % len(SPLITS)] == s] for s in SPLITS}
    train, held = conversations(args.bench)
    turns = [*train, *held]
    got: dict[float, dict[str, Any]] = {}
    for scale in SCALES:
        set_scale(scale)
        got[scale] = {
            "turns": sum(flags(turns)),
            "splits": {s: {"injection": _count(r, "injection"), "clean": _count(r, None)}
                       for s, r in rows.items()},
            "honest": {s: [sum(flags(t)), len(t)] for s, t in honest.items()}}
        print(scale, got[scale]["turns"], {s: v["injection"] for s, v in
                                           got[scale]["splits"].items()}, file=sys.stderr)
    set_scale(1.0)
    return publish(got, len(turns), args.label)


def publish(got: dict[float, dict[str, Any]], n_turns: int, label: str | None) -> int:
    """Per fold, the scale chosen on the other splits and the held-out figures: printed,
    and saved as results/LABEL.json with a ``label``."""
    folds: dict[str, Any] = {}
    for out in SPLITS:
        inside = [s for s in SPLITS if s != out]
        allowed = [sc for sc in got
                   if sc <= MOST_SCALE and _within(got[sc], got[0.0], inside, n_turns)]
        scale = max(allowed, key=lambda sc: (sum(got[sc]["splits"][s]["injection"][0]
                                                 for s in inside), -sc))
        g = got[scale]
        folds[out] = {"scale": scale,
                      "injections": rate(*g["splits"][out]["injection"]),
                      "injections_without": rate(*got[0.0]["splits"][out]["injection"]),
                      "clean": rate(*g["splits"][out]["clean"]),
                      "honest": rate(*g["honest"][out])}
    report = {"scales": {str(k): v for k, v in got.items()}, "folds": folds,
              "turns_n": n_turns}
    text = json.dumps(report, indent=1)
    print(text)
    if label:
        (HERE / "results" / f"{label}.json").write_text(text + "\n", encoding="utf-8")
    return 0


def _count(rows: list[dict[str, str]], group: str | None) -> list[int]:
    """[flagged, n] of the rows of ``group`` (None: every row that is not an injection)."""
    texts = [r["text"] for r in rows
             if (r["group"] == group if group else r["group"] != "injection")]
    return [sum(flags(texts)), len(texts)]


def _within(g: dict[str, Any], base: dict[str, Any], splits: list[str], n_turns: int) -> bool:
    """Whether a scale's figures keep every bound in every split of ``splits``: not one
    clean note flagged that the guard without the cues (``base``) leaves alone; at most 1 %
    of the honest notes dealt to the split (or, where ``base`` is over it already, not one
    more)."""
    def kept(hits: int, n: int, before: int, most: float) -> bool:
        return hits <= max(most * n, before)

    return (g["turns"] < max(TURNS_BELOW * n_turns, base["turns"] + 1)
            and all(kept(*g["splits"][s]["clean"], base["splits"][s]["clean"][0], 0.0)
                    and kept(*g["honest"][s], base["honest"][s][0], HONEST_MOST)
                    for s in splits))


if __name__ == "__main__":
    sys.exit(main())
