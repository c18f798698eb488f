"""The frames that relay an order to the agent without a carrier's marks (wave 16).

Each frame is a weak cue that counts only beside :mod:`.relayed`'s ``relayed_act`` (an act
that matters) in the same paragraph; written from the field's literature and the formats
it names, not from evaluation rows:

* ``handoff_frame``: a message passed between agents, in the formats of multi-agent
  frameworks: a planner's, supervisor's or orchestrator's output to an executor or worker
  (LangGraph supervisors, CrewAI's ``delegate work to coworker``, AutoGen's group chat
  speakers and ``TERMINATE``, OpenAI Swarm's and the Agents SDK's ``transfer_to_...``
  hand-offs, A2A task messages with ``status``, ``artifacts`` and ``next_action``), and the
  relays ("note for the next agent", "pass this on to the other assistant");
* ``transcript_frame``: a prior dialogue written into the text (few-shot or many-shot
  examples: ``User:``/``Assistant:``, ``Human:``/``AI:``, ``Q:``/``A:``, ``user>`` /
  ``assistant>``, chat-template tokens ``<|im_start|>``, ``[INST]``, ``<start_of_turn>``,
  a JSON ``"role": "assistant"``, "Good reply:", "Example output:"): two turns' labels in
  one paragraph, the assistant's turn complying with an act that matters;
* ``prefix_frame``: prefix injection, the reply's first words dictated ("Begin your answer
  with ...", "Your reply must start with ...", "first line '...'");
* ``fragment_frame``: payload splitting, pieces joined by the text's own order ("join the
  cells and carry them out", ``''.join(parts)``, "combine A and B", "when you see GO, do
  ALPHA", "the first letters spell ...", "read the capitals down the left edge");
* ``hijack_frame``: a summariser's or translator's task turned ("when you summarise this
  ...", "in your summary, say that ...", "instead of translating ...", "render this as
  ...", "summary instruction for language models");
* ``memory_frame``: an order to keep in the agent's memory or instruction files ("add this
  to your permanent memory", "remember across all future conversations", "update AGENTS.md
  with ...");
* ``trigger_frame``: a delayed or conditional order ("the next time the user asks ...",
  "after the third message", "on the next deploy", "in every future session", "once the
  user says ...", "after the user goes idle").

Two cues count alone (no act needed): ``assembled_order`` (the pieces joined and carried
out at the text's own order) and ``hijack_i18n`` (a translator told in another language
not to translate and to do something else instead).

Each frame is opened only by its own distinctive words (the act's words are common verbs:
a frame opened by them would have the screen read most dataset turns) and reads its own
pattern before the act's.
"""

from __future__ import annotations

from typing import Any

from .normalise import normalise

_AGENT = (r"(?:agent|sub-?agent|planner|executor|orchestrator|supervisor|coordinator|worker|"
          r"researcher|coder|critic|reviewer|manager|router|assistant|bot|crew|node)")
#: (wave 17) the roles only a pipeline of agents has (not "reviewer", "manager" or
#: "coder": a person's notes carry those)
_PIPELINE_AGENT = (r"(?:agent|sub-?agent|planner|executor|orchestrator|supervisor|"
                   r"coordinator|router|crew|node)")
