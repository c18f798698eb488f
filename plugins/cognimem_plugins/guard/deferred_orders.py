"""An order kept for later or for good, as an asker beside an act that matters (wave 19).

Text an agent reads can hold an order it is not to carry out now but later, on a trigger
(the sleeper-agent triggers of Hubinger et al. 2024 and the delayed tool calls of the
indirect-injection write-ups: "when the user next asks about ...", "once the merchant logs
off", "if the date is after December 24", "once someone asks you to summarise this
incident", "do nothing now"), or to keep as a rule across sessions (the memory tools' own
words, ChatGPT's memory, Claude's and Cursor's memories, Mem0; the MINJA and AgentPoison
attacks on agent memory: "remember permanently for all future sessions", "store as a
persistent rule", "update your saved project rules", "keep this rule forever"). The older
frames (:mod:`.relay_frames`' ``trigger_frame`` and ``memory_frame``, :mod:`.orders`'
``dormant_trigger``) count beside :mod:`.relayed`'s act or :mod:`.orders`' ``order_harm``;
the acts against a defender (:mod:`.defender_acts`) and of operations (:mod:`.ops_orders`)
were asked only by an address to the reader. A user keeps their own preferences the same
way ("remember for future sessions that I use pnpm"; "when I say deploy, run the staging
tests first"), so the two cues are askers: each counts only beside an act that matters.

* ``deferred_trigger``: a trigger the order waits for (a request, a word, the user away, a
  date);
* ``kept_rule``: an order to keep the instruction across sessions or for good.
"""

from __future__ import annotations

from typing import Any

#: who may ask or leave (the user, another person of the shop or the team)
_WHO = (r"(?:the user|a user|someone|anyone|somebody|the merchant|the customer|the analyst|"
        r"the admin|the administrator|the operator|the owner|the developer|the reviewer|"
        r"the human|the team|they|he|she)")
_ASK = r"(?:asks?|says?|types?|mentions?|requests?|writes?|opens?|runs?)"
DEFERRED = (
    rf"\bwhen(?:ever)? {_WHO} next {_ASK}\b|"
    rf"\b(?:the )?next time {_WHO} {_ASK}\b|"
    rf"\b(?:once|when|after|as soon as|while) {_WHO} (?:logs? (?:off|out)|goes (?:offline|"
    r"home|idle|away)|leaves|is (?:away|offline|asleep|gone|not looking))\b|"
    rf"\b(?:once|when|whenever|if) {_WHO} (?:asks?|asked) you to (?:summari[sz]e|review|"
    r"triage|analy[sz]e|close|report on|look at)\b|"
    r"\bif (?:the |today s |the current )?(?:date|day|time|clock) is (?:after|past|later than|"
    r"on or after|beyond)\b|"
    r"\bdo nothing (?:now|yet|for now|until)\b"
)
DEFERRED_WORDS = "next time once when whenever after soon while if date day clock nothing"

KEPT = (
    r"\bfor (?:all |every )?(?:future|subsequent|later) (?:sessions?|conversations?|chats?|"
    r"runs?|tasks?)\b|"
    r"\bkeep (?:this|that|the) (?:rule|instruction|setting|preference) (?:forever|"
    r"permanently|for good)\b|"
    r"\b(?:store|save|keep|add|record)\w*(?: \w+){0,2}? as an? (?:persistent|permanent|"
    r"standing|durable) (?:rule|instruction|memory|preference|fact)\b|"
    r"\bupdate (?:your|the) (?:saved|stored|persistent|standing) (?:\w+ )?(?:rules|"
    r"instructions|memory|memories|preferences|facts)\b|"
    r"\b(?:save|add|write|store)\w*(?: \w+){0,4}? (?:to|in|into) your (?:long term |"
    r"persistent |permanent )?memory\b|"
    r"\bremember (?:permanently|forever|for good)\b"
)
KEPT_WORDS = ("future subsequent later forever permanently good persistent permanent "
              "standing durable saved stored memory")

Spec = tuple[str, float, str | None, str, str, str, dict[str, Any]]
#: (0.3 each, chosen by ``bench/guard_eval/cv_wave19_addressed.py``: with an act's 0.45 the
#: two flag)


def specs(acts: tuple[str, ...]) -> tuple[Spec, ...]:
    """The two askers, each counted only beside one of ``acts``."""
    return (
        ("deferred_trigger", 0.3, "instruction_override",
         "a trigger an order waits for (\"when the user next asks\", \"once the merchant "
         "logs off\", \"if the date is after\"), beside an act that matters",
         DEFERRED, DEFERRED_WORDS,
         {"requires_any": acts, "beside_counted": True}),
        ("kept_rule", 0.3, "tool_coercion",
         "an order to keep an instruction for good (\"for all future sessions\", \"store as "
         "a persistent rule\", \"keep this rule forever\"), beside an act that matters",
         KEPT, KEPT_WORDS,
         {"requires_any": acts, "beside_counted": True}),
    )
