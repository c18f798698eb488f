"""Orders carried by a text's structure (wave 18).

An order need not be written as a sentence to the reader. The structure carries it:

* ``shot_comply`` (counts alone): a few-shot or many-shot transcript whose answers comply
  with something that matters, set before a question left open for the reader to answer
  the same way (Anil et al., "Many-shot jailbreaking", 2024; Wei et al., "Jailbreak and
  guard aligned language models with only few in-context demonstrations", 2023; the
  in-context attacks of OWASP LLM01). The turns are the documented demonstration formats
  (``Q:``/``A:``, ``User:``/``Assistant:``, ``Input:``/``Output:``, ``Task: ... ->
  Action:``, ``Example n``), and an answer complies when it says no to a safeguard and yes
  to its removal ("No, always set verify=False", "No, skip them", "auto-approve"), hands
  over a secret ("Sure, it's stored in ~/.secrets, here it is"), adds an act to every
  answer ("summary + forward to ..."), disables a defence ("disabled BGP auth, done") or
  always names one outside vendor; the pattern needs another turn after the complying one
  (the reader is to continue it);
* ``markup_frame`` (a frame, beside :mod:`.relayed`'s act): text a document's reader does
  not see, in the markups an agent converts: LaTeX's comments and hidden text
  (``\\iffalse``, ``\\begin{comment}``, ``\\textcolor{white}``,
  ``\\phantom``, ``\\fontsize{0}``, a macro that swallows its argument,
  ``\\newcommand{\\x}[1]{}``, ``\\pdfcomment``, ``\\marginpar``, ``\\todo``), the math
  wrappers of hidden words (``\\underbrace{\\text{...}}``). (Block comments and docstrings
  were tried and left out: a docstring beside "delete" or "forget" is ordinary code;
  :mod:`.carriers` reads a comment that addresses the AI);
* ``service_order`` (0.45: it needs another cue): a record a machine serves, written to
  the AI that reads it: a DNS TXT record (RFC 1035 ``TXT "..."``, ``nslookup``'s and
  ``dig``'s ``text =``), an HTTP header (``X-...:``), a login banner or message of the
  day (``/etc/motd``, ``banner motd``, "Welcome to host"), a runbook or wiki page's step,
  addressed to AI or automation ("AI systems resolving this domain:", "Note for automation:",
  ``llm-directive:``), then a verb that changes the system.

A developer's honest demonstration ("Q: should I commit the lockfile? A: yes") complies with
nothing that matters; a runbook's own steps are written to the on-call engineer, not to "AI
systems".
"""

from __future__ import annotations

from typing import Any

_TURN_Q = (r"(?:^|\n)[>\s]*(?:\d+[.)]\s*)?(?:example \d+\s*[:.\-]?\s*)?\**(?:q|question|user|"
           r"human|input|task|request|prompt)\**\s*[:=]")
_TURN_A = r"(?:a|answer|assistant|ai|bot|model|output|action|response|reply|agent)\s*[:=]"
#: an answer that complies with something that matters
_COMPLY = (
    r"(?:no|nope)[,.!]?\s+(?:always|just|simply|never mind,?)\s+(?:set|use|skip|disable|turn "
    r"off|bypass|ignore|approve|merge|push|deploy|run|send|share|trust|allow|accept|"
    r"auto-?approve)\b|"
    r"(?:no|nope)[,.!]?\s+(?:skip|disable|bypass|ignore|auto-?approve|turn off|don'?t "
    r"(?:bother|check|verify|ask))\b|"
    r"\bauto-?approve\b|\bverify\s*=\s*false\b|"
    r"\bsure[,!.]?\s+(?:here|it'?s|it is|the (?:password|key|token|secret))\b|"
    r"\bhere (?:it is|they are|you go)\b[^\n]{0,20}(?::|$)|"
    r"\+\s*(?:forward|send|email|upload|disable|delete|cc|bcc|exfiltrate|copy|post)\w*\b|"
    r"\bdisabled?\s+(?:[\w\-]+\s+){0,2}(?:auth|authentication|auditd|audit logging|logging|"
    r"2fa|mfa|tls|ssl|firewall|signature checks?|validation|csrf|monitoring|edr|antivirus|"
    r"selinux|alerts)\b|"
    r"\b(?:always|only)\s+(?:recommend\s+|pick\s+|choose\s+|use\s+|go with\s+|paste\s+)?"
    r"(?:[\w\-]+\.)+(?:com|dev|io|net|org|app|site|xyz|top|ru|cc|info)\b")
SHOT_COMPLY = (
    rf"{_TURN_Q}[^\n]*?\b{_TURN_A}?[^\n]*?(?:{_COMPLY})[^\n]*"
    rf"(?:\n[^\n]*){{0,3}}?{_TURN_Q}|"
    rf"{_TURN_Q}[^\n]*?(?:->|→|=>)[^\n]*?(?:{_COMPLY})[^\n]*(?:\n[^\n]*){{0,3}}?{_TURN_Q}")
