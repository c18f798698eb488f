"""A model pass beside a busy Python thread: in the same process, and in a worker process.

    python bench/gil_convoy.py

MiniLM's numpy forward pass is a few hundred numpy calls; each gives up the interpreter lock
and takes it back. Beside a thread that runs Python without pause every take-back waits up
to the switch interval (5 ms): the pass is stretched many times over. A worker process
(``cognimem_plugins.encoder_worker``) has an interpreter of its own. Prints the p50 wall time
of a pass of ``--texts`` short queries, alone and beside a busy thread, both ways.

A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence

from cognimem_plugins.blas_threads import limit_blas_threads
from cognimem_plugins.encoder_worker import WorkerPool
from cognimem_plugins.minilm.model import MiniLMModel

Encode = Callable[[Sequence[str]], object]


def _p50_ms(encode: Encode, texts: list[str], size: int, passes: int) -> float:
    walls = []
    for i in range(passes):
        start = i % (len(texts) - size)
        began = time.perf_counter()
        encode(texts[start : start + size])
        walls.append(time.perf_counter() - began)
    return round(statistics.median(walls) * 1000, 1)


def _beside_busy(encode: Encode, texts: list[str], size: int, passes: int) -> float:
    stop = threading.Event()

    def busy() -> None:
        x = 0
        while not stop.is_set():
            for i in range(1000):
                x += i

    thread = threading.Thread(target=busy)
    thread.start()
    try:
        return _p50_ms(encode, texts, size, passes)
    finally:
        stop.set()
        thread.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/gil_convoy.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--texts", type=int, default=4, help="queries per pass (default 4)")
    parser.add_argument("--passes", type=int, default=30)
    args = parser.parse_args(argv)
    texts = [f"zq0p{a}w{n}k" for a in range(32) for n in range(3)]
    model = MiniLMModel.load(None)
    limit_blas_threads(1)
    pool = WorkerPool("cognimem_plugins.minilm.model:MiniLMModel", None, size=1)
    try:
        here, worker = model.encode, pool.encode
        print(json.dumps({
            "texts_per_pass": args.texts,
            "in_process_alone_ms": _p50_ms(here, texts, args.texts, args.passes),
            "in_process_beside_busy_thread_ms": _beside_busy(here, texts, args.texts,
                                                             args.passes),
            "worker_alone_ms": _p50_ms(worker, texts, args.texts, args.passes),
            "worker_beside_busy_thread_ms": _beside_busy(worker, texts, args.texts,
                                                         args.passes),
        }))
    finally:
        pool.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
