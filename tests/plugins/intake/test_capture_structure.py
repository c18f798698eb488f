"""The wave-5 capture rules read the turn before a user's sentence: a pick among what the
assistant offered is a decision, a rating of it is dropped, a chat's "I'll ..." without an
obligation is a plan (a fact), advice taken up is only an acknowledgement (switchable)."""

from __future__ import annotations

import pytest

from cognimem_plugins.intake.rules import RULES, facts
from cognimem_plugins.intake.transcript import Transcript, Turn

OFFER = ("assistant", "Here are three loops near you: 1. **Almaden Lake Park Loop** (5 miles) "
         "2. **Guadalupe River Trail** 3. **Los Gatos Creek Trail**. Remember to ask the "
         "park rangers about trail closures before you go.", ())


def session(*turns: tuple[str, str, tuple[str, ...]]) -> Transcript:
    return Transcript("s", [Turn(n, role, text, n + 1, tools)
                            for n, (role, text, tools) in enumerate(turns)])


def kinds(transcript: Transcript, rules: frozenset[str] = RULES) -> dict[str, str]:
    return {f.text: f.kind for f in facts(transcript, rules)}


@pytest.mark.parametrize(("reply", "kind"), [
    ("I think I'll do the Almaden Lake Park Loop.", "decision"),
    ("I think we'll just play it safe and skip the long loops.", "decision"),
    # a place the assistant never offered: a plan of the user's, not a pick
    ("I think I'll head to the new bookstore on Main St first.", "fact"),
], ids=["named-option", "no-name", "not-offered"])
def test_a_pick_among_the_offer_is_a_decision(reply: str, kind: str) -> None:
    assert kinds(session(OFFER, ("user", reply, ()))) == {reply: kind}
    # without the rule, a first-person future is a plan (a fact) or nothing specific
    assert kinds(session(OFFER, ("user", reply, ())), RULES - {"choice"}).get(reply) in (
        "fact", None)


def test_a_rating_of_what_was_offered_is_dropped() -> None:
    rated = "I think Almaden Lake Park Loop sounds nice."
    assert kinds(session(OFFER, ("user", rated, ()))) == {}
    assert kinds(session(OFFER, ("user", rated, ())), RULES - {"rates"}) == {rated: "preference"}
    # a name the assistant did not offer: not a rating of the offer
    other = "I think Alum Rock Park sounds nice."
    assert kinds(session(OFFER, ("user", other, ()))) == {other: "preference"}


def test_a_chat_plan_is_a_fact_and_a_task_owed_a_commitment() -> None:
    plan = "We'll travel to Lisbon on April 16 and come back on the 18th."
    owed = "I will update docs/release.md by Friday."
    must = "I need to send the invitations to Dana."
    chat = session(("user", plan, ()), ("user", owed, ()), ("user", must, ()))
    assert kinds(chat) == {plan: "fact", owed: "commitment", must: "commitment"}
    assert kinds(chat, RULES - {"plans"})[plan] == "commitment"
    # in an agent session a promise stays a commitment
    agent = session(("assistant", "Done.", ("Bash",)), ("user", plan, ()))
    assert kinds(agent)[plan] == "commitment"


def test_advice_taken_up_is_switchable_and_off() -> None:
    echo = "I'll ask the park rangers about trail closures, thanks."
    chat = session(OFFER, ("user", echo, ()))
    assert "advice" not in RULES
    assert kinds(chat, RULES | {"advice"}) == {}
    assert kinds(chat, RULES - {"plans"}) == {echo: "commitment"}


def test_a_past_date_makes_a_personal_statement_specific() -> None:
    said = "Hey Maria, I've been busy, but last week I had an unexpected incident on my way home."
    assert kinds(session(("user", said, ()))) == {said: "fact"}


def test_the_agents_next_step_is_never_a_commitment_even_dated() -> None:
    step = "After the review, I'll tag v2.3.1 and deploy it to staging tomorrow."
    todo = "TODO: rotate the staging key by Friday."
    agent = session(("user", "Fix the export.", ()), ("assistant", step, ("Bash",)),
                    ("assistant", todo, ()))
    assert kinds(agent) == {todo: "commitment"}
