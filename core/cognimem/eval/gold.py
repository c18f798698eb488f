"""The gold of a comparison, saved beside its runs: ``qrels.txt`` (TREC qrels, ``qid 0
docid 1``, what ``trec_eval`` reads with the ``.trec`` run files) and ``evidence.jsonl`` (one
line per scored question: its qid, its text, and each gold id with the text it stands for,
the documents scored under it joined and cut at :data:`EVIDENCE_CHARS`), so a reader of
the folder sees what each question needed without the dataset."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import InvalidInput
from .trec import _check_id
from .units import EvalQuery, EvalUnit

#: Characters of gold evidence kept per gold id.
EVIDENCE_CHARS = 1000
#: Largest gold file read back.
MAX_BYTES = 64 * 1024 * 1024
QRELS, EVIDENCE = "qrels.txt", "evidence.jsonl"


def gold_of(units: Sequence[EvalUnit], queries: Sequence[tuple[str, EvalQuery]],
            ) -> dict[str, dict[str, Any]]:
    """Per scored question: ``question`` (its text) and ``gold`` (gold id: evidence text)."""
    texts: dict[str, dict[str, list[str]]] = {}
    for unit in units:
        table = texts.setdefault(unit.id, {})
        for doc in unit.documents:
            table.setdefault(doc.scored_as, []).append(doc.content)
    out: dict[str, dict[str, Any]] = {}
    for unit_id, query in queries:
        table = texts.get(unit_id, {})
        out[query.id] = {"question": query.text, "gold": {
            gold: _cut(" … ".join(table.get(gold, []))) for gold in sorted(query.relevant)}}
    return out


def _cut(text: str) -> str:
    return text if len(text) <= EVIDENCE_CHARS else text[:EVIDENCE_CHARS - 1] + "…"


def write_gold(folder: Path, gold: Mapping[str, Mapping[str, Any]]) -> None:
    """Write ``qrels.txt`` and ``evidence.jsonl`` into ``folder``."""
    with (folder / QRELS).open("w", encoding="utf-8") as qrels:
        for qid, item in gold.items():
            _check_id(qid, "qid")
            for docid in item["gold"]:
                _check_id(docid, "docid")
                qrels.write(f"{qid} 0 {docid} 1\n")
    with (folder / EVIDENCE).open("w", encoding="utf-8") as evidence:
        for qid, item in gold.items():
            evidence.write(json.dumps({"qid": qid, **item}, ensure_ascii=False) + "\n")


def read_gold(folder: Path) -> dict[str, dict[str, Any]]:
    """What :func:`write_gold` wrote (gold ids from ``qrels.txt`` when ``evidence.jsonl`` is
    absent; {} when neither is there: a folder written before they were).

    :raises InvalidInput: a file larger than :data:`MAX_BYTES`, or a malformed line (named).
    """
    evidence, qrels = folder / EVIDENCE, folder / QRELS
    out: dict[str, dict[str, Any]] = {}
    if evidence.is_file():
        for number, line in enumerate(_lines(evidence), 1):
            try:
                item = json.loads(line)
                out[str(item["qid"])] = {"question": str(item.get("question", "")),
                                         "gold": {str(k): str(v)
                                                  for k, v in dict(item["gold"]).items()}}
            except (ValueError, KeyError, TypeError):
                raise InvalidInput(f"{EVIDENCE}:{number}: not a line of qid, question and "
                                   "gold") from None
        return out
    if qrels.is_file():
        for number, line in enumerate(_lines(qrels), 1):
            parts = line.split()
            if len(parts) != 4:
                raise InvalidInput(f"{QRELS}:{number}: a qrels line is `qid 0 docid rel`")
            if parts[3] != "0":
                out.setdefault(parts[0], {"question": "", "gold": {}})["gold"][parts[2]] = ""
    return out


def _lines(path: Path) -> list[str]:
    if path.stat().st_size > MAX_BYTES:
        raise InvalidInput(f"{path.name} is larger than {MAX_BYTES // 2**20} MiB")
    # "\n" alone ends a JSON line: splitlines() would cut at a raw U+2028 inside a string.
    return [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
