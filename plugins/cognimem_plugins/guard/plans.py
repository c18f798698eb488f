"""The user's own change of plan: "forget the old Podfile approach; from now on we use SPM"
(wave 19, issue #39).

A developer who changes the project's plan writes the words of an override: a verb that
sets aside ("forget", "drop", "scrap", "ditch") and "from now on". What tells the note from
an injection is *what* is set aside and *who* acts from now on: the writer's own old
artefact or way of working ("the old Podfile approach", "the old invoice layout", "our
previous naming scheme"), not the reader's instructions, rules or prompt; and "we", "our
team" or a thing of the project, not "you", as the subject of what follows. With no harm
in the sentence or the next (the harms of :mod:`.own_orders`: a secret, an address,
sending, deleting, production...), :func:`blank_plan_changes` blanks the retraction and
the "from now on" of such a sentence, so the note is read again as the plan it states;
anything else in the note is read as before.

The retraction's verbs and "from now on" are the cues' own (``cancel_verb``,
``persona_time``); the nouns a plan is not are the cues' ``rules_noun`` words and the
persona's (a role, an identity, a character).
"""

from __future__ import annotations

import re

from .own_orders import HARM

#: what a plan change never sets aside: the reader's instructions, rules, prompt, persona
_NOT_A_PLAN = (r"(?:instructions?|rules?|guid(?:ance|elines?)|directives?|polic(?:y|ies)|"
               r"constraints?|restrictions?|prompts?|system|safety|guardrails?|programming|"
               r"persona|identity|role|character|filters?|limits?|limitations?|training|"
               r"orders?|commands?|tasks?|context|messages?|conversation|ethics|values)")
#: "forget / drop / scrap the old X" (up to four words), X the writer's own thing
_RETRACT = re.compile(
    r"(?i)\b(?:forget|drop|scrap|ditch|ignore|disregard|abandon|retire)(?: about)? "
    r"(?:the|our|my|that) (?:old|previous|earlier|former|current|existing|legacy|original|"
    r"last) (?!(?:[\w.-]+ ){0,3}" + _NOT_A_PLAN + r"\b)(?:[\w.-]+ ){0,3}[\w.-]+")
#: "from now on" said of the writer's team or of a thing ("from now on we use ...", "use
#: the new template ... from now on")
_FROM_NOW = re.compile(r"(?i)\b(?:from now on|henceforth|going forward|starting (?:now|today))"
                       r"\b,?")
_WE = re.compile(r"(?i)^\W*(?:we|we'll|we will|our|the team|let's|i'll|i will)\b")
_YOU = re.compile(r"(?i)\b(?:you|your|yourself|assistant|agent|ai|model|bot)\b")
_SENTENCE = re.compile(r"[^.!?\n。]*[.!?\n。]?")


def blank_plan_changes(text: str) -> str:
    """``text`` with the retraction and the "from now on" of each sentence that changes
    the writer's own plan (and asks nothing harmful, nor of "you") blanked."""
    if not _RETRACT.search(text) and not _FROM_NOW.search(text):
        return text
    out: list[str] = []
    sentences = [m.group(0) for m in _SENTENCE.finditer(text) if m.group(0)]
    for i, sentence in enumerate(sentences):
        rest = sentence + (sentences[i + 1] if i + 1 < len(sentences) else "")
        if HARM.search(rest) or _YOU.search(sentence):
            out.append(sentence)
            continue
        retracted = _RETRACT.search(sentence) is not None
        changed = _RETRACT.sub('""', sentence)

        def _own(m: re.Match[str], line: str = changed, ok: bool = retracted) -> str:
            return '""' if ok or _WE.match(line[m.end():]) else m.group(0)

        out.append(_FROM_NOW.sub(_own, changed))
    return "".join(out)