HANDOFF = (
    r"\bhand-?off\b|\bhanded (?:off|over) (?:from|to|by)\b|\btransfer_to_\w+|"
    r"\b(?:message|output|result|report|instructions?|directive|note|update|plan) from "
    rf"(?:the |a |an |our )?(?:[\w'\-]+ ){{0,2}}{_AGENT}s?\b|"
    rf"\b(?:from|by) (?:the )?{_AGENT}s? ['\"\w\-]+:|"
    rf"^\s*\[?(?:{_AGENT})(?:[ _\-][\w\-]+)?\]? *(?:->|→|=>|to) *\[?(?:{_AGENT})\b|"
    r"\ba2a\b|\bagent2agent\b|\"(?:handoff|delegate_to|assignee_agent|artifacts)\"\s*:|"
    r"\bdelegate work to coworker\b|\bgroup ?chat ?manager\b|"
    r"\bnote (?:for|to) the next (?:agent|assistant|model|step|session|instance|run)\b|"
    r"\b(?:relay|pass|forward) (?:this|it|the following) (?:on )?to the (?:other|next|"
    r"downstream|executing) (?:agent|assistant|model|bot)s?\b|"
    rf"\b(?:tell|instruct|ask) the (?:other|next|downstream) (?:agent|assistant|model|"
    rf"bot)\b|\b(?:planner|orchestrator|supervisor|coordinator|lead agent) "
    r"(?:says|said|wants|approved|authori[sz]ed|decided|instructs?)\b|"
    r"\b(?:executor|worker|sub-?agent|downstream agent)s?\s*[:,]|"
    # (wave 17) a planner's structured output (LangGraph state, CrewAI tasks, AutoGen
    # plans): its role and its next steps as JSON fields, a shift's or a state's hand-over
    rf"\"role\"\s*:\s*\"{_PIPELINE_AGENT}\"|\"(?:next_actions?|next_steps?|subtasks|plan|"
    r"steps|action_items|todo)\"\s*:\s*\[|"
    rf"\b{_PIPELINE_AGENT} (?:output|memo|plan|state|summary|notes?|handover)\s*:|"
    rf"\b(?:shift|session|state) (?:summary|handover|notes?) from (?:the )?{_PIPELINE_AGENT}"
    r"\b|"
    r"\b(?:previous|prior|last) agent(?:'s)? (?:state|notes?|output|summary)\b|"
    r"\b(?:context|instructions?|notes?) for the next (?:model|agent|assistant|step|worker)"
    r"(?: in the (?:chain|pipeline|crew|graph))?\b|\bnext agent\s*:|"
    r"\bto whoever (?:picks|takes) (?:this|it) up\b|"
    # (wave 18) a plan's steps set for the next agent ("Next actions decided by
    # orchestrator:", "Step 3 (for the executor):", "planner: the user's real intention")
    r"\bnext (?:actions?|steps?|tasks?) (?:decided|chosen|planned|set|assigned|issued) by "
    rf"(?:the )?{_PIPELINE_AGENT}\b|\bstep \d+ \((?:for|to) the (?:executor|worker|"
    r"sub-?agent|next agent|downstream agent)\)|"
    rf"^[\s>\-*]*{_PIPELINE_AGENT}s?(?: \([\w\- ]+\))?\s*:\s*(?:the )?user'?s (?:real|"
    r"actual|true|hidden) (?:intent|intention|goal|request|task)\b|"
    r"\bsub-?agent (?:report|output|result|summary|findings)\b"
)
HANDOFF_WORDS = (
    "handoff hand handed transfer agent agents subagent subagents planner planners executor "
    "executors orchestrator orchestrators supervisor supervisors coordinator coordinators "
    "worker workers researcher researchers coder coders critic critics reviewer reviewers "
    "manager managers router routers assistant assistants bot bots crew crews node nodes "
    "a2a agent2agent delegate assignee artifacts coworker actions action steps step "
    "subtasks plan todo items model whoever")

_USER = r"(?:user|human|customer|q|system)"
_BOT = (r"(?:assistant|ai|bot|a|model|gpt|claude|agent|chatbot|"
        r"good reply|good answer|good response|ideal (?:reply|answer|response)|example "
        r"(?:reply|answer|output|response))")
TRANSCRIPT = (
    rf"(?:^|\n)[>\s]*\**{_USER}\**\s*[:>](?:.|\n){{0,400}}?\n[>\s]*\**{_BOT}\**\s*[:>]|"
    rf"(?:^|\n)[>\s]*\**{_BOT}\**\s*[:>](?:.|\n){{0,400}}?\n[>\s]*\**{_USER}\**\s*[:>]|"
    r"(?:\\n|^|\n)\s*(?:q|user|human):[^\n]{0,200}?(?:\\n|\n)\s*(?:a|assistant|ai):|"
    r"<\|im_start\|>\s*assistant|\[/inst\]|<start_of_turn>\s*model|"
    r"<\|(?:assistant|start_header_id)\|>|\"role\"\s*:\s*\"assistant\"|"
    r"^\s*#{2,3} (?:response|assistant):?\s*$|"
    r"^\s*(?:good|ideal|correct|expected|example) (?:reply|answer|response|output)s?\s*:|"
    # (wave 17) turns on one line ("Example 1 - User: ... Assistant: ...", "Q: ... A: ...")
    # and input/output or request/action pairs written as demonstrations
    r"\b(?:user|human|q)\s*:[^\n]{1,200}?\s(?:assistant|ai|a|bot|model)\s*:\s*\S|"
    r"\b(?:input|request|prompt|task)\s*:[^\n]{1,200}?(?:->|→|=>|\s)\s*(?:output|action|"
    r"response|completion)\s*:\s*\S"
)
TRANSCRIPT_WORDS = (
    "user human customer q system assistant ai bot model gpt claude agent chatbot good ideal "
    "example im inst turn start header role correct expected response output action "
    "completion")

