"""A document's instructions for a product's release, not the reader's (wave 22, #39).

Release notes and upgrade guides speak of instructions the way an injection does: "the
previous instructions for Nextcloud 28 no longer apply to 30", "the old setup steps for
Django 3.2 are obsolete". What tells them apart is the object of the rules' noun: a named
product and its version number (the instructions *for* a release), not the reader's own.
The cue stands for (``replaces``) the override's verb, the reference to what came before
and the rules' noun; it weighs nothing of its own, so an injection that goes on to ask for
anything still shows every other cue. A reader's name (the assistant, the model, the
agent, the system...) between the noun and the number is not a product: "the previous
instructions for assistant 2" is read as it was.
"""

from __future__ import annotations

from typing import Any

#: the words for the reader, never a product's name
_READER = (r"(?!(?:the |this |your |our |my |all |any )?(?:assistant|agent|model|ai|bot|chatbot|"
           r"llm|gpt|system|prompt|you|yourself|reader|copilot|claude|gemini|version|v)\b)")
#: earlier or older instructions, steps or guidance for a product's numbered release
#: ("for nextcloud 28", "of django 3.2", "for the ubuntu 22.04 image")
_VERSIONED = (r"\b(?:previous|earlier|prior|old|older|former|original|above|last) "
              r"(?:(?:install|installation|upgrade|setup|migration|build|deploy|deployment|"
              r"release) )?(?:instructions?|steps|guidance|guidelines|directions|docs|"
              r"documentation) (?:for|of|on|from) (?:the )?" + _READER
              + r"[a-z][a-z0-9+._-]{2,} (?:[a-z][a-z0-9+._-]* ){0,2}\d+(?:\.\d+)*\b")

#: (name, weight, kind, meaning, pattern, words, options) as :data:`.agent_cues.SPECS`
SPECS: tuple[tuple[str, float, str | None, str, str, str, dict[str, Any]], ...] = (
    ("versioned_instructions", 0.0, None,
     "speaks of the instructions for a named product's release (\"the previous instructions "
     "for Nextcloud 28\"), not the reader's: the override's words count nothing",
     _VERSIONED, "previous earlier prior old older former original above last",
     {"replaces": ("cancel_verb", "prior_reference", "rules_noun")}),
)
