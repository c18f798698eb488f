"""docs/research.md works: its files are the example files, and its steps run.

The commands and the Python block of the guide are executed as written, on fixture data in
the official LoCoMo format (found through $COGNIMEM_BENCH_DIR, as a user's data would be).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest

from cognimem.cli.app import main

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"
EXAMPLES = ROOT / "examples" / "research"


def blocks(language: str) -> list[str]:
    """The fenced code blocks of one language in the guide."""
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_guide_shows_the_example_files_verbatim() -> None:
    python, toml = blocks("python"), blocks("toml")
    assert (EXAMPLES / "my_ranker.py").read_text(encoding="utf-8") in python
    assert (EXAMPLES / "coverage.toml").read_text(encoding="utf-8") in toml
    assert (EXAMPLES / "coverage-strong.toml").read_text(encoding="utf-8") in toml


@pytest.fixture
def workspace(tmp_path: Path, locomo_file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory holding examples/research, with the fixture as the bench data."""
    work = tmp_path / "work"
    shutil.copytree(EXAMPLES, work / "examples" / "research")
    monkeypatch.chdir(work)
    monkeypatch.setenv("COGNIMEM_BENCH_DIR", str(locomo_file.parents[1]))
    monkeypatch.setenv("COGNIMEM_CACHE_DIR", str(tmp_path / "cache"))
    return work


@pytest.mark.slow
def test_the_guide_commands_run(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    commands = [line for block in blocks("bash") for line in block.splitlines()
                if line.startswith("cognimem eval") and "--cv" not in line]
    assert len(commands) == 3
    for command in commands:
        argv = shlex.split(command)[1:]
        if "longmemeval" in argv:
            continue  # the fixture folder holds LoCoMo only; the same code path as LoCoMo
        assert main([*argv, "--no-progress", "--trials", "500"]) == 0, command
        printed = capsys.readouterr().out
        assert "coverage" in printed and "paired randomization test against default" in printed
    run = (workspace / "runs" / "coverage-locomo" / "coverage.trec").read_text()
    assert run.startswith("conv-a#0 Q0 conv-a#")
    assert (workspace / "runs" / "coverage-locomo" / "significance.csv").is_file()


@pytest.mark.slow
def test_the_guide_cv_command_runs(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (command,) = [line for block in blocks("bash") for line in block.splitlines()
                  if line.startswith("cognimem eval") and "--cv" in line]
    argv = shlex.split(command.replace("--cv 5", "--cv 2"))[1:]  # the fixture has 2 units
    assert main([*argv, "--no-progress"]) == 0, command
    assert "choosing by 2-fold cross-validation" in capsys.readouterr().out
    rows = (workspace / "runs" / "coverage-weight" / "crossval.csv").read_text().splitlines()
    assert "coverage:weight=" in rows[1]


@pytest.mark.slow
def test_the_guide_notebook_block_runs(workspace: Path) -> None:
    (block,) = [b for b in blocks("python") if "cognimem.compare(" in b]
    scope: dict[str, object] = {}
    exec(compile(block, str(DOC), "exec"), scope)
    coverage = scope["coverage"]
    assert isinstance(coverage, dict) and coverage["name"] == "coverage"
    assert coverage["n"] == 3  # conv-a's headline questions (limit=1)
    assert isinstance(scope["by_question"], list) and len(scope["by_question"]) == 4


def test_the_ranker_contributes_to_the_score_trail(workspace: Path,
                                                   in_memory_overrides: dict[str, Any]) -> None:
    from cognimem.engine import Engine

    with Engine.from_profile("examples/research/coverage.toml",
                             overrides=in_memory_overrides) as engine:
        engine.add("Rex the puppy fetches the red ball")
        engine.add("the weather is mild")
        hit = engine.search("which ball does the puppy fetch", explain=True).hits[0]
    assert "rank:coverage" in hit.explain()
    assert hit.trail[-1].detail["coverage"] == pytest.approx(2 / 3, abs=1e-3)


def test_the_layered_strong_profile_keeps_every_ranker() -> None:
    """The guide says a [[rank]] layer replaces the list below it whole: the example that
    changes one weight must still run the default's rankers, in order."""
    from cognimem.profile import load_profile

    profile = load_profile(EXAMPLES / "coverage.toml", EXAMPLES / "coverage-strong.toml")
    assert [r.use for r in profile.rank] == [
        "actr", "whowhen", "supersession", "validity", "coverage"]
    assert profile.rank[-1].options["weight"] == 2.0
