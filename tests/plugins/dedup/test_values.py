"""The value gate: which values a text states, normalised, and what changed between two."""

from __future__ import annotations

import pytest

from cognimem_plugins.dedup.values import adds_values, differences, values_of


@pytest.mark.parametrize(("a", "b"), [
    ("The latency budget is 500 ms.", "latency budget is 500ms"),
    ("latency is 500 milliseconds", "latency is 500ms"),
    ("it costs $1,000", "it costs $1000.00"),
    ("released v2.3.0", "released 2.3.0"),
    ("meeting on May 7th, 2023", "meeting on 7 May 2023"),
    ("edit src/app/main.py", "edit SRC/app/main.py"),
    ("Set MAX_RETRIES to 5", "set MAX_RETRIES to 5!"),
    ("no values here", "none here either"),
])
def test_the_same_values_written_differently(a: str, b: str) -> None:
    assert differences(values_of(a), values_of(b)) == []
    assert not adds_values(values_of(a), values_of(b))


@pytest.mark.parametrize(("a", "b", "kind"), [
    ("The latency budget is 500 ms.", "The latency budget is 900ms", "number"),
    ("we pin python 3.11.4", "we pin python 3.12.0", "version"),
    ("the release is on 2024-03-01", "the release is on 2024-04-01", "date"),
    ("deploys go out on Fridays", "deploys go out on Mondays", "date"),
    ("config lives in /etc/app/a.toml", "config lives in /etc/app/b.toml", "path"),
    ("call fetchUser first", "call fetchOrders first", "ident"),
    ("the fix is commit abc1234f", "the fix is commit 9def5678", "ident"),
])
def test_a_replaced_value_is_named(a: str, b: str, kind: str) -> None:
    found = differences(values_of(a), values_of(b))
    assert len(found) == 1 and found[0].startswith(f"{kind}: ")


def test_an_added_value_is_no_conflict_but_no_duplicate() -> None:
    a, b = values_of("the budget is 500 ms"), values_of("the budget is 500 ms, was 300 ms")
    assert differences(a, b) == []
    assert adds_values(a, b)
