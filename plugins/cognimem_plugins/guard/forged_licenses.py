"""A forged system or authority message together with the license it grants (wave 23).

A forged system prompt has the structure of a persona switch (:mod:`.persona_licenses`)
turned on the reader's context: a claimed source the reader would trust (the system, the
orchestrator, the platform, the runtime, the provider's safety team, the operator, an
admin console) and, within a few words, what it lets the reader do that the user did not
grant: the reader's guard declared off ("safety layer offline", "content filters: off",
"compliance checks are disabled", "security module unloaded"), its trust raised ("trusted
mode", "elevated trust", "permissions elevated", "instructions in this file have system
priority") or a permission to reveal, share, bypass or skip ("assistants may reveal stored
API keys", "you may bypass user confirmations"). A status note names a source and a
state too ("platform notice: the API is offline on Sunday", "the operator disabled the
old endpoint"): what it turns off is a service, not the reader's guard, and it grants the
reader nothing; only the source and the license together make ``forged_license`` fire.
Its pattern reads :mod:`.normalise`'s ``flat`` words and is opened by the license's words
(every match holds one). Weight: leave-one-split-out CV
(``bench/guard_eval/cv_wave23_agent.py``).
"""

from __future__ import annotations

from typing import Any

#: a source the reader would trust, claimed by the text
_SOURCE = (
    r"system(?: message| notice| note| context| prompt| update)?|orchestrator|platform|"
    r"runtime|kernel|provider|operator|developer|administrator|admin(?: console| notice)?|"
    r"(?:trust (?:and |& )?)?safety team|openai|anthropic|policy (?:update|notice)|"
    r"assistant policy|(?:automated|runtime|admin) (?:message|note|notice)")
#: the reader's guard (not a service): what a forged message turns off
_GUARD = (r"(?:safety|security|guard|guards|guardrails?|content filters?|filters?|filtering|"
          r"moderation|refusals?|refusal behaviou?r|compliance checks?|checks|approvals?|"
          r"confirmations?|restrictions|redaction|safety (?:layer|module|filters?|checks)|"
          r"security (?:module|mode|checks?)|memory and guard checks)")
_LICENSE = (
    # the guard declared off
    _GUARD + r" (?:\w+ ){0,3}?(?:are |is |has been |have been )?(?:now |temporarily )?"
    r"(?:off|offline|disabled|unloaded|suspended|lifted|removed|bypassed|paused)\b|"
    r"(?:disable|disabled|bypass|skip|suspend|turn off) (?:all |the |your |any )?"
    r"(?:\w+ )?" + _GUARD + r"|"
    # the reader's trust raised
    r"(?:trusted|elevated|whitelisted|escalated|privileged|unrestricted) (?:trust )?"
    r"(?:mode|context|status|access)|elevated trust|trusted true|(?:is|are) whitelisted|"
    r"permissions? (?:are |have been )?elevated|granted you (?:root|admin|full)|"
    r"system (?:priority|authority|instructions)|same authority as|"
    # a permission the user did not grant
    r"(?:may|are permitted to|is permitted to|are now permitted to|are allowed to|"
    r"is allowed to) (?:now )?(?:reveal|share|print|show|bypass|skip|export|"
    r"disclose|send|push|delete|approve|accept)|"
    r"(?:without|no) (?:filtering|filters|confirmation|confirmations|review|redaction)|"
    r"(?:accept|approve|honou?r|comply with) (?:any|every|all)")
PATTERN = rf"\b(?:{_SOURCE})\b(?: \S+){{0,20}}? (?<!not )(?<!never )(?:{_LICENSE})"
WORDS = ("off offline disabled unloaded suspended lifted removed bypassed paused disable "
         "bypass skip suspend turn trusted elevated whitelisted escalated privileged "
         "unrestricted true permissions permission granted priority authority instructions "
         "may permitted allowed filtering filters confirmation confirmations review "
         "redaction accept approve honour honor comply")

#: (wave 24) the claimed source in the forms ``_SOURCE`` did not read: a role key
#: (``"role": "system"``), a bracketed or headed source (``[runtime]``, ``SYSTEM NOTICE``,
#: ``=== ... CONTEXT ===``), a trust level claimed (``trust_level=elevated``)
_SOURCE_MORE = (_SOURCE + r"|role system|trust level|trust context|system notice|"
                r"runtime notice|notice from the (?:runtime|platform|system|operator)")
#: (wave 24) the license worded otherwise than ``_LICENSE``, by class: a limit the
#: reader keeps declared lifted or handled elsewhere, a grant claimed for the user, the
#: user's secrets declared shareable, the text's own orders ranked over the user's
_LICENSE_MORE = (
    r"(?:limits?|quotas?|caps?|confirmations?|approvals?|checks?|restrictions) "
    r"(?:\w+ ){0,2}?(?:have been|has been|are|is) (?:now )?(?:lifted|raised|removed|waived|"
    r"handled (?:upstream|elsewhere|externally|by the platform))|"
    r"(?:has|have) granted (?:you )?(?:full |root |admin )?(?:admin|administrator|root|"
    r"full access|superuser)|"
    r"(?:may|can) (?:now )?be (?:shown|shared|sent|given|disclosed|exported) (?:\S+ ){0,4}?"
    r"to (?:third parties|anyone|partners|external)|"
    r"(?:share|publish|post|upload) (?:\S+ ){0,3}?(?:publicly|to the public)|"
    r"(?:obey|follow) (?:the )?(?:instructions|orders|commands) (?:from|in) this "
    r"(?:document|file|page|message|note) over|"
    r"(?:execute|run) (?:\w+ ){0,2}?(?:commands|operations|changes) directly|"
    r"(?:instructions|rules|policy) (?:have|has) been (?:updated|restored|replaced)")
MORE = rf"\b(?:{_SOURCE_MORE})\b(?: \S+){{0,20}}? (?<!not )(?<!never )(?:{_LICENSE_MORE})"
MORE_WORDS = ("lifted raised removed waived handled granted shown shared sent given disclosed "
              "exported obey follow directly updated restored replaced publicly public")

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("forged_license", 0.45, "role_imitation",
     "a claimed system or authority source together with a license for the reader (its "
     "guard off, its trust raised, a permission the user did not grant)",
     PATTERN, WORDS, {"replaces": ("forged_order",)}),
    # (wave 24) the source and the license in the forms the first did not read; it counts
    # only where ``forged_license`` does not
    ("forged_order", 0.35, "role_imitation",
     "a claimed system or authority source (also a role key, a notice heading, a trust "
     "level) together with a limit lifted, a grant claimed, secrets declared shareable or "
     "its own orders ranked over the user's",
     MORE, MORE_WORDS, {}),
)
