"""Choose fusion settings by leave-one-unit-out cross-validation, from cached retriever lists.

Step 1 (slow, once): every retriever of PROFILE answers every query of a dataset; each
list is saved (docids, best first) to LISTS. Step 2 (seconds): for a grid of settings
(which lists to fuse, RRF weights), RRF is computed offline and each setting is scored per
query; for each unit (a LoCoMo conversation, a LongMemEval question) the setting with the
best mean METRIC over the *other* units is chosen and scored on the held-out unit. The mean
of those held-out scores estimates what choosing the setting this way is worth on unseen
data; the report also prints how often each setting was chosen.

    python examples/research/fusion_cv.py collect locomo examples/research/lists.toml lists.json.gz
    python examples/research/fusion_cv.py cv locomo lists.json.gz --metric R@5

Rankers are not applied here (lists are fused and ranked by RRF alone); confirm the chosen
setting with ``cognimem eval``.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import shutil
import sys
import tempfile
from collections import defaultdict
from datetime import UTC, datetime

from cognimem.clock import ManualClock
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.eval.dataset import load_dataset
from cognimem.eval.metrics import parse_metric
from cognimem.models import MemoryDraft, Query
from cognimem.profile import load_profile


def collect(dataset: str, profile: str, out: str, limit: int | None) -> None:
    data = load_dataset(dataset, {"limit": limit} if limit else {})
    prof = load_profile(profile, environ=False)
    saved: dict[str, object] = {}
    for unit in data.units():
        folder = tempfile.mkdtemp(prefix="fusion-cv-")
        latest = unit.latest() or datetime(2025, 1, 1, tzinfo=UTC)
        clock = ManualClock(latest)
        engine = Engine.from_profile(prof, path=folder, clock=clock)
        try:
            owner: dict[str, str] = {}
            docs = unit.documents
            for start in range(0, len(docs), 256):
                chunk = docs[start : start + 256]
                written = engine.add_many([MemoryDraft(
                    content=d.content, created_at=d.created_at, kind=d.kind,
                    meta={**d.meta, "docid": d.id}) for d in chunk])
                for d, w in zip(chunk, written, strict=True):
                    owner.setdefault(w.id, d.scored_as)
            for q in unit.queries:
                clock.set(q.asked_at or latest)
                query = Query(text=q.text, k=100, record_access=False)
                sctx = SearchContext(engine.ctx, query)
                lists = {}
                for label, retriever in zip(engine.retriever_labels, engine.retrievers,
                                            strict=True):
                    ranked: list[str] = []
                    for cand in retriever.retrieve(query, sctx):
                        docid = owner.get(cand.id)
                        if docid is not None and docid not in ranked:
                            ranked.append(docid)
                    lists[label] = ranked
                saved[q.id] = {"unit": unit.id, "category": q.category,
                               "headline": q.headline, "relevant": sorted(q.relevant),
                               "lists": lists}
        finally:
            engine.close()
            shutil.rmtree(folder, ignore_errors=True)
        print(f"{unit.id}: {len(unit.queries)} queries", file=sys.stderr)
    with gzip.open(out, "wt") as f:
        json.dump(saved, f)


def rrf(lists: dict[str, list[str]], weights: dict[str, float], k: float = 60) -> list[str]:
    scores: dict[str, float] = defaultdict(float)
    for label, weight in weights.items():
        for rank, docid in enumerate(lists.get(label, []), 1):
            scores[docid] += weight / (k + rank)
    return [d for d, _ in sorted(scores.items(), key=lambda item: (-item[1], item[0]))]


def cv(lists_file: str, metric_name: str, grid_weights: list[float]) -> None:
    with gzip.open(lists_file, "rt") as f:
        saved = json.load(f)
    metric = parse_metric(metric_name)
    queries = {qid: q for qid, q in saved.items() if q["headline"]}
    labels = sorted(next(iter(queries.values()))["lists"])
    settings = [dict(zip(labels, ws, strict=True))
                for ws in itertools.product(grid_weights, repeat=len(labels)) if any(ws)]
    score = {}  # (setting index, qid) -> metric
    for i, setting in enumerate(settings):
        active = {label: w for label, w in setting.items() if w}
        for qid, q in queries.items():
            score[i, qid] = metric(rrf(q["lists"], active), frozenset(q["relevant"]))
    units = sorted({q["unit"] for q in queries.values()})
    held: list[float] = []
    chosen: dict[int, int] = defaultdict(int)
    for unit in units:
        train = [qid for qid, q in queries.items() if q["unit"] != unit]
        test = [qid for qid, q in queries.items() if q["unit"] == unit]
        best = max(range(len(settings)),
                   key=lambda i: (sum(score[i, qid] for qid in train), -i))
        chosen[best] += 1
        held += [score[best, qid] for qid in test]
    def mean_of(i: int) -> float:
        return sum(score[i, qid] for qid in queries) / len(queries)
    print(f"{len(queries)} queries, {len(units)} units, {len(settings)} settings; {metric}")
    print(f"cross-validated {metric}: {sum(held) / len(held):.3f}")
    for i, count in sorted(chosen.items(), key=lambda item: -item[1]):
        print(f"  chosen {count}x: {settings[i]} (all units {mean_of(i):.3f})")
    for label in labels:
        alone = next(i for i, s in enumerate(settings)
                     if s[label] == 1 and all(s[o] == 0 for o in labels if o != label))
        print(f"  {label} alone: {mean_of(alone):.3f}")
    equal = next(i for i, s in enumerate(settings) if all(w == 1 for w in s.values()))
    print(f"  all lists, equal weights: {mean_of(equal):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("dataset")
    c.add_argument("profile")
    c.add_argument("out")
    c.add_argument("--limit", type=int)
    v = sub.add_parser("cv")
    v.add_argument("dataset")
    v.add_argument("lists")
    v.add_argument("--metric", default="R@5")
    v.add_argument("--weights", default="0,1")
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.dataset, args.profile, args.out, args.limit)
    else:
        cv(args.lists, args.metric, [float(w) for w in args.weights.split(",")])


if __name__ == "__main__":
    main()
