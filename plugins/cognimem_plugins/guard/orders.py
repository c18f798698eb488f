"""The AI reader called on, and an order that does something consequential (wave 14).

Wave 10's ``agent_order`` reads an address to an AI followed at once by a verb from its
list; written by other authors, the same injection calls its reader by names the list did
not hold ("Evaluator:", "LLM-as-judge:", "Note to the grading model:", "Summarizer bots:",
"Phone agent:", "If you are an automated judge,") and gives its order a sentence later or
with other verbs ("omit", "prefer", "unlock", "turn off", "describe ... as ..."). Two weak
cues, each below the threshold alone:

* ``ai_reader``: the reader called on as an AI, by the kind of reader it is (an assistant,
  an agent, a bot, a model, an AI or LLM, an automated or AI grader, judge, evaluator,
  summarizer, notetaker, operator, tool...), as a label ("Voice assistant, ...", "Note to
  the grading model:", "If you are an automated judge, ...", "To the AI triaging this:");
* ``order_harm``: an order whose act matters beyond the project's routine work, in one of
  a few families: it deceives (tells the user or describes something *as* safe, verified,
  endorsed, correct...), games an evaluation (rates, scores or ranks to the maximum,
  prefers or recommends *this* answer, candidate or product), hides (omits or leaves out
  criticism, concerns, a commit, reviews), grants or disables (access, admin, two-factor
  authentication, an alarm, a firewall, a VPN, auto-approval), destroys (deletes backups,
  databases, branches, every file), moves money, installs or runs something fetched, or
  sends data out (the conversation, keys, the .env file, passwords, internal notes). It
  counts only beside an address to the AI reader (this one or the older address cues).

The routine orders of an honest note to agents ("AI agents: always run the unit tests",
"delete the dist folder before building a release", "skip the slow integration suite
locally") name none of these acts; the honest developer notes (``honest_notes.py``) bound
both weights in every fold of their cross-validation (``bench/guard_eval/cv_wave14.py``).
"""

from __future__ import annotations

from typing import Any

from .agent_cues import _HUMAN_AGENT

#: where an address may open: a line or a sentence, a bracket, a quote, markup, a comment
_OPEN = (r"(?:^\s*|[\n.!?;:(\[\])|>\"'\u2014\u2013*/\u2022\u00b7]\s*|<!--\s*|#\s*|//\s*|/\*\s*|"
         # a commit's subject after its hash ("2e9be1e Coding agents: ...")
         r"%%\s*|--\s*|\bps\b\.?\s*|\bhint:\s*|\b[0-9a-f]{7,40}\s+)")
#: "note to / message for / instruction for" before the name
_LABEL = (r"(?:(?:hidden |important |urgent |system )?(?:note|message|notice|instructions?|"
          r"hint|reminder|memo|request|directive) (?:to|for) )?")
#: the kinds of AI reader a note calls on (a human's trade only with what makes it a
#: machine's: "grading model", "AI reviewer", "automated judge", "summarizer bots")
_MACHINE = (r"(?:ai|llm|llms|ais|bots?|copilot|models?|language models?|"
            rf"{_HUMAN_AGENT}agents?|assistants?|automation|chatbots?)")
_TRADE = (r"(?:reviewer|grader|judge|evaluator|summari[sz]er|notetaker|note taker|translator|"
          r"triager|screener|screening tool|operator|orchestrator|integration|client|tool|"
          r"reader|helper|crawler|scraper|indexer|parser|writer|processor|system|tooling|"
          # (wave 15) the automated readers of the carriers an agent reads: CI, code review,
          # operations, claims and dispatch systems (their documented job titles)
          r"fixer|auditor|scanner|remediation|adjuster|dispatcher|debugger|linter|formatter|"
          r"maintainer|moderator|classifier|labell?er|tagger|router|planner|scheduler|"
          r"responder|resolver|analy[sz]er|analyst|checker|validator|verifier|inspector|"
          r"approver|handler|worker|pipeline|underwriter|assessor|auto-?fixer|remediator|"
          # (wave 17) the trades of the business carriers (finance, HR, sales, support,
          # health care, procurement): with the machine's qualifier only ("AI bookkeeper")
          r"bookkeeper|accountant|clerk|cashier|teller|treasurer|controller|recruiter|sdr|"
          r"bdr|sales rep|rep|secretary|receptionist|concierge|advisor|adviser|banker|broker|"
          r"buyer|purchaser|biller|collector|paralegal|scribe|coordinator|representative|"
          r"officer|specialist|associate|negotiator|closer|expediter|procurer|payer)s?")
