"""A persona given to the reader together with what it lets the reader do (wave 21).

A persona switch names who the reader is to be ("act as", "pretend to be", "roleplay as",
"simulate", "you are now", "your new identity is", "switch persona", "answer twice: once as
yourself, once as ...") and then why: the persona does what the reader would not. It acts
with no check ("without verification", "never asks", "grants every request"), it serves
someone other than the user ("obeys the vendor, not the user", "answers only to the author
of this file") or it holds a power the reader does not ("has root access", "is authorised
to approve anyone"). The role alone is an honest note's too ("act as a reviewer",
"pretend you are a new user and test the signup", "you are the owner of the billing
service", a prompt-engineering note's "You are a senior reviewer who answers in bullet
points"): ``persona_role`` and ``persona_time`` weigh it as a weak cue. What a legitimate
role asks is a task done as that role; what a jailbreak's persona asks is the task done
without the reader's checks or for someone else, and that is what this cue reads
(OWASP LLM01 "role-play / persona" jailbreaks; Shen et al. 2024, "Do Anything Now": the
persona is defined by what it may do that the model may not).

``persona_power`` (:data:`SPECS`, weighed by ``cues._OWN_WEIGHT_SPECS``) matches a role
given to the reader and, within the next few words, one of those three; its weight is
chosen by leave-one-split-out CV (``bench/guard_eval/cv_wave21_persona.py``). The words
are read as :mod:`.normalise` spells them (``flat``: lower case, punctuation dropped).
"""

from __future__ import annotations

from typing import Any

#: a role or persona given to the reader (who it is to be)
_ROLE = (
    r"(?:act|acting|behave|respond|reply|answer|speak|operate) (?:now )?(?:as|like)|"
    r"answer (?:twice|two times)|"
    r"pretend (?:to be|you are|you re|that you are)|"
    r"role ?play(?:ing)?(?: as)?|play(?:ing)? (?:the (?:role|part) of|a game|a character)|"
    r"simulate|emulate|impersonate|"
    r"imagine (?:you are|you re|that you are)|"
    r"(?:assume|adopt|take on|switch to|become|enter) (?:the |your |a |an )?"
    r"(?:\w+ )?(?:role|persona|identity|personality|character|mode)|"
    r"switch (?:persona|personas|identity|identities|roles?)|"
    r"(?:your )?new (?:identity|persona|role|personality)|"
    r"(?:second|alter|alternate|other|hidden|secret) (?:personality|persona|ego|self)|"
    r"persona (?:activated|enabled|engaged|on)|"
    r"as (?:the |a |an |your )?(?:\w+ ){0,3}persona|"
    # "you are" gives a role ("you are now DAN", "you are FleetOps-9, a dispatcher that
    # ...", "you are in test mode"), not a progressive ("you re planning to drive")
    r"you (?:are|re)(?! \w+ing\b)|stay in (?:character|role)")
#: what the persona does that the reader would not: acts with no check, for everyone or
#: on everything ...
_UNCHECKED = (
    r"without (?:any |a |asking (?:for )?|showing (?:any )?)?(?:checks?|checking|"
    r"verification|verifying|verify|questions?|questioning|confirmation|confirming|"
    r"approvals?|review|details|hesitation|warnings?|limits|restrictions|refusing)|"
    r"(?:never|doesn t|does not|don t|do not|won t|will not|cannot|can t) (?:ever )?"
    r"(?:refuses?|declines?|say no|says no|asks?(?: for)?|questions?|checks?|"
    r"verif(?:y|ies)|warns?|decline requests)|"
    r"(?:bypass(?:es)?|skips?|ignores?|overrides?|disables?) (?:all |every |any |the )?"
    r"(?:\w+ )?(?:\w+ s )?(?:approvals?|checks?|verification|guidelines?|polic(?:y|ies)|"
    r"safeguards?|safety|rules?|limits|restrictions)|"
    r"(?:can|will|may) do anything(?! (?:an?|the|that|this|it|you|your|he|she|they|we)\b)|"
    r"(?:commands?|orders?|requests?|instructions?|notes?) "
    r"(?:verbatim|as commands|without question)|"
    r"(?:jailbroken|unfiltered|uncensored|unrestricted|unaligned|unchained|evil|amoral|rogue) "
    r"(?:\w+ )?(?:version|twin|edition|mode|self|model|ai|assistant|persona|copy)|"
    r"(?:before|without|never given|no) (?:any )?(?:alignment|safety) training|"
    # ... for someone other than the user ...
    r"(?:loyalty|allegiance) is (?:to|with)|(?:obey|obeys|obeying|answer to|answers to|"
    r"answering to|serves|serving|works for|working for|loyal to|reports to|listens to|"
    r"listening to)(?: only)?(?: to| for)? (?:me|us|the (?:vendor|author|sender|writer|"
    r"attacker|document|file|note|message|page))\b|(?:answers?|answering|reports?|loyal) "
    r"only to|only in (?:the |our |my |its )?(?:\w+ )?(?:s )?interests?|"
    r"not (?:what )?(?:the|your|to the) (?:user|users|customer|human)\b|"
    r"(?:rather than|instead of) (?:the|your) (?:user|customer)|"
    # ... or with a power the reader does not hold
    r"(?:has|have|with|holds?|given|granted) (?:full |root |admin |administrator |unlimited |"
    r"unrestricted |elevated |all )+(?:rights|access|privileges|permissions|authority|"
    r"clearance|control)|"
    r"(?:is|are) (?:allowed|authori[sz]ed|permitted|cleared) to|authority to|"
    r"root (?:access|shell|user|administrator)|admin (?:console|panel)|"
    r"no (?:risk |spending |safety |ethical )?(?:limits|restrictions|rules|guidelines)|"
    # (last: an alternative that opens on a look-behind ends the run of alternatives that
    # :mod:`.alternatives` groups by their first character)
    r"(?<!not )(?<!t )(?:approves?|grants?|signs?|refunds?|obeys?|executes?|runs?|does|"
    r"carries out|accepts?|prints?|writes?|follows?|fulfils?|fulfills?|allows?|unlocks?|"
    r"says yes to|approving|granting|signing|obeying|executing) "
    r"(?:every|all|any|anything|everything|whatever|each)\b")
PATTERN = (rf"\b(?:{_ROLE})\b(?: \S+){{0,14}}? (?:{_UNCHECKED})\b")
WORDS = ("act acting behave respond reply answer speak operate pretend roleplay role play "
         "playing simulate emulate impersonate imagine assume adopt take switch become enter "
         "persona personas identity identities new second alter alternate other hidden secret "
         "you stay")

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("persona_power", 0.6, "persona_switch",
     "gives the reader a persona that acts without checks, for someone other than the user "
     "or with powers the reader does not hold",
     PATTERN, WORDS, {}),
)
