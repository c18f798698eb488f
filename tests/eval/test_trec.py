"""TREC run files."""

from __future__ import annotations

from pathlib import Path

import pytest

from cognimem.errors import InvalidInput
from cognimem.eval.trec import read_run, tag_of, write_run


def test_a_run_round_trips(tmp_path: Path) -> None:
    rankings = {"conv-a#0": [("conv-a#D1:1", 0.5), ("conv-a#D2:1", 0.25)], "q2": [("q2#0", 1.0)]}
    path = write_run(tmp_path / "runs" / "bm25.trec", rankings, tag="my system")
    lines = path.read_text().splitlines()
    assert lines[0] == "conv-a#0 Q0 conv-a#D1:1 1 0.5 my_system"
    assert lines[1] == "conv-a#0 Q0 conv-a#D2:1 2 0.25 my_system"
    assert read_run(path) == rankings


def test_read_run_orders_by_rank(tmp_path: Path) -> None:
    path = tmp_path / "r.trec"
    path.write_text("q Q0 b 2 0.1 t\nq Q0 a 1 0.9 t\n")
    assert read_run(path) == {"q": [("a", 0.9), ("b", 0.1)]}


def test_bad_lines_and_ids_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.trec"
    path.write_text("q Q0 a 1\n")
    with pytest.raises(InvalidInput, match=r"r.trec:1"):
        read_run(path)
    with pytest.raises(InvalidInput, match="whitespace"):
        write_run(tmp_path / "x.trec", {"q": [("a b", 1.0)]}, tag="t")


def test_tags_have_no_whitespace() -> None:
    assert tag_of(" a b ") == "a_b"
    assert tag_of("") == "cognimem"