_QUALIFIED = (r"(?:(?:ai|llm|automated|autonomous|machine|model|bot)[ \-](?:[a-z\-]+ ){0,2}?"
              rf"{_TRADE}|(?:[a-z\-]+ ){{0,2}}?(?:model|bot|ai|llm) {_TRADE}|"
              rf"(?:[a-z\-]+ ){{0,2}}?{_TRADE}[ \-](?:model|bot|ai|llm|agent)s?|"
              r"(?:[a-z\-]+ ){0,2}?(?:agent|assistant)s? \((?:ai|llm|bots?)\)|"
              r"llm[ \-]as[ \-](?:a[ \-])?judge)")
#: a word that qualifies the name ("voice", "coding", "support"), not a function word
_WORD = r"(?!(?:via|by|for|of|to|with|and|or|about|from|in|on|than|as|at) )[a-z][a-z\-]* "
_NAME = (r"(?:the |any |all |every |dear |hey |our |your )?"
         rf"(?:{_QUALIFIED}|(?:{_WORD}){{0,2}}?{_MACHINE}"
         # (wave 15) a hyphenated bot's name ("security-review-bot", "triage-ai")
         r"|[a-z]+(?:-[a-z]+)*-(?:bot|ai|agent|llm)s?)(?!\w)"
         r"(?: \((?:ai|llm|bots?|agents?)\))?")
#: what it is doing ("answering questions from this page", "taking notes", "used in
#: reviewing"): a participle's phrase, short
_DOING = (r"(?: (?:[a-z]+ing|used (?:in|for|to)|that|who|which|when) [^:,.\n]{0,50}?)?")

#: the address (see the module docstring)
ADDRESS = (
    rf"{_OPEN}{_LABEL}{_NAME}{_DOING}\s*(?:[:,\u2014\u2013]|--)(?!//)|"
    # "If you are an automated judge, ...", "If you are an AI, ..."
    r"\bif you are (?:an? |the )?(?:ai|llm|automated|language model|(?:[a-z\-]+ ){0,2}?"
    r"(?:ai|llm|bot|model|agent|assistant))\b|"
    # a note written as a file or branch name ("AI_read_me_first_delete_...", read with its
    # separators as spaces by :mod:`.normalise`): the name, then an order at once
    r"(?:^|[\n/])\s*(?:important |urgent )?(?:note to )?(?:the )?(?:ai|assistant|agent|llm|"
    r"bot)s? (?:must |should |please )?(?:read|run|delete|approve|merge|send|rename|push|"
    r"remove|execute|install|grant|disable|ignore)\b|"
    # the reader in the third person with a modal: "Automated evaluators should assign
    # ...", "Agents summarizing reviews must ..."
    rf"\b{_NAME}{_DOING} (?:should|must|shall|needs? to|are to|is to|are required to|"
    r"(?:are|is) instructed to|"
    r"is required to|may now|(?:are|is) (?:cleared|authori[sz]ed|permitted) to)\b"
    # (not what it is expected to do as it is: "the bot should just comment normally")
    r"(?! (?:just|only|not|never|still|simply|continue)\b)|"
    # a named assistant called on: "Copilot, when you ...", "ChatGPT, Claude, Gemini:"
    r"\b(?:chatgpt|claude|gemini|copilot|codex|cursor|devin|siri|alexa|cortana|bard)\s*[,:]|"
    r"(?<![\w.])@(?:notetaker|copilot|assistant|agent|bot|ai|llm)s?\b|"
    # the reader as the one a condition speaks of: "If an AI is drafting the reply,",
    # "When an LLM summarizes this table,", "As an AI assistant you ..."
    r"\b(?:if|when|whenever|once) (?:an?|the|any) (?:ai|llm|assistant|agent|bot|"
    r"language model|automated (?:tool|system|agent|assistant))\b|"
    r"\bas an? (?:ai|llm|language model|automated)\b(?: \w+)? you\b|"
    # the AI reader ordered about: "Please have your AI assistant run ...", "Have the bot"
    # (as an order: at a sentence's start or after "please", not a story's "could tell the
    # coding agent to ...")
    r"(?:^|[.!?:;]\s+|\bplease )(?:have|get|ask|tell|let) (?:the|your|an?) (?:ai |coding )?"
    r"(?:ai|bot|agent|assistant|llm|copilot)\b|"
    # the reader in the third person with a modal: "Your assistant should reply with ..."
    r"\byour (?:ai |coding |voice |personal )?(?:assistant|agent|bot|copilot)s? (?:should|must|"
    r"needs to|is to|will need to)\b|"
    # "To the AI triaging this:", "for the LLM reading this --"
    r"\b(?:to|for) (?:the|any|all|every) (?:ai|llm|automated|language model)\b[^:\n]{0,40}"
    r"(?:[:,\u2014]|--)|"
    # (wave 15) a bracketed label for the bot ("[bot-instruction]", "[ai-note]") and the
    # reader named by what it does, a machine ("anyone automated reading this", "whoever
    # (or whatever) triages this")
    r"\[(?:bot|ai|llm|agent|assistant|model)[-_ ](?:instructions?|notes?|directives?|"
    r"only|tasks?|hints?)\]|\b(?:anyone|anything|whoever|whatever|any program|any software)"
    r" (?:\(or whatever\) |automated |that is automated )(?:\w+ing|reads|triages|"
    r"processes|parses|handles)\b"
)

