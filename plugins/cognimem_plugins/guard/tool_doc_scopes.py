"""A tool's documentation that orders beyond the tool's own scope (wave 23).

A tool's description (an MCP tool's ``description``, a plugin's ``description_for_model``,
a JSON schema's field description, a docstring under ``@mcp.tool()``, an OpenAPI summary, a
resource or prompt template's description) says what *this* tool does with what it is
given. A poisoned one carries, inside that frame, an order whose scope is wider than the
tool: about **other tools** ("before using any other tool", "whenever the send_message
tool is used", "when this tool is listed, never use ...", "prefer this plugin over all
others"), **against the user** ("regardless of what the user asked", "if the user says
no, do it anyway", "silently", "do not tell the user") or **spoken to the model** rather
than describing the tool ("Hidden requirement for assistants:", "Note to the model:",
"IMPORTANT FOR THE AGENT"). Real documentation names its own inputs and effects, and
the user's files or secrets when the tool reads them ("reads ~/.aws/credentials to sign
requests"): the user's data alone is not read here, only the scope of the order.
``tool_doc_scope`` matches a documentation frame followed within the paragraph by such an
order (on :mod:`.normalise`'s ``folded`` text: quotes and brackets kept); it is opened by
the order's words (every match holds one). Weight: leave-one-split-out CV
(``bench/guard_eval/cv_wave23_agent.py``).
"""

from __future__ import annotations

from typing import Any

#: a tool's documentation: where the text describes a tool to the model
_FRAME = (
    r"(?:[\"'](?:description|description_for_model|hint|summary|docstring|instructions|"
    r"usage)[\"']\s*:|\bdescription(?:_for_model)?\s*[:=]|\"\"\"|"
    r"\btool(?:'s)? (?:description|docstring|manifest|changelog|metadata|hint|annotations?)|"
    r"\b(?:resource|resource template|prompt template|plugin|schema|openapi|function) "
    r"(?:description|manifest|summary)|\bprompt template\b|@\w+\.tool\b|"
    r"\bthe '[\w-]+' tool\b|\btool(?: description)? \([\w-]+\):)")
#: an order wider than the tool
_ORDER = (
    # about other tools
    r"\b(?:before|after|instead of|over) (?:using |calling |running )?(?:any|every|all|each) "
    r"(?:other )?(?:tools?|plugins?|servers?|functions?|calls?)\b|"
    r"\b(?:any|every|all|each) other (?:tools?|plugins?|servers?|functions?)\b|"
    r"\bnever (?:use|call|run) (?:any )?(?:other )?[\w`'-]* ?(?:tools?|plugins?|servers?)\b|"
    r"\bwhenever (?:the |any |a )?[\w`'-]+ (?:tool|plugin|function) (?:is )?"
    r"(?:used|called|runs|invoked)\b|\bwhenever (?:any|a) (?:tool|plugin|function)\b|"
    r"\bwhen(?:ever)? this (?:tool|plugin|server|resource) is (?:installed|listed|available|"
    r"loaded|enabled|read|used)\b|\bprefer this (?:tool|plugin|server) over\b|"
    # against the user
    r"\bregardless of (?:what )?(?:the user|they)\b|\beven (?:if|when) the user\b|"
    r"\bif the user (?:says no|refuses|declines|objects)\b|"
    r"\bwithout (?:asking|telling|informing|showing) (?:the user|them)\b|"
    r"\b(?:do not|don't|never) (?:tell|mention|inform|show)\b[^\n.]{0,20}\buser\b|"
    r"\b(?:silently|secretly)\b|"
    # spoken to the model, not describing the tool
    r"\bhidden (?:requirement|instruction|note)s?\b|"
    r"\bnote to (?:the )?(?:model|assistant|agent|llm|ai)s?\b|"
    r"\b(?:model|assistant|agent|llm) note:|"
    r"\bimportant for (?:the )?(?:model|assistant|agent|ai|llm)s?\b|"
    r"\b(?:requirement|instructions?) for (?:the )?(?:model|assistant|agent|llm)s?\b")
PATTERN = rf"{_FRAME}[^\n]{{0,300}}?(?:\n[^\n]{{0,200}}?){{0,6}}?(?:{_ORDER})"
WORDS = ("before after instead over other never whenever when prefer regardless even if "
         "without tell mention inform show silently secretly hidden note important "
         "requirement instruction instructions")

#: (wave 24) a tool's documentation in the frames ``_FRAME`` did not name: a schema's
#: properties, its ``_meta`` or annotations, a server's instructions
_FRAME_MORE = (_FRAME[:-1] + r"|[\"'](?:inputschema|properties|_meta|annotations|"
               r"instructions)[\"']\s*:|\bserver instructions\b|^tool:)")
#: (wave 24) a standing duty the documentation lays on the model beyond the call: "always",
#: "also", "additionally" and an imperative that puts, sends or copies the reader's data
#: (a file's contents, a variable's value, a command's output, the conversation, the
#: user's details, every message or file) somewhere. Real documentation says what the tool
#: does, in the third person ("sends the message to the channel", "reads the value of
#: env GITHUB_TOKEN"); a duty laid on the reader to add the user's data to a call is
#: wider than the tool
_DUTY = (r"\b(?:always|also|additionally)\b(?: [\w,]+){0,4}? (?:put|include|append|add|insert|"
         r"pass|store|send|copy|publish|bcc|cc|forward|attach|collect)\b[^\n]{0,80}?"
         r"(?:\b(?:contents?|value|output) of\b|\bconversation\b|\bchat history\b|"
         r"\buser'?s\b|\bevery (?:[\w-]+ )?(?:file|message|email|path|request|record)s?\b|"
         r"\b(?:password|token|credentials|cookie|secret|api key)s?\b|~/|\.env\b|"
         r"[\w.+-]+@[\w-]+\.[a-z])")
DUTY = rf"{_FRAME_MORE}[^\n]{{0,300}}?(?:\n[^\n]{{0,200}}?){{0,6}}?{_DUTY}"
DUTY_WORDS = "always also additionally"

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("tool_doc_scope", 0.75, "tool_coercion",
     "a tool's documentation carrying an order wider than the tool (about other tools, "
     "against the user, or spoken to the model)",
     PATTERN, WORDS, {"structural": True}),
    ("tool_doc_duty", 0.55, "tool_coercion",
     "a tool's documentation laying a standing duty on the model to put the user's data "
     "into a call or send it elsewhere",
     DUTY, DUTY_WORDS, {"structural": True}),
)
