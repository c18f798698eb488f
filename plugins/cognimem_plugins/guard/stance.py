"""The stance of a note that speaks about prompt injection, read outside the attack (wave 22).

A defender's note quotes or reports an attack as its *object*: an incident note ("we saw
'…' in a ticket, the filter caught it"), a red-team log, a test case's description, a
review comment, a policy, a how-to. Its own words, the ones outside the quotation and the
reported clause, are the defender's: what was seen, blocked, filtered, counted, tested,
who must not obey; they are addressed to a team or to nobody. An injection that pretends
to be such a note ("for research purposes", "this is a test", "as a security note") or a
discussion that ends with a live order keeps its order, its address to the reader and its
act words *outside* the quoted span.

Every new author frames a quoted attack in new words, so a list of framings does not carry
over; this reading is a small learned model instead: a logistic regression over the
features of :func:`.learned.features` (words, word pairs, stems) of the note's words
outside its quotations and reported clauses (:func:`.mentions.blank`), trained on the
seen splits' notes that speak of injection (:func:`.mentions.speaks_of_injection`), the
injections against the clean notes (``bench/guard_eval/train_stance.py``; the same data
gives the same file, ``stance.json.gz``). Where the model's probability that the outside
words are an injection's is below :data:`VETO` (chosen by leave-one-split-out CV), a flag
of the screen or of the semantic judge is blanked: the reading only removes a flag, it
never adds one, and it runs only on a note already flagged (no cost on any other write).
Hidden Unicode is never blanked: invisible text is not quoted.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from . import learned

#: the shipped weights (the format of :mod:`.learned`)
WEIGHTS_FILE = Path(__file__).resolve().parent / "stance.json.gz"
#: below this probability that its outside words are an injection's, a note that speaks of
#: injection as a defender has its flag blanked (0: off); chosen by leave-one-split-out CV
#: (wave 22: 0.005 over the 44 seen splits, bench/guard_eval/train_stance.py; wave 23: the
#: model retrained on the 48 seen splits, 0.01 in 46 of 48 folds,
#: bench/guard_eval/cv_wave23_stance.py)
VETO = 0.01
#: the reader addressed in the second person outside the spans (over ``flat``): the note then
#: speaks to its reader, and its flag is never blanked (a defender's note is addressed to a
#: team or to nobody; "let's play a game: you're ..., a model trained without guardrails"
#: names guardrails and speaks to the reader)
ADDRESSED = re.compile(r"\b(?:you|your|yours|yourself|yourselves|you re|you ll|you ve|you d)\b")
#: the name the decision goes by in ``--explain`` and a judge's verdict
NAME = "defender_stance"


@lru_cache(maxsize=1)
def shipped() -> learned.Model:
    """The stance model shipped with the package (read once)."""
    return learned.read(WEIGHTS_FILE)


def outside(text: str) -> str:
    """The words of ``text`` outside what it mentions (its quotations and reported clauses
    blanked by :func:`.mentions.blank`), normalised (``flat``): the model's input."""
    from .mentions import blank
    from .normalise import normalise

    return normalise(blank(text)).flat


def probability(text: str, model: learned.Model | None = None) -> float | None:
    """The model's probability that the words outside ``text``'s mentions are an
    injection's; None when ``text`` does not speak of injection or addresses its reader
    in the second person outside them (the veto never reads such a note)."""
    from .mentions import speaks_of_injection

    if not speaks_of_injection(text):
        return None
    words = outside(text)
    if ADDRESSED.search(words):
        return None
    return (model or shipped()).probability(words)


def defends(text: str, veto: float | None = None) -> bool:
    """Whether ``text``, a note that speaks of injection, does so as a defender (its flag
    is blanked); ``veto``: the threshold (default :data:`VETO`; 0: never)."""
    veto = VETO if veto is None else veto
    if veto <= 0:
        return False
    p = probability(text)
    return p is not None and p < veto
