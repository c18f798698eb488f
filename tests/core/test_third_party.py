"""The third-party path, proven: the separately packaged example ranker is installed with pip,
found through its ``cognimem`` entry point, listed by ``cognimem plugins`` and selected by name
in a profile, and its step shows in ``search --explain --json``.

The distribution is installed into a temporary ``--target`` directory that a subprocess puts
first on ``PYTHONPATH``; the subprocess shows that the entry point resolves from there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "contrib" / "cognimem-example-ranker"

#: A record store that starts with three memories, so that one CLI invocation (one process,
#: in memory) has something to search; the engine indexes them when it opens.
SEEDED_STORE = '''
"""A memory store seeded with fixed memories (for the third-party test)."""

from datetime import UTC, datetime

from cognimem import hookimpl
from cognimem.models import Memory, content_hash
from cognimem_plugins.memory_store import MemoryStore

SEEDS = [
    ("m-backup", "the nightly database backup runs at 02:00", ["database", "backup"]),
    ("m-schema", "the database schema lives in migrations and backup scripts", []),
    ("m-tabs", "alice prefers tabs over spaces", ["style"]),
]


class SeededStore(MemoryStore):
    """The in-memory store with three memories already in it."""

    name = "seeded"

    def open(self, ctx):
        at = datetime(2025, 1, 1, tzinfo=UTC)
        self.put_memories([
            Memory(id=i, content=c, tags=t, created_at=at, updated_at=at,
                   content_hash=content_hash(c))
            for i, c, t in SEEDS
        ])


@hookimpl
def cognimem_register_stores(register):
    register(SeededStore)
'''

#: How the third-party profile differs from the in-memory pipeline (``in_memory_profile``).
PROFILE: dict[str, Any] = {
    "name": "third-party",
    "description": "The test components, a seeded in-memory store and the example ranker.",
    "decay": [],
    # only what this profile uses (faster start; tag_boost is the pip-installed distribution)
    "plugins": {"files": ["seeded_store.py"],
                "allow": ["memory", "bm25", "exact", "hash", "retrievers", "fusion", "tag_boost"]},
    "records": {"use": "seeded"},
    "fuse": {"use": "rrf"},
    "rank": [{"use": "tag_boost", "boost": 0.5}],
    "confidence": {"use": "none"},  # the calibrator's plugin is not in `allow`
}


def _cannot_install() -> str | None:
    """Why the example cannot be installed offline here, or None when it can."""
    try:
        done = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True,
                              timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        done = None
    if done is None or done.returncode != 0:
        return f"pip is not available to {sys.executable}: cannot install the example ranker"
    import importlib.util

    import setuptools

    major, minor = (int(p) for p in setuptools.__version__.split(".")[:2])
    if (major, minor) < (70, 1) and importlib.util.find_spec("wheel") is None:
        return (f"setuptools {setuptools.__version__} needs the `wheel` package to build the "
                "example ranker without build isolation (offline): pip install wheel")
    return None


_CANNOT_INSTALL = _cannot_install()
pytestmark = pytest.mark.skipif(_CANNOT_INSTALL is not None, reason=str(_CANNOT_INSTALL))


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """contrib/cognimem-example-ranker installed with pip into a fresh --target directory.

    The source is copied first, so the build leaves nothing in the repository.
    """
    work = tmp_path_factory.mktemp("third-party")
    source = work / "src"
    shutil.copytree(EXAMPLE, source,
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    site = work / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--no-index", "--quiet", "--target", str(site), str(source)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, f"pip install failed:\n{done.stdout}\n{done.stderr}"
    assert (site / "cognimem_example_ranker" / "__init__.py").is_file()
    return site


def run_python(site: Path, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter with ``site`` first on PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COGNIMEM_")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env, check=False)


def run_cli(site: Path, args: list[str], cwd: Path) -> Any:
    """Run ``cognimem.cli.main(args)`` in a subprocess; return its JSON output."""
    code = f"from cognimem.cli import main; raise SystemExit(main({args!r}))"
    done = run_python(site, code, cwd)
    assert done.returncode == 0, f"cognimem {' '.join(args)} failed:\n{done.stderr}"
    return json.loads(done.stdout)


def test_entry_point_resolves_from_the_installed_distribution(target: Path,
                                                              tmp_path: Path) -> None:
    code = textwrap.dedent("""
        from importlib.metadata import entry_points
        import cognimem_example_ranker
        (ep,) = entry_points(group="cognimem", name="tag_boost")
        print(ep.value)
        print(ep.dist.name, ep.dist.version)
        print(ep.dist.locate_file(""))
        print(cognimem_example_ranker.__file__)
    """)
    done = run_python(target, code, tmp_path)
    assert done.returncode == 0, done.stderr
    value, dist, location, module_file = done.stdout.splitlines()
    assert value == "cognimem_example_ranker"
    assert dist == "cognimem-example-ranker 0.1.0" or dist == "cognimem_example_ranker 0.1.0"
    assert Path(location).resolve() == target.resolve()
    assert Path(module_file).resolve().is_relative_to(target.resolve())


def test_plugins_lists_the_example_ranker(target: Path, tmp_path: Path) -> None:
    rows = run_cli(target, ["plugins", "--json"], tmp_path)
    (row,) = [r for r in rows if r["name"] == "tag_boost"]
    assert (row["kind"], row["plugin"], row["version"]) == ("ranker", "tag_boost", "0.1.0")
    assert row["options"]["boost"]["default"] == 0.01
    assert row["doc"].startswith("Adds ``boost``")


def test_profile_selects_the_example_ranker(target: Path, tmp_path: Path,
                                            in_memory_profile: Callable[..., Path]) -> None:
    (tmp_path / "seeded_store.py").write_text(SEEDED_STORE, encoding="utf-8")
    profile = in_memory_profile("third-party", **PROFILE)
    out = run_cli(target, ["search", "database backup", "--profile", str(profile),
                           "--explain", "--json"], tmp_path)
    hits = out["hits"]
    assert [h["id"] for h in hits][:2] == ["m-backup", "m-schema"]
    for hit in hits:
        assert [s["stage"] for s in hit["trail"]][-1] == "rank"
        assert hit["trail"][-1]["name"] == "tag_boost"
    boosted = hits[0]["trail"][-1]
    assert boosted["detail"] == {"matched": ["backup", "database"]}
    fused = next(s["score"] for s in hits[0]["trail"] if s["stage"] == "fuse")
    assert boosted["score"] == pytest.approx(fused + 2 * 0.5)
    assert hits[0]["score"] == pytest.approx(boosted["score"], abs=1e-6)
    assert "rank:tag_boost" in out["timings_ms"]


def test_bad_option_for_the_example_ranker_is_named(
        target: Path, tmp_path: Path, in_memory_profile: Callable[..., Path]) -> None:
    (tmp_path / "seeded_store.py").write_text(SEEDED_STORE, encoding="utf-8")
    profile = in_memory_profile("bad", **{**PROFILE, "rank": [{"use": "tag_boost",
                                                               "bost": 0.5}]})
    code = ("from cognimem.cli import main; "
            f"raise SystemExit(main(['search', 'x', '--profile', {str(profile)!r}]))")
    done = run_python(target, code, tmp_path)
    assert done.returncode == 2
    assert "rank[0].bost" in done.stderr and "Valid options: boost" in done.stderr