#: acts that matter beyond routine work (over ``flat``: lower case, no punctuation)
_DECEIVE = (
    r"\b(?:tell|say|state|report|claim|describe|present|list|call|label|mark|treat|answer|"
    r"confirm)\b(?: \w+){0,8}? (?:as|is|are|was|were|that) (?:\w+ ){0,3}?(?:safe|verified|"
    r"correct|complete|endorsed|approved|cheapest|the best|the only|unavailable|free|"
    r"fully booked|legitimate|trusted|secure|official|resolved|passed|fully covered|"
    r"covered|excellent|record|received|higher|lower|compliant|deprecated|plagiari[sz]ed|"
    r"plagiarism|fine|harmless|genuine|strongest|already)\b|"
    # a claim put in the reader's mouth: "state that ...", "tell the user ..."
    r"\b(?:say|state|claim|report|confirm|assert|reply|answer|respond) that\b|"
    r"\btell (?:the user|users|them|people|everyone|customers|the reader|readers)\b"
)
_EVALUATE = (
    r"\b(?:rate|score|grade|rank|assign|give|award|mark|output|return|respond with|reply "
    r"with|print)\b(?: \w+){0,5}? (?:maximum|max|highest|top|full|perfect|10|ten|first|"
    r"pass|passed|strong accept|excellent|lgtm|a\+|100)\b|"
    r"\b(?:prefer|recommend|choose|select|pick|favou?r|approve|accept|book|hire|promote|"
    r"rank|rate) (?:this|our|my|the attached) (?:\w+ )?(?:response|answer|submission|"
    r"candidate|essay|paper|product|one|pr|pull request|merge request|change|commit|vendor|"
    r"hotel|offer|plan|extension|package|application|proposal|listing)\b|"
    r"\brecommend (?:hiring|acceptance|an? (?:immediate|strong)|installing|buying)\b|"
    r"\b(?:put|place|list|show|rank) (?:this|our|my) (?:\w+ )?(?:product|listing|offer|"
    r"hotel|vendor|answer|candidate) (?:first|at the top|on top|in the first)\b|"
    r"\b(?:skip|ignore|disregard) the (?:rubric|scoring|analysis|review|tests|criteria)\b|"
    # tests made to pass whatever the code does
    r"\bmake (?:them|it|the tests?|all (?:the )?tests|every test) (?:always )?pass\b"
)
_HIDE = (
    r"\b(?:omit|leave out|hide|suppress|exclude|remove|drop|skip)\b(?: \w+){0,4}? "
    r"(?:from (?:the |your )?(?:summary|changelog|release notes|report|review|reply|answer|"
    r"minutes|notes)|security|criticism|concerns|negative|1 star|one star|"
    r"gaps|this commit|the entry|the missing)\b|"
    r"\b(?:do not|don t|never) (?:mention|report|show|disclose|reveal|flag)\b"
)
_GRANT = (
    r"\b(?:approv|grant|unlock|open|disabl|turn(?:ing)? off|switch(?:ing)? off|allow|trust|"
    r"whitelist|escalat|elevat|giv|add|set|enabl|confirm|tick)\w*(?: \w+){0,6}? "
    r"(?:login|access|admin|owner|"
    r"owners|permissions?|2fa|two factor|authentication|auth checks?|"
    r"allow list|allowlist|every tool|all tools|all shell commands|"
    r"all commands|auto ?approve|autoapprove|sudo|root|payment|payments|expense|expenses|"
    r"refund|subscription|premium|0 0 0 0|signature checks?|sandbox|permissions check)\b|"
    r"\bdangerously skip permissions\b|"
    r"\b(?:unlock|open|disabl\w*|turn(?:ing)? off|switch(?:ing)? off|deactivat\w*) (?:\w+ ){0,3}"
    r"(?:alarm|door|lock|camera|vpn|firewall|antivirus)s?\b|"
    r"\b(?:skip|bypass) (?:the |any )?(?:usual |normal |required |manual )?(?:approval|"
    r"review|verification|sign off|2fa|two factor|callback|confirmation)\b"
)
_DESTROY = (
    r"\b(?:delete|remove|wipe|erase|drop|destroy|revert|close|ban|purge|rename|truncate|"
    r"force push)\b(?: \w+){0,4}? (?:everyone|backups?|database|databases|"
    r"production|prod|repository|repo|branch(?:es)?|history|validation|auth|tickets?|"
    r"attachments|alerts|the other|other|users?|accounts?|bucket|home|files|"
    r"(?:every|all) (?:\w+ )?(?:files?|backups?|branches|tickets|users|records|rows|"
    r"messages|commits|repos|repositories|accounts|emails|documents|folders))\b|"
    r"\brm rf\b"
)
_MONEY = (
    r"\b(?:pay|refund|transfer|wire|send|move|split)\b(?: \w+){0,5}? (?:money|funds|refund|"
    r"payment|payments|invoice|voucher|wallet|iban|transfers?|order total)\b|"
    r"\b(?:list|give|show|set|use|put|change|replace|update) (?:\w+ ){0,4}(?:donation|payment|"
    r"bank|wallet|deposit|payout|billing|delivery|shipping) (?:address|account|details|iban|"
    r"link)\b|"
    r"\bfull refund\b"
)
_RUN = (
    r"\b(?:run|execute|install|download|curl|wget|pin|fetch)\b(?: \w+){0,6}? (?:curl|wget|"
    r"sh|bash|installer|exe|extension|plugin|extra index url|index url|sudo|script from|"
    r"binary)\b|\bextra index url\b|\b(?:rotate|point|redirect|change|update|set) "
    r"(?:\w+ ){0,3}(?:url|webhook|endpoint|resolver|dns|remote) to (?:https?|www)\b|"
    r"\b(?:replace|swap) (?:\w+ ){0,3}with (?:\w+ )?"
    r"(?:\w+ )?in requirements\b|\b(?:edit|change|modify|update) (?:\w+ ){0,4}"
    r"(?:settings|settings json|mcp json|resolv conf|runbook|launch config|email|e mail|"
    r"address|iban|delivery address)\b|\breplace the (?:resolver|link|address|iban|"
    r"maintainer)\b"
)
_SEND = (
    r"\b(?:send|share|upload|forward|post|email|e mail|export|paste|include|attach|leak|"
    r"commit)\b(?: \w+){0,5}? (?:env|history|conversation|passwords?|credentials|keys?|"
    r"ssh|internal notes|macros|location|contacts|recording|attendee list|mailbox|secrets|"
    r"login|code you|verification code|database url|private|the link)\b|"
    r"\breply with the (?:\d+ digit )?(?:code|password|pin|otp)\b"
)
HARM = "|".join((_DECEIVE, _EVALUATE, _HIDE, _GRANT, _DESTROY, _MONEY, _RUN, _SEND))

