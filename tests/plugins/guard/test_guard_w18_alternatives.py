"""Wave 18 of issue #39: the screen's cost. A cue's pattern runs with its alternatives grouped
by first character (:mod:`~cognimem_plugins.guard.alternatives`), and a long set of required
strings is read by one automaton (:mod:`~cognimem_plugins.guard.required`). Both must give
exactly what they replace: the same matches, spans and verdicts."""

from __future__ import annotations

import random
import re

import pytest
from guard_texts import corpus

from cognimem_plugins.guard import alternatives, cues, injection
from cognimem_plugins.guard.normalise import normalise
from cognimem_plugins.guard.required import MOST_SCANS, holds_one, required


def _sample(every: int = 53) -> list[str]:
    """Every ``every``-th text of the guard's test data and the evaluation's splits (secrets,
    injections and clean notes in many languages), as the cues read them (folded and as
    words)."""
    texts = corpus(every=1)
    out: list[str] = []
    for text in texts[::every]:
        norm = normalise(text)
        out += [norm.folded, norm.flat]
    return out


SAMPLE = _sample()


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


def test_every_cue_finds_the_same_matches_grouped() -> None:
    """Every cue's grouped pattern finds match for match the spans of its own pattern on a
    sample of every corpus; most cues are rewritten, and the sample holds matches."""
    rewritten = matches = 0
    for cue in cues.CUES:
        quick = alternatives.grouped(cue.pattern)
        rewritten += quick is not cue.pattern
        for text in SAMPLE:
            want = _spans(cue.pattern, text)
            assert _spans(quick, text) == want, (cue.name, text[:200])
            matches += len(want)
    assert rewritten > len(cues.CUES) // 2
    assert matches > 500


def test_every_gated_marker_finds_the_same_matches_grouped() -> None:
    """(wave 20) The screen's markers run grouped too: each finds match for match the spans
    of its own pattern on the sample; the long tables are rewritten, and the sample holds
    matches."""
    rewritten = matches = 0
    for kind, _, _, pattern in injection._GATED:
        quick = alternatives.grouped(pattern)
        rewritten += quick is not pattern
        for text in SAMPLE:
            want = _spans(pattern, text)
            assert _spans(quick, text) == want, (kind, text[:200])
            matches += len(want)
    assert rewritten >= 2
    assert matches > 20


@pytest.mark.parametrize(("pattern", "text", "span"), [
    # the first alternative that matches at a position is the one kept, as in ``re``
    (r"\b(?:abc|ab|a)", "xx abcd", (3, 6)),
    (r"\b(?:a|ab|abc)", "xx abcd", (3, 4)),
    (r"\b(?:send|sell) (?:it|them)|\bsend(?: \w+)?|\bsee it", "please send them now", (7, 16)),
    (r"\b(?:send(?: \w+)?|sell it|send them)", "please send them now", (7, 16)),
    # an alternative that is not grouped keeps its place: none moves past it
    (r"\bsend it|\bseal it|\w+ it|\bsell it|\bsee it", "sell it", (0, 7)),
    (r"(?:wire|want|wish) (?:the )?funds?\b|\bwi\w+", "we wish the fund", (3, 16)),
])
def test_the_preferred_alternative_is_kept(pattern: str, text: str,
                                           span: tuple[int, int]) -> None:
    original = re.compile(pattern)
    quick = alternatives.grouped(original)
    assert quick is not original
    match, want = quick.search(text), original.search(text)
    assert match is not None and want is not None
    assert match.span() == span == want.span()


def test_a_case_insensitive_or_ungroupable_pattern_is_used_as_it_is() -> None:
    insensitive = re.compile(r"\b(?:send|sell|sign) it", re.IGNORECASE)
    assert alternatives.grouped(insensitive) is insensitive
    plain = re.compile(r"\d:\d\d[,.]\d{3} --> ")  # no alternation
    assert alternatives.grouped(plain) is plain
    # the grouped pattern keeps the source and the flags it was compiled from
    act = re.compile(r"\b(?:send|sell|sign|wire|want) (?:it|them)\b", re.MULTILINE)
    quick = alternatives.grouped(act)
    assert quick is not act and quick.pattern == act.pattern and quick.flags == act.flags
    assert alternatives.grouped(act) is quick  # compiled once


_WORDS = ["send", "sell", "seal", "see", "wire", "wise", "wish", "pay", "paste", "past",
          "delete", "del", "the", "them", "it", "all", "keys", "key", "ke"]


def _random_pattern(rng: random.Random, depth: int = 0) -> str:
    """An alternation of word sequences with optional parts, nested groups, repeats and
    position tests: the shapes the cues are written in."""
    alternatives_: list[str] = []
    for _ in range(rng.randint(3, 8)):
        parts: list[str] = []
        if rng.random() < 0.6:
            parts.append(r"\b")
        for position in range(rng.randint(1, 3)):
            roll = rng.random() if position else rng.random() * 0.8
            if roll < 0.5:
                parts.append(rng.choice(_WORDS))
            elif roll < 0.7 and depth < 2:
                parts.append(f"(?:{_random_pattern(rng, depth + 1)})")
            elif roll < 0.8:
                parts.append(r"(?:\w+ )?")
            elif roll < 0.9:
                parts.append(f"(?:{rng.choice(_WORDS)} )*")
            else:
                parts.append(r"\w")
            parts.append(rng.choice([" ", "", " ?"]))
        alternatives_.append("".join(parts))
    return "|".join(alternatives_)


def test_random_alternations_find_the_same_matches() -> None:
    """Random patterns in the cues' shapes, on random texts of their words: the grouped
    pattern finds the same spans (and rewrites most of them)."""
    rng = random.Random(18)
    rewritten = 0
    for _ in range(1000):
        source = _random_pattern(rng)
        original = re.compile(source)
        quick = alternatives.grouped(original)
        rewritten += quick is not original
        for _ in range(20):
            text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 9)))
            assert _spans(quick, text) == _spans(original, text), (source, text)
    assert rewritten > 100


def test_a_long_set_of_required_strings_reads_as_the_scans_do() -> None:
    """A set longer than MOST_SCANS is read by an automaton: the same verdict as one scan
    per string, on the cues whose sets are long."""
    long_sets = [(cue.name, found) for cue in cues.CUES
                 if (found := required(cue.pattern)) and any(len(c) > MOST_SCANS for c in found)]
    assert long_sets
    held = {True: 0, False: 0}
    for name, found in long_sets:
        for text in SAMPLE[::3]:
            scans = all(any(s in text for s in clause) for clause in found)
            assert holds_one(text, found) is scans, (name, text[:200])
            held[scans] += 1
    assert held[True] and held[False]