PREFIX = (
    r"\b(?:begin|start|open|prefix|preface) (?:your|the|each|every) (?:\w+ )?(?:answer|reply|"
    r"response|output|message|completion)s? with\b|"
    r"\byour (?:\w+ )?(?:answer|reply|response|output|message) (?:must|should|has to|will) "
    r"(?:start|begin|open) with\b|"
    r"\b(?:first|opening) (?:line|words?|sentence) (?:of your (?:answer|reply|response) )?"
    r"(?:must be |should be |is |:)?\s*['\"\u201c\u2018]|"
    r"\b(?:answer|reply|response|output) format(?: \([\w ]+\))?:\s*(?:first line|start with)"
)
PREFIX_WORDS = ("answer answers reply replies response responses output outputs message "
                "messages completion completions line word words sentence format")

FRAGMENT = (
    r"\b(?:concatenate|join|combine|assemble|merge|glue|stitch|reassemble) "
    r"(?:\w+ ){0,4}?(?:cells|parts|pieces|fragments|tokens|"
    r"strings|chunks|halves|segments|lines|words|letters|syllables|variables|values|"
    r"[a-z]\w{0,3} (?:and|\+|&) [a-z]\w{0,3}|steps? [a-z0-9] and [a-z0-9]|them|these|"
    r"the above)\b|"
    r"''\.join\(|\"\"\.join\(|\.join\(\s*(?:tokens|parts|pieces|chunks|fragments)\b|"
    r"\b(?:first|initial|capital|leading) letters?\b|\bcapitals down\b|\bleft edge\b|"
    r"\bacrostic\b|\bread (?:the )?(?:column|diagonal)\b|"
    r"\bwhen(?:ever)? you (?:see|read|encounter|reach) (?:the )?(?:word|token|phrase|signal|"
    r"codeword)\b|\bremember (?:the )?(?:word|variable|token) \w+\s*="
)
FRAGMENT_WORDS = (
    "concatenate join combine assemble merge glue stitch together reassemble letter letters "
    "capitals edge acrostic column diagonal word token phrase signal codeword variable")

HIJACK = (
    r"\b(?:when|while|whenever|if|as|before|after) (?:you |the (?:ai|model|assistant|agent|llm) "
    r")?(?:are |is )?(?:summari[sz]|condens|translat|render|paraphras|digest|recap|"
    r"abstract|rewrit|transcrib|caption|localis|localiz|proofread)\w*\b|"
    r"\bin (?:your|the|any|each|every) (?:\w+ )?(?:summary|summaries|translation|"
    r"translations|recap|digest|minutes|tl;?dr|abstract|synopsis|overview|brief)\b|"
    r"\binstead of (?:translating|summari[sz]ing|condensing|paraphrasing|transcribing)\b|"
    r"\b(?:summary|summari[sz]ation|translation|localization) (?:instructions?|note|"
    r"directive|rule|guidance)\b|"
    r"\b(?:translation|summari[sz]ation|localization) (?:engine|model|tool|service|bot)s?\b|"
    r"\b(?:summari[sz]ers?|translators?|note-?takers?|transcribers?|caption(?:er|ing) "
    r"(?:tool|bot)s?)\s*[:,]|\brender (?:this|it|the (?:segment|sentence|text)) as\b|"
    r"\bsource segment \d+\b|\bin (?:every|all|each) target languages?\b"
)
HIJACK_WORDS = (
    "summarise summarize summarises summarizes summarising summarizing summarised summarized "
    "condense condenses condensing translate translates translating render renders "
    "rendering paraphrase paraphrasing digest digesting recap recapping abstract "
    "abstracting rewrite rewrites rewriting transcribe transcribing caption captioning "
    "localise localize localising localizing proofread proofreading summary summaries "
    "translation translations minutes tl dr tldr synopsis overview brief summarization "
    "summarisation localization summarisers summarizers summariser summarizer translator "
    "translators taker takers notetaker notetakers transcriber transcribers captioner "
    "segment target")