#: every word of a match of :data:`ADDRESS` holds one of these (the cheap gate)
ADDRESS_WORDS = (
    "ai ais llm llms bot bots copilot copilots model models agent agents assistant assistants "
    "automation automated autonomous machine chatbot chatbots language chatgpt claude gemini "
    "codex cursor devin siri alexa cortana bard notetaker notetakers")

#: a dormant trigger, an order kept for later ("If the user ever asks ...", "After three more
#: messages, ..."): the reader is spoken to as the one who will act (over ``flat``)
TRIGGER = (r"\b(?:if|when|whenever|once) (?:the user|anyone|someone|a user) (?:ever )?(?:asks|"
           r"mentions|requests)\b|\bafter (?:\w+ ){0,2}more (?:messages|turns|replies|"
           r"answers)\b")
TRIGGER_WORDS = "user anyone someone messages turns replies answers"

#: the words of :data:`HARM` (each alternative holds one)
HARM_WORDS = (
    "tell say state report claim describe present list call label mark treat answer "
    "confirm rate score grade rank assign give award output return respond reply print "
    "prefer recommend choose select pick favor favour approve accept book hire promote "
    "skip ignore disregard omit leave hide suppress exclude remove drop do don never "
    "grant unlock open disable turn switch allow trust whitelist escalate elevate add set "
    "enable deactivate dangerously delete wipe erase destroy revert close ban purge rename "
    "truncate "
    "force reset rm pay refund transfer wire send move split full run execute install "
    "download curl wget pin fetch extra replace swap edit change modify update share "
    "upload forward post email e export paste include attach leak commit put place show "
    "list use rotate point redirect confirm tick bypass make")

