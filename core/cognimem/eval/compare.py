"""``cognimem.compare``: several systems on one dataset, side by side, in one call.

Modelled on PyTerrier's ``pt.Experiment``: systems are named profiles, the result has one row
per system, and a baseline adds paired significance tests (with a multiple-testing correction)
and improved/degraded counts per metric::

    import cognimem

    result = cognimem.compare(
        {"bm25": "bm25", "rrf": "rrf"},
        "locomo",
        baseline="bm25",
        save_dir="runs/locomo",
    )
    result.print()
    result.rows          # one dict per system
    result.perquery      # one dict per system and query
    result.significance  # one dict per system and tested metric
"""

from __future__ import annotations

import builtins
import inspect
import logging
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..components import Dataset
from ..errors import CognimemError, InvalidInput, ProfileError
from ..profile import Profile, builtin_profiles, load_profile
from .abstention import abstention_table
from .cache import RunCache, default_cache_dir, run_key, units_digest
from .crossval import assign_folds, cross_validate
from .dataset import DEFAULT_METRICS, load_dataset
from .gold import gold_of
from .metrics import Metric, mean, parse_metrics, percentile, score_query
from .result import CompareResult
from .runner import EmbeddingMemo, SystemRun, run_system
from .significance import CORRECTIONS, TESTS, correct, paired_test
from .units import EvalQuery, EvalUnit
from .variants import vary as vary_systems

log = logging.getLogger("cognimem.eval")

SystemsLike = Mapping[str, Any] | Sequence[Any]
DatasetLike = str | Dataset | Iterable[EvalUnit]

_MAX_DEPTH = 1000  # Query.k's limit


