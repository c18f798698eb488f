"""#45 wave 8: the ``hnsw`` rows' ids and id -> key map held in numpy arrays, not Python
strings and a dict: they answer as a dict does, take a fraction of the memory, and read and
write the snapshot's form (a str array) that earlier versions saved."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

import numpy as np

from cognimem.models import Query
from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.hnsw_index.ids import KeyMap, Names
from cognimem_plugins.hnsw_index.index import HnswVectors
from cognimem_plugins.hnsw_index.rows import SCOPE_FIELDS, Rows


def test_the_key_map_answers_as_a_dict_through_puts_pops_and_growth() -> None:
    """Random puts and pops (ids of several widths, non-ASCII ones, an id back after its
    removal) against a dict: every lookup, hit or miss, and the live keys agree."""
    rng = random.Random(5)
    names = Names()
    table = KeyMap(names, np.zeros(0, dtype=np.int64))
    expected: dict[str, int] = {}
    pool = [f"m{i:x}" for i in range(600)] + [f"é{i}" * (1 + i % 4) for i in range(200)]
    for _ in range(5000):
        memory_id = rng.choice(pool)
        if memory_id in expected and rng.random() < 0.5:
            assert table.pop(memory_id) == expected.pop(memory_id)
        elif memory_id not in expected:
            names.append([memory_id])
            table.put(memory_id, names.size - 1)
            expected[memory_id] = names.size - 1
        assert table.get(memory_id) == expected.get(memory_id)
    assert {i: table.get(i) for i in pool} == {i: expected.get(i) for i in pool}
    assert sorted(table.keys()) == sorted(expected.values())
    assert len(table) == len(expected)
    assert names.of(sorted(expected.values())) == sorted(expected, key=expected.__getitem__)


def _saved_arrays(ids: list[str]) -> dict[str, np.ndarray]:
    """Rows' arrays as earlier versions saved them (ids a str array)."""
    n = len(ids)
    data = {"ids": np.array(ids, dtype=str), "version": np.arange(n, dtype=np.int64),
            "archived": np.zeros(n, dtype=bool), "live": np.ones(n, dtype=bool)}
    for field in SCOPE_FIELDS:
        data[f"codes_{field}"] = np.zeros(n, dtype=np.int32)
        data[f"values_{field}"] = np.array([], dtype=str)
    return data


def test_the_ids_and_their_map_take_a_fraction_of_python_strings_and_a_dict() -> None:
    """100,000 ids of the engine's form made into the map a write needs: ~4 MiB in arrays
    (a list of strings and a dict of them took ~13 MiB)."""
    n = 100_000
    rows = Rows.from_arrays(_saved_arrays([f"m{i * 7919:015x}" for i in range(n)]))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        assert rows.retire(["m" + "0" * 15]) == [0]  # a write: the map is made
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 6 * 2**20
    assert rows.ids_of([1, n - 1]) == [f"m{7919:015x}", f"m{(n - 1) * 7919:015x}"]


def test_rows_saved_by_earlier_versions_open_and_save_in_the_same_form() -> None:
    ids = ["m000000000000001", "mémoire-é", "m2", "a-longer-imported-id-0003"]
    rows = Rows.from_arrays(_saved_arrays(ids))
    assert rows.versions() == {memory_id: i for i, memory_id in enumerate(ids)}
    assert rows.retire(["mémoire-é"]) == [1]
    assert rows.add([mem("mémoire-é", "-", version=9)]).tolist() == [4]
    saved = rows.arrays()["ids"]
    assert saved.dtype.kind == "U" and saved.tolist() == [*ids, "mémoire-é"]
    back = Rows.from_arrays(rows.arrays())
    assert back.versions() == {**rows.versions(), "mémoire-é": 9}
    assert back.ids_of([1, 4]) == ["mémoire-é", "mémoire-é"]


def test_an_index_saved_and_reopened_finds_its_memories_by_id(tmp_path: Path) -> None:
    vectors = unit_vectors(300, 16, seed=4)
    memories = [mem(f"id-{i}" + "é" * (i % 3), "-") for i in range(300)]
    index = opened(HnswVectors, tmp_path, flat_below=0, exact_below=0)
    index.upsert(memories, vectors)
    index.close()
    again = opened(HnswVectors, tmp_path, flat_below=0, exact_below=0)
    assert again.search(vectors[7], Query(text="x"), 1)[0].id == "id-7é"
    again.delete(["id-7é"])  # a write: the map made from the saved ids
    assert "id-7é" not in [c.id for c in again.search(vectors[7], Query(text="x"), 5)]
    assert len(again.versions()) == 299
    again.close()
