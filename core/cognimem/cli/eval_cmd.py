"""``eval``: compare systems (profiles) on a benchmark dataset.

Unlike every other command, ``eval``'s ``--profile`` names one *system* per use: each is
evaluated on its own and gets its own row. Layer several profiles into one system with ``+``
(``--profile memory+mine.toml``) and name a system with ``NAME=`` (``--profile
mine=memory+mine.toml``); ``--baseline`` takes a system's name.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import InvalidInput
from .common import add_global_options, console, emit


def register(subparsers: Any) -> None:
    """Add the eval command."""
    description = (
        "Evaluate one or more systems on a benchmark dataset: one row per system, paired "
        "significance against --baseline, per-category tables, TREC run files. Each unit "
        "(a conversation, a question's haystack) is ingested into a fresh temporary store."
    )
    p: argparse.ArgumentParser = subparsers.add_parser(
        "eval", help="compare profiles on a benchmark (LoCoMo, LongMemEval)",
        description=description, conflict_handler="resolve")
    add_global_options(p)
    p.set_defaults(func=cmd_eval)
    p.add_argument("--dataset", required=True, help="a registered dataset: locomo, longmemeval")
    p.add_argument("--profile", action="append", dest="systems", default=[],
                   metavar="[NAME=]PROFILE[+PROFILE...]",
                   help="a system to evaluate (built-in name or TOML file, layered on the "
                        "default); repeat for one row per system. Default: default")
    p.add_argument("--baseline", metavar="NAME",
                   help="test every other system against this one")
    p.add_argument("-o", "--dataset-option", action="append", default=[], metavar="KEY=VALUE",
                   dest="dataset_options",
                   help="a dataset option (path=..., level=turn, max_queries=20); repeatable")
    p.add_argument("--metric", action="append", default=[], dest="metrics", metavar="METRIC",
                   help="e.g. R@5, Hit@1, MRR@20, NDCG@10, NDCG_lme@10 (repeatable or "
                        "comma-separated; default: the dataset's)")
    p.add_argument("--k", type=int, default=None,
                   help="hits asked per query (default: the dataset's depth, at least the "
                        "largest metric cutoff)")
    p.add_argument("--limit", type=int, default=None, help="use only the first N units")
    p.add_argument("--out", metavar="DIR",
                   help="write <system>.trec runs, aggregated.csv, perquery.csv, "
                        "per_category.csv and significance.csv here")
    p.add_argument("--test", default="randomization", choices=["randomization", "bootstrap"],
                   help="paired significance test (default: randomization)")
    p.add_argument("--correction", default="holm", choices=["holm", "bonferroni", "none"],
                   help="multiple-testing correction over systems x metrics (default: holm)")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level")
    p.add_argument("--trials", type=int, default=10_000, help="permutations or resamples")
    p.add_argument("--seed", type=int, default=0, help="random seed of the tests")
    p.add_argument("--round", type=int, default=None, help="round the reported means")
    p.add_argument("--no-cache", action="store_true",
                   help="always rerun (and do not store runs)")
    p.add_argument("--cache-dir", metavar="DIR", help="where runs are cached")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--abstention", nargs="?", const="0.1,0.2,0.3,0.4,0.5", metavar="FLOORS",
                   help="add the abstention report at these relevance floors (comma-separated; "
                        "default 0.1-0.5): how often the floor holds back every hit of an "
                        "unanswerable question, and of an answerable one. Needs systems with a "
                        "[confidence] stage; with longmemeval, add -o abstention=true")
    p.add_argument("--share-embeddings", action="store_true",
                   help="systems with the same embedder embed each text once (faster; "
                        "same rankings up to float noise, but ingest times and latencies "
                        "leave out embedding)")
    p.add_argument("--cv", type=int, default=None, metavar="K",
                   help="choose among the systems by K-fold cross-validation over units "
                        "(conversations, questions), per metric: the held-out estimate next "
                        "to the in-sample best, and the choice per fold")
    p.add_argument("--vary", metavar="KEY=V1,V2",
                   help="evaluate each system once per value of one profile option, e.g. "
                        "rank.actr.activation_scale=20,40 or search.rerank_depth=20,30")


def parse_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as JSON when it parses (``3``, ``false``), else text.

    :raises InvalidInput: no ``=``.
    """
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise InvalidInput(f"dataset option {text!r} must look like KEY=VALUE (e.g. limit=2)")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def parse_floors(text: str) -> list[float]:
    """``"0.1,0.3"`` as floors in [0, 1].

    :raises InvalidInput: a value that is not a number between 0 and 1.
    """
    floors = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        try:
            value = float(part)
        except ValueError:
            value = -1.0
        if not 0.0 <= value <= 1.0:
            raise InvalidInput(f"--abstention: {part!r} is not a floor; give numbers between "
                               "0 and 1, comma-separated (e.g. 0.2,0.3)")
        floors.append(value)
    if not floors:
        raise InvalidInput("--abstention: give at least one floor (e.g. 0.2,0.3)")
    return floors


def cmd_eval(args: argparse.Namespace) -> int:
    """Run the comparison and print (or save) its tables."""
    from ..eval.compare import compare

    if getattr(args, "store", None):
        raise InvalidInput("eval does not take --store: every unit gets a temporary store")
    systems: list[str] = list(args.systems)
    layered = list(getattr(args, "profile", []) or [])
    if layered and systems:
        raise InvalidInput(
            "give eval's systems after `eval` (--profile A --profile B); a --profile before "
            "the command would layer profiles into one system"
        )
    if layered:
        systems = ["+".join(layered)]
    if not systems:
        systems = ["default"]
    metrics = [m.strip() for chunk in args.metrics for m in chunk.split(",") if m.strip()]
    floors = parse_floors(args.abstention) if args.abstention else None
    result = compare(
        systems, args.dataset,
        metrics=metrics or None, baseline=args.baseline, test=args.test,
        correction=args.correction, alpha=args.alpha, trials=args.trials, seed=args.seed,
        save_dir=args.out, round=args.round, k=args.k, limit=args.limit,
        dataset_options=dict(parse_option(o) for o in args.dataset_options) or None,
        cache=not args.no_cache, cache_dir=args.cache_dir, progress=not args.no_progress,
        share_embeddings=args.share_embeddings, abstention=floors, cv=args.cv,
        vary=args.vary,
    )
    if args.out:
        console(stderr=True).print(f"wrote runs and tables to {args.out}")
    emit(args, result.to_json(), lambda out: result.print(out if out.is_terminal else None))
    return 0
