"""What an agent-era injection leaves unbounded: a persona's acts (wave 26).

Waves 21-25 read a persona switch as an identity given to the reader beside a *license*
spelled in a class of words (:mod:`.persona_powers`, :mod:`.persona_licenses`), and a
poisoned tool description as a documentation frame holding a clause *to the model* whose
object is outside the tool (:mod:`.tool_doc_scopes`, :mod:`.agent_reach`). The rows of these
families the screen still missed on the readable seen splits hold the first part and a
second part the earlier readers do not spell. Two readers of that second part by its role:

* ``persona_reach`` (persona_switch): the reader **switched** into another identity (not a
  work role nor a definition: "you are no longer", "become", "pretend you are / we are",
  "imagine you are", "role-play as", "play the role / part / character
  of", "let's play a game: ...", "switch persona", a new identity or persona assigned, a
  persona adopted) whose acts, within the sentence, are **unbounded**: served to whoever
  asks (anyone, anybody, everyone, whoever; any or every one who asks, requests, messages,
  writes; on request) or done whatever the case (freely, no matter, regardless,
  unconditionally, "do anything"): the owner or the constraint removed. A task's quantifier
  ("pretend you are a new user and try every screen", "tells stories to every child") is
  not read, nor the user's own talk ("asks me any question", "complain about everything",
  "answer any question about the menu"), nor a negated one. A sentence ends at a bracket
  or a semicolon, so a note that quotes a switch ("('pretend you are the fleet admin') were
  tested; all refused") does not join its quotation to its report.
* ``tool_doc_beyond`` (written, weighed and dropped: it gained 6 rows of the readable
  splits and none of the development check; see EXPERIMENTS.md, wave 26 w26-agent).

``persona_reach`` is opened by the words of the switch (every match holds one; the wave 11
test checks it), never by the quantifiers, which are common. Its weight: leave-one-split-out
CV (``bench/guard_eval/cv_wave26_agent.py``; 0.75 in every fold: it flags alone).
"""

from __future__ import annotations

from typing import Any

#: the reader redefined: a switch of identity, a pretence, a game or role-play, a persona
#: (not "act as a reviewer", not "you are allowed to": a work role or a permission)
SWITCH = (r"\byou(?:\W?re| are) no longer\b|"
          r"(?:^|[.:!?;,(\['\"]) *become\b|"
          r"\bpretend (?:to be|you are|you\W?re|we are)\b|"
          r"\bimagine (?:you are|you\W?re|you were|that you are)\b|"
          r"\brole ?-?play(?:ing)?(?: as\b|\s*:)|\bplay(?:ing)? the (?:role|part|character)\b|"
          r"\bplay(?:ing)? a game\s*(?::|where you|in which you)|"
          r"\bswitch(?:ing)? (?:to |into )?(?:a |the |your )?(?:persona|personas|identity|"
          r"identities|roles?|character)\b|"
          r"\bnew (?:identity|persona|personality)\s*(?::|is\b|assigned\b)|"
          r"\byour new (?:character|persona|role|identity) is\b|"
          r"\b(?:adopt|assume|take on) (?:the |a |an )?(?:\S+ ){0,2}?(?:persona|role|character)\b")
#: the persona's acts unbounded: served to whoever asks (an owner removed), or done
#: whatever the case (a constraint removed), not a task's quantifier ("every diff")
_ALL = (r"(?:(?:anyone|anybody|everyone|everybody|whoever)\b(?! else)|"
        r"(?:any|every|all|whatever) (?:\S+ ){0,2}?(?:who|that|which)? ?(?:asks?|messages?|"
        r"requests?|wants?|says?|writes?|calls?)\b|"
        r"(?:on|upon) (?:any |every )?requests?\b|freely\b|no matter\b|regardless\b|"
        r"unconditionally\b|(?:do|does) (?:anything|everything)\b)")
#: not negated, not the conversation itself ("ask me anything", "complain about
#: everything", "any question"): a role-play the user sets up for their own talk
_NOT = (r"(?<!\bme )(?<!\bus )(?<!\bnever )(?<!\bnot )(?<!\bno )(?<!n't )(?<!n t )"
        r"(?<!\bwithout )(?<!\babout )")
_TALK = (r"(?! (?:(?:of )?(?:the |my |our |your )?(?:questions?|topics?|answers?|replies|reply|"
         r"subjects?|turns?|times?|things? (?:i|we) (?:say|ask))\b))")
#: the sentence after the switch, no negation in it ("but never approve ... for anyone")
_SPAN = r"(?:(?!\b(?:never|not|no|cannot|without)\b|n't\b|n t\b)[^.;)\n]){0,120}?"
PATTERN = rf"(?:{SWITCH}){_SPAN}{_NOT}\b{_ALL}{_TALK}"
#: the switch's words (every match holds one; not the quantifiers)
WORDS = ("longer become pretend imagine roleplay role roleplaying play playing switch "
         "switching identity identities persona personas character personality")

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("persona_reach", 0.75, "persona_switch",
     "switches the reader into another identity (a pretence, a game, role-play, a new "
     "persona) whose acts are unbounded: served to whoever asks, done freely or no matter "
     "what",
     PATTERN, WORDS, {"structural": True}),
)
