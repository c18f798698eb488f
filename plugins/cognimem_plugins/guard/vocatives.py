"""Two salutations to an AI reader the older addresses miss (wave 19).

:mod:`.orders`' ``ai_reader`` and :mod:`.agent_cues`' ``agent_addressee`` call the reader
by its kind ("AI payroll assistant:", "Note to the coding agent:") or by one assistant's
name followed by a comma ("Claude, please"). Written by people who do not know which model
will read their text, the salutation names several and the one that happens to read it:
"Hey Claude/GPT or whichever bot reads this:", "ChatGPT, Gemini or whatever AI sees this,"
(the products named as their vendors name them: Anthropic's Claude, OpenAI's ChatGPT and
GPT models, Google's Gemini and Bard, GitHub Copilot, Meta's Llama, Mistral, xAI's Grok,
Cursor, Devin, Codex). And an AI reader called by its function in two words, where a
function name is not a trade the older list holds ("AI triage:", "LLM enrichment:", "AI
moderation -"), at the opening of a line, a clause, a quote or a field; and a dedication
to the reader doing its job ("To the assistant summarising captures:").

``reader_vocative`` is an asker: it counts only beside an act that matters (the acts of
:mod:`.orders`, :mod:`.ops_orders` and :mod:`.defender_acts`), and stands aside where an
older address fires (one address counted once).
"""

from __future__ import annotations

from typing import Any

_PRODUCT = (r"(?:claude|chatgpt|gpt(?: ?-?\d[\w.]*)?|gemini|bard|copilot|llama|mistral|grok|"
            r"cursor|devin|codex)")
_WHICHEVER = (r"(?:whichever|whatever|any|every) (?:ai|bot|model|assistant|agent|llm|"
              r"copilot)s? (?:that |which |who )?(?:reads|is reading|sees|processes|parses|"
              r"gets|handles) (?:this|it|these)")
VOCATIVE = (
    # several products, or one and whichever AI reads this
    rf"\b{_PRODUCT}(?: ?(?:/|,|or|and|&) ?{_PRODUCT})*(?:,? (?:or|and) {_WHICHEVER}|"
    rf"(?: ?(?:/|,|or|and|&) ?{_PRODUCT})+)\s*[:,\u2014\u2013]|"
    rf"\b(?:hey|hi|hello|dear|attention|yo|to) {_WHICHEVER}\s*[:,\u2014\u2013]|"
    # "To the assistant summarising captures:" (a dedication at an opening, a participle's
    # phrase after the name)
    r"(?:^|[\n.!?;(\[{\"'>|=\u2014\u2013]\s*)(?:to|for) the (?:[a-z\-]+ ){0,2}?(?:ai|llm|"
    r"assistant|agent|bot|model|copilot)s?(?: [a-z]+ing\b[^:,.\n]{0,40}?)?\s*[:\u2014\u2013]"
    r"(?!//)|"
    # "AI triage:", "LLM enrichment:" at an opening
    r"(?:^|[\n.!?;(\[{\"'>|=\u2014\u2013]\s*)(?:ai|llm)[ \-][a-z][a-z\-]*(?: [a-z][a-z\-]*)?"
    r"\s*[:\u2014\u2013](?!//)"
)
VOCATIVE_WORDS = ("claude chatgpt gpt gemini bard copilot llama mistral grok cursor devin codex "
                  "whichever whatever ai llm llms ais assistant assistants agent agents bot "
                  "bots model models copilots")

#: the addresses that read the same evidence (counted once, by them; ``next_reader``, a
#: lighter reading of "whichever bot reads this", is counted once by this one)
_OLDER = ("ai_reader", "agent_order", "agent_addressee", "addressed_to_agent", "agent_subject")

Spec = tuple[str, float, str | None, str, str, str, dict[str, Any]]


def specs(acts: tuple[str, ...]) -> tuple[Spec, ...]:
    """The cue, counted only beside one of ``acts``."""
    return (
        # (0.2, chosen by ``bench/guard_eval/cv_wave19_addressed.py``: beside
        # ``defender_act``'s 0.45 and the learned cue, or beside ``order_harm``'s 0.45 and
        # another cue)
        ("reader_vocative", 0.2, "instruction_override",
         "a salutation to whichever AI reads the text (\"Hey Claude/GPT or whichever bot "
         "reads this:\", \"AI triage:\"), beside an act that matters",
         VOCATIVE, VOCATIVE_WORDS,
         {"structural": True, "requires_any": acts, "beside_counted": True,
          "replaced_by": _OLDER, "replaces": ("next_reader",)}),
    )
