"""TREC run files: one line per retrieved document, ``qid Q0 docid rank score tag``.

Ranks start at 1. Identifiers must not contain whitespace; the datasets' qids and docids
are the ones ``shared/bench/score/score_run.py`` expects, so outside scorers agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from ..errors import InvalidInput

_SPACE = re.compile(r"\s")


def format_run(rankings: Mapping[str, Sequence[tuple[str, float]]], tag: str) -> Iterable[str]:
    """The lines of a run file (with newlines), queries in the order given."""
    tag = tag_of(tag)
    for qid, ranked in rankings.items():
        _check_id(qid, "qid")
        for rank, (docid, score) in enumerate(ranked, 1):
            _check_id(docid, "docid")
            yield f"{qid} Q0 {docid} {rank} {float(score)!r} {tag}\n"


def write_run(path: str | Path, rankings: Mapping[str, Sequence[tuple[str, float]]],
              tag: str) -> Path:
    """Write a run file (parent folders are created); returns its path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8") as out:
        out.writelines(format_run(rankings, tag))
    return target


def read_run(path: str | Path) -> dict[str, list[tuple[str, float]]]:
    """Read a run file: each qid's (docid, score) list ordered by rank.

    :raises InvalidInput: a line without the six fields, naming the line.
    """
    staged: dict[str, list[tuple[int, str, float]]] = {}
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            parts = line.split()
            if len(parts) < 6:
                raise InvalidInput(
                    f"{path}:{number}: a run line needs `qid Q0 docid rank score tag`, "
                    f"got {line.strip()!r}"
                )
            qid, _q0, docid, rank, score = parts[:5]
            staged.setdefault(qid, []).append((int(rank), docid, float(score)))
    return {qid: [(d, s) for _, d, s in sorted(rows)] for qid, rows in staged.items()}


def tag_of(name: str) -> str:
    """A run tag made from a system name (whitespace replaced by ``_``)."""
    return _SPACE.sub("_", name.strip()) or "cognimem"


def _check_id(value: str, what: str) -> None:
    if not value or _SPACE.search(value):
        raise InvalidInput(f"run file {what} {value!r} is empty or contains whitespace")