def compare(
    systems: SystemsLike,
    dataset: DatasetLike,
    *,
    metrics: Sequence[str | Metric] | None = None,
    baseline: str | None = None,
    test: str = "randomization",
    correction: str = "holm",
    alpha: float = 0.05,
    trials: int = 10_000,
    seed: int = 0,
    perquery: bool = True,
    save_dir: str | Path | None = None,
    round: int | None = None,
    k: int | None = None,
    limit: int | None = None,
    dataset_options: Mapping[str, Any] | None = None,
    cache: bool = True,
    cache_dir: str | Path | None = None,
    progress: bool = False,
    plugins: Sequence[object] = (),
    share_embeddings: bool = False,
    abstention: Sequence[float] | None = None,
    cv: int | None = None,
    vary: str | None = None,
    **kwargs: Any,
) -> CompareResult:
    """Evaluate several systems on one dataset and compare them with a baseline.

    :param systems: ``{name: profile}`` (a :class:`Profile`, a built-in name, a TOML path, or a
        list of them layered in order on the built-in default), or a list of profiles (named
        after the profile or file). ``"NAME=a.toml+b.toml"`` names and layers in one string.
    :param dataset: a registered dataset's name (``"locomo"``, ``"longmemeval"``), a
        :class:`~cognimem.components.Dataset`, or :class:`EvalUnit` objects.
    :param metrics: metric names (``"R@5"``, ``"NDCG_lme@10"``...); default: the dataset's.
    :param baseline: the name of the system the others are tested against.
    :param test: ``randomization`` (paired sign-flip, default) or ``bootstrap``.
    :param correction: ``holm`` (default), ``bonferroni`` or ``none``, over every
        system x tested metric.
    :param alpha: significance level for the ``significant`` column.
    :param trials: permutations or resamples per test.
    :param seed: the tests' random seed.
    :param perquery: keep (and save) the per-query table.
    :param save_dir: write run files and CSV tables there (see :meth:`CompareResult.save`).
    :param round: round reported means to this many decimals.
    :param k: hits asked per query (default: the dataset's depth or the largest cutoff).
    :param limit: use only the first ``limit`` units (the dataset option ``limit``).
    :param dataset_options: options of a named dataset (``path``, ``level``...).
    :param cache: reuse runs whose inputs did not change, and store new ones.
    :param cache_dir: where runs are cached (default: see :mod:`cognimem.eval.cache`).
    :param progress: show a progress bar on stderr.
    :param plugins: extra plugin objects loaded into every engine (and dataset lookup).
    :param share_embeddings: systems with the same embedder embed each text once (faster;
        rankings are the same up to floating-point noise in the vectors, but ingest times
        and latencies then leave out embedding).
    :param abstention: relevance floors for the abstention report (:mod:`.abstention`).
    :param cv: choose among the systems by ``cv``-fold cross-validation over units, per
        headline metric, and report the held-out estimate beside the in-sample best
        (:mod:`.crossval`; the folds are seeded with ``seed``).
    :param vary: ``KEY=V1,V2``: each system once per value of that profile option
        (:mod:`.variants`).
    :raises TypeError: an unknown keyword argument.
    :raises ValueError: an unknown baseline, metric, test or correction (``InvalidInput``).
    """
    if kwargs:
        valid = ", ".join(p for p in inspect.signature(compare).parameters if p != "kwargs")
        raise TypeError(f"Unknown kwargs: {', '.join(sorted(kwargs))}. Valid arguments: {valid}")
    if test not in TESTS:
        raise InvalidInput(f"unknown test {test!r}; choose one of: {', '.join(TESTS)}")
    if correction not in CORRECTIONS:
        raise InvalidInput(
            f"unknown correction {correction!r}; choose one of: {', '.join(CORRECTIONS)}"
        )
    profiles = resolve_systems(systems)
    if vary is not None:
        profiles = vary_systems(profiles, vary)
    if baseline is not None and baseline not in profiles:
        raise InvalidInput(
            f"Unknown baseline {baseline!r}. Valid options are: {', '.join(profiles)}"
        )
    if k is not None and not 1 <= k <= _MAX_DEPTH:
        raise InvalidInput(f"k must be between 1 and {_MAX_DEPTH}, got {k}")
    name, info, units = resolve_dataset(dataset, dataset_options, limit, plugins)
    if cv is not None:
        assign_folds([u.id for u in units
                      if any(q.headline and q.relevant for q in u.queries)], cv)
    chosen = parse_metrics(metrics if metrics else info["metrics"])
    tested = chosen if metrics else [m for m in chosen if m.name in info["headline"]] or chosen
    depth = k or min(_MAX_DEPTH, max(info["depth"], *(m.k for m in chosen)))
    if any(m.k > depth for m in chosen):
        log.warning("metrics beyond depth %d only see the top %d hits", depth, depth)

    store = RunCache((cache_dir or default_cache_dir()) if cache else None)
    runs = _collect_runs(profiles, units, depth=depth, store=store, plugins=plugins,
                         share_embeddings=share_embeddings, progress=progress)

    queries = [(unit.id, q) for unit in units for q in unit.queries if q.relevant]
    table = _perquery(runs, queries, chosen)
    categories = _category_order(info["categories"], [q for _, q in queries])
    result = CompareResult(
        dataset=name,
        metrics=[m.name for m in chosen],
        headline_metrics=[m.name for m in chosen if m.name in info["headline"]]
        or [m.name for m in chosen],
        categories=categories,
        rows=_rows(runs, table, chosen, round),
        perquery=table if perquery else [],
        per_category=_per_category(runs, table, chosen, categories, round),
        significance=_significance(runs, table, tested, baseline, test, correction, alpha,
                                   trials, seed, round) if baseline else [],
        runs=runs, baseline=baseline, test=test, correction=correction, alpha=alpha,
        depth=depth, options=dict(dataset_options or {}),
        abstention=abstention_table(runs, units, abstention) if abstention else [],
        gold=gold_of(units, queries),
        crossval=cross_validate(table, list(runs), [m.name for m in tested], cv, seed)
        if cv is not None else [],
    )
    if save_dir is not None:
        result.save(save_dir)
    return result


# systems and datasets ------------------------------------------------------------------------


def resolve_systems(systems: SystemsLike) -> dict[str, Profile]:
    """Named profiles from the forms :func:`compare` accepts.

    :raises InvalidInput: no systems, a repeated name, or a profile that fails to load.
    """
    pairs: list[tuple[str, Any]] = []
    if isinstance(systems, Mapping):
        pairs = [(str(n), v) for n, v in systems.items()]
    elif isinstance(systems, (str, Path, Profile)):
        pairs = [_named(systems)]
    else:
        pairs = [_named(item) for item in systems]
    if not pairs:
        raise InvalidInput("no systems to evaluate: give at least one profile")
    out: dict[str, Profile] = {}
    for name, spec in pairs:
        if not name or any(c.isspace() for c in name):
            raise InvalidInput(f"system name {name!r} must be non-empty and without spaces")
        if name in out:
            raise InvalidInput(
                f"two systems are named {name!r}; name them apart with NAME=PROFILE"
            )
        try:
            out[name] = _profile(spec)
        except ProfileError as exc:
            raise ProfileError(f"system {name!r}: {exc}") from None
    return out


