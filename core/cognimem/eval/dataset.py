"""Benchmark datasets: the base class the shipped ones use, finding the data, loading by name.

Datasets are components registered through ``cognimem_register_datasets``. Any
:class:`~cognimem.components.Dataset` whose ``units()`` yields
:class:`~cognimem.eval.units.EvalUnit` works; :class:`BenchmarkDataset` adds what the
workbench uses when present: default metrics, the headline metrics shown and tested, the
category order, the ranking depth, a data fingerprint for the run cache, and the common
options (``path``, ``limit``, ``max_queries``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field, ValidationError

from ..components import Dataset
from ..errors import InvalidInput
from .units import EvalUnit

#: Environment variable naming the benchmark folder (the one holding ``locomo/``...).
BENCH_ENV = "COGNIMEM_BENCH_DIR"

#: Metrics used when a dataset names none.
DEFAULT_METRICS: tuple[str, ...] = (
    "R@1", "R@5", "R@10", "R@20", "Hit@1", "Hit@5", "Hit@10", "MRR@20", "NDCG@10",
)


class BenchmarkOptions(Dataset.Options):
    """Where the data is and how much of it to use (every benchmark dataset's options)."""

    path: str | None = Field(
        default=None,
        description=f"the data file or the benchmark folder (default: ${BENCH_ENV}, "
                    "else a `shared/bench` folder above the working directory)")
    limit: int | None = Field(default=None, ge=1, description="use only the first N units")
    max_queries: int | None = Field(default=None, ge=1,
                                    description="use only the first N queries of each unit")


class BenchmarkDataset(Dataset):
    """A dataset read from files, with the protocol's metrics and the common options."""

    #: Every metric computed by default.
    metrics: ClassVar[tuple[str, ...]] = DEFAULT_METRICS
    #: The metrics shown in summary tables and tested for significance.
    headline_metrics: ClassVar[tuple[str, ...]] = ("R@5", "R@10", "Hit@5", "MRR@20", "NDCG@10")
    #: Category names in display order (others follow, sorted).
    categories: ClassVar[tuple[str, ...]] = ()
    #: The data file's path relative to the benchmark folder.
    relative_path: ClassVar[str] = ""

    Options = BenchmarkOptions
    options: BenchmarkOptions

    def read_units(self) -> Iterator[EvalUnit]:
        """Every unit of the data, before ``limit`` and ``max_queries`` (subclasses read)."""
        raise NotImplementedError(f"{type(self).__name__} must implement read_units()")

    def units(self) -> Iterator[EvalUnit]:
        """The units to evaluate: those with a scorable query, ``limit`` and
        ``max_queries`` applied."""
        limit, max_queries = self.options.limit, self.options.max_queries
        count = 0
        for unit in self.read_units():
            if limit is not None and count >= limit:
                return
            if max_queries is not None:
                unit.queries = unit.queries[:max_queries]
            if not unit.queries:
                continue
            count += 1
            yield unit

    def ranking_depth(self) -> int:
        """Hits asked of each search at least (more when a metric's cutoff is larger)."""
        return 50

    def data_file(self) -> Path:
        """The data file: the ``path`` option, else found under the benchmark folder.

        :raises InvalidInput: no data where it was looked for, naming the places and the fix.
        """
        return find_data_file(self.options.path, self.relative_path, self.name)

    def fingerprint(self) -> str:
        """A digest of the data file's bytes (part of the run cache key)."""
        digest = hashlib.sha256()
        with self.data_file().open("rb") as data:
            for block in iter(lambda: data.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()


def bench_dir_candidates(starts: Iterable[Path] | None = None) -> list[Path]:
    """Where a ``shared/bench`` folder is looked for: above the working directory and above
    this package (so a source checkout next to ``shared/`` finds it from anywhere)."""
    if starts is None:
        starts = (Path.cwd(), Path(__file__).resolve().parent)
    seen: list[Path] = []
    for start in starts:
        for folder in (start, *start.parents):
            candidate = folder / "shared" / "bench"
            if candidate not in seen:
                seen.append(candidate)
    return seen


def find_bench_dir() -> Path | None:
    """The benchmark folder: ``$COGNIMEM_BENCH_DIR``, else the nearest ``shared/bench``
    above the working directory or the package; None when there is none."""
    env = os.environ.get(BENCH_ENV)
    if env:
        return Path(env).expanduser()
    return next((c for c in bench_dir_candidates() if c.is_dir()), None)


def find_data_file(path: str | None, relative: str, dataset: str) -> Path:
    """Resolve a dataset's data file from an option value (file or folder) or the bench folder.

    :raises InvalidInput: nothing found, naming where it looked and how to point at the data.
    """
    if path:
        given = Path(path).expanduser()
        candidates = [given] if given.is_file() else [given / relative, given / Path(relative).name]
    else:
        bench = find_bench_dir()
        candidates = [bench / relative] if bench is not None else []
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    looked = ", ".join(str(c) for c in candidates) or "(no shared/bench folder found)"
    raise InvalidInput(
        f"dataset {dataset!r}: no data file found (looked at {looked}); give the file or the "
        f"benchmark folder with the dataset option `path` (CLI: -o path=...) or set ${BENCH_ENV}"
    )


def load_dataset(name: str, options: Mapping[str, Any] | None = None,
                 plugins: Iterable[object] = ()) -> Dataset:
    """Build a registered dataset by name with its options.

    :raises InvalidInput: an unknown dataset (listing the installed ones) or bad options.
    """
    from ..plugins import PluginHost

    host = PluginHost(plugins=plugins)
    registration = host.get("dataset", name)
    if registration is None:
        choices = ", ".join(sorted(host.components("dataset"))) or "(none installed)"
        raise InvalidInput(f"unknown dataset {name!r}; installed datasets: {choices}")
    cls = registration.obj
    try:
        opts = cls.Options(**dict(options or {}))
    except ValidationError as exc:
        problems = "; ".join(
            f"`{'.'.join(str(p) for p in e['loc'])}`: {e['msg']}" for e in exc.errors()
        )
        valid = ", ".join(cls.Options.model_fields) or "none"
        raise InvalidInput(
            f"dataset {name!r} options: {problems}. Valid options: {valid}"
        ) from None
    dataset: Dataset = cls(opts)
    return dataset


def dataset_fingerprint(dataset: Dataset) -> str:
    """The dataset's data digest when it has one, else its class's qualified name."""
    fingerprint = getattr(dataset, "fingerprint", None)
    if callable(fingerprint):
        return str(fingerprint())
    return f"{type(dataset).__module__}.{type(dataset).__qualname__}"
