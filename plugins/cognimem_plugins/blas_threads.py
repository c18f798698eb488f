"""How many threads the BLAS library under numpy may use once an encoder is loaded.

OpenBLAS starts one thread per core by default and its threads spin while they wait for
work. The offline embedders multiply small matrices (a query is a few tokens), and the owner
daemon runs several calls at once in its own threads: there the extra BLAS threads only
compete with each other and with the calls beside them. Measured on a 2-core machine with a
second process busy, a 5-token MiniLM query took 144 ms of CPU with OpenBLAS's default threads
and 7 ms with one (docs/benchmarks.md). So loading an encoder sets the process's BLAS threads
to its embedder's ``blas_threads`` option (1 by default).

The setting is process-wide (a BLAS library has one) and is set once, not around each call:
OpenBLAS ignores a change made from another thread once the main thread has set it, so a
per-call limit entered and left by the daemon's worker threads would not hold. A program that
embeds cognimem and wants its own numpy work multi-threaded sets the option higher.

:func:`kernels` tells which of OpenBLAS's kernel sets runs (the encoder's workers report
theirs when they start): OpenBLAS picks them by the CPU unless ``OPENBLAS_CORETYPE`` names
one, and on a CPU with AVX-512 its AVX-512 set embeds in about two thirds of the CPU time
of its AVX2 (``Haswell``) set (docs/benchmarks.md, "Many agents").
"""

from __future__ import annotations

import functools
import threading
from typing import Any

_lock = threading.Lock()
_applied: int | None = None


def limit_blas_threads(limit: int) -> None:
    """Let the BLAS library use at most ``limit`` threads from now on (process-wide)."""
    global _applied
    if limit < 1:
        raise ValueError(f"blas_threads must be >= 1, got {limit}")
    with _lock:
        if _applied == limit:
            return
        from threadpoolctl import ThreadpoolController

        controller: Any = ThreadpoolController()
        controller.limit(limits=limit, user_api="blas")
        _applied = limit


def applied_limit() -> int | None:
    """The limit set by :func:`limit_blas_threads` in this process (None before any)."""
    return _applied


@functools.cache
def kernels() -> str | None:
    """The kernel set of the OpenBLAS under this process's numpy (``Haswell``, ``SkylakeX``,
    ...), or None when numpy uses another BLAS."""
    import numpy  # noqa: F401  (loads its BLAS, if not yet)
    from threadpoolctl import ThreadpoolController

    controller: Any = ThreadpoolController()
    for info in controller.select(internal_api="openblas").info():
        found = info.get("architecture")
        if found:
            return str(found)
    return None