TRIGGER = (
    r"\b(?:the )?next time (?:the user|a user|anyone|someone|you|they|he|she|i) (?:\w+ )?"
    r"(?:asks?|mentions?|says?|types?|writes?|opens?|runs?|requests?|logs? in|deploys?)\b|"
    r"\bafter (?:the )?(?:\w+ )?(?:\d+(?:st|nd|rd|th)?|first|second|third|fourth|fifth|"
    r"tenth|few|several|\w+ more) (?:messages?|turns?|replies|requests?|sessions?|"
    r"conversations?|deploys?|deployments?|commits?|builds?|exchanges?|questions?)\b|"
    r"\bon (?:the )?next (?:deploy|deployment|run|release|session|build|commit|restart|"
    r"login|sync|invocation|boot)\b|"
    r"\b(?:in|for|during) (?:every|all|any) (?:future|subsequent) "
    r"(?:sessions?|conversations?|chats?|tasks?|runs?|requests?)\b|"
    r"\b(?:from|starting (?:from|with)) the next (?:session|conversation|message|run|task|"
    r"request)\b|\b(?:once|when|whenever|if) (?:the user|a user|anyone|someone) (?:ever )?"
    r"(?:says|types|writes|sends|mentions)\b|"
    r"\b(?:activate|activates|activated|trigger|triggers|triggered) (?:when|on|after|once)\b|"
    # the user away, a later request, a condition on a question
    r"\b(?:after|once|when|while|whenever) (?:the user|the human|the operator|the developer|"
    r"everyone|no one|nobody) (?:goes|has gone|is|are|has been|logs|steps) (?:\w+ )?(?:idle|"
    r"offline|inactive|asleep)\b|"
    r"\bwhen(?:ever)? you (?:are|re|get) (?:next |later )?asked (?:to|about|for)\b|"
    r"\b(?:if|when|whenever|once) (?:the user|a user|anyone|someone|somebody|a customer) "
    r"(?:ever )?asks\b|"
    # (wave 17) the sleeper agents' triggers (Hubinger et al., 2024) and delayed orders: a
    # word awaited, the session's end, a date or hour, a weekday, a deploy or merge done,
    # a file appearing, the reader being an AI
    r"\buntil (?:the user|a user|someone|anyone|they) (?:\w+ )?(?:mentions?|says?|types?|asks?"
    r"|writes?)\b|\b(?:at|before) the end of (?:this|the|each|every) (?:session|conversation"
    r"|chat|task|run)\b|\bon your next (?:run|session|invocation|start|boot|turn)\b|"
    r"\bwhen the (?:clock|time|date) (?:passes|reaches|hits|is past|is after)\b|"
    r"\bif (?:the )?(?:date|today|current date|year) is (?:after|past|later than|on or after)"
    r"\b|"
    r"\bon (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|the "
    r"first of (?:each|every) month)\b|"
    r"\b(?:after|once) (?:the |this |it is |it s |we )?(?:deploy|deployed|deployment|merge|"
    r"merged|release|released|launch|launched|in production)\b,|"
    r"\bif (?:a|any|the) (?:file|folder|directory|branch|variable) (?:called|named) \S+ "
    r"(?:appears|exists|is present|shows up)\b|"
    r"\bif anyone (?:ever )?asks you\b|\bkeep (?:this|it) (?:silent|quiet|dormant|hidden) "
    r"until\b"
)
TRIGGER_WORDS = (
    "next messages message turns turn replies requests request sessions session "
    "conversations conversation deploys deploy deployments deployment commits commit builds "
    "build exchanges exchange questions question future subsequent says types writes sends "
    "mentions activate activates activated trigger triggers triggered idle offline inactive "
    "asleep asked asks until end next clock time date today year mondays tuesdays "
    "wednesdays thursdays fridays saturdays sundays weekends first deploy deployed "
    "deployment merge merged release released launch launched production called named "
    "anyone")

