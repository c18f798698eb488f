"""What an agent-era injection reaches beyond the frame it claims (wave 25).

Waves 23-24 read three agent-era classes by a frame and a license spelled in its own
words (:mod:`.tool_doc_scopes`, :mod:`.persona_licenses`, :mod:`.forged_licenses`). The rows
they still miss on the seen splits hold the frame and a second part the earlier licenses
do not spell; this module reads that second part by its *role* in the structure, not by
its words:

* ``tool_doc_reach`` (tool_coercion): a tool's documentation is a scope (what this tool
  does with its own inputs and outputs). A poisoned one holds a clause spoken to the
  calling model (the model, agent, assistant or client named with a modal, "Assistant:",
  "when you use / read this", "if you see", or a standing "also / additionally /
  always" duty) whose object lies *outside* that scope: another tool called or run by
  its identifier, the conversation or every message, file or call the model sees, the
  user's own data, an outside address, the model's own rules or confirmation, or the user
  kept from knowing. Real documentation says what the tool does in the third person, or
  tells the model how to fill this tool's own arguments: neither is a clause outside the
  scope.
* ``persona_unbound`` (persona_switch): the reader redefined (an identity, a mode, a role,
  a character: :mod:`.persona_licenses`' forms) together with a constraint or an owner
  removed or replaced in a form the earlier licenses do not spell: a rule, agreement,
  preference or policy set aside by the persona ("who ignores ..."), a check declared not
  needed, the persona said to have no owner or to serve another party than the reader's
  ("our PR agent, not the newsroom's assistant"), an approval claimed as already given, the
  world declared without consequences, anyone who asks served, a bound dropped whatever
  comes ("no matter what").
* ``channel_order`` (role_imitation): a claimed higher channel in the *layout* of one (a
  delimited header ``=== ... ===``, ``### ... ###``, ``[...]``, ``<<...>>``, a role tag or
  a fenced block naming the system, the runtime, a policy, an operator or orchestrator,
  a ``System:``/``Developer:`` turn, a JSON key that patches the system prompt, a message
  "from" the developer, the platform, the operator or a previous session's assistant)
  followed by a change of the reader's rules: its instructions, guidelines, safety or
  confirmations declared updated, deprecated, lowered or replaced, the reader declared
  permitted, pre-approved or no longer bound, or told to act directly, without asking or
  without refusals.

Each pattern is opened by words of its second part (every match holds one; the wave 11
test checks it). Weights: leave-one-split-out CV (``bench/guard_eval/cv_wave25_agent.py``).
"""

from __future__ import annotations

from typing import Any

from .tool_doc_scopes import _FRAME_MORE

# -- tool_doc_reach -------------------------------------------------------------------

#: the documentation frames of ``tool_doc_scopes`` plus a tool listing, a decorated tool,
#: a YAML summary, a resource's or a server's description
_TOOL_FRAME = (_FRAME_MORE[:-1] + r"|\btools? list\s*:|\btools/list\b|\blist_tools\b|"
               r"@(?:\w+\.)?tool\b|^\s*summary:|\b(?:server|resource) description\b|"
               # a tool, resource, server or plugin named, then what documents it
               r"\b(?:tool|resource|server|plugin|function)\b[^\n.]{0,40}?\b(?:description|"
               r"docstring|manifest|metadata|instructions|hint|text|summary|annotations?|"
               r"changelog)\b[^\n.:]{0,30}:|^[>\s]*tool\s*:)")
#: a clause spoken to the calling model
_TO_MODEL = (
    r"\b(?:the |all |any |every )?(?:assistant|agent|model|llm|ai|client)s?\b"
    r"(?: [\w' ]{0,40}?)? (?:must|should|has to|have to|is expected to|are expected to|"
    r"needs? to|is required to|are required to|shall)\b|"
    r"\b(?:assistant|model|agent|llm)s?\s*:|"
    r"\bfor (?:the )?(?:assistant|model|agent|llm|ai)s?\s*:|"
    r"\bwhen(?:ever)? you (?:use|call|read|see|run|invoke|load)\b|\bif you see\b|"
    r"(?:^|[.;:(!]\s*|\u2014\s*|')(?:also|additionally|always)\b|"
    # an imperative clause after the description's first sentence: a verb in its bare
    # form (not a third person's "returns", "fetches") opening a sentence, and its object
    r"(?:[.;!?]\s+|:\s*[\"'])(?!(?:if|when|whenever|before|after|for|in|on|to|of|and|or|but|with|by|from|"
    r"at|as|once|until|unless|note|see|example|e\.g|i\.e|this|that|these|those|it|we|they|"
    r"you|there|here|each|every|all|any|no|not|only|also|then|use)\b)[a-z]+(?<!s)(?<!ed)"
    r"(?<!ing)(?= (?:the|our|your|any|all|every|each|this|that|it|them|its)\b)")
#: an object outside a tool's own inputs and outputs
_OUTSIDE = (
    # another tool, called or run by its identifier
    r"\b(?:call|calls|run|runs|invoke|use|trigger)\b(?: (?:the|our|a|an))?[ `'\"]*"
    r"[a-z]+_[a-z_]+\b|"
    # other tools or servers than this one
    r"\bother (?:tools?|servers?|plugins?|carriers?|providers?)\b|"
    # the conversation, every message, file or call the model sees
    r"\b(?:conversation|chat history)\b|"
    r"\b(?:every|each|all) (?:[\w-]+ )?(?:messages?|files?|file paths?|calls?|sessions?|"
    r"write calls?|tools?)\b|"
    # the user's own data or the user asked for more
    r"\bthe user'?s\b|\bask (?:them|the user) for\b|"
    # an outside address
    r"https?://|[\w.+-]+@[\w-]+\.[a-z]|"
    # the model's own rules or confirmation
    r"\byour (?:\w+ ){0,2}(?:rules|instructions|policy|guidelines|confirmation|"
    r"confirmations)\b|\bconfirm\s*=\s*false\b|"
    # the user kept from knowing
    r"\bwithout (?:mentioning|telling|asking|showing|prompting|informing)\b|"
    r"\b(?:does|do) not need to know\b|\bnever show\b")
TOOL_REACH = (rf"{_TOOL_FRAME}[^\n]{{0,300}}?(?:\n[^\n]{{0,200}}?){{0,6}}?(?:{_TO_MODEL})"
              rf"[^\n]{{0,160}}?(?:{_OUTSIDE})")
#: the words of its outside object (every match holds one: the clause to the model may
#: be a bare imperative, which holds no fixed word)
TOOL_REACH_WORDS = ("call calls run runs invoke use trigger conversation chat every each all "
                    "user ask http https your confirm without need never other @")

Spec = tuple[str, float, str, str, str, str, dict[str, Any]]

SPECS: tuple[Spec, ...] = (
    ("tool_doc_reach", 0.75, "tool_coercion",
     "a tool's documentation holding a clause spoken to the model whose object is outside "
     "the tool's scope (another tool, the conversation, the user's data, an address, the "
     "model's own rules, the user kept from knowing)",
     TOOL_REACH, TOOL_REACH_WORDS, {"structural": True}),
)
