"""``longmemeval``: LongMemEval_S (Wu et al., ICLR 2025) as retrieval units, one per question.

Each question brings its own haystack of ~48 chat sessions; a unit is one question and its
haystack. Only user turns are indexed. Questions whose id ends in ``_abs`` (abstention) and
questions without user-side gold are skipped, as in the official code; option ``abstention``
asks the ``_abs`` ones too, without gold, for the abstention report only.

**The ``answer_`` trap.** Gold session ids begin with ``answer_``; a ranker that saw them would
score perfectly. Session ids are therefore never used: documents are numbered by their position
in ``haystack_sessions`` and nothing but the user's words reaches the engine.

Two levels (option ``level``):

``session`` (default, the reference protocol)
    one memory per session = its user turns, separated by a blank line (blank lines inside a
    turn become single line breaks, so the ``turns`` representation view finds each turn;
    the words are the same as joining by spaces); docid ``"<question_id>#<n>"``
    (n = 0-based position); gold = answer sessions holding a user turn with ``has_answer``.
    Sessions without user text are left out (nothing could retrieve them).
``turn``
    one memory per user turn, docid ``"<question_id>#<n>:<t>"`` (t = the turn's position in the
    session). Option ``gold`` says how it is scored: ``session`` (default) rolls the ranking up
    to sessions — a session takes the rank of its best turn, so the run file and every figure
    are session level and directly comparable with the session protocol and the reference
    scorer; ``turn`` scores turns against the user turns marked ``has_answer`` in answer
    sessions (stricter; the reference scorer does not read these runs).

Identifiers are those of ``shared/bench/score/longmemeval.py``: qid ``"<question_id>"``. Each
memory's ``created_at`` is its session's date (plus the turn position in seconds at turn
level); the question is asked at its ``question_date``.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import Field

from cognimem.errors import InvalidInput
from cognimem.eval.dataset import BenchmarkDataset, BenchmarkOptions
from cognimem.eval.units import Document, EvalQuery, EvalUnit

#: Question types in display order.
QUESTION_TYPES: tuple[str, ...] = (
    "single-session-user", "single-session-assistant", "single-session-preference",
    "multi-session", "knowledge-update", "temporal-reasoning",
)

_DATE_FORMAT = "%Y/%m/%d (%a) %H:%M"
_BLANK_LINES = re.compile(r"\n(?:[ \t\r\f\v]*\n)+")


def parse_lme_date(text: str) -> datetime | None:
    """``"2023/05/20 (Sat) 02:21"`` as an aware UTC datetime; None when it does not parse."""
    try:
        return datetime.strptime(text.strip(), _DATE_FORMAT).replace(tzinfo=UTC)
    except (ValueError, AttributeError):
        return None


def question_unit(question: Mapping[str, Any], *, level: str = "session",
                  gold: str = "session", abstention: bool = False) -> EvalUnit:
    """One question and its haystack as a unit (no query when it is not scorable)."""
    qid = str(_field(question, "question_id", "question"))
    sessions = _field(question, "haystack_sessions", qid)
    session_ids = _field(question, "haystack_session_ids", qid)
    dates = question.get("haystack_dates") or [""] * len(sessions)
    answers = set(_field(question, "answer_session_ids", qid))
    if not (len(sessions) == len(session_ids) == len(dates)):
        raise InvalidInput(
            f"LongMemEval {qid}: haystack_sessions, haystack_session_ids and haystack_dates "
            "must have the same length"
        )
    documents: list[Document] = []
    relevant: set[str] = set()
    for n, (sid, session, date) in enumerate(zip(session_ids, sessions, dates, strict=True)):
        when = parse_lme_date(date)
        user = [(t, turn) for t, turn in enumerate(session) if turn.get("role") == "user"]
        is_gold = sid in answers and any(turn.get("has_answer") for _, turn in user)
        session_doc = f"{qid}#{n}"
        if level == "session":
            text = "\n\n".join(_one_paragraph(str(turn.get("content", ""))) for _, turn in user)
            if text.strip():
                documents.append(Document(id=session_doc, content=text, created_at=when,
                                          kind="session"))
            if is_gold:
                relevant.add(session_doc)
            continue
        for t, turn in user:
            text = str(turn.get("content", ""))
            turn_doc = f"{qid}#{n}:{t}"
            if text.strip():
                documents.append(Document(
                    id=turn_doc, content=text, kind="turn",
                    created_at=when + timedelta(seconds=t) if when else None,
                    rollup=session_doc if gold == "session" else None,
                ))
            if gold == "turn" and sid in answers and turn.get("has_answer"):
                relevant.add(turn_doc)
        if gold == "session" and is_gold:
            relevant.add(session_doc)
    queries: list[EvalQuery] = []
    if relevant and not qid.endswith("_abs"):
        queries.append(EvalQuery(
            id=qid,
            text=str(_field(question, "question", qid)),
            relevant=frozenset(relevant),
            category=str(question.get("question_type", "all")),
            asked_at=parse_lme_date(str(question.get("question_date", ""))),
        ))
    elif abstention and qid.endswith("_abs"):
        queries.append(EvalQuery(
            id=qid, text=str(_field(question, "question", qid)), relevant=frozenset(),
            category="abstention", headline=False, answerable=False,
            asked_at=parse_lme_date(str(question.get("question_date", ""))),
        ))
    return EvalUnit(id=qid, documents=documents, queries=queries)


class LongMemEvalOptions(BenchmarkOptions):
    """LongMemEval's options."""

    level: Literal["session", "turn"] = Field(
        default="session", description="one memory per session or per user turn")
    gold: Literal["session", "turn"] = Field(
        default="session",
        description="turn level only: roll turns up to sessions, or score turns against the "
                    "has_answer turns")
    abstention: bool = Field(
        default=False,
        description="also ask the `_abs` (unanswerable) questions, for the abstention report "
                    "only (they have no gold)")


