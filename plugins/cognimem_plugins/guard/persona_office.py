"""A persona switch into a particular holder, then an act in that identity (wave 27).

Waves 21-26 read a persona switch as an identity given to the reader beside a *license*
(:mod:`.persona_licenses`, :mod:`.persona_powers`) or acts left unbounded
(:mod:`.persona_reach`). The persona rows the screen still missed on the readable seen
splits mostly hold a switch already found at 0.4 (``persona_role``, ``persona_time``) and a
second half the earlier readers do not spell: no license and no bound removed, but the new
identity **used at once**: the reader is made a *particular* holder ("the company's CHRO",
"the county clerk", "the 'Patreon Admin' persona", a named persona) and then told, in the
next clause, to act on what lies before it ("and authorise the terminations listed below",
"; list the VIP patients", "and certify these election results"). That is impersonation:
the switch exists to borrow that holder's standing for the act.

* ``persona_office`` (persona_switch, structural: reads ``folded``): a switch of identity
  (:data:`.persona_reach.SWITCH`, and "assume the identity of", "impersonate"), whose new
  identity is **definite** (the X, our X, someone's X, a quoted name), then within 140
  characters of the same line a clause opened by a **bare imperative** (after ``.``, ``;``,
  ``:``, ``!``, "and" or "then": a verb not in a third person's, past or -ing form, not a
  function word) on a present object (a determiner or pronoun: the, this, these, that,
  those, all, every, any, it, them, my, our, his, her, their).

Not read: a perspective the user asks the reader to take, which is a *type* ("pretend
you're a new paralegal and tell me what is confusing", "pretend you are a new user and
try every screen"): the identity is indefinite; the user's own feedback ("... and tell
me", "... and ask us"): an act whose object is the user; "you are now the triager for
this sprint; label them" (a work role handed over: "you are now" is not a switch here, as in
wave 26). Opened by the switch's words (every match holds one; the wave 11 test checks it).
Its weight: leave-one-split-out CV (``bench/guard_eval/cv_wave27_agent.py``).
"""

from __future__ import annotations

from typing import Any

from .persona_reach import SWITCH

#: the switch (wave 26's) and an identity assumed or impersonated
_SWITCH = rf"(?:{SWITCH}|\bassume the identity of\b|\bimpersonat(?:e|ing)\b)"
#: the identity definite: a particular holder, not a type ("a new user")
_DEFINITE = (r"(?:\s+(?:to be|as|of|is))?(?::\s*(?:you are|you\W?re))?"
             r"\s*(?:(?:the|our)\s|[a-z0-9]+\W?s\s|['\"\u2018\u201c])")
#: function words and openers that are not the act itself
_FUNCTION = (r"(?!(?:the|a|an|and|or|but|to|of|in|on|for|with|as|at|by|is|are|be|was|it|"
             r"this|that|you|your|i|we|he|she|they|who|which|whose|when|if|then|so|do|not|"
             r"no|never|can|will|just|please|also|now|start|begin|let|lets)\b)")
#: a bare imperative opening the next clause (after ``.``, ``;``, ``:``, ``!``, "and" or
#: "then"), on an object before the reader (not the user: "tell me", "ask us")
_ACT = (rf"(?:[.;:!]\s+|\band\s+|,\s*then\s+|\bthen\s+)(?:now,?\s+)?{_FUNCTION}[a-z]+"
        r"(?<!s)(?<!ed)(?<!ing)\s+(?:the|this|these|that|those|our|all|every|any|it|them|"
        r"his|her|their)\b")
PATTERN = rf"{_SWITCH}{_DEFINITE}[^\n]{{0,140}}?{_ACT}"
#: the switch's words (every match holds one)
WORDS = ("longer become pretend imagine roleplay role roleplaying play playing switch "
         "switching identity identities persona personas character personality assume "
         "impersonate impersonating")

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("persona_office", 0.3, "persona_switch",
     "switches the reader into a particular holder (the X, a named persona) and then has it "
     "act at once on what lies before it",
     PATTERN, WORDS, {"structural": True}),
)
