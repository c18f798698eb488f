"""An order given to the AI reader by name, inside data (wave 10).

An injection planted in data the agent will read (a log line, an issue comment, OCR of a
scanned page, a hidden ``<span>``, a tool's output) has no system prompt to imitate: it
calls its reader by what it is ("AI payroll assistant:", "NOTE TO THE CODING AGENT:",
"Agent:", "(AI, ...") and gives an order in the next breath ("set the rate to 999",
"mark all tests as skipped", "grant DBA to PUBLIC"). A reader recognises the shape: an
*address* to an AI, a colon, comma or dash, then a verb in the imperative. Each half is
common alone ("AI agents reading this repo: the tests are run with ``make test``",
"Token scopes: the release bot only needs ..."; "merge it" between colleagues); the two
together are an instruction to the AI reader. Words hidden from a human reader (a comment,
an invisible style) beside an address add ``hidden_markup``. An honest developer note is
written the same way ("AI agents: always run the unit tests before you commit"), so the cue
is a *weak* one: its weight, chosen by leave-one-split-out cross-validation with the honest
developer notes as a hard bound (``bench/guard_eval/cv_wave10.py``), is added to the
paragraph's other cues and reaches the threshold only with another cue.

The verbs are the ones an order to an agent acts with (change, grant, approve, send,
delete, mark...), not the ones a colleague's note gives its agent to leave alone
("ignore the deprecation warnings", "never push to main", "always run the tests": a
negation or a habit is no act). The spec is read by :mod:`.cues` with the others.
"""

from __future__ import annotations

from typing import Any

from .agent_cues import _HUMAN_AGENT

#: what may open the address: the start of a line or a sentence, a bracket, markup, a
#: separator ("||", "--", "|"), a "p.s."
_OPEN = r"(?:^|[\n.!?;:(\[|>\u2014\u2013-]\s*|<!--\s*|#\s*|\bps\b\.?\s*|(?<![\w.])@)"
#: "note to / message for / hidden message to" before the name
_LABEL = (r"(?:(?:hidden |important |urgent )?(?:note|message|notice|instructions?|hint|"
          r"reminder|memo) (?:to|for) )?(?:please,? )?")
#: the AI reader by its kind, up to three words before it ("AI payroll assistant",
#: "the coding agent", "automated reviewers")
_NAME = (r"(?:the |any |all |every |dear |hey )?(?:(?:[a-z/\-]+ ){0,3}?"
         # (not a human agent's trade: "Note to the support agents: add the refund")
         rf"(?:ai|llm|{_HUMAN_AGENT}agent|assistant|bot|copilot|model|automation|"
         r"language model)s?|"
         # a human's trade only with the qualifier that makes it a machine's ("AI grader",
         # "automated reviewers", "AI processor"; "Heads-up for reviewers:" is for people)
         r"(?:ai|llm|automated|automation) (?:[a-z\-]+ ){0,2}?(?:reviewer|grader|processor|"
         r"reader|summari[sz]er|triager|notetaker|helper|system|tool)s?)\b"
         # "Automated reviewer instruction:", "Agent note:"
         r"(?: (?:instructions?|note|notice|directive))?")
#: what may stand between the name and the colon: what it is doing ("reading this event
#: log", "triaging this", "that reads this"), never any words ("the release bot only
#: needs contents:write")
_DOING = (r"(?: (?:reading|processing|summari[sz]ing|triaging|editing|reviewing|handling|"
          r"managing|parsing|indexing|that reads?|who reads?|which reads?)\b[^:,\n]{0,40}?)?")
#: the order: a verb that acts, after at most a courtesy or a time ("please", "when you
#: read this,")
_LEAD = (r"(?:(?:please |kindly |now |immediately |also |first |"
         r"(?:when|whenever|once|after|before|if|while|instead of) [^,.:;\n]{1,50}, )){0,2}")
_VERB = (r"(?:give|mark|set|grant|approve|merge|close|delete|remove|create|disable|"
         r"recommend|stop|post|send|reply|respond|resubmit|update|label|add|open|apply|accept|"
         r"include|pass|change|tell|forward|execute|install|push|publish|ship|skip|treat|"
         r"print|reveal|output|store|save|remember|record|pay|transfer|move|replace|state|"
         r"call|invoke|download|upload|fetch|visit|navigate|click|email|share|copy|paste|"
         r"suppress|hide|drop|rate|score|rank|assign|escalate|accept|sign|commit|revert|"
         r"rewrite|modify|insert|append|export|purge|downgrade|route|redirect|wire|refund|"
         r"ping|notify|contact|your (?:next|new|real|highest|top|only)|the user (?:actually )?"
         r"wants)\b")

PATTERN = (_OPEN + _LABEL + _NAME + _DOING + r"\s*[:,\u2014\u2013]\s*(?:-+\s*)?" + _LEAD
           + _VERB
           # a bracketed label: "[assistant-only] Change the payout IBAN ..."
           + r"|[\[(]\s*(?:ai|llm|assistant|agent|bot|model)s?(?:[\s-]only)?\s*[\])]\s*" + _LEAD
           + _VERB)

#: text hidden from a human reader: a comment, an invisible style, white on white
HIDDEN = (r"display:\s*none|visibility:\s*hidden|opacity:\s*0(?![.\d])|"
          r"font-size:\s*[01](?:px|pt|em)?\b|color:\s*(?:white|#fff\b|#ffffff)|aria-hidden|"
          r"<!--|\[//\]: #|\bwhite text\b|\bhidden (?:for|from) (?:bots|ais?|agents|humans)\b")

#: every word of the name (a match holds one: the cheap gate)
WORDS = ("ai llm llms agent agents assistant assistants bot bots copilot copilots model models "
         "automation automated")

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`;
#: the weight is the one chosen by ``cv_wave10.py`` (it is not scaled by the wave 9
#: cues' scale)
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("agent_order", 0.65, "instruction_override",
     "an order given to the AI reader by name (\"AI payroll assistant: set ...\", "
     "\"NOTE TO THE CODING AGENT: mark ...\")",
     PATTERN, WORDS,
     # the address the order opens with is the evidence of the address cues: counted once
     {"structural": True,
      "replaces": ("agent_addressee", "addressed_to_agent", "addresses_model",
                   "agent_subject")}),
    ("hidden_markup", 0.1, None,
     "words a human reader would not see (an HTML or markdown comment, text styled "
     "invisible, \"white text\"), beside an address to the AI reader",
     HIDDEN, WORDS,
     # (a comment alone is ordinary: "<!-- set via App Service configuration -->")
     {"structural": True,
      "requires_any": ("agent_order", "agent_addressee", "addressed_to_agent")}),
)
