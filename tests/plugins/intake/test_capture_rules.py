"""Capture's rules use the transcript's structure: an agent announcing its next step is not
a commitment, a choice the user makes is a decision, a chat assistant's advice is not the
user's fact, a question is kept only for what the user says of themselves in it."""

from __future__ import annotations

from cognimem_plugins.intake.rules import facts
from cognimem_plugins.intake.transcript import Transcript, Turn


def session(*turns: tuple[str, str, tuple[str, ...]]) -> Transcript:
    return Transcript("s", [Turn(n, role, text, n + 1, tools)
                            for n, (role, text, tools) in enumerate(turns)])


def kinds(transcript: Transcript) -> dict[str, str]:
    return {f.text: f.kind for f in facts(transcript)}


def test_an_agent_session() -> None:
    found = kinds(session(
        ("user", "Why does the export time out? See services/billing/export.py please.", ()),
        ("assistant", "I'll read the file first.", ("Read",)),
        ("assistant", "The export loads 2.4 million rows; the job timeout is 300 s.", ()),
        ("assistant", "I'll mention Chen in the PR description.", ()),
        ("assistant", "The build failed with KeyError: 'id_token' in auth/callback.py.", ()),
        ("user", "Let's go with v2.1.0 for the release.", ()),
        ("user", "I need to update docs/runbook.md by Friday.", ()),
    ))
    assert "I'll read the file first." not in found
    assert "I'll mention Chen in the PR description." not in found
    assert found["Let's go with v2.1.0 for the release."] == "decision"
    assert found["The export loads 2.4 million rows; the job timeout is 300 s."] == "value"
    assert found["The build failed with KeyError: 'id_token' in auth/callback.py."] == "error"
    assert found["I need to update docs/runbook.md by Friday."] == "commitment"


def test_a_chat_without_tools() -> None:
    found = kinds(session(
        ("user", "I'm planning a birthday trip to Kauai in October, which trails are good?", ()),
        ("assistant", "The Kalalau Trail is 11 miles long. Remember to bring water.", ()),
        ("user", "Can you tell me more about the 11 mile trail?", ()),
        ("user", "I'll definitely check those out.", ()),
        ("user", "I think I'll go with the Nike Court Flex socks.", ()),
        ("user", "I'm a big fan of Roger Federer.", ()),
        ("user", "Hey John, been a few days since we chatted.", ()),
    ))
    assert found == {
        "I'm planning a birthday trip to Kauai in October, which trails are good?": "fact",
        "I think I'll go with the Nike Court Flex socks.": "decision",
        "I'm a big fan of Roger Federer.": "preference"}


def test_backticks_around_a_name_are_not_a_command() -> None:
    found = kinds(session(
        ("user", "Please always run `make check` before you push.", ()),
        ("assistant", "Done, see below.", ("Bash",)),
        ("assistant", "I also added a test that fails if `openid` is missing.", ()),
        ("assistant", "Installs now use `uv sync --frozen` in CI.", ()),
    ))
    assert found == {"Please always run `make check` before you push.": "preference",
                     "Installs now use `uv sync --frozen` in CI.": "command"}


def test_a_sentence_that_leans_on_the_turn_before_is_dropped() -> None:
    found = kinds(session(
        ("assistant", "The Outrigger and the Pink Shell are both on the beach.", ()),
        ("user", "Maybe they can suggest some books on Greek mythology too.", ()),
        ("user", "I want 'em to feel like they're in a cool oasis in Lisbon.", ()),
        ("user", "It's the Intel NUC with 32 GB of RAM.", ()),
    ))
    assert found == {"It's the Intel NUC with 32 GB of RAM.": "value"}


def test_a_reply_that_only_rates_the_offer_is_dropped() -> None:
    asked = ("assistant", "How many business cards do you want to order?", ())
    rated = "I think 100 is a good starting point."
    named = "I think Fort Myers Beach sounds nice."
    assert kinds(session(asked, ("user", rated, ()))) == {}
    assert kinds(session(asked, ("user", named, ()))) == {named: "preference"}
    # the same reply with no question before it is not an answer: kept as it was
    assert kinds(session(("assistant", "Cards come in boxes.", ()), ("user", rated, ()))) == {
        rated: "fact"}


def test_switchable_rules_correction_and_habit() -> None:
    from cognimem_plugins.intake.rules import RULES

    corrected = session(("assistant", "I set the worker timeout to 30 s in jobs/worker.py.",
                         ("Edit",)),
                        ("user", "No, the worker timeout stays at 300 s for the export.", ()))
    text = "No, the worker timeout stays at 300 s for the export."
    assert {f.text: f.kind for f in facts(corrected, RULES | {"correction"})}[text] == "decision"
    assert {f.text: f.kind for f in facts(corrected, RULES)}[text] == "value"
    wish = session(("user", "The host is nas.local and I want Jellyfin on port 8096.", ()))
    assert {f.kind for f in facts(wish, RULES | {"habit"})} == {"value"}
    assert {f.kind for f in facts(wish, RULES)} == {"preference"}
