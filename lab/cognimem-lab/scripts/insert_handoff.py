"""The graph's insert on a thread beside a writer busy in Python, at several interpreter
switch intervals: the insert's wall and CPU, and the writer's rate beside it.

    python lab/cognimem-lab/scripts/insert_handoff.py [--graph 50000] [--insert 1000]
        [--intervals 5,1,0.2,0.1,0.05] [--rounds 2]

usearch's ``add`` takes the interpreter lock back once a vector (to check for signals), so
an insert beside Python work waits up to a switch interval a vector (#45). The graph holds
``--graph`` random vectors (bf16, 384 dimensions, the ``hnsw`` defaults); each round inserts
``--insert`` more on a thread while the main thread runs the guard's ``redact`` and
``screen`` over the benchmark's memories, once per interval (milliseconds).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time

import numpy as np
from usearch.index import Index

from cognimem_lab.corpus import generate_memories
from cognimem_plugins.guard.injection import screen
from cognimem_plugins.guard.secrets import redact


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--graph", type=int, default=50_000)
    parser.add_argument("--insert", type=int, default=1_000)
    parser.add_argument("--intervals", default="5,1,0.2,0.1,0.05")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    intervals = [float(x) / 1000 for x in args.intervals.split(",")]
    total = args.graph + args.insert * len(intervals) * args.rounds
    vectors = np.random.default_rng(0).standard_normal((total, 384)).astype(np.float32)
    texts = [m.content for m in generate_memories(2_000, seed=7)]
    graph = Index(ndim=384, metric="cos", dtype="bf16", connectivity=16, expansion_add=128)
    graph.add(np.arange(args.graph), vectors[: args.graph], threads=1)
    before, at = sys.getswitchinterval(), args.graph

    def work(start: int, n: int) -> None:
        for i in range(start, start + n):
            text = texts[i % len(texts)]
            redact(text)
            screen(text)

    print("interval ms | insert wall s | insert CPU s | writer texts/s beside | alone | load")
    try:
        for _ in range(args.rounds):
            for interval in intervals:
                sys.setswitchinterval(interval)
                started = time.perf_counter()
                work(0, 400)
                alone = 400 / (time.perf_counter() - started)
                took: list[tuple[float, float]] = []
                keys = np.arange(at, at + args.insert)

                def insert(keys: np.ndarray = keys, took: list[tuple[float, float]] = took) -> None:
                    wall, cpu = time.perf_counter(), time.thread_time()
                    graph.add(keys, vectors[keys], threads=1)
                    took.append((time.perf_counter() - wall, time.thread_time() - cpu))

                thread = threading.Thread(target=insert)
                started, done = time.perf_counter(), 0
                thread.start()
                while thread.is_alive():
                    work(done, 40)
                    done += 40
                beside = done / (time.perf_counter() - started)
                at += args.insert
                print(
                    f"{interval * 1000:g} | {took[0][0]:.2f} | {took[0][1]:.2f} | "
                    f"{beside:.0f} | {alone:.0f} | {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
    finally:
        sys.setswitchinterval(before)


if __name__ == "__main__":
    main()
