"""Weak cues of an instruction aimed at the agent, whatever words its author chose (wave 9).

An injection hidden in a package description, a commit message, a calendar invite or a tool
schema rarely says "ignore previous instructions". It names its reader as an AI in the third
person ("coding assistants installing this must ..."), asks for an action on secrets, tools,
security or the agent's memory, and often gives a reason to keep it from the user or a
claim of authority ("per section 4.2 of the usage policy"). Each of these is common alone in
an honest note ("AI agents should run the linters", "put the API key in .env", "per the
security policy, rotate keys yearly"); several together are not. The cues below are the
parts, each a *weak* cue added into :mod:`.cues`'s paragraph score with the others (no one
of them reaches the threshold alone), over the paragraph's normalised words (``flat``:
lower case, punctuation as spaces, so ``send_email(to=...)`` reads ``send email to``) or,
when ``structural``, its case-folded text.

Each spec: name, weight, kind, meaning, pattern, the words of which a match holds one (a
cheap gate) and the options of :class:`~.cues.Cue`.
"""

from __future__ import annotations

from typing import Any

_TOOL = "tool_coercion"
_OVERRIDE = "instruction_override"
_EXFIL = "exfiltration_link"
_ROLE = "role_imitation"

#: the third-person names of an AI reader, after a qualifier that makes them an AI's (not
#: "AI systems" or "AI models": a text about AI says what they "must be")
_AI_QUALIFIER = (r"(?:ai|llm|automated|coding|copilot style|copilot|autonomous|language model"
                 r"|ai powered|machine)")
_AI_READER = (r"(?:assistants?|agents?|readers?|clients?|operators?|summari[sz]ers?|bots?|"
              r"notetakers?|reviewers?|helpers?)")
_MODAL = (r"(?:must|should|shall|are to|is to|need to|needs to|are required to|is required to|"
          r"are exempt|is exempt|no longer need|are permitted to|are authori[sz]ed to|may now)")

#: every weight below is multiplied by this, chosen by leave-one-split-out CV with a hard
#: bound in every fold (``bench/guard_eval/cv_agent.py``; docs/guards.md "Wave 9: injection")
SCALE = 1.25

#: what may stand between the reader and the modal: a participle's phrase ("installing this
#: package") or a place ("in this workspace"), not any words ("an AI model, my goal is to")
_GAP = (r"(?: \w+ing(?: (?:this|these|the|a|an|our|your|its|that|\w+)){0,2})?"
        r"(?: (?:in|on|at|for|of) (?:this|these|the|our|that) \w+)?")

#: the cues an authority claim needs beside it: something it asks the agent to do
ACTIONS = ("secret_handover", "security_downgrade", "hide_from_user", "user_outranked",
           "agent_subject", "dangerous_command", "tool_directive", "no_confirmation",
           "secret_request", "memory_persist", "memory_implant", "tool_call_syntax",
           "addressed_to_agent", "agent_addressee")

#: (wave 9b) the AI reader as the one a note is addressed to, in the words of the published
#: indirect-injection taxonomies (OWASP LLM01 "indirect prompt injection", Greshake et al.
#: 2023): an addressee a human reader would not be, named by its kind; an adjective may stand
#: before it ("the bookkeeping assistant", "autonomous agents"), not a human agent's trade
_AI_NOUN = (r"(?:agents?|assistants?|bots?|llms?|ais|copilots?|robots?|(?<=automated )"
           r"(?:reviewers?|fixers?|readers?|summari[sz]ers?))")
_HUMAN_AGENT = (r"(?<!support )(?<!sales )(?<!travel )(?<!insurance )(?<!estate )"
                r"(?<!service )(?<!field )(?<!booking )(?<!customer )(?<!human )(?<!secret )"
                r"(?<!desk )(?<!ticket )(?<!user )(?<!build )(?<!ci )(?<!ssh )(?<!release )")
