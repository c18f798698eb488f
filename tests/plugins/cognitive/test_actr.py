"""ACT-R: every equation against values worked out by hand, then the ranker in an engine."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta

import pytest

from cognimem.clock import ManualClock
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Access, Hit, Memory, Query
from cognimem_plugins.cognitive.actr import (
    ACTR,
    base_level_exact,
    base_level_hybrid,
    blend,
    logistic_noise,
    retrieval_probability,
    spreading_activation,
)

EngineFactory = Callable[..., Engine]
#: memory-v2's blend, without spreading and noise: only the base level moves scores
SEED_NO_SPREAD = {"use": "actr", "blend": "activation", "noise": False, "spreading": False}

# --- the equations -----------------------------------------------------------------------------


def test_base_level_exact_by_hand() -> None:
    # ages 0.25, 1, 4, 16 h, d = 0.5: t^-0.5 = 2 + 1 + 0.5 + 0.25 = 3.75 -> B = ln 3.75
    assert base_level_exact([0.25, 1.0, 4.0, 16.0], 0.5) == pytest.approx(1.3217558399823195)
    # one presentation an hour old: B = ln(1) = 0
    assert base_level_exact([1.0], 0.5) == 0.0
    # d = 1: 1/2 + 1/4 = 0.75 -> ln 0.75
    assert base_level_exact([2.0, 4.0], 1.0) == pytest.approx(math.log(0.75))


def test_base_level_hybrid_by_hand() -> None:
    # n = 5 presentations aged 0.25, 1, 4, 16, 64 h; keep m = 2 exact: 2 + 1 = 3.
    # The other 3 spread over [t_k, t_n] = [1, 64]:
    #   3 * (64^0.5 - 1^0.5) / ((1 - 0.5) * (64 - 1)) = 3 * 7 / 31.5 = 0.6667
    # B = ln(3 + 2/3) = ln(11/3) = 1.2992829841
    value = base_level_hybrid([0.25, 1.0], n=5, oldest=64.0, d=0.5)
    assert value == pytest.approx(math.log(11 / 3))
    # the exact value, for comparison: 2 + 1 + 0.5 + 0.25 + 0.125 = 3.875
    assert base_level_exact([0.25, 1, 4, 16, 64], 0.5) == pytest.approx(math.log(3.875))


def test_base_level_hybrid_edge_cases() -> None:
    # every presentation at once: the rest count t_k^-d each: 2 * 4^-0.5 + 1 * 4^-0.5 = 1.5
    assert base_level_hybrid([4.0, 4.0], n=3, oldest=4.0, d=0.5) == pytest.approx(math.log(1.5))
    # d = 1 uses ln(t_n / t_k) / (t_n - t_k): 1 + 2 * ln(4) / 3
    assert base_level_hybrid([1.0], n=3, oldest=4.0, d=1.0) == pytest.approx(
        math.log(1 + 2 * math.log(4) / 3))
    # nothing beyond the kept ones: identical to the exact sum
    assert base_level_hybrid([1.0, 4.0], n=2, oldest=4.0, d=0.5) == pytest.approx(
        base_level_exact([1.0, 4.0], 0.5))


def test_hybrid_tracks_exact_for_evenly_spaced_history() -> None:
    # 1000 accesses one hour apart: the hybrid's evenly-spread assumption holds
    ages = [float(i) for i in range(1, 1001)]
    exact = base_level_exact(ages, 0.5)
    approx = base_level_hybrid(ages[:10], n=1000, oldest=1000.0, d=0.5)
    assert approx == pytest.approx(exact, abs=0.02)


def test_spreading_activation_by_hand() -> None:
    # two sources, W = 1 -> W_j = 0.5; S_max = 1.5; fan(database) = 2, fan(port) = 1
    fans = {"database": 2, "port": 1}
    both = spreading_activation({"database", "port"}, fans, 2, 1.0, 1.5)
    # 0.5 * (1.5 - ln 2) + 0.5 * (1.5 - ln 1) = 0.403426 + 0.75
    assert both == pytest.approx(0.5 * (1.5 - math.log(2)) + 0.75)
    assert both == pytest.approx(1.1534264097)
    assert spreading_activation({"database"}, fans, 2, 1.0, 1.5) == pytest.approx(0.4034264097)
    assert spreading_activation(set(), fans, 2, 1.0, 1.5) == 0.0


def test_spreading_activation_clamps_inhibition() -> None:
    # fan 10 > e^1.5 = 4.48: 1.5 - ln 10 = -0.8026 -> clamped to 0, or kept when asked
    assert spreading_activation({"x"}, {"x": 10}, 1, 1.0, 1.5) == 0.0
    assert spreading_activation({"x"}, {"x": 10}, 1, 1.0, 1.5, clamp=False) == pytest.approx(
        1.5 - math.log(10))


def test_logistic_noise_by_hand() -> None:
    # u = 0.75: 0.25 * ln(0.75 / 0.25) = 0.25 * ln 3 = 0.274653
    assert logistic_noise(0.75, 0.25) == pytest.approx(0.2746530722)
    assert logistic_noise(0.5, 0.25) == 0.0
    assert math.isfinite(logistic_noise(0.0, 0.25))
    assert math.isfinite(logistic_noise(1.0, 0.25))


def test_retrieval_probability_by_hand() -> None:
    # A = 0, tau = -0.5, s = 0.25: 1 / (1 + e^-2) = 0.880797
    assert retrieval_probability(0.0, -0.5, 0.25) == pytest.approx(0.8807970780)
    # at the threshold: 0.5; at the protected floor tau + 1 = 0.5: 1 / (1 + e^-4) = 0.982014
    assert retrieval_probability(-0.5, -0.5, 0.25) == 0.5
    assert retrieval_probability(0.5, -0.5, 0.25) == pytest.approx(0.9820137900)
    assert retrieval_probability(-1e6, -0.5, 0.25) == 0.0
    assert retrieval_probability(1e6, -0.5, 0.25) == 1.0


def test_blend_by_hand() -> None:
    # 0.6 * 0.03 + 0.4 * 1.5 / 10 = 0.018 + 0.06
    assert blend(0.03, 1.5) == pytest.approx(0.078)
    assert blend(0.03, -2.0, 0.5, 0.5, 20.0) == pytest.approx(0.015 - 0.05)


# --- the ranker in an engine -------------------------------------------------------------------


def _rank_step(hit: Hit, name: str = "actr") -> dict[str, object]:
    steps = [s for s in hit.trail if s.stage == "rank" and s.name == name]
    assert steps, f"no {name} step in {hit.explain()}"
    return steps[-1].detail


def test_actr_in_engine_matches_hand_computation(make_engine: EngineFactory,
                                                 clock: ManualClock) -> None:
    engine = make_engine(rank=[SEED_NO_SPREAD])
    start = clock.now()
    memory = engine.add("the deploy script lives in tools/deploy.sh").memory
    # accesses at +12 h and +15 h; the search runs at +16 h
    engine._records.add_accesses([Access(memory_id=memory.id, at=start + timedelta(hours=12)),
                                 Access(memory_id=memory.id, at=start + timedelta(hours=15))])
    clock.set(start + timedelta(hours=16))
    hit = engine.search("deploy script", explain=True, record_access=False).hits[0]
    detail = _rank_step(hit)
    # presentations aged 16, 4, 1 h: 0.25 + 0.5 + 1 = 1.75 -> B = ln 1.75 = 0.559616
    assert detail["B"] == pytest.approx(math.log(1.75), abs=1e-6)
    assert detail["S"] == 0.0 and detail["noise"] == 0.0
    assert detail["presentations"] == 3
    # P = 1 / (1 + exp(-(0.559616 + 0.5) / 0.25)) = 0.985742
    assert detail["P"] == pytest.approx(1 / (1 + math.exp(-(math.log(1.75) + 0.5) / 0.25)),
                                        abs=1e-6)
    fused = detail["fused"]
    assert isinstance(fused, float)
    assert hit.score == pytest.approx(0.6 * fused + 0.4 * math.log(1.75) / 10, abs=1e-6)


def test_never_accessed_memory_has_finite_base_level(make_engine: EngineFactory,
                                                     clock: ManualClock) -> None:
    engine = make_engine(rank=[SEED_NO_SPREAD])
    engine.add("a note written just now")
    hit = engine.search("note", explain=True, record_access=False).hits[0]
    # created 0 s ago: t floored at one minute -> B = -0.5 * ln(1/60) = 2.047172
    assert _rank_step(hit)["B"] == pytest.approx(0.5 * math.log(60), abs=1e-6)
    clock.advance(hours=100)
    hit = engine.search("note", explain=True, record_access=False).hits[0]
    assert _rank_step(hit)["B"] == pytest.approx(-0.5 * math.log(100), abs=1e-6)


def test_spreading_in_engine(make_engine: EngineFactory) -> None:
    engine = make_engine(rank=[{"use": "actr", "blend": "activation", "noise": False}])
    engine.add_many(["database port settings", "database backups nightly", "lunch menu"])
    hits = engine.search("database port", explain=True, record_access=False).hits
    by_text = {h.memory.content: _rank_step(h)["S"] for h in hits}
    # sources {database, port}: fan(database) = 2, fan(port) = 1 among the candidates
    assert by_text["database port settings"] == pytest.approx(1.1534264097, abs=1e-6)
    assert by_text["database backups nightly"] == pytest.approx(0.4034264097, abs=1e-6)
    assert by_text.get("lunch menu", 0.0) == 0.0


def test_protected_floor(make_engine: EngineFactory, clock: ManualClock) -> None:
    engine = make_engine(rank=[SEED_NO_SPREAD])
    engine.add("always use the staging cluster for tests", tags=["decision"])
    engine.add("the staging cluster is slow on mondays")
    clock.advance(days=60)
    hits = engine.search("staging cluster", explain=True, record_access=False).hits
    details = {h.memory.content: _rank_step(h) for h in hits}
    protected = details["always use the staging cluster for tests"]
    plain = details["the staging cluster is slow on mondays"]
    # 60 days = 1440 h: B = -0.5 ln 1440 = -3.6362; the floor is tau + 1 = 0.5
    assert plain["A"] == pytest.approx(-0.5 * math.log(1440), abs=1e-6)
    assert protected["A"] == 0.5 and protected["floored"] is True
    assert protected["P"] == pytest.approx(0.9820137900, abs=1e-6)
    assert hits[0].memory.tags == ["decision"]


def test_noise_is_seeded_and_off_for_evaluation(make_engine: EngineFactory) -> None:
    noisy_actr = {"use": "actr", "noise": True}
    engine = make_engine(rank=[noisy_actr])
    engine.add_many(["alpha beta", "alpha gamma", "alpha delta"])
    quiet = engine.search("alpha", explain=True, record_access=False).hits
    assert all(_rank_step(h)["noise"] == 0.0 for h in quiet)
    twin = make_engine(rank=[noisy_actr])
    twin.add_many(["alpha beta", "alpha gamma", "alpha delta"])
    noisy = [_rank_step(h)["noise"] for h in engine.search("alpha", explain=True).hits]
    again = [_rank_step(h)["noise"] for h in twin.search("alpha", explain=True).hits]
    assert any(n != 0.0 for n in noisy)
    assert noisy == again  # same seed, same query, same history: same noise
    off = make_engine(rank=[noisy_actr], search={"record_access": False})
    off.add("alpha beta")
    assert _rank_step(off.search("alpha", explain=True).hits[0])["noise"] == 0.0
    default = make_engine(rank=[{"use": "actr"}])
    default.add("alpha beta")
    assert _rank_step(default.search("alpha", explain=True).hits[0])["noise"] == 0.0


def test_gain_blend_leaves_unused_memories_in_relevance_order(make_engine: EngineFactory,
                                                              clock: ManualClock) -> None:
    texts = ["meeting notes about the parser rewrite", "parser rewrite benchmark results",
             "parser bug in the tokenizer", "grocery list"]
    plain = make_engine()
    gain = make_engine(rank=[{"use": "actr", "spreading": False}])
    seed = make_engine(rank=[{"use": "actr", "blend": "activation", "spreading": False,
                              "noise": False}])
    for i, text in enumerate(texts):  # written 30 days apart: ages differ a lot
        for engine in (plain, gain, seed):
            engine.add(text, created_at=clock.now() - timedelta(days=30 * (len(texts) - i)))
    order = [h.memory.content for h in plain.search("parser rewrite", record_access=False).hits]
    gained = [h.memory.content for h in gain.search("parser rewrite", record_access=False).hits]
    seeded = [h.memory.content for h in seed.search("parser rewrite", record_access=False).hits]
    assert gained == order
    # memory-v2's blend of A/10 sorts unused memories by age instead (the newest first)
    assert seeded[0] == "grocery list"


def test_gain_blend_rewards_use(make_engine: EngineFactory, clock: ManualClock) -> None:
    engine = make_engine(rank=[{"use": "actr", "spreading": False}])
    a = engine.add("retry policy for the http client").memory
    b = engine.add("retry policy for the queue consumer").memory
    clock.advance(days=10)
    engine._records.add_accesses([Access(memory_id=b.id, at=clock.now() - timedelta(hours=h))
                                 for h in (1, 5, 24)])
    hits = engine.search("retry policy", explain=True, record_access=False).hits
    assert [h.id for h in hits[:2]] == [b.id, a.id]
    detail = _rank_step(hits[0])
    # created 240 h ago, accessed 1, 5 and 24 h ago:
    #   from use: 1 + 5^-0.5 + 24^-0.5 = 1 + 0.447214 + 0.204124 = 1.651338
    #   all:      1.651338 + 240^-0.5 = 1.651338 + 0.064550 = 1.715888
    #   U = 1.651338 / 1.715888 = 0.962381
    from_use = 1 + 5 ** -0.5 + 24 ** -0.5
    share = from_use / (from_use + 240 ** -0.5)
    assert share == pytest.approx(0.962381, abs=1e-6)
    assert detail["use_share"] == pytest.approx(share, abs=1e-6)
    fused = detail["fused"]
    assert isinstance(fused, float)
    # score = 0.6 * fused * (1 + 0.1 * U) + 0.4 * (S + eps) / 10, with S = eps = 0
    assert hits[0].score == pytest.approx(0.6 * fused * (1 + 0.1 * share), abs=1e-6)
    unused = _rank_step(hits[1])
    assert unused["use_share"] == 0.0
    assert hits[1].score == pytest.approx(0.6 * unused["fused"], abs=1e-6)  # type: ignore[operator]


def test_counts_base_level_by_hand(engine: Engine, clock: ManualClock) -> None:
    """base_level = "counts": creation and last access exact, the rest spread between."""
    now = clock.now()
    used = Memory(id="m1", content="x", created_at=now - timedelta(hours=240), updated_at=now,
                  access_count=3, last_accessed_at=now - timedelta(hours=1))
    fresh = Memory(id="m2", content="y", created_at=now - timedelta(hours=4), updated_at=now)
    query = Query(text="z", record_access=False)
    hits = [Hit(memory=used, score=0.02), Hit(memory=fresh, score=0.02)]
    ranker = ACTR(ACTR.Options(base_level="counts", spreading=False))
    ranker.rank(query, hits, SearchContext(engine._ctx, query))
    by_id = {h.id: _rank_step(h) for h in hits}
    # 240^-0.5 + 1^-0.5 + 2 * (240^0.5 - 1^0.5) / (0.5 * 239)
    #   = 0.0645497 + 1 + 2 * 0.1212714 = 1.3070925 -> B = 0.2678052
    assert by_id["m1"]["B"] == pytest.approx(0.2678052, abs=1e-6)
    assert by_id["m1"]["presentations"] == 4
    # never retrieved: the creation alone, B = -0.5 ln 4 = -0.6931472
    assert by_id["m2"]["B"] == pytest.approx(-0.6931472, abs=1e-6)
    assert by_id["m2"]["presentations"] == 1


def test_counts_mode_reads_no_history(engine: Engine, clock: ManualClock,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    memory = engine.add("the deploy script lives in tools/deploy.sh").memory
    engine.search("deploy script")  # one access, written before the next call
    assert engine.get(memory.id).access_count == 1
    monkeypatch.setattr(engine._records, "access_times", lambda ids: pytest.fail("read"))
    ranker = ACTR(ACTR.Options(base_level="counts"))
    query = Query(text="deploy", record_access=False)
    hits = [Hit(memory=engine.get(memory.id), score=0.02)]
    ranker.rank(query, hits, SearchContext(engine._ctx, query))
    assert _rank_step(hits[0])["presentations"] == 2


def test_use_boost_is_bounded(engine: Engine, clock: ManualClock) -> None:
    now = clock.now()
    relevant = Memory(id="m1", content="x", created_at=now - timedelta(days=30), updated_at=now)
    used = Memory(id="m2", content="y", created_at=now - timedelta(days=30), updated_at=now)
    engine._records.put_memories([relevant, used])
    engine._records.add_accesses([Access(memory_id="m2", at=now - timedelta(minutes=m))
                                 for m in range(1, 200)])
    query = Query(text="z", record_access=False)

    def ranked(blend: str) -> list[str]:
        hits = [Hit(memory=relevant, score=0.03), Hit(memory=used, score=0.02)]
        ranker = ACTR(ACTR.Options(blend=blend, spreading=False))  # type: ignore[arg-type]
        ranker.rank(query, hits, SearchContext(engine._ctx, query))
        return [h.id for h in sorted(hits, key=lambda h: -h.score)]

    # gain: at most +10% of 0.02 = 0.022 < 0.03, however heavily m2 was used
    assert ranked("gain") == ["m1", "m2"]
    # memory-v2's blend: B from 199 recent accesses (~+4.6) outweighs relevance
    assert ranked("activation") == ["m2", "m1"]


def test_hybrid_mode_cost_is_bounded_and_matches_exact_for_short_histories(
        make_engine: EngineFactory, clock: ManualClock) -> None:
    exact = ACTR(ACTR.Options(base_level="exact"))
    hybrid = ACTR(ACTR.Options(base_level="hybrid", recent=10))
    created = clock.now()
    now = created + timedelta(days=5)
    short = [created + timedelta(hours=h) for h in (1, 20, 50)]
    assert hybrid.base_level(created, short, now) == exact.base_level(created, short, now)
    long = [created + timedelta(minutes=7 * i) for i in range(1, 1000)]
    b_exact = exact.base_level(created, long, now)[0]
    b_hybrid, _, n = hybrid.base_level(created, long, now)
    assert n == 1000
    assert b_hybrid == pytest.approx(b_exact, abs=0.05)


def test_min_probability_drops_forgotten_memories(make_engine: EngineFactory,
                                                  clock: ManualClock) -> None:
    engine = make_engine(rank=[{"use": "actr", "noise": False, "spreading": False,
                                "min_probability": 0.5}])
    engine.add("old fact about the build", created_at=clock.now() - timedelta(days=400))
    engine.add("fresh fact about the build")
    hits = engine.search("build fact", record_access=False).hits
    assert [h.memory.content for h in hits] == ["fresh fact about the build"]