#: the assembled order carried out: pieces joined, then done ("concatenate the cells and
#: carry them out", "''.join(tokens) is your next action", "the capitals down the left
#: edge are an order: execute them"); it needs no act (the act is what the pieces hide)
ASSEMBLED = (
    r"\b(?:concatenate|join|combine|assemble|glue|stitch|put together|string together|"
    r"reassemble|piece together|decode) (?:\w+ ){0,5}?(?:cells|parts|pieces|fragments|"
    r"tokens|strings|chunks|halves|segments|words|letters|syllables|variables|"
    r"[a-z]\w{0,3} (?:and|\+|&) [a-z]\w{0,3}|them|these)\b[^.\n]{0,40}?"
    r"\b(?:and|then|,) (?:\w+ )?(?:carry (?:it|them|that|this) out|carry out|execute|"
    r"perform|act on|obey|follow|do (?:it|them|that|this|what)|run (?:it|them|that|the "
    r"result))\b|"
    r"\.join\([^)\n]{0,40}\) (?:is|are|gives|=) (?:your|the) (?:next )?(?:action|task|order|"
    r"instruction|command)\b|"
    r"\b(?:first|initial|capital|leading) letters?\b[^.\n]{0,60}?\b(?:are|is|spell|form|"
    r"give) (?:an? |the |your )?(?:order|instruction|command|task|directive)s?\b|"
    r"\b(?:capitals|first letters|initials) (?:down|along) the (?:left|right)? ?(?:edge|"
    r"side|margin)\b[^\n]{0,80}?\b(?:execute|obey|follow|carry out|do)\b|"
    r"\bwhen(?:ever)? you (?:see|read|encounter|reach) (?:the )?(?:word|token|phrase|"
    r"signal|code ?word) \S+,? (?:do|execute|run|perform|carry out) \w+\b|"
    # "Execute X + Y", "take the first word of each line and do what it says"
    r"\b(?:execute|perform|carry out) [a-z]\w{0,3} ?\+ ?[a-z]\w{0,3}\b|"
    # (wave 18) blanks filled, variables summed, a word list joined, letters read down,
    # each set as the reader's task (payload splitting, Kang et al. 2023)
    r"\bfill (?:in )?(?:the )?(?:blanks?|gaps?|template|placeholders?)\b[^.\n]{0,30}?"
    r"\b(?:and|then) (?:\w+ )?(?:carry (?:it|them|that|this|the result) out|carry out|"
    r"execute (?:it|them|the result)|perform (?:it|them|the result)|do (?:it|them|what)|"
    r"act on (?:it|them|the result)|obey)\b|"
    r"\b(?:execute|perform|carry out|obey)\b[^.\n]{0,40}?\b[a-z]\w{0,3} ?\+ ?"
    r"[a-z]\w{0,3}(?: ?\+ ?[a-z]\w{0,3})*\b|"
    r"\b(?:join|concatenate|combine|assemble)\b[^.\n]{0,60}?\b(?:treat|use|take|"
    r"consider|run|execute|follow|do)\w* (?:the |that |this |it |them )?(?:\w+ )?as (?:your|"
    r"the) (?:next |new |real |actual )?(?:task|instruction|order|command|action|prompt)\b|"
    r"\bread (?:the )?letters(?: \w+){0,3}? (?:downward|"
    r"downwards|down|vertically|top to bottom|backwards|in reverse)\b[^\n]{0,40}?\b(?:your|"
    r"the) (?:next )?(?:task|instruction|order|command)\b|"
    r"\b(?:word|variable|token|phrase) [a-z]\w{0,2}\s*=\s*['\"][^\n]{0,200}?"
    r"\b(?:do|execute|perform|run|carry out|apply) [a-z]\w{0,2}(?: ?[+&]? ?[a-z]\w{0,2}){1,3}"
    r"(?= in | on |[.;!]|$)|"
    r"\b(?:first|last|initial) (?:word|letter|character)s? of (?:each|every) (?:line|row|"
    r"sentence|paragraph|cell)\b[^.\n]{0,40}?\b(?:and|then) (?:\w+ )?(?:do|execute|follow|"
    r"obey|carry out|run|act on)\b"
)
ASSEMBLED_WORDS = (
    "fill blank blanks gap gaps template placeholder placeholders obey variable "
    "concatenate join combine assemble glue stitch together reassemble decode letter "
    "letters capitals initials word token phrase signal codeword code execute perform "
    "carry character characters")

