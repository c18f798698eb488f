"""#45, the ``hnsw`` index opened without reading it: the graph a read-only view of its file
until its first change, the rows' ids kept as the saved array until a write needs them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cognimem.errors import StoreError
from cognimem.models import Memory, Query, Scope
from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.hnsw_index.index import HnswVectors
from cognimem_plugins.hnsw_index.rows import Rows

DIM = 32


def corpus(n: int) -> tuple[list[Memory], np.ndarray]:
    """``n`` memories in three projects, every 20th archived, with clustered vectors."""
    rng = np.random.default_rng(3)
    centres = unit_vectors(40, DIM, seed=11)
    vectors = centres[rng.integers(0, 40, n)] + 0.35 * unit_vectors(n, DIM, seed=12)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    memories = [mem(f"m{i:05d}", "-", archived=(i % 20 == 19),
                    scope=Scope(project="rare" if i % 50 == 0 else f"p{i % 3}"))
                for i in range(n)]
    return memories, vectors.astype(np.float32)


def ids(found: list[object]) -> list[str]:
    return [c.id for c in found]  # type: ignore[attr-defined]


@pytest.mark.parametrize("change", ["upsert", "delete", "compact"])
def test_a_reopened_graph_is_a_view_until_its_first_change(tmp_path: Path, change: str) -> None:
    """#45: a reopened graph maps its file (nothing read until a search touches it) and
    answers as the saved one did; the first change reads it whole, and the change and a
    save after it behave as on a graph built in memory."""
    memories, vectors = corpus(2000)
    built = opened(HnswVectors, tmp_path, flat_below=0, exact_below=0)
    built.upsert(memories, vectors)
    probes = unit_vectors(10, DIM, seed=5)
    before = [ids(built.search(p, Query(text="x"), 10)) for p in probes]
    rare = Query(text="x", scope=Scope(project="rare"))  # 40 of 2,000: read out exactly
    members = [i for i, m in enumerate(memories) if m.scope.project == "rare" and not m.archived]
    exact = [[memories[members[j]].id for j in np.argsort(-(vectors[members] @ p))[:10]]
             for p in probes]
    built.close()
    again = opened(HnswVectors, tmp_path, flat_below=0, exact_below=0)
    assert again.stats()["mapped"] is True
    assert [ids(again.search(p, Query(text="x"), 10)) for p in probes] == before
    read_out = opened(HnswVectors, tmp_path, flat_below=0)
    assert [ids(read_out.search(p, rare, 10)) for p in probes] == exact
    read_out.close()
    assert again.stats()["mapped"] is True  # searches leave it a view
    gone = before[0][0]
    if change == "upsert":
        again.upsert([memories[0]], vectors[1:2])
    elif change == "delete":
        again.delete([gone])
    else:
        again.compact()
    assert again.stats()["mapped"] is False
    found = ids(again.search(probes[0], Query(text="x"), 10))
    if change == "delete":
        assert gone not in found
    if change == "upsert":
        assert memories[0].id in ids(again.search(vectors[1], Query(text="x"), 2))
    again.close()
    third = opened(HnswVectors, tmp_path, flat_below=0, exact_below=0)
    assert ids(third.search(probes[0], Query(text="x"), 10)) == found
    assert len(third.versions()) == len(memories) - (change == "delete")


def test_rows_read_back_answer_as_the_saved_ones_before_and_after_a_write() -> None:
    """Rows from a snapshot's arrays (ids not yet made into objects) give the same ids,
    counts and versions as the rows saved, and take writes and retirements as they do."""
    memories, _ = corpus(300)
    saved = Rows()
    saved.add(memories)
    saved.retire(["m00003", "m00010"])
    back = Rows.from_arrays({name: a.copy() for name, a in saved.arrays().items()})  # as saved
    keys = [0, 5, 3, 299]
    assert back.ids_of(keys) == saved.ids_of(keys) == ["m00000", "m00005", "m00003", "m00299"]
    assert (len(back), back.retired) == (len(saved), saved.retired) == (298, 2)
    assert Rows.from_arrays(back.arrays()).versions() == saved.versions()
    for rows in (saved, back):
        assert rows.retire(["m00004", "m00003"]) == [4]
        assert rows.add([memories[4]]).tolist() == [300]
    assert back.versions() == saved.versions()
    assert back.ids_of([*keys, 300]) == saved.ids_of([*keys, 300])
    assert (len(back), back.retired) == (len(saved), saved.retired) == (298, 3)


def test_a_snapshot_with_an_id_live_twice_is_refused_at_the_first_write() -> None:
    """A damaged snapshot's duplicate id is found when the id map is first made (a write),
    with an error naming the repair."""
    memories, _ = corpus(4)
    saved = Rows()
    saved.add(memories)
    data = saved.arrays()
    data["ids"] = np.array(["m00000", "m00001", "m00000", "m00003"], dtype=str)
    back = Rows.from_arrays(data)
    assert back.ids_of([2]) == ["m00000"]
    with pytest.raises(StoreError, match="reindex"):
        back.retire(["m00001"])
