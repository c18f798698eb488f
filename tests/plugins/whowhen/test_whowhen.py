"""The ``whowhen`` ranker: people and dates a query names raise the hits by them or from then."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.profile import load_profile
from cognimem.testing import build_engine
from cognimem.testing.contracts import RankerContract
from cognimem_plugins.whowhen.dates import query_intervals
from cognimem_plugins.whowhen.ranker import mentions, named_people

ROOT = Path(__file__).resolve().parents[3]
NOW = datetime(2023, 5, 30, 21, 0, tzinfo=UTC)


class TestContract(RankerContract):
    component = "whowhen"
    options: ClassVar[dict[str, Any]] = {"people": 0.5, "dates": 0.5}


def spans(query: str, now: datetime = NOW) -> list[tuple[str, str]]:
    return [(i.start.date().isoformat(), i.end.date().isoformat())
            for i in query_intervals(query, now)]


def test_absolute_dates() -> None:
    assert spans("What did Gina find on 1 February, 2023?") == [("2023-02-01", "2023-02-02")]
    assert spans("accepted on May 23, 2023") == [("2023-05-23", "2023-05-24")]
    assert spans("what happened on 2023-05-07") == [("2023-05-07", "2023-05-08")]
    assert spans("a class in December 2022") == [("2022-12-01", "2023-01-01")]
    assert spans("where did I go in 2021") == [("2021-01-01", "2022-01-01")]
    # no year: the latest such date at or before the question
    assert spans("the March 15th issue") == [("2023-03-15", "2023-03-16")]
    assert spans("books I read in June") == [("2022-06-01", "2022-07-01")]
    # "may" the verb is no month
    assert spans("May I ask what you may know?") == []


def test_relative_dates_against_the_question_time() -> None:
    assert spans("which kettle did I buy 10 days ago") == [("2023-05-19", "2023-05-22")]
    assert spans("what did I cook yesterday") == [("2023-05-29", "2023-05-30")]
    assert spans("who did I meet last Saturday") == [("2023-05-27", "2023-05-28")]
    # NOW is a Tuesday: last week is the calendar week before, up to the question's day
    assert spans("what did I do last week") == [("2023-05-22", "2023-05-31")]
    assert spans("plants I bought in the last month") == [("2023-04-01", "2023-05-31")]
    # a month is 30.44 days: about March 30, half a month either side
    assert spans("a trip two months ago") == [("2023-03-14", "2023-04-15")]
    # relative words beside an absolute date are read against that date: no second interval
    assert spans("last weekend before April 10, 2023") == [("2023-04-10", "2023-04-11")]
    assert spans("how many days ago did I go") == []


def test_names_are_capitalised_speakers() -> None:
    people = {"Audrey", "Andrew Smith"}
    assert named_people("What bird mesmerizes Audrey?", people) == {"Audrey"}
    assert named_people("Where is Andrew's dog?", people) == {"Andrew Smith"}
    assert named_people("what does audrey like?", people) == set()
    assert named_people("What did Audreys do?", people) == set()


def test_a_speaker_label_is_not_a_mention() -> None:
    from cognimem.testing import memory

    own = memory("a", "[8 May, 2023] Audrey: I love birds", meta={"speaker": "Audrey"})
    other = memory("b", "[8 May, 2023] Andrew: Audrey, look at that bird",
                   meta={"speaker": "Andrew"})
    assert not mentions(own, "Audrey")
    assert mentions(other, "Audrey")


def engine_with(clock: ManualClock | None = None, **options: Any) -> Engine:
    return build_engine(overrides={"retrieve": [{"use": "bm25", "k": 50}],
                                   "rank": [{"use": "whowhen", **options}]}, clock=clock)


def day(d: int, month: int = 5) -> datetime:
    return datetime(2023, month, d, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("dates", [0.0, 1.0])
def test_a_named_day_raises_memories_of_that_day(dates: float) -> None:
    engine = engine_with(ManualClock(NOW), dates=dates)
    # the better text match (shorter) is from another day
    engine.add("we went kayaking", created_at=day(2))
    then = engine.add("we went kayaking on the lake again", created_at=day(7)).id
    hits = engine.search("where did we go kayaking on 7 May 2023?", record_access=False,
                         explain=True).hits
    assert (hits[0].id == then) is (dates > 0)
    if dates:
        assert hits[0].trail[-1].name == "whowhen" and hits[0].trail[-1].detail["date"] == 1
    engine.close()


def test_relative_dates_read_the_engine_clock() -> None:
    clock = ManualClock(day(20))
    engine = engine_with(clock, dates=1.0)
    engine.add("bought a new kettle", created_at=day(1))
    recent = engine.add("bought a new kettle for the kitchen", created_at=day(10)).id
    query = "which kettle did I buy 10 days ago"
    assert engine.search(query, record_access=False).hits[0].id == recent
    clock.set(day(11))  # now "10 days ago" is May 1
    assert engine.search(query, record_access=False).hits[0].id != recent
    engine.close()


def test_validity_counts_as_the_memory_time() -> None:
    engine = engine_with(ManualClock(NOW), dates=1.0)
    engine.add("the office is in Berlin", created_at=day(1, 1))
    valid = engine.add("the office is in Berlin now, near the station", created_at=day(1, 1),
                       valid_from=datetime(2022, 3, 1, tzinfo=UTC),
                       valid_until=datetime(2022, 9, 1, tzinfo=UTC)).id
    hits = engine.search("where was the office in June 2022", record_access=False).hits
    assert hits[0].id == valid
    engine.close()


def speakers(engine: Engine) -> tuple[str, str]:
    """Two turns alike; Andrew's is the better text match for "birds"."""
    andrew = engine.add("I like birds", meta={"speaker": "Andrew"}).id
    audrey = engine.add("I like birds and long walks", meta={"speaker": "Audrey"}).id
    return andrew, audrey


