"""Where a candidate sentence stands in its transcript, and the capture rules that read it
(:func:`.rules.judge` applies the ones in :data:`RULES`).

The rules use the transcript's structure rather than more phrasings: who spoke the turn
before and whether it asked a question, whether the user is correcting what the assistant
just said, whether a wish is a standing habit or a one-off request, and whether a sentence
leans on the turn before it for its meaning. Each rule has a name; which are on was chosen
on the capture evaluation's tuning split by cross-validation over transcripts
(``bench/capture_eval/tune.py``, docs/intake.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """What came just before a sentence: the previous turn's role and text (empty for the
    first turn)."""

    previous_role: str = ""
    previous_text: str = ""

    @property
    def after_question(self) -> bool:
        """The previous turn was the assistant asking something (the user answers it)."""
        return self.previous_role == "assistant" and "?" in self.previous_text[-300:]


#: The rules that can be switched (``bench/capture_eval/tune.py`` tries each subset):
#:
#: - ``correction``: a sentence of a user turn right after the assistant's that opens by
#:   contradicting it ("No, ...", "Actually, ...", "Wrong ...") states what holds: a
#:   decision in an agent session, a fact of the user in a chat;
#: - ``habit``: a preference is a standing wish or a liking ("prefer", "always", "never",
#:   "usually", "like"); a one-off wish ("I want X for this") is judged by what else it holds;
#: - ``refers_back``: a user sentence whose subject is a pronoun for what the previous turn
#:   said ("They can...", "Maybe it...", "... 'em ...") and that holds no value is dropped;
#: - ``answer``: a user's short reply to the assistant's question that only rates what was
#:   offered without naming it ("I think 100 is a good starting point") needs the question
#:   to mean anything.
OPTIONAL = ("correction", "habit", "refers_back", "answer")

CORRECTS = re.compile(r"^(no|nope|nah|actually|wrong|not quite|that'?s (not|wrong))\b[,.!:]?",
                      re.I)
HABIT = re.compile(r"\b(prefer|prefers|preferred|always|never|usually|normally|every time|"
                   r"whenever|by default|(do not|don'?t) (ever )?\w+|fan of|interested in)\b|"
                   r"\b(i|we) (really |also )?(like|love|enjoy|hate|dislike)\b", re.I)
REFERS_BACK = re.compile(r"^(?:(?:so|and|but|maybe|hopefully|then|yeah|yes|ok(?:ay)?),?\s+)?"
                         r"(?:they|it|that|this|those|these)\b(?!\s+(?:is|was)\s+(?:the|a|an)"
                         r"\s)|(?<!\w)'em\b", re.I)
NAMES = re.compile(r"(?<!^)\b[A-Z][a-z]{2,}")
RATES = re.compile(r"\b(is|are|sounds|seems|looks) (like )?(a |an )?(good|great|fine|nice|"
                   r"reasonable|perfect)\b", re.I)
WORDS = re.compile(r"[A-Za-z][\w'-]+")


def is_correction(text: str, place: Place) -> bool:
    """The sentence, in the turn after the assistant's, opens by contradicting it."""
    return place.previous_role == "assistant" and bool(CORRECTS.match(text.lstrip("*_ ")))


def is_one_off_wish(text: str) -> bool:
    """A wish for the matter at hand, not a habit or a liking ("I want X at Y")."""
    return not HABIT.search(text)


def refers_back(text: str) -> bool:
    """The sentence's subject is a pronoun for something the previous turn said."""
    return bool(REFERS_BACK.search(text))


def only_rates_offer(text: str, place: Place) -> bool:
    """A short reply to the assistant's question that rates what it offered without naming
    it."""
    return (place.after_question and bool(RATES.search(text)) and not NAMES.search(text)
            and len(WORDS.findall(text)) <= 10)
