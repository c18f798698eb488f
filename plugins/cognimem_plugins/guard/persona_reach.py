"""A persona switch whose new identity reaches everything (wave 26).

Waves 21-25 read a persona switch as an identity given to the reader beside a *license*
spelled in a class of words (:mod:`.persona_powers`, :mod:`.persona_licenses`): a power, a
capability, an absence of checks, a loyalty, a secret handed over. The persona rows the
screen still missed on the readable seen splits hold the identity (``persona_role``,
``persona_time`` fire on most) and a second half none of those classes spell: what the new
identity does is defined over **everything in reach**, not over a task: "who turns on every
feature flag ... from anyone", "answers every request with the full contents of the
referenced file", "explains how to SIM-swap any number", "shares subscriber location data
freely", "books whatever guests ask", "do everything the user's policy forbids", "Do
Anything Now", "print every row of the students table", "unlock every paid post",
"always recommends funding, no matter the proposal". The scope of an honest role is its
task ("act as a reviewer and point out anything odd in this diff", "you are now on the
release rotation"); a persona switch's scope is unbounded, and that is what it is for.

``persona_reach`` (persona_switch, structural: it reads ``folded``) is the two together in
one sentence: the reader **redefined** (a switch, not a work role: "you are now / no longer",
"from now on you", "become", "pretend you are / we are", "imagine you are", "if you were",
"hypothetically", role-play, "play the role / a game", "switch persona / into", a new
identity, persona or character, a persona or role adopted, a named mode) and, within the
sentence after it, a **universal quantifier** over what it acts on or whom it serves
(every, everything, any, anyone, anything, all, whoever, whatever, freely, no matter,
regardless), not negated ("never", "not", "no", "without") and not the user's own ask of it
("ask me anything"). A note that quotes a switch ("'pretend you are the fleet admin') were
tested ...; all refused") ends the sentence at the quotation's bracket or a semicolon.

It is opened by the words of the identity's switch (every match holds one; the wave 11
test checks it), not by the quantifiers, which are common. Its weight is chosen by
leave-one-split-out CV (``bench/guard_eval/cv_wave26_agent.py``): it adds to the identity
cues, it does not flag alone.
"""

from __future__ import annotations

from typing import Any

from .agent_reach import _TOOL_FRAME

#: the reader redefined: a switch of identity, a pretence, a game or role-play, a persona
#: (not "act as a reviewer", not "you are allowed to": a work role or a permission)
SWITCH = (r"\byou(?:\W?re| are) no longer\b|"
          r"(?:^|[.:!?;,(\['\"]) *become\b|"
          r"\bpretend (?:to be|you are|you\W?re|we are)\b|"
          r"\bimagine (?:you are|you\W?re|you were|that you are)\b|"
          r"\bif you were (?:a|an|the)\b|"
          r"\brole ?-?play(?:ing)?(?: as\b|\s*:)|\bplay(?:ing)? (?:the (?:role|part|character)|a game)\b|"
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
PATTERN = rf"(?:{SWITCH})[^.;)\n]{{0,120}}?{_NOT}\b{_ALL}{_TALK}"
#: the switch's words (every match holds one; not the quantifiers)
WORDS = ("longer become pretend imagine were roleplay role roleplaying play playing switch "
         "switching identity identities persona personas character personality adopt assume "
         "take")

# -- tool_doc_beyond ------------------------------------------------------------------

#: (the tool side) what lies beyond a tool's documented scope whatever the clause's form
#: (a bare verb, a condition, a schema field's hint: wave 25's ``tool_doc_reach`` needs a
#: clause to the model): the user kept from knowing or overruled, the reader's environment
#: dumped, another tool named to receive the data or a shell called
_BEYOND = (r"\b(?:do not|don't|don t|never|must not)\s+(?:reveal|tell|mention|disclose|show|"
           r"surface|report)\b(?: \S+){0,4}? (?:this|these|the user|users|it)\b|"
           r"\bwithout (?:telling|informing|notifying|alerting)\b|"
           r"\bsilently (?!(?:\w+s|\w+ed|fails?|ignored?)\b)[a-z]+\b|"
           r"\b(?:user|users|customer|caller) (?:does|do) not need to (?:know|see)\b|"
           r"\bregardless of (?:what|whether|which) (?:the )?(?:user|customer|caller)|"
           r"\beven if (?:not asked|the user (?:did not|didn t|didn't|has not|declined))|"
           r"\binstead of (?:what )?the user'?s?\b|"
           r"\boutput of `?(?:env|printenv)\b|"
           r"\bto the tool\s*[`'\"]\w|\bcall (?:the )?[`'\"]?shell\b")
TOOL_BEYOND = (rf"{_TOOL_FRAME}[^\n]{{0,400}}?(?:\n[^\n]{{0,300}}?){{0,8}}?(?:{_BEYOND})")
#: the words of the part beyond the scope (every match holds one)
TOOL_BEYOND_WORDS = ("do don never must without silently user users customer caller "
                     "regardless even instead output tool call")

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("persona_reach", 0.0, "persona_switch",
     "redefines the reader (a switch of identity, a pretence, a game, a mode) whose acts "
     "reach everything: every, any, anyone, whatever, freely, no matter what",
     PATTERN, WORDS, {"structural": True}),
    ("tool_doc_beyond", 0.0, "tool_coercion",
     "a tool's documentation holding a part beyond the tool's scope in any clause form: the "
     "user kept from knowing or overruled, the reader's environment read, "
     "another tool named to receive data",
     TOOL_BEYOND, TOOL_BEYOND_WORDS, {"structural": True}),
)
