"""The transcripts of the capture evaluation, read as the transcript source reads them:
the hand-made sessions in ``transcripts/`` and dev sessions of LongMemEval_S and LoCoMo
(loaded from ``/work/shared/bench``, never copied here), with their answer-bearing turns.

Each transcript has an id (``own/<file>``, ``lme/<question>/<session>``,
``locomo/<sample>/<session>``) and a split, ``tune`` or ``test``, fixed by the SHA-256 of
its id (``split.json`` freezes the assignment that the labels were made with)."""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cognimem_plugins.intake.transcript import Transcript, read

HERE = Path(__file__).resolve().parent
BENCH = HERE.parents[2] / "shared" / "bench"
LME = BENCH / "longmemeval" / "longmemeval_s_dev.json.gz"
LOCOMO = BENCH / "locomo" / "locomo_dev.json"
#: How much of each data set is read: the answer sessions of the first LME questions, the
#: first sessions of the first LoCoMo conversations.
LME_QUESTIONS, LOCOMO_SAMPLES, LOCOMO_SESSIONS = 8, 2, 4


@dataclass
class Case:
    """One transcript with its answer-bearing turn numbers (empty when unknown)."""

    id: str
    transcript: Transcript
    answers: set[int]

    @property
    def split(self) -> str:
        """``test`` for about half of the transcripts, by the hash of the id."""
        return "test" if int(hashlib.sha256(self.id.encode()).hexdigest()[:8], 16) % 2 else "tune"


def cases() -> Iterator[Case]:
    """Every transcript of the evaluation."""
    for path in sorted((HERE / "transcripts").iterdir()):
        yield Case(f"own/{path.name}", read(path, path.read_bytes()), set())
    yield from _lme()
    yield from _locomo()


def _lme() -> Iterator[Case]:
    with gzip.open(LME, "rt", encoding="utf-8") as handle:
        questions = json.load(handle)
    taken = 0
    for q in questions:
        if q["question_id"].endswith("_abs") or taken >= LME_QUESTIONS:
            continue
        found = False
        for case in _lme_question(q):
            found = found or bool(case.answers)
            yield case
        taken += found


def _lme_question(q: dict[str, Any]) -> Iterator[Case]:
    """The answer sessions of one LongMemEval question, read as chat messages."""
    answers = set(q["answer_session_ids"])
    for n, (sid, session) in enumerate(zip(q["haystack_session_ids"], q["haystack_sessions"],
                                           strict=True)):
        if sid not in answers:
            continue
        lines = "\n".join(json.dumps({"role": t["role"], "content": t["content"]})
                          for t in session)
        transcript = read(Path(f"{n}.jsonl"), lines)
        gold = {i for i, t in enumerate(session) if t["role"] == "user" and t.get("has_answer")}
        yield Case(f"lme/{q['question_id']}/{n}", transcript, gold)


def _locomo() -> Iterator[Case]:
    samples = json.loads(LOCOMO.read_text(encoding="utf-8"))
    for sample in samples[:LOCOMO_SAMPLES]:
        yield from _locomo_sample(sample, LOCOMO_SESSIONS)


def _locomo_sample(sample: dict[str, Any], sessions: int) -> Iterator[Case]:
    """The first ``sessions`` sessions of one LoCoMo conversation, both speakers as users."""
    conv = sample["conversation"]
    evidence = {e.strip() for qa in sample["qa"] if qa.get("category") in (1, 2, 3, 4)
                for ev in qa.get("evidence", []) for e in ev.replace(";", " ").split()}
    for s in range(1, sessions + 1):
        turns = conv.get(f"session_{s}") or []
        # both speakers are people talking: each is a user of the log
        lines = "\n".join(json.dumps({"role": "user", "content": t["text"]}) for t in turns)
        transcript = read(Path(f"{s}.jsonl"), lines)
        gold = {i for i, t in enumerate(turns) if t["dia_id"] in evidence}
        yield Case(f"locomo/{sample['sample_id']}/{s}", transcript, gold)

#: The extra held-out set, labelled before the rules of wave 4 were tuned and never used to
#: tune them (``labels_extra.tsv``): answer sessions of two LongMemEval_S dev questions past
#: the labelled ones (multi-session type; the coverage figure's held-out questions 30-100 are
#: not used) and the first sessions of a LoCoMo dev conversation no evaluation read before.
EXTRA_LME, EXTRA_LOCOMO, EXTRA_LOCOMO_SESSIONS = ("7405e8b1", "f35224e0"), "conv-42", 2


def extra_cases() -> Iterator[Case]:
    """The transcripts of the extra held-out set."""
    yield from _held(EXTRA_LME, EXTRA_LOCOMO, EXTRA_LOCOMO_SESSIONS)


def _held(lme: tuple[str, ...], locomo: str, sessions: int) -> Iterator[Case]:
    """The answer sessions of LongMemEval questions ``lme`` and the first ``sessions``
    sessions of the LoCoMo conversation ``locomo``."""
    with gzip.open(LME, "rt", encoding="utf-8") as handle:
        questions = {q["question_id"]: q for q in json.load(handle)}
    for qid in lme:
        yield from _lme_question(questions[qid])
    samples = {s["sample_id"]: s for s in json.loads(LOCOMO.read_text(encoding="utf-8"))}
    yield from _locomo_sample(samples[locomo], sessions)

#: The new held-out set of wave 5 (``labels_new.tsv``), labelled by the settled criteria
#: before the wave-5 rules were run on it: answer sessions of four LongMemEval_S dev
#: questions no evaluation read (indexes 9, 10, 18, 20: before the coverage figure's held-out
#: 30-100) and the first session of LoCoMo's ``conv-43``.
NEW_LME, NEW_LOCOMO, NEW_LOCOMO_SESSIONS = (
    ("dad224aa", "e61a7584", "8979f9ec", "edced276"), "conv-43", 1)


def new_cases() -> Iterator[Case]:
    """The transcripts of the new held-out set (wave 5)."""
    yield from _held(NEW_LME, NEW_LOCOMO, NEW_LOCOMO_SESSIONS)
