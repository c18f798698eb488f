"""The camel-case reading of a value reads each run once (wave 17): before, a long run of
digits that failed at its end ("0000...0000-us6") was split every way, and the write that
held it did not return (minutes for 45 characters, exponential in the run's length)."""

from __future__ import annotations

from cognimem_plugins.guard.evidence import camel_words
from cognimem_plugins.guard.secrets import redact


def test_a_long_run_that_fails_at_its_end_is_read_once() -> None:
    assert camel_words("0" * 400 + "-us6") is None
    text = "Mailchimp key " + "0" * 400 + "-us6"
    assert redact(text)[0] == text


def test_camel_case_names_still_read_as_words() -> None:
    assert camel_words("getUserAccountName") is not None
    assert camel_words("ReportBuilderV2Factory") is not None
    assert camel_words("q7RtXw9LpZ2kV") is None