#: an order to keep for good, in the agent's memory or instruction files (Claude Code's
#: CLAUDE.md and ``#`` memories, AGENTS.md, Cursor's rules, Copilot's instructions, ChatGPT's
#: memory: "add this to your permanent memory", "remember across all future
#: conversations", "update AGENTS.md with a new standing rule")
MEMORY = (
    r"\b(?:add|save|store|write|put|commit|record|keep)\w* (?:this|it|that|the following)"
    r"(?: \w+){0,2}? (?:to|in|into) (?:your |the )?(?:permanent |long-term |persistent |"
    r"global |standing )?(?:memory|memories|instructions|rules|notes|profile|system prompt)\b|"
    r"\bremember (?:this |that )?(?:across|for|in) (?:all |every )?(?:future|subsequent) "
    r"(?:conversations?|sessions?|chats?|tasks?|projects?)\b|"
    r"\b(?:update|edit|append to|add to|modify|write to)\w* (?:the |your )?(?:agents|claude|"
    r"gemini|memory|copilot-instructions|conventions)\.md\b|"
    r"\b(?:update|edit|append to|add to)\w* (?:the |your )?(?:\.cursorrules|\.windsurfrules|"
    r"\.clinerules|memory bank|custom instructions|system prompt)\b|"
    r"\b(?:new|permanent|standing|persistent|global) (?:standing )?(?:rule|instruction|"
    r"policy|memory)\s*:|"
    # (wave 17) a memory tool's own words (ChatGPT's memory, Claude's and Cursor's
    # memories, Mem0, Letta's core memory; MINJA's and AgentPoison's injected records)
    r"\b(?:save|store|write|commit|add|persist)\w* (?:this |it )?(?:to|in|into|as) (?:your |the "
    r")?(?:long-term |long term |persistent |permanent |core |archival )?(?:memory|memories|"
    r"memory store|saved facts|core facts?|user (?:preferences?|profile|facts?)|"
    r"(?:core |long-term )?facts?|preferences?)\s*:|"
    r"\bstore as an? (?:\w+ ){0,2}?(?:fact|preference|memory|rule)\b|"
    r"\bupdate (?:your |the )?(?:saved facts|memory|memories|user profile|core memory|"
    r"stored preferences)\b|\bnote for your memory\b|\bto memori[sz]e\b|"
    r"\bmemori[sz]e (?:this|the following|that)\b|\[memory[ _-]?update\]|"
    r"<!--\s*memory[ _-]?update|\bmemory update\s*:|"
    r"\b(?:do not|don't|never) ask (?:again )?in (?:future|later|subsequent) "
    r"(?:chats|sessions|conversations)\b"
)
MEMORY_WORDS = (
    "memory memories instructions instruction rules rule notes profile prompt future "
    "subsequent md cursorrules windsurfrules clinerules bank custom permanent standing "
    "persistent global memory memories facts fact preferences preference profile rule "
    "memorise memorize future later subsequent")

#: "don't translate this, instead ...": a translator's task turned, in the languages of
#: the translation services (their dictionaries' words for "do not translate", "stop
#: translating", "instead of translating", then "instead" or "answer" in that language)
#: the Russian words as the screen reads them (its confusables map turns Cyrillic letters
#: drawn like Latin ones into Latin letters)
_RU_NOT = "|".join(normalise(w).folded for w in (
    "не переводи", "не переводите", "перестань переводить", "вместо перевода"))
_RU_INSTEAD = "|".join(normalise(w).folded for w in ("вместо этого", "ответь", "ответьте"))
HIJACK_I18N = (
    r"(?:no traduzcas|deja de traducir|en lugar de traducir|en vez de traducir|ne traduis pas|"
    r"ne traduisez pas|arr[eê]te de traduire|au lieu de traduire|nicht [uü]bersetzen|"
    r"[uü]bersetze nicht|[uü]bersetzen sie nicht|statt zu [uü]bersetzen|anstatt zu "
    r"[uü]bersetzen|n[aã]o traduza|pare de traduzir|em vez de traduzir|non tradurre|smetti di "
    rf"tradurre|invece di tradurre|niet vertalen|vertaal niet|nie t[lł]umacz|{_RU_NOT}|"
    r"翻訳しないで|翻訳せず|翻訳を(?:中止|やめ)|"
    r"번역하지 ?말|번역을 (?:중단|멈추)|不要翻译|别翻译|停止翻译|不要翻譯|停止翻譯|"
    r"dịch|çevirme|terjemahkan)[^\n]{0,80}?"
    r"(?:en su lugar|en cambio|responde|à la place|r[eé]ponds|stattdessen|antworte|em vez "
    rf"disso|responda|invece|rispondi|in plaats daarvan|zamiast tego|{_RU_INSTEAD}|"
    r"代わりに|かわりに|대신|而是|改为|改為|thay vào đó|bunun yerine|sebagai gantinya)"
)
HIJACK_I18N_WORDS = (
    "no deja en ne arrête arrete au nicht übersetze ubersetze übersetzen ubersetzen statt "
    "anstatt não nao pare em non smetti invece niet vertaal nie dịch çevirme terjemahkan "
    + " ".join(normalise(w).flat for w in ("не", "перестань", "вместо")))