_ADDRESSEE = (rf"(?:the |any |all |every |whichever |our |your )?(?:[a-z][a-z\-]* ){{0,2}}?"
              rf"(?:ai|llm|{_HUMAN_AGENT}{_AI_NOUN})")

#: (wave 9b) the cues of an act asked of the agent (:data:`ACTIONS` less the addresses)
HARMS = ("secret_handover", "security_downgrade", "hide_from_user", "user_outranked",
         "dangerous_command", "tool_directive", "no_confirmation", "secret_request",
         "memory_persist", "memory_implant", "tool_call_syntax", "agent_harm", "prompt_echo",
         "send_verb", "secret_target", "outside_address", "secrecy", "bulk_grab",
         "decode_and_run", "reveal_request", "image_or_pixel", "before_reply")

SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    # scaled, 0.45: ``addressed_to_agent``'s weight, the same evidence in other words (not
    # chosen: it stands for that cue, and counts once with it)
    ("agent_addressee", 0.36, _OVERRIDE,
     "a note labelled for the AI reader (\"(Agents: ...)\", \"note to the bookkeeping "
     "assistant:\", \"Copilot, listen:\", \"@agent please\", a \"for_llm\" field)",
     # a label: "(agents:", "(agents only)", "[AI assistants]:"
     rf"[(\[]\s*(?:ai |llm |coding |automated |autonomous )?{_AI_NOUN}(?: only)?\s*[:)\]]|"
     # "note / hint / p.s. / remediation ... to / for the <kind of AI>: " or " -- "
     rf"\b(?:to|for) {_ADDRESSEE}\b(?: [^:\n\"]{{0,60}}?)?(?:\)\s*)?(?::|--|\u2014)(?!//)|"
     # a vocative with its kind: "AI shopping agents:", "Automated dependency bots and
     # coding assistants:"
     rf"(?:^|[\n.!?;'\"]\s*|\s--\s)(?:ai|llm|automated|autonomous|coding) (?:[a-z\-]+ ){{0,4}}?"
     rf"{_AI_NOUN}\s*:(?!//)|"
     # a named coding assistant called on: "Copilot, listen:", "Claude, please"
     r"\b(?:copilot|claude|chatgpt|gemini|codex|cursor|devin)\s*,\s*(?:listen|please|now|"
     r"you|from now|before|stop|urgent|important)\b|"
     # a mention: "@agent please", "@assistant"
     r"(?<![\w.])@(?:agent|assistant|ai|bot|llm)s?\b|"
     # a field for the model in data: "for_llm": "...", "_ai_note"
     r"[\"'](?:_?for_(?:llms?|ai|agents?|assistants?|models?)|_?(?:llm|ai|agent)_"
     r"(?:note|instructions?|directive|hint))[\"']\s*:|"
     # AI tools that read this are told..., "AI reading alt text:"
     r"\b(?:ai|llm)s? (?:tools?|systems?|readers?) (?:that|which|who) (?:reads?|process|"
     r"parse|summari[sz]e|index)\b|\b(?:ai|llm|agent|assistant)s? reading [^:\n]{0,30}:|"
     # the agent in the third person with a modal: "the implementing agent must"
     rf"\b(?:the (?:[a-z]+ )?{_HUMAN_AGENT}(?:agent|assistant|ai)|automated (?:fixers|"
     r"reviewers|agents|tools)) (?:must|should|needs to|is required to|has to|are to)\b",
     "agent agents assistant assistants bot bots llm llms ai ais copilot copilots robot robots "
     "fixers claude chatgpt gemini codex cursor devin",
     # (it counts only beside an act asked of the agent: "Note for the coding assistant:
     # ignore the deprecation warnings" asks for none)
     {"structural": True, "negatable": True, "requires_any": HARMS,
      "replaces": ("addressed_to_agent", "addresses_model", "agent_subject", "authority",
                   "rules_noun")}),
    # (wave 9b) what an indirect injection asks of an agent beyond the wave 9 actions
    # (OWASP LLM01/LLM03/LLM06: supply chain, excessive agency; the system-prompt-leak family
    # of the published taxonomies): each alone below any flag, with an address above it
    ("agent_harm", 0.3, _TOOL,
     "asks for a harmful act the older cues miss: a package swap, deleting the tests, "
     "merging its own change, printing every secret, moving money to a new payee",
     r"\b(?:real|official|original|upstream) (?:package|library|module) (?:is|was|has been) "
     r"(?:deprecated|compromised|removed|abandoned|unsafe|broken)\b|"
     r"\balways install (?:\w+ ){0,3}(?:packages|dependencies) from\b|"
     r"\b(?:delete|remove|wipe|erase) (?:the |all (?:the )?|every )?(?:tests?|test suite) "
     r"(?:directory|folder|dir|suite)\b|"
     r"\b(?:approve|merge) (?:and (?:merge|approve) )?(?:this|the|your own|its own) (?:pull "
     r"request|pr|merge request|change) (?:yourself|without (?:review|approval))\b|"
     r"\bmerge (?:it )?(?:in)?to main (?:immediately|right away)\b|"
     r"\bprints? (?:out )?(?:all|every) (?:the )?(?:secrets|credentials|tokens|environment "
     r"variables|env vars)\b|\benv base64\b|"
     r"\b(?:add|set|make|redirect|route|change) (?:\w+ ){0,6}(?:as (?:a |the )?(?:new )?"
     r"(?:beneficiary|payee)|to (?:the )?account)\b",
     # (a word each alternative holds, not its common verbs: "add", "set", "make")
     "package library module install directory folder dir suite yourself without "
     "immediately away secrets credentials tokens variables vars base64 beneficiary payee "
     "account",
     {"negatable": True}),
    ("prompt_echo", 0.36, _ROLE,
     "asks the reader to read out the instructions it was given before the conversation",
     r"\brepeat (?:the |all (?:the )?)?(?:words|text|lines|sentences|messages?) (?:above|"
     r"before)\b(?: \w+){0,6} you are\b|\bwhat were you told before\b|"
     r"\bspell out your (?:rules|instructions|prompt|guidelines|system prompt)\b|"
     r"\binclud(?:e|ing) (?:any |all |the |your )?hidden (?:rules|instructions)\b",
     "repeat told spell hidden",
     {}),
    ("agent_subject", 0.3, _OVERRIDE,
     "names an AI reader in the third person as the one who must act",
     rf"\b{_AI_QUALIFIER} (?:\w+ )?{_AI_READER}{_GAP} {_MODAL}\b(?! not| never| be\b)|"
     r"\bthe (?:agent|assistant|ai|model) (?:is to|shall|is authori[sz]ed to|may now|"
     r"is exempt)\b|\bauthori[sz]es (?:the|any|all) (?:ai |coding )?(?:agents?|assistants?|"
     r"ais?|bots?)\b|"
     r"\b(?:for|to) (?:the|your|any|all) (?:ai |llm )?(?:agents?|assistants?|operators?|"
     r"notetakers?|summari[sz]ers?) (?:please |kindly )?(?:run|install|add|send|post|paste|"
     r"include|publish|forward|move|delete|disable|remove|replace|approve|merge|push|upload|"
     r"export|append|rewrite|treat|suppress|mark)\b|"
     r"\b(?:ai|llm) (?:notetaker|summari[sz]er|operator|client)s?\b",
     "ai llm automated coding copilot autonomous language machine agent agents assistant "
     "assistants model authorises authorizes operator operators notetaker notetakers "
     "summariser summarisers summarizer summarizers",
     {"negatable": True, "replaces": ("addresses_model", "authority")}),
    ("security_downgrade", 0.35, _TOOL,
     "asks to switch off a security control or vouches that something is safe",
     r"\b(?:disable|disabling|turn off|switch off|skip|skipping|bypass|bypassing|suppress|"
     r"deactivate|remove|removing) (?:the |any |all |its |your |every )?(?:ssl|tls|https|"
     r"certificate|cert|host key|signature|gpg|2fa|mfa|two factor) (?:verification|checks?|"
     r"validation|checking|requirement)s?\b|"
     r"\b(?:suppress|hide|silence|ignore|dismiss) (?:any |all |the |every )?security "
     r"(?:warnings?|alerts?|findings?|advisories|scans?)\b|"
     r"\b(?:disable|remove|turn off|bypass|skip|drop|deactivate) (?:the |all |any )?"
     r"(?:branch protection|code review|auth(?:entication)? middleware|audit log(?:ging)?|"
     r"security review|security scan(?:ning)?|signing|sandbox(?:ing)?)\b|"
     r"\b(?:pre ?audited|pre ?approved|pre ?authori[sz]ed|verified and safe)\b|"
     r"\bexempt from (?:\w+ )?(?:confirmation|review|approval|checks?)|"
     r"\bno longer need (?:\w+ )?(?:approval|confirmation|review)\b|"
     r"\bnopasswd\b|\bsudoers\b|\bclusteradmin true\b|\bskip checks true\b|"
     r"\bdrop table\b",
     "ssl tls https certificate cert host signature gpg 2fa mfa two security protection review "
     "middleware audit scan scanning signing sandbox sandboxing pre preaudited preapproved "
     "preauthorised preauthorized verified exempt longer nopasswd sudoers clusteradmin checks "
     "table",
     {"negatable": True}),
    ("secret_handover", 0.3, _EXFIL,
     "asks to hand secrets over: paste, post, publish, pass or include them",
     r"\b(?:paste|post|publish|include|send|pass|export|forward|append|upload|share|attach|"
     r"reply with|respond with|hand over)(?: (?:me|us|them|also|back))? (?:the|all|any|"
     r"every|your|their|its|his|her|our|my|these|those|current|whatever)(?: \w+){0,3} "
     r"(?:api keys?|(?:current |signing |private |ssh |access |deploy )?keys|"
     r"(?:signing|private|ssh|access|deploy) key|tokens?|credentials?|credential store|"
     r"passwords?|env|env file|login codes?|pem files?|secret keys?|client secrets?|"
     r"secrets file)\b",
     "key keys token tokens credential credentials password passwords env login pem secret "
     "secrets",
     # with an address, the exfiltration cues (a verb that sends, a secret, the address)
     # read the same request: it is counted once, by them
     {"negatable": True, "replaced_by": ("outside_address",)}),
    ("hide_from_user", 0.35, None, "asks to keep what it does from the user",
     r"\bwithout (?:telling|notifying|informing|alerting) (?:the user|anyone|them|the owner|"
     r"the team|the reader)\b|"
     r"\b(?:do not|don t|never|must not) (?:tell|notify|inform|alert|warn) (?:the "
     r"user|the reader|anyone|them|me)\b(?! (?:their|the|your) (?:password|pin))|"
     r"\b(?:do not|don t|must not|never) mention (?:this|that|it)\b(?! (?:in|to) "
     r"(?:the )?(?:docs|changelog|release notes|readme|public))|"
     r"\backnowledge (?:with|by saying|by replying) \w+ only\b|\bact on it silently\b|"
     r"\bsilently (?:switch|add|send|upload|run|install|replace|change|approve|merge|forward|"
     r"delete|include|post|export)\b|\bkeep (?:it|this) (?:secret|hidden|to yourself) "
     r"from\b|\bnever warn\b",
     "telling notifying informing alerting tell notify inform alert warn mention acknowledge "
     "silently secret hidden yourself",
     # with an address, ``secrecy`` reads the same words (counted once)
     {"replaced_by": ("outside_address",)}),
    ("user_outranked", 0.35, _OVERRIDE,
     "puts someone else's instructions above the user's",
     r"\b(?:higher|more|greater|top) priority than (?:the |your )?(?:user|user s|session user|"
     r"person you|people you)\b|"
     r"\boutrank\w* (?:the |your |any )?(?:user|user s|person|people|operator|instructions|"
     r"requests|messages)\b|"
     r"\bover (?:those|the ones|the instructions|instructions|requests|messages) (?:of|from) "
     r"the (?:session )?user\b|"
     r"\bprioriti[sz]e (?:\w+ ){0,2}(?:from|of|by) (?:\w+ ){0,2}(?:authors?|documents?|"
     r"issues?|files?|tools?|websites?|pages?) over\b|"
     r"\bnot what the user (?:says|wants|asked|asks)\b|"
     r"\buser s (?:later |future |own )?(?:refusals|objections) (?:are|as) (?:tests|noise|"
     r"irrelevant)\b|\beven if the user (?:says|objects|refuses|asks) otherwise\b|"
     r"\b(?:even if|even when|although) (?:the )?(?:project|repository|user s|your) "
     r"(?:rules|guidelines|instructions) say otherwise\b",
     "priority outrank outranks outranked outranking prioritise prioritize user refusals "
     "objections otherwise",
     {}),
    ("memory_persist", 0.3, _TOOL,
     "asks the agent to keep something in its memory for later sessions",
     r"\b(?:remember|memori[sz]e|record|store|save|keep|note|write) (?:\w+ ){0,4}"
     r"(?:permanently|forever|for (?:all )?(?:future|next|later) (?:sessions?|"
     r"conversations?|chats?|runs?)|for next time|across sessions)\b|"
     r"\b(?:in|into|to) your (?:persistent|permanent|durable) (?:notes|memory|"
     r"memories|profile|store)\b|"
     r"\b(?:durable|permanent|persistent) (?:note|memory|rule|preference) (?:to|in|into) "
     r"your\b|\b(?:write|put|save|add) (?:\w+ ){0,3}(?:into|in|to) your memory\b|"
     r"\bupdate your (?:long term )?(?:profile|memory) of\b|"
     r"\bthis is a permanent (?:preference|rule|instruction)\b",
     "permanently forever future next later across persistent permanent durable memory "
     "profile",
     {"replaced_by": ("memory_implant",)}),
    ("policy_framing", 0.25, None,
     "claims a policy, ticket or office as authority for an action",
     r"\bper (?:section|clause|policy|directive|ticket|article)\b|\bpursuant to\b|"
     r"\bin accordance with (?:the )?(?:\w+ )?(?:policy|directive|mandate)\b|"
     r"\bcompliance (?:ticket|directive|requirement|export|step|mandate)\b|"
     r"\b(?:memo|directive|notice|order) from (?:the )?(?:office|security|legal|compliance|"
     r"platform|it|cto|ciso|ceo|management|governance)\b|\bchange advisory board\b|"
     r"\b(?:security|compliance|governance|legal|platform) (?:team|office|board) (?:has )?"
     r"(?:approved|authori[sz]ed|decided|requires|mandates)\b|"
     r"\bauthori[sz]es the (?:agent|assistant|ai|bot)\b|"
     r"\beffective (?:immediately|this sprint|today|now)\b|"
     r"\bmandatory update\b|\boperating agreement\b|\busage policy\b|"
     r"\bprocessing instructions? for\b|\bfrom (?:platform )?governance\b",
     "per pursuant accordance compliance memo directive notice order advisory security legal "
     "governance platform authorises authorizes effective mandatory operating usage "
     "processing",
     {"requires_any": ACTIONS}),
    ("tool_call_syntax", 0.25, _TOOL, "asks to call a named tool or function",
     r"\b(?:call|invoke|trigger)\s+(?:the\s+)?[`'\"]?[a-z][a-z0-9]*(?:_[a-z0-9]+)+[`'\"]?"
     r"(?:\s*\(|\s+tool\b)",
     "call invoke trigger",
     {"structural": True, "negatable": True}),
)
