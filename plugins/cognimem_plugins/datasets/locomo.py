"""``locomo``: LoCoMo (Maharana et al., ACL 2024) as retrieval units, one per conversation.

Protocol (``shared/bench/README.md``): one memory per turn, content
``"[<session date>] <speaker>: <text>"`` plus ``" [shares image: <caption>]"`` when the turn
shares an image, the question alone as the query. Identifiers are those of
``shared/bench/score/locomo.py``: qid ``"<sample_id>#<index of the qa item>"``, docid
``"<sample_id>#<dia_id>"`` (kept in ``memory.meta["docid"]``, never in the content).

Evidence is cleaned as the reference scorer does: strings holding several ids are split on
``;`` and whitespace, the two malformed ids are repaired, ids naming no turn are dropped, and
questions left without gold are skipped. Categories are named (1 multi-hop, 2 temporal,
3 open-domain, 4 single-hop, 5 adversarial); the headline figures count categories 1-4,
adversarial questions are reported in their own row only.

Each memory's ``created_at`` is its session's date (``"1:56 pm on 8 May, 2023"``) plus the
turn's position in seconds, so turns keep their order; questions are asked at the newest turn's
time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import Field

from cognimem.errors import InvalidInput
from cognimem.eval.dataset import BenchmarkDataset, BenchmarkOptions
from cognimem.eval.units import Document, EvalQuery, EvalUnit

#: Category numbers of the data and their names (not in the paper's prose order).
CATEGORIES: dict[int, str] = {
    1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial",
}
#: Categories counted in the headline figures.
HEADLINE: frozenset[int] = frozenset({1, 2, 3, 4})
#: Malformed evidence ids and their repairs.
EVIDENCE_FIXES: dict[str, str] = {"D:11:26": "D11:26", "D30:05": "D30:5"}

_SPLIT = re.compile(r"[;\s]+")
_DATE_FORMAT = "%I:%M %p on %d %B, %Y"


def parse_session_date(text: str) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` as an aware UTC datetime; None when it does not parse."""
    try:
        return datetime.strptime(text.strip(), _DATE_FORMAT).replace(tzinfo=UTC)
    except ValueError:
        return None


def turn_documents(sample: Mapping[str, Any]) -> list[Document]:
    """One document per turn, sessions in order (``session_1``, ``session_2``... until the
    first missing one)."""
    sample_id = _field(sample, "sample_id", "sample")
    conversation = _field(sample, "conversation", sample_id)
    documents: list[Document] = []
    n = 1
    while f"session_{n}" in conversation:
        date = conversation.get(f"session_{n}_date_time", "")
        start = parse_session_date(date)
        for position, turn in enumerate(conversation[f"session_{n}"]):
            text = _field(turn, "text", f"{sample_id} session_{n}")
            if turn.get("blip_caption"):
                text += f" [shares image: {turn['blip_caption']}]"
            speaker = _field(turn, "speaker", f"{sample_id} session_{n}")
            dia_id = _field(turn, "dia_id", f"{sample_id} session_{n}")
            documents.append(Document(
                id=f"{sample_id}#{dia_id}",
                content=f"[{date}] {speaker}: {text}",
                created_at=start + timedelta(seconds=position) if start else None,
                kind="turn",
                meta={"session": n, "speaker": speaker},
            ))
        n += 1
    return documents


def clean_evidence(evidence: list[str], sample_id: str, known: set[str] | frozenset[str]
                   ) -> frozenset[str]:
    """The docids an evidence list names: split, repaired, and only turns that exist."""
    gold: set[str] = set()
    for entry in evidence:
        for part in _SPLIT.split(str(entry).strip()):
            docid = f"{sample_id}#{EVIDENCE_FIXES.get(part, part)}"
            if docid in known:
                gold.add(docid)
    return frozenset(gold)


def sample_unit(sample: Mapping[str, Any], *, adversarial: bool = True) -> EvalUnit:
    """One conversation as a unit: its turns and its scorable questions."""
    documents = turn_documents(sample)
    sample_id = str(sample["sample_id"])
    known = {d.id for d in documents}
    queries: list[EvalQuery] = []
    for index, qa in enumerate(_field(sample, "qa", sample_id)):
        category = int(_field(qa, "category", f"{sample_id} qa[{index}]"))
        if category not in CATEGORIES:
            raise InvalidInput(
                f"LoCoMo {sample_id} qa[{index}]: unknown category {category}; "
                f"expected one of {sorted(CATEGORIES)}"
            )
        if category == 5 and not adversarial:
            continue
        gold = clean_evidence(qa.get("evidence", []), sample_id, known)
        if not gold:
            continue
        queries.append(EvalQuery(
            id=f"{sample_id}#{index}",
            text=str(_field(qa, "question", f"{sample_id} qa[{index}]")),
            relevant=gold,
            category=CATEGORIES[category],
            headline=category in HEADLINE,
            answerable=category != 5,
        ))
    return EvalUnit(id=sample_id, documents=documents, queries=queries)


class LoCoMoOptions(BenchmarkOptions):
    """LoCoMo's options."""

    adversarial: bool = Field(
        default=True,
        description="ask category 5 (adversarial) questions too; they are reported in their "
                    "own row and never counted in the headline")


class LoCoMo(BenchmarkDataset):
    """LoCoMo conversations: one unit per conversation, one memory per turn."""

    name = "locomo"
    relative_path = "locomo/locomo_dev.json"
    metrics = (
        "R@1", "R@5", "R@10", "R@20", "R@50",
        "Hit@1", "Hit@5", "Hit@10", "Hit@20", "Hit@50",
        "All@1", "All@5", "All@10", "All@20", "All@50",
        "MRR@20", "NDCG@10",
    )
    headline_metrics = ("R@5", "R@10", "R@20", "Hit@5", "MRR@20", "NDCG@10")
    categories = tuple(CATEGORIES.values())

    Options = LoCoMoOptions
    options: LoCoMoOptions

    def read_units(self) -> Iterator[EvalUnit]:
        """One unit per sample of the JSON list."""
        path = self.data_file()
        try:
            samples = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise InvalidInput(f"LoCoMo data {str(path)!r} is not valid JSON: {exc}") from None
        if not isinstance(samples, list):
            raise InvalidInput(f"LoCoMo data {str(path)!r} must be a JSON list of samples")
        for sample in samples:
            yield sample_unit(sample, adversarial=self.options.adversarial)


def _field(record: Mapping[str, Any], key: str, where: str) -> Any:
    try:
        return record[key]
    except (KeyError, TypeError):
        raise InvalidInput(
            f"LoCoMo data: {where} has no `{key}` field; is this the official locomo10.json "
            "format?"
        ) from None