def _named(item: Any) -> tuple[str, Any]:
    if isinstance(item, Profile):
        return item.name, item
    text = str(item)
    if isinstance(item, str) and "=" in text:
        name, _, refs = text.partition("=")
        return name.strip(), refs.strip()
    last = text.split("+")[-1] if isinstance(item, str) else text
    return Path(last).stem if last.endswith(".toml") else Path(last).name, item


def _profile(spec: Any) -> Profile:
    if isinstance(spec, Profile):
        return spec
    if isinstance(spec, Path):
        return load_profile(spec)
    if isinstance(spec, str):
        return load_profile(*[part.strip() for part in spec.split("+") if part.strip()])
    if isinstance(spec, Sequence):
        return load_profile(*spec)
    raise InvalidInput(
        f"a system must be a Profile, a profile name or path, or a list of them, not "
        f"{type(spec).__name__}; built-in profiles: {', '.join(sorted(builtin_profiles()))}"
    )


def resolve_dataset(dataset: DatasetLike, options: Mapping[str, Any] | None, limit: int | None,
                    plugins: Sequence[object] = ()) -> tuple[str, dict[str, Any], list[EvalUnit]]:
    """The dataset's name, protocol info (metrics, headline, categories, depth) and units.

    :raises InvalidInput: an unknown dataset, bad options, or no scorable units.
    """
    opts = dict(options or {})
    if limit is not None:
        opts["limit"] = limit
    source: Any
    if isinstance(dataset, str):
        source = load_dataset(dataset, opts, plugins)
    elif isinstance(dataset, Dataset):
        if options:
            raise InvalidInput("dataset options go to a dataset named by string; this one is "
                               "already built: set its options when you build it")
        source = dataset
    else:
        source = None
    if source is not None:
        name = source.name or type(source).__name__
        units = list(source.units())
    else:
        name = "units"
        units = list(dataset)  # type: ignore[arg-type]
        if limit is not None:
            units = units[:limit]
    for unit in units:
        if not isinstance(unit, EvalUnit):
            raise InvalidInput(
                f"dataset {name!r} yielded {type(unit).__name__}; units must be "
                "cognimem.eval.EvalUnit objects"
            )
    units = [u for u in units if u.queries]
    if not units:
        raise InvalidInput(f"dataset {name!r} has no unit with a scorable query")
    seen: set[str] = set()
    for unit in units:
        for query in unit.queries:
            if query.id in seen:
                raise InvalidInput(f"dataset {name!r}: query id {query.id!r} appears twice")
            if not query.relevant and query.answerable:
                raise InvalidInput(f"dataset {name!r}: query {query.id!r} has no gold ids")
            seen.add(query.id)
    depth = source.ranking_depth() if hasattr(source, "ranking_depth") else 50
    info = {
        "metrics": list(getattr(source, "metrics", DEFAULT_METRICS)),
        "headline": set(getattr(source, "headline_metrics", DEFAULT_METRICS)),
        "categories": list(getattr(source, "categories", ())),
        "depth": int(depth),
    }
    return name, info, units


def _collect_runs(profiles: Mapping[str, Profile], units: Sequence[EvalUnit], *, depth: int,
                  store: RunCache, plugins: Sequence[object], share_embeddings: bool,
                  progress: bool) -> dict[str, SystemRun]:
    """Each system's run: from the cache when its inputs did not change, else run (and
    stored)."""
    digest = units_digest(units)
    memo = EmbeddingMemo() if share_embeddings else None
    runs: dict[str, SystemRun] = {}
    bar = None
    if progress:
        from .report import RichProgress

        bar = RichProgress()
    try:
        for system, profile in profiles.items():
            key = run_key(profile, digest, depth, plugins, shared_embeddings=share_embeddings)
            run = store.load(key, system)
            if run is None:
                run = run_system(system, profile, units, depth=depth, progress=bar,
                                 plugins=plugins, memo=memo)
                run.key = key
                run.shared_embeddings = share_embeddings
                store.save(key, run)
            elif bar is not None:
                bar.skip(system)
            runs[system] = run
    finally:
        if bar is not None:
            bar.close()
    return runs


