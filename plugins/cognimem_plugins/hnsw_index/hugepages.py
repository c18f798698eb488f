"""Transparent huge pages for the graph's memory (Linux).

An insert into the graph, and a search of it, follows links between nodes scattered over
all of its memory: at a million memories ~0.9 GB of vectors and links, and each insert
reads a few thousand of them. With 4 KiB pages nearly every one of those reads also misses
the processor's page-table cache. usearch keeps its nodes and vectors in anonymous memory
it maps itself, which a kernel whose THP mode is ``madvise`` (Debian's default) backs with
4 KiB pages unless the process asks otherwise, and usearch does not ask.

:class:`HugePages` asks: every ``every_keys`` keys the graph hands out, it reads
``/proc/self/maps`` and marks each anonymous private read-write mapping of at least
:data:`MIN_BYTES` it has not marked yet ``MADV_HUGEPAGE`` (its 2 MiB-aligned interior).
Pages the graph touches after that come as huge pages; those already touched are left to
the kernel's background collapse. Two graphs of 200,000 memories in one process, one
marked, inserts alternated: 1.06 against 1.27 ms of CPU an insert (-16 %; every one of six
rounds lower; ``lab/cognimem-lab/scripts/hugepage_insert.py``, load 5-8).

The mappings marked are the process's large anonymous ones, not only the graph's (the
kernel does not say who mapped what): in a cognimem process those are the graph's arenas,
numpy's large arrays (which numpy marks itself) and the allocators' heaps. Nothing is
changed where ``/proc/self/maps`` or ``madvise`` is missing, or the kernel refuses (no THP):
the option is then a no-op, never an error.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys
from typing import Final

log = logging.getLogger("cognimem.hnsw")

#: ``MADV_HUGEPAGE`` from ``<sys/mman.h>`` (Linux).
MADV_HUGEPAGE: Final = 14
#: The smallest mapping marked: smaller ones are the interpreter's and small allocations.
MIN_BYTES: Final = 8 << 20
_HUGE: Final = 2 << 20
_MAPS: Final = "/proc/self/maps"


def _madvise() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """libc's ``madvise``, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        call = libc.madvise
    except (OSError, AttributeError):  # pragma: no cover - a Linux without glibc's madvise
        return None
    call.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    call.restype = ctypes.c_int
    return call


def anonymous_mappings(maps: str = _MAPS) -> list[tuple[int, int]]:
    """The process's anonymous private read-write mappings of at least :data:`MIN_BYTES`
    (start, end), from ``maps``; empty where it cannot be read."""
    found: list[tuple[int, int]] = []
    try:
        with open(maps, encoding="ascii") as lines:
            for line in lines:
                fields = line.split(maxsplit=5)
                if len(fields) > 5 or not fields[1].startswith("rw") or fields[1][3] != "p":
                    continue  # a file, [heap], [stack] ...; read-only or shared
                start, _, end = fields[0].partition("-")
                low, high = int(start, 16), int(end, 16)
                if high - low >= MIN_BYTES:
                    found.append((low, high))
    except OSError:
        return []
    return found


class HugePages:
    """Marks new large anonymous mappings ``MADV_HUGEPAGE`` as the graph grows (see the
    module); :meth:`follow` is called after each batch of inserts."""

    def __init__(self, every_keys: int = 4096) -> None:
        self.every_keys = every_keys
        self._call = _madvise()
        self._marked: list[tuple[int, int]] = []  # coalesced spans already asked
        self._at = -every_keys  # the keys handed out at the last look
        self.marked_bytes = 0

    def follow(self, keys: int, *, now: bool = False) -> None:
        """Look at the mappings if ``keys`` (handed out so far) grew by ``every_keys`` since
        the last look, or ``now``."""
        if keys < self._at:  # a rebuilt graph counts its keys again
            self._at = keys - self.every_keys
        if self._call is None or (not now and keys - self._at < self.every_keys):
            return
        self._at = keys
        self.mark()

    def mark(self) -> int:
        """Mark every large anonymous mapping not marked yet; the bytes newly marked."""
        if self._call is None:
            return 0
        added = 0
        for span in anonymous_mappings():
            # a span asked before, or two asked ones the kernel merged, is not asked again
            if any(low <= span[0] and span[1] <= high for low, high in self._marked):
                continue
            self._marked = _coalesced([*self._marked, span])
            low = (span[0] + _HUGE - 1) & ~(_HUGE - 1)
            high = span[1] & ~(_HUGE - 1)
            if high > low and self._call(low, high - low, MADV_HUGEPAGE) == 0:
                added += high - low
        if added:
            self.marked_bytes += added
            log.debug("hnsw: %d MiB more asked of the kernel as huge pages", added >> 20)
        return added


def _coalesced(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` sorted, with overlapping or touching ones joined."""
    joined: list[tuple[int, int]] = []
    for low, high in sorted(spans):
        if joined and low <= joined[-1][1]:
            joined[-1] = (joined[-1][0], max(joined[-1][1], high))
        else:
            joined.append((low, high))
    return joined