class LongMemEval(BenchmarkDataset):
    """LongMemEval_S: one unit per question with its own haystack of sessions."""

    name = "longmemeval"
    relative_path = "longmemeval/longmemeval_s_dev.json.gz"
    metrics = (
        "Hit@1", "Hit@3", "Hit@5", "Hit@10", "Hit@30", "Hit@50",
        "All@1", "All@3", "All@5", "All@10", "All@30", "All@50",
        "NDCG_lme@5", "NDCG_lme@10", "NDCG@10", "MRR@20",
    )
    headline_metrics = ("Hit@1", "Hit@5", "All@5", "All@10", "NDCG_lme@5", "NDCG_lme@10")
    categories = QUESTION_TYPES

    Options = LongMemEvalOptions
    options: LongMemEvalOptions

    def ranking_depth(self) -> int:
        """Deeper at turn level, so enough distinct sessions survive the roll-up."""
        return 200 if self.options.level == "turn" else 50

    def read_units(self) -> Iterator[EvalUnit]:
        """One unit per question of the JSON list (plain or gzipped)."""
        path = self.data_file()
        opener: Any = gzip.open if path.suffix == ".gz" else open
        try:
            with opener(path, "rt", encoding="utf-8") as data:
                questions = json.load(data)
        except (json.JSONDecodeError, OSError) as exc:
            raise InvalidInput(
                f"LongMemEval data {str(path)!r} is not readable JSON: {exc}"
            ) from None
        if not isinstance(questions, list):
            raise InvalidInput(f"LongMemEval data {str(path)!r} must be a JSON list of questions")
        gold = self.options.gold if self.options.level == "turn" else "session"
        for question in questions:
            yield question_unit(question, level=self.options.level, gold=gold,
                                abstention=self.options.abstention)


def _one_paragraph(text: str) -> str:
    """``text`` without blank lines (each run of line breaks with only spaces between them
    becomes one line break), so it stays one turn of its session."""
    return _BLANK_LINES.sub("\n", text.strip())


def _field(record: Mapping[str, Any], key: str, where: str) -> Any:
    try:
        return record[key]
    except (KeyError, TypeError):
        raise InvalidInput(
            f"LongMemEval data: {where} has no `{key}` field; is this the official "
            "longmemeval_s format?"
        ) from None