# tables --------------------------------------------------------------------------------------


def _perquery(runs: Mapping[str, SystemRun], queries: Sequence[tuple[str, EvalQuery]],
              metrics: Sequence[Metric]) -> list[dict[str, Any]]:
    table: list[dict[str, Any]] = []
    for name, run in runs.items():
        for unit_id, query in queries:
            answer = run.queries.get(query.id)
            if answer is None:
                raise CognimemError(
                    f"system {name!r} has no answer for query {query.id!r}: its cached run is "
                    "from other data; rerun with the cache off"
                )
            row: dict[str, Any] = {
                "name": name, "qid": query.id, "unit": unit_id, "category": query.category,
                "headline": query.headline, "relevant": len(query.relevant),
                "latency_ms": answer.latency_ms,
            }
            row.update(score_query(answer.ids, query.relevant, metrics))
            table.append(row)
    return table


def _maybe_round(value: float, digits: int | None) -> float:
    return value if digits is None else builtins.round(value, digits)


def _rows(runs: Mapping[str, SystemRun], table: Sequence[dict[str, Any]],
          metrics: Sequence[Metric], digits: int | None) -> list[dict[str, Any]]:
    rows = []
    for name, run in runs.items():
        mine = [r for r in table if r["name"] == name]
        scored = [r for r in mine if r["headline"]]
        latencies = [r["latency_ms"] for r in mine]
        row: dict[str, Any] = {"name": name, "n": len(scored)}
        for m in metrics:
            row[m.name] = _maybe_round(mean([r[m.name] for r in scored]), digits)
        row["p50_ms"] = _maybe_round(percentile(latencies, 50), digits)
        row["p95_ms"] = _maybe_round(percentile(latencies, 95), digits)
        row["ingest_s"] = _maybe_round(run.ingest_s, digits)
        rate = run.documents / run.ingest_s if run.ingest_s > 0 else float("nan")
        row["docs_per_s"] = _maybe_round(rate, digits)
        row["memories"] = run.memories
        row["cached"] = run.cached
        row["shared_embeddings"] = run.shared_embeddings
        rows.append(row)
    return rows


def _category_order(preferred: Sequence[str], queries: Sequence[EvalQuery]) -> list[str]:
    present = {q.category for q in queries}
    ordered = [c for c in preferred if c in present]
    return ordered + sorted(present - set(ordered))


def _per_category(runs: Mapping[str, SystemRun], table: Sequence[dict[str, Any]],
                  metrics: Sequence[Metric], categories: Sequence[str],
                  digits: int | None) -> list[dict[str, Any]]:
    out = []
    for name in runs:
        for category in categories:
            mine = [r for r in table if r["name"] == name and r["category"] == category]
            row: dict[str, Any] = {"name": name, "category": category, "n": len(mine)}
            for m in metrics:
                row[m.name] = _maybe_round(mean([r[m.name] for r in mine]), digits)
            out.append(row)
    return out


def _significance(runs: Mapping[str, SystemRun], table: Sequence[dict[str, Any]],
                  metrics: Sequence[Metric], baseline: str, test: str, correction: str,
                  alpha: float, trials: int, seed: int,
                  digits: int | None) -> list[dict[str, Any]]:
    base = {r["qid"]: r for r in table if r["name"] == baseline and r["headline"]}
    qids = list(base)
    out: list[dict[str, Any]] = []
    for name in runs:
        if name == baseline:
            continue
        mine = {r["qid"]: r for r in table if r["name"] == name and r["headline"]}
        for m in metrics:
            ours = [mine[q][m.name] for q in qids]
            theirs = [base[q][m.name] for q in qids]
            p = paired_test(ours, theirs, test=test, trials=trials, seed=seed)
            out.append({
                "name": name, "baseline": baseline, "metric": m.name,
                "mean": _maybe_round(mean(ours), digits),
                "baseline_mean": _maybe_round(mean(theirs), digits),
                "delta": _maybe_round(mean(ours) - mean(theirs), digits),
                "improved": sum(a > b for a, b in zip(ours, theirs, strict=True)),
                "degraded": sum(a < b for a, b in zip(ours, theirs, strict=True)),
                "p": p,
            })
    adjusted = correct([row["p"] for row in out], correction)
    for row, p_adj in zip(out, adjusted, strict=True):
        row["p_adjusted"] = p_adj
        row["significant"] = p_adj < alpha
    return out
