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
#: bench/guard_eval/cv_wave23_stance.py; wave 24: retrained on the 52 seen splits as the
#: merged screen flags them, with the notes of :func:`quoted_object`: 0.03 in 51 of 52
#: folds on the writer's branch; rerun after the wave's merges, 0.05 in all 52 folds,
#: bench/guard_eval/cv_wave24_stance.py, results/w24stance_cv.json; wave 26: retrained on
#: the 60 seen splits after the wave's merges with the vetoes up to 0.05 (0.1 and 0.2, the
#: first run's choice, unflag an injection look-alike of test_guard_w23_stance.py), 0.03
#: chosen on all, out of fold 47 clean notes freed and 5 injections lost,
#: ``cv_wave24_stance.py --last 58 --most-veto 0.05``, results/w26stance_cv.json; wave 27:
#: retrained on the 64 seen splits after the wave's merges, each veto admissible only if it
#: unflags none of the 546 injections the guard's tests saw flagged with any fold's model
#: (0.015 and above unflag one): 0.01 in all 64 folds, out of fold 44 clean notes freed and
#: 1 injection lost, ``cv_wave24_stance.py --last 62 --write``, results/w27stance_cv.json)
VETO = 0.01
#: the reader addressed in the second person outside the spans (over ``flat``): the note then
#: speaks to its reader, and its flag is never blanked (a defender's note is addressed to a
#: team or to nobody; "let's play a game: you're ..., a model trained without guardrails"
#: names guardrails and speaks to the reader)
ADDRESSED = re.compile(r"\b(?:you|your|yours|yourself|yourselves|you re|you ll|you ve|you d)\b")
#: the name the decision goes by in ``--explain`` and a judge's verdict
NAME = "defender_stance"
#: (wave 24) also read a flagged note that does not speak of injection by the lexicon but
#: whose attack is the *object* of its prose (:func:`quoted_object`); a switch chosen by
#: leave-one-split-out CV (bench/guard_eval/cv_wave24_stance.py: on in all 52 folds)
QUOTED_OBJECT = True
#: (wave 25) a note's leading label (one or two words, the first capitalised, then ": ":
#: "Finding: ...", "Q: ...", "Review: ...") is its heading, not a field: the record syntax is
#: sought after it; a switch (w25-precision: 0 injections of the 56 splits read, see
#: EXPERIMENTS.md)
QUOTED_LABEL = True
_LABEL = re.compile(r"\s*[A-Z][\w-]*(?: [\w-]+)?:\s")
#: (wave 25) a quotation right after a colon that ends a clause of three words or more
#: after the label ("In einem Bug-Bounty-Report stand: '...'", "Delayed triggers are nasty:
#: "..."") is reported speech, the clause's object; a label alone before it is a field
QUOTED_COLON = True
_COLON_BEFORE = re.compile(r"[^\W\d_]\s*:\s*$")
#: the syntax of a record, a markup or a form outside the quotations (a field's value is
#: quoted by its format, not by a writer who reports it)
_RECORD = re.compile(r"[{}\[\]=<>|]|^\s*[\w.-]+\s*:|\n", re.MULTILINE)
#: a letter just before a quotation (the quotation is a word of the sentence: "said '...'",
#: "texto tipo '...'"), and a word just after it (the sentence goes on)
_PROSE_BEFORE = re.compile(r"[^\W\d_]\s*$")
_PROSE_AFTER = re.compile(r"\s*(?:[^\W\d_]|[.)]?\s*[^\W\d_]+ [^\W\d_]+)")
#: (wave 24) markup that hides text from a human reader (an HTML comment, a style that
#: hides, a hidden element): like hidden Unicode, invisible text is not quoted, so the veto
#: never reads a note that holds it
HIDDEN_MARKUP = re.compile(
    r"(?i)<!--|<[a-z][^>]{0,200}style\s*=\s*[\"'][^\"'>]*(?:display\s*:\s*none|"
    r"visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:;|[\"'])|"
    r"font-size\s*:\s*0*[01](?:\.\d+)?(?:px|pt|em)?\s*(?:;|[\"'])|"
    r"color\s*:\s*(?:#fff(?:fff)?|white|transparent)\b)|<[a-z][^>]{0,200}\bhidden\b[^>]*>")
#: the clause a quotation's opening word begins (a verb that takes the quotation first:
#: "Run `...`", "Write '...'")
_CLAUSE = re.compile(r"[.:;!?,\n]\s")


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


def quoted_object(text: str) -> bool:
    """(wave 24) Whether ``text``'s attack is the object of its prose: it holds quotations
    (any locale's marks, code spans), each a word inside a sentence that goes on after it
    and not the first word after its clause's opening word ("a signature said '...'.
    Blocked by the gateway", not "Run `...` now"), no record, markup or form syntax outside
    them, and the text screen finds nothing once they are blanked. The reading is
    structural: it names no framing."""
    from .mentions import _QUOTED

    quotes = list(_QUOTED.finditer(text))
    if not quotes:
        return False
    label = _LABEL.match(text) if QUOTED_LABEL else None
    body = label.end() if label is not None else 0
    for m in quotes:
        before = text[:m.start()]
        if not _PROSE_AFTER.match(text, m.end()):
            return False
        # (wave 25) "... stand: '...'": the quotation a clause of its own prose reports
        reported = (QUOTED_COLON and _COLON_BEFORE.search(before) is not None
                    and len(re.findall(r"\w+", text[body:m.start()])) >= 3)
        if not _PROSE_BEFORE.search(before) and not reported:
            return False
        if len(re.findall(r"\w+", _CLAUSE.split(before + " ")[-1])) <= 1 and not reported:
            return False
    bare = _QUOTED.sub('""', text)
    if _RECORD.search(bare[body:] if body else bare):
        return False
    from .injection import screen

    return not screen(bare)


def quoted_outside(text: str) -> str:
    """``text`` with every quotation blanked, normalised (``flat``): the model's input for
    a note read by :func:`quoted_object`."""
    from .mentions import _QUOTED
    from .normalise import normalise

    return normalise(_QUOTED.sub('""', text)).flat


def probability(text: str, model: learned.Model | None = None) -> float | None:
    """The model's probability that the words outside ``text``'s mentions are an
    injection's; None when ``text`` does not speak of injection (nor, with
    :data:`QUOTED_OBJECT`, holds its attack as the object of its prose), holds markup that
    hides text (:data:`HIDDEN_MARKUP`) or addresses its reader in the second person outside
    them (the veto never reads such a note)."""
    from .mentions import speaks_of_injection

    if HIDDEN_MARKUP.search(text):
        return None
    if speaks_of_injection(text):
        words = outside(text)
    elif QUOTED_OBJECT and quoted_object(text):
        words = quoted_outside(text)
    else:
        return None
    if ADDRESSED.search(words):
        return None
    return (model or shipped()).probability(words)


def defends(text: str, veto: float | None = None) -> bool:
    """Whether ``text``, a note that speaks of injection, does so as a defender (its flag
    is blanked); ``veto``: the threshold (default :data:`VETO`; 0: never)."""
    veto = VETO if veto is None else veto
    if veto <= 0:
        return False
    # (wave 26) a writer revising their own earlier request (:mod:`.revision`)
    from .revision import own_revision

    if own_revision(text):
        return True
    p = probability(text)
    return p is not None and p < veto
