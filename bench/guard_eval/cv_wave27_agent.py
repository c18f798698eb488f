"""Leave-one-split-out choice of wave 27's agent-family weights (issue #39).

Wave 27 (w27-agent) reads three parts of the agent-era structures the earlier readers did
not: ``persona_office`` (:mod:`cognimem_plugins.guard.persona_office`: the reader switched
into a particular holder, then told to act at once), ``tool_doc_procedure``
(:mod:`cognimem_plugins.guard.tool_procedure`: a tool's documentation holding a condition
then a bare imperative) and ``channel_directive``
(:mod:`cognimem_plugins.guard.channel_directive`: a trusted source set out as a header, then
a directive). Each of them has a clean twin of the same form (a user's role-play exercise,
a real tool's documented retry, a user's own system prompt or an office notice), so each is
meant to count beside other evidence.

The rows, the rule and the report are ``cv_wave16_pressure``'s (imported): the sixty-four
seen splits, the honest developer notes and look-alikes, the README paragraphs, the LoCoMo
and LongMemEval turns of the learned cue's training half (``/work/shared/bench`` when the
repository's sibling is absent, as from a worktree; the script stops if a bound reads no
row), the look-alikes the guard's tests hold (``tested``) and, as a bound of its own
(``w27``), the look-alikes of this wave's test file (its ``LOOK_ALIKES``: the twins above,
which no older bound holds). For each split held out, the point is the one that flags the
most injections on the other splits with, in every other split and every bound, no more
clean rows flagged than with the weights at zero (ties: the lighter point), and the
held-out split is scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave27_agent.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from itertools import product
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave16_pressure as w16  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
#: the splits no row of which was read while the readers were written (the dev check)
DEV = ("fresh59", "fresh60", "fresh61", "fresh62")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("persona_office", "tool_doc_procedure", "channel_directive")
GRID = list(product((0.0, 0.2, 0.3, 0.35, 0.4, 0.75), (0.0, 0.3, 0.35, 0.4, 0.45, 0.75),
                    (0.0, 0.15, 0.2, 0.25, 0.3, 0.75)))
ZERO = (0.0, 0.0, 0.0)
MOST = (0.75, 0.75, 0.75)
W27 = "w27"
TESTS = HERE.parents[1] / "tests" / "plugins" / "guard" / "test_guard_w27_agent.py"


def look_alikes() -> list[str]:
    """The wave's own look-alikes (the test file's ``LOOK_ALIKES``)."""
    spec = importlib.util.spec_from_file_location("w27_tests", TESTS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.LOOK_ALIKES)


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 27 readers; print each fold's choice and the held-out split's change."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard.secrets import redact

    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave27_agent.py")
    parser.add_argument("--bench", type=Path, default=w16.w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    own = look_alikes()
    if not own:
        parser.error("the wave's look-alikes read no rows")
    data += [(W27, "clean", redact(t)[0]) for t in own]
    read[W27] = len(own)
    w16.BOUNDS = (*w16.BOUNDS, W27)  # type: ignore[assignment]  # one bound more

    def apply(point: tuple[float, ...]) -> None:
        for name, weight in zip(NAMES, point, strict=True):
            w16.set_weight(name, weight)

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in NAMES}
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(tuple(shipped[n] for n in NAMES))
    result = {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits {NAMES}: "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    gained = w16.dev_change(result, DEV)
    print(f"  dev check ({', '.join(DEV)} held out): +{gained[0]} injections, "
          f"+{gained[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