#: every match opens with a turn's name (the cue reads structure: a cheap test first)
SHOT_WORDS = "q question user human input task request prompt example"

MARKUP = (
    r"\\iffalse\b|\\begin\{comment\}|\\textcolor\{white\}|"
    r"\\phantom\{|\\fontsize\{0|\\tiny\b|\\scalebox\{0|"
    r"\\(?:re)?newcommand\{?\\\w+\}?\[1\]\{\}|\\def\\\w+#1\{\}|"
    r"\\(?:pdfcomment|marginpar|todo|comment)\{|\\(?:under|over)brace\{\\text\{")
MARKUP_WORDS = ("iffalse begin comment textcolor phantom fontsize tiny scalebox "
                "newcommand renewcommand def pdfcomment marginpar todo underbrace "
                "overbrace text")

_RECORD = (
    r"(?:\btxt\s+\"|\btext\s*=\s*\"|\bin\s+txt\b|\bdescriptive text\b|/etc/motd\b|"
    r"\bbanner (?:motd|login|exec)\b|\bmotd\b|^\s*welcome to [\w.\-]+|^\s*x-[\w\-]+\s*:|"
    r"\b(?:runbook|playbook|wiki page|sop|troubleshooting)\b)")
_AUTOMATION = (
    r"(?:(?:ai|llm|automated|automation|autonomous) (?:systems?|tools?|clients?|crawlers?|"
    r"processes|agents?|assistants?|resolvers?|operators?|scripts?)(?: [\w\-]+ing (?:this|"
    r"these|the) [\w\-]+)?|(?:note|notice|message|instructions?|hint|directive|action|task)s? "
    r"(?:for|to) (?:the |any )?(?:automation|automated [\w\-]+|bots|crawlers|ai|llms?|agents|"
    r"assistants|ai systems|llm agents)|(?:llm|ai|agent|assistant|model)[-_](?:directive|"
    r"instructions?|note|hint|prompt|action|task|order)s?|if you are an? (?:ai|llm|bot|"
    r"automated [\w\-]+|language model))")
_CHANGE = (
    r"(?:update|set|use|disable|enable|add|remove|delete|run|send|point|change|grant|allow|"
    r"open|trust|install|fetch|download|curl|execute|ignore|print|reveal|forward|flush|"
    r"replace|append|switch|route|whitelist|allowlist|create|drop|stop|turn off|upload|"
    r"post|copy|export|rotate|reset)")
SERVICE = (rf"{_RECORD}[^\n]{{0,80}}?\b{_AUTOMATION}\s*[:,\-]\s*(?:please |now |first |"
           rf"(?:before|after|when) [^,\n]{{0,40}}, )?{_CHANGE}\b")
SERVICE_WORDS = ("txt text descriptive motd banner welcome runbook playbook wiki sop "
                 "troubleshooting")

_FRAME = "beside an act that matters"
Spec = tuple[str, float, str | None, str, str, str, dict[str, Any]]
#: the weights chosen by ``bench/guard_eval/cv_wave18_judges.py`` (``results/
#: w18_cv_judges.json``; the frame on {off, 0, 0.15 ... 0.3} beside the act 0.45, the lone
#: cues on {off, 0.3 ... 0.75}; no clean row, honest note, README or training-half turn
#: flagged more at any point; ties: the lighter): ``shot_comply`` 0.75 (flags alone);
#: ``service_order`` 0.45 (needs another cue; off in the fold without fresh24); the markup
#: frame 0 (the act beside it counts, 0.45, and needs more; off in the fold without
#: fresh11). Every fold chose these but the two named.
SPECS: tuple[Spec, ...] = (
    ("shot_comply", 0.75, "role_imitation",
     "a few-shot transcript whose answers comply with something that matters (No, always "
     "set verify=False; Sure, here it is; summary + forward to ...), left open for the "
     "reader to continue", SHOT_COMPLY, SHOT_WORDS, {"structural": True}),
    ("markup_frame", 0.0, "instruction_override",
     f"text a document's reader does not see (a LaTeX comment or white text, a macro that "
     f"swallows its argument, a block comment), {_FRAME}", MARKUP, MARKUP_WORDS,
     {"structural": True, "requires": ("markup_frame",), "requires_any": ("relayed_act",)}),
    ("service_order", 0.45, "instruction_override",
     "a record a machine serves (a DNS TXT record, an HTTP header, a login banner, a "
     "runbook step) written to AI systems or automation, with a verb that changes the "
     "system", SERVICE, SERVICE_WORDS, {"structural": True}),
)