@pytest.mark.parametrize("people", [0.0, 1.0])
def test_the_named_speaker_gains(people: float) -> None:
    engine = engine_with(people=people, keep_others=0)
    andrew, audrey = speakers(engine)
    hits = engine.search("Does Audrey like birds?", record_access=False).hits
    assert hits[0].id == (audrey if people else andrew)
    engine.close()


def test_keep_others_holds_the_best_match_by_someone_else() -> None:
    engine = engine_with(people=10.0, keep_others=1)
    andrew, _ = speakers(engine)
    hits = engine.search("Does Audrey like birds?", record_access=False).hits
    assert hits[0].id == andrew
    engine.close()


def test_naming_every_speaker_tells_nobody_apart() -> None:
    engine = engine_with(people=10.0, keep_others=0)
    andrew, _ = speakers(engine)
    hits = engine.search("Do Audrey and Andrew like birds?", record_access=False,
                         explain=True).hits
    assert hits[0].id == andrew
    assert all(step.name != "whowhen" for h in hits for step in h.trail)
    engine.close()


@pytest.mark.parametrize("people", [0.0, 1.0])
def test_mention_mode_raises_turns_naming_the_person(people: float) -> None:
    engine = engine_with(people=people, people_mode="mention", keep_others=0)
    # Audrey's own turn: her label is no mention of her
    plain = engine.add("Audrey: birds, birds, we like birds", meta={"speaker": "Audrey"}).id
    about = engine.add("Andrew: we like birds and so does Audrey, she said so at length",
                       meta={"speaker": "Andrew"}).id
    hits = engine.search("Does Audrey like birds?", record_access=False).hits
    assert hits[0].id == (about if people else plain)
    engine.close()


def test_bad_options_are_refused() -> None:
    with pytest.raises(ProfileError, match="people_mode"):
        engine_with(people_mode="loudest")


@pytest.mark.parametrize(("name", "dated"), [
    ("whowhen", True), ("whowhen-dates", True), ("whowhen-dates-soft", True),
    ("whowhen-speaker", False), ("whowhen-people", False), ("whowhen-people-unguarded", False),
    ("whowhen-people-1", False)])
def test_research_profiles_layer_on_the_default(name: str, dated: bool) -> None:
    profile = load_profile("default", ROOT / "examples" / "research" / f"{name}.toml",
                           overrides={"path": ":memory:", "records": {"use": "memory"},
                                      "lexical": {"use": "bm25"}, "vectors": {"use": "exact"},
                                      "embedder": {"use": "hash"}}, environ=False)
    assert [r.use for r in profile.rank] == ["actr", "whowhen", "supersession", "validity"]
    with Engine.from_profile(profile) as engine:
        engine.add("the red car is parked outside", created_at=day(7))
        hits = engine.search("the red car on 7 May 2023", record_access=False,
                             explain=True).hits
        assert any(step.name == "whowhen" for step in hits[0].trail) is dated
