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
#:   to mean anything;
#: - ``choice``: a user's "I think I'll ..." / "I'm leaning towards ..." right after the
#:   assistant's turn picks among what was offered or discussed: a decision, not a promise;
#: - ``advice``: a user's "I'll ..." that repeats the advice of the assistant's turn before
#:   ("I'll ask Rachel about her neighborhood" after "Remember to ask Rachel...") only
#:   acknowledges it, and is dropped;
#: - ``rates``: a user's rating of something the assistant's turn before named ("Fort Myers
#:   Beach sounds nice", "I like the sound of the veggie frittata") neither chooses nor
#:   states a lasting taste, and is dropped;
#: - ``plans``: in a chat (no tools), a user's "I'll / we'll ..." without an obligation
#:   (need to, must, have to, remember to) is a plan of their life, a fact, not a task owed.
OPTIONAL = ("correction", "habit", "refers_back", "answer", "choice", "advice", "rates",
            "plans")

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


CHOOSES = re.compile(r"^(?:(?:yeah|yes|ok(?:ay)?|so|well|alright|great)[,!.]?\s+)?(?:i think "
                     r"(?:i|we)(?:'ll| will)\b|i'?m leaning (?:towards?|toward)\b)", re.I)
PROMISES = re.compile(r"^(?:(?:yeah|yes|ok(?:ay)?|so|well|alright|great|thanks)[,!.]?\s+)?"
                      r"(?:i|we)(?:'ll| will)\b", re.I)
#: A sentence of the assistant that advises ("Remember to...", "Make sure...").
ADVISES = re.compile(r"\b(remember to|make sure|don'?t forget|be sure to|don'?t hesitate to|"
                     r"consider|(i|i'd) recommend|you (can|could|might|should)( also)?|try to)\b",
                     re.I)
RATES_OFFER = re.compile(
    r"\b(sounds?|looks?|seems?) (like )?(a |an )?(so |really |very )?(nice|great|good|fun|"
    r"amazing|interesting|perfect|delicious|awesome|helpful|manageable)\b|\bi like the "
    r"(idea|sound|look)s? of\b|\bi'?m intrigued by\b|\b(you|we) (suggested|mentioned)\b", re.I)
#: An obligation, or a deadline ("by Friday"): a task owed, not a plan.
DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
OBLIGES = re.compile(rf"\b(need to|needs to|have to|has to|must|remember to|got to|gotta|"
                     rf"todo|should|by ({DAYS}|tomorrow|tonight|eod|end of|next|the end))\b", re.I)
ADVICE_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
COMMON = frozenset("""that this with your have about they them their will would could should
some more also just from what when which there been make sure definitely really think like
want into here then than these those only very well good great thanks""".split())


def content_words(text: str) -> set[str]:
    """The words of four letters or more that carry meaning (no common function words)."""
    return {w for w in (m.lower() for m in WORDS.findall(text)) if len(w) >= 4
            and w not in COMMON}


def picks_offer(text: str, place: Place) -> bool:
    """A user's "I think I'll ..." right after the assistant's turn: a choice among what that
    turn offered (a name in the sentence is one of the turn's; "I think I'll head to the new
    bookstore on Main St" names a place the assistant never offered: a plan)."""
    if place.previous_role != "assistant" or not CHOOSES.match(text):
        return False
    names = NAMES.findall(text)
    before = place.previous_text.lower()
    return not names or any(n.lower() in before for n in names)


def takes_advice(text: str, place: Place) -> bool:
    """A user's "I'll ..." that repeats an advising sentence of the assistant's turn before
    (two content words or more in common)."""
    if place.previous_role != "assistant" or not PROMISES.match(text):
        return False
    said = content_words(text)
    return any(len(said & content_words(s)) >= 2
               for s in ADVICE_SENTENCE.split(place.previous_text) if ADVISES.search(s))


def rates_named(text: str, place: Place) -> bool:
    """A user's rating of something the assistant's turn before offered."""
    if place.previous_role != "assistant" or not RATES_OFFER.search(text):
        return False
    before = place.previous_text.lower()
    return all(n.lower() in before for n in NAMES.findall(text))


def is_plan(text: str) -> bool:
    """A first-person future without an obligation: a plan, not a task owed."""
    return bool(PROMISES.match(text) or re.search(r"\b(i|we)('ll| will)\b", text, re.I)) \
        and not OBLIGES.search(text)
