"""A labelling sheet: every candidate of a split with its context, and nothing of what the
rules make of it (no cue kind, no rule output, no earlier label), so that candidates are
labelled by the criteria of docs/intake.md from their text and context only.

    python bench/capture_eval/sheet.py --split tune|test|extra|new > sheet.txt

Each transcript is headed by its id and whether it is an agent session (tool calls); each
turn holding candidates is shown with the turn before it; each candidate has a number. A
label file written against the sheet (``number<TAB>label`` lines) is turned into labels by
``--labels FILE``, which prints ``id<TAB>label`` lines in the sheet's order.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from corpus import Case, cases, extra_cases, new_cases  # noqa: E402
from score import key  # noqa: E402

from cognimem_plugins.intake.rules import AGENT_FORMATS, candidates  # noqa: E402


def split_cases(split: str) -> Iterator[Case]:
    """The transcripts of one split."""
    if split == "extra":
        yield from extra_cases()
    elif split == "new":
        yield from new_cases()
    else:
        yield from (c for c in cases() if split == "all" or c.split == split)


def clip(text: str, chars: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= chars else text[: chars // 2] + " [...] " + text[-chars // 2:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="tune", choices=("tune", "test", "all", "extra",
                                                            "new"))
    parser.add_argument("--labels", default=None, help="number<TAB>label file to turn into ids")
    args = parser.parse_args()
    given: dict[int, str] = {}
    if args.labels:
        for line in Path(args.labels).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                number, label = line.split(None, 1)
                given[int(number)] = label.strip()
    n = 0
    for case in split_cases(args.split):
        t = case.transcript
        agent = t.format in AGENT_FORMATS or any(turn.tools for turn in t.turns)
        found = candidates(t)
        if not args.labels:
            print(f"=== {case.id} ({'agent session' if agent else 'chat'})")
        turns = {turn.number: i for i, turn in enumerate(t.turns)}
        shown = -1
        for fact in found:
            n += 1
            if args.labels:
                print(f"{key(case.id, fact)}\t{given[n]}")
                continue
            i = turns[fact.turn]
            if i != shown:
                if i > 0:
                    before = t.turns[i - 1]
                    print(f"  [before] {before.role}: {clip(before.text, 300)}")
                turn = t.turns[i]
                tools = f" (calls {', '.join(turn.tools)})" if turn.tools else ""
                print(f"  [turn {turn.number}] {turn.role}{tools}: {clip(turn.text, 500)}")
                shown = i
            print(f"    {n}. {fact.text}")


if __name__ == "__main__":
    main()
