"""Every decision the guard makes about a text, with its reason (``cognimem guard --explain``
and the MCP tool ``guard_explain``).

A redacted value is given by its span and length only, never its characters; a value kept
is shown (it was judged not to be a secret, and the caller gave it).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .cues import CUES, LEARNED, paragraphs
from .injection import mentioned, screen
from .judge import CUE_AT_LEAST, NAME, THRESHOLD, WITH_CUES, Verdict
from .learned import FLOOR, WEIGHT, shipped
from .normalise import normalise
from .secrets import Allowlist, scan
from .stance import NAME as STANCE_NAME

#: the longest kept value an explanation repeats
_SHOWN = 80


class SecretDecision(BaseModel):
    """One credential candidate: redacted or kept, and why."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    start: int
    end: int
    redacted: bool
    reason: str
    #: the value, for a candidate kept (None when redacted: a secret is never repeated)
    value: str | None = None


class CueDecision(BaseModel):
    """One injection cue: whether it fired, its weight and meaning."""

    model_config = ConfigDict(extra="forbid")
    name: str
    weight: float
    fired: bool
    meaning: str
    kind: str | None = None


class Explanation(BaseModel):
    """What the guard decided about a text, decision by decision."""

    model_config = ConfigDict(extra="forbid")
    secrets: list[SecretDecision]
    untrusted: bool
    injection_kinds: list[str]
    #: strong markers found (each flags on its own)
    markers: list[str]
    #: the weak cues' score in the best paragraph, and the score that flags
    score: float
    threshold: float
    cues: list[CueDecision]
    #: the learned model's highest probability over the paragraphs (its cue ``learned``
    #: adds this times ``model_weight`` to that paragraph's score)
    model_probability: float
    model_weight: float
    model_floor: float
    reason: str | None = None
    #: the semantic judge's probability over the text's MiniLM vector (None: the judge does
    #: not run in this profile, see ``judge``), and the probability that flags
    judge_probability: float | None = None
    judge_threshold: float = THRESHOLD
    #: the lower probability that flags when the weak cues score at least ``cue_at_least``
    judge_with_cues: float = WITH_CUES
    judge_cue_at_least: float = CUE_AT_LEAST
    #: whether the judge ran, in words (``ran``, or why it was skipped)
    judge: str = "ran"


#: why the judge is skipped when the engine gives no verdict
SKIPPED = ("skipped: the profile's embedder is not minilm (or hooks.guard.judge / "
           "injection is off)")


def explain(text: str, allow: Allowlist | None = None,
            judged: Verdict | None = None) -> Explanation:
    """Every decision about ``text``: each credential candidate, each injection cue, and
    the semantic judge's verdict ``judged`` (None: the judge did not run)."""
    decisions = scan(text, allow)
    screened = screen(text, full=True)
    fired = {c.name for c in screened.cues}
    flagged = screen(text)
    learned = next((c for c in screened.cues if c.name == LEARNED), None)
    model = shipped()
    probability = max((model.probability(p) for p in paragraphs(normalise(mentioned(text)))),
                      default=0.0)
    by_judge = not flagged and judged is not None and judged.flags
    kinds = [*flagged.kinds, *([NAME] if by_judge else [])]
    reason = flagged.reason if flagged else (judged.reason if by_judge and judged else None)
    judge_cue = [] if judged is None else [CueDecision(
        name=NAME, weight=judged.probability, fired=judged.flags,
        meaning=f"the semantic judge's probability over the text's MiniLM vector (flags on "
                f"its own at {judged.threshold}, at {judged.with_cues} with weak cues of "
                f"{judged.cue_at_least})")]
    return Explanation(
        secrets=[SecretDecision(kind=d.kind, start=d.start, end=d.end, redacted=d.redacted,
                                reason=d.reason,
                                value=None if d.redacted else text[d.start:d.end][:_SHOWN])
                 for d in decisions],
        untrusted=bool(flagged) or by_judge, injection_kinds=kinds,
        markers=list(flagged.markers), score=screened.score, threshold=flagged.threshold,
        cues=[CueDecision(name=c.name, weight=c.weight, fired=c.name in fired, kind=c.kind,
                          meaning=c.meaning) for c in CUES]
        # (wave 22) a defender's note whose flag the stance reading blanked (:mod:`.stance`)
        + [CueDecision(name=STANCE_NAME, weight=0.0, fired=STANCE_NAME in fired,
                       meaning="speaks about prompt injection as a defender: the words outside "
                       "what it quotes and reports read as a defender's, so a flag of the "
                       "screen or the judge is blanked")]
        + [CueDecision(name=LEARNED, weight=learned.weight if learned else 0.0,
                       fired=learned is not None, meaning="the learned model's probability "
                       f"that the paragraph is an injection (above {FLOOR}, times {WEIGHT})")]
        + judge_cue,
        model_probability=round(probability, 3), model_weight=WEIGHT, model_floor=FLOOR,
        reason=reason, judge_probability=None if judged is None else judged.probability,
        judge_threshold=THRESHOLD if judged is None else judged.threshold,
        judge_with_cues=WITH_CUES if judged is None else judged.with_cues,
        judge_cue_at_least=CUE_AT_LEAST if judged is None else judged.cue_at_least,
        judge="ran" if judged is not None else SKIPPED)