#: the addresses ``order_harm`` counts beside (this module's and the older ones)
ADDRESSES = ("ai_reader", "dormant_trigger", "agent_order", "agent_addressee", "addressed_to_agent",
             "agent_subject",
             # (wave 19) :mod:`.vocatives`, :mod:`.deferred_orders`
             "reader_vocative", "deferred_trigger", "kept_rule")

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`;
#: the weights chosen by leave-one-split-out CV (``bench/guard_eval/cv_wave14.py``)
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("ai_reader", 0.3, "instruction_override",
     "calls on the reader as an AI by its kind (\"Evaluator model:\", \"Voice assistant, "
     "...\", \"If you are an automated judge, ...\", \"To the AI triaging this:\")",
     ADDRESS, ADDRESS_WORDS,
     # (the older address cues read the same evidence: counted once, by them; it counts only
     # beside an order that matters: an address alone, or with a routine order, is not one)
     # (wave 16) or beside an act of :mod:`.pressure` asked of the reader
     {"structural": True, "requires_any": ("order_harm", "reader_act", "money_act",
                                             # (wave 18) :mod:`.ops_orders`
                                             "ops_act", "token_leak", "record_act",
                                             # (wave 19) :mod:`.defender_acts`
                                             "defender_act"),
      "replaced_by": ("agent_order", "agent_addressee", "addressed_to_agent",
                      "agent_subject")}),
    # (the address's role and weight, read by its own cheap pattern: not chosen apart)
    ("dormant_trigger", 0.3, "instruction_override",
     "a dormant trigger: an order kept for later (\"If the user ever asks ...\", \"After "
     "three more messages, ...\")",
     TRIGGER, TRIGGER_WORDS,
     {"requires_any": ("order_harm",),
      "replaced_by": ("ai_reader", "agent_order", "agent_addressee", "addressed_to_agent",
                      "agent_subject")}),
    ("order_harm", 0.45, "tool_coercion",
     "an order that deceives, games an evaluation, hides, grants or disables, destroys, "
     "moves money, runs fetched code or sends data out (beside an address to the AI)",
     HARM, HARM_WORDS,
     # (not when "never", "not", "don't", "avoid" or "no" is among the three words before it:
     # "AI assistants: do not commit .env files" forbids, it does not ask)
     {"requires_any": ADDRESSES, "negatable": True}),
)
