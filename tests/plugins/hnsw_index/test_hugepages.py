"""The graph's memory asked of the kernel as huge pages (``huge_pages``, #45)."""

from __future__ import annotations

import ctypes
import mmap
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.hnsw_index import hugepages
from cognimem_plugins.hnsw_index.hugepages import MIN_BYTES, HugePages, anonymous_mappings
from cognimem_plugins.hnsw_index.index import HnswVectors

linux = pytest.mark.skipif(not sys.platform.startswith("linux") or
                           not Path("/proc/self/smaps").exists() or
                           not Path("/sys/kernel/mm/transparent_hugepage").exists(),
                           reason="huge pages are asked of a Linux with THP")


def test_only_large_anonymous_private_writable_mappings_are_chosen(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.write_text(
        "7f0000000000-7f0001000000 rw-p 00000000 00:00 0 \n"               # 16 MiB: chosen
        "7f1000000000-7f1000100000 rw-p 00000000 00:00 0 \n"               # 1 MiB: small
        "7f2000000000-7f2001000000 r--p 00000000 00:00 0 \n"               # read-only
        "7f3000000000-7f3001000000 rw-s 00000000 00:01 7   /dev/zero (deleted)\n"  # shared
        "7f4000000000-7f4001000000 rw-p 00000000 08:01 42  /usr/lib/libx.so\n"    # a file
        "55d000000000-55d001000000 rw-p 00000000 00:00 0   [heap]\n"
        "7f5000000000-7f5000800000 rw-p 00000000 00:00 0 \n",               # 8 MiB: chosen
        encoding="ascii")
    assert anonymous_mappings(str(maps)) == [(0x7F0000000000, 0x7F0001000000),
                                             (0x7F5000000000, 0x7F5000800000)]
    assert anonymous_mappings(str(tmp_path / "missing")) == []


@pytest.fixture
def region() -> Iterator[int]:
    """The address of a fresh 16 MiB anonymous private mapping."""
    area = mmap.mmap(-1, 16 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    buffer = ctypes.c_char.from_buffer(area)
    try:
        yield ctypes.addressof(buffer)
    finally:
        del buffer
        area.close()


def advised(address: int) -> bool:
    """Whether the mapping holding ``address`` is marked ``MADV_HUGEPAGE`` (``hg``)."""
    inside = False
    for line in Path("/proc/self/smaps").read_text(encoding="ascii").splitlines():
        head = line.split(maxsplit=1)[0]
        if "-" in head and not head.endswith(":"):
            low, high = (int(part, 16) for part in head.split("-"))
            inside = low <= address < high
        elif inside and head == "VmFlags:":
            return "hg" in line.split()
    raise AssertionError(f"no mapping holds {address:#x}")


@linux
def test_a_mapping_is_marked_once_and_its_bytes_counted(region: int) -> None:
    assert not advised(region)
    pages = HugePages()
    real = pages._call
    assert real is not None
    asked: list[tuple[int, int]] = []

    def recording(start: int, length: int, advice: int) -> int:
        asked.append((start, length))
        return int(real(start, length, advice))

    pages._call = recording
    assert pages.mark() >= 14 << 20  # at least its 2 MiB-aligned interior
    assert advised(region)
    inside = region + (2 << 20)  # a byte of its aligned interior
    ours = [length for start, length in asked if start <= inside < start + length]
    assert len(ours) == 1 and ours[0] >= 14 << 20
    asked.clear()
    pages.mark()  # other threads may map more meanwhile; this one is not asked again
    assert not [start for start, length in asked if start <= inside < start + length]


@linux
def test_follow_looks_every_so_many_keys_and_again_after_a_rebuild(region: int) -> None:
    pages = HugePages(every_keys=1000)
    pages.follow(1000)
    assert advised(region)
    looks: list[int] = []

    def look() -> int:
        looks.append(1)
        return 0

    pages.mark = look  # type: ignore[method-assign]
    pages.follow(1500)
    pages.follow(1999)
    assert not looks
    pages.follow(2000)
    pages.follow(10)  # a rebuilt graph counts from the start
    pages.follow(20, now=True)
    assert len(looks) == 3


def test_nothing_is_asked_where_there_is_no_madvise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hugepages, "_madvise", lambda: None)
    pages = HugePages()
    pages.follow(10**6, now=True)
    assert pages.mark() == 0 and pages.marked_bytes == 0


@linux
@pytest.mark.parametrize("on", [True, False])
def test_the_index_asks_as_its_graph_grows_unless_turned_off(region: int, on: bool) -> None:
    index: HnswVectors = opened(HnswVectors, None, flat_below=0, dtype="f32", huge_pages=on)
    n = 4200  # past one look (every 4,096 keys)
    index.upsert([mem(f"m{i:05d}", "-") for i in range(n)], unit_vectors(n, 8, seed=3))
    index.settle()
    assert advised(region) is on
    assert (index._pages.marked_bytes >= MIN_BYTES - (4 << 20)) is on
    index.close()


def test_spans_asked_are_joined_so_a_merged_mapping_is_not_asked_again() -> None:
    assert hugepages._coalesced([(30, 40), (0, 10), (10, 20), (35, 50)]) == [(0, 20), (30, 50)]