_FRAME = "beside an act that matters"
#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`;
#: every frame counts only beside ``relayed_act`` (0.45); the weights chosen by
#: ``bench/guard_eval/cv_wave16_relayed.py`` on every seen split (``results/
#: w16_cv_relayed.json``; grid off, 0, 0.15 ... 0.3, no clean row, honest note, README or
#: dataset turn flagged more in any split at any point; ties: the lighter): 0.3 for the
#: hand-off, transcript, prefix and summariser's or translator's task frames (with the act,
#: they flag alone), 0.2 for delayed triggers, 0.15 for fragments and memory (they need one
#: more cue); ``assembled_order`` and ``hijack_i18n`` 0.75 (they flag alone). Wave 17
#: (``bench/guard_eval/cv_wave17_pipeline.py``, twenty-four splits, the frames widened):
#: fragments and memory 0.2, delayed triggers 0.25, the others as before. (An eighth
#: frame, wave 14's address to the AI reader, was turned off by the same CV: at any weight
#: it flagged two more honest notes.)
Spec = tuple[str, float, str | None, str, str, str, dict[str, Any]]
_FRAMES: tuple[Spec, ...] = tuple(
    (name, weight, kind, f"{meaning}, {_FRAME}", pattern, words, {
        # (its own pattern before the act's: a cue's ``requires`` are matched before its
        # ``requires_any``, and the act's pattern is the costlier)
        "structural": True, "requires": (name,), "requires_any": ("relayed_act",)})
    for name, weight, kind, meaning, pattern, words in (
        ("handoff_frame", 0.3, "instruction_override",
         "a message handed from one agent to another (a planner's output, an A2A task, "
         "a relay to the next agent)", HANDOFF, HANDOFF_WORDS),
        ("transcript_frame", 0.3, "role_imitation",
         "a prior dialogue written into the text (few-shot or many-shot turns, chat-template "
         "tokens, a JSON messages array)", TRANSCRIPT, TRANSCRIPT_WORDS),
        ("prefix_frame", 0.3, "instruction_override",
         "the reply's first words dictated (prefix injection)", PREFIX, PREFIX_WORDS),
        ("fragment_frame", 0.2, "instruction_override",
         "pieces of an order joined by the text's own instructions (payload splitting, "
         "variables, acrostics)", FRAGMENT, FRAGMENT_WORDS),
        ("hijack_frame", 0.3, "instruction_override",
         "a summariser's or translator's task turned to another end", HIJACK, HIJACK_WORDS),
        ("memory_frame", 0.2, "instruction_override",
         "an order to keep for good in the agent's memory or instruction files",
         MEMORY, MEMORY_WORDS),
        ("trigger_frame", 0.25, "instruction_override",
         "a delayed or conditional order (the next time, after n messages, on the next "
         "deploy)", TRIGGER, TRIGGER_WORDS),
    ))
SPECS: tuple[Spec, ...] = (
    *_FRAMES,
    ("assembled_order", 0.75, "instruction_override",
     "pieces of a hidden order joined and carried out at the text's own order (payload "
     "splitting, variables, acrostics, a code word)",
     ASSEMBLED, ASSEMBLED_WORDS, {"structural": True}),
    ("hijack_i18n", 0.75, "instruction_override",
     "a translator told, in another language, not to translate and to do something else "
     "instead", HIJACK_I18N, HIJACK_I18N_WORDS, {"structural": True}),
)
