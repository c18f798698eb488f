"""``--cv K``: choosing a system on K-1 folds of units and scoring it on the held-out fold;
``--vary``: one option's values as systems."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cognimem.cli.app import main
from cognimem.errors import InvalidInput
from cognimem.eval import compare
from cognimem.eval.crossval import assign_folds, cross_validate
from cognimem.eval.variants import parse_vary, vary
from cognimem.profile import load_profile


def rows_of(scores: dict[str, list[list[float]]]) -> list[dict[str, Any]]:
    """Per-query rows from ``{system: [[R@5 of each query] per unit]}``."""
    rows = []
    for system, units in scores.items():
        for u, values in enumerate(units):
            for q, value in enumerate(values):
                rows.append({"name": system, "qid": f"u{u}#q{q}", "unit": f"u{u}",
                             "headline": True, "R@5": value})
    return rows


def noise_systems(count: int, units: int, per_unit: int, seed: int) -> dict[str, list[list[float]]]:
    """Systems that differ only by chance: every query is a coin toss for every system."""
    rng = random.Random(seed)
    return {f"s{i}": [[float(rng.random() < 0.5) for _ in range(per_unit)]
                      for _ in range(units)] for i in range(count)}


def test_choosing_among_look_alikes_overfits_and_cv_shows_it() -> None:
    rows = rows_of(noise_systems(count=20, units=20, per_unit=5, seed=7))
    [row] = cross_validate(rows, [f"s{i}" for i in range(20)], ["R@5"], k=5)
    # The best of 20 coin-toss systems looks better than a coin in sample; held out it is one.
    assert row["in_sample"] > 0.55
    assert row["cv"] < row["in_sample"] - 0.05
    assert row["optimism"] == pytest.approx(row["in_sample"] - row["cv"])
    assert len(row["chosen"]) > 1  # the folds disagree on the "best" system
    assert sum(row["chosen"].values()) == 5


def test_a_real_difference_is_chosen_in_every_fold_and_does_not_overfit() -> None:
    rng = random.Random(3)
    scores = {
        "weak": [[float(rng.random() < 0.3) for _ in range(5)] for _ in range(20)],
        "strong": [[float(rng.random() < 0.8) for _ in range(5)] for _ in range(20)],
    }
    [row] = cross_validate(rows_of(scores), ["weak", "strong"], ["R@5"], k=4)
    assert row["best"] == "strong"
    assert row["chosen"] == {"strong": 4}
    assert row["cv"] == pytest.approx(row["in_sample"])
    assert [f["chosen"] for f in row["per_fold"]] == ["strong"] * 4


def test_held_out_scores_are_the_chosen_systems_on_the_held_out_units() -> None:
    # a wins on units 0-2, b on unit 3: leaving unit 3 out picks a and scores a there.
    scores = {"a": [[1.0], [1.0], [1.0], [0.0]], "b": [[0.0], [0.0], [0.0], [1.0]]}
    [row] = cross_validate(rows_of(scores), ["a", "b"], ["R@5"], k=4)
    assert row["in_sample"] == 0.75 and row["best"] == "a"
    assert row["cv"] == 0.75 and row["chosen"] == {"a": 4}
    scores = {"a": [[1.0], [1.0], [0.0], [0.0]], "b": [[0.0], [0.0], [1.0], [1.0]]}
    [row] = cross_validate(rows_of(scores), ["a", "b"], ["R@5"], k=4)
    # a tie in sample; leaving any unit out makes the other system look better there
    assert row["in_sample"] == 0.5 and row["cv"] == 0.0


def test_ties_go_to_the_system_listed_first() -> None:
    scores = {"a": [[1.0], [0.0]], "b": [[1.0], [0.0]]}
    [row] = cross_validate(rows_of(scores), ["b", "a"], ["R@5"], k=2)
    assert row["best"] == "b" and row["chosen"] == {"b": 2}


def test_folds_are_whole_units_of_near_equal_size() -> None:
    units = [f"u{i}" for i in range(10) for _ in range(3)]
    folds = assign_folds(units, 3, seed=1)
    assert set(folds) == {f"u{i}" for i in range(10)}
    sizes = sorted(list(folds.values()).count(f) for f in range(3))
    assert sizes == [3, 3, 4]
    assert assign_folds(units, 3, seed=1) == folds
    assert assign_folds(units, 3, seed=2) != folds


@pytest.mark.parametrize("k", [1, 11], ids=["one-fold", "more-folds-than-units"])
def test_a_bad_k_names_the_range(k: int) -> None:
    with pytest.raises(InvalidInput, match="2 <= K <= the number of units"):
        assign_folds([f"u{i}" for i in range(10)], k)


def test_vary_makes_one_system_per_value() -> None:
    profiles = vary({"d": load_profile("test")}, "search.rerank_depth=20,40")
    assert list(profiles) == ["d:rerank_depth=20", "d:rerank_depth=40"]
    assert [p.search.rerank_depth for p in profiles.values()] == [20, 40]
    ranked = vary({"r": load_profile("rrf")}, "fuse.k=10,60")
    assert [p.fuse.options["k"] for p in ranked.values()] == [10, 60]


@pytest.mark.parametrize(
    ("text", "message"),
    [("fuse.k", "KEY=V1,V2"), ("fuse.k=10", "2 to 50"), ("rank.k=1,2", "USE.OPTION"),
     ("nope.k=1,2", "unknown profile section"), ("search.a.b=1,2", "OPTION")],
    ids=["no-values", "one-value", "list-shape", "section", "table-shape"],
)
def test_a_bad_vary_names_the_fix(text: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        parse_vary(text)


def test_vary_names_a_missing_component() -> None:
    with pytest.raises(InvalidInput, match="no \\[\\[rank\\]\\] entry with use = 'nope'"):
        vary({"d": load_profile("test")}, "rank.nope.x=1,2")


def test_compare_reports_cv_beside_the_in_sample_best(locomo_file: Path,
                                                      tmp_path: Path) -> None:
    result = compare(["bm25"], "locomo", dataset_options={"path": str(locomo_file)},
                     vary="retrieve.bm25.k=1,20", cv=2, cache=False, metrics=["R@5"])
    assert [r["name"] for r in result.rows] == ["bm25:k=1", "bm25:k=20"]
    [row] = result.crossval
    assert row["folds"] == 2 and row["metric"] == "R@5"
    assert row["in_sample"] == max(r["R@5"] for r in result.rows)
    assert sum(row["chosen"].values()) == 2
    saved = result.save(tmp_path / "out")
    lines = (saved / "crossval.csv").read_text().splitlines()
    assert lines[0].startswith("metric,best,in_sample,cv,optimism,fold")
    assert len(lines) == 3


def test_eval_cv_on_the_command_line(locomo_file: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    args = ["eval", "--dataset", "locomo", "-o", f"path={locomo_file}", "--profile", "bm25",
            "--profile", "hashed=test", "--cv", "2", "--no-progress", "--no-cache"]
    assert main(args) == 0
    assert "choosing by 2-fold cross-validation" in capsys.readouterr().out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["crossval"] and all(
        {"metric", "best", "in_sample", "cv", "per_fold"} <= set(r) for r in data["crossval"])
    assert main([*args[:-4], "--cv", "9", "--no-cache"]) == 2
    assert "2 <= K <= the number of units (2)" in capsys.readouterr().err
