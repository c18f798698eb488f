"""The guard's evaluation (``bench/guard_eval/``) is reproducible and its held-out splits are
frozen: the generator rebuilds each split byte for byte, the manifest holds their hashes,
the scorer refuses a changed file, and its intervals are Wilson's."""

from __future__ import annotations

import importlib
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench" / "guard_eval"


#: the scripts' own modules, imported by name from their folder (removed afterwards: names
#: such as ``values`` and ``score`` must not linger for other tests)
_SCRIPTS = ("make_eval", "score", "templates", "templates_fresh", "values", "guard_corpus")


@pytest.fixture(scope="module")
def modules() -> Iterator[dict[str, ModuleType]]:
    path = list(sys.path)
    sys.path.insert(0, str(BENCH))
    try:
        yield {name: importlib.import_module(name) for name in ("make_eval", "score")}
    finally:
        sys.path[:] = path
        for name in _SCRIPTS:
            sys.modules.pop(name, None)


@pytest.mark.parametrize("split", ["tune", "test", "fresh"])
def test_each_split_is_rebuilt_byte_for_byte(modules: dict[str, ModuleType],
                                             split: str) -> None:
    rows = modules["make_eval"].build(split)
    body = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    assert body == (BENCH / "data" / f"{split}.jsonl").read_text(encoding="utf-8")
    groups = Counter(r["group"] for r in rows)
    assert groups == {"secret": 216, "clean": 142, "injection": 64}
    assert all(r["secret"] in r["text"] or r["kind"] == "private_key"
               for r in rows if r["group"] == "secret")


def test_tune_and_test_share_no_phrasing(modules: dict[str, ModuleType]) -> None:
    halves = modules["make_eval"].halves
    items = [f"template {i}" for i in range(9)]
    tune, test = halves(items, "k", "tune"), halves(items, "k", "test")
    assert not set(tune) & set(test) and sorted(tune + test) == sorted(items)


def test_the_scorer_refuses_a_changed_split(modules: dict[str, ModuleType], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    score = modules["score"]
    for name in ("MANIFEST.json", "test.jsonl"):
        (tmp_path / name).write_bytes((BENCH / "data" / name).read_bytes())
    monkeypatch.setattr(score, "DATA", tmp_path)
    assert len(score.read_split("test")) == 422
    with (tmp_path / "test.jsonl").open("a", encoding="utf-8") as f:
        f.write('{"group": "clean", "kind": "extra", "text": "one more"}\n')
    with pytest.raises(SystemExit, match="differs from the frozen hash"):
        score.read_split("test")


def test_the_scorer_reads_a_raw_line_separator_as_text(modules: dict[str, ModuleType],
                                                      tmp_path: Path) -> None:
    row = {"group": "clean", "kind": "chat", "text": "one\u2028two\u2029three"}
    path = tmp_path / "split.jsonl"
    path.write_text(json.dumps(row, ensure_ascii=False) + "\n" + json.dumps(row) + "\n",
                    encoding="utf-8")
    assert "\u2028" in path.read_text(encoding="utf-8")
    assert modules["score"].read_split("split", path) == [row, row]


def test_wilson_intervals(modules: dict[str, ModuleType]) -> None:
    wilson = modules["score"].wilson
    low, high = wilson(0, 8)
    assert low == 0.0 and high == pytest.approx(0.324, abs=1e-3)
    low, high = wilson(214, 216)
    assert (round(low, 3), round(high, 3)) == (0.967, 0.997)
