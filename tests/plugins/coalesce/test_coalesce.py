"""Concurrent small encode calls share forward passes, and each gets its own vectors."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from cognimem_plugins.coalesce import Coalescer


class Encoder:
    """Vectors that name their text (row i = [hash of text]); the first pass can be held."""

    def __init__(self) -> None:
        self.passes: list[list[str]] = []
        self.hold = threading.Event()
        self.hold.set()
        self.entered = threading.Event()
        self.fail_next = False

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        self.passes.append(list(texts))
        self.entered.set()
        self.hold.wait(10)
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("the model broke")
        return np.array([[float(len(t)), float(sum(map(ord, t)))] for t in texts],
                        dtype=np.float32)


def _expected(texts: Sequence[str]) -> np.ndarray:
    return np.array([[float(len(t)), float(sum(map(ord, t)))] for t in texts],
                    dtype=np.float32)


def test_a_lone_call_runs_at_once() -> None:
    encode = Encoder()
    coalescer = Coalescer(encode, max_texts=8)
    out = coalescer(["alpha", "beta"])
    assert np.array_equal(out, _expected(["alpha", "beta"]))
    assert encode.passes == [["alpha", "beta"]]


def _start(coalescer: Coalescer, texts: list[str], results: dict[str, Any]) -> threading.Thread:
    def run() -> None:
        try:
            results[texts[0]] = coalescer(texts)
        except Exception as exc:
            results[texts[0]] = exc

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _wait_queued(coalescer: Coalescer, n: int) -> None:
    for _ in range(1000):
        with coalescer._lock:
            if len(coalescer._queue) + len(coalescer._wide) >= n:
                return
        threading.Event().wait(0.005)
    raise AssertionError(f"{n} calls never queued")


def _hold_a_pass(first: list[str], **options: Any
                 ) -> tuple[Encoder, Coalescer, dict[str, Any], threading.Thread]:
    """A coalescer whose first pass (``first``) has started and is held."""
    encode = Encoder()
    encode.hold.clear()
    coalescer = Coalescer(encode, **options)
    results: dict[str, Any] = {}
    thread = _start(coalescer, first, results)
    assert encode.entered.wait(5)
    return encode, coalescer, results, thread


def _queue_behind_a_held_pass(max_texts: int, calls: list[list[str]]
                              ) -> tuple[Encoder, Coalescer, dict[str, Any]]:
    """Hold a first pass, queue ``calls`` behind it, release it and wait for everything."""
    encode, coalescer, results, first = _hold_a_pass(["first"], max_texts=max_texts)
    others = [_start(coalescer, texts, results) for texts in calls]
    _wait_queued(coalescer, len(calls))
    encode.hold.set()
    for thread in [first, *others]:
        thread.join(10)
    return encode, coalescer, results


def test_calls_that_arrive_during_a_pass_share_the_next_one() -> None:
    encode, coalescer, results = _queue_behind_a_held_pass(
        8, [[f"q{i}", f"q{i} again"] for i in range(3)])
    assert len(encode.passes) == 2  # the first alone, then the three queued together
    assert sorted(encode.passes[1]) == sorted(
        t for i in range(3) for t in (f"q{i}", f"q{i} again"))
    for i in range(3):
        assert np.array_equal(results[f"q{i}"], _expected([f"q{i}", f"q{i} again"]))
    assert coalescer.passes == 2 and coalescer.calls == 4


def test_a_pass_holds_at_most_max_texts() -> None:
    encode, _, results = _queue_behind_a_held_pass(3, [[f"a{i}", f"b{i}"] for i in range(3)])
    assert all(len(texts) <= 3 for texts in encode.passes)
    assert len(encode.passes) == 4  # two texts per queued call, three texts per pass
    for i in range(3):
        assert np.array_equal(results[f"a{i}"], _expected([f"a{i}", f"b{i}"]))


def test_a_large_call_bypasses_the_queue() -> None:
    encode, coalescer, _, small = _hold_a_pass(["small"], max_texts=2)
    big = ["x1", "x2", "x3"]
    encode.hold.set()  # the bulk call runs beside the held pass, not after it
    assert np.array_equal(coalescer(big), _expected(big))
    small.join(10)
    assert ["x1", "x2", "x3"] in encode.passes
    assert coalescer.calls == 1


def test_a_failed_pass_fails_each_of_its_callers_and_the_next_pass_works() -> None:
    encode = Encoder()
    encode.hold.clear()
    coalescer = Coalescer(encode, max_texts=8)
    results: dict[str, Any] = {}
    first = _start(coalescer, ["first"], results)
    assert encode.entered.wait(5)
    others = [_start(coalescer, [f"q{i}"], results) for i in range(2)]
    _wait_queued(coalescer, 2)
    encode.fail_next = False
    # the first pass succeeds; make the second (the two queued calls) fail
    original = encode.__call__

    def failing_second(texts: Sequence[str]) -> np.ndarray:
        if len(encode.passes) == 1:
            encode.fail_next = True
        return original(texts)

    coalescer._encode = failing_second
    encode.hold.set()
    for thread in [first, *others]:
        thread.join(10)
    assert np.array_equal(results["first"], _expected(["first"]))
    for i in range(2):
        assert isinstance(results[f"q{i}"], RuntimeError)
    assert np.array_equal(coalescer(["after"]), _expected(["after"]))


def test_max_texts_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="max_texts must be >= 1"):
        Coalescer(Encoder(), max_texts=0)


def _weights_installed() -> bool:
    from cognimem_plugins.minilm.model import EmbedderUnavailable, default_model_dir

    try:
        return (default_model_dir() / "model.safetensors").is_file()
    except EmbedderUnavailable:
        return False


@pytest.mark.skipif(not _weights_installed(), reason="MiniLM weights not installed")
def test_the_embedder_gives_each_concurrent_caller_its_own_vectors() -> None:
    from cognimem_plugins.minilm.embedder import MiniLMEmbedder

    alone = MiniLMEmbedder(MiniLMEmbedder.Options(cache_size=0, coalesce=False))
    shared = MiniLMEmbedder(MiniLMEmbedder.Options(cache_size=0, coalesce=True))
    texts = [[f"agent {i} asks about the billing retries, question {k}" for k in range(i % 3 + 1)]
             for i in range(12)]
    expected = [alone.embed_batch(t) for t in texts]
    got: dict[int, np.ndarray] = {}
    start = threading.Barrier(len(texts))

    def run(i: int) -> None:
        start.wait(10)
        for _ in range(3):
            got[i] = shared.embed_batch(texts[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(texts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for i, vectors in enumerate(expected):
        assert got[i].shape == vectors.shape
        assert float((got[i] * vectors).sum(axis=1).min()) >= 0.99999
    coalescer = shared._coalescer
    assert coalescer is not None and coalescer.calls == 3 * len(texts)


def test_an_interrupted_leader_gives_up_the_lead_and_fails_what_it_held() -> None:
    encode = Encoder()
    coalescer = Coalescer(encode, max_texts=8)
    calls = 0

    def interrupted(batch: list[Any]) -> None:
        nonlocal calls
        calls += 1
        raise KeyboardInterrupt  # e.g. Ctrl-C between two passes

    original = coalescer._run
    coalescer._run = interrupted  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        coalescer(["first"])
    assert calls == 1
    coalescer._run = original  # type: ignore[method-assign]
    results: dict[str, Any] = {}
    after = _start(coalescer, ["after"], results)
    after.join(10)
    assert not after.is_alive(), "a call after the interrupt waits for a leader forever"
    assert np.array_equal(results["after"], _expected(["after"]))


class HeldWide(Encoder):
    """Holds only passes of several texts."""

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        if len(texts) > 1:
            return super().__call__(texts)
        self.passes.append(list(texts))
        return _expected(texts)


def test_a_query_passes_a_held_group_pass_and_a_second_group_waits() -> None:
    encode = HeldWide()
    encode.hold.clear()
    coalescer = Coalescer(encode, max_texts=8, lanes=2)
    results: dict[str, Any] = {}
    first = _start(coalescer, ["group one a", "group one b"], results)
    assert encode.entered.wait(5)
    second = _start(coalescer, ["group two a", "group two b"], results)
    for _ in range(1000):  # its caller found no lane it may use for a wide pass
        with coalescer._lock:
            if len(coalescer._wide) == 1 and coalescer._leaders == 1:
                break
        threading.Event().wait(0.005)
    else:
        raise AssertionError("the second group never queued")
    query = coalescer(["the query"])  # runs now, beside the held pass
    assert np.array_equal(query, _expected(["the query"]))
    assert ["group two a", "group two b"] not in encode.passes  # one lane for groups
    encode.hold.set()
    first.join(10)
    second.join(10)
    assert np.array_equal(results["group two a"], _expected(["group two a", "group two b"]))
    assert encode.passes[-1] == ["group two a", "group two b"]


def test_queued_queries_are_shared_out_over_the_lanes() -> None:
    encode = Encoder()
    encode.hold.clear()
    coalescer = Coalescer(encode, max_texts=64, lanes=2)
    results: dict[str, Any] = {}
    busy = [_start(coalescer, [f"busy {i}"], results) for i in range(2)]
    for _ in range(1000):  # both lanes hold a pass
        if len(encode.passes) == 2:
            break
        threading.Event().wait(0.005)
    queued = [_start(coalescer, [f"q{i}"], results) for i in range(6)]
    _wait_queued(coalescer, 6)
    encode.hold.set()
    for thread in [*busy, *queued]:
        thread.join(10)
    later = encode.passes[2:]
    assert sorted(t for texts in later for t in texts) == [f"q{i}" for i in range(6)]
    assert max(len(texts) for texts in later) <= 3  # half each, not six in one lane
    for i in range(6):
        assert np.array_equal(results[f"q{i}"], _expected([f"q{i}"]))


def test_a_queued_query_runs_before_a_queued_group() -> None:
    """One lane: a one-text call (a query) queued behind a held pass runs in the next pass
    of its own, before the several-text call (a write group) queued ahead of it."""
    encode, coalescer, results, first = _hold_a_pass(["first"], max_texts=64)
    group = _start(coalescer, ["memory a", "memory b"], results)
    _wait_queued(coalescer, 1)
    query = _start(coalescer, ["the query"], results)
    _wait_queued(coalescer, 2)
    encode.hold.set()
    for thread in (first, group, query):
        thread.join(10)
    assert encode.passes == [["first"], ["the query"], ["memory a", "memory b"]]
    assert np.array_equal(results["memory a"], _expected(["memory a", "memory b"]))


def test_a_group_pass_runs_in_pieces_and_a_query_runs_between_them() -> None:
    """A pass of several texts runs ``piece`` texts at a time; a query that arrives during
    the first piece runs before the second, not after the whole group."""
    encode = Encoder()
    encode.hold.clear()
    coalescer = Coalescer(encode, max_texts=64, piece=2)
    results: dict[str, Any] = {}
    group = _start(coalescer, ["m1", "m2", "m3", "m4", "m5"], results)
    assert encode.entered.wait(5)  # the first piece is held
    query = _start(coalescer, ["the query"], results)
    _wait_queued(coalescer, 1)
    encode.hold.set()
    group.join(10)
    query.join(10)
    assert encode.passes == [["m1", "m2"], ["the query"], ["m3", "m4"], ["m5"]]
    assert np.array_equal(results["m1"], _expected(["m1", "m2", "m3", "m4", "m5"]))
    assert np.array_equal(results["the query"], _expected(["the query"]))


def test_a_query_pass_failing_between_pieces_fails_only_its_query() -> None:
    encode = Encoder()
    encode.hold.clear()
    coalescer = Coalescer(encode, max_texts=64, piece=1)
    results: dict[str, Any] = {}
    group = _start(coalescer, ["m1", "m2"], results)
    assert encode.entered.wait(5)
    query = _start(coalescer, ["the query"], results)
    _wait_queued(coalescer, 1)
    original = encode.__call__

    def failing_query(texts: Sequence[str]) -> np.ndarray:
        if texts == ["the query"]:
            raise RuntimeError("the model broke")
        return original(texts)

    encode.__call__ = failing_query  # type: ignore[method-assign]
    coalescer._encode = failing_query
    encode.hold.set()
    group.join(10)
    query.join(10)
    assert isinstance(results["the query"], RuntimeError)
    assert np.array_equal(results["m1"], _expected(["m1", "m2"]))


def test_piece_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="piece"):
        Coalescer(Encoder(), piece=0)


class TwoHolds(Encoder):
    """Wide passes wait for ``hold``, passes of queries for ``query_hold``."""

    def __init__(self) -> None:
        super().__init__()
        self.query_hold = threading.Event()

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        if len(texts) > 1 and texts[0].startswith("m"):
            return super().__call__(texts)
        self.passes.append(list(texts))
        self.query_hold.wait(10)
        return _expected(texts)


def test_with_the_other_lane_in_a_group_pass_queued_queries_go_in_one_pass() -> None:
    """Two lanes, one in a write group's pass: the query lane's next pass takes every
    queued query, not half of them (the other half would wait for the group's piece)."""
    encode = TwoHolds()
    encode.hold.clear()
    coalescer = Coalescer(encode, max_texts=64, lanes=2, piece=64)
    results: dict[str, Any] = {}
    group = _start(coalescer, ["m1", "m2", "m3"], results)
    assert encode.entered.wait(5)  # the group's pass holds one lane
    first = _start(coalescer, ["q first"], results)
    for _ in range(1000):  # the query lane holds a pass
        if ["q first"] in encode.passes:
            break
        threading.Event().wait(0.005)
    queued = [_start(coalescer, [f"q{i}"], results) for i in range(6)]
    _wait_queued(coalescer, 6)
    encode.query_hold.set()
    for thread in [first, *queued]:
        thread.join(10)
    assert encode.passes[-1] == [f"q{i}" for i in range(6)]  # one pass, the group still held
    assert group.is_alive()
    encode.hold.set()
    group.join(10)
    assert np.array_equal(results["m1"], _expected(["m1", "m2", "m3"]))
    for i in range(6):
        assert np.array_equal(results[f"q{i}"], _expected([f"q{i}"]))


class HeldAfterFirst(Encoder):
    """Records which thread ran each pass; every pass after the first is held."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[str] = []
        self.later = threading.Event()

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        self.threads.append(threading.current_thread().name)
        if self.passes:
            self.later.wait(10)
        return super().__call__(texts)


def test_a_served_leader_hands_its_lane_to_a_waiting_caller() -> None:
    encode = HeldAfterFirst()
    encode.hold.clear()
    coalescer = Coalescer(encode, max_texts=8, lanes=1)
    results: dict[str, Any] = {}
    first = _start(coalescer, ["first"], results)
    assert encode.entered.wait(5)
    others = [_start(coalescer, [f"q{i}"], results) for i in range(3)]
    _wait_queued(coalescer, 3)
    encode.hold.set()  # the first pass ends; the queued queries' pass is held
    first.join(5)
    # the first caller has its vectors while the next pass is still held: it did not
    # stay to lead the pass of the queries queued behind it
    assert not first.is_alive(), "a served leader waits for the next pass of others' texts"
    assert np.array_equal(results["first"], _expected(["first"]))
    encode.later.set()
    for thread in others:
        thread.join(10)
    assert [sorted(p) for p in encode.passes] == [["first"], ["q0", "q1", "q2"]]
    assert encode.threads[1] != encode.threads[0]  # a queued caller's thread ran it
    for i in range(3):
        assert np.array_equal(results[f"q{i}"], _expected([f"q{i}"]))
    with coalescer._lock:
        assert coalescer._leaders == 0  # every lane given back


def test_lanes_handed_over_under_load_are_all_given_back() -> None:
    """Many callers at once, passes of a few texts: every caller gets its own vectors and
    no lane is lost in the hand-overs (a lost lane would leave later callers waiting)."""
    def encode(texts: Sequence[str]) -> np.ndarray:
        threading.Event().wait(0.001)
        return _expected(texts)

    coalescer = Coalescer(encode, max_texts=4, lanes=2, piece=2)
    results: dict[str, Any] = {}

    def call(i: int) -> None:
        for n in range(20):
            texts = [f"t{i}.{n}"] if (i + n) % 3 else [f"t{i}.{n}", f"u{i}.{n}", f"v{i}.{n}"]
            results[texts[0]] = (texts, coalescer(texts))

    threads = [threading.Thread(target=call, args=(i,)) for i in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not any(t.is_alive() for t in threads)
    assert len(results) == 240
    for texts, vectors in results.values():
        assert np.array_equal(vectors, _expected(texts))
    with coalescer._lock:
        assert coalescer._leaders == 0 and not coalescer._queue and not coalescer._wide


def test_an_interrupted_leader_fails_a_caller_woken_to_lead_as_well() -> None:
    """A caller woken to take over a lane has its event set before it is served: an
    interrupted leader must still fail it, or it would wait for a pass forever."""
    from cognimem_plugins.coalesce import _Request

    coalescer = Coalescer(Encoder(), max_texts=8, lanes=2)
    heir = _Request(["heir"])
    heir.heir = True  # handed a lane, its thread not yet awake
    heir.done.set()
    coalescer._queue.append(heir)
    coalescer._leaders = 1  # the lane handed to it

    def interrupted(batch: list[Any]) -> None:
        raise KeyboardInterrupt

    coalescer._run = interrupted  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        coalescer(["first"])
    assert isinstance(heir.error, KeyboardInterrupt)
